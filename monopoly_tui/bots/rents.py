"""What every lot charges a visitor now, at nominal dice, as the bots estimate it: the rents of the last
holdings asked about are kept, and for the next only the groups where something changed are worked out
again.

A lot's rent (`rent_due`, the engine's one rule for it) reads only the owners, mortgages and buildings of
its own group (its colour group, the stations or the utilities) and, when jailed owners collect nothing,
whether its owner is in jail. The holdings asked about one after the other differ in a square or two (a
house built, a lot mortgaged, a what-if of a sale): the squares that differ are found by comparing the
tuples (in C), and only their groups' rents are asked for again.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from operator import ne
from typing import Any

from ..engine import Board, GameState, Rules, rent_due
from ..engine.rent import Holdings

NOMINAL_DICE = 7
"""The dice total used to price a utility's rent in estimates (the most likely throw)."""


class _Last:
    """The last holdings the rents were worked out for (board, rules, owner, mortgaged, buildings, who
    is in jail when that moves a rent) and the rents, one per square."""

    __slots__ = ("board", "buildings", "jailed", "mortgaged", "owner", "rents", "rules")

    def __init__(self) -> None:
        self.board: Board | None = None
        self.rules: Rules | None = None
        self.owner: Sequence[Any] = ()
        self.mortgaged: Sequence[Any] = ()
        self.buildings: Sequence[Any] = ()
        self.jailed: tuple[bool, ...] | None = None
        self.rents: list[int] = []


_LAST = _Last()


def lot_rents(h: Holdings | GameState) -> list[int]:
    """For every square, `rent_due(h, square, NOMINAL_DICE)` (0 off the properties and on unowned lots).

    h's holdings must be tuples (a state's, or a View's): they are kept and compared with the next
    holdings asked about. The list handed back is the one kept: callers must not change it."""
    last = _LAST
    board, rules = h.board, h.rules
    owner, mortgaged, buildings = h.owner, h.mortgaged, h.buildings
    jailed = None if rules.rent.collect_in_jail else tuple(p.in_jail for p in h.players)
    if last.board is board and last.rules is rules and last.jailed == jailed:
        if owner is last.owner and mortgaged is last.mortgaged and buildings is last.buildings:
            return last.rents
        changed: set[int] = set()
        squares = range(len(owner))
        if owner is not last.owner:
            changed.update(compress(squares, map(ne, owner, last.owner)))
        if mortgaged is not last.mortgaged:
            changed.update(compress(squares, map(ne, mortgaged, last.mortgaged)))
        if buildings is not last.buildings:
            changed.update(compress(squares, map(ne, buildings, last.buildings)))
        rents = last.rents.copy()
        group_of = board.group_of
        for group in {group_of[i] for i in changed}:
            for i in group:
                rents[i] = rent_due(h, i, NOMINAL_DICE)
    else:
        rents = [0] * len(board.squares)
        for i in board.properties:
            rents[i] = rent_due(h, i, NOMINAL_DICE)
        last.board, last.rules, last.jailed = board, rules, jailed
    last.owner, last.mortgaged, last.buildings, last.rents = owner, mortgaged, buildings, rents
    return rents
