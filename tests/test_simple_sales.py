"""«Простой» never sells a street that completes a colour group below its worth to the buyer (issue 16,
item 3), whatever the offer: in random positions, every offer it accepts that completes a group for the
proposer alone brings it at least the street's worth to the buyer — its price plus 0.8 of what the whole
group earns per round of visits with three houses on every street (less what the buyer pays to lift a
mortgaged one) — counting the lots it receives at their full printed prices; and every swap it proposes
that completes a group for the partner completes one for itself too. Amounts in rubles."""

from __future__ import annotations

import random

from factory import board, make_state

from monopoly_tui.bots import make_bot
from monopoly_tui.bots.valuation import visit_rates
from monopoly_tui.engine import AcceptTrade, ProposeTrade, TradeSide, why_illegal
from monopoly_tui.engine.board import Street

BUYER_SHARE = 0.8
"""Of the rent a whole group earns with three houses: what it is worth to whoever completes it."""


def streets() -> dict[int, Street]:
    return {i: sq for i, sq in enumerate(board().squares) if isinstance(sq, Street)}


def whole(owner: dict[int, int], seat: int, group: str) -> bool:
    return all(owner.get(i) == seat for i in board().group_members[group])


def worth_to_buyer(owner: dict[int, int], mortgaged: set[int], buyer: int, received: tuple[int, ...]) -> int:
    """The printed prices of the streets the buyer receives (less 1.2 times the mortgage of a mortgaged
    one: lifting it later, and the tenth paid on receiving it), plus 0.8 of the three-house rent per round
    of visits of each group they complete for it."""
    b, rates, by_square = board(), visit_rates(board()), streets()
    after = {**owner, **dict.fromkeys(received, buyer)}
    total = 0
    for i in received:
        sq = by_square[i]
        total += sq.price - (sq.mortgage + sq.mortgage // 5 if i in mortgaged else 0)
    for group in {by_square[i].group for i in received}:
        if whole(after, buyer, group) and not whole(owner, buyer, group):
            total += int(BUYER_SHARE * sum(by_square[i].rent[3] * rates[i] for i in b.group_members[group]))
    return total


def random_position(rng: random.Random) -> tuple[dict[int, int], set[int]]:
    """Streets spread over three seats (some left to the bank), a few loose ones mortgaged; no houses."""
    owner = {i: rng.choice((0, 1, 2, None)) for i in streets()}
    owned = {i: seat for i, seat in owner.items() if seat is not None}
    mortgaged = {i for i in owned if rng.random() < 0.15}
    return owned, mortgaged


def test_accepted_offers_pay_a_completing_streets_worth() -> None:
    """Seat 0 offers seat 1 («Простой») cash and some of its loose streets for one or two of seat 1's
    streets, at least one of them completing a group of seat 0's; 1 200 offers in random positions. Each
    one accepted brings seat 1 its worth to seat 0 or more (lots it receives counted at printed price,
    more than they are worth to it when mortgaged), and some are accepted: a fair price is paid."""
    rng = random.Random(16)
    by_square = streets()
    accepted = tried = 0
    while tried < 1200:
        owner, mortgaged = random_position(rng)
        theirs = [i for i, seat in owner.items() if seat == 1]
        completing = [
            i
            for i in theirs
            if whole({**owner, i: 0}, 0, by_square[i].group) and not whole(owner, 1, by_square[i].group)
        ]
        if not completing:
            continue
        take = tuple(sorted({rng.choice(completing), *rng.sample(theirs, rng.choice((0, 1)))}))
        wanted = {by_square[i].group for i in take}
        mine = [
            i
            for i, seat in owner.items()
            if seat == 0 and not whole(owner, 0, by_square[i].group) and by_square[i].group not in wanted
        ]
        give = tuple(sorted(rng.sample(mine, min(len(mine), rng.choice((0, 0, 1, 2))))))
        after = {**owner, **dict.fromkeys(take, 0), **dict.fromkeys(give, 1)}
        if any(whole(after, 1, by_square[i].group) and not whole(owner, 1, by_square[i].group) for i in give):
            continue  # a swap of groups: judged by how the gains compare, not by this floor
        worth = worth_to_buyer(owner, mortgaged, 0, take)
        cash = max(0, int(worth * rng.uniform(0.2, 1.4)) - sum(by_square[i].price for i in give))
        offer = ProposeTrade(
            player=0, partner=1, give=TradeSide(lots=give, cash=cash), take=TradeSide(lots=take)
        )
        state = make_state(3, cash={0: 5_000_000}, owners=owner, mortgaged=sorted(mortgaged), trade=offer)
        tried += 1
        answer = make_bot("simple", 1, 1).choose(state, 1)
        if answer == AcceptTrade(player=1):
            accepted += 1
            received = cash + sum(by_square[i].price for i in give)
            assert received >= worth, (offer, received, worth)
    assert accepted > 50, accepted


def test_swaps_it_proposes_complete_a_group_for_it_too() -> None:
    """In 1 500 random positions, any trade «Простой» (seat 0) proposes that completes a group for the
    partner completes one of its own: it gives no group away for a loose lot."""
    rng = random.Random(61)
    by_square = streets()
    proposed = 0
    for _ in range(1500):
        owner, mortgaged = random_position(rng)
        state = make_state(3, owners=owner, mortgaged=sorted(mortgaged))
        action = make_bot("simple", 1, 0).manage(state, 0)
        if not isinstance(action, ProposeTrade):
            continue
        assert why_illegal(state, action) is None
        proposed += 1
        after = {**owner, **dict.fromkeys(action.give.lots, action.partner)}
        after |= dict.fromkeys(action.take.lots, 0)

        def completes(
            lots: tuple[int, ...], seat: int, now: dict[int, int] = after, was: dict[int, int] = owner
        ) -> bool:
            return any(
                whole(now, seat, by_square[i].group) and not whole(was, seat, by_square[i].group)
                for i in lots
                if i in by_square
            )

        if completes(action.give.lots, action.partner):
            assert completes(action.take.lots, 0), action
    assert proposed > 20, proposed
