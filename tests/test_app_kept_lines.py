"""What the screen shows after a key press is what the game is now, although the lines a widget gave the
screen before are handed over again while nothing in it was refreshed, and a line showing what it showed
there before is the one Textual finished then (app/rows.py, `KeptLines`): a square a token left, a square
bought, a button with a new label, a theme changed: each is drawn as it is now, never as it was."""

from __future__ import annotations

from typing import Any

from pilots import enter_game
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from monopoly_tui.app import MonopolyApp
from monopoly_tui.app.board import SquareCell
from monopoly_tui.app.panels import ChoiceButton
from monopoly_tui.app.rows import KeptLines
from monopoly_tui.boardfile import load_board

START, BALTIC = 0, 3
"""«Вперёд», and the lot three squares on (a throw of 1 and 2 lands there, for sale)."""


def shown(widget: Widget) -> list[Strip]:
    """The widget's lines as the screen gets them (the lines kept, where they are kept)."""
    return widget.render_lines(Region(0, 0, widget.outer_size.width, widget.outer_size.height))


def shown_text(widget: Widget) -> str:
    return "\n".join(strip.text for strip in shown(widget))


def drawn_now(widget: KeptLines) -> list[Strip]:
    """The widget's lines worked out afresh for what it holds now (by Textual; a button without a choice
    blank), nothing kept."""
    widget.refresh()
    return widget.finish_lines(Region(0, 0, widget.outer_size.width, widget.outer_size.height))


def assert_every_kept_line_is_current(app: MonopolyApp) -> None:
    """Every widget that keeps its lines hands the screen what Textual draws for it now."""
    widgets = [w for w in app.screen.query("*") if isinstance(w, KeptLines) and w.display and w.size]
    assert len(widgets) > 40  # the forty squares, the panels, the buttons, the key bar
    for widget in widgets:
        assert shown(widget) == drawn_now(widget), widget


async def start(pilot: Any) -> tuple[MonopolyApp, SquareCell, SquareCell]:
    app = await enter_game(pilot)
    await pilot.pause()
    screen = app.screen
    return (
        app,
        screen.query_one(f"#square-{START}", SquareCell),
        screen.query_one(f"#square-{BALTIC}", SquareCell),
    )


async def thrown(pilot: Any) -> tuple[MonopolyApp, SquareCell, SquareCell]:
    """The game started and its first throw (1 and 2) made: the first player stands on the lot for sale."""
    app, start_cell, lot_cell = await start(pilot)
    await pilot.press("r")
    await pilot.pause()
    return app, start_cell, lot_cell


async def test_a_throw_redraws_the_square_left_and_the_square_reached() -> None:
    app = MonopolyApp(load_board(), seed=42, dice=[(1, 2)], autosave=False)
    async with app.run_test(size=(120, 36)) as pilot:
        app, start_cell, lot_cell = await start(pilot)
        assert app.session is not None
        token = app.session.seats[0].token
        before_start, before_lot = shown_text(start_cell), shown_text(lot_cell)
        assert token in before_start and token not in before_lot
        await pilot.press("r")
        await pilot.pause()
        assert app.session.state.players[0].position == BALTIC
        assert token not in shown_text(start_cell) and shown_text(start_cell) != before_start
        assert token in shown_text(lot_cell)
        assert_every_kept_line_is_current(app)


async def test_a_purchase_redraws_the_square_bought_and_the_buttons() -> None:
    app = MonopolyApp(load_board(), seed=42, dice=[(1, 2)], autosave=False)
    async with app.run_test(size=(120, 36)) as pilot:
        app, _, lot_cell = await thrown(pilot)
        buttons = [b for b in app.screen.query(ChoiceButton) if b.choice is not None]
        offer = "\n".join(shown_text(b) for b in buttons)
        assert "[b]" in offer and "[r]" not in offer  # the throw's buttons now offer the lot
        for_sale = shown_text(lot_cell)
        await pilot.press("b")
        await pilot.pause()
        assert app.session is not None and app.session.state.owner[BALTIC] == 0
        assert shown_text(lot_cell) != for_sale  # the price gave way to the owner
        assert "[b]" not in "\n".join(shown_text(b) for b in app.screen.query(ChoiceButton))
        assert_every_kept_line_is_current(app)


async def test_after_a_new_theme_every_line_is_drawn_in_it() -> None:
    app = MonopolyApp(load_board(), seed=42, dice=[(1, 2)], autosave=False)
    async with app.run_test(size=(120, 36)) as pilot:
        app, _, lot_cell = await thrown(pilot)
        dark = shown(lot_cell)
        app.theme = "textual-light"
        await pilot.pause()
        assert shown(lot_cell) != dark
        assert_every_kept_line_is_current(app)


async def test_a_button_the_focus_leaves_is_drawn_unfocused() -> None:
    """The focus moving changes how two buttons look, not what they say."""
    app = MonopolyApp(load_board(), seed=42, dice=[(1, 2)], autosave=False)
    async with app.run_test(size=(120, 36)) as pilot:
        app, _, _ = await start(pilot)
        throw = app.focused
        assert isinstance(throw, ChoiceButton) and throw.choice is not None and throw.choice.key == "r"
        focused = shown(throw)
        await pilot.press("tab")
        await pilot.pause()
        assert app.focused is not throw and shown(throw) != focused
        assert_every_kept_line_is_current(app)
        await pilot.press("shift+tab")
        await pilot.pause()
        assert app.focused is throw and shown(throw) == focused
        assert_every_kept_line_is_current(app)
