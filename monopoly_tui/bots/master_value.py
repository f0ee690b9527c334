"""How «Мастер» judges where a playout leaves the table: each player's chance of winning the game.

A playout stops after a few rounds, long before the game ends, so the position it reaches is scored by a
model of who goes on to win it: a conditional logit over the players still in the game, fitted on the
positions at the start of every round of games of four «Сильный» (benchmarks/fit_master_value.py, which
prints the fit). Each player's score is a weighted sum of five figures, each as a share of the table's
worth (its players' lots, buildings and cash at face value) times the number of players left, and one
figure as it is:

- `plain`: what the player holds at face value (cash, lots at price or mortgage value, buildings at
  resale);
- `bonus`: what «Сильный»'s appraiser adds for the whole colour groups, station sets and utilities it
  holds;
- `rent`: what one visit to each of its lots would pay now, weighted by how often each square is visited
  (with the houses on them: a group without the cash to build earns little);
- `cash`: its cash (counted in `plain` too: a negative weight would say idle cash wins less than what
  it could have bought; fitted on games of the «Сильный» that buys stepping stones, it is nearly 0,
  where on games of the one before, which hardly traded, it was -1.6);
- `build`: the rent its cash would add to one of its whole groups, built on (`buildable_rent`): a group
  bought with the cash to build it is worth more than one bought with the last of it;
- `houses`: the houses it has built (a hotel five), in tens and not as a share: on games held out from
  the fit it made the model likelier the winner's (log-likelihood per position -0.689 -> -0.679 over 200
  games; -0.528 -> -0.514 in rounds 20 to 39) where buildings at cost as a share did not.

A player's chance is e^score over the sum of everyone's. Against the worth share alone (what «Мастер»
scored before) the model is both better fitted and more willing to take a risk: in a game of four only a
win counts, and a lead is worth more than its share of the table.
"""

from __future__ import annotations

from math import exp

from ..engine import GameState
from .groups import colour_groups
from .rents import lot_rents
from .strong_terms import APPRAISER, BUILD_FLOAT
from .valuation import Appraiser, group_threat, house_cost, rent_income
from .visits import visit_rates

PLAIN = Appraiser(group_bonus=0.0, rent_based=True, station_bonus=(0, 0, 0, 0), utility_bonus=0)
"""Face value: prices, mortgage values, buildings at resale, cash; no bonus for sets."""
WEIGHTS = (1.154, 0.358, 1.694, -0.397, 1.669, 0.322)
"""The model's weights for plain, bonus, rent, cash, build and houses (see the module docstring), fitted on
14 049 positions of 299 finished games of four «Сильный» of session 17 (`fit_master_value.py --games 300
--seed 6000`; session 15's, without houses, 1.086, 0.354, 2.042, -0.365, 1.818)."""


SHARES = 5
"""The first SHARES figures are amounts, taken as shares of the table's face value times the players left;
the houses as they are, in tens (HOUSES)."""
HOUSES = 10


def figures(state: GameState, seat: int) -> tuple[int, ...]:
    """The player's plain worth, set bonus, rent per round of visits, cash, the rent its cash would add
    by building, and its houses (the model's inputs)."""
    plain = max(PLAIN.worth(state, seat), 0)
    bonus = max(max(APPRAISER.worth(state, seat), 0) - plain, 0)
    cash = max(state.players[seat].cash, 0)
    owner, levels = state.owner, state.buildings
    houses = sum(levels[i] for i in state.board.properties if levels[i] and owner[i] == seat)
    return plain, bonus, rent_income(state, seat), cash, buildable_rent(state, seat), houses


def inputs(rows: dict[int, tuple[int, ...]]) -> dict[int, tuple[float, ...]]:
    """The model's inputs from the figures of the players still in: the amounts as shares of the
    table's face value times the players left, the houses in tens."""
    table = sum(row[0] for row in rows.values()) or 1
    scale = len(rows) / table
    return {
        s: (*(scale * x for x in row[:SHARES]), *(x / HOUSES for x in row[SHARES:]))
        for s, row in rows.items()
    }


def buildable_rent(state: GameState, seat: int) -> int:
    """The most rent per round of visits the player's cash (less «Сильный»'s float) would add to one of
    its whole groups with no street mortgaged, built evenly (group_threat) on top of what stands there."""
    board, owner, levels = state.board, state.owner, state.buildings
    spare = state.players[seat].cash - BUILD_FLOAT
    if spare <= 0:
        return 0
    best = 0.0
    rates = visit_rates(board)
    rents = None
    for group, _ in colour_groups(board):
        if any(owner[i] != seat or state.mortgaged[i] for i in group):
            continue
        if rents is None:
            rents = lot_rents(state)
        now = sum(rents[i] * rates[i] for i in group)
        built = sum(levels[i] * house_cost(board, i) for i in group)
        best = max(best, group_threat(board, group, spare + built) - now)
    return int(best)


def chances(rows: dict[int, tuple[int, ...]]) -> dict[int, float]:
    """Each player's chance of winning from their figures (the players still in the game)."""
    scores = {s: sum(w * x for w, x in zip(WEIGHTS, row, strict=True)) for s, row in inputs(rows).items()}
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
