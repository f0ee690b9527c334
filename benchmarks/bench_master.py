"""«Мастер»'s thinking time (figures, not tests): `python benchmarks/bench_master.py`.

Plays a few games of one «Мастер» against three «Сильный» (seats rotated) at each effort, in this
process, and times from outside every call of the master's that played choices out (the bot itself never
reads the clock: its playouts are counted, not timed). Prints the decisions, their median, 90th
percentile and longest time per effort. The win rate is the tournament's:
`python benchmarks/bench_bots.py --bots master,strong,strong,strong`.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from typing import Any

from monopoly_tui.boardfile import load_board
from monopoly_tui.bots import BOT_NAMES, EFFORTS, MasterBot, make_bot, play_game
from monopoly_tui.engine import Action, GameState

PLAYERS = 4


class Timed:
    """Plays a master and times each of its calls that looked ahead."""

    def __init__(self, bot: MasterBot) -> None:
        self.bot = bot
        self.times: list[float] = []

    @property
    def kind(self) -> Any:
        return self.bot.kind

    def _timed(self, call: Any, state: GameState, seat: int) -> Any:
        before = self.bot.looked_ahead
        start = time.perf_counter()
        out = call(state, seat)
        if self.bot.looked_ahead > before:
            self.times.append(time.perf_counter() - start)
        return out

    def choose(self, state: GameState, seat: int) -> Action:
        action: Action = self._timed(self.bot.choose, state, seat)
        return action

    def manage(self, state: GameState, seat: int) -> Action | None:
        action: Action | None = self._timed(self.bot.manage, state, seat)
        return action


def timings(effort: str, games: int, seed: int, max_rounds: int) -> tuple[list[float], float]:
    board = load_board()
    times: list[float] = []
    start = time.perf_counter()
    for i in range(games):
        master_seat = i % PLAYERS
        bots: list[Any] = []
        for s in range(PLAYERS):
            if s == master_seat:
                bot = make_bot("master", seed + i, s, effort=effort)
                assert isinstance(bot, MasterBot)
                bots.append(Timed(bot))
            else:
                bots.append(make_bot("strong", seed + i, s))
        names = [f"{BOT_NAMES[b.kind]} {s + 1}" for s, b in enumerate(bots)]
        play_game(board, names, bots, seed + i, board.rules, max_rounds)
        times += bots[master_seat].times
    return times, time.perf_counter() - start


def main(argv: list[str] | None = None) -> None:
    print("$ python " + shlex.join(sys.argv))
    parser = argparse.ArgumentParser(prog="python benchmarks/bench_master.py", description=__doc__)
    parser.add_argument("--games", type=int, default=2, help="games per effort")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-rounds", type=int, default=200)
    parser.add_argument("--effort", choices=sorted(EFFORTS), action="append", help="(default: all)")
    args = parser.parse_args(argv)
    for effort in args.effort or list(EFFORTS):
        times, seconds = timings(effort, args.games, args.seed, args.max_rounds)
        times.sort()
        e = EFFORTS[effort]
        if not times:
            print(f"{effort}: no decision played out")
            continue
        print(
            f"{effort:8} ({e.playouts} playouts of {e.horizon} rounds a decision), {args.games} games, "
            f"{seconds:.0f} s: {len(times)} decisions played out; "
            f"median {times[len(times) // 2]:.2f} s, 90 % within {times[int(0.9 * len(times))]:.2f} s, "
            f"longest {times[-1]:.2f} s"
        )


if __name__ == "__main__":
    main()
