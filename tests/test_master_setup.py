"""«Компьютер: мастер» is offered in setup, and a game set up with it has a «Мастер» in that seat."""

from __future__ import annotations

from textual.widgets import Select

from monopoly_tui.app.app import MonopolyApp
from monopoly_tui.app.game_screen import GameScreen
from monopoly_tui.app.setup import SEAT_KINDS, SetupScreen
from monopoly_tui.boardfile import load_board
from monopoly_tui.bots import MasterBot


async def test_a_game_can_be_set_up_with_a_master_in_a_seat() -> None:
    app = MonopolyApp(load_board(), None, seed=42, dice=[], autosave=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("enter")  # Новая игра
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        kind = screen.query_one("#kind-1", Select)
        labels = [str(label) for label, _ in kind._options]
        assert "Компьютер: мастер" in labels
        kind.value = [bot for _, bot in SEAT_KINDS].index("master")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        session = app.session
        assert session is not None
        master = session.bots[1]
        assert isinstance(master, MasterBot) and master.seat == 1
        assert 0 not in session.bots  # the first seat is still a person
