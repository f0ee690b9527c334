"""Moving tokens: forward by dice or card (collecting the GO salary), and backwards (never collecting)."""

from __future__ import annotations

from .board import BOARD_SIZE
from .events import MOVED, passed_go
from .table import Table


def _collect_salary(t: Table, seat: int, landed_on_go: bool) -> None:
    terms = t.terms
    salary = terms.salary
    if landed_on_go and terms.double_on_landing:
        salary *= 2
    t.bank_pays(seat, salary)
    t.events.append(passed_go(seat, salary))


def advance(t: Table, seat: int, steps: int) -> None:
    """Move forward; passing or landing on GO pays the salary."""
    mover = t.players[seat]
    start = mover.position
    target = (start + steps) % BOARD_SIZE
    mover.position = target  # Table.move_token written out: every throw moves a token
    t.changed.add(seat)
    if start + steps >= BOARD_SIZE:
        _collect_salary(t, seat, target == 0)
    t.events.append(MOVED[seat][target])


def advance_to(t: Table, seat: int, square: int) -> None:
    """Move forward to a square (a card's "advance to"), collecting the salary if GO is passed or reached."""
    start = t.players[seat].position
    advance(t, seat, (square - start) % BOARD_SIZE)


def move_back(t: Table, seat: int, steps: int) -> None:
    """Move backwards; GO is never collected this way."""
    target = (t.players[seat].position - steps) % BOARD_SIZE
    t.move_token(seat, target)
    t.events.append(MOVED[seat][target])


def nearest_ahead(t: Table, seat: int, squares: tuple[int, ...]) -> int:
    """The first of squares reached moving forward from the player's position."""
    start = t.players[seat].position
    return min(squares, key=lambda i: (i - start - 1) % BOARD_SIZE)
