"""The trades «Мастер» considers offering: for each colour group it could complete by trade, the deals the
partner would accept, each at the least cash that makes the partner accept it; and the streets another
player lacks to complete a group, bought first from whoever holds them.

«Сильный» offers only deals in which it gains at least as much as its partner, and accepts only deals in
which it gains at least as much as the proposer: between two of them hardly anything changes hands. Yet a
deal that gives both sides something is won against the two players left out, and cash paid for the
street that completes a group is worth less to a partner who has no group to build on. So «Мастер» looks
for the deals the partner would accept — asking the partner's own judgement, as «Сильный» answers — and
lets the playouts say whether one of them is better than «Сильный»'s own offer, or none.

The first deal of a game decides much of it: in 200 games of four «Сильный» its proposer won 43 %, its
partner 27 % and each player left out about 15 %. So when «Мастер» has no deal of its own to make, it buys
the streets an opponent needs to complete a group from the player who holds them (`preemption`): the
opponent must then deal with «Мастер» or not at all.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import AcceptTrade, GameState, ProposeTrade, TradeSide, apply, why_illegal
from .outlook import outlook
from .strong import StrongBot
from .strong_terms import APPRAISER
from .trading import Wish, gains
from .valuation import colour_group, completes_group, lots_of, owns_group

CASH_STEP = 10_000
"""Cash in deals is searched to this precision."""


def accepts(state: GameState, offer: ProposeTrade) -> bool:
    """Whether the partner, judging as «Сильный», would accept the offer (legal now) if it were made."""
    if why_illegal(state, offer) is not None:
        return False
    after = apply(state, offer)
    return isinstance(StrongBot(0, offer.partner).choose(after, offer.partner), AcceptTrade)


def priced(seat: int, partner: int, give: tuple[int, ...], take: tuple[int, ...], net: int) -> ProposeTrade:
    """The offer of the lots `give` for the lots `take`, seat paying `net` (the partner paying, if < 0)."""
    return ProposeTrade(
        player=seat,
        partner=partner,
        give=TradeSide(lots=give, cash=max(net, 0)),
        take=TradeSide(lots=take, cash=max(-net, 0)),
    )


def cheapest(
    state: GameState, seat: int, partner: int, give: tuple[int, ...], take: tuple[int, ...]
) -> ProposeTrade | None:
    """The offer of these lots at the least net cash from seat (in steps of CASH_STEP, between the
    partner's cash paid to seat and all of seat's cash) that the partner accepts; None if none does.
    A partner who accepts a price accepts any higher one, so the price is found by halving."""
    low = -(state.players[partner].cash // CASH_STEP)
    high = state.players[seat].cash // CASH_STEP
    if not accepts(state, priced(seat, partner, give, take, high * CASH_STEP)):
        return None
    while low < high:
        middle = (low + high) // 2
        if accepts(state, priced(seat, partner, give, take, middle * CASH_STEP)):
            high = middle
        else:
            low = middle + 1
    return priced(seat, partner, give, take, high * CASH_STEP)


@dataclass(frozen=True, slots=True)
class Deal:
    offer: ProposeTrade
    merit: int
    """What seat gains by it in «Сильный»'s eyes, less the value of any group it completes for the partner."""


def deals(state: GameState, seat: int, wishes: tuple[Wish, ...], most: int) -> list[ProposeTrade]:
    """At most `most` offers that complete one of seat's groups and that the partner would accept, the
    best by merit first: for each wished group, its streets for cash alone, and for one of seat's lots
    outside its whole groups and cash either way — never a lot that completes a better group for the
    partner than the one seat completes (as «Сильный» swaps: the partner would build the better rents)."""
    found: list[Deal] = []
    board = state.board
    loose = [i for i in lots_of(state, seat) if not owns_group(state, seat, colour_group(board, i))]
    for wish in wishes:
        worth = APPRAISER.group_worth(board, wish.group)
        options: list[tuple[tuple[int, ...], int]] = [((), 0)]
        # each: what seat gives, and the worth of the group it completes for the partner (0: none)
        for i in loose:
            if i in wish.group:
                continue
            handed = 0
            if completes_group(state, wish.partner, i):
                handed = APPRAISER.group_worth(board, colour_group(board, i))
            if handed <= worth:
                options.append(((i,), handed))
        for give, handed in options:
            offer = cheapest(state, seat, wish.partner, give, wish.lots)
            if offer is None:
                continue
            mine, _ = gains(APPRAISER, state, offer)
            found.append(Deal(offer, mine - handed))
    found.sort(key=lambda d: -d.merit)
    return [d.offer for d in found[:most]]


def preemption(state: GameState, seat: int, spare: int) -> ProposeTrade | None:
    """The cheapest offer buying, for cash within `spare`, the streets another player lacks to complete a
    group from the third player who holds them, at the least cash that one accepts; None if there is none."""
    best: ProposeTrade | None = None
    for rival in state.active_seats:
        if rival == seat:
            continue
        for wish in outlook(state, rival).wishes:
            if wish.partner == seat:
                continue
            offer = cheapest(state, seat, wish.partner, (), wish.lots)
            if offer is None or offer.give.cash > spare:
                continue
            if best is None or offer.give.cash < best.give.cash:
                best = offer
    return best
