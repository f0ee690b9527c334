"""A bot's rest read off the table: managing found nothing, and finds nothing again while what it read of
the holdings stays as it was, whatever changes elsewhere on the board.

The base's rest (BotBase.rest) holds while the holdings are the very same tuples: any lot bought, house
built or mortgage taken anywhere ends it for every seat. A `Rest` names the squares the bot's managing
reads (its outlook's, the stepping stones', the lot charging the highest rent) and holds while their
owners, mortgages and buildings, the seat's count of lots and the count of players still in are as
they were, in the same rounds and below the same cash as the base's rest.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Any

from ..engine import Board, GameState
from ..engine.fast import TableView
from .rents import lot_rents
from .valuation import danger


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


def read_squares(state: GameState, seat: int, near: Iterable[int], reserve_counts: bool) -> set[int]:
    """The squares whose holdings «Сильный»'s managing reads: `near` (its outlook's: its lots and every
    street of a colour group it holds a street of), the streets of the two-street groups (the only
    stepping stones of a group it holds nothing of) and, when the reserve counts (above the least),
    the group of a lot charging the highest rent seat could owe (while that lot charges as much, the
    reserve is no less)."""
    board = state.board
    squares = set(near)
    squares.update(_pairs(board))
    if reserve_counts:
        highest = danger(state, seat)
        owner = state.owner
        rents = lot_rents(state)
        for i in board.properties:
            if rents[i] == highest and owner[i] is not None and owner[i] != seat:
                squares.update(board.group_of[i])
                break
    return squares


def _pairs(board: Board) -> tuple[int, ...]:
    """The streets of the board's two-street colour groups."""
    if _PAIRS and _PAIRS[0][0] is board:
        return _PAIRS[0][1]
    pairs = tuple(i for group in board.group_members.values() if len(group) == 2 for i in group)
    _PAIRS[:] = [(board, pairs)]
    return pairs


_PAIRS: list[tuple[Board, tuple[int, ...]]] = []


def _playing(view: TableView | GameState) -> int:
    return sum(1 for p in view.players if not p.bankrupt)


def _nothing(values: Sequence[Any]) -> tuple[()]:
    return ()
