"""Stepping stones: the streets «Сильный» buys on the way to a colour group held by two or more others.

A group whose missing streets are spread over several players (or one player holding two of them) can
be asked for in one deal only at the market's price of all it lacks. Bought one at a time it comes
cheaper: a street that completes nothing for the buyer sells at about its printed price (what it is
worth to its holder: «Простой» and «Сильный» alike accept a little more), and once the bot is one street
short, that last street is asked for at the market's price (StrongDealer._candidates) or landed on.
Each street so bought also keeps its seller from completing the group.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import GameState
from .groups import colour_groups
from .strong_terms import APPRAISER, STONE_PLAYERS


@dataclass(frozen=True, slots=True)
class Stone:
    """A street held by another player, on the way to one of seat's groups."""

    square: int
    holder: int
    value: int
    """What the street is worth to its holder: its price, or once mortgaged its price less what lifting
    the mortgage costs."""


def stepping_stones(state: GameState, seat: int) -> list[Stone]:
    """With STONE_PLAYERS or more in the game, the streets of colour groups seat lacks exactly two
    streets of, held by a player still in the game (not the bank), whose purchase alone leaves seat one
    street short: the most valuable groups first (by what seat thinks a whole group is worth), then by
    square. None of another player's whole group (its owner would lose it; only such a group, of two
    streets, can have buildings here)."""
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
            continue  # a whole two-street group of another player's: no stone of it sells at its price
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
