"""Computer players who don't pester people: which trade offers a bot may make to a person.

A person at the laptop must take the laptop, read an offer and answer it: so a bot offers a person a
deal they refused (or a worse one) at most once, waits several rounds after any refusal before offering
that person anything, and never offers anything to a person who asked for no offers in setup. Offers
between computer players are not affected. What was refused is learnt from the game's own actions, so
a game replayed from its record (a loaded save) remembers the same refusals and goes on the same way.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..engine import Action, GameState, ProposeTrade, RejectTrade, TradeSide

WAIT_ROUNDS = 5
"""Rounds a bot waits, after a person refused its offer, before offering that person anything."""


def no_better(offer: TradeSide, refused: TradeSide) -> bool:
    """What offer gives is no more than what refused gave: no more cash, no lot or card beyond it."""
    return (
        offer.cash <= refused.cash
        and set(offer.lots) <= set(refused.lots)
        and not Counter(offer.jail_cards) - Counter(refused.jail_cards)
    )


def no_less(offer: TradeSide, refused: TradeSide) -> bool:
    """What offer asks is at least what refused asked."""
    return (
        offer.cash >= refused.cash
        and set(offer.lots) >= set(refused.lots)
        and not Counter(refused.jail_cards) - Counter(offer.jail_cards)
    )


@dataclass
class Courtesy:
    """The table's manners for the bots' offers to people (one per game in the app)."""

    people: frozenset[int]
    """Seats played by people."""
    no_offers: frozenset[int] = frozenset()
    """People who asked computer players not to offer them trades."""
    refused: dict[int, list[tuple[int, ProposeTrade]]] = field(default_factory=dict)
    """For each person, the bots' offers they refused, with the round of the refusal."""

    def allows(self, state: GameState, offer: ProposeTrade) -> bool:
        """May this (computer player's) offer be made now?"""
        partner = offer.partner
        if partner not in self.people:
            return True
        if partner in self.no_offers:
            return False
        for round_, refused in self.refused.get(partner, ()):
            if refused.player != offer.player:
                continue
            if state.round - round_ < WAIT_ROUNDS:
                return False
            if no_better(offer.give, refused.give) and no_less(offer.take, refused.take):
                return False
        return True

    def note(self, before: GameState, action: Action) -> None:
        """Learn from an action just applied to before: a person refusing a bot's offer."""
        offer = before.trade
        people = self.people
        if (
            isinstance(action, RejectTrade)
            and offer
            and offer.player not in people
            and offer.partner in people
        ):
            self.refused.setdefault(offer.partner, []).append((before.round, offer))
