"""`monopoly-tui simulate`: play many bot games headless; a readable summary, or one JSON object.

    monopoly-tui simulate --games N --players P --seed S [--bots simple|strong|mixed]
                          [--jail short|long] [--max-rounds R] [--json]

Game i (from 0) is played with the engine seed S + i, so one game of a run can be replayed alone. Every
figure but "seconds" depends on the arguments only: the same arguments give the same JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NoReturn

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from .boardfile import load_board
from .bots import BOT_NAMES, BotKind, JailPolicy, make_bot, play_game
from .bots.driver import IN_JAIL
from .cliparse import ERROR, RussianArgumentParser, translate
from .engine import MAX_PLAYERS, MIN_PLAYERS, Board

PROG = "monopoly-tui simulate"
LINEUPS = ("simple", "strong", "mixed")
ENDINGS = ("bankruptcy", "turn_limit", "round_limit", "stalled")
ENDING_NAMES = {
    "bankruptcy": "остался один игрок",
    "turn_limit": "предел ходов правил (побеждает самый богатый)",
    "round_limit": "остановлены на пределе кругов",
    "stalled": "остановлены защитой от зацикливания",
}


class ArgumentError(Exception):
    """A bad command line: reported on one line, exit code 2."""


class _Parser(RussianArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise ArgumentError(translate(message))


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog=PROG,
        description="Сыграть партии ботов без экрана и показать статистику.",
    )
    parser.add_argument("--games", type=int, required=True, metavar="N", help="сколько партий сыграть")
    parser.add_argument(
        "--players",
        type=int,
        required=True,
        metavar="P",
        help=f"игроков в партии ({MIN_PLAYERS}–{MAX_PLAYERS})",
    )
    parser.add_argument(
        "--seed", type=int, required=True, metavar="S", help="зерно: партия i играется с S + i"
    )
    parser.add_argument(
        "--bots",
        choices=LINEUPS,
        default="simple",
        help="боты: все простые, все сильные, или mixed — сильный на месте 1, остальные простые",
    )
    parser.add_argument(
        "--jail",
        choices=("short", "long"),
        help="short: выходить из тюрьмы сразу; long: сидеть, сколько позволяют правила",
    )
    parser.add_argument("--max-rounds", type=int, default=200, metavar="R", help="предел кругов на партию")
    parser.add_argument("--json", action="store_true", help="вывести один объект JSON")
    return parser


def _check(args: argparse.Namespace) -> None:
    if args.games < 1:
        raise ArgumentError(f"--games: нужно не меньше 1, задано {args.games}")
    if not MIN_PLAYERS <= args.players <= MAX_PLAYERS:
        raise ArgumentError(f"--players: нужно от {MIN_PLAYERS} до {MAX_PLAYERS}, задано {args.players}")
    if args.seed < 0:
        raise ArgumentError(f"--seed: нужно неотрицательное целое, задано {args.seed}")
    if args.max_rounds < 1:
        raise ArgumentError(f"--max-rounds: нужно не меньше 1, задано {args.max_rounds}")


def lineup(bots: str, players: int) -> list[BotKind]:
    """The bot kind of each seat: mixed is a strong bot in seat 0 and simple ones after it."""
    simple: list[BotKind] = ["simple"] * players
    if bots == "mixed":
        return ["strong", *simple[1:]]
    assert bots in ("simple", "strong")
    return ["strong"] * players if bots == "strong" else simple


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
    ended: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ENDINGS, 0))


def run(
    board: Board,
    *,
    games: int,
    players: int,
    seed: int,
    bots: str,
    jail: JailPolicy | None,
    max_rounds: int,
    progress: Callable[[], None] | None = None,
) -> Totals:
    """Play the games; seconds counts the games only."""
    kinds = lineup(bots, players)
    names = [f"{BOT_NAMES[kind]} {seat + 1}" for seat, kind in enumerate(kinds)]
    totals = Totals(wins=[0] * players)
    for index in range(games):
        game_seed = seed + index
        seats = [make_bot(kind, game_seed, seat, jail=jail) for seat, kind in enumerate(kinds)]
        start = time.perf_counter()
        _, stats = play_game(board, names, seats, game_seed, board.rules, max_rounds)
        totals.seconds += time.perf_counter() - start
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
    return totals


def as_json(args: argparse.Namespace, totals: Totals) -> dict[str, Any]:
    return {
        "games": totals.games,
        "players": args.players,
        "seed": args.seed,
        "bots": args.bots,
        "jail": args.jail,
        "max_rounds": args.max_rounds,
        "rolls": totals.rolls,
        "actions": totals.actions,
        "rounds": totals.rounds,
        "seconds": round(totals.seconds, 3),
        "landings": totals.landings,
        "wins": totals.wins,
        "unfinished": totals.ended["round_limit"] + totals.ended["stalled"],
        "ended": totals.ended,
    }


def landing_name(board: Board, index: int) -> str:
    if index == IN_JAIL:
        return "В тюрьме"
    if index == board.jail:
        return "Просто посетили"
    return board.squares[index].name


def summary(console: Console, board: Board, args: argparse.Namespace, totals: Totals) -> None:
    """The readable report: games, average length, wins per seat, endings, the most landed squares."""
    kinds = lineup(args.bots, args.players)
    console.print(
        f"Сыграно партий: {totals.games} (игроков: {args.players}, боты: {args.bots}, "
        f"тюрьма: {args.jail or 'по выбору ботов'}, зерно {args.seed}, предел {args.max_rounds} кругов)"
    )
    console.print(
        f"В среднем {totals.rounds / totals.games:.1f} кругов за партию; бросков {totals.rolls}, "
        f"действий {totals.actions}, {totals.seconds:.2f} с"
    )
    wins = Table(title="Победы по местам")
    wins.add_column("Место")
    wins.add_column("Бот")
    wins.add_column("Побед", justify="right")
    wins.add_column("Доля", justify="right")
    for seat, count in enumerate(totals.wins):
        wins.add_row(str(seat + 1), BOT_NAMES[kinds[seat]], str(count), f"{100 * count / totals.games:.1f} %")
    console.print(wins)
    console.print("Чем закончились партии:")
    for ending, count in totals.ended.items():
        if count:
            console.print(f"  {ENDING_NAMES[ending]}: {count}")
    top = Table(title="Где чаще всего останавливаются фишки")
    top.add_column("#", justify="right")
    top.add_column("Поле")
    top.add_column("Доля бросков", justify="right")
    ranked = sorted(range(IN_JAIL + 1), key=lambda i: (-totals.landings[i], i))
    for place, index in enumerate(ranked[:10], start=1):
        share = 100 * totals.landings[index] / max(totals.rolls, 1)
        top.add_row(str(place), landing_name(board, index), f"{share:.2f} %")
    console.print(top)


def main(argv: Sequence[str] | None = None) -> int:
    """Run `simulate` with the arguments after the subcommand; returns the exit code."""
    try:
        args = build_parser().parse_args(argv)
        _check(args)
    except ArgumentError as exc:
        print(f"{PROG}: {ERROR}: {exc}", file=sys.stderr)
        return 2
    except SystemExit as exc:  # --help
        return exc.code if isinstance(exc.code, int) else 0
    board = load_board()
    options = {
        "games": args.games,
        "players": args.players,
        "seed": args.seed,
        "bots": args.bots,
        "jail": args.jail,
        "max_rounds": args.max_rounds,
    }
    if args.json:
        totals = run(board, **options)
        print(json.dumps(as_json(args, totals), ensure_ascii=False))
        return 0
    with Progress(
        TextColumn("Партии"),
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
