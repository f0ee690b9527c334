"""The list of saved games (Load, Continue): every save checked without replaying it, quickly.

list_saves() makes every check of format.validate but the replay, so a save whose record stops
replaying is listed as readable and refused by load_save when chosen. A save over HEAD_BYTES is not
read whole: its head (everything before the actions, which dump_save writes last) is read and checked,
its digest included; the count of its actions is checked when it is opened. Results are cached per
file (path, size, mtime, ctime, inode), so showing the list again costs a stat per file.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from pydantic import ValidationError

from ..boardfile import load_board
from ..engine import Board
from ..engine.actions import ACTION_ADAPTER
from ..engine.record import first_state
from .checkpoint import Checkpoint
from .decoding import inconsistent
from .errors import SaveError, error
from .files import SAVE_SUFFIX, saves_folder
from .format import SaveHeader, board_hashes, decode, head_text, validate, validate_head
from .journal import (
    MAX_LINE_BYTES,
    Entry,
    JournalHead,
    check_summary,
    is_journal,
    link,
    read_head,
    read_journal,
    summary,
)
from .reading import read_bounded, read_tail
from .seal import folder_key

HEAD_BYTES = 256 * 1024
"""A save up to this size is checked whole in the list; a larger one by its head (at most this much)."""
TAIL_BYTES = 64 * 1024
"""What the list reads first from the end of a large journal, for its last two lines (more, up to two
of the longest lines, only when they are longer)."""


@dataclass(frozen=True)
class SaveEntry:
    """One file of the list of saved games: readable (header) or not (error, with its reason)."""

    path: Path
    modified: datetime
    """The file's modification time (local), i.e. when it was last written."""
    header: SaveHeader | None = None
    error: SaveError | None = None

    @property
    def readable(self) -> bool:
        return self.error is None

    @property
    def reason(self) -> str | None:
        """Why it cannot be loaded, in Russian (None when readable)."""
        return None if self.error is None else self.error.reason


def list_saves(board: Board | None = None) -> list[SaveEntry]:
    """Every `*.json` in the saves folder, newest (last written) first; .bak, .tmp and .lock are not listed.

    `board` defaults to the shipped board. A missing or unreadable folder lists as empty (and is not made).
    """
    board = load_board() if board is None else board
    expected = board_hashes(board)
    entries: list[tuple[int, str, SaveEntry]] = []
    try:
        with os.scandir(saves_folder()) as scan:
            found = [e for e in scan if e.name.endswith(SAVE_SUFFIX) and not e.name.startswith(".")]
    except OSError:
        return []
    for item in found:
        path = Path(item.path)
        try:
            info = item.stat()
        except OSError:
            continue  # vanished meanwhile
        if stat.S_ISDIR(info.st_mode):
            continue
        entries.append((info.st_mtime_ns, item.name, _entry(path, info, board, expected)))
    entries.sort(key=lambda e: (e[0], e[1]), reverse=True)
    return [e for _, _, e in entries]


def latest_unfinished(board: Board) -> Path | None:
    """The most recently written readable save of an unfinished game (for «Continue»), or None.

    Readable as list_saves says: load_save may still refuse it if its record no longer replays.
    """
    for entry in list_saves(board):
        if entry.header is not None and not entry.header.finished:
            return entry.path
    return None


_cache: dict[tuple[str, int, int, int, int, tuple[str, ...]], SaveEntry] = {}


def _entry(path: Path, info: os.stat_result, board: Board, expected: tuple[str, ...]) -> SaveEntry:
    key = (str(path), info.st_mtime_ns, info.st_ctime_ns, info.st_size, info.st_ino, expected)
    cached = _cache.get(key)
    if cached is not None:
        return cached
    modified = datetime.fromtimestamp(info.st_mtime_ns / 1e9).astimezone()
    try:
        entry = SaveEntry(path=path, modified=modified, header=_header(path, board, expected, modified))
    except SaveError as exc:
        entry = SaveEntry(path=path, modified=modified, error=exc)
    except Exception as exc:
        problem = error("unexpected", f"{path}: cannot read: {type(exc).__name__}: {exc}", path)
        entry = SaveEntry(path=path, modified=modified, error=problem)
    if len(_cache) > 1000:
        _cache.clear()
    _cache[key] = entry
    return entry


def _header(path: Path, board: Board, expected: tuple[str, ...], modified: datetime) -> SaveHeader:
    raw, size = read_bounded(path, HEAD_BYTES)
    if is_journal(raw):
        return _journal_header(path, raw, size, board, expected, modified)
    if size <= HEAD_BYTES:
        text, data = decode(path, raw)
        return validate(path, text, data, board, expected).header
    head = head_text(raw)
    if head is None:  # not as the game writes it: the whole file, as load_save would read it
        raw, _ = read_bounded(path)
        text, data = decode(path, raw)
        return validate(path, text, data, board, expected).header
    text, data = decode(path, head.encode("utf-8"))
    return validate_head(path, text, data, board, expected)


def _journal_header(
    path: Path, raw: bytes, size: int, board: Board, expected: tuple[str, ...], modified: datetime
) -> SaveHeader:
    """A journal's header for the list: whole and every line checked when small; else its head line
    and its last whole line, whose seal (or, without one, its chain from the line before) and summary
    are checked. The summary is checked against the replay when the game is opened."""
    if size <= HEAD_BYTES:
        journal = read_journal(path, raw, board, expected, key=folder_key(path.parent, create=False))
        head, last = journal.head, journal.last
    else:
        line = raw.split(b"\n", 1)[0]
        if len(line) == len(raw):
            inconsistent(path, "head too long")
        head = read_head(path, line, board, expected)
        last = _last_entry(path, head, size)
    said = summary(first_state(board, head), 0) if last is None else last.summary()
    modified = modified.replace(microsecond=0)
    names, turn, winner = head.players, said["turn"], said["winner"]
    return SaveHeader(
        players=names,
        round=said["round"],
        saved_at=modified,
        turn=None if turn is None else names[turn],
        finished=turn is None,
        winner=None if winner is None else names[winner],
        actions=said["actions"],
    )


def _last_entry(path: Path, head: JournalHead, size: int) -> Entry:
    """The last whole line of a large journal (read from its end), checked on its own: its chain from
    the line before, its action by the engine's model, its summary for sense. (Its seal is not needed
    here: a line rehashed by hand passes this, as a careful forgery of a format-2 header passes the
    list; opening the game compares the summary with the replay.)"""
    for count in (TAIL_BYTES, 2 * MAX_LINE_BYTES + 2):  # the last two lines: almost always short
        tail, _ = read_tail(path, count)
        lines = tail.split(b"\n")
        lines.pop()  # b"" after a whole line, or a cut-off one
        if size > len(tail):
            lines = lines[1:]  # the first may be cut by where the reading started
        if len(lines) >= 2:
            break
    entries = [Entry.parse(line) for line in lines[-2:]]
    entry = entries[-1] if entries else None
    if entry is None:
        inconsistent(path, "journal end")
    assert entry is not None
    line = lines[-1]
    previous = entries[0] if len(entries) == 2 else None
    body = line[: len(line) - len(entry.seal) - 86]
    if previous is None or link(previous.chain, body) != entry.chain:  # the line is as its chain says
        inconsistent(path, "journal end")
    try:
        if entry.checkpoint:
            Checkpoint.model_validate_json(entry.checkpoint, strict=True)
        elif entry.undo is None:
            ACTION_ADAPTER.validate_json(entry.action, strict=True)
    except ValidationError:
        inconsistent(path, "journal end")
    check_summary(path, entry, head, number=None)
    return entry
