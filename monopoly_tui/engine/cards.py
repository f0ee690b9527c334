"""Chance and Community Chest: draw the top card, obey it at once, put it at the bottom (seed 000)."""

from __future__ import annotations

from typing import Literal

from . import finance, jail, movement
from .board import (
    AdvanceTo,
    AdvanceToNearest,
    Collect,
    CollectFromEachPlayer,
    DeckName,
    GetOutOfJail,
    GoToJailCard,
    MoveBack,
    Pay,
    PayEachPlayer,
    Repairs,
)
from .events import Event
from .state import HeldCard, LastCard
from .table import Table, _new

CardRent = Literal["double_station", "utility_throw"] | None
"""A card's special rent: twice the station rent, or ten times a fresh throw for a utility."""
Stayed = Literal["stayed"]


def draw(t: Table, seat: int, deck: DeckName) -> CardRent | Stayed:
    """Draw and carry out the top card. "stayed" when the token stayed where it was; else the card moved
    it and the square it came to is still to be carried out (landing.resolve), at the card's rent."""
    pile = t.deck(deck)
    index = pile.pop(0)
    card = t.board.deck(deck)[index]
    t.last_card = _new(LastCard, (deck, index, seat))
    # built positionally (the commonest card event; a call by keyword costs more)
    t.events.append(_new(Event, ("card_drawn", seat, None, None, None, deck, card.id, None, None)))
    effect = card.effect
    # by its class, not isinstance: a validated model's class check (an ABC's) is slow
    if type(effect) is GetOutOfJail:
        t.update_player(seat, jail_cards=(*t.players[seat].jail_cards, HeldCard(deck=deck, index=index)))
        t.emit("card_kept", player=seat, deck=deck, card=card.id)
        return "stayed"
    pile.append(index)
    if type(effect) is AdvanceTo:
        movement.advance_to(t, seat, effect.square)
        return None
    if type(effect) is AdvanceToNearest:
        targets = t.board.stations if effect.target == "station" else t.board.utilities
        movement.advance_to(t, seat, movement.nearest_ahead(t, seat, targets))
        return "double_station" if effect.target == "station" else "utility_throw"
    if type(effect) is MoveBack:
        movement.move_back(t, seat, effect.steps)
        return None
    if type(effect) is GoToJailCard:
        jail.send_to_jail(t, seat, "card")
    elif type(effect) is Collect:
        t.bank_pays(seat, effect.amount)
        t.emit("collected", player=seat, amount=effect.amount, reason="card")
    elif type(effect) is Pay:
        finance.charge(t, seat, None, effect.amount, "card")
    elif type(effect) is Repairs:
        levels = [t.buildings[i] for i, o in enumerate(t.owner) if o == seat]
        hotels = sum(1 for level in levels if level == 5)
        houses = sum(level for level in levels if level < 5)
        finance.charge(t, seat, None, houses * effect.per_house + hotels * effect.per_hotel, "card")
    elif type(effect) is PayEachPlayer:
        for other in t.active_seats():
            if other != seat:
                finance.charge(t, seat, other, effect.amount, "card")
    elif type(effect) is CollectFromEachPlayer:
        for other in t.active_seats():
            if other != seat:
                finance.charge(t, other, seat, effect.amount, "card")
    return "stayed"
