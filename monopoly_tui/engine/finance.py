"""Money between players and the bank: payments, debts, bankruptcy and net worth."""

from __future__ import annotations

from typing import Final

from . import buildings, mortgages
from .board import Street
from .events import Event, EventKind
from .rent import Holdings
from .state import Debt, GameState, MortgageChoice
from .table import Table, _new

CHARGE_EVENTS: Final[dict[str, EventKind]] = {"rent": "rent_paid", "tax": "tax_paid"}
TO_POT: Final = ("tax", "card")
"""Payments to the bank that feed the free-parking pot when that house rule is on."""


def charge(
    t: Table, debtor: int, creditor: int | None, amount: int, reason: str, square: int | None = None
) -> None:
    """The debtor owes amount to creditor (None: the bank): paid at once, or recorded as a debt.

    The game then waits on the debtor, who cannot act otherwise until the debt is settled; cash is
    never driven below zero. A debtor who already owes waits in line: debts are settled in order.
    `square` is the square the charge is for, when there is one (rent, tax, interest).
    """
    if amount <= 0:
        return
    debts = t.debts
    if t.players[debtor].cash >= amount and not (debts and any(d.debtor == debtor for d in debts)):
        if creditor is None:
            t.pays_bank(debtor, amount, to_pot=reason in TO_POT)
        else:  # Table.pays_player written out: a rent is the commonest payment
            players, changed = t.players, t.changed
            players[debtor].cash -= amount
            changed.add(debtor)
            players[creditor].cash += amount
            changed.add(creditor)
        event = CHARGE_EVENTS.get(reason)
        if event is not None:  # rent or tax, the commonest: the event built in its fields' order
            t.events.append(_new(Event, (event, debtor, creditor, square, amount, None, None, None, None)))
        elif creditor is None:
            t.emit("paid", player=debtor, amount=amount, reason=reason, square=square)
        else:
            t.emit("paid_player", player=debtor, other=creditor, amount=amount, reason=reason, square=square)
    else:
        t.debts = (*debts, Debt(debtor=debtor, creditor=creditor, amount=amount, reason=reason))
        t.emit("debt", player=debtor, other=creditor, amount=amount, reason=reason, square=square)


def pay_debt(t: Table) -> None:
    """The first debtor pays their first debt in full."""
    debt, t.debts = t.debts[0], t.debts[1:]
    if debt.creditor is None:
        t.pays_bank(debt.debtor, debt.amount, to_pot=debt.reason in TO_POT)
    else:
        t.pays_player(debt.debtor, debt.creditor, debt.amount)
    t.emit("debt_paid", player=debt.debtor, other=debt.creditor, amount=debt.amount, reason=debt.reason)


def may_declare_bankruptcy(state: GameState | Table, debt: Debt) -> bool:
    """Bankruptcy is open only to a debtor who could not pay even by selling every building and
    mortgaging every lot: nobody goes bankrupt with money still to raise."""
    owed = sum(d.amount for d in state.debts if d.debtor == debt.debtor)
    seat = debt.debtor
    could_raise = (
        state.players[seat].cash + buildings.sale_value(state, seat) + mortgages.mortgage_value(state, seat)
    )
    return could_raise < owed


def declare_bankruptcy(t: Table) -> None:
    """The first debtor leaves the game; everything goes to the creditor of that debt.

    To a player: buildings are sold to the bank at half price, then all cash, lots and jail cards
    go to the creditor, who pays the interest on mortgaged lots at once and lifts or keeps each.
    To the bank: buildings and lots return to the bank (lots unmortgaged and put up for auction in
    board order), cash to the bank, jail cards to the bottom of their decks.
    """
    debt = t.debts[0]
    seat, creditor = debt.debtor, debt.creditor
    cards = t.players[seat].jail_cards
    lots = [i for i, o in enumerate(t.owner) if o == seat]
    for i in lots:
        if t.buildings[i]:
            buildings.sell(t, seat, i, 0)
    cash = t.cash(seat)
    if creditor is None:
        t.pays_bank(seat, cash)
        for i in lots:
            t.set_owner(i, None)
            t.set_mortgaged(i, False)
        if t.rules.auction.enabled:
            t.auction_queue = tuple(sorted({*t.auction_queue, *lots}))
        for card in cards:
            t.deck(card.deck).append(card.index)
    else:
        t.pays_player(seat, creditor, cash)
        for i in lots:
            t.set_owner(i, creditor)
        t.update_player(creditor, jail_cards=t.players[creditor].jail_cards + cards)
    t.update_player(seat, bankrupt=True, jail_cards=(), in_jail=False, jail_attempts=0)
    t.debts = tuple(d for d in t.debts if seat not in (d.debtor, d.creditor))
    t.mortgage_choices = tuple(c for c in t.mortgage_choices if c.seat != seat)
    t.eliminated = (*t.eliminated, seat)
    t.emit("bankrupt", player=seat, other=creditor, amount=cash)
    if creditor is not None:
        receive_mortgaged(t, creditor, lots)


def receive_mortgaged(t: Table, seat: int, squares: list[int]) -> None:
    """Mortgaged lots just received (trade, bankruptcy): interest now, then lift or keep, lot by lot."""
    for square in squares:
        if t.mortgaged[square]:
            charge(t, seat, None, mortgages.interest(t, square), "interest", square=square)
            t.mortgage_choices = (*t.mortgage_choices, MortgageChoice(seat=seat, square=square))


def net_worth(h: Holdings, seat: int) -> int:
    """Cash + printed prices of unmortgaged lots + mortgage value of mortgaged ones + buildings at cost."""
    total = h.players[seat].cash
    for i, owner in enumerate(h.owner):
        if owner != seat:
            continue
        sq = h.board.property(i)
        total += sq.mortgage if h.mortgaged[i] else sq.price
        if isinstance(sq, Street):
            total += h.buildings[i] * sq.house_cost
    return total
