"""Machine instructions of games of four «Сильный», counted by valgrind: steady on a busy machine.

    python benchmarks/bench_strong.py [--games 10] [--before OLD]

The games are bench_peer.py's (seeds 0..N-1, four «Сильный», through the unchecked fast path, as
`simulate` plays them). Each figure is the instructions of a run playing N games minus those of the same
run playing none (the start-up: imports, the board), counted by valgrind's cachegrind without its cache
simulation: the whole of `simulate`'s loop, and the same games' actions replayed through
`apply_unchecked` alone (recorded first, outside the count), so that the bots' and the loop's share shows.
With `--before OLD`, where OLD is a copy of an earlier version (`git archive <commit> | tar -x -C OLD`),
the games are also counted with that version's package. Needs valgrind; a minute or two.
"""

from __future__ import annotations

import argparse
import os
import pickle
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from recorded import play, replay

from monopoly_tui.engine import Action


def counted(args: list[str], package: Path | None = None) -> tuple[int, int]:
    """(instructions, the last number printed) of this script run as a child under valgrind, importing
    monopoly_tui from `package` if given."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    if package is not None:
        env["PYTHONPATH"] = str(package.resolve())
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
    command += [sys.executable, str(Path(__file__).resolve()), *args]
    out = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    match = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    assert match is not None, out.stderr[-2000:]
    return int(match.group(1).replace(",", "")), int(out.stdout.split()[-1])


def games_cost(games: int, package: Path | None = None) -> tuple[int, int]:
    """Instructions of `games` games (start-up taken off), and their throws."""
    none, _ = counted(["--child", "strong", "0"], package)
    some, throws = counted(["--child", "strong", str(games)], package)
    return some - none, throws


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python benchmarks/bench_strong.py", description=__doc__)
    parser.add_argument("--games", type=int, default=10, help="games (seeds 0..N-1)")
    parser.add_argument("--before", type=Path, help="a copy of an earlier version, counted beside")
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        kind, *rest = args.child
        if kind == "strong":
            print(play("strong", int(rest[0])))
        else:
            replay("strong", Path(rest[0]), int(rest[1]))
            print(0)
        return
    print("$ python " + shlex.join(sys.argv))
    if shutil.which("valgrind") is None:
        parser.exit(2, "valgrind is needed (apt-get install valgrind)\n")
    ours, throws = games_cost(args.games)
    actions: list[list[Action]] = []
    play("strong", args.games, actions)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "actions.pickle"
        path.write_bytes(pickle.dumps(actions))
        none, _ = counted(["--child", "replay", str(path), "0"])
        some, _ = counted(["--child", "replay", str(path), str(args.games)])
    engine = some - none
    print(f"{args.games} games of four «Сильный» (seeds 0..{args.games - 1}), {throws} throws; instructions:")
    rows = [
        ("simulate's loop", ours, f"{ours / throws:9,.0f} a throw"),
        ("the same actions through apply_unchecked", engine, f"{engine / throws:9,.0f} a throw"),
        ("the bots and the loop (the difference)", ours - engine, ""),
    ]
    if args.before is not None:
        old, old_throws = games_cost(args.games, args.before)
        same = "the same throws" if old_throws == throws else f"{old_throws} throws: other games"
        rows.append(("the earlier version's loop", old, f"({same}; {old / ours:.2f}x)"))
    for label, cost, note in rows:
        print(f"  {label:<42} {cost / 1e6:8,.0f} million   {note}".rstrip())


if __name__ == "__main__":
    main()
