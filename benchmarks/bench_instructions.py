"""Machine instructions per dice throw, counted by valgrind: ours beside the peer, steady on a busy machine.

    python benchmarks/bench_instructions.py --peer DIR [--games 10] [--peer-games 20]

Each figure is the instructions of a run playing N games minus those of the same run playing none (the
start-up: imports, the board), counted by valgrind's cachegrind without its cache simulation, divided by
the throws of those N games. Ours: `simulate`'s loop with four «Простой» (seeds 0..N-1, through the
unchecked fast path, as `simulate` plays), and the engine alone, the same games' actions replayed through
`apply_unchecked` and through the public, checked `apply` (recorded first, outside the count). The
peer: gamescomputersplay/monopoly's games as /work/shared/bench/peer_gcp.py plays them (DIR: its
source, see bench_peer.py). An instruction is not a
fixed share of a second (the two programs may run at different speeds per instruction), but the count
does not move with the other work on the machine: a step's gain shows to the million where a clock shows
only noise. Needs valgrind (`apt-get install valgrind`); about a minute.
"""

from __future__ import annotations

import argparse
import pickle
import re
import runpy
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from recorded import play, replay

from monopoly_tui.engine import Action

PEER_SCRIPT = Path("/work/shared/bench/peer_gcp.py")


def peer(script: Path, games: int) -> int:
    """Run the peer's timing script for `games` games (from its source folder); its throws."""
    sys.argv = [str(script), str(games)]
    return int(runpy.run_path(str(script), run_name="__main__")["throws"][0])


def counted(args: list[str], cwd: Path | None = None) -> tuple[int, int]:
    """(instructions, the last number printed) of this script run as a child under valgrind."""
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
    command += [sys.executable, str(Path(__file__).resolve()), *args]
    out = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=True)
    match = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    assert match is not None, out.stderr[-2000:]
    return int(match.group(1).replace(",", "")), int(out.stdout.split()[-1])


def per_throw(args: list[str], games: int, cwd: Path | None = None) -> tuple[float, int]:
    """Instructions per throw of a run of `games` games (start-up taken off), and the throws."""
    none, _ = counted([*args, "0"], cwd)
    some, throws = counted([*args, str(games)], cwd)
    return (some - none) / throws, throws


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python benchmarks/bench_instructions.py", description=__doc__)
    parser.add_argument("--peer", type=Path, help="a checkout of gamescomputersplay/monopoly")
    parser.add_argument("--peer-script", type=Path, default=PEER_SCRIPT)
    parser.add_argument("--games", type=int, default=10, help="our games (seeds 0..N-1)")
    parser.add_argument("--peer-games", type=int, default=20, help="the peer's games")
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        kind, *rest = args.child
        if kind == "simple":
            print(play("simple", int(rest[0])))
        elif kind in ("replay", "checked"):
            replay("simple", Path(rest[0]), int(rest[1]), checked=kind == "checked")
            print(0)
        else:
            print(peer(Path(rest[0]), int(rest[1])))
        return
    print("$ python " + shlex.join(sys.argv))
    if shutil.which("valgrind") is None:
        parser.exit(2, "valgrind is needed (apt-get install valgrind)\n")
    if args.peer is None or not (args.peer / "monopoly").is_dir():
        parser.error("--peer DIR: a checkout of gamescomputersplay/monopoly is needed (see bench_peer.py)")
    peer_cost, peer_throws = per_throw(
        ["--child", "peer", str(args.peer_script.resolve())], args.peer_games, args.peer
    )
    ours, throws = per_throw(["--child", "simple"], args.games)
    actions: list[list[Action]] = []
    play("simple", args.games, actions)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "actions.pickle"
        path.write_bytes(pickle.dumps(actions))
        none, _ = counted(["--child", "replay", str(path), "0"])
        some, _ = counted(["--child", "replay", str(path), str(args.games)])
        checked, _ = counted(["--child", "checked", str(path), str(args.games)])
    engine = (some - none) / throws
    public = (checked - none) / throws
    print("instructions per throw (valgrind; start-up taken off); relative: the peer's count / ours")
    rows = [
        ("gamescomputersplay/monopoly", peer_cost, f"({peer_throws} throws of {args.peer_games} games)"),
        ("ours, simulate, 4 «Простой»", ours, f"relative {peer_cost / ours:.3f}   ({throws} throws)"),
        ("ours, the same games through apply_unchecked", engine, f"relative {peer_cost / engine:.3f}"),
        ("ours, the same games through the checked apply", public, f"relative {peer_cost / public:.3f}"),
        ("ours, the bots and the loop (the difference)", ours - engine, ""),
    ]
    for label, cost, note in rows:
        print(f"  {label:<46} {cost:9,.0f}   {note}".rstrip())


if __name__ == "__main__":
    main()
