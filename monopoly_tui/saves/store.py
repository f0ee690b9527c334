"""Saving a game and loading it back: write_save (atomic, with a backup) and load_save (checked, replayed).

Reading never changes anything (load_save opens the file read-only) and never lets an exception out:
whatever is wrong becomes a SaveError whose `reason` is a Russian sentence for the players and whose
str() is English for developers.
"""

from __future__ import annotations

import gc
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..engine import Board, GameRecord, GameState, IllegalActionError, InvalidActionError, ReplayError
from ..engine import apply as apply_action
from ..engine.record import first_state
from .errors import SaveError, error
from .files import write_atomic
from .format import SaveHeader, SaveSeat, SeatLike, decode, dump_save, header_of, validate
from .reading import read_bounded


@dataclass(frozen=True)
class LoadedSave:
    """A save that loaded and replayed: everything needed to go on playing."""

    path: Path
    record: GameRecord
    seats: tuple[SaveSeat, ...]
    header: SaveHeader
    """Recomputed from the replayed state (saved_at is the file's)."""
    state: GameState
    """The state after the last action of the record."""
    states: tuple[GameState, ...] = ()
    """The state before the first action and after each one (states[-1] is state)."""


def write_save(
    path: str | Path,
    *,
    board: Board,
    seats: Sequence[SeatLike],
    state: GameState,
    record: GameRecord,
    durable: bool = True,
    action_lines: Sequence[str] | None = None,
) -> None:
    """Write the game to path atomically, keeping the version it replaces as `<name>.bak` (write_atomic).

    durable=False skips the fsyncs (computer players' moves between two decisions of people);
    action_lines are format.action_line() of the record's actions, when the caller keeps them.
    Raises SaveError (code "save.error.write", a Russian reason) when the disk refuses; the previous
    version is then untouched. Raises ValueError when board, seats, state and record do not belong together.
    """
    text = dump_save(board=board, seats=seats, state=state, record=record, action_lines=action_lines)
    write_atomic(Path(path), text.encode("utf-8"), durable=durable)


def load_save(path: str | Path, board: Board) -> LoadedSave:
    """Read, check and replay a save. Raises SaveError (never anything else); never changes the file.

    A broken save is refused even when its .bak is fine: the app may offer backup_path(path) instead.
    """
    path = Path(path)
    try:
        raw, _ = read_bounded(path)
        text, data = decode(path, raw)
        save = validate(path, text, data, board)
        record = save.record()
        states = replay_all(path, board, record)
        header = header_of(states[-1], record, save.header.saved_at)
        return LoadedSave(
            path=path, record=record, seats=save.seats, header=header, state=states[-1], states=states
        )
    except SaveError:
        raise
    except Exception as exc:  # whatever it is, a bad file must not take the app down
        raise error("unexpected", f"{path}: cannot load: {type(exc).__name__}: {exc}", path) from exc


def replay_all(path: Path, board: Board, record: GameRecord) -> tuple[GameState, ...]:
    """The state before the first action and after each one; SaveError naming an action that is illegal."""
    try:
        state = first_state(board, record)  # a new game, or the position the game started from
    except ReplayError as exc:
        raise error("cannot_start", f"{path}: {exc}", path) from None
    states = [state]
    total = len(record.actions)
    collecting = gc.isenabled()
    gc.disable()  # every state is kept: the collector would scan them all again and again (quadratic)
    try:
        for number, action in enumerate(record.actions, start=1):
            try:
                state = apply_action(state, action)
            except (IllegalActionError, InvalidActionError) as exc:
                text = f"{path}: action {number} ({action}) is not legal: {exc}"
                raise error("illegal_action", text, path, number=number, total=total) from None
            states.append(state)
    finally:
        if collecting:
            gc.enable()
    return tuple(states)
