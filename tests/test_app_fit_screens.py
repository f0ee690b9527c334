"""Every screen beside the board at every supported size, checked as the board is (tests/test_app_fit.py):
the title, setup with eight players and its rules, the rules screen, the palettes, the manage screen
for every player of a full table, the trade composer with an offer made up, game over, the replay and
the position dialog, the saves list with long names and a broken file."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.text import Text
from table import LONG_NAMES, late_game, offer
from test_app_fit import SIZES, game_app, through_every_size
from textual.pilot import Pilot
from textual.widgets import Input, SelectionList

from monopoly_tui.app import MonopolyApp
from monopoly_tui.app.gameover import GameOverScreen
from monopoly_tui.app.prompts import trade_summary
from monopoly_tui.app.trade import TradeScreen, option_label
from monopoly_tui.boardfile import load_board
from monopoly_tui.engine import (
    AcceptTrade,
    Buy,
    EndTurn,
    KeepMortgage,
    ProposeTrade,
    Roll,
    TradeSide,
    from_position,
)
from monopoly_tui.saves import saves_dir
from monopoly_tui.session import PLAYER_COLORS, PLAYER_TOKENS, GameSession, Seat

PLACEHOLDERS = ("Найти команду…", "Найти тему…")
"""Texts that end in «…» themselves."""


async def started(pilot: Pilot[object]) -> MonopolyApp:
    await pilot.pause()
    app = pilot.app
    assert isinstance(app, MonopolyApp)
    return app


async def test_the_title_screen_fits_every_size() -> None:
    async with MonopolyApp(load_board(), autosave=False).run_test(size=SIZES[0]) as pilot:
        await started(pilot)
        assert await through_every_size(pilot) == {}


async def test_setup_with_eight_players_fits_every_size_from_its_top_to_its_rules() -> None:
    async with MonopolyApp(load_board(), seed=123456, autosave=False).run_test(size=SIZES[0]) as pilot:
        await started(pilot)
        await pilot.press("enter")
        screen = pilot.app.screen
        assert screen.__class__.__name__ == "SetupScreen"
        for _ in range(6):
            screen.action_add_player()  # type: ignore[attr-defined]
        await pilot.pause()
        assert await through_every_size(pilot) == {}
        scroll = screen.query_one("#setup")
        scroll.scroll_end(animate=False)
        await pilot.pause()
        assert await through_every_size(pilot) == {}


async def test_the_rules_screen_and_the_palettes_fit_every_size() -> None:
    async with game_app(late_game()).run_test(size=SIZES[0]) as pilot:
        app = await started(pilot)
        await pilot.press("question_mark")
        assert app.screen.__class__.__name__ == "RulesScreen"
        assert await through_every_size(pilot) == {}
        await pilot.press("escape")
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert app.screen.__class__.__name__ == "CommandPalette"
        assert await through_every_size(pilot, PLACEHOLDERS) == {}
        await pilot.press("escape")
        from monopoly_tui.app.commands import open_themes

        open_themes(app)
        await pilot.pause()
        assert await through_every_size(pilot, PLACEHOLDERS) == {}


async def test_the_manage_screen_of_every_player_fits_every_size() -> None:
    async with game_app(late_game()).run_test(size=SIZES[0]) as pilot:
        app = await started(pilot)
        await pilot.press("m")
        assert app.screen.__class__.__name__ == "ManageScreen"
        found = {}
        for seat in range(8):
            for size, faults in (await through_every_size(pilot)).items():
                found[(seat, size)] = faults
            await pilot.press("right")
        assert found == {}
        await pilot.press("d")  # sell the group's buildings (Анастасия's houses): the question first
        assert app.screen.__class__.__name__ == "ConfirmScreen"
        assert await through_every_size(pilot) == {}


async def test_the_trade_composer_with_an_offer_made_up_fits_every_size() -> None:
    async with game_app(late_game()).run_test(size=SIZES[0]) as pilot:
        app = await started(pilot)
        await pilot.press("t")
        assert app.screen.__class__.__name__ == "TradeScreen"
        assert await through_every_size(pilot) == {}
        # lots and cash both ways, as the summary shows them
        await pilot.press("space", "down", "space", "tab", "2", "5", "0", "0", "0", "0", "0", "tab")
        await pilot.press("down", "space", "tab", *"1250000")
        await pilot.pause()
        assert await through_every_size(pilot) == {}


TRADE_OF_LONG_NAMES = (
    "MPN1 Аня:303187@24 Борис:212250@10 Вера:493000@12 Глеб:315563@26 turn=2 round=17 "
    "own=12:0,15:0,16:0m,18:0,19:0,21:0m,24:1,35:0,37:0,39:0m seed=5"
)
"""Вера to trade with Аня, whose lots have the longest names (Электростанция, Гоголевский бульвар, …)."""


async def test_the_trade_composers_lists_of_long_named_lots_cut_no_price_at_any_size() -> None:
    # At 80x24 a list had room for 25 cells and «Электростанция  150 000 ₽» took 28: it showed
    # «Электростанция  150 00…». Now the price is «150 тыс.» there, or left to the summary.
    state = from_position(TRADE_OF_LONG_NAMES, load_board())
    async with game_app(state).run_test(size=SIZES[0]) as pilot:
        app = await started(pilot)
        await pilot.press("t")
        screen = app.screen
        assert isinstance(screen, TradeScreen)
        assert await through_every_size(pilot) == {}
        await pilot.resize_terminal(*SIZES[0])
        await pilot.pause()
        take = screen.query_one("#take", SelectionList)
        room = TradeScreen.room(take)
        labels = [take.get_option_at_index(i).prompt for i in range(take.option_count)]
        assert room is not None
        assert all(isinstance(label, Text) and label.cell_len <= room for label in labels)
        # the composer takes the whole 80x24 window now: the whole price has room there
        assert str(labels[0]) == "   Электростанция  150\u00a0000\u00a0₽"
        # where a list has the 25 cells it had in a frame of 96 %, the price is left to the summary
        narrow = [str(option_label(state, f"lot:{i}", 25)) for i in (12, 15)]
        assert narrow == ["   Электростанция", "   Курская ж/д  200\u00a0000\u00a0₽"]
        assert "«Электростанция» (150\u00a0000\u00a0₽)" in "".join(trade_summary_after_ticking(screen))


async def test_cash_typed_into_the_composer_stops_at_sixteen_digits_and_its_amount_stays_on_one_line() -> (
    None
):
    # A finger left on a key gave «10 000 099 999 999 … ₽» over three lines of the summary.
    state = from_position(TRADE_OF_LONG_NAMES, load_board())
    async with game_app(state).run_test(size=SIZES[0]) as pilot:
        app = await started(pilot)
        await pilot.press("t")
        screen = app.screen
        assert isinstance(screen, TradeScreen)
        cash = screen.query_one("#take-cash", Input)
        cash.focus()
        await pilot.press(*"1" * 40)
        await pilot.pause()
        assert cash.value == "1" * 16
        assert await through_every_size(pilot) == {}


def trade_summary_after_ticking(screen: TradeScreen) -> list[str]:
    """The summary's lines once the first lot asked for is ticked: the price left out of the list is there."""
    offer = ProposeTrade(player=2, partner=0, give=TradeSide(), take=TradeSide(lots=(12,)))
    return trade_summary(screen.session.state, offer)


async def test_game_over_with_eight_players_and_big_fortunes_fits_every_size() -> None:
    state = late_game(phase="game_over", winner=4, standings=(1, 7, 5, 3, 2, 6, 0))
    async with game_app(state).run_test(size=SIZES[0]) as pilot:
        app = await started(pilot)
        session = app.session
        assert session is not None
        worths = [tuple(1_500_000 + (seat - 3) * 10_000 * r for seat in range(8)) for r in range(37)]
        session.worth = [*worths, tuple(0 if seat != 4 else 14_600_000 for seat in range(8))]
        app.pop_screen()
        app.push_screen(GameOverScreen(session))
        await pilot.pause()
        assert await through_every_size(pilot) == {}


def saved_game(folder: Path, name: str = "late.json") -> Path:
    """A late game saved after a few actions (a trade, a throw, a purchase)."""
    state = late_game()
    seats = [Seat(p.name, PLAYER_TOKENS[i], PLAYER_COLORS[i]) for i, p in enumerate(state.players)]
    session = GameSession.start(load_board(), seats, seed=state.seed, position=state)
    session.save_path = folder / name
    session.act(offer())
    session.act(AcceptTrade(player=4))
    session.act(KeepMortgage(player=0, square=12))
    session.act(Roll(player=0, dice=(4, 6)))
    session.act(Buy(player=0))
    session.act(EndTurn(player=0))
    session.autosave()
    return session.save_path


async def test_the_replay_and_the_position_dialog_fit_every_size(tmp_path: Path) -> None:
    app = MonopolyApp(load_board(), replay=saved_game(tmp_path), autosave=False)
    async with app.run_test(size=SIZES[0]) as pilot:
        await started(pilot)
        assert app.screen.__class__.__name__ == "ReplayScreen"
        assert await through_every_size(pilot) == {}
        await pilot.press("right", "right", "right")
        assert await through_every_size(pilot) == {}
        await pilot.press("p")
        await pilot.pause()
        assert app.screen.__class__.__name__ == "PositionScreen"
        assert await through_every_size(pilot) == {}


@pytest.mark.parametrize("where", ["top", "broken file"])
async def test_the_saves_list_fits_every_size(where: str) -> None:
    folder = saves_dir()
    for n in range(3):
        saved_game(folder, f"2026-12-01_1{n}-00-00_{LONG_NAMES[n][:4]}.json")
    (folder / "broken.json").write_bytes(b'{"format_version": 1, "board_id": "ru-mos')
    async with MonopolyApp(load_board(), autosave=False).run_test(size=SIZES[0]) as pilot:
        app = await started(pilot)
        app.open_load()
        await pilot.pause()
        assert app.screen.__class__.__name__ == "LoadScreen"
        if where == "broken file":
            entries = app.screen.entries  # type: ignore[attr-defined]
            bad = next(i for i, e in enumerate(entries) if not e.readable)
            await pilot.press(*["down"] * bad)
        assert await through_every_size(pilot) == {}
