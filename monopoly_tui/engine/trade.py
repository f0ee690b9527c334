"""Trades: any two players swap lots (none with buildings in its group), cash and get-out-of-jail cards."""

from __future__ import annotations

from collections import Counter

from . import finance
from .actions import ProposeTrade, TradeSide
from .board import DeckName
from .errors import Problem
from .rent import Holdings, any_of
from .table import Table


def built_group(h: Holdings, square: int) -> bool:
    """A building stands somewhere on the square's colour group (then the lot cannot be traded)."""
    layout = h.board.layout
    return layout.kinds[square] == "street" and any_of(h.buildings, layout.group_of[square])


def tradeable_lots(h: Holdings, seat: int) -> list[int]:
    """Lots seat may hand over in a trade: its own, with no building on their group."""
    return [i for i, owner in enumerate(h.owner) if owner == seat and not built_group(h, i)]


def _side_problem(
    h: Holdings, seat: int, lots: tuple[int, ...], cash: int, cards: tuple[DeckName, ...]
) -> Problem | None:
    """Why seat may not hand over this side's lots, cash and jail cards (None: it may)."""
    player = h.players[seat]
    if lots:
        if len(set(lots)) != len(lots):
            return ("lot_twice",)
        owners, buildings, layout = h.owner, h.buildings, h.board.layout
        kinds, group_of = layout.kinds, layout.group_of
        for square in lots:
            if not 0 <= square < len(owners) or owners[square] != seat:
                return ("not_owned_lot", seat, square)
            if kinds[square] == "street" and any_of(buildings, group_of[square]):
                return ("trade_built", square)
    if cash > player.cash:
        return ("trade_cash", seat, player.cash, cash)
    if cards:
        held = Counter(c.deck for c in player.jail_cards)
        for deck, count in Counter(cards).items():
            if held[deck] < count:
                return ("trade_cards", seat, count, deck)
    return None


def trade_problem(h: Holdings, offer: ProposeTrade) -> Problem | None:
    """Why the offer may not be made (None: it is a valid proposal)."""
    # the offer's and each side's values unpacked once (a named tuple's attributes are slower to reach)
    seat, partner, give, take, _ = offer
    if partner == seat:
        return ("trade_self",)
    if not 0 <= partner < len(h.players) or h.players[partner].bankrupt:
        return ("partner_out", partner)
    lots, cash, cards = give
    back, back_cash, back_cards = take
    if not (lots or cash or cards or back or back_cash or back_cards):  # TradeSide.empty, both sides
        return ("trade_empty",)
    return _side_problem(h, seat, lots, cash, cards) or _side_problem(h, partner, back, back_cash, back_cards)


def propose(t: Table, offer: ProposeTrade) -> None:
    t.trade = offer
    t.emit("trade_proposed", player=offer.player, other=offer.partner)


def reject(t: Table) -> None:
    offer = t.trade
    assert offer is not None
    t.trade = None
    t.emit("trade_rejected", player=offer.partner, other=offer.player)


def accept(t: Table) -> None:
    """Carry out the offer both ways; mortgaged lots received pay interest and await lift-or-keep."""
    offer = t.trade
    assert offer is not None
    t.trade = None
    t.emit("trade_accepted", player=offer.partner, other=offer.player)
    _hand_over(t, offer.player, offer.partner, offer.give)
    _hand_over(t, offer.partner, offer.player, offer.take)
    finance.receive_mortgaged(t, offer.partner, list(offer.give.lots))
    finance.receive_mortgaged(t, offer.player, list(offer.take.lots))


def _hand_over(t: Table, giver: int, receiver: int, side: TradeSide) -> None:
    for square in side.lots:
        t.set_owner(square, receiver)
    if side.cash:
        t.pays_player(giver, receiver, side.cash)
    cards = list(t.players[giver].jail_cards)
    moved = []
    for deck in side.jail_cards:
        card = next(c for c in cards if c.deck == deck)
        cards.remove(card)
        moved.append(card)
    if moved:
        t.update_player(giver, jail_cards=tuple(cards))
        t.update_player(receiver, jail_cards=t.players[receiver].jail_cards + tuple(moved))
