"""Positions (MPN) on the command line: `--position TEXT` starts a game from one, `simulate
--from-position TEXT` plays bot games on from one. The notation itself is engine/position.py."""

from __future__ import annotations

from .engine import Board, GameState, InvalidPositionError, from_position, setup
from .engine.builder import facts
from .engine.dice import seed_state
from .locale import tr
from .names import MAX_NAME_LENGTH, normalise_name


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


def check_names(state: GameState) -> None:
    """Refuse a position to be played whose names setup could not have made (saves keep only those).

    A position may name a player with anything printable; a game played from it is saved with its
    names, and a save with a name longer than setup allows, or one setup would have written otherwise
    (padded, runs of spaces, controls, not NFC), could never be opened again.
    """
    for seat, player in enumerate(state.players, start=1):
        if len(player.name) > MAX_NAME_LENGTH:
            raise PositionArgumentError(tr("position.name_too_long", seat=seat, limit=MAX_NAME_LENGTH))
        if normalise_name(player.name) != player.name:
            raise PositionArgumentError(tr("position.name_unusual", seat=seat))


def with_dice_seed(state: GameState, seed: int) -> GameState:
    """The same position with the dice generator set from `seed`: games played on from one position
    differ by their dice (the decks keep the position's order)."""
    return setup(state.board, **{**facts(state), "rng": seed_state(seed)})
