"""The command palette (Ctrl+P) in Russian with our commands only, the theme chosen there or by --theme."""

from __future__ import annotations

from typing import Any

import pytest
from textual.command import CommandInput, CommandList, CommandPalette
from textual.pilot import Pilot

from monopoly_tui.app import MonopolyApp
from monopoly_tui.boardfile import load_board
from monopoly_tui.cli import main
from monopoly_tui.locale import tr
from monopoly_tui.session import PLAYER_COLORS, Seat


def shown_commands(app: MonopolyApp) -> list[str]:
    listing = app.screen.query_one(CommandList)
    return [str(listing.get_option_at_index(i).prompt).split("\n")[0] for i in range(listing.option_count)]


async def open_palette(pilot: Pilot[Any]) -> None:
    await pilot.press("ctrl+p")
    await pilot.pause(0.3)  # the palette gathers its commands in a worker
    assert isinstance(pilot.app.screen, CommandPalette)


async def test_the_palette_offers_our_commands_in_russian_on_the_title_screen() -> None:
    app = MonopolyApp(load_board(), autosave=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await open_palette(pilot)
        assert app.screen.query_one(CommandInput).placeholder == tr("palette.placeholder")
        commands = shown_commands(app)
        assert set(commands) == {
            tr("palette.theme"),
            tr("palette.rules"),
            tr("palette.language.en"),
            tr("palette.quit"),
        }
        await pilot.press("escape")
        assert not isinstance(app.screen, CommandPalette)


async def test_in_a_game_with_computers_the_palette_sets_their_pace() -> None:
    app = MonopolyApp(load_board(), seed=1, autosave=False)
    async with app.run_test(size=(120, 36)) as pilot:
        seats = [Seat("Аня", "●", PLAYER_COLORS[0]), Seat("Робот", "▲", PLAYER_COLORS[1], bot="simple")]
        app.start_game(seats, 5, app.rules)
        await pilot.pause()
        await open_palette(pilot)
        commands = shown_commands(app)
        assert tr("palette.pace.1") in commands and tr("palette.pace.2") in commands
        assert tr("palette.pace.0") not in commands  # the pace in force is not offered again
        await pilot.press(*tr("palette.pace.2"))
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert app.bot_speed == 2
        assert not isinstance(app.screen, CommandPalette)


async def test_the_theme_command_opens_the_themes_and_sets_one() -> None:
    app = MonopolyApp(load_board(), autosave=False)
    async with app.run_test(size=(120, 36)) as pilot:
        assert app.theme != "nord"
        await open_palette(pilot)
        await pilot.press(*tr("palette.theme"))
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause(0.3)
        assert isinstance(app.screen, CommandPalette)
        assert app.screen.query_one(CommandInput).placeholder == tr("palette.theme.placeholder")
        await pilot.press(*"nord")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert app.theme == "nord"


def test_an_unknown_theme_on_the_command_line_is_refused_with_the_names(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--theme", "no-such-theme"]) == 2
    err = capsys.readouterr().err
    assert "no-such-theme" in err and "nord" in err and "textual-light" in err
    assert main(["--theme", "nord"]) == 2  # a known theme gets as far as asking for a terminal
    assert "терминал" in capsys.readouterr().err


async def test_a_theme_given_to_the_app_is_the_one_shown() -> None:
    app = MonopolyApp(load_board(), theme="solarized-light", autosave=False)
    async with app.run_test(size=(120, 36)):
        assert app.theme == "solarized-light"
        assert app.current_theme.dark is False


async def test_a_search_that_finds_nothing_says_so_in_russian() -> None:
    """Textual's own notice is English («No matches found»): a search that finds nothing shows one
    harmless line from the catalog instead, in the commands and in the themes, and choosing it only
    closes the palette."""
    app = MonopolyApp(load_board(), autosave=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await open_palette(pilot)
        await pilot.press(*"zzzz")
        await pilot.pause(1.0)  # longer than Textual waits before its own notice
        assert shown_commands(app) == [tr("palette.nothing_found")]
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, CommandPalette)
        await open_palette(pilot)
        await pilot.press(*tr("palette.theme"))
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause(0.3)
        await pilot.press(*"zzzz")
        await pilot.pause(1.0)
        assert shown_commands(app) == [tr("palette.nothing_found")]
        await pilot.press("backspace", "backspace", "backspace", "backspace", *"nord")
        await pilot.pause(0.5)
        assert tr("palette.nothing_found") not in shown_commands(app)
        assert "nord" in shown_commands(app)
