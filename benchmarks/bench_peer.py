"""Side by side with the peer simulator gamescomputersplay/monopoly: dice throws per second, as ratios.

    python benchmarks/bench_peer.py --peer DIR [--rounds 5] [--games 40] [--peer-games 60] [--cpu]

DIR is a checkout of the peer's source (it is public):
    fetch github:gamescomputersplay/monopoly, then
    git --git-dir=<the path fetch printed> archive HEAD | tar -x -C DIR
The peer is timed by /work/shared/bench/peer_gcp.py (its event log off, four players, no auctions,
mutable state), or by the script given with --peer-script. With `--before OLD`, where OLD is a copy of
an earlier version of this project (`git archive <commit> | tar -x -C OLD`), each of our figures is
also measured with that version's package, in the same round, and the speed-up over it is shown.

Each round runs, each in a fresh interpreter, one after the other: the peer; our `simulate` loop with
four «Простой»; the engine alone, replaying those same games' recorded actions through the public,
checked `apply` (no bots); our loop with four «Сильный». The machine is shared, so every figure of
ours is divided by the peer's figure of the same round, and the median of those ratios is reported.
`--cpu` times every run, the peer's too, by the CPU time of its process instead of the wall clock.

`--one-process` plays both in this one interpreter instead, game by game: a game of the peer, then one
of ours (three of the peer's to two of ours, so that each round plays all of both sets), each timed by
the CPU time of the process. A run of either side lasts about a second, and on this shared machine the
speed of a core drifts from one second to the next (fresh interpreters alternated run by run gave
ratios spreading by 1.5x); alternated a game at a time, both sides meet the same drift. The peer is
imported from DIR as its timing script imports it (its event log off, its throws counted the same way).
"""

from __future__ import annotations

import argparse
import importlib
import os
import shlex
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from inspect import signature
from pathlib import Path
from typing import Any

from monopoly_tui.boardfile import load_board
from monopoly_tui.bots import BOT_NAMES, Bot, BotKind, make_bot, play_game
from monopoly_tui.engine import Action, GameState, apply, new_game

PLAYERS = 4
CLOCK = [time.perf_counter]
"""Our runs' clock: wall time by default, the process's CPU time with --cpu (the peer's too: PEER_BY_CPU)."""
PEER_BY_CPU = (
    "import runpy, sys, time; time.perf_counter = time.process_time; "
    "sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')"
)
"""Runs the peer's timing script (argv: the script, its arguments) with its clock, time.perf_counter, made
the process's CPU time: with --cpu both sides are timed alike (a wall clock on a busy machine counts the
time other work takes from the peer, and a ratio of our CPU time to its wall time flatters us)."""
FAST_PATH: dict[str, Any] = {"checked": False} if "checked" in signature(play_game).parameters else {}
"""How `simulate` plays: through the engine's unchecked fast path (versions before it had none)."""
PEER_SCRIPT = Path("/work/shared/bench/peer_gcp.py")
KINDS = ("simple", "replay", "strong")
LABELS = {
    "peer": "gamescomputersplay/monopoly",
    "simple": "ours, simulate, 4 «Простой»",
    "replay": "ours, the same games through apply alone",
    "strong": "ours, 4 «Сильный»",
}


class Recorder:
    """A bot that notes every action it hands to the driver (the driver applies each at once)."""

    def __init__(self, bot: Bot, actions: list[Action]) -> None:
        self.bot, self.actions = bot, actions

    @property
    def kind(self) -> BotKind:
        return self.bot.kind

    def choose(self, state: GameState, seat: int) -> Action:
        action = self.bot.choose(state, seat)
        self.actions.append(action)
        return action

    def manage(self, state: GameState, seat: int) -> Action | None:
        action = self.bot.manage(state, seat)
        if action is not None:
            self.actions.append(action)
        return action


def names(kind: BotKind) -> list[str]:
    return [f"{BOT_NAMES[kind]} {seat + 1}" for seat in range(PLAYERS)]


def bots_game(kind: BotKind, games: int) -> float:
    """Throws per second of `games` bot games (seeds 0..games-1), as `simulate` plays them."""
    board = load_board()
    throws, seconds = 0, 0.0
    for seed in range(games):
        bots = [make_bot(kind, seed, seat) for seat in range(PLAYERS)]
        start = CLOCK[0]()
        _, stats = play_game(board, names(kind), bots, seed, board.rules, **FAST_PATH)
        seconds += CLOCK[0]() - start
        throws += stats.rolls
    return throws / seconds


def replay_games(games: int) -> float:
    """Throws per second of the engine alone: the simple bots' games (recorded first, untimed) replayed."""
    board = load_board()
    records: list[tuple[int, list[Action]]] = []
    throws = 0
    for seed in range(games):
        actions: list[Action] = []
        bots = [Recorder(make_bot("simple", seed, seat), actions) for seat in range(PLAYERS)]
        _, stats = play_game(board, names("simple"), bots, seed, board.rules)
        throws += stats.rolls
        records.append((seed, actions))
    start = CLOCK[0]()
    for seed, actions in records:
        state = new_game(board, names("simple"), seed=seed)
        for action in actions:
            state = apply(state, action)
    return throws / (CLOCK[0]() - start)


def measure(kind: str, games: int) -> float:
    if kind == "replay":
        return replay_games(games)
    assert kind in ("simple", "strong")
    return bots_game("simple" if kind == "simple" else "strong", games)


def child(args: Sequence[str], cwd: Path | None = None, package: Path | None = None) -> float:
    """Run a fresh interpreter (importing monopoly_tui from `package` if given); its last line of output
    is a throws-per-second figure."""
    env = dict(os.environ)
    if package is not None:
        env["PYTHONPATH"] = str(package.resolve())
    command = [sys.executable, *args]
    out = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, check=True)
    return float(out.stdout.split()[-1])


def show(
    peer: list[float],
    kinds: list[str],
    figures: dict[str, list[float]],
    ratios: dict[str, list[float]],
    speedups: dict[str, list[float]] | None = None,
) -> None:
    """Print the peer's median and, for each kind of ours, its median, its ratios to the peer and (with
    --before) its speed-ups over the earlier version."""
    print(f"  {LABELS['peer']:<44} median {statistics.median(peer):9,.0f}   ratio 1")
    for kind in kinds:
        low, high = min(ratios[kind]), max(ratios[kind])
        print(
            f"  {LABELS[kind]:<44} median {statistics.median(figures[kind]):9,.0f}   "
            f"ratio {statistics.median(ratios[kind]):.3f} (runs {low:.3f}..{high:.3f})"
        )
        if speedups and speedups[kind]:
            low, high = min(speedups[kind]), max(speedups[kind])
            print(
                f"  {'':<44} {statistics.median(speedups[kind]):.2f}x the earlier version "
                f"(runs {low:.2f}..{high:.2f})"
            )


def main(argv: list[str] | None = None) -> None:
    print("$ python " + shlex.join(sys.argv))
    parser = argparse.ArgumentParser(prog="python benchmarks/bench_peer.py", description=__doc__)
    parser.add_argument("--peer", type=Path, help="a checkout of gamescomputersplay/monopoly")
    parser.add_argument("--peer-script", type=Path, default=PEER_SCRIPT)
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds (the median is shown)")
    parser.add_argument("--games", type=int, default=40, help="our games per run (simple bots, replay)")
    parser.add_argument("--strong-games", type=int, default=10, help="our games per run, strong bots")
    parser.add_argument("--peer-games", type=int, default=60, help="the peer's games per run")
    parser.add_argument("--only", choices=KINDS, action="append", help="measure only these of ours")
    parser.add_argument("--before", type=Path, help="a copy of an earlier version, measured beside")
    parser.add_argument(
        "--cpu", action="store_true", help="time the runs by CPU time, ours and the peer's (steadier)"
    )
    parser.add_argument("--measure", choices=KINDS, help=argparse.SUPPRESS)
    parser.add_argument(
        "--one-process", action="store_true", help="alternate game by game in this interpreter (steadiest)"
    )
    args = parser.parse_args(argv)
    if args.measure is None and (args.peer is None or not (args.peer / "monopoly").is_dir()):
        parser.error("--peer DIR: a checkout of gamescomputersplay/monopoly is needed (see --help)")
    if args.one_process:
        if args.before is not None:
            parser.error("--before needs fresh interpreters: leave out --one-process")
        one_process(args.peer, args.only or list(KINDS), args)
        return
    if args.cpu:
        CLOCK[0] = time.process_time
    if args.measure:
        games = args.strong_games if args.measure == "strong" else args.games
        print(measure(args.measure, games))
        return
    kinds = args.only or list(KINDS)
    me = [str(Path(__file__).resolve())]
    common = ["--games", str(args.games), "--strong-games", str(args.strong_games)]
    if args.cpu:
        common.append("--cpu")
    figures: dict[str, list[float]] = {kind: [] for kind in ["peer", *kinds]}
    ratios: dict[str, list[float]] = {kind: [] for kind in kinds}
    speedups: dict[str, list[float]] = {kind: [] for kind in kinds}
    for _ in range(args.rounds):
        peer_run = [str(args.peer_script.resolve()), str(args.peer_games)]
        peer = child(["-c", PEER_BY_CPU, *peer_run] if args.cpu else peer_run, cwd=args.peer)
        figures["peer"].append(peer)
        for kind in kinds:
            ours = child([*me, *common, "--measure", kind])
            figures[kind].append(ours)
            ratios[kind].append(ours / peer)
            if args.before is not None:
                before = child([*me, *common, "--measure", kind], package=args.before)
                speedups[kind].append(ours / before)
    print(
        f"{args.rounds} alternating rounds; our games: seeds 0..{args.games - 1} "
        f"({args.strong_games} with strong bots), the peer's: {args.peer_games}; throws per second"
        f"{' (by CPU time)' if args.cpu else ''}:"
    )
    show(figures["peer"], kinds, figures, ratios, speedups)


class Peer:
    """The peer's games in this interpreter, as its timing script plays them: its event log off, its
    dice throws counted by a wrapper of its `Dice.roll`; game i is the script's i-th (seeds i+1, 1000+i)."""

    def __init__(self, folder: Path) -> None:
        sys.path.insert(0, str(folder.resolve()))
        log_settings = importlib.import_module("monopoly.log_settings")
        log_settings.LogSettings.KEEP_GAME_LOG = False
        log_settings.LogSettings.init_logs()
        dice = importlib.import_module("monopoly.core.dice")
        self.game = importlib.import_module("monopoly.core.game").monopoly_game
        self.throws = 0
        roll = dice.Dice.roll

        def counted_roll(die: Any, *args: Any, **kwargs: Any) -> Any:
            self.throws += 1
            return roll(die, *args, **kwargs)

        dice.Dice.roll = counted_roll

    def play(self, i: int) -> tuple[int, float]:
        """Its throws and CPU seconds in game i."""
        before = self.throws
        start = time.process_time()
        self.game((i + 1, 1000 + i))
        return self.throws - before, time.process_time() - start


def our_units(kind: str, games: int) -> list[Callable[[], tuple[int, float]]]:
    """Our games of `kind` one by one, each a call giving its throws and CPU seconds: the bots' games as
    `simulate` plays them, or (replay) those of four «Простой» recorded first and replayed through `apply`."""
    board = load_board()
    level: BotKind = "strong" if kind == "strong" else "simple"

    def bots_unit(seed: int) -> Callable[[], tuple[int, float]]:
        def run() -> tuple[int, float]:
            bots = [make_bot(level, seed, seat) for seat in range(PLAYERS)]
            start = time.process_time()
            _, stats = play_game(board, names(level), bots, seed, board.rules, **FAST_PATH)
            return stats.rolls, time.process_time() - start

        return run

    if kind != "replay":
        return [bots_unit(seed) for seed in range(games)]
    units: list[Callable[[], tuple[int, float]]] = []
    for seed in range(games):
        actions: list[Action] = []
        bots = [Recorder(make_bot("simple", seed, seat), actions) for seat in range(PLAYERS)]
        _, stats = play_game(board, names("simple"), bots, seed, board.rules)

        def replay(
            seed: int = seed, actions: list[Action] = actions, rolls: int = stats.rolls
        ) -> tuple[int, float]:
            start = time.process_time()
            state = new_game(board, names("simple"), seed=seed)
            for action in actions:
                state = apply(state, action)
            return rolls, time.process_time() - start

        units.append(replay)
    return units


def one_process(folder: Path, kinds: list[str], args: argparse.Namespace) -> None:
    """--one-process: each round plays, for each of our kinds, all of the peer's games and all of ours
    interleaved (the peer's spread evenly among ours) and divides our throws per CPU second by the
    peer's of the same interleaving; the median of the rounds' ratios is shown."""
    peer = Peer(folder)
    units = {kind: our_units(kind, args.strong_games if kind == "strong" else args.games) for kind in kinds}
    figures: dict[str, list[float]] = {kind: [] for kind in kinds}
    peers: dict[str, list[float]] = {kind: [] for kind in kinds}
    ratios: dict[str, list[float]] = {kind: [] for kind in kinds}
    for _ in range(args.rounds):
        for kind in kinds:
            ours, theirs = [0, 0.0], [0, 0.0]
            mine = units[kind]
            for i in range(args.peer_games):
                throws, seconds = peer.play(i)
                theirs[0] += throws
                theirs[1] += seconds
                # our games spread among the peer's: ours j is played after the peer's i where j turns
                for j in range(len(mine) * i // args.peer_games, len(mine) * (i + 1) // args.peer_games):
                    throws, seconds = mine[j]()
                    ours[0] += throws
                    ours[1] += seconds
            figures[kind].append(ours[0] / ours[1])
            peers[kind].append(theirs[0] / theirs[1])
            ratios[kind].append(figures[kind][-1] / peers[kind][-1])
    print(
        f"{args.rounds} rounds in one process, game by game; our games: seeds 0..{args.games - 1} "
        f"({args.strong_games} with strong bots), the peer's: {args.peer_games}; throws per CPU second:"
    )
    show([figure for kind in kinds for figure in peers[kind]], kinds, figures, ratios)


if __name__ == "__main__":
    main()
