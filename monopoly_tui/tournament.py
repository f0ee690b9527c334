"""Tournaments of computer players: who sits where in each game, the games played (in this process or
spread over worker processes), and what they add up to, with each level's win rate and its 95 % interval.

`simulate` is the command around it; the bots benchmark calls `run` too. Game i (from 0) is played with
the engine seed S + i, and the games are counted in game order whatever the number of workers, so every
figure but `seconds` depends on the arguments alone.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from .bots import BOT_KINDS, BOT_NAMES, BotKind, GameStats, JailPolicy, make_bot, play_game
from .bots.driver import IN_JAIL, play_out
from .engine import Board, GameState, Rules
from .locale import tr
from .positions import with_dice_seed

Z95 = 1.959964
"""The normal quantile of a two-sided 95 % interval."""


ENDINGS = ("bankruptcy", "turn_limit", "round_limit", "stalled")


class ArgumentError(Exception):
    """A bad command line: reported on one line, exit code 2."""


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
