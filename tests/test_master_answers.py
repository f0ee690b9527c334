"""How sure «Мастер»'s playouts must be before it answers a trade otherwise than «Сильный»."""

from __future__ import annotations

from factory import make_state, play, roll
from test_bots import offered
from test_master import LIGHT, SHORT, master

from monopoly_tui.bots.master import ANSWER_DOUBT
from monopoly_tui.engine import Decline, TradeSide, apply


def test_an_answer_needs_more_standard_errors_than_the_other_decisions() -> None:
    """Offered cash for a street «Сильный» would keep, the master plays the answer out at the effort's
    confidence plus ANSWER_DOUBT standard errors (its other decisions at the effort's own)."""
    state = offered(TradeSide(cash=150_000), TradeSide(lots=(6,)), owners={6: 1, 8: 0, 9: 0}, cash=SHORT)
    bot = master(1)
    asked: list[float] = []
    choose = bot.lookahead.choose

    def spy(state, seat, choices, salt, effort=None):  # type: ignore[no-untyped-def]
        asked.append((effort or bot.effort).confidence)
        return choose(state, seat, choices, salt, effort)

    bot.lookahead.choose = spy  # type: ignore[method-assign]
    bot.choose(state, 1)
    assert ANSWER_DOUBT != 0 and asked == [LIGHT.confidence + ANSWER_DOUBT]


def test_an_auction_limit_keeps_the_efforts_confidence() -> None:
    state = play(make_state(3, owners={8: 1, 9: 1}), roll(0, 1, 5))
    auction = apply(state, Decline(player=0))
    bot = master(1)
    asked: list[float] = []
    choose = bot.lookahead.choose

    def spy(state, seat, choices, salt, effort=None):  # type: ignore[no-untyped-def]
        asked.append((effort or bot.effort).confidence)
        return choose(state, seat, choices, salt, effort)

    bot.lookahead.choose = spy  # type: ignore[method-assign]
    bot.choose(auction, 1)
    assert asked == [LIGHT.confidence]
