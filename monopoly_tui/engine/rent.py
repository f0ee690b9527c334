"""Rent: what a visitor owes the owner of a street, station or utility. The one place rent is computed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Protocol

from .board import STATION_RENT, UTILITY_MULTIPLIER, Board
from .rules import Rules, terms_of
from .state import HeldCard

UTILITY_DICE_UNIT: Final = 1_000
"""The dice count in thousands of rubles, like every printed amount: 4 x a throw of 7 is 28 000 ₽."""


class Player(Protocol):
    """A player's fields, read-only: a PlayerState, or the table's Seat."""

    @property
    def name(self) -> str: ...
    @property
    def cash(self) -> int: ...
    @property
    def position(self) -> int: ...
    @property
    def in_jail(self) -> bool: ...
    @property
    def jail_attempts(self) -> int: ...
    @property
    def jail_cards(self) -> tuple[HeldCard, ...]: ...
    @property
    def bankrupt(self) -> bool: ...


class Holdings(Protocol):
    """Who owns what: satisfied by GameState and by the engine's working Table."""

    @property
    def board(self) -> Board: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def players(self) -> Sequence[Player]: ...
    @property
    def owner(self) -> Sequence[int | None]: ...
    @property
    def mortgaged(self) -> Sequence[bool]: ...
    @property
    def buildings(self) -> Sequence[int]: ...


def owns_whole_group(h: Holdings, square: int) -> bool:
    """True when one player owns every lot of the square's group."""
    owners = h.owner
    owner = owners[square]
    return owner is not None and all_of(owners, h.board.layout.group_of[square], owner)


def owned_in_group(h: Holdings, square: int) -> int:
    """How many lots of the square's group its owner holds (mortgaged ones count)."""
    owners = h.owner
    owner = owners[square]
    return sum(1 for i in h.board.layout.group_of[square] if owners[i] == owner)


def all_of(values: Sequence[object], squares: tuple[int, ...], value: object) -> bool:
    """Every one of squares has value (a loop: cheaper than all() over a generator for two or three)."""
    for i in squares:  # noqa: SIM110
        if values[i] != value:
            return False
    return True


def any_of(values: Sequence[object], squares: tuple[int, ...]) -> bool:
    """Some one of squares has a true value."""
    for i in squares:  # noqa: SIM110
        if values[i]:
            return True
    return False


def rent_due(h: Holdings, square: int, dice_total: int) -> int:
    """Rent owed for landing on an owned square with this dice total; 0 when none is collected.

    No rent on a mortgaged lot, nor (house rule) to an owner in jail. Streets: the deed's rent for the
    buildings, or the base rent doubled on a whole group with no building on any of its lots (not when
    a lot of the group is mortgaged, by default). Stations by how many the owner holds (mortgaged ones
    count); utilities 4 x or 10 x the dice, in thousands of rubles.
    """
    owners = h.owner
    owner = owners[square]
    if owner is None or h.mortgaged[square]:
        return 0
    if h.players[owner].in_jail and not terms_of(h.rules).collect_in_jail:
        return 0
    layout = h.board.layout
    kind = layout.kinds[square]
    if kind == "street":
        rents = layout.rents[square]
        buildings = h.buildings
        level = buildings[square]
        if level:
            return rents[level]
        group = layout.group_of[square]
        if not all_of(owners, group, owner):
            return rents[0]
        terms = terms_of(h.rules)
        # a whole group: seed 001 (default) doubles only while no building stands anywhere on the
        # group; seed 000 (option off): any unbuilt street of the whole group is doubled
        if (terms.bare_group_doubles and any_of(buildings, group)) or (
            terms.mortgage_blocks_double and any_of(h.mortgaged, group)
        ):
            return rents[0]
        return 2 * rents[0]
    if kind == "station":
        return STATION_RENT[min(owned_in_group(h, square), len(STATION_RENT)) - 1]
    if kind == "utility":
        both = owned_in_group(h, square) >= 2
        return UTILITY_MULTIPLIER[1 if both else 0] * dice_total * UTILITY_DICE_UNIT
    return 0
