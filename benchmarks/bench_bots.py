"""Bot benchmarks (figures, not tests): `python benchmarks/bench_bots.py`.

- strength (default): 4-player games, one «Сильный» against three «Простой», the strong bot in each
  seat equally (seat = seed mod 4), seeds 0..N-1, a round limit; unfinished games count as not won.
  Parity would be 25 %.
- `--speed`: four «Простой» bots over a fixed set of seeds in one process: throws and actions per second,
  from the best of `--repeat` runs (the machine is shared: the best run is the least disturbed one; the
  median run is shown too).
- `--profile`: the speed run under cProfile, the functions that take the most time.
"""

from __future__ import annotations

import argparse
import cProfile
import math
import os
import pstats
import shlex
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from monopoly_tui.boardfile import load_board
from monopoly_tui.bots import BOT_NAMES, BotKind, make_bot, play_game

PLAYERS = 4


@dataclass(frozen=True)
class Outcome:
    seed: int
    strong_seat: int
    winner: int | None
    rounds: int


def strength_game(seed: int, max_rounds: int) -> Outcome:
    """One game: the strong bot sits in seat seed mod 4, simple bots elsewhere."""
    board = load_board()
    strong = seed % PLAYERS
    kinds: list[BotKind] = ["strong" if seat == strong else "simple" for seat in range(PLAYERS)]
    names = [f"{BOT_NAMES[kind]} {seat + 1}" for seat, kind in enumerate(kinds)]
    bots = [make_bot(kind, seed, seat) for seat, kind in enumerate(kinds)]
    _, stats = play_game(board, names, bots, seed, board.rules, max_rounds, checked=False)
    return Outcome(seed, strong, stats.winner, stats.rounds)


def _chunk(args: tuple[range, int]) -> list[Outcome]:
    seeds, max_rounds = args
    return [strength_game(seed, max_rounds) for seed in seeds]


def strength(games: int, max_rounds: int, jobs: int) -> list[Outcome]:
    """Play the strength games, spread over jobs processes (the results do not depend on jobs)."""
    size = max(1, math.ceil(games / (jobs * 8)))
    chunks = [(range(start, min(start + size, games)), max_rounds) for start in range(0, games, size)]
    if jobs == 1:
        return [o for chunk in chunks for o in _chunk(chunk)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return [o for result in pool.map(_chunk, chunks) for o in result]


def report_strength(outcomes: list[Outcome], max_rounds: int, seconds: float) -> None:
    games = len(outcomes)
    won = sum(1 for o in outcomes if o.winner == o.strong_seat)
    unfinished = sum(1 for o in outcomes if o.winner is None)
    rate = won / games
    margin = 1.96 * math.sqrt(rate * (1 - rate) / games)
    print(
        f"strong vs 3 simple, {games} games (seeds 0..{games - 1}, strong seat = seed mod 4), "
        f"round limit {max_rounds}, {seconds:.1f} s"
    )
    print(f"  strong bot wins: {won}/{games} = {100 * rate:.1f} % (95 % interval ±{100 * margin:.1f})")
    print("  (parity would be 25 %)")
    for seat in range(PLAYERS):
        mine = [o for o in outcomes if o.strong_seat == seat]
        if mine:
            seat_won = sum(1 for o in mine if o.winner == seat)
            print(
                f"    strong in seat {seat + 1}: {seat_won}/{len(mine)} = {100 * seat_won / len(mine):.1f} %"
            )
    print(f"  unfinished (round limit, counted as not won): {unfinished}")
    print(f"  average rounds: {sum(o.rounds for o in outcomes) / games:.1f}")


def speed(games: int, max_rounds: int) -> dict[str, float]:
    """Four simple bots, seeds 0..games-1, in this process."""
    board = load_board()
    names = [f"{BOT_NAMES['simple']} {seat + 1}" for seat in range(PLAYERS)]
    throws = actions = 0
    start = time.perf_counter()
    for seed in range(games):
        bots = [make_bot("simple", seed, seat) for seat in range(PLAYERS)]
        _, stats = play_game(board, names, bots, seed, board.rules, max_rounds, checked=False)
        throws += stats.rolls
        actions += stats.actions
    seconds = time.perf_counter() - start
    return {"games": games, "throws": throws, "actions": actions, "seconds": seconds}


def report_speed(runs: list[dict[str, float]], max_rounds: int) -> None:
    """The best run (the least disturbed by the rest of the machine) and the median of all runs."""
    best = min(runs, key=lambda r: r["seconds"])
    median = sorted(r["seconds"] for r in runs)[len(runs) // 2]
    print(
        f"{best['games']:.0f} games, 4 simple bots, round limit {max_rounds}: "
        f"{best['throws']:.0f} throws, {best['actions']:.0f} actions; "
        f"best of {len(runs)} runs {best['seconds']:.2f} s (median {median:.2f} s)"
    )
    throws = best["throws"]
    print(f"  throws per second:  {throws / best['seconds']:,.0f} (median run {throws / median:,.0f})")
    print(f"  actions per second: {best['actions'] / best['seconds']:,.0f}")
    print(f"  time per game:      {1000 * best['seconds'] / best['games']:.1f} ms")


def main(argv: list[str] | None = None) -> None:
    print("$ python " + shlex.join(sys.argv))
    parser = argparse.ArgumentParser(prog="python benchmarks/bench_bots.py", description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--max-rounds", type=int, default=200)
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="processes for the strength run"
    )
    parser.add_argument("--speed", action="store_true", help="throws per second of four simple bots")
    parser.add_argument("--profile", action="store_true", help="the speed run under cProfile")
    parser.add_argument(
        "--repeat", type=int, default=5, help="speed runs to make (the best and the median are shown)"
    )
    args = parser.parse_args(argv)
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        speed(args.games, args.max_rounds)
        profiler.disable()
        stats = pstats.Stats(profiler)
        stats.sort_stats("tottime").print_stats(25)
        stats.sort_stats("cumulative").print_stats(40)
        return
    if args.speed:
        runs = [speed(args.games, args.max_rounds) for _ in range(max(1, args.repeat))]
        report_speed(runs, args.max_rounds)
        return
    start = time.perf_counter()
    outcomes = strength(args.games, args.max_rounds, args.jobs)
    report_strength(outcomes, args.max_rounds, time.perf_counter() - start)


if __name__ == "__main__":
    main()
