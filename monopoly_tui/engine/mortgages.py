"""Mortgages: an unbuilt lot for its mortgage value; lifting costs the value plus 10% of the value."""

from __future__ import annotations

from typing import Final

from .board import Layout
from .errors import Problem
from .rent import Holdings, any_of
from .rules import terms_of
from .table import Table

_OWNABLE: Final = ("street", "station", "utility")


def interest(h: Holdings, square: int) -> int:
    """Interest on a lot's mortgage value (rounded up to the ruble); never on the printed price."""
    return _interest(h.board.layout.mortgages[square], terms_of(h.rules).interest_percent)


def _interest(value: int, percent: int) -> int:
    return -(-value * percent // 100)


def lift_cost(h: Holdings, square: int, *, just_received: bool = False) -> int:
    """What lifting the mortgage costs: the value plus interest, or the value alone right after the
    lot was received (the interest was paid on receipt)."""
    value = h.board.layout.mortgages[square]
    return value if just_received else value + _interest(value, terms_of(h.rules).interest_percent)


def _not_owned(h: Holdings, layout: Layout, seat: int, square: int) -> bool:
    """square is no property of seat's (any integer: one off the board is nobody's)."""
    kinds = layout.kinds
    if type(square) is not int or not 0 <= square < len(kinds):
        return True
    return kinds[square] not in _OWNABLE or h.owner[square] != seat


def mortgage_problem(h: Holdings, seat: int, square: int) -> Problem | None:
    """Why seat may not mortgage square (None: Mortgage is legal)."""
    layout = h.board.layout  # the board's lookups read once (a validated model's attributes are slow)
    if _not_owned(h, layout, seat, square):
        return ("no_property", seat, square)
    if h.mortgaged[square]:
        return ("already_mortgaged", square)
    if layout.kinds[square] == "street" and any_of(h.buildings, layout.group_of[square]):
        return ("sell_before_mortgage", square)
    return None


def unmortgage_problem(h: Holdings, seat: int, square: int, *, just_received: bool = False) -> Problem | None:
    """Why seat may not lift the mortgage on square (None: Unmortgage is legal)."""
    if _not_owned(h, h.board.layout, seat, square):
        return ("no_property", seat, square)
    if not h.mortgaged[square]:
        return ("not_mortgaged", square)
    cost = lift_cost(h, square, just_received=just_received)
    player = h.players[seat]
    if player.cash < cost:
        return ("lift_cash", square, cost, seat, player.cash)
    return None


def mortgage(t: Table, seat: int, square: int) -> None:
    value = t.layout.mortgages[square]
    t.set_mortgaged(square, True)
    t.bank_pays(seat, value)
    t.emit("mortgaged", player=seat, square=square, amount=value)


def unmortgage(t: Table, seat: int, square: int, *, just_received: bool = False) -> None:
    cost = lift_cost(t, square, just_received=just_received)
    t.set_mortgaged(square, False)
    t.pays_bank(seat, cost)
    t.emit("unmortgaged", player=seat, square=square, amount=cost)


def mortgage_value(h: Holdings, seat: int) -> int:
    """What mortgaging every unmortgaged property of seat would raise (buildings sold first)."""
    values = h.board.layout.mortgages
    return sum(values[i] for i, owner in enumerate(h.owner) if owner == seat and not h.mortgaged[i])
