"""The bots' kernels written for speed (per-board tables, values made once, owners picked in C) answer
what their plain definitions answer, in every position of real games: each plain definition is written
out here as it was first written, and compared.
"""

from __future__ import annotations

from test_bots_kernels import positions

from monopoly_tui.bots.strong_stones import Stone, stepping_stones
from monopoly_tui.bots.strong_terms import APPRAISER, STONE_PLAYERS
from monopoly_tui.bots.valuation import colour_groups
from monopoly_tui.engine import GameState


def stepping_stones_plainly(state: GameState, seat: int) -> list[Stone]:
    """stepping_stones as first written: each group's streets, worth and values looked up afresh."""
    players = state.players
    if sum(1 for p in players if not p.bankrupt) < STONE_PLAYERS:
        return []
    board = state.board
    owner = state.owner
    found: list[tuple[int, int, Stone]] = []
    for group, pick in colour_groups(board):
        if len(group) - pick(owner).count(seat) != 2:
            continue
        missing = [i for i in group if owner[i] != seat]
        if len(missing) == len(group) and owner[missing[0]] == owner[missing[1]]:
            continue
        worth = APPRAISER.group_worth(board, group)
        for square in missing:
            holder = owner[square]
            if holder is None or players[holder].bankrupt:
                continue
            lot = board.property(square)
            value = lot.price
            if state.mortgaged[square]:
                value -= lot.mortgage + lot.mortgage // 10
            found.append((-worth, square, Stone(square, holder, value)))
    found.sort(key=lambda item: (item[0], item[1]))
    return [stone for _, _, stone in found]


def test_the_stepping_stones_are_those_of_their_plain_definition() -> None:
    """In every third position of four games, for every seat: the same stones in the same order (with
    mortgaged stones and players out among them)."""
    compared = found = pledged = 0
    for state in positions((0, 4, 8, 9)):
        for seat in range(len(state.players)):
            expected = stepping_stones_plainly(state, seat)
            assert stepping_stones(state, seat) == expected, (state.round, seat)
            compared += 1
            found += bool(expected)
            pledged += any(state.mortgaged[stone.square] for stone in expected)
    assert compared > 4_000 and found > 1_000 and pledged > 50
