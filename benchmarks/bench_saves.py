"""Save benchmark: `python benchmarks/bench_saves.py`. Prints figures; times nothing in tests.

Builds a save of a seeded random game of 2 000 actions (rich players and a far round limit, so the game
lasts), then measures the median of several runs of: load_save (read, check, replay every action), the
checks list_saves makes per file (everything but the replay), and write_save (the autosave after an
action, with its fsyncs).
"""

from __future__ import annotations

import argparse
import random
import shlex
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from monopoly_tui import saves
from monopoly_tui.boardfile import load_board
from monopoly_tui.engine import Board, GameRecord, GameState, Rules, apply, legal_actions, new_game
from monopoly_tui.saves import SaveSeat, load_save, write_save


def long_game(board: Board, actions: int, players: int, seed: int) -> tuple[GameState, GameRecord]:
    """A random game of exactly `actions` actions (the next seed if one ends sooner)."""
    rules = Rules.model_validate({"start": {"cash": 50_000_000}, "end": {"turn_limit": 100_000}})
    names = [f"Игрок {i + 1}" for i in range(players)]
    while True:
        chooser = random.Random(seed)
        state = new_game(board, names, seed=seed, rules=rules)
        record = GameRecord.start(state)
        while len(record.actions) < actions and not state.is_over:
            action = chooser.choice(legal_actions(state))
            state = apply(state, action)
            record = record.add(action)
        if len(record.actions) == actions:
            return state, record
        seed += 1


def median_ms(run: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


def main() -> None:
    print("$ python " + shlex.join(sys.argv))
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--actions", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()

    board = load_board()
    state, record = long_game(board, args.actions, args.players, args.seed)
    seats = [SaveSeat(name=p.name, token="●", color="#ffffff") for p in state.players]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.json"
        write_save(path, board=board, seats=seats, state=state, record=record)
        size = path.stat().st_size
        loaded = load_save(path, board)
        assert loaded.state == state, "the loaded game differs from the saved one"

        load = median_ms(lambda: load_save(path, board), args.runs)
        check = median_ms(lambda: saves._check(path, saves._read(path), board), args.runs)
        write = median_ms(
            lambda: write_save(path, board=board, seats=seats, state=state, record=record), args.runs
        )

    print(
        f"A save of {len(record.actions)} actions ({args.players} random players, round {state.round}), "
        f"{size / 1024:.0f} KB; median of {args.runs} runs:"
    )
    print(f"  load_save (read, check, replay):  {load:7.1f} ms")
    print(f"  list_saves checks (no replay):    {check:7.1f} ms")
    print(f"  write_save (autosave, fsynced):   {write:7.1f} ms")


if __name__ == "__main__":
    main()
