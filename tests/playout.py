"""A random player for playouts: legal choices only, with manage actions and trades mixed in."""

from __future__ import annotations

import random
from collections.abc import Sequence

from monopoly_tui.engine import (
    Action,
    Build,
    GameState,
    Mortgage,
    ProposeTrade,
    SellBuilding,
    SellDown,
    TradeSide,
    Unmortgage,
    current_actor,
    is_legal,
    legal_actions,
    managers,
)

MANAGE = (Build, SellBuilding, SellDown, Mortgage, Unmortgage)


def random_trade(state: GameState, seat: int, chooser: random.Random) -> ProposeTrade | None:
    """A random proposal from seat to another player, or None if the one drawn is not legal."""
    others = [s for s in state.active_seats if s != seat]
    if not others:
        return None
    partner = chooser.choice(others)

    def side(owner: int) -> TradeSide:
        lots = [i for i, o in enumerate(state.owner) if o == owner and chooser.random() < 0.3]
        cash = chooser.choice([0, 0, 10_000, 50_000, state.players[owner].cash // 4])
        cards = tuple(c.deck for c in state.players[owner].jail_cards if chooser.random() < 0.5)
        return TradeSide(lots=tuple(lots), cash=cash, jail_cards=cards)

    offer = ProposeTrade(player=seat, partner=partner, give=side(seat), take=side(partner))
    return offer if is_legal(state, offer) else None


def choose(state: GameState, chooser: random.Random, actions: Sequence[Action] | None = None) -> Action:
    """Mostly the current actor's moves; sometimes someone's manage action or a trade proposal.
    `actions`: the current actor's legal actions when the caller has them already (the same choice)."""
    actor = current_actor(state)
    assert actor is not None
    roll = chooser.random()
    if roll < 0.03:
        offer = random_trade(state, chooser.choice(managers(state)), chooser)
        if offer is not None:
            return offer
    if roll < 0.25:
        seat = chooser.choice(managers(state))
        own = [a for a in legal_actions(state, seat) if isinstance(a, MANAGE)]
        builds = [a for a in own if isinstance(a, Build)]
        if builds and chooser.random() < 0.8:
            return chooser.choice(builds)
        if own:
            return chooser.choice(own)
    if actions is None:
        actions = legal_actions(state)
    moves = [a for a in actions if not isinstance(a, MANAGE)]
    return chooser.choice(moves or actions)
