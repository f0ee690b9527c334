"""Text from people and files is data, never markup: names and board texts with Rich/Textual markup
in them are shown exactly as written, on every screen a game passes through, and crash nothing."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget
from textual.widgets import DataTable, Input, Static

from monopoly_tui.app import MonopolyApp
from monopoly_tui.app.dialogs import HandoffScreen
from monopoly_tui.app.game_screen import GameScreen
from monopoly_tui.app.gameover import SETTLE, GameOverScreen
from monopoly_tui.app.manage import ManageScreen
from monopoly_tui.app.plain import plain
from monopoly_tui.app.replay import ReplayScreen
from monopoly_tui.app.saves_screen import LoadScreen
from monopoly_tui.boardfile import default_board_path, load_board_text
from monopoly_tui.engine import Rules
from monopoly_tui.names import normalise_name, printable

SQUARE = "Нагатинская [/] улица"
SHORT = "Нага [b]"
NAMES = ("x [/]", "[AI] Bob")


def hostile_board_text() -> str:
    text = default_board_path().read_text(encoding="utf-8")
    text = text.replace("name: Нагатинская улица", f'name: "{SQUARE}"', 1)
    return text.replace("short: Нагатинская\n", f'short: "{SHORT}"\n', 1)


def shown(widget: Widget) -> str:
    return str(widget.render())


async def test_markup_in_names_and_square_names_is_shown_as_written_through_a_whole_round() -> None:
    board = load_board_text(hostile_board_text())
    rules = Rules.model_validate({"end": {"turn_limit": 1}})
    app = MonopolyApp(board, rules, seed=1, dice=[(1, 2), (2, 1)])
    async with app.run_test(size=(120, 36)) as pilot:

        async def press(*keys: str) -> None:
            for key in keys:
                await pilot.press(key)
                await pilot.pause()

        await press("enter")  # Новая игра
        for n, name in enumerate(NAMES):
            app.screen.query_one(f"#name-{n}", Input).value = name
        await pilot.click("#start")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        session = app.session
        assert session is not None
        assert [p.name for p in session.state.players] == list(NAMES)

        await press("r")  # x [/] throws 1+2 onto the street whose name has markup
        assert shown(app.screen.query_one("#prompt-title")).startswith(f"x [/], купить «{SQUARE}»")
        await press("n")  # declined: the auction, among the others
        assert shown(app.screen.query_one("#prompt-title")).startswith("[AI] Bob,")
        await press("plus", "enter")  # [AI] Bob chooses the minimum bid, places it and wins
        assert session.state.owner[3] == 1
        log = "\n".join(session.log)
        assert SQUARE in log and "[AI] Bob" in log
        await press("e")
        assert isinstance(app.screen, HandoffScreen)
        assert shown(app.screen.query_one("#handoff-title")).endswith("[AI] Bob")

        await press("m")  # the manage screen lists the street by its full name
        assert isinstance(app.screen, ManageScreen)
        table = app.screen.query_one("#lots", DataTable)
        cells = [str(table.get_row_at(r)[0]) for r in range(table.row_count)]
        assert SQUARE in cells
        await press("escape", "enter")
        assert isinstance(app.screen, GameScreen)
        await press("r", "e")  # [AI] Bob: 2+1 onto his own street; the round limit ends the game
        assert isinstance(app.screen, GameOverScreen)
        assert shown(app.screen.query_one("#winner")).count("[") == 1  # «x [/]» or «[AI] Bob», whole
        assert session.save_path is not None
        path = session.save_path

        await pilot.pause(SETTLE)
        await press("enter")  # back to the title; the saves list names the players as written
        app.open_load()
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        table = app.screen.query_one("#saves", DataTable)
        assert str(table.get_row_at(0)[1]) == "x [/], [AI] Bob"
        app.replay_game(path)
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await press("right")
        await press("right")
        assert "x [/]" in shown(app.screen.query_one("#replay-events", Static))


def test_plain_text_keeps_markup_and_drops_what_a_terminal_would_obey() -> None:
    assert plain("[bold]x[/]").plain == "[bold]x[/]"
    assert isinstance(plain("a"), Text)
    assert printable("a\x1b[2Jb\u202ec\x07\nd\te") == "a[2Jbc\nd\te"
    assert normalise_name("  Аня \n Борисовна\u200f ") == "Аня Борисовна\u200f"
    assert normalise_name("\x1b\u202e") == ""
    assert normalise_name("Е\u0308ж") == "Ёж"  # one spelling (NFC), as setup and saves compare


async def test_a_refusal_naming_a_square_is_shown_as_written_and_crashes_nothing() -> None:
    """The manage screen's ««Нагатинская [/] улица» не в залоге.» went to a notification as markup: the
    app ended with a MarkupError. Refusals are data in notifications and in the trade composer."""
    from screen_check import read_screen

    from monopoly_tui.engine import from_position

    board = load_board_text(hostile_board_text())
    state = from_position('MPN1 "x [/]":1500000@0 Борис:1500000@0 turn=0 own=3:0 seed=3', board)
    app = MonopolyApp(board, position=state, autosave=False)
    async with app.run_test(size=(120, 36), notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, ManageScreen) and app.screen.selected() == 3
        await pilot.press("u")  # lift the mortgage of a street not mortgaged
        await pilot.pause(0.3)
        assert app.is_running and isinstance(app.screen, ManageScreen)
        shown_text = read_screen(app).text().replace("\u00a0", " ")
        assert f"«{SQUARE}» не в залоге." in shown_text
