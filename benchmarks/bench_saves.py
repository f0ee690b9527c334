"""Save benchmark: `python benchmarks/bench_saves.py`. Prints figures; times nothing in tests.

Builds seeded random games (rich players and a far round limit, so a game lasts) and measures, each as
the median of several runs, side by side and alternating where two ways are compared:

- an action and its autosave (GameSession.act: apply, the record, a line appended to the journal and
  fsynced) at action 20, 2 000 and 20 000 of a game, beside writing the whole save as format 2 did (the
  autosave before the journal): the journal's cost should not grow with the game;
- resuming a saved game of 20 000 actions (load_save: read, check, replay; then GameSession.resume): a
  journal written as the game was played and sealed by this saves folder (from its last checkpoint, the
  tail replayed through the engine's fast path), the same journal in another folder (no seal of ours:
  replayed whole, checked), and the format-2 save;
- the list of saved games with 200 saves in the folder, 10 of them journals of 20 000 actions (cold:
  nothing cached from a previous listing).
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
from pathlib import Path

from monopoly_tui.boardfile import load_board
from monopoly_tui.engine import Action, Board, GameRecord, GameState, Rules, apply, legal_actions, new_game
from monopoly_tui.saves import (
    DATA_DIR_ENV,
    SaveSeat,
    action_line,
    list_saves,
    load_save,
    saves_dir,
    write_save,
)
from monopoly_tui.saves import listing as _listing
from monopoly_tui.session import GameSession, Seat


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

    def __init__(self, run: Callable[[], object] | None = None, runs: int = 0) -> None:
        walls, cpus = [], []
        for _ in range(runs):
            wall, cpu = time.perf_counter(), time.process_time()
            assert run is not None
            run()
            cpus.append(time.process_time() - cpu)
            walls.append(time.perf_counter() - wall)
        self.wall = 1000 * statistics.median(walls) if walls else 0.0
        self.cpu = 1000 * statistics.median(cpus) if cpus else 0.0

    @classmethod
    def of(cls, walls: list[float], cpus: list[float]) -> Timing:
        timing = cls()
        timing.wall, timing.cpu = 1000 * statistics.median(walls), 1000 * statistics.median(cpus)
        return timing

    def __str__(self) -> str:
        return f"{self.wall:7.1f} ms wall / {self.cpu:7.1f} ms CPU"


def seats_of(state: GameState) -> list[SaveSeat]:
    return [SaveSeat(name=p.name, token="●", color="#ffffff") for p in state.players]


def alternating(runs: int, **work: Callable[[], object]) -> dict[str, Timing]:
    """Each piece of work timed `runs` times, the pieces taking turns (a shared machine's load then
    weighs on all of them alike)."""
    walls: dict[str, list[float]] = {name: [] for name in work}
    cpus: dict[str, list[float]] = {name: [] for name in work}
    for _ in range(runs):
        for name, run in work.items():
            wall, cpu = time.perf_counter(), time.process_time()
            run()
            cpus[name].append(time.process_time() - cpu)
            walls[name].append(time.perf_counter() - wall)
    return {name: Timing.of(walls[name], cpus[name]) for name in work}


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
        whole = saves_dir() / "whole.json"
        print(f"An action and its autosave (fsynced), median of {args.runs}, by the game's length:")
        for at in (20, args.actions // 10, args.actions):
            prefix = record.model_copy(update={"actions": record.actions[:at]})
            after = _replayed(board, prefix)
            write_save(path, board=board, seats=seats_of(state), state=after, record=prefix)
            session = GameSession.resume(board, load_save(path, board))
            session.autosave()  # the first save of a format-2 file writes the journal whole

            def one_action(session: GameSession = session) -> None:
                session.act(chooser.choice(legal_actions(session.state)))

            lines = [action_line(a) for a in prefix.actions]  # the old autosave kept these between saves

            def rewrite(
                prefix: GameRecord = prefix, after: GameState = after, lines: list[str] = lines
            ) -> None:
                seats = seats_of(after)
                write_save(whole, board=board, seats=seats, state=after, record=prefix, action_lines=lines)

            cost = alternating(args.runs, journal=one_action, whole=rewrite)
            size = path.stat().st_size / 1024
            print(f"  at action {at:6}: journal {cost['journal']} ({size:.0f} KB file)")
            print(f"  {'':16} whole   {cost['whole']} ({whole.stat().st_size / 1024:.0f} KB file, format 2)")

        # the game as the app saves it while it is played: a line an action, a checkpoint every 1 000
        # (the seats are computers', so their moves are saved together, as at the instant pace)
        whole.unlink()
        computers = tuple(Seat(p.name, "●", "#ffffff", "simple") for p in state.players)
        played = GameSession.start(board, computers, seed=record.seed, rules=record.rules)
        path.unlink()
        played.save_path = path
        for action in record.actions:
            played.act(action)
        played.close()
        other = Path(folder) / "elsewhere"
        other.mkdir()
        foreign = other / "long.json"
        shutil.copyfile(path, foreign)  # no key there: not sealed by that folder
        old = other / "whole.json"
        write_save(old, board=board, seats=seats_of(state), state=state, record=record)
        assert load_save(path, board).state == load_save(foreign, board).state == state
        size = path.stat().st_size
        runs = max(3, args.runs // 3)
        resumed = alternating(
            runs,
            sealed=lambda: GameSession.resume(board, load_save(path, board)),
            checked=lambda: GameSession.resume(board, load_save(foreign, board)),
            whole=lambda: GameSession.resume(board, load_save(old, board)),
        )
        print(f"Resuming a game of {len(record.actions)} actions (load_save + GameSession.resume), median:")
        print(f"  journal, sealed here:         {resumed['sealed']} ({size / 1024:.0f} KB)")
        print(f"  journal, from elsewhere:      {resumed['checked']} (replayed checked)")
        print(f"  format 2, as before:          {resumed['whole']} ({old.stat().st_size / 1024:.0f} KB)")

        small_state, small = long_game(board, 60, args.players, args.seed)
        small_path = saves_dir() / "small.json"
        write_save(small_path, board=board, seats=seats_of(small_state), state=small_state, record=small)
        session = GameSession.resume(board, load_save(small_path, board))
        session.autosave()  # a journal
        session.close()
        for n in range(190):
            shutil.copyfile(small_path, saves_dir() / f"small{n:03}.json")
        small_path.unlink()
        for n in range(9):
            shutil.copyfile(path, saves_dir() / f"long{n}.json")

        def cold_list() -> None:
            _listing._cache.clear()
            entries = list_saves(board)
            problems = [str(e.error) for e in entries if e.error]
            assert len(entries) == 200 and not problems, problems

        listed = Timing(cold_list, runs)
        print(f"The saves list, 200 journals of which 10 of {len(record.actions)} actions, cold, median:")
        print(f"  list_saves:                   {listed}")


def _replayed(board: Board, record: GameRecord) -> GameState:
    state = new_game(board, record.players, seed=record.seed, rules=record.rules)
    for action in record.actions:
        state = apply(state, action)
    return state


if __name__ == "__main__":
    main()
