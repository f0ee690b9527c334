"""Runs compared game by game (bench_bots.py, bench_master.py): a game's dice come from its seed whatever
the players do, so two versions differ only in the games some decision changed, and counting the games
won by one only shows a change far smaller than either run's interval."""

from __future__ import annotations

import json
import math
from typing import Any


def record(path: str, seed: int, won: list[bool], **about: Any) -> None:
    """Write a run's wins game by game (seeds seed, seed + 1, ...) for a later `compare`."""
    with open(path, "w", encoding="utf-8") as out:
        json.dump({"seed": seed, **about, "won": won}, out)


def compare(path: str, seed: int, won: list[bool]) -> None:
    """Print this run against a `record` of another version's run of the same seeds: the games won here
    only and there only, the difference in points and in standard errors (sqrt of the games that differ)."""
    with open(path, encoding="utf-8") as source:
        other = json.load(source)
    if other["seed"] != seed or len(other["won"]) != len(won):
        raise SystemExit(f"--against {path}: another run (seeds, games)")
    gained = sum(1 for new, old in zip(won, other["won"], strict=True) if new and not old)
    lost = sum(1 for new, old in zip(won, other["won"], strict=True) if old and not new)
    errors = (gained - lost) / math.sqrt(gained + lost) if gained + lost else 0.0
    print(
        f"  against {path}: {sum(other['won'])} won there; won here only {gained}, "
        f"there only {lost}: {100 * (gained - lost) / len(won):+.2f} points, {errors:+.1f} std. errors"
    )
