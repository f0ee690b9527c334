"""Is an action well-formed for this game, whoever made it? The engine's checks do not rely on the
caller having validated the action (a `model_construct`, a hand-built save): a seat, a square, a die, a
group or an amount out of range is an InvalidActionError, never an IndexError or a throw of 100."""

from __future__ import annotations

from typing import Final

from .actions import Action, Bid, ProposeTrade, Roll, SellDown, TradeSide
from .board import BOARD_SIZE, DECKS
from .rent import Holdings

MAX_AMOUNT: Final = 10**15
"""No amount (a bid, a trade's cash) is larger."""


def _whole(value: object, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def malformation(state: Holdings, action: Action) -> str | None:
    """Why action could never be legal in this game (None: it is well-formed). Cheap: it runs first in
    every check of an action."""
    fields = action.__dict__
    player = fields["player"]
    if type(player) is not int or not 0 <= player < len(state.players):
        return f"there is no seat {player!r} in a game of {len(state.players)}"
    if len(fields) == 2:  # player and kind: nothing else to check
        return None
    square = fields.get("square")
    if square is not None:
        if type(square) is not int or not 0 <= square < BOARD_SIZE:
            return f"there is no square {square!r} on a board of {BOARD_SIZE}"
        return None
    cls = type(action)  # the class, not isinstance: a validated model's class check is slow
    if cls is Roll:
        dice = fields["dice"]
        if dice is not None and (
            type(dice) is not tuple
            or len(dice) != 2
            or type(dice[0]) is not int
            or type(dice[1]) is not int
            or not (1 <= dice[0] <= 6 and 1 <= dice[1] <= 6)
        ):
            return f"dice {dice!r} are not two dice of 1 to 6"
    elif cls is Bid:
        amount = fields["amount"]
        if not _whole(amount, 1, MAX_AMOUNT):
            return f"a bid of {amount!r} is not an amount"
    elif cls is SellDown:
        group, level = fields["group"], fields["level"]
        if group not in state.board.group_members or not _whole(level, 0, 4):
            return f"there is no group {group!r} to sell down to level {level!r}"
    elif cls is ProposeTrade:
        partner = fields["partner"]
        if not _whole(partner, 0, 7):  # a seat of no game (one of this game's is judged by the rules)
            return f"there is no seat {partner!r} to trade with"
        for side in (fields["give"], fields["take"]):
            problem = _side_problem(side)
            if problem:
                return problem
    return None


def _side_problem(side: TradeSide) -> str | None:
    if type(side) is not TradeSide:
        return f"{side!r} is not a side of a trade"
    fields = side.__dict__
    lots, cash, cards = fields["lots"], fields["cash"], fields["jail_cards"]
    for lot in lots:  # _whole written out: a call per lot costs more than the test
        if type(lot) is not int or not 0 <= lot < BOARD_SIZE:
            return f"lots {lots!r} are not squares of the board"
    if type(cash) is not int or not 0 <= cash <= MAX_AMOUNT:
        return f"{cash!r} is not an amount of cash"
    for card in cards:
        if card not in DECKS:
            return f"jail cards {cards!r} are not of the two decks"
    return None
