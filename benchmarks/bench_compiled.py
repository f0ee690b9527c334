"""The engine's rules compiled by mypyc, beside the same source as Python: the same games, and the
instructions a throw of each (valgrind), through the public, checked `apply`.

    python benchmarks/bench_compiled.py [--games 10]

A measurement, not a way of shipping: the package stays pure Python. The package is copied to a
temporary folder and its rule modules (MODULES) are compiled there by mypyc, as they are, with no
change to the source; the games `bench_instructions.py` counts (seeds 0..N-1, four «Простой»,
recorded once) are replayed through `apply` in each copy, every state and its events compared, and
each replay is counted by valgrind's cachegrind (a run of N games less a run of none, divided by the
throws). Needs mypyc (it comes with mypy, a test tool), a C compiler and valgrind; a few minutes.
"""

from __future__ import annotations

import argparse
import pickle
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from recorded import play

from monopoly_tui.engine import Action

ROOT = Path(__file__).resolve().parents[1]
MODULES = (
    "auction",
    "buildings",
    "cards",
    "dice",
    "events",
    "finance",
    "game",
    "jail",
    "landing",
    "legality",
    "mortgages",
    "movement",
    "rent",
    "table",
    "trade",
    "turn",
    "wellformed",
)
"""The engine's modules compiled: the rules and the table (not the validated models of actions,
board, rules and state, which subclass pydantic's, nor the refusals, which subclass an exception)."""

REPLAY = """
import hashlib, pickle, sys
sys.path.insert(0, "benchmarks")
from pathlib import Path
from recorded import names
from monopoly_tui.boardfile import load_board
from monopoly_tui.engine import apply, new_game
import monopoly_tui.engine.game as game

def replay(records, games, digest):
    board = load_board()
    for seed, actions in enumerate(records[:games]):
        state = new_game(board, names("simple"), seed=seed)
        if digest is None:
            for action in actions:
                state = apply(state, action)
        else:
            for action in actions:
                state = apply(state, action)
                digest.update(repr(state[3:]).encode())

digest = hashlib.sha256() if len(sys.argv) > 3 else None
replay(pickle.loads(Path(sys.argv[1]).read_bytes()), int(sys.argv[2]), digest)
print(game.__file__, digest.hexdigest() if digest else "")
"""
"""A child's replay of the recorded games through `apply` (its folder's package: the current one
first on the path); with a third argument, a digest of every state (but the board, rules and seed)
with its events."""


def child(root: Path, path: Path, games: int, *extra: str, counted: bool = False) -> tuple[int, str]:
    """(instructions when counted, else 0; the child's output) of a replay in root's copy."""
    command = [sys.executable, "-c", REPLAY, str(path), str(games), *extra]
    if counted:
        command = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
        command += [sys.executable, "-c", REPLAY, str(path), str(games)]
    out = subprocess.run(command, cwd=root, capture_output=True, text=True)
    if out.returncode:
        raise SystemExit(f"{shlex.join(command[:3])}... in {root}:\n{out.stderr[-3000:]}")
    if not counted:
        return 0, out.stdout.strip()
    match = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    assert match is not None, out.stderr[-2000:]
    return int(match.group(1).replace(",", "")), out.stdout.strip()


def compiled_copy(folder: Path) -> None:
    """The package, its data and recorded.py copied into folder, MODULES compiled there by mypyc."""
    shutil.copytree(
        ROOT / "monopoly_tui", folder / "monopoly_tui", ignore=shutil.ignore_patterns("__pycache__")
    )
    shutil.copytree(ROOT / "data", folder / "data")  # the board files
    (folder / "benchmarks").mkdir()
    shutil.copy(ROOT / "benchmarks" / "recorded.py", folder / "benchmarks")
    sources = [f"monopoly_tui/engine/{name}.py" for name in MODULES]
    subprocess.run(
        [sys.executable, "-m", "mypyc", *sources], cwd=folder, capture_output=True, text=True, check=True
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python benchmarks/bench_compiled.py", description=__doc__)
    parser.add_argument("--games", type=int, default=10, help="the recorded games (seeds 0..N-1)")
    args = parser.parse_args(argv)
    print("$ python " + shlex.join(sys.argv))
    if shutil.which("valgrind") is None:
        parser.exit(2, "valgrind is needed (apt-get install valgrind)\n")
    actions: list[list[Action]] = []
    throws = play("simple", args.games, actions)
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        path = folder / "actions.pickle"
        path.write_bytes(pickle.dumps(actions))
        compiled = folder / "compiled"
        compiled_copy(compiled)
        _, pure_digest = child(ROOT, path, args.games, "digest")
        _, compiled_digest = child(compiled, path, args.games, "digest")
        assert compiled_digest.split()[0].endswith(".so"), compiled_digest  # the compiled module ran
        same = pure_digest.split()[1] == compiled_digest.split()[1]
        cost = {}
        for label, root in (("Python", ROOT), ("compiled", compiled)):
            none, _ = child(root, path, 0, counted=True)
            some, _ = child(root, path, args.games, counted=True)
            cost[label] = (some - none) / throws
    print(f"{args.games} recorded games of four «Простой», {throws} throws, through the checked apply:")
    print(f"  every state and its events the same in both: {'yes' if same else 'NO'}")
    print(f"  the engine as Python                 {cost['Python']:9,.0f} instructions a throw")
    ratio = cost["Python"] / cost["compiled"]
    compiled_cost = cost["compiled"]
    print(
        f"  its rules compiled by mypyc          {compiled_cost:9,.0f} instructions a throw   ({ratio:.2f}x)"
    )
    if not same:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
