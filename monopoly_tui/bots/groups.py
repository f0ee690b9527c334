"""Who holds what of the colour groups: a lot's group, whether a seat holds it whole, whether a street
would complete or block one. Plain reads of the holdings (a state, or a bot's what-if View), asked
thousands of times a game by the bots."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any

from ..engine import Board, Rules
from ..engine.board import Street
from ..engine.mortgages import lift_cost
from ..engine.rent import Holdings


def lots_of(h: Holdings, seat: int) -> list[int]:
    """The properties seat owns, in board order."""
    owner = h.owner  # (read once: a state's field is a descriptor's lookup)
    return [i for i in h.board.properties if owner[i] == seat]


def colour_group(board: Board, square: int) -> tuple[int, ...]:
    """The streets of square's colour group ((): not a street)."""
    if _COLOURS and _COLOURS[0][0] is board:
        return _COLOURS[0][1][square]
    colours = tuple(board.group_members[sq.group] if isinstance(sq, Street) else () for sq in board.squares)
    _COLOURS[:] = [(board, colours)]
    return colours[square]


def colour_groups_of(board: Board) -> tuple[tuple[int, ...], ...]:
    """For each square, its colour group (as colour_group: () off the streets)."""
    if not (_COLOURS and _COLOURS[0][0] is board):
        colour_group(board, 0)
    return _COLOURS[0][1]


_COLOURS: list[tuple[Board, tuple[tuple[int, ...], ...]]] = []
"""The last board asked about and, for each of its squares, its colour group (a board is immutable)."""


_PICKS: list[tuple[Board, tuple[tuple[tuple[int, ...], Callable[[Sequence[Any]], Any]], ...]]] = []


def colour_groups(board: Board) -> tuple[tuple[tuple[int, ...], Callable[[Sequence[Any]], Any]], ...]:
    """The board's colour groups, each with a picker of its squares' entries (as a tuple), kept for the
    last board asked about."""
    if _PICKS and _PICKS[0][0] is board:
        return _PICKS[0][1]
    groups = tuple(
        (group, itemgetter(*group) if len(group) > 1 else lambda values, i=group[0]: (values[i],))
        for group in board.group_members.values()
        if group
    )
    _PICKS[:] = [(board, groups)]
    return groups


def house_cost(board: Board, square: int) -> int:
    """The price of one building on the street at square."""
    sq = board.squares[square]
    assert isinstance(sq, Street), f"square {square} is not a street"
    return sq.house_cost


def lift_costs(h: Holdings) -> tuple[int, ...]:
    """For each square, what lifting its mortgage costs (`mortgages.lift_cost`: the value plus interest),
    kept for the last board and rules asked about (a board and its rules are immutable)."""
    board, rules = h.board, h.rules
    if _LIFTS and _LIFTS[0][0] is board and _LIFTS[0][1] is rules:
        return _LIFTS[0][2]
    costs = tuple(lift_cost(h, square) for square in range(len(board.squares)))
    _LIFTS[:] = [(board, rules, costs)]
    return costs


_LIFTS: list[tuple[Board, Rules, tuple[int, ...]]] = []


def owns_group(h: Holdings, seat: int, group: tuple[int, ...]) -> bool:
    owner = h.owner
    for i in group:
        if owner[i] != seat:
            return False
    return bool(group)


def completes_group(h: Holdings, seat: int, square: int) -> bool:
    """Whether square is the last street seat lacks in its colour group."""
    group = colour_group(h.board, square)
    owner = h.owner
    for i in group:
        if owner[i] != seat and i != square:
            return False
    return bool(group)


def blocks_group(h: Holdings, seat: int, square: int) -> bool:
    """Whether one other player holds every other street of square's colour group (seat would block them)."""
    group = [i for i in colour_group(h.board, square) if i != square]
    owners = {h.owner[i] for i in group}
    return len(owners) == 1 and None not in owners and seat not in owners
