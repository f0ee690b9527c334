"""Trades as a bot sees them: what an offer does to both sides' worth; groups a trade would complete."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from operator import itemgetter
from typing import Any, NamedTuple

from ..engine import Board, GameState, ProposeTrade, Rules, TradeSide
from ..engine.mortgages import interest
from .valuation import Appraiser, View, colour_groups, colour_groups_of, lots_of, owns_group, street_table


def view_after(state: GameState, offer: ProposeTrade) -> View:
    """The holdings and cash once the offer is carried out (interest on mortgaged lots received paid)."""
    p, q = offer.player, offer.partner
    owner = {square: q for square in offer.give.lots} | {square: p for square in offer.take.lots}
    cash_p, cash_q = _cash_changes(state, offer)
    return View.of(state).with_owner(owner).with_cash({p: cash_p, q: cash_q})


def _cash_changes(state: GameState, offer: ProposeTrade) -> tuple[int, int]:
    """How the proposer's and the partner's cash change (interest on mortgaged lots received paid)."""
    owed_p = sum(interest(state, i) for i in offer.take.lots if state.mortgaged[i])
    owed_q = sum(interest(state, i) for i in offer.give.lots if state.mortgaged[i])
    return (
        offer.take.cash - offer.give.cash - owed_p,
        offer.give.cash - offer.take.cash - owed_q,
    )


def after_trade(state: GameState, offer: ProposeTrade) -> tuple[dict[int, int], list[int]]:
    """What `view_after` reads of the offer carried out, without the view: the lots that change hands
    with their new owners, and every player's cash (interest on mortgaged lots received paid)."""
    p, q = offer.player, offer.partner
    moved = {square: q for square in offer.give.lots} | {square: p for square in offer.take.lots}
    cash = [player.cash for player in state.players]
    cash_p, cash_q = _cash_changes(state, offer)
    for seat, change in {p: cash_p, q: cash_q}.items():  # (as View.with_cash)
        cash[seat] += change
    return moved, cash


def completed(
    state: GameState, moved: dict[int, int], seat: int, received: tuple[int, ...]
) -> tuple[int, ...]:
    """The colour group the lots received complete for seat once the lots `moved` have their new owners
    and not before (() if none)."""
    owner = state.owner
    for square in received:
        group = colour_groups_of(state.board)[square]
        if (
            group
            and all(moved.get(i, owner[i]) == seat for i in group)
            and not owns_group(state, seat, group)
        ):
            return group
    return ()


def gains(appraiser: Appraiser, state: GameState, offer: ProposeTrade) -> tuple[int, int]:
    """How much the proposer and the partner each gain by the offer, in the appraiser's eyes (an exchange
    of streets priced from its streets, anything else by lot_gains: see street_gains)."""
    give, take = offer.give, offer.take
    lots_p, lots_q = street_gains(appraiser, state, offer.player, offer.partner, give.lots, take.lots)
    cash = take.cash - give.cash
    cards = appraiser.jail_card * (len(take.jail_cards) - len(give.jail_cards))
    return lots_p + cash + cards, lots_q - cash - cards


def lot_gains(
    appraiser: Appraiser, state: GameState, p: int, q: int, give: tuple[int, ...], take: tuple[int, ...]
) -> tuple[int, int]:
    """What p handing the lots `give` to q, and q the lots `take` to p, gains each of them, interest on
    mortgaged lots received paid: an offer's gains are these plus the cash and cards it moves.

    Worth counts cash one for one, and the rest of the board is the same on both sides of the offer: the
    gain is the change in worth of the lots that change hands (Appraiser.worth_change). That reads the
    owners, mortgages and buildings of those lots' groups alone (their colour groups, the stations, the
    utilities; see `_reach`), so the answer is kept with that slice of the holdings and handed back while
    the slice is the same: a house built or a lot sold elsewhere leaves an exchange's price as it was."""
    memo = _memo(state.board, state.rules)
    key = (id(appraiser), p, q, give, take)
    kept = memo.get(key)
    owner, mortgaged, buildings = state.owner, state.mortgaged, state.buildings
    if kept is not None and kept[0] is appraiser:
        pick = kept[1]
        if pick(owner) == kept[2] and pick(mortgaged) == kept[3] and pick(buildings) == kept[4]:
            return kept[5]
    else:
        pick = _reach(state.board, give, take)
    found = lot_gains_afresh(appraiser, state, p, q, give, take)
    if len(memo) >= KEPT:
        memo.clear()
    memo[key] = (appraiser, pick, pick(owner), pick(mortgaged), pick(buildings), found)
    return found


def lot_gains_afresh(
    appraiser: Appraiser, state: GameState, p: int, q: int, give: tuple[int, ...], take: tuple[int, ...]
) -> tuple[int, int]:
    """lot_gains worked out from the holdings (nothing kept)."""
    owner: dict[int, int | None] = {square: q for square in give}
    owner.update({square: p for square in take})
    mortgaged = state.mortgaged
    owed_p = sum(interest(state, i) for i in take if mortgaged[i])
    owed_q = sum(interest(state, i) for i in give if mortgaged[i])
    return (
        appraiser.worth_change(state, p, owner) - owed_p,
        appraiser.worth_change(state, q, owner) - owed_q,
    )


Streets = Sequence[tuple[int, int, int, tuple[int, ...]] | None]
"""A street table's squares (valuation.street_table): price, value when mortgaged, house cost, group."""


def handed_over(
    state: GameState, streets: Streets, lots: Sequence[int], holder: int
) -> tuple[int, int] | None:
    """What the streets `lots`, each held by `holder`, are worth to whoever receives them (a street's
    price, or its value when mortgaged, and half its buildings' cost) and the interest the receiver owes
    on the mortgaged ones; None if one of them is not a street `holder` holds."""
    owner, mortgaged, buildings = state.owner, state.mortgaged, state.buildings
    worth = owed = 0
    for i in lots:
        street = streets[i]
        if street is None or owner[i] != holder:
            return None
        price, pledged, house, _ = street
        if mortgaged[i]:
            worth += pledged
            owed += interest(state, i)
        else:
            worth += price
        worth += buildings[i] * house // 2
    return worth, owed


def street_gains(
    appraiser: Appraiser, state: GameState, p: int, q: int, give: tuple[int, ...], take: tuple[int, ...]
) -> tuple[int, int]:
    """lot_gains of an exchange of streets, each held by the side handing it over (p != q), worked out
    from those streets and their colour groups alone: each side gains what it receives and loses what it
    hands over (a street's price, or its value when mortgaged, and half its buildings' cost), a group's
    value where it becomes or stops being whole, less the interest on the mortgaged streets received.
    Anything else (a station, a utility, a lot its giver does not hold) is priced by lot_gains."""
    streets, bonus = street_table(appraiser, state.board)
    owner = state.owner
    took = handed_over(state, streets, take, q)
    gave = handed_over(state, streets, give, p) if p != q or not give else None
    if took is None or gave is None:
        return lot_gains(appraiser, state, p, q, give, take)
    (received, owed_p), (handed, owed_q) = took, gave
    moved = received - handed
    groups = [street[3] for i in (*take, *give) if (street := streets[i]) is not None]
    gain_p, gain_q = moved - owed_p, -moved - owed_q
    for group in dict.fromkeys(groups):
        value = bonus[group]
        was_p = was_q = now_p = now_q = True
        for i in group:
            held = owner[i]
            was_p = was_p and held == p
            was_q = was_q and held == q
            now = p if i in take else q if i in give else held
            now_p = now_p and now == p
            now_q = now_q and now == q
        gain_p += (now_p - was_p) * value
        gain_q += (now_q - was_q) * value
    return gain_p, gain_q


KEPT = 8192
"""Exchanges kept before the memo is emptied (a long simulation meets many)."""
_Kept = tuple[Appraiser, Callable[[Sequence[Any]], Any], Any, Any, Any, tuple[int, int]]
_MEMO: list[tuple[Board, Rules, dict[tuple[Any, ...], _Kept]]] = []


def _memo(board: Board, rules: Rules) -> dict[tuple[Any, ...], _Kept]:
    """The exchanges priced on this board under these rules (one board and rules at a time)."""
    if _MEMO:
        seen_board, seen_rules, memo = _MEMO[0]
        if seen_board is board and seen_rules is rules:
            return memo
    memo = {}
    _MEMO[:] = [(board, rules, memo)]
    return memo


def _reach(board: Board, give: tuple[int, ...], take: tuple[int, ...]) -> Callable[[Sequence[Any]], Any]:
    """A picker of the squares an exchange's price reads: the lots and every lot of their groups (the
    colour group of a street: its bonus; all stations or utilities: their counts)."""
    squares = set(give) | set(take)
    for i in (*give, *take):
        squares.update(board.group_of[i])
    return itemgetter(*sorted(squares))


@lru_cache(maxsize=4096)
def offer_of(
    player: int, partner: int, give_lots: tuple[int, ...], give_cash: int, take_lots: tuple[int, ...]
) -> ProposeTrade:
    """The offer of lots and cash for lots, made as «Сильный» words it (an action is an immutable value:
    made once, asked for again and again while a search goes over the same candidates)."""
    give = TradeSide(lots=give_lots, cash=give_cash) if give_lots else TradeSide(cash=give_cash)
    return ProposeTrade(player=player, partner=partner, give=give, take=TradeSide(lots=take_lots))


class Wish(NamedTuple):
    """A colour group seat could complete by trade: the streets it lacks, all held by one partner."""

    group: tuple[int, ...]
    partner: int
    lots: tuple[int, ...]


def swap_lots(state: GameState, seat: int, wish: Wish) -> list[int]:
    """Streets of seat that would complete one of the partner's colour groups (other than the wished one).

    They depend on the owners alone: the streets completing any of the partner's groups are kept with
    the owners they were found for (mortgages and buildings change far more often than owners), for
    every wish with that partner."""
    owner, board = state.owner, state.board
    partner = wish.partner
    key = (seat, partner)
    kept = _SWAPS.get(key)
    if kept is not None and kept[1] is board and (kept[0] is owner or kept[0] == owner):
        found = kept[2]
    else:
        found = _completing(board, owner, seat, partner)
        if len(_SWAPS) >= KEPT:
            _SWAPS.clear()
        _SWAPS[key] = (owner, board, found)
    group = wish.group
    return [i for i in found if i not in group]


def _completing(board: Board, owner: Sequence[int | None], seat: int, partner: int) -> tuple[int, ...]:
    """Seat's streets, in board order, each the last street the partner lacks of its colour group
    (`completes_group` for the partner): a group's owners are picked in C, and only a group where the
    partner lacks one street (none, if the partner is seat) can hold one."""
    found: list[int] = []
    for group, pick in colour_groups(board):
        held = pick(owner)
        lacks = len(group) - held.count(partner)
        if seat == partner:
            if lacks == 0:
                found.extend(group)
        elif lacks == 1 and seat in held:
            found.append(group[held.index(seat)])
    found.sort()
    return tuple(found)


_SWAPS: dict[tuple[int, int], tuple[Sequence[int | None], Board, tuple[int, ...]]] = {}


class Reach(NamedTuple):
    """What a search for offers completing seat's wished groups reads of the holdings, and what it found
    there. It prices cash for the wished streets, or a street of seat's that completes the partner's
    group for them: the owners, mortgages and buildings of the wished groups and of seat's colour
    groups not whole (a street of a whole group of two or more completes nobody's), and the owners of
    seat's lots and of every colour group seat holds a street of (which of its streets would complete
    a partner's group, which groups it holds whole). With the same owners there and as many lots, seat
    holds the same lots. The same holdings there give the same search: a house on seat's whole group
    changes nothing of it."""

    board: Board
    wishes: tuple[Wish, ...]
    owners: Callable[[Sequence[Any]], Any]
    """Picks the squares whose owners the search reads."""
    prices: Callable[[Sequence[Any]], Any]
    """Picks the squares whose mortgages and buildings the search reads."""
    owner: Any
    mortgaged: Any
    buildings: Any
    lots: int

    @classmethod
    def of(cls, state: GameState, seat: int, wishes: tuple[Wish, ...]) -> Reach:
        board, owner = state.board, state.owner
        priced: set[int] = set()
        for wish in wishes:
            priced.update(wish.group)
        lots = lots_of(state, seat)
        owned = set(lots)
        colours = colour_groups_of(board)
        for group in {colours[i] for i in lots}:
            owned.update(group)
            for j in group:
                if owner[j] != seat:
                    priced.update(group)
                    break
            else:
                if len(group) == 1:
                    priced.update(group)  # (a one-street group completes anyone's: a swap it may be)
        owned |= priced
        owners = itemgetter(*sorted(owned)) if owned else _nothing
        prices = itemgetter(*sorted(priced)) if priced else _nothing
        mortgaged, buildings = prices(state.mortgaged), prices(state.buildings)
        return cls(board, wishes, owners, prices, owners(owner), mortgaged, buildings, owner.count(seat))

    def holds(self, state: GameState, seat: int, wishes: tuple[Wish, ...]) -> bool:
        """Whether the search would read the very same of state's holdings, for the same wishes."""
        prices = self.prices
        return (
            wishes is self.wishes
            and state.board is self.board
            and self.owners(state.owner) == self.owner
            and state.owner.count(seat) == self.lots
            and prices(state.mortgaged) == self.mortgaged
            and prices(state.buildings) == self.buildings
        )


def _nothing(values: Sequence[Any]) -> tuple[()]:
    return ()
