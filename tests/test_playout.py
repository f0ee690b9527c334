"""Random playouts: seeded games driven by random legal choices, invariants checked after every action.

Each game is also checked for an exact JSON round trip of its states and an exact replay of its record.
"""

from __future__ import annotations

import random

import pytest
from factory import board

from monopoly_tui.engine import (
    GameRecord,
    GameState,
    Rules,
    apply,
    check_invariants,
    current_actor,
    legal_actions,
    new_game,
    replay,
)

NAMES = ("Аня", "Борис", "Вера", "Глеб", "Дина", "Егор", "Жанна", "Захар")


def playout(seed: int, players: int, *, max_actions: int = 4000, rules: Rules | None = None) -> GameRecord:
    """Play one game with random legal choices; check everything after every action."""
    chooser = random.Random(seed)
    state = new_game(board(), NAMES[:players], seed=seed, rules=rules)
    record = GameRecord.start(state)
    check_invariants(state)
    for step in range(max_actions):
        if state.is_over:
            break
        actions = legal_actions(state)
        assert actions, f"no legal action in phase {state.phase}"
        seat = current_actor(state)
        assert all(a.player == seat for a in actions)
        action = chooser.choice(actions)
        before = state
        state = apply(state, action)
        assert apply(before, action) == state, "apply is not deterministic"
        record = record.add(action)
        check_invariants(state)
        if step % 97 == 0:
            assert GameState.model_validate_json(state.model_dump_json()) == state
    assert GameState.model_validate_json(state.model_dump_json()) == state
    assert replay(board(), GameRecord.model_validate_json(record.model_dump_json())) == state
    return record


@pytest.mark.parametrize("seed", range(24))
def test_random_playout_keeps_invariants(seed: int) -> None:
    playout(seed, players=2 + seed % 7, max_actions=1500)


def test_playouts_reach_the_end() -> None:
    """With a round limit every game ends, with a winner who is still in the game."""
    rules = Rules.model_validate({"end": {"turn_limit": 30}})
    for seed in range(6):
        record = playout(1000 + seed, players=3, rules=rules, max_actions=20_000)
        final = replay(board(), record)
        assert final.is_over
        assert final.winner is not None and not final.players[final.winner].bankrupt


def test_house_rules_playouts_keep_invariants() -> None:
    rules = Rules.model_validate(
        {
            "free_parking": {"jackpot": True},
            "go": {"double_on_landing": True},
            "auction": {"enabled": False},
            "rent": {"collect_in_jail": False, "double_rent_blocked_by_mortgage": False},
        }
    )
    for seed in range(4):
        playout(2000 + seed, players=4, rules=rules, max_actions=1500)


@pytest.mark.slow
@pytest.mark.parametrize("block", range(8))
def test_many_random_playouts(block: int) -> None:
    """A few hundred more games (marked slow; make test still runs them)."""
    for seed in range(block * 25, block * 25 + 25):
        playout(10_000 + seed, players=2 + seed % 7, max_actions=800)
