"""Random playouts: seeded games driven by random legal choices, invariants checked after every action.

The random players also build, sell, mortgage, lift and trade (tests/playout.py). Each game is checked
for an exact JSON round trip of its states and an exact replay of its record.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from factory import board
from playout import choose

from monopoly_tui.engine import (
    GameRecord,
    GameState,
    Rules,
    apply,
    check_invariants,
    current_actor,
    legal_actions,
    managers,
    new_game,
    replay,
)

NAMES = ("Аня", "Борис", "Вера", "Глеб", "Дина", "Егор", "Жанна", "Захар")
TIGHT = Rules.model_validate(
    {"start": {"cash": 250_000}, "buildings": {"houses": 6, "hotels": 2}, "end": {"turn_limit": 80}}
)
"""Little money and few buildings: debts, bankruptcies and scarce-building auctions happen often."""


def playout(
    seed: int,
    players: int,
    *,
    max_actions: int = 4000,
    rules: Rules | None = None,
    thorough: bool = True,
    seen: Counter[str] | None = None,
) -> GameState:
    """Play one game with random legal choices; check the invariants after every action."""
    chooser = random.Random(seed)
    state = new_game(board(), NAMES[:players], seed=seed, rules=rules)
    record = GameRecord.start(state)
    check_invariants(state)
    for step in range(max_actions):
        if state.is_over:
            break
        actions = legal_actions(state)
        assert actions, f"no legal action in {state.phase}"
        seat = current_actor(state)
        assert all(a.player == seat for a in actions)
        action = choose(state, chooser, actions)
        before = state
        state = apply(state, action)
        record = record.add(action)
        check_invariants(state)
        if seen is not None:
            seen.update(e.kind for e in state.events)
        if thorough:
            assert apply(before, action) == state, "apply is not deterministic"
            for other in managers(state):
                assert all(a.player == other for a in legal_actions(state, other))
            if step % 97 == 0:
                assert GameState.from_json(state.to_json()) == state
    assert GameState.from_json(state.to_json()) == state
    assert replay(board(), GameRecord.model_validate_json(record.model_dump_json())) == state
    return state


@pytest.mark.parametrize("seed", range(16))
def test_random_playout_keeps_invariants(seed: int) -> None:
    playout(seed, players=2 + seed % 7, max_actions=1200)


@pytest.mark.long
def test_tight_games_end_with_debts_bankruptcies_and_building_auctions() -> None:
    """With little money and few buildings every game ends, and the hard rules are all exercised."""
    seen: Counter[str] = Counter()
    for seed in range(20):
        final = playout(500 + seed, players=2 + seed % 4, rules=TIGHT, max_actions=20_000, seen=seen)
        assert final.is_over
        assert final.winner is not None and not final.players[final.winner].bankrupt
        assert sorted(final.standings) == list(range(len(final.players)))
        assert final.standings[0] == final.winner
    for kind in ("debt", "bankrupt", "building_auction_started", "built", "sold_building", "mortgaged"):
        assert seen[kind] > 0, f"no {kind} in the tight playouts"
    for kind in ("unmortgaged", "trade_accepted", "trade_rejected", "mortgage_kept", "auction_won"):
        assert seen[kind] > 0, f"no {kind} in the tight playouts"


def test_house_rules_playouts_keep_invariants() -> None:
    rules = Rules.model_validate(
        {
            "start": {"first_by_roll": True},
            "free_parking": {"jackpot": True},
            "go": {"double_on_landing": True},
            "auction": {"enabled": False},
            "rent": {
                "collect_in_jail": False,
                "double_rent_blocked_by_mortgage": False,
                "double_rent_needs_bare_group": False,
            },
            "buildings": {"even_building": False, "scarce_auction": False, "houses": 10},
            "end": {"turn_limit": 60},
        }
    )
    for seed in range(4):
        playout(2000 + seed, players=4, rules=rules, max_actions=3000)


@pytest.mark.slow
@pytest.mark.parametrize("block", range(20))
def test_thousand_tight_playouts(block: int) -> None:
    """A thousand games to the end (marked slow; make test still runs them): invariants after every action.
    In twenty blocks of fifty, so that parallel workers share them evenly."""
    for seed in range(block * 50, block * 50 + 50):
        final = playout(10_000 + seed, players=2 + seed % 7, rules=TIGHT, max_actions=50_000, thorough=False)
        assert final.is_over
