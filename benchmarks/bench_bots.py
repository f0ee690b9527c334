"""Bot benchmarks (figures, not tests): `python benchmarks/bench_bots.py`.

- strength (default): the tournament of `monopoly-tui simulate --bots ... --rotate`: by default one
  «Сильный» against three «Простой» (`--bots` sets a level per seat), the first level in seat i mod P in
  game i, seeds S..S+N-1, a round limit (`--turn-limit`: the rules decide by net worth at that round;
  `--no-trades`: nobody proposes a trade); win rates per level with 95 % Wilson intervals, unfinished
  games counted as not won. `--set NAME=VALUE` changes one of «Сильный»'s measured terms
  (bots/strong_terms.py, as the strong bot reads it) for the run, to measure what it is worth.
- `--record FILE` (one job): also writes, game by game, whether the first level won (JSON); `--against
  FILE` compares the run game by game with such a record of another version: a game's dice come from its
  seed whatever the players do, so two versions differ only in the games some decision changed, and the
  games won by one only show a change far smaller than either interval (the difference and its standard
  errors, sqrt of the games that differ).
- `--speed`: four «Простой» bots over a fixed set of seeds in one process: throws and actions per second,
  from the best of `--repeat` runs (the machine is shared: the best run is the least disturbed one; the
  median run is shown too).
- `--profile`: the speed run under cProfile, the functions that take the most time.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import shlex
import sys
import time

import paired

from monopoly_tui import tournament
from monopoly_tui.boardfile import load_board
from monopoly_tui.bots import BOT_NAMES, make_bot, play_game

PLAYERS = 4
GOALS = {
    ("strong,simple,simple,simple", False, False): 75.0,
    ("strong,simple,simple,simple", True, True): 40.0,
}
"""Issue 16's win-rate goals for the first level, by (lineup, trades off, decided at the round limit)."""


def set_terms(settings: list[str]) -> None:
    """Change «Сильный»'s terms by NAME=VALUE (in this process: the run must use one job)."""
    from monopoly_tui.bots import strong

    for setting in settings:
        name, _, value = setting.partition("=")
        old = getattr(strong, name, None)
        if not isinstance(old, int | float) or not name.isupper():
            raise SystemExit(f"--set {setting}: no term {name} of «Сильный»")
        setattr(strong, name, type(old)(float(value)))


def recorded(args: argparse.Namespace) -> None:
    """The run in this process, game by game: the first level's wins written to --record, and compared
    with the run recorded in --against (the same seeds, another version of the bots)."""
    board = load_board()
    kinds = tuple(tournament.lineup(args.bots, len(args.bots.split(","))))
    rules = None
    if args.turn_limit is not None:
        end = board.rules.end.model_copy(update={"turn_limit": args.turn_limit})
        rules = board.rules.model_copy(update={"end": end})
    plan = tournament.Plan(board, kinds, args.seed, None, args.max_rounds, True, not args.no_trades, rules)
    won = [
        stats.winner is not None and tournament.seated(kinds, index, True)[stats.winner] == kinds[0]
        for index, stats in enumerate(tournament.play_games(plan, 0, args.games))
    ]
    low, high = tournament.wilson(sum(won), len(won))
    print(
        f"  {BOT_NAMES[kinds[0]]}: {sum(won)}/{len(won)} = {100 * sum(won) / len(won):.1f} % "
        f"[95 % {100 * low:.1f}, {100 * high:.1f}] (seeds {args.seed}..{args.seed + len(won) - 1})"
    )
    if args.record:
        paired.record(args.record, args.seed, won, bots=args.bots)
    if args.against:
        paired.compare(args.against, args.seed, won)


def strength(args: argparse.Namespace) -> None:
    """The tournament of `monopoly-tui simulate` (seats rotated): win rates per level with intervals."""
    if args.set and args.jobs != 1:
        raise SystemExit("--set changes terms in this process: use --jobs 1")
    set_terms(args.set)
    board = load_board()
    begun = time.perf_counter()
    totals = tournament.run(
        board,
        games=args.games,
        players=len(args.bots.split(",")),
        seed=args.seed,
        bots=args.bots,
        jail=None,
        max_rounds=args.max_rounds,
        workers=args.jobs,
        rotate=True,
        trades=not args.no_trades,
        turn_limit=args.turn_limit,
    )
    seconds = time.perf_counter() - begun
    kinds = tournament.lineup(args.bots, len(args.bots.split(",")))
    limit = f", decided by net worth after round {args.turn_limit}" if args.turn_limit else ""
    terms = "".join(f", {setting}" for setting in args.set)
    print(
        f"{args.bots}{terms}, seats rotated, {totals.games} games "
        f"(seeds {args.seed}..{args.seed + totals.games - 1}), "
        f"trades {'off' if args.no_trades else 'on'}, round limit {args.max_rounds}{limit}; {seconds:.1f} s"
    )
    by_level = tournament.levels(kinds, totals)
    for kind in dict.fromkeys(kinds):
        level = by_level[kind]
        low, high = level["interval"]
        print(
            f"  {BOT_NAMES[kind]:8} ({level['seats']} seat{'s' if level['seats'] > 1 else ''}): "
            f"{level['wins']}/{totals.games} = {100 * level['rate']:.1f} % "
            f"[95 % {100 * low:.1f}, {100 * high:.1f}] (parity {100 * level['parity']:.0f} %)"
        )
    unfinished = tournament.unfinished(totals)
    print(f"  unfinished (counted as not won): {unfinished} = {100 * unfinished / totals.games:.1f} %")
    goal = GOALS.get((args.bots, args.no_trades, args.turn_limit is not None))
    if goal is not None:
        rate = 100 * by_level[kinds[0]]["rate"]
        print(f"  goal (issue 16): {BOT_NAMES[kinds[0]]} {goal:.0f} % or more: {rate:.1f} % now")
    print(f"  average rounds: {totals.rounds / totals.games:.1f}")


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
    parser.add_argument("--seed", type=int, default=0, help="game i is played with seed + i")
    parser.add_argument(
        "--bots", default="strong,simple,simple,simple", help="a level per seat (rotated game by game)"
    )
    parser.add_argument("--no-trades", action="store_true", help="no bot proposes a trade")
    parser.add_argument("--turn-limit", type=int, help="end.turn_limit: the richest wins after that round")
    parser.add_argument("--max-rounds", type=int, default=200)
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="processes for the strength run"
    )
    parser.add_argument(
        "--set", action="append", default=[], metavar="NAME=VALUE", help="a term of «Сильный» for the run"
    )
    parser.add_argument("--record", metavar="FILE", help="write the first level's wins game by game (JSON)")
    parser.add_argument(
        "--against", metavar="FILE", help="compare game by game with a --record of another run"
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
    if args.record or args.against:
        if args.jobs != 1:
            raise SystemExit("--record and --against play in this process: use --jobs 1")
        set_terms(args.set)
        recorded(args)
        return
    strength(args)


if __name__ == "__main__":
    main()
