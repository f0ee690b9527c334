"""Saves in the app: every action is saved, Continue and Load bring a game back, bad files are
reported and left alone, and a kill signal ends the app cleanly with the game on disk."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from factory import board
from pilots import enter_game
from textual.widgets import OptionList, Static

from monopoly_tui.app import MonopolyApp
from monopoly_tui.app.game_screen import GameScreen
from monopoly_tui.app.saves_screen import ConfirmScreen, LoadScreen
from monopoly_tui.engine import Rules
from monopoly_tui.saves import list_saves, load_save, saves_dir


async def start_and_play(app: MonopolyApp, *keys: str) -> None:
    async with app.run_test(size=(120, 36)) as pilot:
        await enter_game(pilot, *keys)
        await pilot.pause()


async def test_every_action_is_saved_and_continue_brings_the_game_back() -> None:
    app = MonopolyApp(board(), seed=3, dice=[(1, 2)])
    await start_and_play(app, "r", "b")
    assert app.session is not None
    played = app.session.state
    saves = list(saves_dir().glob("*.json"))
    assert len(saves) == 1
    loaded = load_save(saves[0], board())
    assert loaded.state == played and len(loaded.record.actions) == 2

    again = MonopolyApp(board())
    async with again.run_test(size=(120, 36)) as pilot:
        menu = again.screen.query_one(OptionList)
        assert not menu.get_option("continue").disabled
        await pilot.press("down", "enter")  # Продолжить
        await pilot.pause()
        assert isinstance(again.screen, GameScreen)
        assert again.session is not None and again.session.state == played
        await pilot.press("e")  # the game goes on, and on disk
    assert len(load_save(saves[0], board()).record.actions) == 3


async def test_a_new_game_never_overwrites_another_save() -> None:
    await start_and_play(MonopolyApp(board(), seed=3), "r")
    await start_and_play(MonopolyApp(board(), seed=4), "r")
    assert len(list(saves_dir().glob("*.json"))) == 2


async def test_load_lists_unreadable_files_with_the_reason_and_leaves_them_alone() -> None:
    await start_and_play(MonopolyApp(board(), seed=3), "r")
    broken = saves_dir() / "broken.json"
    broken.write_bytes(b'{"format_version": 1, "board_id": "ru-mos')
    before = broken.read_bytes()
    app = MonopolyApp(board())
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("down", "down", "enter")  # Загрузить
        assert isinstance(app.screen, LoadScreen)
        entries = app.screen.entries
        assert [e.readable for e in entries].count(False) == 1
        bad = next(i for i, e in enumerate(entries) if not e.readable)
        await pilot.press(*["down"] * bad)
        await pilot.pause()
        detail = str(app.screen.query_one("#load-detail", Static).render())
        assert str(broken) in detail and f"не читается: {entries[bad].reason}" in detail  # in full
        await pilot.press("enter")
        assert isinstance(app.screen, LoadScreen)  # refused, with the reason shown
    assert broken.read_bytes() == before


async def test_deleting_a_save_asks_first() -> None:
    await start_and_play(MonopolyApp(board(), seed=3), "r")
    app = MonopolyApp(board())
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("down", "down", "enter", "d")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert len(list_saves(board())) == 1
        await pilot.press("d", "y")
        await pilot.pause()
    assert list_saves(board()) == []


async def test_ctrl_c_quits_with_the_game_saved() -> None:
    app = MonopolyApp(board(), seed=3, dice=[(1, 2)])
    async with app.run_test(size=(120, 36)) as pilot:
        await enter_game(pilot, "r", "b", "ctrl+c")
        await pilot.pause()
    assert app.return_code == 0
    path = next(saves_dir().glob("*.json"))
    assert len(load_save(path, board()).record.actions) == 2


@pytest.mark.parametrize(
    ("keys", "dialog"),
    [
        (("r", "b", "e"), "HandoffScreen"),
        (("m",), "ManageScreen"),
        (("t",), "TradeScreen"),
        (("?",), "RulesScreen"),
        (("r", "x"), "ConfirmScreen"),  # «объявить банкротство?», income tax owed with 100 000 ₽
    ],
    ids=["handoff", "manage", "trade composer", "rules", "the bankruptcy question"],
)
async def test_ctrl_q_quits_from_a_dialog_as_from_the_board_with_the_game_saved(
    keys: tuple[str, ...], dialog: str
) -> None:
    """The footer of the board says «^q Выход»: it holds over a dialog too (a modal screen hid the app's
    key), and quits as on the board: the game saved, nothing the dialog asked answered."""
    rules = Rules.model_validate({"start": {"cash": 100_000}})
    app = MonopolyApp(board(), rules, seed=3, dice=[(1, 3) if "x" in keys else (1, 2)])
    async with app.run_test(size=(120, 36)) as pilot:
        await enter_game(pilot, *keys)
        await pilot.pause()
        assert type(app.screen).__name__ == dialog
        assert app.session is not None
        played = app.session.state
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.return_code == 0  # quitting, not waiting for the end of the test
    saved = load_save(next(saves_dir().glob("*.json")), board())
    assert saved.state == played and not saved.state.is_over


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "monopoly_tui", *args], capture_output=True, text=True, timeout=60
    )


def test_load_of_a_broken_file_exits_2_with_the_reason_and_keeps_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "game.json"
    bad.write_text('{"hello": 1}', encoding="utf-8")
    out = run_cli("--load", str(bad))
    assert out.returncode == 2
    assert "game.json" in out.stderr and "Traceback" not in out.stderr
    assert any("а" <= ch <= "я" for ch in out.stderr.lower())
    assert bad.read_text(encoding="utf-8") == '{"hello": 1}'


def test_continue_without_a_game_says_so() -> None:
    out = run_cli("--continue")
    assert out.returncode == 2 and "Нет незаконченной игры" in out.stderr


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
async def test_a_kill_signal_ends_the_app_cleanly_with_the_game_saved(sig: signal.Signals) -> None:
    await start_and_play(MonopolyApp(board(), seed=3, dice=[(1, 2)]), "r", "b")
    path = next(saves_dir().glob("*.json"))
    before = path.read_bytes()
    ready = path.parent / "ready"
    code = (
        "from pathlib import Path; from monopoly_tui.boardfile import load_board; "
        "from monopoly_tui.app import MonopolyApp\n"
        "class App(MonopolyApp):\n"
        "    def on_mount(self):  # after MonopolyApp's own on_mount has set the signal handlers\n"
        f"        self.call_after_refresh(Path({str(ready)!r}).touch)\n"
        f"App(load_board(), start_with=Path({str(path)!r})).run(headless=True); print('bye')"
    )
    child = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    deadline = time.monotonic() + 120  # a busy machine may take long to start it; the signal waits for it
    while not ready.exists() and child.poll() is None and time.monotonic() < deadline:
        time.sleep(0.1)
    assert ready.exists() and child.poll() is None, child.stderr.read() if child.stderr else ""
    child.send_signal(sig)
    out, err = child.communicate(timeout=20)
    assert child.returncode == 0, err
    assert "bye" in out
    assert path.read_bytes() == before
    assert len(load_save(path, board()).record.actions) == 2
