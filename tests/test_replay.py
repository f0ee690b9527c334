"""Replay: step through a saved game with the board as it was at each action."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

from factory import board
from playout import choose

from monopoly_tui.app import MonopolyApp
from monopoly_tui.app.replay import ReplayScreen
from monopoly_tui.engine import Rules, replay
from monopoly_tui.saves import new_save_path
from monopoly_tui.session import PLAYER_COLORS, PLAYER_TOKENS, GameSession, Seat


def saved_game(actions: int = 120) -> tuple[Path, GameSession]:
    seats = [Seat(n, PLAYER_TOKENS[i], PLAYER_COLORS[i]) for i, n in enumerate(["Аня", "Борис", "Вера"])]
    game = GameSession.start(board(), seats, seed=9, rules=Rules.model_validate({"end": {"turn_limit": 50}}))
    game.save_path = new_save_path(["Аня", "Борис", "Вера"])
    chooser = random.Random(9)
    for _ in range(actions):
        if game.state.is_over:
            break
        game.act(choose(game.state, chooser))
    return game.save_path, game


async def test_replay_steps_forward_back_and_to_a_round() -> None:
    path, game = saved_game()
    app = MonopolyApp(board(), replay=path, autosave=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.session.state == replay(board(), game.record, upto=0)
        await pilot.press("right", "right", "right", "right", "right")
        assert screen.step == 5 and screen.session.state == replay(board(), game.record, upto=5)
        await pilot.press("left")
        assert screen.session.state == replay(board(), game.record, upto=4)
        await pilot.press("end")
        assert screen.session.state == game.state
        await pilot.press("home", "3", "enter")
        assert screen.session.state.round == 3
        assert screen.states[screen.step - 1].round == 2
        await pilot.press("escape")
    assert app.return_code == 0


def test_replay_of_a_broken_file_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "x.json"
    bad.write_text("not json", encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "monopoly_tui", "replay", str(bad)], capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 2 and "x.json" in out.stderr and "Traceback" not in out.stderr
    assert bad.read_text(encoding="utf-8") == "not json"
