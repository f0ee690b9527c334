"""Snapshots of where positions show up: a game started from one, the replay showing each step's
position (folded between its parts), and the position dialog (see tests/test_app_snapshots.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from monopoly_tui.app import MonopolyApp
from monopoly_tui.boardfile import load_board
from monopoly_tui.engine import Roll, from_position
from monopoly_tui.session import PLAYER_COLORS, PLAYER_TOKENS, GameSession, Seat

SnapCompare = Callable[..., bool]
MIDGAME = (
    'MPN1 Аня:820000@11+chance7 "Борис Годунов":1100000@24 turn=1 round=9 own=1:0,3:0,11:0,21:1m,23:1,24:1 '
    "seed=4"
)


def test_a_game_from_a_position(snap_compare: SnapCompare) -> None:
    app = MonopolyApp(load_board(), position=from_position(MIDGAME, load_board()), autosave=False)
    assert snap_compare(app, terminal_size=(120, 36))


def saved_game(folder: Path) -> Path:
    board = load_board()
    start = from_position(MIDGAME, board)
    seats = [
        Seat(name=p.name, token=PLAYER_TOKENS[i], color=PLAYER_COLORS[i]) for i, p in enumerate(start.players)
    ]
    session = GameSession.start(board, seats, seed=start.seed, position=start)
    session.save_path = folder / "midgame.json"
    session.act(Roll(player=1, dice=(2, 3)))
    return session.save_path


def test_replay_shows_the_position_of_the_step(snap_compare: SnapCompare, tmp_path: Path) -> None:
    app = MonopolyApp(load_board(), replay=saved_game(tmp_path), autosave=False)
    assert snap_compare(app, terminal_size=(120, 36), press=["right"])


def test_the_position_dialog(snap_compare: SnapCompare, tmp_path: Path) -> None:
    app = MonopolyApp(load_board(), replay=saved_game(tmp_path), autosave=False)

    async def show(pilot: Pilot[Any]) -> None:
        await pilot.pause()
        await pilot.press("p")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=show)
