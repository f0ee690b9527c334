"""Is an action well-formed for this game, whoever made it? The engine's checks do not rely on the
caller having validated the action (actions are named tuples, made unvalidated; a hand-built save): a
seat, a square, a die, a deck, a group or an amount out of range is an InvalidActionError, never an
IndexError or a throw of 100."""

from __future__ import annotations

from typing import Final

from .actions import KIND_OF, SQUARE_KINDS, Action, Bid, ProposeTrade, Roll, SellDown, TradeSide, UseJailCard
from .board import BOARD_SIZE, DECKS
from .rent import Holdings

MAX_AMOUNT: Final = 10**15
"""No amount (a bid, a trade's cash) is larger."""


def _whole(value: object, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def malformation(state: Holdings, action: Action) -> str | None:
    """Why action could never be legal in this game (None: it is well-formed). Cheap: it runs first in
    every check of an action."""
    cls = type(action)  # the class, not isinstance: an action is exactly one of the named tuples
    kind = KIND_OF.get(cls)
    if kind is None:
        return f"{action!r} is not an action"
    player = action[0]
    if type(player) is not int or not 0 <= player < len(state.players):
        return f"there is no seat {player!r} in a game of {len(state.players)}"
    if action[-1] != kind:
        return f"{action!r} is not of the kind {kind!r}"
    if len(action) == 2:  # player and kind: nothing else to check
        return None
    if kind in SQUARE_KINDS:
        square = action[1]
        if type(square) is not int or not 0 <= square < BOARD_SIZE:
            return f"there is no square {square!r} on a board of {BOARD_SIZE}"
    elif isinstance(action, Roll):  # (isinstance, not the class: mypy narrows it; as quick on a tuple)
        dice = action[1]
        if dice is not None and (
            type(dice) is not tuple
            or len(dice) != 2
            or type(dice[0]) is not int
            or type(dice[1]) is not int
            or not (1 <= dice[0] <= 6 and 1 <= dice[1] <= 6)
        ):
            return f"dice {dice!r} are not two dice of 1 to 6"
    elif isinstance(action, Bid):
        amount = action[1]
        if not _whole(amount, 1, MAX_AMOUNT):
            return f"a bid of {amount!r} is not an amount"
    elif isinstance(action, UseJailCard):
        deck = action[1]
        if deck not in DECKS:
            return f"there is no deck {deck!r}"
    elif isinstance(action, SellDown):
        _, group, level, _ = action
        if type(group) is not str or group not in state.board.group_members or not _whole(level, 0, 4):
            return f"there is no group {group!r} to sell down to level {level!r}"
    elif isinstance(action, ProposeTrade):
        _, partner, give, take, _ = action
        if not _whole(partner, 0, 7):  # a seat of no game (one of this game's is judged by the rules)
            return f"there is no seat {partner!r} to trade with"
        return _side_problem(give) or _side_problem(take)
    return None


def _side_problem(side: TradeSide) -> str | None:
    if type(side) is not TradeSide:
        return f"{side!r} is not a side of a trade"
    lots, cash, cards = side
    if type(lots) is not tuple:
        return f"lots {lots!r} are not squares of the board"
    for lot in lots:  # _whole written out: a call per lot costs more than the test
        if type(lot) is not int or not 0 <= lot < BOARD_SIZE:
            return f"lots {lots!r} are not squares of the board"
    if type(cash) is not int or not 0 <= cash <= MAX_AMOUNT:
        return f"{cash!r} is not an amount of cash"
    if type(cards) is not tuple:
        return f"jail cards {cards!r} are not of the two decks"
    for card in cards:
        if card not in DECKS:
            return f"jail cards {cards!r} are not of the two decks"
    return None
