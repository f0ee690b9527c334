"""`monopoly-tui simulate`: play many bot games headless; a readable summary, or one JSON object.

    monopoly-tui simulate --games N --players P --seed S [--bots LEVELS] [--rotate] [--no-trades]
                          [--turn-limit T] [--from-position TEXT] [--jail short|long] [--max-rounds R]
                          [--workers W] [--json]

LEVELS is one level for every seat (simple, strong, master), mixed (strong in seat 1, simple elsewhere) or a
level per seat, comma-separated (strong,simple,simple,simple). --rotate turns the table by one seat each
game: in game i the first level listed sits in seat i mod P, so every level plays every seat equally.

Game i (from 0) is played with the engine seed S + i, so one game of a run can be replayed alone. Every
figure but "seconds" depends on the arguments only: the same arguments give the same JSON, whatever the
number of worker processes (the games are spread over them and counted in game order: tournament.py).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from .boardfile import load_board
from .bots import BOT_KINDS, BotKind
from .bots.driver import IN_JAIL
from .cliparse import RussianArgumentParser, error_word, translate_error
from .engine import MAX_PLAYERS, MIN_PLAYERS, Board, GameState
from .locale import tr
from .positions import PositionArgumentError, read_position
from .tournament import ArgumentError, Totals, levels, lineup, run, unfinished

PROG = "monopoly-tui simulate"
LINEUPS = (*BOT_KINDS, "mixed")
"""The --bots values that need no list: one level in every seat, or mixed."""


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
