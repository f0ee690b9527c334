"""The fit behind «Мастер»'s judgement of a position (bots/master_value.py):
`python benchmarks/fit_master_value.py`.

Plays N games of four «Сильный» (seeds S..S+N-1, round limit 200), takes the position at the start of
every round (each player's figures: plain worth, set bonus, rent, cash, build, houses) and who won the
game, and fits the conditional logit of master_value.py by Newton's method: P(i wins) = e^(w·x_i) /
Σ_j e^(w·x_j), x the figures as master_value.inputs makes them. Prints the weights (to copy into
WEIGHTS), the log-likelihood per position against the worth share alone and against chance, and how
often the favourite won, by stage of the game; with --test-games, the same for games held out of the
fit. Unfinished games are left out.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from concurrent.futures import ProcessPoolExecutor
from math import exp, log

from monopoly_tui.boardfile import load_board
from monopoly_tui.bots import make_bot, play_game
from monopoly_tui.bots.master_value import figures, inputs
from monopoly_tui.bots.strong_terms import APPRAISER
from monopoly_tui.engine import Action, GameState

Rows = dict[int, tuple[float, ...]]
Position = tuple[int, Rows, int]
"""Round, each player's inputs, the winner."""


def position_inputs(state: GameState) -> tuple[Rows, Rows]:
    """The model's inputs for every player still in, and the worth share alone (the old score)."""
    raw = {s: figures(state, s) for s in state.active_seats}
    n = len(raw)
    worth = {s: max(APPRAISER.worth(state, s), 0) for s in raw}
    whole = sum(worth.values()) or 1
    model = inputs(raw)
    share: Rows = {s: (n * worth[s] / whole,) for s in raw}
    return model, share


def one_game(seed: int) -> list[tuple[int, Rows, Rows, int]]:
    board = load_board()
    bots = [make_bot("strong", seed, s) for s in range(4)]
    seen: list[tuple[int, Rows, Rows]] = []
    last = [-1]

    def observe(action: Action, after: GameState) -> None:
        if after.round != last[0] and after.phase == "roll":
            last[0] = after.round
            seen.append((after.round, *position_inputs(after)))

    final, _ = play_game(
        board, [f"p{i}" for i in range(4)], bots, seed, board.rules, 200, checked=False, observe=observe
    )
    if final.winner is None:
        return []
    return [(r, m, s, final.winner) for r, m, s in seen if final.winner in m and len(m) > 1]


def probabilities(weights: list[float], rows: Rows) -> dict[int, float]:
    scores = {s: sum(w * x for w, x in zip(weights, row, strict=True)) for s, row in rows.items()}
    top = max(scores.values())
    e = {s: exp(v - top) for s, v in scores.items()}
    total = sum(e.values())
    return {s: v / total for s, v in e.items()}


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    n = len(b)
    m = [[*a[i], b[i]] for i in range(n)]
    for i in range(n):
        p = max(range(i, n), key=lambda r: abs(m[r][i]))
        m[i], m[p] = m[p], m[i]
        for r in range(n):
            if r != i:
                f = m[r][i] / m[i][i]
                for c in range(i, n + 1):
                    m[r][c] -= f * m[i][c]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(samples: list[tuple[Rows, int]]) -> list[float]:
    k = len(next(iter(samples[0][0].values())))
    weights = [0.0] * k
    for _ in range(50):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for rows, winner in samples:
            p = probabilities(weights, rows)
            mean = [sum(p[s] * rows[s][i] for s in rows) for i in range(k)]
            for i in range(k):
                grad[i] += rows[winner][i] - mean[i]
                for j in range(k):
                    hess[i][j] += sum(p[s] * rows[s][i] * rows[s][j] for s in rows) - mean[i] * mean[j]
        step = solve(hess, grad)
        weights = [w + d for w, d in zip(weights, step, strict=True)]
        if max(abs(d) for d in step) < 1e-7:
            break
    return weights


def likelihood(weights: list[float], samples: list[tuple[Rows, int]]) -> tuple[float, float]:
    """Mean log-likelihood and the share of positions whose favourite won."""
    total = hits = 0.0
    for rows, winner in samples:
        p = probabilities(weights, rows)
        total += log(p[winner])
        hits += max(p, key=lambda s: p[s]) == winner
    return total / len(samples), hits / len(samples)


def main(argv: list[str] | None = None) -> None:
    print("$ python " + shlex.join(sys.argv))
    parser = argparse.ArgumentParser(prog="python benchmarks/fit_master_value.py", description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=6000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--test-games", type=int, default=0, help="games held out of the fit, scored by its weights"
    )
    parser.add_argument("--test-seed", type=int, default=7000)
    args = parser.parse_args(argv)
    with ProcessPoolExecutor(args.jobs) as pool:
        games = list(pool.map(one_game, range(args.seed, args.seed + args.games)))
        tests = list(pool.map(one_game, range(args.test_seed, args.test_seed + args.test_games)))
    positions = [p for g in games for p in g]
    weights = fit([(m, w) for _, m, _, w in positions])
    old = fit([(s, w) for _, _, s, w in positions])
    finished = sum(1 for g in games if g)
    print(f"{len(positions)} positions of {finished} finished games of {args.games} (four «Сильный»)")
    print(
        "  WEIGHTS = ("
        + ", ".join(f"{w:.3f}" for w in weights)
        + ")  # plain, bonus, rent, cash, build, houses"
    )
    print(f"  the worth share alone: weight {old[0]:.3f}")
    stages(positions, weights, old)
    if args.test_games:
        held = [p for g in tests for p in g]
        last = args.test_seed + args.test_games - 1
        print(f"  held out: {len(held)} positions of games {args.test_seed}..{last}")
        stages(held, weights, old)


def stages(positions: list[tuple[int, Rows, Rows, int]], weights: list[float], old: list[float]) -> None:
    """How likely the fitted weights (and the worth share's) make each position's winner, by stage."""
    model = [(m, w) for _, m, _, w in positions]
    share = [(s, w) for _, _, s, w in positions]
    for low, high in ((1, 10), (10, 20), (20, 40), (40, 201), (1, 201)):
        stage = [i for i, p in enumerate(positions) if low <= p[0] < high]
        if not stage:
            continue
        ll, hit = likelihood(weights, [model[i] for i in stage])
        ll_old, hit_old = likelihood(old, [share[i] for i in stage])
        chance = sum(log(1 / len(model[i][0])) for i in stage) / len(stage)
        print(
            f"  rounds {low:3}-{high - 1:3} ({len(stage):5} positions): log-likelihood {ll:.3f} "
            f"(worth share {ll_old:.3f}, chance {chance:.3f}); favourite won {100 * hit:.0f} % "
            f"(worth share {100 * hit_old:.0f} %)"
        )


if __name__ == "__main__":
    main()
