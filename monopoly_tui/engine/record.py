"""The game record (like PGN for chess): enough to replay a game exactly, as JSON."""

from __future__ import annotations

from pydantic import Field

from .actions import Action
from .board import Board
from .errors import IllegalActionError, InvalidActionError
from .game import apply, new_game
from .model import Frozen
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

    @classmethod
    def start(cls, state: GameState) -> GameRecord:
        """An empty record for a game just created with new_game."""
        return cls(
            board_id=state.board.id,
            rules=state.rules,
            players=tuple(p.name for p in state.players),
            seed=state.seed,
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
    try:
        state = new_game(board, record.players, seed=record.seed, rules=record.rules)
    except ValueError as exc:
        raise ReplayError(f"the record cannot start a game: {exc}") from exc
    for number, action in enumerate(record.actions[:upto], start=1):
        try:
            state = apply(state, action)
        except (IllegalActionError, InvalidActionError) as exc:
            raise ReplayError(f"action {number} ({action}) is not legal: {exc}") from exc
    return state
