"""How «Мастер» judges where a playout leaves the table: each player's chance of winning the game.

A playout stops after a few rounds, long before the game ends, so the position it reaches is scored by a
model of who goes on to win it: a conditional logit over the players still in the game, fitted on the
positions at the start of every round of games of four «Сильный» (benchmarks/fit_master_value.py, which
prints the fit). Each player's score is a weighted sum of four figures, each as a share of the table's
worth (its players' lots, buildings and cash at face value) times the number of players left:

- `plain`: what the player holds at face value (cash, lots at price or mortgage value, buildings at
  resale);
- `bonus`: what «Сильный»'s appraiser adds for the whole colour groups, station sets and utilities it
  holds;
- `rent`: what one visit to each of its lots would pay now, weighted by how often each square is visited
  (with the houses on them: a group without the cash to build earns little);
- `cash`: its cash (counted in `plain` too: a negative weight would say idle cash wins less than what
  it could have bought; fitted on games of the «Сильный» that buys stepping stones, it is nearly 0,
  where on games of the one before, which hardly traded, it was -1.6).

A player's chance is e^score over the sum of everyone's. Against the worth share alone (what «Мастер»
scored before) the model is both better fitted and more willing to take a risk: in a game of four only a
win counts, and a lead is worth more than its share of the table.
"""

from __future__ import annotations

from math import exp

from ..engine import GameState
from .strong_terms import APPRAISER
from .valuation import Appraiser, rent_income

PLAIN = Appraiser(group_bonus=0.0, rent_based=True, station_bonus=(0, 0, 0, 0), utility_bonus=0)
"""Face value: prices, mortgage values, buildings at resale, cash; no bonus for sets."""
WEIGHTS = (0.932, 0.252, 2.038, -0.044)
"""The model's weights for plain, bonus, rent and cash (see the module docstring), fitted on 14 289
positions of 300 finished games of four «Сильный» of session 8 (`fit_master_value.py --games 300
--seed 6000`; on the «Сильный» before its session-7 buying rules they were 0.812, 0.304, 2.104, -0.043)."""


def figures(state: GameState, seat: int) -> tuple[int, int, int, int]:
    """The player's plain worth, set bonus, rent per round of visits and cash (the model's inputs)."""
    plain = max(PLAIN.worth(state, seat), 0)
    bonus = max(max(APPRAISER.worth(state, seat), 0) - plain, 0)
    return plain, bonus, rent_income(state, seat), max(state.players[seat].cash, 0)


def chances(rows: dict[int, tuple[int, int, int, int]]) -> dict[int, float]:
    """Each player's chance of winning from their figures (the players still in the game)."""
    table = sum(row[0] for row in rows.values()) or 1
    scale = len(rows) / table
    scores = {s: scale * sum(w * x for w, x in zip(WEIGHTS, row, strict=True)) for s, row in rows.items()}
    top = max(scores.values())
    weights = {s: exp(score - top) for s, score in scores.items()}
    total = sum(weights.values())
    return {s: weight / total for s, weight in weights.items()}


def standing(state: GameState, seat: int) -> float:
    """Where a playout leaves seat: 1 for a win, 0 once bankrupt or beaten, else its chance of winning."""
    if state.is_over:
        return 1.0 if state.winner == seat else 0.0
    if state.players[seat].bankrupt:
        return 0.0
    return chances({s: figures(state, s) for s in state.active_seats})[seat]
