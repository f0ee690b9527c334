"""A golden playthrough: one seeded game's actions and events as text, compared exactly.

Any change in the rules' outcome shows up as a diff here. After an intended change, regenerate with
`UPDATE_GOLDEN=1 .venv/bin/pytest tests/test_golden.py` and read the diff before committing it.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

from factory import board
from playout import choose

from monopoly_tui.engine import GameState, Rules, apply, new_game

GOLDEN = Path(__file__).parent / "golden" / "playthrough_seed42.txt"


def describe(state: GameState) -> str:
    return " | ".join(f"{p.name}:{p.cash}@{p.position}{'J' if p.in_jail else ''}" for p in state.players)


def playthrough() -> str:
    rules = Rules.model_validate(
        {"start": {"cash": 400_000}, "buildings": {"houses": 8, "hotels": 2}, "end": {"turn_limit": 40}}
    )
    state = new_game(board(), ["Аня", "Борис", "Вера"], seed=42, rules=rules)
    chooser = random.Random(42)
    lines = [f"start {describe(state)}", *(f"  {e}" for e in state.events)]
    while not state.is_over:
        action = choose(state, chooser)
        state = apply(state, action)
        lines.append(f"> {action}")
        lines.extend(f"  {e}" for e in state.events)
    lines.append(f"end round={state.round} winner={state.winner} {describe(state)}")
    return "\n".join(lines) + "\n"


def test_golden_playthrough() -> None:
    text = playthrough()
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")
