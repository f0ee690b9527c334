"""The engine's unchecked fast path (the bots' own loop in simulations and benchmarks) against the checked,
immutable `apply`: every benchmark game played through it must reach, action by action, exactly the same
states and events when its actions are replayed through `apply`.
"""

from __future__ import annotations

import pytest
from factory import board

from monopoly_tui.bots import BOT_NAMES, BotKind, make_bot, play_game
from monopoly_tui.engine import Action, GameState, apply, new_game

PLAYERS = 4


def fast_then_checked(kind: BotKind, seed: int) -> int:
    """Play the game through the fast path, then replay its actions through apply, comparing each state
    (events included); the number of actions compared."""
    names = [f"{BOT_NAMES[kind]} {seat + 1}" for seat in range(PLAYERS)]
    bots = [make_bot(kind, seed, seat) for seat in range(PLAYERS)]
    played: list[tuple[Action, GameState]] = []
    final, _ = play_game(
        board(),
        names,
        bots,
        seed,
        board().rules,
        checked=False,
        observe=lambda action, after: played.append((action, after)),
    )
    state = new_game(board(), names, seed=seed)
    for number, (action, fast) in enumerate(played, start=1):
        state = apply(state, action)
        assert state == fast, f"{kind} game {seed}: action {number} ({action}) made another state"
        assert state.events == fast.events
    assert state == final and state.to_json() == final.to_json()
    return len(played)


def test_the_speed_benchmarks_simple_games_through_the_fast_path_are_the_checked_games() -> None:
    """benchmarks/bench_bots.py --speed and bench_peer.py play seeds 0..39 with four «Простой»."""
    assert sum(fast_then_checked("simple", seed) for seed in range(40)) > 40_000


@pytest.mark.slow
def test_the_benchmarks_strong_games_through_the_fast_path_are_the_checked_games() -> None:
    """bench_peer.py plays seeds 0..9 with four «Сильный» (about 7 000 actions: they trade groups and
    end games by bankruptcy sooner than they used to)."""
    assert sum(fast_then_checked("strong", seed) for seed in range(10)) > 5_000
