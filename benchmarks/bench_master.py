"""«Мастер» against three «Сильный» (figures, not tests): `python benchmarks/bench_master.py`.

Plays N games of one «Мастер» against three «Сильный» (4 players, seats rotated: in game i the master
sits in seat i mod 4; seeds S..S+N-1; a round limit; unfinished games count as not won), at one effort
(`--effort`: the app's pace it thinks at), in `--jobs` processes. Prints the master's win rate with its
95 % Wilson interval (parity: 25 %), the unfinished share, what its playouts changed (decisions played
out per kind, how many took another choice than «Сильный» would have, and how far the best other choice's
playouts were from «Сильный»'s: its mean paired gain in the chance of winning), and the time each decision
that played out took — median, 95th percentile, longest — against the pace's budget, in wall time and in
this process's processor time (what it takes on a machine not shared with other work), with the load
average. The bot itself never reads the clock (its playouts are counted, not timed): the benchmark times
its calls from outside.

`--record FILE` writes the run game by game (whether the master won each seed); `--against FILE` compares
the run with such a record of another version: a game's dice come from its seed whatever the players do,
so two versions differ only in the games a decision changed.
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import paired

from monopoly_tui.boardfile import load_board
from monopoly_tui.bots import BOT_NAMES, EFFORTS, MasterBot, make_bot, play_game
from monopoly_tui.engine import Action, GameState
from monopoly_tui.tournament import wilson

PLAYERS = 4
BUDGET = {"readable": 1.0, "fast": 0.5, "instant": 0.25}
"""Seconds a decision may take at each pace of the app (readable: the issue's «≤ 1 s»)."""
KINDS = {1: "buy", 2: "auction", 3: "answer a trade", 5: "build", 6: "offer a trade"}
"""The lookahead's salts, by decision."""


class Timed:
    """Plays a master and times each of its calls that looked ahead."""

    def __init__(self, bot: MasterBot) -> None:
        self.bot = bot
        self.times: list[float] = []
        self.cpu: list[float] = []
        """The processor time of each of those calls (this process alone: what the call costs when
        the machine is not shared)."""
        self.by_kind: dict[int, list[float]] = {}
        """salt -> the processor time of each of those calls of that kind."""
        self.cpu_per_call: list[float] = []
        """Each of those calls' processor time per look at managing of its playouts' players (the
        unit of Effort.calls)."""

    @property
    def kind(self) -> Any:
        return self.bot.kind

    def _timed(self, call: Any, state: GameState, seat: int) -> Any:
        before = self.bot.looked_ahead
        tally = dict(self.bot.lookahead.tally)
        start, cpu = time.perf_counter(), time.process_time()
        out = call(state, seat)
        if self.bot.looked_ahead > before:
            self.times.append(time.perf_counter() - start)
            self.cpu.append(time.process_time() - cpu)
            for (salt, other), count in self.bot.lookahead.tally.items():
                if count != tally.get((salt, other), 0):
                    self.by_kind.setdefault(salt, []).append(self.cpu[-1])
            last = self.bot.lookahead.last
            assert last is not None
            self.cpu_per_call.append(self.cpu[-1] / max(last.calls, 1))
        return out

    def choose(self, state: GameState, seat: int) -> Action:
        action: Action = self._timed(self.bot.choose, state, seat)
        return action

    def manage(self, state: GameState, seat: int) -> Action | None:
        action: Action | None = self._timed(self.bot.manage, state, seat)
        return action


Played = tuple[
    str,
    list[float],
    list[float],
    list[float],
    Counter[tuple[int, bool]],
    dict[int, list[float]],
    int,
    dict[int, list[float]],
]


def one_game(job: tuple[int, str, int]) -> Played:
    """One game: how it ended for the master (won, lost, unfinished), its decisions' times, what its
    playouts changed and the gaps they found, the rounds played."""
    seed, effort, max_rounds = job
    board = load_board()
    seat = seed % PLAYERS
    bots: list[Any] = []
    for s in range(PLAYERS):
        if s == seat:
            master = make_bot("master", seed, s, effort=effort)
            assert isinstance(master, MasterBot)
            bots.append(Timed(master))
        else:
            bots.append(make_bot("strong", seed, s))
    names = [f"{BOT_NAMES[b.kind]} {s + 1}" for s, b in enumerate(bots)]
    final, stats = play_game(board, names, bots, seed, board.rules, max_rounds, checked=False)
    end = "unfinished" if final.winner is None else "won" if final.winner == seat else "lost"
    lookahead = bots[seat].bot.lookahead
    timed = bots[seat]
    return (
        end,
        timed.times,
        timed.cpu,
        timed.cpu_per_call,
        lookahead.tally,
        lookahead.gaps,
        stats.rounds,
        timed.by_kind,
    )


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str] | None = None) -> None:
    print("$ python " + shlex.join(sys.argv))
    parser = argparse.ArgumentParser(prog="python benchmarks/bench_master.py", description=__doc__)
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-rounds", type=int, default=200)
    parser.add_argument("--effort", choices=sorted(EFFORTS), default="fast")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--record", metavar="FILE", help="write the master's wins game by game (JSON)")
    parser.add_argument(
        "--against", metavar="FILE", help="compare game by game with a --record of another version's run"
    )
    args = parser.parse_args(argv)
    jobs = [(args.seed + i, args.effort, args.max_rounds) for i in range(args.games)]
    begun = time.perf_counter()
    ends: Counter[str] = Counter()
    times: list[float] = []
    cpu: list[float] = []
    per_call: list[float] = []
    tally: Counter[tuple[int, bool]] = Counter()
    gaps: dict[int, list[float]] = {}
    rounds = 0
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(one_game, jobs))
    else:
        results = [one_game(job) for job in jobs]
    kinds: dict[int, list[float]] = {}
    for end, spent, used, unit, changed, found, played, by_kind in results:
        for salt, values in by_kind.items():
            kinds.setdefault(salt, []).extend(values)
        ends[end] += 1
        times += spent
        cpu += used
        per_call += unit
        tally.update(changed)
        for salt, values in found.items():
            gaps.setdefault(salt, []).extend(values)
        rounds += played
    seconds = time.perf_counter() - begun
    e = EFFORTS[args.effort]
    low, high = wilson(ends["won"], args.games)
    print(
        f"master,strong,strong,strong, seats rotated, {args.games} games (seeds {args.seed}.."
        f"{args.seed + args.games - 1}), round limit {args.max_rounds}, effort {args.effort} "
        f"({e.rounds} playout rounds and {e.calls} looks at managing a decision, {e.horizon} rounds a "
        f"playout); {seconds:.0f} s, "
        f"{args.jobs} process(es), {os.cpu_count()} cores"
    )
    print(
        f"  Мастер (1 seat): {ends['won']}/{args.games} = {100 * ends['won'] / args.games:.1f} % "
        f"[95 % {100 * low:.1f}, {100 * high:.1f}] (parity 25 %)   unfinished "
        f"{100 * ends['unfinished'] / args.games:.1f} %   mean rounds {rounds / args.games:.0f}"
    )
    for salt, kind in KINDS.items():
        played = tally[salt, False] + tally[salt, True]
        if played:
            gap = gaps.get(salt, [0.0])
            print(
                f"  {kind:15} {played:5} decisions played out, {tally[salt, True]:4} not as «Сильный»; "
                f"best other choice's mean gain: median {100 * quantile(gap, 0.5):+.1f}, "
                f"90 % below {100 * quantile(gap, 0.9):+.1f} points of the chance of winning"
            )
            spent = kinds.get(salt, [0.0])
            print(
                f"  {'':15} processor time median {quantile(spent, 0.5):.2f} s, "
                f"95 % within {quantile(spent, 0.95):.2f} s, longest {max(spent):.2f} s"
            )
    budget = BUDGET[args.effort]
    for label, values in (("time", times), ("processor time", cpu)):
        if values:
            over = sum(1 for t in values if t > budget)
            print(
                f"  {label} per decision played out ({len(values)}): median {quantile(values, 0.5):.2f} s, "
                f"95 % within {quantile(values, 0.95):.2f} s, longest {max(values):.2f} s; budget "
                f"{budget:.2f} s, {over} over"
            )
    if per_call:
        print(
            f"  processor time per look at managing in the playouts (Effort.calls, {e.calls} a decision): "
            f"median {1e3 * quantile(per_call, 0.5):.3f} ms, 95 % within {1e3 * quantile(per_call, 0.95):.3f}"
            f" ms, most {1e3 * max(per_call):.3f} ms"
        )
    won = [end == "won" for end, *_ in results]
    if args.record:
        paired.record(args.record, args.seed, won, effort=args.effort)
    if args.against:
        paired.compare(args.against, args.seed, won)
    print(f"  load average at the end: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
