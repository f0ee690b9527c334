"""A player's outlook: what they hold that may call for managing (whole groups, mortgages, trade wishes).

It changes only when the player's own lots, or the colour groups they hold a street of, change hands,
get mortgaged or built on; a bot keeps the last one and reads it again until then: most turns nothing
needs doing and nothing is scanned.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import Any, NamedTuple

from ..engine import GameState
from .trading import Wish
from .valuation import colour_groups, house_cost

Holdings = tuple[tuple[Any, ...], tuple[Any, ...], tuple[Any, ...]]
"""A state's owner, mortgaged and buildings tuples: everything a player holds."""
NOTHING_SEEN: Holdings = ((), (), ())


def holdings(state: GameState) -> Holdings:
    return (state.owner, state.mortgaged, state.buildings)


def unchanged(state: GameState, seen: Holdings) -> bool:
    """The state holds the very tuples seen: nobody's holdings changed (the engine makes new tuples for
    every change, and keeps the old ones otherwise). What a bot works out from the holdings alone holds."""
    return state.owner is seen[0] and state.mortgaged is seen[1] and state.buildings is seen[2]


class Outlook(NamedTuple):
    """What the seat holds that may call for managing (an immutable value, built positionally)."""

    seat: int
    groups: tuple[tuple[int, ...], ...]
    """The colour groups the seat owns whole."""
    buildable: tuple[tuple[int, ...], ...]
    """Whole groups with no street mortgaged and room for another building."""
    cheapest_house: int
    """The cheapest building on a buildable group (0: none)."""
    pledged: tuple[int, ...]
    """The seat's mortgaged lots."""
    wishes: tuple[Wish, ...]
    """Groups the seat could complete by trade with one partner."""
    near: tuple[int, ...]
    """The squares the outlook depends on: the seat's lots and every street of a colour group the seat
    holds a street of. Changes elsewhere (but a lot gained there) leave it as it is."""
    lots: int
    """How many lots the seat holds (gaining one outside `near` changes the outlook)."""


def outlook(state: GameState, seat: int) -> Outlook:
    owner = state.owner
    board = state.board
    whole: list[tuple[int, ...]] = []
    wished: list[Wish] = []
    mine = [i for i in board.properties if owner[i] == seat]
    near: set[int] = set(mine)
    players = state.players
    # One pass over the colour groups: the whole ones (`monopolies`) and the wished ones (`wishes`);
    # the groups seat holds no street of are passed over on their owners alone (picked in C).
    for group, pick in colour_groups(board):
        if seat not in pick(owner):
            continue
        rest = tuple([i for i in group if owner[i] != seat])
        near.update(group)
        if not rest:
            whole.append(group)
            continue
        partner = owner[rest[0]]
        if partner is None or players[partner].bankrupt:
            continue
        for i in rest:
            if owner[i] != partner:
                break
        else:
            wished.append(_wish(group, partner, rest))
    groups = tuple(whole)
    mortgaged = state.mortgaged
    buildable = _buildable(state, groups)
    return Outlook(
        seat,
        groups,
        buildable,
        min((house_cost(board, g[0]) for g in buildable), default=0),
        tuple([i for i in mine if mortgaged[i]]),
        tuple(wished),
        tuple(sorted(near)),
        len(mine),
    )


_WISHES: dict[tuple[tuple[int, ...], int, tuple[int, ...]], Wish] = {}
"""Wishes made so far, by their fields (a wish is an immutable value: made once, found again)."""


def _wish(group: tuple[int, ...], partner: int, lots: tuple[int, ...]) -> Wish:
    key = (group, partner, lots)
    wish = _WISHES.get(key)
    if wish is None:
        if len(_WISHES) >= 4096:
            _WISHES.clear()
        wish = _WISHES[key] = Wish(group=group, partner=partner, lots=lots)
    return wish


def _repledged(state: GameState, last: Outlook) -> Outlook:
    """The outlook once only mortgages (and buildings) changed near the seat: the same groups, wishes
    and squares; what is mortgaged and what may be built on worked out again."""
    owner, mortgaged, seat = state.owner, state.mortgaged, last.seat
    pledged = tuple([i for i in last.near if mortgaged[i] and owner[i] == seat])
    buildable = _buildable(state, last.groups)
    if pledged == last.pledged and buildable == last.buildable:
        return last
    cheapest = min((house_cost(state.board, g[0]) for g in buildable), default=0)
    return last._replace(buildable=buildable, cheapest_house=cheapest, pledged=pledged)


def _buildable(state: GameState, groups: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """Of the seat's whole groups, those with no street mortgaged and room for another building."""
    mortgaged, buildings = state.mortgaged, state.buildings
    return tuple(g for g in groups if not any(mortgaged[i] for i in g) and any(buildings[i] < 5 for i in g))


def _rebuilt(state: GameState, last: Outlook) -> Outlook:
    """The outlook once only buildings changed: the same one while the same groups may be built on."""
    buildable = _buildable(state, last.groups)
    if buildable == last.buildable:
        return last
    cheapest = min((house_cost(state.board, g[0]) for g in buildable), default=0)
    return last._replace(buildable=buildable, cheapest_house=cheapest)


def _nothing(values: Any) -> tuple[()]:
    return ()


class Watcher:
    """Keeps the last outlook of one seat, and the holdings it was last found to fit."""

    def __init__(self) -> None:
        self._last: Outlook | None = None
        self._seen: Holdings = NOTHING_SEEN
        """The holdings the last outlook was last checked against."""
        self._near: Callable[[tuple[Any, ...]], Any] = _nothing
        """Picks the outlook's `near` squares out of such a tuple."""

    def outlook(self, state: GameState, seat: int) -> Outlook:
        last = self._last
        seen = self._seen
        # Unchanged holdings are usually the very same tuples: test identity before comparing squares.
        if last is not None and last.seat == seat:
            owner, mortgaged, buildings = state.owner, state.mortgaged, state.buildings
            if owner is seen[0] and mortgaged is seen[1] and buildings is seen[2]:
                return last
            near = self._near
            if owner is seen[0] or (near(owner) == near(seen[0]) and owner.count(seat) == last.lots):
                self._seen = (owner, mortgaged, buildings)
                if mortgaged is not seen[1] and near(mortgaged) != near(seen[1]):
                    # Mortgaged or lifted near the seat (the owners there as they were): of the outlook
                    # only what is mortgaged and what may be built can change.
                    last = self._last = _repledged(state, last)
                elif buildings is not seen[2] and near(buildings) != near(seen[2]):
                    # Built on or sold (on the seat's whole groups: only there can buildings stand
                    # near it): of the outlook only what may still be built can change.
                    last = self._last = _rebuilt(state, last)
                return last
        last = self._last = outlook(state, seat)
        self._seen = holdings(state)
        self._near = itemgetter(*last.near) if last.near else _nothing
        return last
