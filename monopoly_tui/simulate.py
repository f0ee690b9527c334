"""`monopoly-tui simulate`: play many bot games headless; a readable summary, or one JSON object.

    monopoly-tui simulate --games N --players P --seed S [--bots LEVELS] [--rotate] [--no-trades]
                          [--turn-limit T] [--from-position TEXT] [--jail short|long] [--max-rounds R]
                          [--workers W] [--json]

LEVELS is one level for every seat (simple, strong, master), mixed (strong in seat 1, simple elsewhere) or a
level per seat, comma-separated (strong,simple,simple,simple). --rotate turns the table by one seat each
game: in game i the first level listed sits in seat i mod P, so every level plays every seat equally.

Game i (from 0) is played with the engine seed S + i, so one game of a run can be replayed alone. Every
figure but "seconds" depends on the arguments only: the same arguments give the same JSON, whatever the
number of worker processes (the games are spread over them and counted in game order).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, NoReturn

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from .boardfile import load_board
from .bots import BOT_KINDS, BOT_NAMES, BotKind, GameStats, JailPolicy, make_bot, play_game
from .bots.driver import IN_JAIL, play_out
from .cliparse import RussianArgumentParser, error_word, translate_error
from .engine import MAX_PLAYERS, MIN_PLAYERS, Board, GameState, Rules
from .locale import tr
from .positions import PositionArgumentError, read_position, with_dice_seed

PROG = "monopoly-tui simulate"
LINEUPS = (*BOT_KINDS, "mixed")
"""The --bots values that need no list: one level in every seat, or mixed."""
Z95 = 1.959964
"""The normal quantile of a two-sided 95 % interval."""
ENDINGS = ("bankruptcy", "turn_limit", "round_limit", "stalled")


class ArgumentError(Exception):
    """A bad command line: reported on one line, exit code 2."""


class _Parser(RussianArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise ArgumentError(translate_error(message))


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog=PROG,
        description=tr("simulate.description"),
    )
    parser.add_argument("--games", type=int, required=True, metavar="N", help=tr("simulate.arg.games"))
    parser.add_argument(
        "--players",
        type=int,
        metavar="P",
        help=tr("simulate.arg.players", low=MIN_PLAYERS, high=MAX_PLAYERS),
    )
    parser.add_argument(
        "--from-position",
        metavar="TEXT",
        help=tr("simulate.arg.from_position"),
    )
    parser.add_argument("--seed", type=int, required=True, metavar="S", help=tr("simulate.arg.seed"))
    parser.add_argument(
        "--bots",
        default="simple",
        metavar="LEVELS",
        help=tr("simulate.arg.bots", levels=", ".join(BOT_KINDS)),
    )
    parser.add_argument(
        "--rotate",
        action="store_true",
        help=tr("simulate.arg.rotate"),
    )
    parser.add_argument("--no-trades", action="store_true", help=tr("simulate.arg.no_trades"))
    parser.add_argument(
        "--turn-limit",
        type=int,
        metavar="T",
        help=tr("simulate.arg.turn_limit"),
    )
    parser.add_argument(
        "--jail",
        choices=("short", "long"),
        help=tr("simulate.arg.jail"),
    )
    parser.add_argument(
        "--max-rounds", type=int, default=200, metavar="R", help=tr("simulate.arg.max_rounds")
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="W",
        help=tr("simulate.arg.workers", cores=os.cpu_count() or 1),
    )
    parser.add_argument("--json", action="store_true", help=tr("simulate.arg.json"))
    return parser


def _check(args: argparse.Namespace) -> None:
    if args.games < 1:
        raise ArgumentError(tr("simulate.error.at_least_one", option="--games", value=args.games))
    if args.players is None:
        raise ArgumentError(tr("simulate.error.no_players"))
    if not MIN_PLAYERS <= args.players <= MAX_PLAYERS:
        raise ArgumentError(
            tr("simulate.error.players", low=MIN_PLAYERS, high=MAX_PLAYERS, value=args.players)
        )
    if args.seed < 0:
        raise ArgumentError(tr("simulate.error.seed", value=args.seed))
    if args.max_rounds < 1:
        raise ArgumentError(tr("simulate.error.at_least_one", option="--max-rounds", value=args.max_rounds))
    if args.workers < 1:
        raise ArgumentError(tr("simulate.error.at_least_one", option="--workers", value=args.workers))
    if args.turn_limit is not None and not 1 <= args.turn_limit <= args.max_rounds:
        raise ArgumentError(
            tr("simulate.error.turn_limit", max_rounds=args.max_rounds, value=args.turn_limit)
        )
    lineup(args.bots, args.players)


def _start(args: argparse.Namespace, board: Board) -> GameState:
    """The position to play on from; --players, if given, must agree with it."""
    try:
        start = read_position(args.from_position, board)
    except PositionArgumentError as exc:
        raise ArgumentError(f"--from-position: {exc}") from None
    if start.is_over:
        raise ArgumentError(tr("simulate.error.position_over"))
    if args.players is not None and args.players != len(start.players):
        raise ArgumentError(
            tr("simulate.error.position_players", value=args.players, players=len(start.players))
        )
    args.players = len(start.players)
    return start


def lineup(bots: str, players: int) -> list[BotKind]:
    """The bot kind of each seat: one level everywhere; mixed (a strong bot in seat 0, simple ones after
    it); or a comma-separated level per seat. A bad value raises ArgumentError."""
    if bots == "mixed":
        rest: list[BotKind] = ["simple"] * (players - 1)
        return ["strong", *rest]
    names = [name.strip() for name in bots.split(",")]
    if len(names) == 1:
        names *= players
    unknown = [name for name in names if name not in BOT_KINDS]
    if unknown:
        raise ArgumentError(
            tr("simulate.error.unknown_level", level=repr(unknown[0]), levels=", ".join(BOT_KINDS))
        )
    if len(names) != players:
        raise ArgumentError(tr("simulate.error.levels", levels=len(names), players=players))
    by_name: dict[str, BotKind] = {kind: kind for kind in BOT_KINDS}
    return [by_name[name] for name in names]


def seated(kinds: Sequence[BotKind], game: int, rotate: bool) -> tuple[BotKind, ...]:
    """The level in each seat in game `game`: with rotation the first level sits in seat game mod P."""
    if not rotate:
        return tuple(kinds)
    players = len(kinds)
    return tuple(kinds[(seat - game) % players] for seat in range(players))


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The Wilson score interval (95 %) of a win rate of wins out of games."""
    if games == 0:
        return (0.0, 1.0)
    rate = wins / games
    z2 = Z95 * Z95
    centre = (rate + z2 / (2 * games)) / (1 + z2 / games)
    half = Z95 * math.sqrt(rate * (1 - rate) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Totals:
    """What a run of games counted, over all games."""

    games: int = 0
    rolls: int = 0
    actions: int = 0
    rounds: int = 0
    seconds: float = 0.0
    landings: list[int] = field(default_factory=lambda: [0] * (IN_JAIL + 1))
    wins: list[int] = field(default_factory=list)
    level_wins: dict[str, int] = field(default_factory=lambda: dict.fromkeys(BOT_KINDS, 0))
    """Games won by a seat of each level."""
    ended: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ENDINGS, 0))


@dataclass(frozen=True)
class Plan:
    """What every game of a run shares: each worker process is handed it once, then only game numbers."""

    board: Board
    kinds: tuple[BotKind, ...]
    seed: int
    jail: JailPolicy | None
    max_rounds: int
    rotate: bool = False
    trades: bool = True
    rules: Rules | None = None
    """None: the board's rules."""
    start: GameState | None = None
    """The position every game goes on from (its dice from the game's seed), or None for new games."""


def play_games(plan: Plan, first: int, count: int) -> list[GameStats]:
    """Play games first..first+count-1 of a run (in this process or a worker's); their counts in order."""
    out = []
    rules = plan.rules or plan.board.rules
    for index in range(first, first + count):
        game_seed = plan.seed + index
        kinds = seated(plan.kinds, index, plan.rotate)
        names = [f"{BOT_NAMES[kind]} {seat + 1}" for seat, kind in enumerate(kinds)]
        seats = [
            make_bot(kind, game_seed, seat, jail=plan.jail, trades=plan.trades)
            for seat, kind in enumerate(kinds)
        ]
        if plan.start is None:
            _, stats = play_game(plan.board, names, seats, game_seed, rules, plan.max_rounds, checked=False)
        else:
            start = with_dice_seed(plan.start, game_seed)
            _, stats = play_out(start, seats, plan.max_rounds, checked=False)
        out.append(stats)
    return out


_WORKER_PLAN: list[Plan] = []
"""In a worker process: the run's plan, handed over once when the worker starts."""


def _start_worker(plan: Plan) -> None:
    _WORKER_PLAN[:] = [plan]


def _play_span(span: tuple[int, int]) -> list[GameStats]:
    """In a worker process: play (first, count) games of the plan it was started with."""
    return play_games(_WORKER_PLAN[0], *span)


def batches(games: int, workers: int) -> list[tuple[int, int]]:
    """(first, count) of each batch: one game each with one worker (progress after every game), else
    about eight batches a worker, so that a long game holds up no worker for long."""
    size = 1 if workers == 1 else max(1, games // (workers * 8))
    return [(first, min(size, games - first)) for first in range(0, games, size)]


def run(
    board: Board,
    *,
    games: int,
    players: int,
    seed: int,
    bots: str,
    jail: JailPolicy | None,
    max_rounds: int,
    workers: int = 1,
    rotate: bool = False,
    trades: bool = True,
    turn_limit: int | None = None,
    progress: Callable[[], None] | None = None,
    from_state: GameState | None = None,
) -> Totals:
    """Play the games (new ones, or on from the position from_state), spread over `workers` processes;
    seconds is the wall-clock time of playing them. A position keeps its own rules (turn_limit is for new
    games)."""
    kinds = tuple(lineup(bots, players))
    rules = None
    if turn_limit is not None:
        rules = board.rules.model_copy(
            update={"end": board.rules.end.model_copy(update={"turn_limit": turn_limit})}
        )
    plan = Plan(board, kinds, seed, jail, max_rounds, rotate, trades, rules, from_state)
    totals = Totals(wins=[0] * players)
    start = time.perf_counter()
    for index, stats in enumerate(_played(plan, batches(games, workers), workers)):
        if stats.winner is not None:
            totals.level_wins[seated(kinds, index, rotate)[stats.winner]] += 1
        totals.games += 1
        totals.rolls += stats.rolls
        totals.actions += stats.actions
        totals.rounds += stats.rounds
        totals.landings = [a + b for a, b in zip(totals.landings, stats.landings, strict=True)]
        totals.ended[stats.ended] += 1
        if stats.winner is not None:
            totals.wins[stats.winner] += 1
        if progress is not None:
            progress()
    totals.seconds = time.perf_counter() - start
    return totals


def _played(plan: Plan, spans: list[tuple[int, int]], workers: int) -> Iterator[GameStats]:
    """Each game's counts, in game order, as the batches finish. Each worker process is started once
    and handed the plan (the board, the lineup...) once; then each batch costs two numbers going out and
    its games' counts coming back."""
    if workers == 1:
        for first, count in spans:
            yield from play_games(plan, first, count)
        return
    with ProcessPoolExecutor(max_workers=workers, initializer=_start_worker, initargs=(plan,)) as pool:
        for played in pool.map(_play_span, spans):
            yield from played


def levels(kinds: Sequence[BotKind], totals: Totals) -> dict[BotKind, dict[str, Any]]:
    """Per level in the lineup: seats it holds, games won, the win rate with its 95 % Wilson interval,
    and parity (its share of the seats). Unfinished games count as not won."""
    out: dict[BotKind, dict[str, Any]] = {}
    for kind in BOT_KINDS:
        seats = kinds.count(kind)
        if not seats:
            continue
        won = totals.level_wins[kind]
        low, high = wilson(won, totals.games)
        out[kind] = {
            "seats": seats,
            "wins": won,
            "rate": round(won / totals.games, 4),
            "interval": [round(low, 4), round(high, 4)],
            "parity": round(seats / len(kinds), 4),
        }
    return out


def unfinished(totals: Totals) -> int:
    return totals.ended["round_limit"] + totals.ended["stalled"]


def as_json(args: argparse.Namespace, totals: Totals) -> dict[str, Any]:
    kinds = lineup(args.bots, args.players)
    position = {"position": args.from_position} if args.from_position is not None else {}
    return {
        **position,
        "games": totals.games,
        "players": args.players,
        "seed": args.seed,
        "bots": args.bots,
        "lineup": kinds,
        "rotate": args.rotate,
        "trades": not args.no_trades,
        "turn_limit": args.turn_limit,
        "jail": args.jail,
        "max_rounds": args.max_rounds,
        "rolls": totals.rolls,
        "actions": totals.actions,
        "rounds": totals.rounds,
        "seconds": round(totals.seconds, 3),
        "landings": totals.landings,
        "wins": totals.wins,
        "win_rates": [round(count / totals.games, 4) for count in totals.wins],
        "levels": levels(kinds, totals),
        "unfinished": unfinished(totals),
        "unfinished_share": round(unfinished(totals) / totals.games, 4),
        "ended": totals.ended,
    }


def level_name(kind: BotKind) -> str:
    """A bot level as players read it in the summary («Простой», «Сильный», «Мастер»)."""
    return tr(f"simulate.level.{kind}")


def landing_name(board: Board, index: int) -> str:
    if index == IN_JAIL:
        return tr("simulate.in_jail")
    if index == board.jail:
        return tr("simulate.just_visiting")
    return board.squares[index].name


def summary(console: Console, board: Board, args: argparse.Namespace, totals: Totals) -> None:
    """The readable report: games, average length, wins per seat, endings, the most landed squares."""
    kinds = lineup(args.bots, args.players)
    extras = "".join(
        (
            tr("simulate.summary.rotated") if args.rotate else "",
            tr("simulate.summary.no_trades") if args.no_trades else "",
        )
    )
    console.print(
        Text(
            tr(
                "simulate.summary.games",
                games=totals.games,
                players=args.players,
                bots=args.bots,
                extras=extras,
                jail=args.jail or tr("simulate.summary.jail_by_bots"),
                seed=args.seed,
                max_rounds=args.max_rounds,
                wealth=tr("simulate.summary.by_wealth", rounds=args.turn_limit) if args.turn_limit else "",
            )
        )
    )
    if args.from_position is not None:
        console.print(Text(tr("simulate.summary.from_position", position=args.from_position)))
    console.print(
        tr(
            "simulate.summary.average",
            rounds=f"{totals.rounds / totals.games:.1f}",
            rolls=totals.rolls,
            actions=totals.actions,
            seconds=f"{totals.seconds:.2f}",
        )
    )
    wins = Table(title=tr("simulate.table.seats"))
    wins.add_column(tr("simulate.column.seat"))
    wins.add_column(tr("simulate.column.bot"))
    wins.add_column(tr("simulate.column.wins"), justify="right")
    wins.add_column(tr("simulate.column.share"), justify="right")
    for seat, count in enumerate(totals.wins):
        bot = tr("simulate.rotated") if args.rotate else level_name(kinds[seat])
        wins.add_row(str(seat + 1), bot, str(count), f"{100 * count / totals.games:.1f} %")
    console.print(wins)
    by_level = Table(title=tr("simulate.table.levels"))
    by_level.add_column(tr("simulate.column.level"))
    by_level.add_column(tr("simulate.column.seats"), justify="right")
    by_level.add_column(tr("simulate.column.wins"), justify="right")
    by_level.add_column(tr("simulate.column.share"), justify="right")
    by_level.add_column(tr("simulate.column.interval"), justify="right")
    by_level.add_column(tr("simulate.column.parity"), justify="right")
    for kind in dict.fromkeys(kinds):
        level = levels(kinds, totals)[kind]
        low, high = level["interval"]
        by_level.add_row(
            level_name(kind),
            str(level["seats"]),
            str(level["wins"]),
            f"{100 * level['rate']:.1f} %",
            f"{100 * low:.1f}–{100 * high:.1f} %",
            f"{100 * level['parity']:.1f} %",
        )
    console.print(by_level)
    console.print(
        tr(
            "simulate.summary.unfinished",
            count=unfinished(totals),
            share=f"{100 * unfinished(totals) / totals.games:.1f}",
        )
    )
    console.print(tr("simulate.summary.endings"))
    for ending, count in totals.ended.items():
        if count:
            console.print(f"  {tr(f'simulate.ending.{ending}')}: {count}")
    top = Table(title=tr("simulate.table.landings"))
    top.add_column("#", justify="right")
    top.add_column(tr("simulate.column.square"))
    top.add_column(tr("simulate.column.throw_share"), justify="right")
    ranked = sorted(range(IN_JAIL + 1), key=lambda i: (-totals.landings[i], i))
    for place, index in enumerate(ranked[:10], start=1):
        share = 100 * totals.landings[index] / max(totals.rolls, 1)
        top.add_row(str(place), Text(landing_name(board, index)), f"{share:.2f} %")
    console.print(top)


def main(argv: Sequence[str] | None = None) -> int:
    """Run `simulate` with the arguments after the subcommand; returns the exit code."""
    board = load_board()
    start = None
    try:
        args = build_parser().parse_args(argv)
        if args.from_position is not None:
            start = _start(args, board)
        _check(args)
    except ArgumentError as exc:
        print(f"{PROG}: {error_word()}: {exc}", file=sys.stderr)
        return 2
    except SystemExit as exc:  # --help
        return exc.code if isinstance(exc.code, int) else 0
    options = {
        "from_state": start,
        "games": args.games,
        "players": args.players,
        "seed": args.seed,
        "bots": args.bots,
        "jail": args.jail,
        "max_rounds": args.max_rounds,
        "workers": args.workers,
        "rotate": args.rotate,
        "trades": not args.no_trades,
        "turn_limit": args.turn_limit,
    }
    if args.json:
        totals = run(board, **options)
        print(json.dumps(as_json(args, totals), ensure_ascii=False))
        return 0
    with Progress(
        TextColumn(tr("simulate.progress")),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as bar:
        task = bar.add_task("games", total=args.games)
        totals = run(board, **options, progress=lambda: bar.advance(task))
    summary(Console(), board, args, totals)
    return 0


if __name__ == "__main__":
    sys.exit(main())
