"""What happens on the square a token comes to rest on."""

from __future__ import annotations

from . import cards, finance, jail
from .board import UTILITY_MULTIPLIER
from .cards import CardRent
from .rent import UTILITY_DICE_UNIT, rent_due
from .table import Table


def resolve(t: Table, seat: int, card_rent: CardRent = None) -> bool:
    """Carry out the square under the player's token. True when a decision (buy, utility throw) is pending."""
    square = t.players[seat].position
    kind = t.layout.kinds[square]
    if kind == "street" or kind == "station" or kind == "utility":  # a property: the commonest landing
        owner = t.owner[square]
        if owner is None:
            t.pending_square = square
            t.phase = "buy"
            return True
        if owner == seat:
            return False
        if card_rent == "utility_throw" and _collects(t, square):
            t.pending_square = square
            t.phase = "utility_roll"
            return True
        thrown = t.dice
        rent = rent_due(t, square, thrown[0] + thrown[1] if thrown else 0)
        if card_rent == "double_station":
            rent *= 2
        finance.charge(t, seat, owner, rent, "rent", square)  # positional: a call by keyword costs more
        return False
    if kind == "tax":
        finance.charge(t, seat, None, t.layout.taxes[square], "tax", square)
    elif kind == "chance" or kind == "community_chest":
        moved = cards.draw(t, seat, kind)
        return moved != "stayed" and resolve(t, seat, moved)
    elif kind == "go_to_jail":
        jail.send_to_jail(t, seat, "square")
    elif kind == "free_parking" and t.pot:
        pot, t.pot = t.pot, 0
        t.add_cash(seat, pot)
        t.emit("pot_taken", player=seat, amount=pot)
    return False


def _collects(t: Table, square: int) -> bool:
    """Whether the owner collects anything here at all (not mortgaged, not barred by jail)."""
    return rent_due(t, square, 1) > 0


def utility_throw(t: Table, seat: int, dice_total: int) -> None:
    """The fresh throw a utility card asks for: pay the owner ten times it (in thousands, like rent)."""
    square = t.pending_square
    assert square is not None
    owner = t.owner[square]
    assert owner is not None
    t.pending_square = None
    finance.charge(
        t, seat, owner, UTILITY_MULTIPLIER[-1] * dice_total * UTILITY_DICE_UNIT, "rent", square=square
    )
