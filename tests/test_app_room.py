"""A window too small to play in: no dialog over the board takes keys behind «Окно слишком маленькое»."""

from __future__ import annotations

from factory import board
from pilots import enter_game
from textual.pilot import Pilot
from textual.widgets import DataTable, Static

from monopoly_tui.app import MonopolyApp
from monopoly_tui.app.board import BoardView
from monopoly_tui.app.dialogs import HandoffScreen
from monopoly_tui.app.manage import ManageScreen
from monopoly_tui.app.saves_screen import ConfirmScreen
from monopoly_tui.app.trade import TradeScreen
from monopoly_tui.engine import Buy, EndTurn, Roll
from monopoly_tui.session import GameSession


def notice_shown(app: MonopolyApp) -> bool:
    notices = app.screen.query(".room-notice").results(Static)
    return any(n.display and "слишком маленькое" in str(n.render()) for n in notices)


async def bought_first_lot(pilot: Pilot[None], app: MonopolyApp) -> GameSession:
    """A game entered from the title in which Игрок 1 has thrown 1 and 2 and bought Нагатинская, the
    token standing there (no walk left for a key to hurry); its session."""
    await enter_game(pilot)
    session = app.session
    assert session is not None
    app.act(Roll(player=0))
    app.act(Buy(player=0))
    app.screen.query_one(BoardView).finish_walk()
    await pilot.pause()
    return session


async def test_the_manage_screen_takes_no_keys_while_the_window_is_too_small() -> None:
    # Shrunk to 40x12 with the manage screen open, «g» still mortgaged a lot behind the notice.
    app = MonopolyApp(board(), seed=1, autosave=False, dice=[(1, 2)])
    async with app.run_test(size=(120, 36)) as pilot:
        session = await bought_first_lot(pilot, app)
        await pilot.press("m")
        assert isinstance(app.screen, ManageScreen)
        manage = app.screen
        await pilot.resize_terminal(40, 12)
        await pilot.pause()
        assert notice_shown(app) and app.focused is None
        before = session.state
        await pilot.press("g", "b", "u", "d", "enter", "left", "right", "escape")
        await pilot.pause()
        assert app.screen is manage and session.state is before
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not notice_shown(app) and isinstance(app.focused, DataTable)
        await pilot.press("g")  # big enough again: the same lot, its keys back
        await pilot.pause()
        assert session.state.mortgaged[3] or isinstance(app.screen, ConfirmScreen)


async def test_a_question_shrunk_out_of_sight_answers_nothing_and_keeps_its_harmless_default() -> None:
    app = MonopolyApp(board(), seed=1, autosave=False, dice=[(1, 2)])
    async with app.run_test(size=(120, 36)) as pilot:
        session = await bought_first_lot(pilot, app)
        await pilot.press("z")  # «take back the purchase?»
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        before = session.state
        await pilot.press("y", "н", "enter", "tab", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and session.state is before and notice_shown(app)
        await pilot.resize_terminal(120, 36)
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "no"
        await pilot.press("n")
        assert session.state is before and session.state.owner[3] == 0


async def test_a_handoff_or_trade_opened_while_the_window_is_small_waits_for_room() -> None:
    app = MonopolyApp(board(), seed=1, autosave=False, dice=[(1, 2)])
    async with app.run_test(size=(120, 36)) as pilot:
        await enter_game(pilot)
        session = app.session
        assert session is not None
        await pilot.resize_terminal(50, 15)
        await pilot.pause()
        app.act(Roll(player=0))
        app.act(Buy(player=0))
        app.act(EndTurn(player=0))  # the laptop goes to Игрок 2 while nobody can read the screen
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen) and notice_shown(app)
        handoff = app.screen
        await pilot.press("enter", "escape", "m", "t")
        await pilot.pause()
        assert app.screen is handoff
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.press("t")
        assert isinstance(app.screen, TradeScreen)
        trade = app.screen
        await pilot.resize_terminal(79, 24)
        await pilot.pause()
        await pilot.press("space", "ctrl+s", "escape")
        await pilot.pause()
        assert app.screen is trade and notice_shown(app) and session.state.phase != "trade"
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
