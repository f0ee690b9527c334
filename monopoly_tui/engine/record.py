"""The game record (like PGN for chess): enough to replay a game exactly, as JSON."""

from __future__ import annotations

from pydantic import Field

from .actions import Action
from .board import Board
from .errors import IllegalActionError, InvalidActionError
from .game import apply, new_game
from .model import Frozen
from .position import from_position, position
from .rules import Rules
from .state import GameState

RECORD_FORMAT = 1


class ReplayError(ValueError):
    """A record does not replay: wrong board, or an action that is not legal where it stands."""


class Undone(Frozen):
    """An action taken back by the players: it stood at `position` (0-based) in the actions."""

    position: int = Field(ge=0)
    action: Action


class GameRecord(Frozen):
    """Board id, rules, players, seed and every action in order (and, for honesty, what was undone)."""

    format: int = RECORD_FORMAT
    board_id: str
    rules: Rules
    players: tuple[str, ...]
    seed: int = Field(ge=0)
    actions: tuple[Action, ...] = ()
    undone: tuple[Undone, ...] = ()
    """Actions taken back with undo; replay ignores them, the record keeps them."""
    position: str | None = None
    """The position (MPN) the game started from when it is not a new game, like PGN's FEN tag; the
    record's players, rules and seed are then the position's."""

    @classmethod
    def start(cls, state: GameState) -> GameRecord:
        """An empty record for a game just created with new_game."""
        return cls(
            board_id=state.board.id,
            rules=state.rules,
            players=tuple(p.name for p in state.players),
            seed=state.seed,
        )

    @classmethod
    def start_at(cls, state: GameState) -> GameRecord:
        """An empty record for a game that goes on from this state (a position)."""
        return cls(
            board_id=state.board.id,
            rules=state.rules,
            players=tuple(p.name for p in state.players),
            seed=state.seed,
            position=position(state),
        )

    def add(self, action: Action) -> GameRecord:
        return self.model_copy(update={"actions": (*self.actions, action)})

    def undo_last(self) -> GameRecord:
        """The record without its last action, which is noted in `undone`."""
        last = Undone(position=len(self.actions) - 1, action=self.actions[-1])
        return self.model_copy(update={"actions": self.actions[:-1], "undone": (*self.undone, last)})


def replay(board: Board, record: GameRecord, *, upto: int | None = None) -> GameState:
    """The state after the record's first `upto` actions (all by default)."""
    if record.format != RECORD_FORMAT:
        raise ReplayError(f"record format {record.format} is not supported (expected {RECORD_FORMAT})")
    if record.board_id != board.id:
        raise ReplayError(f"the record is for board {record.board_id!r}, not {board.id!r}")
    state = first_state(board, record)
    for number, action in enumerate(record.actions[:upto], start=1):
        try:
            state = apply(state, action)
        except (IllegalActionError, InvalidActionError) as exc:
            raise ReplayError(f"action {number} ({action}) is not legal: {exc}") from exc
    return state


def first_state(board: Board, record: GameRecord) -> GameState:
    """The state before the record's first action: a new game, or the position it started from."""
    try:
        if record.position is None:
            return new_game(board, record.players, seed=record.seed, rules=record.rules)
        state = from_position(record.position, board)
    except ValueError as exc:  # InvalidPositionError is one
        raise ReplayError(f"the record cannot start a game: {exc}") from exc
    if (tuple(p.name for p in state.players), state.rules, state.seed) != (
        record.players,
        record.rules,
        record.seed,
    ):
        raise ReplayError("the record cannot start a game: its position has other players, rules or seed")
    return state
