"""A player's outlook: what they hold that may call for managing (whole groups, mortgages, trade wishes).

It changes only when lots change hands, get mortgaged or built on, so a bot keeps the last one and
reads it again until the holdings change: most turns nothing needs doing and nothing is scanned.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import GameState
from .trading import Wish
from .valuation import house_cost


@dataclass(frozen=True, slots=True)
class Outlook:
    seat: int
    owner: tuple[int | None, ...]
    mortgaged: tuple[bool, ...]
    buildings: tuple[int, ...]
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

    def fits(self, state: GameState, seat: int) -> bool:
        """The outlook still describes seat's holdings in state."""
        # Unchanged holdings are usually the very same tuples: test identity before comparing items.
        owner, mortgaged, buildings = state.owner, state.mortgaged, state.buildings
        return (
            seat == self.seat
            and (owner is self.owner or owner == self.owner)
            and (mortgaged is self.mortgaged or mortgaged == self.mortgaged)
            and (buildings is self.buildings or buildings == self.buildings)
        )


def outlook(state: GameState, seat: int) -> Outlook:
    owner = state.owner
    whole: list[tuple[int, ...]] = []
    wished: list[Wish] = []
    # One pass over the colour groups: the whole ones (`monopolies`) and the wished ones (`wishes`).
    for group in state.board.group_members.values():
        rest = [i for i in group if owner[i] != seat]
        if not rest:
            if group:
                whole.append(group)
            continue
        if len(rest) == len(group):
            continue
        partner = owner[rest[0]]
        if partner is None or any(owner[i] != partner for i in rest) or state.players[partner].bankrupt:
            continue
        wished.append(Wish(group=group, partner=partner, lots=tuple(rest)))
    groups = tuple(whole)
    buildable = tuple(
        g for g in groups if not any(state.mortgaged[i] for i in g) and any(state.buildings[i] < 5 for i in g)
    )
    return Outlook(
        seat=seat,
        owner=state.owner,
        mortgaged=state.mortgaged,
        buildings=state.buildings,
        groups=groups,
        buildable=buildable,
        cheapest_house=min((house_cost(state.board, g[0]) for g in buildable), default=0),
        pledged=tuple(i for i in state.board.properties if state.owner[i] == seat and state.mortgaged[i]),
        wishes=tuple(wished),
    )


class Watcher:
    """Keeps the last outlook of one seat."""

    def __init__(self) -> None:
        self._last: Outlook | None = None

    def outlook(self, state: GameState, seat: int) -> Outlook:
        last = self._last
        if last is not None and last.fits(state, seat):
            return last
        last = self._last = outlook(state, seat)
        return last
