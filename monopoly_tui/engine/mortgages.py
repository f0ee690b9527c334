"""Mortgages: an unbuilt lot for its mortgage value; lifting costs the value plus 10% of the value."""

from __future__ import annotations

from .board import Street
from .errors import Problem
from .rent import Holdings
from .table import Table


def interest(h: Holdings, square: int) -> int:
    """Interest on a lot's mortgage value (rounded up to the ruble); never on the printed price."""
    value = h.board.property(square).mortgage
    return -(-value * h.rules.mortgage.interest_percent // 100)


def lift_cost(h: Holdings, square: int, *, just_received: bool = False) -> int:
    """What lifting the mortgage costs: the value plus interest, or the value alone right after the
    lot was received (the interest was paid on receipt)."""
    value = h.board.property(square).mortgage
    return value if just_received else value + interest(h, square)


def mortgage_problem(h: Holdings, seat: int, square: int) -> Problem | None:
    """Why seat may not mortgage square (None: Mortgage is legal)."""
    if square not in h.board.properties or h.owner[square] != seat:
        return ("no_property", seat, square)
    sq = h.board.squares[square]
    if h.mortgaged[square]:
        return ("already_mortgaged", square)
    if isinstance(sq, Street) and any(h.buildings[i] for i in h.board.group_of[square]):
        return ("sell_before_mortgage", square)
    return None


def unmortgage_problem(h: Holdings, seat: int, square: int, *, just_received: bool = False) -> Problem | None:
    """Why seat may not lift the mortgage on square (None: Unmortgage is legal)."""
    if square not in h.board.properties or h.owner[square] != seat:
        return ("no_property", seat, square)
    if not h.mortgaged[square]:
        return ("not_mortgaged", square)
    cost = lift_cost(h, square, just_received=just_received)
    player = h.players[seat]
    if player.cash < cost:
        return ("lift_cash", square, cost, seat, player.cash)
    return None


def mortgage(t: Table, seat: int, square: int) -> None:
    value = t.board.property(square).mortgage
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
    return sum(
        h.board.property(i).mortgage
        for i, owner in enumerate(h.owner)
        if owner == seat and not h.mortgaged[i]
    )
