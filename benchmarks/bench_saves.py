"""Save benchmark: `python benchmarks/bench_saves.py`. Prints figures; times nothing in tests.

Builds seeded random games (rich players and a far round limit, so a game lasts) and measures, each as
the median of several runs:

- an action and its autosave (GameSession.act: apply, the record, the fsynced atomic write) at action
  20, 2 000 and 20 000 of a game: the cost should not grow with the game;
- resuming a saved game of 20 000 actions (load_save: read, check, replay; then GameSession.resume);
- the list of saved games with 200 saves in the folder, 10 of them of 20 000 actions (cold: nothing
  cached from a previous listing).
"""

from __future__ import annotations

import argparse
import os
import random
import shlex
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable

from monopoly_tui.boardfile import load_board
from monopoly_tui.engine import Action, Board, GameRecord, GameState, Rules, apply, legal_actions, new_game
from monopoly_tui.saves import DATA_DIR_ENV, SaveSeat, list_saves, load_save, saves_dir, write_save
from monopoly_tui.saves import listing as _listing
from monopoly_tui.session import GameSession


def long_game(board: Board, actions: int, players: int, seed: int) -> tuple[GameState, GameRecord]:
    """A random game of exactly `actions` actions (the next seed if one ends sooner)."""
    rules = Rules.model_validate({"start": {"cash": 50_000_000}, "end": {"turn_limit": 100_000}})
    names = [f"Игрок {i + 1}" for i in range(players)]
    while True:
        chooser = random.Random(seed)
        state = new_game(board, names, seed=seed, rules=rules)
        start = GameRecord.start(state)
        done: list[Action] = []
        while len(done) < actions and not state.is_over:
            action = chooser.choice(legal_actions(state))
            state = apply(state, action)
            done.append(action)
        if len(done) == actions:
            return state, start.model_copy(update={"actions": tuple(done)})
        seed += 1


class Timing:
    """The median wall-clock and CPU milliseconds of some runs (the machine may be shared: CPU time says
    what the work costs, wall clock what a player waits, fsyncs included)."""

    def __init__(self, run: Callable[[], object], runs: int) -> None:
        walls, cpus = [], []
        for _ in range(runs):
            wall, cpu = time.perf_counter(), time.process_time()
            run()
            cpus.append(time.process_time() - cpu)
            walls.append(time.perf_counter() - wall)
        self.wall = 1000 * statistics.median(walls)
        self.cpu = 1000 * statistics.median(cpus)

    def __str__(self) -> str:
        return f"{self.wall:7.1f} ms wall / {self.cpu:7.1f} ms CPU"


def seats_of(state: GameState) -> list[SaveSeat]:
    return [SaveSeat(name=p.name, token="●", color="#ffffff") for p in state.players]


def main() -> None:
    print("$ python " + shlex.join(sys.argv))
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--actions", type=int, default=20_000, help="the long game's length")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()

    board = load_board()
    state, record = long_game(board, args.actions, args.players, args.seed)
    chooser = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as folder:
        os.environ[DATA_DIR_ENV] = folder
        path = saves_dir() / "long.json"
        print(f"An action and its autosave (fsynced), median of {args.runs}, by the game's length:")
        for at in (20, args.actions // 10, args.actions):
            prefix = record.model_copy(update={"actions": record.actions[:at]})
            write_save(
                path, board=board, seats=seats_of(state), state=_replayed(board, prefix), record=prefix
            )
            session = GameSession.resume(board, load_save(path, board))
            session.autosave()  # the first write of a session makes every action's line once

            def one_action(session: GameSession = session) -> None:
                session.act(chooser.choice(legal_actions(session.state)))

            cost = Timing(one_action, args.runs)
            print(f"  at action {at:6}: {cost} ({path.stat().st_size / 1024:.0f} KB file)")

        write_save(path, board=board, seats=seats_of(state), state=state, record=record)
        size = path.stat().st_size
        load = Timing(lambda: load_save(path, board), max(3, args.runs // 3))
        resume = Timing(lambda: GameSession.resume(board, load_save(path, board)), max(3, args.runs // 3))
        print(f"Resuming a save of {len(record.actions)} actions ({size / 1024:.0f} KB), median:")
        print(f"  load_save (read, check, replay): {load}")
        print(f"  load_save + GameSession.resume:  {resume}")

        small_state, small = long_game(board, 60, args.players, args.seed)
        small_path = saves_dir() / "small.json"
        write_save(small_path, board=board, seats=seats_of(small_state), state=small_state, record=small)
        for n in range(190):
            shutil.copyfile(small_path, saves_dir() / f"small{n:03}.json")
        small_path.unlink()
        for n in range(9):
            shutil.copyfile(path, saves_dir() / f"long{n}.json")

        def cold_list() -> None:
            _listing._cache.clear()
            entries = list_saves(board)
            assert len(entries) == 200 and all(e.readable for e in entries)

        listed = Timing(cold_list, max(3, args.runs // 3))
        print(f"The saves list, 200 saves of which 10 of {len(record.actions)} actions, cold, median:")
        print(f"  list_saves:                      {listed}")


def _replayed(board: Board, record: GameRecord) -> GameState:
    state = new_game(board, record.players, seed=record.seed, rules=record.rules)
    for action in record.actions:
        state = apply(state, action)
    return state


if __name__ == "__main__":
    main()
