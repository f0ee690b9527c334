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
from .cliparse import ERROR, RussianArgumentParser, translate
from .engine import MAX_PLAYERS, MIN_PLAYERS, Board, GameState, Rules
from .positions import PositionArgumentError, read_position, with_dice_seed

PROG = "monopoly-tui simulate"
LINEUPS = (*BOT_KINDS, "mixed")
"""The --bots values that need no list: one level in every seat, or mixed."""
Z95 = 1.959964
"""The normal quantile of a two-sided 95 % interval."""
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
        default="simple",
        metavar="LEVELS",
        help=(
            f"боты: один уровень на всех ({', '.join(BOT_KINDS)}), mixed — сильный на месте 1, "
            "остальные простые, или уровень каждого места через запятую: strong,simple,simple,simple"
        ),
    )
    parser.add_argument(
        "--rotate",
        action="store_true",
        help="пересаживать уровни по кругу: в партии i первый — на месте i mod P",
    )
    parser.add_argument("--no-trades", action="store_true", help="боты не предлагают сделок")
    parser.add_argument(
        "--turn-limit",
        type=int,
        metavar="T",
        help="правило end.turn_limit: после T кругов побеждает самый богатый по чистой стоимости",
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
    if args.turn_limit is not None and not 1 <= args.turn_limit <= args.max_rounds:
        raise ArgumentError(
            f"--turn-limit: нужно от 1 до --max-rounds ({args.max_rounds}), задано {args.turn_limit}"
        )
    lineup(args.bots, args.players)


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
            f"--bots: неизвестный уровень {unknown[0]!r}; можно {', '.join(BOT_KINDS)} (или mixed)"
        )
    if len(names) != players:
        raise ArgumentError(f"--bots: уровней {len(names)}, а игроков {players}")
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
        f"Сыграно партий: {totals.games} (игроков: {args.players}, боты: {args.bots}"
        f"{', по кругу' if args.rotate else ''}{', без сделок' if args.no_trades else ''}, "
        f"тюрьма: {args.jail or 'по выбору ботов'}, зерно {args.seed}, предел {args.max_rounds} кругов"
        f"{f', по богатству после {args.turn_limit}' if args.turn_limit else ''})"
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
        bot = "по кругу" if args.rotate else BOT_NAMES[kinds[seat]]
        wins.add_row(str(seat + 1), bot, str(count), f"{100 * count / totals.games:.1f} %")
    console.print(wins)
    by_level = Table(title="Победы по уровням (95 % интервал Уилсона; недоигранные — не победа)")
    by_level.add_column("Уровень")
    by_level.add_column("Мест", justify="right")
    by_level.add_column("Побед", justify="right")
    by_level.add_column("Доля", justify="right")
    by_level.add_column("Интервал", justify="right")
    by_level.add_column("Паритет", justify="right")
    for kind in dict.fromkeys(kinds):
        level = levels(kinds, totals)[kind]
        low, high = level["interval"]
        by_level.add_row(
            BOT_NAMES[kind],
            str(level["seats"]),
            str(level["wins"]),
            f"{100 * level['rate']:.1f} %",
            f"{100 * low:.1f}–{100 * high:.1f} %",
            f"{100 * level['parity']:.1f} %",
        )
    console.print(by_level)
    console.print(f"Недоиграно: {unfinished(totals)} ({100 * unfinished(totals) / totals.games:.1f} %)")
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
        "rotate": args.rotate,
        "trades": not args.no_trades,
        "turn_limit": args.turn_limit,
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
