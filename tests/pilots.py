"""Driving the app the way a player does, in pilot tests: from the title screen into a game."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from monopoly_tui.app import MonopolyApp


async def game_ready(pilot: Pilot[Any]) -> MonopolyApp:
    """The app once its game screen is mounted and has focused its prompt's default (on a busy machine
    it may still be mounting when the key that started the game returns: a key pressed then waits in
    the queue and the test would look too early)."""
    app = pilot.app
    assert isinstance(app, MonopolyApp)
    for _ in range(400):
        session, screen = app.session, app.game_screen
        if (
            session is not None
            and screen is app.screen
            and screen is not None
            and screen.is_mounted
            and (app.focused is not None or session.bot_to_move() is not None)
        ):
            break
        await pilot.pause(0.05)
    await pilot.pause()
    return app


async def enter_game(pilot: Pilot[Any], *keys: str) -> MonopolyApp:
    """The title's «Новая игра», the setup's defaults started (two Enters), then the keys once the
    game is on the screen."""
    await pilot.press("enter", "enter")
    app = await game_ready(pilot)
    if keys:
        await pilot.press(*keys)
    return app


async def board_laid_out(pilot: Pilot[Any]) -> MonopolyApp:
    """The app once its game screen is laid out: every square's card has its size (on a busy machine the
    first layout may come a while after `run_test` returns, and a card read before it has no rows)."""
    app = pilot.app
    assert isinstance(app, MonopolyApp)
    for _ in range(400):
        screen = app.screen
        squares = list(screen.query(".square")) if screen.is_mounted else []
        if squares and all(square.outer_size.height and square.outer_size.width for square in squares):
            break
        await pilot.pause(0.05)
    else:
        raise AssertionError("the board's squares were never laid out")
    await pilot.pause()
    return app
