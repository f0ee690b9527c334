"""`simulate --workers N` against one process: the same JSON (apart from "seconds"), and the speed-up.

    python benchmarks/bench_workers.py [--workers 2] [--rounds 3] [--games 200] [--bots simple]

Each round runs `monopoly-tui simulate ... --json` once with one worker and once with N, one after the
other in fresh interpreters, and compares their "seconds" (the wall-clock time of the games); the
median of the rounds' ratios is reported. The machine is shared, so a busy neighbour shows as a
lower ratio: the ratio is worth reading only beside the machine's load.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys
from typing import Any


def simulate(games: int, bots: str, workers: int) -> dict[str, Any]:
    command = [sys.executable, "-m", "monopoly_tui", "simulate", "--games", str(games), "--players", "4"]
    command += ["--seed", "1", "--bots", bots, "--workers", str(workers), "--json"]
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    data: dict[str, Any] = json.loads(out)
    return data


def main(argv: list[str] | None = None) -> None:
    print("$ python " + shlex.join(sys.argv))
    parser = argparse.ArgumentParser(prog="python benchmarks/bench_workers.py", description=__doc__)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--bots", default="simple", choices=("simple", "strong", "mixed"))
    args = parser.parse_args(argv)
    ratios, alone, spread = [], [], []
    for _ in range(args.rounds):
        one = simulate(args.games, args.bots, 1)
        many = simulate(args.games, args.bots, args.workers)
        alone.append(one.pop("seconds"))
        spread.append(many.pop("seconds"))
        assert many == one, "the workers played other games than one process"
        ratios.append(alone[-1] / spread[-1])
    print(
        f"{args.games} games, 4 players, bots {args.bots}, {args.rounds} rounds "
        f"({os.cpu_count()} cores; load average {os.getloadavg()[0]:.1f}): the same JSON apart from seconds"
    )
    print(f"  1 worker:  median {statistics.median(alone):6.2f} s")
    print(f"  {args.workers} workers: median {statistics.median(spread):6.2f} s")
    print(f"  speed-up:  median {statistics.median(ratios):.2f}x (runs {min(ratios):.2f}..{max(ratios):.2f})")


if __name__ == "__main__":
    main()
