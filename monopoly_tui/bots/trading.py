"""Trades as a bot sees them: what an offer does to both sides' worth; groups a trade would complete."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import GameState, ProposeTrade
from ..engine.mortgages import interest
from .valuation import Appraiser, View, completes_group, lots_of


def view_after(state: GameState, offer: ProposeTrade) -> View:
    """The holdings and cash once the offer is carried out (interest on mortgaged lots received paid)."""
    p, q = offer.player, offer.partner
    owner = {square: q for square in offer.give.lots} | {square: p for square in offer.take.lots}
    cash_p, cash_q = _cash_changes(state, offer)
    return View.of(state).with_owner(owner).with_cash({p: cash_p, q: cash_q})


def _cash_changes(state: GameState, offer: ProposeTrade) -> tuple[int, int]:
    """How the proposer's and the partner's cash change (interest on mortgaged lots received paid)."""
    owed_p = sum(interest(state, i) for i in offer.take.lots if state.mortgaged[i])
    owed_q = sum(interest(state, i) for i in offer.give.lots if state.mortgaged[i])
    return (
        offer.take.cash - offer.give.cash - owed_p,
        offer.give.cash - offer.take.cash - owed_q,
    )


def gains(appraiser: Appraiser, state: GameState, offer: ProposeTrade) -> tuple[int, int]:
    """How much the proposer and the partner each gain by the offer, in the appraiser's eyes."""
    give, take = offer.give, offer.take
    lots_p, lots_q = lot_gains(appraiser, state, offer.player, offer.partner, give.lots, take.lots)
    cash = take.cash - give.cash
    cards = appraiser.jail_card * (len(take.jail_cards) - len(give.jail_cards))
    return lots_p + cash + cards, lots_q - cash - cards


def lot_gains(
    appraiser: Appraiser, state: GameState, p: int, q: int, give: tuple[int, ...], take: tuple[int, ...]
) -> tuple[int, int]:
    """What p handing the lots `give` to q, and q the lots `take` to p, gains each of them, interest on
    mortgaged lots received paid: an offer's gains are these plus the cash and cards it moves.

    Worth counts cash one for one, and the rest of the board is the same on both sides of the offer: the
    gain is the change in worth of the lots that change hands (Appraiser.worth_change)."""
    owner: dict[int, int | None] = {square: q for square in give}
    owner.update({square: p for square in take})
    mortgaged = state.mortgaged
    owed_p = sum(interest(state, i) for i in take if mortgaged[i])
    owed_q = sum(interest(state, i) for i in give if mortgaged[i])
    return (
        appraiser.worth_change(state, p, owner) - owed_p,
        appraiser.worth_change(state, q, owner) - owed_q,
    )


@dataclass(frozen=True, slots=True)
class Wish:
    """A colour group seat could complete by trade: the streets it lacks, all held by one partner."""

    group: tuple[int, ...]
    partner: int
    lots: tuple[int, ...]


def swap_lots(state: GameState, seat: int, wish: Wish) -> list[int]:
    """Streets of seat that would complete one of the partner's colour groups (other than the wished one)."""
    return [
        i for i in lots_of(state, seat) if i not in wish.group and completes_group(state, wish.partner, i)
    ]
