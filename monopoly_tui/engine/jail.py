"""Jail (seed 000): going in, and the three ways out (fine, card, doubles; forced fine after the last try)."""

from __future__ import annotations

from . import finance
from .table import Table


def send_to_jail(t: Table, seat: int, reason: str) -> None:
    """Straight to jail without passing GO; the turn ends (no extra throw for doubles)."""
    t.update_player(seat, position=t.board.jail, in_jail=True, jail_attempts=0)
    if seat == t.turn:
        t.roll_again = False
    t.emit("sent_to_jail", player=seat, square=t.board.jail, reason=reason)


def release(t: Table, seat: int) -> None:
    t.update_player(seat, in_jail=False, jail_attempts=0)


def pay_fine(t: Table, seat: int) -> None:
    """Pay the fine before rolling; the turn goes on as an ordinary one."""
    fine = t.terms.fine
    t.pays_bank(seat, fine)
    release(t, seat)
    t.emit("jail_fine_paid", player=seat, amount=fine)


def use_card(t: Table, seat: int, deck: str) -> None:
    """Use a held get-out-of-jail card; it goes to the bottom of its own deck."""
    cards = t.players[seat].jail_cards
    pos = next(i for i, c in enumerate(cards) if c.deck == deck)
    card = cards[pos]
    t.update_player(seat, jail_cards=cards[:pos] + cards[pos + 1 :])
    t.deck(card.deck).append(card.index)
    release(t, seat)
    t.emit("jail_card_used", player=seat, deck=card.deck, card=t.board.deck(card.deck)[card.index].id)


def failed_roll(t: Table, seat: int, steps: int) -> bool:
    """A throw without doubles in jail. Returns True when the player must now move by it.

    Before the last attempt the player stays and the turn ends. On the last one the fine is forced:
    paid at once and the token moves, or, without the cash, a debt after which the move happens.
    """
    attempts = t.players[seat].jail_attempts + 1
    if attempts < t.terms.max_attempts:
        t.update_player(seat, jail_attempts=attempts)
        t.emit("jail_roll_failed", player=seat, amount=attempts)
        return False
    fine = t.terms.fine
    release(t, seat)
    if t.cash(seat) >= fine:
        t.pays_bank(seat, fine)
        t.emit("jail_fine_paid", player=seat, amount=fine, reason="forced")
        return True
    finance.charge(t, seat, None, fine, "fine")
    t.pending_move = steps
    return False
