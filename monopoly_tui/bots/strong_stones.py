"""Stepping stones: the streets «Сильный» buys on the way to a colour group held by two or more others.

A group whose missing streets are spread over several players (or one player holding two of them) can
be asked for in one deal only at the market's price of all it lacks. Bought one at a time it comes
cheaper: a street that completes nothing for the buyer sells at about its printed price (what it is
worth to its holder: «Простой» and «Сильный» alike accept a little more), and once the bot is one street
short, that last street is asked for at the market's price (StrongDealer._candidates) or landed on.
Each street so bought also keeps its seller from completing the group.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from ..engine import Board, GameState
from .groups import colour_groups
from .strong_terms import APPRAISER, STONE_PLAYERS


class Stone(NamedTuple):
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
    owner, mortgaged = state.owner, state.mortgaged
    found: list[tuple[int, int, Stone]] = []
    for group, pick, worth, values in _groups(state.board):
        held = pick(owner)
        if len(group) - held.count(seat) != 2:
            continue
        missing = [(square, holder) for square, holder in zip(group, held, strict=True) if holder != seat]
        if len(missing) == len(group) and missing[0][1] == missing[1][1]:
            continue  # a whole two-street group of another player's: no stone of it sells at its price
        for square, holder in missing:
            if holder is None or players[holder].bankrupt:
                continue
            price, pledged = values[square]
            found.append((-worth, square, _stone(square, holder, pledged if mortgaged[square] else price)))
    # (the squares differ: the stones themselves are never compared)
    found.sort()
    return [stone for _, _, stone in found]


_Group = tuple[tuple[int, ...], Callable[[Sequence[Any]], Any], int, dict[int, tuple[int, int]]]
_GROUPS: list[tuple[Board, tuple[_Group, ...]]] = []
"""The last board asked about and its colour groups, each with the picker of its squares' entries, the
group's worth to «Сильный» and each street's worth to its holder (its price, and mortgaged)."""


def _groups(board: Board) -> tuple[_Group, ...]:
    if _GROUPS and _GROUPS[0][0] is board:
        return _GROUPS[0][1]
    groups = []
    for group, pick in colour_groups(board):
        values = {}
        for square in group:
            lot = board.property(square)
            values[square] = (lot.price, lot.price - lot.mortgage - lot.mortgage // 10)
        groups.append((group, pick, APPRAISER.group_worth(board, group), values))
    _GROUPS[:] = [(board, tuple(groups))]
    return _GROUPS[0][1]


_STONES: dict[tuple[int, int, int], Stone] = {}
"""Stones made so far, by their fields (a stone is an immutable value: made once, found again)."""


def _stone(square: int, holder: int, value: int) -> Stone:
    key = (square, holder, value)
    stone = _STONES.get(key)
    if stone is None:
        if len(_STONES) >= 4096:
            _STONES.clear()
        stone = _STONES[key] = Stone(square, holder, value)
    return stone
