"""`simulate --workers N` against one process: the same JSON (apart from "seconds"), and the speed-up.

    python benchmarks/bench_workers.py [--workers 2] [--rounds 3] [--games 200] [--bots simple]

Each round runs `monopoly-tui simulate ... --json` once with one worker and once with N, one after the
other in fresh interpreters, and compares their "seconds" (the wall-clock time of the games); the
median of the rounds' ratios is reported. The CPU time of each run (the simulate process and its
workers, start-up included) shows what the pool costs beyond the games themselves: on an idle machine
with N cores the speed-up is about N divided by that cost. The machine may be shared, so the load
average before and after the runs is printed: a busy neighbour shows as a lower wall-clock speed-up
(with no core to spare, none can show), while the CPU overhead stays what the pool itself costs.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shlex
import statistics
import subprocess
import sys
from typing import Any


def children_cpu() -> float:
    """CPU seconds (user and system) of the finished child processes so far, their children included."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def simulate(games: int, bots: str, workers: int) -> tuple[dict[str, Any], float]:
    """simulate's JSON, and the CPU seconds the run took (its workers included)."""
    command = [sys.executable, "-m", "monopoly_tui", "simulate", "--games", str(games), "--players", "4"]
    command += ["--seed", "1", "--bots", bots, "--workers", str(workers), "--json"]
    before = children_cpu()
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    data: dict[str, Any] = json.loads(out)
    return data, children_cpu() - before


def main(argv: list[str] | None = None) -> None:
    print("$ python " + shlex.join(sys.argv))
    parser = argparse.ArgumentParser(prog="python benchmarks/bench_workers.py", description=__doc__)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--bots", default="simple", choices=("simple", "strong", "mixed"))
    args = parser.parse_args(argv)
    load_before = os.getloadavg()
    ratios, alone, spread, overheads = [], [], [], []
    for _ in range(args.rounds):
        one, cpu_one = simulate(args.games, args.bots, 1)
        many, cpu_many = simulate(args.games, args.bots, args.workers)
        alone.append(one.pop("seconds"))
        spread.append(many.pop("seconds"))
        assert many == one, "the workers played other games than one process"
        ratios.append(alone[-1] / spread[-1])
        overheads.append(cpu_many / cpu_one)
    load_after = os.getloadavg()
    cores = os.cpu_count() or 1
    print(
        f"{args.games} games, 4 players, bots {args.bots}, {args.rounds} rounds, {cores} cores: "
        "the same JSON apart from seconds"
    )
    print(
        f"  load average (1, 5, 15 min) before: {', '.join(f'{x:.1f}' for x in load_before)}; "
        f"after: {', '.join(f'{x:.1f}' for x in load_after)}"
    )
    print(f"  1 worker:   median {statistics.median(alone):6.2f} s of games")
    print(f"  {args.workers} workers:  median {statistics.median(spread):6.2f} s of games")
    print(
        f"  CPU time, {args.workers} workers / 1 worker (whole runs): median "
        f"{statistics.median(overheads):.3f} (runs {min(overheads):.3f}..{max(overheads):.3f})"
    )
    print(
        f"  speed-up by wall clock: median {statistics.median(ratios):.2f}x "
        f"(runs {min(ratios):.2f}..{max(ratios):.2f}); at most "
        f"{min(args.workers, cores) / statistics.median(overheads):.2f}x on an idle machine"
    )


if __name__ == "__main__":
    main()
