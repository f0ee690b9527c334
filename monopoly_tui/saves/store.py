"""Saving a game and loading it back: write_save (atomic, with a backup) and load_save (checked, replayed).

Reading never changes anything (load_save opens the file read-only) and never lets an exception out:
whatever is wrong becomes a SaveError whose `reason` is a Russian sentence for the players and whose
str() is English for developers.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from ..engine import (
    Board,
    GameRecord,
    GameState,
    IllegalActionError,
    InvalidActionError,
    ProposeTrade,
    ReplayError,
)
from ..engine import apply as apply_action
from ..engine.game import apply_unchecked
from ..engine.record import first_state
from .checkpoint import check_checkpoints, checkpoint_marks, resume_point
from .errors import SaveError, error, message
from .files import write_atomic
from .format import SaveHeader, SaveSeat, SeatLike, decode, dump_save, header_of, validate
from .journal import Journal, check_replayed, is_journal, read_journal
from .reading import read_bounded
from .seal import folder_key


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
    """The state after the record's first `start` actions and after each later one (states[-1] is
    state): every state of the game, unless it resumed from a checkpoint."""
    start: int = 0
    """How many actions of the record come before states[0] (a resume from a checkpoint)."""
    worth: tuple[tuple[int, ...], ...] = ()
    """From a checkpoint: the players' net worth at the start of each round up to states[0]."""
    refused: dict[int, list[tuple[int, ProposeTrade]]] | None = None
    """From a checkpoint: the offers people refused computer players up to states[0]."""
    notice: str | None = None
    """What the players should know about the file (a cut-off last action dropped), in Russian."""
    journal: JournalEnd | None = None
    """Where an intact journal ends, to append to it (None: the next save writes the file whole)."""


@dataclass(frozen=True)
class JournalEnd:
    """The end of a journal as loaded: its size and the chain value its next line links on to."""

    size: int
    chain: str
    checkpointed: int = 0
    """How many actions its last checkpoint stands after (0: none)."""
    worth_covered: int = 0
    """How many round-start net worths its checkpoints hold."""


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
        if is_journal(raw):
            return _load_journal(path, raw, board)
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


def _load_journal(path: Path, raw: bytes, board: Board) -> LoadedSave:
    journal = read_journal(path, raw, board, key=folder_key(path.parent, create=False))
    record = journal.record
    point = resume_point(path, journal, board) if journal.sealed else None
    worth: tuple[tuple[int, ...], ...]
    if point is None:
        states = replay_all(path, board, record, trusted=journal.sealed)
        check_checkpoints(path, journal, states)
        start, worth, refused = 0, (), None
    else:
        start, first, worth_list, refused = point
        states = replay_all(path, board, record, trusted=True, start=start, first=first)
        worth = tuple(worth_list)
    check_replayed(path, journal, states[-1])
    try:
        when = datetime.fromtimestamp(os.stat(path).st_mtime).astimezone().replace(microsecond=0)
    except OSError:
        when = datetime.now().astimezone().replace(microsecond=0)
    notice = message("save.notice.torn", number=len(record.actions)) if journal.torn else None
    return LoadedSave(
        path=path,
        record=record,
        seats=journal.head.seats,
        header=header_of(states[-1], record, when),
        state=states[-1],
        states=states,
        start=start,
        worth=worth,
        refused=refused,
        notice=notice,
        journal=_end(path, journal),
    )


def _end(path: Path, journal: Journal) -> JournalEnd | None:
    """Where a journal may be appended to: one sealed here and whole (any other is written afresh,
    sealed, at its first save)."""
    if journal.torn or not journal.sealed:
        return None
    checkpointed, covered = checkpoint_marks(path, journal)
    return JournalEnd(
        size=journal.size, chain=journal.chain, checkpointed=checkpointed, worth_covered=covered
    )


def replay_all(
    path: Path,
    board: Board,
    record: GameRecord,
    *,
    trusted: bool = False,
    start: int = 0,
    first: GameState | None = None,
) -> tuple[GameState, ...]:
    """The state before the first action and after each one; SaveError naming an action that is illegal.

    trusted: the record's every action is known to be legal (a journal sealed by this game, which
    applied each through the checked `apply` before writing it): replayed through the fast path.
    start, first: replay from `first`, the state after the record's first `start` actions."""
    if first is not None:
        state = first
    else:
        try:
            state = first_state(board, record)  # a new game, or the position the game started from
        except ReplayError as exc:
            raise error("cannot_start", f"{path}: {exc}", path) from None
    states = [state]
    total = len(record.actions)
    step = apply_unchecked if trusted else apply_action
    collecting = gc.isenabled()
    gc.disable()  # every state is kept: the collector would scan them all again and again (quadratic)
    try:
        for number, action in enumerate(record.actions[start:], start=start + 1):
            try:
                state = step(state, action)
            except (IllegalActionError, InvalidActionError) as exc:
                text = f"{path}: action {number} ({action}) is not legal: {exc}"
                raise error("illegal_action", text, path, number=number, total=total) from None
            states.append(state)
    finally:
        if collecting:
            gc.enable()
    return tuple(states)
