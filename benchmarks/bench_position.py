"""Position benchmark: `python benchmarks/bench_position.py`. Prints figures; times nothing in tests.

Collects every state of seeded random games (4 players, a random legal action each time), then times
writing each as a position line (engine.position) and reading the line back (engine.from_position,
which builds the state through engine.setup and checks the engine's invariants): the median of several
runs over all the states, per state, and the lines' lengths.
"""

from __future__ import annotations

import argparse
import random
import shlex
import statistics
import sys
import time

from monopoly_tui.boardfile import load_board
from monopoly_tui.engine import Board, GameState, apply, from_position, legal_actions, new_game, position


def states(board: Board, games: int, actions: int) -> list[GameState]:
    out = []
    for seed in range(games):
        chooser = random.Random(seed)
        state = new_game(board, ["Аня", "Борис Годунов", "Вера", "Глеб"], seed=seed)
        for _ in range(actions):
            out.append(state)
            if state.is_over:
                break
            state = apply(state, chooser.choice(legal_actions(state)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--actions", type=int, default=400)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    board = load_board()
    sample = states(board, args.games, args.actions)
    lines = [position(s) for s in sample]
    writes, reads = [], []
    for _ in range(args.runs):
        start = time.perf_counter()
        for s in sample:
            position(s)
        writes.append(time.perf_counter() - start)
        start = time.perf_counter()
        for line in lines:
            from_position(line, board)
        reads.append(time.perf_counter() - start)
    n = len(sample)
    lengths = sorted(len(line) for line in lines)
    print(f"$ python {shlex.join(['benchmarks/bench_position.py', *sys.argv[1:]])}")
    print(f"{n} states of {args.games} random games (4 players); median of {args.runs} runs, per state:")
    print(f"  position(state):        {statistics.median(writes) / n * 1e6:7.1f} µs")
    print(f"  from_position(line):    {statistics.median(reads) / n * 1e6:7.1f} µs")
    print(f"  line length: median {lengths[n // 2]}, longest {lengths[-1]} characters")


if __name__ == "__main__":
    main()
