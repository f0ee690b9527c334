"""`monopoly-tui simulate`: play many bot games headless; a readable summary, or one JSON object.

    monopoly-tui simulate --games N --players P --seed S [--bots simple|strong|mixed]
                          [--jail short|long] [--max-rounds R] [--workers W] [--json]

Game i (from 0) is played with the engine seed S + i, so one game of a run can be replayed alone. Every
figure but "seconds" depends on the arguments only: the same arguments give the same JSON, whatever the
number of worker processes (the games are spread over them and counted in game order).
"""

from __future__ import annotations

import argparse
import json
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
from .bots import BOT_NAMES, BotKind, GameStats, JailPolicy, make_bot, play_game
from .bots.driver import IN_JAIL, play_out
from .cliparse import ERROR, RussianArgumentParser, translate
from .engine import MAX_PLAYERS, MIN_PLAYERS, Board, GameState
from .positions import PositionArgumentError, read_position, with_dice_seed

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
        metavar="P",
        help=f"игроков в партии ({MIN_PLAYERS}–{MAX_PLAYERS}); с --from-position — из позиции",
    )
    parser.add_argument(
        "--from-position",
        metavar="TEXT",
        help="играть с этой позиции (строка MPN): партия i — с кубиками от зерна S + i",
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
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="W",
        help=f"процессов, между которыми делятся партии (на этой машине ядер: {os.cpu_count() or 1})",
    )
    parser.add_argument("--json", action="store_true", help="вывести один объект JSON")
    return parser


def _check(args: argparse.Namespace) -> None:
    if args.games < 1:
        raise ArgumentError(f"--games: нужно не меньше 1, задано {args.games}")
    if args.players is None:
        raise ArgumentError("не задан обязательный аргумент --players (или --from-position)")
    if not MIN_PLAYERS <= args.players <= MAX_PLAYERS:
        raise ArgumentError(f"--players: нужно от {MIN_PLAYERS} до {MAX_PLAYERS}, задано {args.players}")
    if args.seed < 0:
        raise ArgumentError(f"--seed: нужно неотрицательное целое, задано {args.seed}")
    if args.max_rounds < 1:
        raise ArgumentError(f"--max-rounds: нужно не меньше 1, задано {args.max_rounds}")
    if args.workers < 1:
        raise ArgumentError(f"--workers: нужно не меньше 1, задано {args.workers}")


def _start(args: argparse.Namespace, board: Board) -> GameState:
    """The position to play on from; --players, if given, must agree with it."""
    try:
        start = read_position(args.from_position, board)
    except PositionArgumentError as exc:
        raise ArgumentError(f"--from-position: {exc}") from None
    if start.is_over:
        raise ArgumentError("--from-position: партия в этой позиции уже окончена")
    if args.players is not None and args.players != len(start.players):
        raise ArgumentError(f"--players {args.players}, а в позиции игроков: {len(start.players)}")
    args.players = len(start.players)
    return start


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


@dataclass(frozen=True)
class Batch:
    """Games first..first+count-1 of a run, as one worker plays them."""

    board: Board
    kinds: tuple[BotKind, ...]
    seed: int
    first: int
    count: int
    jail: JailPolicy | None
    max_rounds: int
    start: GameState | None = None
    """The position every game goes on from (its dice from the game's seed), or None for new games."""


def play_batch(batch: Batch) -> list[GameStats]:
    """Play a batch of games (in this process or a worker's); the counts of each, in game order."""
    names = [f"{BOT_NAMES[kind]} {seat + 1}" for seat, kind in enumerate(batch.kinds)]
    out = []
    for index in range(batch.first, batch.first + batch.count):
        game_seed = batch.seed + index
        seats = [make_bot(kind, game_seed, seat, jail=batch.jail) for seat, kind in enumerate(batch.kinds)]
        if batch.start is None:
            _, stats = play_game(
                batch.board, names, seats, game_seed, batch.board.rules, batch.max_rounds, checked=False
            )
        else:
            start = with_dice_seed(batch.start, game_seed)
            _, stats = play_out(start, seats, batch.max_rounds, checked=False)
        out.append(stats)
    return out


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
    progress: Callable[[], None] | None = None,
    from_state: GameState | None = None,
) -> Totals:
    """Play the games (new ones, or on from the position from_state), spread over `workers` processes;
    seconds is the wall-clock time of playing them."""
    kinds = tuple(lineup(bots, players))
    work = [
        Batch(board, kinds, seed, first, count, jail, max_rounds, from_state)
        for first, count in batches(games, workers)
    ]
    totals = Totals(wins=[0] * players)
    start = time.perf_counter()
    for stats in _played(work, workers):
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


def _played(work: list[Batch], workers: int) -> Iterator[GameStats]:
    """Each game's counts, in game order, as the batches finish."""
    if workers == 1:
        for batch in work:
            yield from play_batch(batch)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for played in pool.map(play_batch, work):
            yield from played


def as_json(args: argparse.Namespace, totals: Totals) -> dict[str, Any]:
    position = {"position": args.from_position} if args.from_position is not None else {}
    return {
        **position,
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
        "win_rates": [round(count / totals.games, 4) for count in totals.wins],
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
    if args.from_position is not None:
        console.print(Text(f"С позиции: {args.from_position}"))
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
    board = load_board()
    start = None
    try:
        args = build_parser().parse_args(argv)
        if args.from_position is not None:
            start = _start(args, board)
        _check(args)
    except ArgumentError as exc:
        print(f"{PROG}: {ERROR}: {exc}", file=sys.stderr)
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
