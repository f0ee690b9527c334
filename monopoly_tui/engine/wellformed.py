"""Is an action well-formed for this game, whoever made it? The engine's checks do not rely on the
caller having validated the action (a `model_construct`, a hand-built save): a seat, a square, a die, a
group or an amount out of range is an InvalidActionError, never an IndexError or a throw of 100."""

from __future__ import annotations

from .actions import Action, Bid, ProposeTrade, Roll, SellDown, TradeSide
from .board import BOARD_SIZE, DECKS
from .state import GameState


def _whole(value: object, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def malformation(state: GameState, action: Action) -> str | None:
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
    if isinstance(action, Roll):
        dice = action.dice
        if dice is not None and (
            type(dice) is not tuple
            or len(dice) != 2
            or type(dice[0]) is not int
            or type(dice[1]) is not int
            or not (1 <= dice[0] <= 6 and 1 <= dice[1] <= 6)
        ):
            return f"dice {dice!r} are not two dice of 1 to 6"
    elif isinstance(action, Bid):
        if not _whole(action.amount, 1, 10**15):
            return f"a bid of {action.amount!r} is not an amount"
    elif isinstance(action, SellDown):
        if action.group not in state.board.group_members or not _whole(action.level, 0, 4):
            return f"there is no group {action.group!r} to sell down to level {action.level!r}"
    elif isinstance(action, ProposeTrade):
        if not _whole(action.partner, 0, 7):  # a seat of no game (one of this game's is judged by the rules)
            return f"there is no seat {action.partner!r} to trade with"
        for side in (action.give, action.take):
            problem = _side_problem(side)
            if problem:
                return problem
    return None


def _side_problem(side: TradeSide) -> str | None:
    if not isinstance(side, TradeSide):
        return f"{side!r} is not a side of a trade"
    if not all(_whole(lot, 0, BOARD_SIZE - 1) for lot in side.lots):
        return f"lots {side.lots!r} are not squares of the board"
    if not _whole(side.cash, 0, 10**15):
        return f"{side.cash!r} is not an amount of cash"
    if not all(card in DECKS for card in side.jail_cards):
        return f"jail cards {side.jail_cards!r} are not of the two decks"
    return None
