"""The rules engine: pure functions over an immutable GameState. No I/O, no UI, no hidden randomness.

state = new_game(board, ["Аня", "Борис"], seed=7)
while not state.is_over:
    action = choose(legal_actions(state))   # for current_actor(state)
    state = apply(state, action)
"""

from .actions import (
    AcceptTrade,
    Action,
    Bid,
    Build,
    Buy,
    DeclareBankruptcy,
    Decline,
    EndTurn,
    KeepMortgage,
    Mortgage,
    PassBid,
    PayDebt,
    PayJailFine,
    PlaceBuilding,
    ProposeTrade,
    RejectTrade,
    Roll,
    SellBuilding,
    SellDown,
    TradeSide,
    Unmortgage,
    UseJailCard,
    action_from_json,
    action_to_json,
    parse_action,
)
from .auction import minimum_bid
from .board import Board, Card, ColorGroup, Square
from .builder import ImpossiblePositionError, setup
from .errors import IllegalActionError, InvalidActionError
from .events import Event
from .finance import net_worth
from .game import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    current_actor,
    is_legal,
    legal_actions,
    managers,
    new_game,
    situation,
    why_illegal,
)
from .game import apply as apply
from .invariants import InvariantError, check_invariants
from .position import InvalidPositionError, from_position, position
from .record import GameRecord, ReplayError, replay
from .rent import rent_due
from .rules import Rules
from .state import Auction, Debt, GameState, HeldCard, LastCard, MortgageChoice, Placement, PlayerState

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "AcceptTrade",
    "Action",
    "Auction",
    "Bid",
    "Board",
    "Build",
    "Buy",
    "Card",
    "ColorGroup",
    "Debt",
    "DeclareBankruptcy",
    "Decline",
    "EndTurn",
    "Event",
    "GameRecord",
    "GameState",
    "HeldCard",
    "IllegalActionError",
    "ImpossiblePositionError",
    "InvalidActionError",
    "InvalidPositionError",
    "InvariantError",
    "KeepMortgage",
    "LastCard",
    "Mortgage",
    "MortgageChoice",
    "PassBid",
    "PayDebt",
    "PayJailFine",
    "PlaceBuilding",
    "Placement",
    "PlayerState",
    "ProposeTrade",
    "RejectTrade",
    "ReplayError",
    "Roll",
    "Rules",
    "SellBuilding",
    "SellDown",
    "Square",
    "TradeSide",
    "Unmortgage",
    "UseJailCard",
    "action_from_json",
    "action_to_json",
    "apply",
    "check_invariants",
    "current_actor",
    "from_position",
    "is_legal",
    "legal_actions",
    "managers",
    "minimum_bid",
    "net_worth",
    "new_game",
    "parse_action",
    "position",
    "rent_due",
    "replay",
    "setup",
    "situation",
    "why_illegal",
]
