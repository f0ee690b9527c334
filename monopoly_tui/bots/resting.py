"""A bot's rest read off the table: managing found nothing, and finds nothing again while what it read of
the holdings stays as it was, whatever changes elsewhere on the board.

The base's rest (BotBase.rest) holds while the holdings are the very same tuples: any lot bought, house
built or mortgage taken anywhere ends it for every seat. A `Rest` names the squares the bot's managing
reads (its outlook's, the stepping stones', the lot charging the highest rent) and holds while their
owners, mortgages and buildings, the seat's count of lots and the count of players still in are as
they were, in the same rounds and below the same cash as the base's rest.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Any

from ..engine import GameState
from ..engine.fast import TableView


@dataclass(frozen=True, slots=True)
class Rest:
    """Where the squares' holdings read now are the same, for `seat`, before round `until`, with less
    cash than `below`: managing finds nothing."""

    seat: int
    until: int
    below: int
    pick: Callable[[Sequence[Any]], Any]
    """Picks the squares read out of a holdings tuple."""
    owner: Any
    mortgaged: Any
    buildings: Any
    every_building: Sequence[int] | None
    """The buildings tuple itself, when a building anywhere counts (the bank's supply of houses decides
    where the seat may build): the rest then holds only while nobody builds or sells."""
    lots: int
    playing: int
    """Players not bankrupt."""

    @classmethod
    def of(
        cls,
        state: GameState,
        seat: int,
        until: int,
        below: int,
        squares: Collection[int],
        every_building: bool,
    ) -> Rest:
        pick = itemgetter(*sorted(squares)) if squares else _nothing
        return cls(
            seat,
            until,
            below,
            pick,
            pick(state.owner),
            pick(state.mortgaged),
            pick(state.buildings),
            state.buildings if every_building else None,
            state.owner.count(seat),
            _playing(state),
        )

    def holds(self, view: TableView, seat: int) -> bool:
        pick = self.pick
        every = self.every_building
        return (
            seat == self.seat
            and view.round < self.until
            and view.players[seat].cash < self.below
            and pick(view.owner) == self.owner
            and pick(view.mortgaged) == self.mortgaged
            and (view.buildings is every if every is not None else pick(view.buildings) == self.buildings)
            and view.owner.count(seat) == self.lots
            and _playing(view) == self.playing
        )


def _playing(view: TableView | GameState) -> int:
    return sum(1 for p in view.players if not p.bankrupt)


def _nothing(values: Sequence[Any]) -> tuple[()]:
    return ()
