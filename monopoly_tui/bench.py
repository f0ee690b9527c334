"""Engine benchmark: `make bench` (or `python -m monopoly_tui.bench`). Prints figures; times nothing in tests.

Until the bots land, the players choose uniformly at random among the legal actions, from a fixed
set of seeds, with a round limit so that every game ends.
"""

from __future__ import annotations

import argparse
import random
import time

from .boardfile import load_board
from .engine import Roll, Rules, apply, legal_actions, new_game


def run(games: int, players: int, rounds: int) -> dict[str, float]:
    board = load_board()
    rules = board.rules.model_copy(update={"end": Rules.model_validate({"end": {"turn_limit": rounds}}).end})
    names = [f"Игрок {i + 1}" for i in range(players)]
    throws = actions = 0
    start = time.perf_counter()
    for seed in range(games):
        chooser = random.Random(seed)
        state = new_game(board, names, seed=seed, rules=rules)
        while not state.is_over:
            action = chooser.choice(legal_actions(state))
            state = apply(state, action)
            actions += 1
            throws += isinstance(action, Roll)
    seconds = time.perf_counter() - start
    return {
        "games": games,
        "throws": throws,
        "actions": actions,
        "seconds": seconds,
        "throws_per_second": throws / seconds,
        "actions_per_second": actions / seconds,
        "ms_per_game": 1000 * seconds / games,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=100)
    args = parser.parse_args()
    r = run(args.games, args.players, args.rounds)
    print(
        f"{r['games']:.0f} games, {args.players} random players, round limit {args.rounds}: "
        f"{r['throws']:.0f} throws, {r['actions']:.0f} actions in {r['seconds']:.2f} s"
    )
    print(f"  throws per second:  {r['throws_per_second']:,.0f}")
    print(f"  actions per second: {r['actions_per_second']:,.0f}")
    print(f"  time per game:      {r['ms_per_game']:.1f} ms")


if __name__ == "__main__":
    main()
