"""Writing a game's journal as it is played: made whole once, then a line appended per action.

The first save of a game in a file (a new game, a game loaded from an older format or with a cut-off
last line, or after a write that failed half-way) writes the whole journal atomically (write_atomic:
a temporary file, synced, renamed over the save, whose previous version stays as `<name>.bak`); every
later save appends the new lines with one write, fsynced when durable. An append costs the same at
action 20 000 as at action 20. Before appending, the file must still be exactly as this window left
it (its size); otherwise, or after a failed append, the next save writes it whole again.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from ..engine import Board, GameRecord, GameState
from .errors import SaveError, message, os_detail
from .files import write_atomic
from .format import SeatLike
from .journal import action_body, chained, head_line
from .seal import folder_key


class JournalFile:
    """The journal this window writes: where the next line goes and what it links on to."""

    def __init__(self, path: Path, *, chain: str, size: int, key: bytes | None) -> None:
        self.path = path
        self.chain = chain
        """The chain value of the last line written."""
        self.size = size
        """The file's size as this window left it."""
        self.key = key
        self.broken = False
        """An append failed (part of it may be on disk): the next save writes the journal whole."""
        self.unsynced = False

    @classmethod
    def reopen(cls, path: Path, *, chain: str, size: int) -> JournalFile:
        """A journal just loaded whole and intact, to append to."""
        return cls(path, chain=chain, size=size, key=folder_key(path.parent, create=True))

    @classmethod
    def create(
        cls,
        path: Path,
        *,
        board: Board,
        seats: Sequence[SeatLike],
        record: GameRecord,
        states: Sequence[GameState],
        durable: bool = True,
        checkpoint: bytes | None = None,
    ) -> JournalFile:
        """Write the whole journal of a game atomically; `states` are the states after each action,
        `checkpoint` the text of a checkpoint line to end with (saves/checkpoint.py).

        Raises SaveError ("save.error.write") when the disk refuses: the file is then as it was."""
        if len(states) != len(record.actions):
            raise ValueError(f"{len(states)} states for {len(record.actions)} actions")
        key = folder_key(path.parent, create=True)
        head, chain = head_line(board=board, seats=seats, record=record)
        parts = [head]
        for number, (action, state) in enumerate(zip(record.actions, states, strict=True), start=1):
            line, chain = chained(chain, action_body(action, state, number), key)
            parts.append(line)
        if checkpoint is not None:
            line, chain = chained(chain, checkpoint, key)
            parts.append(line)
        data = b"".join(parts)
        write_atomic(path, data, durable=durable)
        return cls(path, chain=chain, size=len(data), key=key)

    def append(self, bodies: Sequence[bytes], *, durable: bool = True) -> bool:
        """Append the lines of these entries (journal.action_body, undo_body) and fsync when durable.

        False, writing nothing, when the file is not as this window left it (the caller writes the
        journal whole instead); raises SaveError when the disk refuses (the next save then writes the
        journal whole, without the cut-off line an interrupted write may leave)."""
        if self.broken:
            return False
        chain = self.chain
        lines = []
        for body in bodies:
            line, chain = chained(chain, body, self.key)
            lines.append(line)
        data = b"".join(lines)
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_CLOEXEC", 0))
        except OSError:
            return False  # gone or not writable as it is: written whole (and any error said) instead
        try:
            if os.fstat(fd).st_size != self.size:
                return False
            self.broken = True  # until the whole of it is written
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            if durable and (data or self.unsynced):
                os.fsync(fd)
            self.broken = False
        except OSError as exc:
            raise SaveError(
                f"{self.path}: cannot write the save: {exc.strerror or exc}",
                code="save.error.write",
                reason=message("save.error.write", file=str(self.path), detail=os_detail(exc)),
                path=self.path,
            ) from exc
        finally:
            os.close(fd)
        self.chain = chain
        self.size += len(data)
        self.unsynced = not durable and (bool(data) or self.unsynced)
        return True
