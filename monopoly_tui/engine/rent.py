"""Rent: what a visitor owes the owner of a street, station or utility. The one place rent is computed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from .board import STATION_RENT, UTILITY_MULTIPLIER, Board, Station, Street, Utility
from .rules import Rules
from .state import PlayerState

UTILITY_DICE_UNIT = 1_000
"""The dice count in thousands of rubles, like every printed amount: 4 x a throw of 7 is 28 000 ₽."""


class Holdings(Protocol):
    """Who owns what: satisfied by GameState and by the engine's working Table."""

    @property
    def board(self) -> Board: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def players(self) -> Sequence[PlayerState]: ...
    @property
    def owner(self) -> Sequence[int | None]: ...
    @property
    def mortgaged(self) -> Sequence[bool]: ...
    @property
    def buildings(self) -> Sequence[int]: ...


def owns_whole_group(h: Holdings, square: int) -> bool:
    """True when one player owns every lot of the square's group."""
    owner = h.owner[square]
    return owner is not None and all(h.owner[i] == owner for i in h.board.group_of[square])


def owned_in_group(h: Holdings, square: int) -> int:
    """How many lots of the square's group its owner holds (mortgaged ones count)."""
    owner = h.owner[square]
    return sum(1 for i in h.board.group_of[square] if h.owner[i] == owner)


def rent_due(h: Holdings, square: int, dice_total: int) -> int:
    """Rent owed for landing on an owned square with this dice total; 0 when none is collected.

    No rent on a mortgaged lot, nor (house rule) to an owner in jail. Streets: the deed's rent for the
    buildings, or the base rent doubled on a whole group with no building on any of its lots (not when
    a lot of the group is mortgaged, by default). Stations by how many the owner holds (mortgaged ones
    count); utilities 4 x or 10 x the dice, in thousands of rubles.
    """
    owner = h.owner[square]
    if owner is None or h.mortgaged[square]:
        return 0
    if h.players[owner].in_jail and not h.rules.rent.collect_in_jail:
        return 0
    sq = h.board.squares[square]
    if isinstance(sq, Street):
        level = h.buildings[square]
        if level:
            return sq.rent[level]
        group = h.board.group_of[square]
        if (
            owns_whole_group(h, square)
            # seed 001 (default): doubled only while no building stands anywhere on the group;
            # seed 000 (option off): any unbuilt street of the whole group is doubled
            and not (h.rules.rent.double_rent_needs_bare_group and any(h.buildings[i] for i in group))
            and not (h.rules.rent.double_rent_blocked_by_mortgage and any(h.mortgaged[i] for i in group))
        ):
            return 2 * sq.rent[0]
        return sq.rent[0]
    if isinstance(sq, Station):
        return STATION_RENT[min(owned_in_group(h, square), len(STATION_RENT)) - 1]
    if isinstance(sq, Utility):
        both = owned_in_group(h, square) >= 2
        return UTILITY_MULTIPLIER[1 if both else 0] * dice_total * UTILITY_DICE_UNIT
    return 0
