"""When «Мастер» looks for deals: on every turn of its own."""

from __future__ import annotations

from factory import make_state
from test_master import ORANGE, RICH, master


def test_deals_are_looked_for_again_on_every_turn_of_its_own() -> None:
    """The holdings unchanged, the master looks for deals again on its next turn (a round later: the
    cash may have moved their prices), not only every few rounds; never twice in the same turn."""
    state = make_state(4, owners=ORANGE, cash=RICH)
    bot = master(0)
    bot.manage(state, 0)
    assert bot.looked_ahead == 1
    bot.manage(state, 0)
    assert bot.looked_ahead == 1
    bot.manage(state._replace(round=state.round + 1), 0)
    assert bot.looked_ahead == 2
