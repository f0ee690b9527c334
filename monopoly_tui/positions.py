"""Positions (MPN) on the command line: `--position TEXT` starts a game from one, `simulate
--from-position TEXT` plays bot games on from one. The notation itself is engine/position.py."""

from __future__ import annotations

from .engine import Board, GameState, InvalidPositionError, from_position, setup
from .engine.builder import facts
from .engine.dice import seed_state
from .locale import tr


class PositionArgumentError(ValueError):
    """A position given on the command line that cannot be played: the message says why (one line)."""


def read_position(text: str, board: Board, *, rules_file: str | None = None) -> GameState:
    """The state of a position given on the command line, with the engine's checks.

    A position carries its own rules (its `rules=` field, against the board file's), so a rules file
    beside it is refused rather than silently ignored or merged.
    """
    if rules_file is not None:
        raise PositionArgumentError(tr("position.rules_given"))
    try:
        return from_position(text, board)
    except InvalidPositionError as exc:
        raise PositionArgumentError(tr("position.invalid", reason=str(exc))) from None


def with_dice_seed(state: GameState, seed: int) -> GameState:
    """The same position with the dice generator set from `seed`: games played on from one position
    differ by their dice (the decks keep the position's order)."""
    return setup(state.board, **{**facts(state), "rng": seed_state(seed)})
