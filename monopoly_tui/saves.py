"""Save files: autosave, continue, load and list games, and never lose or break one.

A save is one JSON file in `<data dir>/saves/`: the engine's GameRecord (format, board_id, rules, players,
seed, actions) plus `format_version`, the `board_hash` of the board it was played on, the `seats` (name,
token, colour, bot kind) and a small `header` for the list of saved games (names, round, date, whose turn,
finished, winner, number of actions). The state itself is not stored: loading replays the record.

Writing is atomic (write_save): the new version goes to a temporary file in the same folder, is flushed
and fsynced, the previous version is kept as `<name>.bak` (a hard link, else a copy), the temporary file
is renamed over the save and the folder is fsynced. At every instant `<name>` is one complete version, so
a kill -9 or a power cut loses at most the action being saved.

Reading never changes anything (load_save opens the file read-only) and never lets an exception out:
whatever is wrong becomes a SaveError whose `reason` is a Russian sentence for the players and whose
str() is English for developers. The checks, in order: the file can be opened and read (exists, a
regular file, permissions, at most MAX_SAVE_BYTES), UTF-8, JSON (a cut-off file is told apart from
garbage), a JSON object with our `format_version` (foreign, unknown and newer formats are refused),
every field of the right type (unknown fields refused), the same board id and board hash, parts that
agree (seats, header and record name the same players; the header counts the actions), players, seed
and rules that can start a game, and finally the replay of every action (an illegal one is named by
its number).

list_saves() makes every check but the replay (a 2 000-action game replays in a fraction of a second,
too slow to do for every file of a list each time it is shown), so a save whose record stops replaying
is listed as readable and refused by load_save when chosen. Listing caches its results per file
(path, size, mtime, inode), so showing the list again costs a stat per file.
"""

from __future__ import annotations

import contextlib
import errno
import glob
import json
import os
import re
import stat
import tempfile
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import platformdirs
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from . import locale as _catalog
from .boardfile import board_hash as compute_board_hash
from .boardfile import first_release_board_hash, load_board
from .bots.base import BotKind
from .engine import Action, Board, GameRecord, GameState, ReplayError, new_game, replay
from .engine.record import RECORD_FORMAT
from .engine.turn import rounds_played
from .locale import ru_saves

if TYPE_CHECKING:
    from .session import Seat

__all__ = [
    "BACKUP_SUFFIX",
    "DATA_DIR_ENV",
    "FORMAT_VERSION",
    "MAX_SAVE_BYTES",
    "SAVE_SUFFIX",
    "LoadedSave",
    "SaveEntry",
    "SaveError",
    "SaveHeader",
    "SaveSeat",
    "SeatLike",
    "backup_path",
    "data_dir",
    "delete_save",
    "dump_save",
    "latest_unfinished",
    "list_saves",
    "load_save",
    "new_save_path",
    "saves_dir",
    "write_save",
]

FORMAT_VERSION = 1
"""The save format written now; files with a higher number come from a newer version of the game."""
DATA_DIR_ENV = "MONOPOLY_TUI_DATA_DIR"
"""Environment variable overriding the data directory (tests, portable installs)."""
SAVE_SUFFIX = ".json"
BACKUP_SUFFIX = ".bak"
TEMP_SUFFIX = ".tmp"
MAX_SAVE_BYTES = 64 * 1024 * 1024
"""A longer file is not read (a 2 000-action save is about 100 KB)."""


# --- messages and errors ----------------------------------------------------------------------------


def _msg(key: str, **values: object) -> str:
    """The Russian message for key: from the catalog once ru_saves is merged into it, else the fragment."""
    if _catalog.has(key):
        return _catalog.tr(key, **values)
    return ru_saves.MESSAGES[key].format(**values)


class SaveError(Exception):
    """A save that cannot be loaded, written or deleted.

    str() is English, for developers; `reason` is a Russian sentence for the players; `code` is the
    catalog key of the reason ("save.error.truncated", ...); `action_number` is the 1-based number of the
    action that does not replay, when that is the problem.
    """

    def __init__(
        self,
        message: str,
        *,
        code: str,
        reason: str,
        path: Path | None = None,
        action_number: int | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.reason = reason
        self.path = path
        self.action_number = action_number


def _error(code: str, message: str, path: Path | None, **values: object) -> SaveError:
    number = values.get("number")
    return SaveError(
        message,
        code=f"save.error.{code}",
        reason=_msg(f"save.error.{code}", **values),
        path=path,
        action_number=number if isinstance(number, int) else None,
    )


def _os_detail(exc: OSError) -> str:
    """A short Russian description of an OS error (for write and delete failures)."""
    if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return _msg("save.os.no_space")
    if isinstance(exc, PermissionError):
        return _msg("save.os.permission")
    if exc.errno == errno.EROFS:
        return _msg("save.os.read_only")
    return _msg("save.os.other")


# --- the file's models ------------------------------------------------------------------------------


class SaveSeat(BaseModel):
    """How a player appears and who plays for them (the app's session.Seat, as stored)."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    name: str = Field(min_length=1)
    token: str
    color: str
    bot: BotKind | None = None
    """None for a person; otherwise the bot kind ("simple", "strong"); an unknown kind is refused."""
    no_bot_offers: bool = False
    """A person who asked computer players not to offer them trades (written only when true)."""

    def as_session_seat(self) -> Seat:
        """The app's Seat (monopoly_tui.session), for GameSession."""
        from .session import Seat

        return Seat(
            name=self.name, token=self.token, color=self.color, bot=self.bot, no_bot_offers=self.no_bot_offers
        )


class SaveHeader(BaseModel):
    """What the list of saved games shows without replaying the game."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    players: tuple[str, ...]
    round: int = Field(ge=1)
    saved_at: datetime
    """Local time with its UTC offset, to the second."""
    turn: str | None
    """The name of the player whose turn it is; None once the game is over."""
    finished: bool
    winner: str | None
    actions: int = Field(ge=0)
    """How many actions the record holds."""


class _SaveFile(GameRecord):
    """The whole file: the record's fields plus ours, every type checked strictly, nothing else allowed."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    format: int  # required here (the record's defaults suit a game in memory, not a file)
    actions: tuple[Action, ...]
    format_version: int
    board_hash: str = Field(pattern=r"^[0-9a-f]{64}$")
    header: SaveHeader
    seats: tuple[SaveSeat, ...] = Field(min_length=1)

    def record(self) -> GameRecord:
        return GameRecord(**{name: getattr(self, name) for name in GameRecord.model_fields})


class SeatLike(Protocol):
    """What write_save needs of a seat (session.Seat and SaveSeat both qualify)."""

    @property
    def name(self) -> str: ...
    @property
    def token(self) -> str: ...
    @property
    def color(self) -> str: ...
    @property
    def bot(self) -> str | None: ...


def _seat_data(seat: SeatLike) -> dict[str, Any]:
    """A seat as stored; no_bot_offers only when set, so other saves stay as they were."""
    no_offers = getattr(seat, "no_bot_offers", False)
    data = {"name": seat.name, "token": seat.token, "color": seat.color, "bot": seat.bot}
    data = SaveSeat.model_validate({**data, "no_bot_offers": no_offers}).model_dump(mode="json")
    if not no_offers:
        del data["no_bot_offers"]
    return data


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


# --- where saves live -------------------------------------------------------------------------------


def data_dir() -> Path:
    """MONOPOLY_TUI_DATA_DIR when set, else the platform's user data directory for monopoly-tui."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override).expanduser()
    return Path(platformdirs.user_data_dir("monopoly-tui", appauthor=False))


def _saves_folder() -> Path:
    return data_dir() / "saves"


def saves_dir() -> Path:
    """`<data dir>/saves`, created when missing."""
    folder = _saves_folder()
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def backup_path(path: str | Path) -> Path:
    """Where write_save keeps the previous version of a save: `<name>.bak` beside it."""
    path = Path(path)
    return path.with_name(path.name + BACKUP_SUFFIX)


_CYRILLIC: dict[int, str | int | None] = {
    **str.maketrans("абвгдеёзийклмнопрстуфыэ", "abvgdeeziyklmnoprstufye", "ъь"),
    **{ord(c): latin for c, latin in (("ж", "zh"), ("х", "kh"), ("ц", "ts"), ("ч", "ch"), ("ш", "sh"))},
    **{ord(c): latin for c, latin in (("щ", "shch"), ("ю", "yu"), ("я", "ya"))},
}
"""Russian letters in Latin ones, for file names."""
_issued: set[Path] = set()
"""Paths new_save_path handed out in this process (not yet written, they must still not be reused)."""


def _ascii_slug(name: str) -> str:
    text = name.lower().translate(_CYRILLIC)
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def new_save_path(names: Sequence[str]) -> Path:
    """A fresh file name in saves_dir() for a new game: date, time and the players' names in Latin letters.

    `2025-03-01_18-30-05_anya-boris.json`, with `_2`, `_3`, ... when that name (or its .bak) exists or
    was already handed out in this process; an existing save is never overwritten by a new game.
    """
    folder = saves_dir()
    stamp = datetime.now().strftime("%Y-%m-%d_%H-%M-%S")
    slug = "-".join(s for s in (_ascii_slug(n) for n in names) if s)[:60].strip("-") or "game"
    number = 1
    while True:
        stem = f"{stamp}_{slug}" if number == 1 else f"{stamp}_{slug}_{number}"
        candidate = folder / f"{stem}{SAVE_SUFFIX}"
        taken = candidate in _issued or any(os.path.lexists(p) for p in (candidate, backup_path(candidate)))
        if not taken:
            _issued.add(candidate)
            return candidate
        number += 1


# --- writing ----------------------------------------------------------------------------------------


def _header(state: GameState, record: GameRecord, saved_at: datetime) -> SaveHeader:
    finished = state.is_over
    return SaveHeader(
        players=tuple(p.name for p in state.players),
        round=rounds_played(state),  # the same count as the game-over screen's
        saved_at=saved_at,
        turn=None if finished else state.players[state.turn].name,
        finished=finished,
        winner=None if state.winner is None else state.players[state.winner].name,
        actions=len(record.actions),
    )


def dump_save(
    *,
    board: Board,
    seats: Sequence[SeatLike],
    state: GameState,
    record: GameRecord,
    saved_at: datetime | None = None,
) -> str:
    """The text of a save file (what write_save writes): one key per line, one action per line."""
    if record.board_id != board.id:
        raise ValueError(f"the record is for board {record.board_id!r}, not {board.id!r}")
    if len(seats) != len(record.players) or len(state.players) != len(record.players):
        raise ValueError(
            f"{len(seats)} seats, {len(state.players)} players in the state, "
            f"{len(record.players)} in the record: they must be the same"
        )
    when = (saved_at or datetime.now()).astimezone().replace(microsecond=0)
    data: dict[str, Any] = {
        "format_version": FORMAT_VERSION,
        "board_hash": compute_board_hash(board),
        "header": _header(state, record, when).model_dump(mode="json"),
        "seats": [_seat_data(s) for s in seats],
        **record.model_dump(mode="json"),
    }
    lines = []
    for key, value in data.items():
        if key == "actions" and value:
            items = ",\n".join(f"  {json.dumps(a, ensure_ascii=False)}" for a in value)
            text = f"[\n{items}\n ]"
        else:
            text = json.dumps(value, ensure_ascii=False)
        lines.append(f" {json.dumps(key)}: {text}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def write_save(
    path: str | Path,
    *,
    board: Board,
    seats: Sequence[SeatLike],
    state: GameState,
    record: GameRecord,
) -> None:
    """Write the game to path atomically, keeping the version it replaces as `<name>.bak`.

    The sequence: the new text goes to `<name>.<random>.tmp` in the same folder, flushed and fsynced; the
    current file, if any, gets a second name `<name>.bak` (hard link to a temporary name renamed over the
    old .bak, or a fsynced copy where links are not supported); the temporary file is renamed over
    `<name>` (atomic) and the folder is fsynced. `<name>` is a complete file at every instant.

    Raises SaveError (code "save.error.write", a Russian reason) when the disk refuses; the previous
    version is then untouched. Raises ValueError when board, seats, state and record do not belong together.
    """
    path = Path(path)
    data = dump_save(board=board, seats=seats, state=state, record=record).encode("utf-8")
    folder = path.parent
    tmp: str | None = None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f"{path.name}.", suffix=TEMP_SUFFIX, dir=folder)
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        _keep_backup(path)
        os.replace(tmp, path)
        tmp = None
        _fsync_folder(folder)
    except OSError as exc:
        raise SaveError(
            f"{path}: cannot write the save: {exc.strerror or exc}",
            code="save.error.write",
            reason=_msg("save.error.write", file=path.name, detail=_os_detail(exc)),
            path=path,
        ) from exc
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
    if path not in _swept:  # leftovers of a killed process: look once per save and process
        _swept.add(path)
        _remove_stale_temporaries(path)


_swept: set[Path] = set()


def _keep_backup(path: Path) -> None:
    """Give the current version of path (if any) the name `<name>.bak`, atomically replacing the old one."""
    backup = backup_path(path)
    fd, link = tempfile.mkstemp(prefix=f"{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
    os.close(fd)
    try:
        os.unlink(link)
        try:
            os.link(path, link)
        except FileNotFoundError:
            return  # a new save: nothing to keep
        except OSError:  # no hard links here (some file systems): a copy, fsynced
            _copy_synced(path, link)
        os.replace(link, backup)
        link = ""
    finally:
        if link:
            with contextlib.suppress(OSError):
                os.unlink(link)


def _copy_synced(source: Path, target: str) -> None:
    with open(source, "rb") as src, open(target, "xb") as dst:
        while chunk := src.read(1 << 20):
            dst.write(chunk)
        dst.flush()
        os.fsync(dst.fileno())


def _fsync_folder(folder: Path) -> None:
    """Make the rename durable (POSIX); not possible, nor needed, everywhere."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _remove_stale_temporaries(path: Path) -> None:
    """Temporary files of this save left by an interrupted write (only one process writes a save)."""
    for leftover in path.parent.glob(f"{glob.escape(path.name)}.*{TEMP_SUFFIX}"):
        with contextlib.suppress(OSError):
            leftover.unlink()


def delete_save(path: str | Path) -> None:
    """Remove a save, its .bak and any temporary files of it (only when the user asks).

    Missing files are fine; raises SaveError (code "save.error.delete") when the disk refuses.
    """
    path = Path(path)
    for target in (path, backup_path(path)):
        try:
            target.unlink(missing_ok=True)
        except OSError as exc:
            raise SaveError(
                f"{target}: cannot delete: {exc.strerror or exc}",
                code="save.error.delete",
                reason=_msg("save.error.delete", file=target.name, detail=_os_detail(exc)),
                path=path,
            ) from exc
    _remove_stale_temporaries(path)


# --- reading ----------------------------------------------------------------------------------------


def load_save(path: str | Path, board: Board) -> LoadedSave:
    """Read, check and replay a save. Raises SaveError (never anything else); never changes the file.

    A broken save is refused even when its .bak is fine: the app may offer backup_path(path) instead.
    """
    path = Path(path)
    try:
        save = _check(path, _read(path), board)
        record = save.record()
        state = _replay(path, board, record)
        header = _header(state, record, save.header.saved_at)
        return LoadedSave(path=path, record=record, seats=save.seats, header=header, state=state)
    except SaveError:
        raise
    except Exception as exc:  # whatever it is, a bad file must not take the app down
        raise _error("unexpected", f"{path}: cannot load: {type(exc).__name__}: {exc}", path) from exc


def list_saves(board: Board | None = None) -> list[SaveEntry]:
    """Every `*.json` in saves_dir(), newest (last written) first; .bak and .tmp files are not listed.

    Each is checked as load_save does except for the replay of its actions (see the module's doc).
    `board` defaults to the shipped board. An unreadable folder lists as empty.
    """
    board = load_board() if board is None else board
    expected = _board_hashes(board)
    folder = _saves_folder()
    entries: list[tuple[int, str, SaveEntry]] = []
    try:
        with os.scandir(folder) as scan:
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
        entry = _list_entry(path, info, board, expected)
        entries.append((info.st_mtime_ns, item.name, entry))
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


_list_cache: dict[tuple[str, int, int, int, int, tuple[str, ...]], SaveEntry] = {}


def _list_entry(path: Path, info: os.stat_result, board: Board, expected_hash: tuple[str, ...]) -> SaveEntry:
    key = (str(path), info.st_mtime_ns, info.st_ctime_ns, info.st_size, info.st_ino, expected_hash)
    cached = _list_cache.get(key)
    if cached is not None:
        return cached
    modified = datetime.fromtimestamp(info.st_mtime_ns / 1e9).astimezone()
    try:
        save = _check(path, _read(path), board, expected_hash)
        entry = SaveEntry(path=path, modified=modified, header=save.header)
    except SaveError as exc:
        entry = SaveEntry(path=path, modified=modified, error=exc)
    except Exception as exc:
        error = _error("unexpected", f"{path}: cannot read: {type(exc).__name__}: {exc}", path)
        entry = SaveEntry(path=path, modified=modified, error=error)
    if len(_list_cache) > 1000:
        _list_cache.clear()
    _list_cache[key] = entry
    return entry


def _read(path: Path) -> bytes:
    """The file's bytes, opened read-only (and non-blocking, so a FIFO cannot hang the app)."""
    flags = (
        os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    )
    try:
        fd = os.open(path, flags)
    except (FileNotFoundError, NotADirectoryError):
        raise _error("missing", f"{path}: file not found", path) from None
    except IsADirectoryError:
        raise _error("not_a_file", f"{path}: is a directory", path) from None
    except PermissionError:
        raise _error("permission", f"{path}: permission denied", path) from None
    except OSError as exc:
        raise _error("unreadable", f"{path}: cannot open: {exc.strerror or exc}", path) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise _error("not_a_file", f"{path}: not a regular file", path)
        if info.st_size > MAX_SAVE_BYTES:
            raise _error("too_large", f"{path}: {info.st_size} bytes, more than a save can be", path)
        chunks: list[bytes] = []
        total = 0
        while chunk := os.read(fd, 1 << 20):
            total += len(chunk)
            if total > MAX_SAVE_BYTES:
                raise _error("too_large", f"{path}: more than {MAX_SAVE_BYTES} bytes", path)
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError as exc:
        raise _error("unreadable", f"{path}: cannot read: {exc.strerror or exc}", path) from None
    finally:
        os.close(fd)


_LITERALS = ("true", "false", "null", "NaN", "Infinity", "-Infinity")


def _looks_truncated(text: str, exc: json.JSONDecodeError) -> bool:
    """Does the JSON error come from the text ending too soon (a cut-off write) rather than garbage?"""
    if exc.msg.startswith("Unterminated string"):
        return True  # the string runs to the end of the text
    rest = text[exc.pos :].strip()
    if not rest:
        return True
    if exc.msg == "Expecting value" and any(lit.startswith(rest) for lit in _LITERALS):
        return True  # cut inside true / false / null
    return exc.msg.startswith("Invalid \\uXXXX escape") and len(text) - exc.pos <= 6


class _DuplicateKeyError(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise _DuplicateKeyError(key)
        result[key] = value
    return result


def _field_path(loc: Sequence[int | str]) -> str:
    out = ""
    for item in loc:
        out += f"[{item}]" if isinstance(item, int) else (f".{item}" if out else str(item))
    return out or "*"


def _board_hashes(board: Board) -> tuple[str, ...]:
    """The board hashes a save of this board may carry: today's, and the first release's (whose hash
    covered the default rules too)."""
    return (compute_board_hash(board), first_release_board_hash(board))


def _check(path: Path, raw: bytes, board: Board, expected_hash: tuple[str, ...] | None = None) -> _SaveFile:
    """Every check of a save but the replay; returns the validated file."""
    if not raw.strip():
        raise _error("empty", f"{path}: the file is empty", path)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        if exc.reason == "unexpected end of data" and exc.end >= len(raw):
            raise _error("truncated", f"{path}: cut off inside a UTF-8 character at the end", path) from None
        raise _error("not_utf8", f"{path}: not UTF-8 (bad byte at offset {exc.start})", path) from None
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as exc:
        if _looks_truncated(text, exc):
            raise _error(
                "truncated", f"{path}: cut off (JSON ends at line {exc.lineno}: {exc.msg})", path
            ) from None
        raise _error(
            "not_json", f"{path}: not JSON: {exc.msg} at line {exc.lineno}", path, line=exc.lineno
        ) from None
    except _DuplicateKeyError as exc:
        raise _error("duplicate_key", f"{path}: key {exc.key!r} appears twice", path, field=exc.key) from None
    except RecursionError:
        raise _error("not_json", f"{path}: JSON nested too deeply", path, line="?") from None
    if not isinstance(data, dict) or "format_version" not in data:
        raise _error("foreign", f"{path}: not a monopoly-tui save (no format_version)", path)
    version = data["format_version"]
    if type(version) is not int:
        raise _error(
            "bad_field", f"{path}: format_version is {version!r}, not a number", path, field="format_version"
        )
    if version > FORMAT_VERSION:
        raise _error(
            "newer_version",
            f"{path}: save format {version} is newer than this version of the game ({FORMAT_VERSION})",
            path,
            version=version,
            supported=FORMAT_VERSION,
        )
    if version != FORMAT_VERSION:
        raise _error("unknown_version", f"{path}: unknown save format {version}", path, version=version)
    try:
        save = _SaveFile.model_validate_json(text)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        field = _field_path(first.get("loc", ()))
        kind = {"missing": "missing_field", "extra_forbidden": "unknown_field"}.get(
            first["type"], "bad_field"
        )
        raise _error(
            kind, f"{path}: field {field}: {first['msg']} ({exc.error_count()} problems)", path, field=field
        ) from None
    if save.format != RECORD_FORMAT:
        raise _error(
            "unknown_version", f"{path}: unknown record format {save.format}", path, version=save.format
        )
    if save.board_id != board.id:
        raise _error(
            "other_board",
            f"{path}: saved on board {save.board_id!r}, the board now is {board.id!r}",
            path,
            saved=save.board_id,
            current=board.id,
        )
    if save.board_hash not in (expected_hash or _board_hashes(board)):
        raise _error("board_changed", f"{path}: the board data changed since the game was saved", path)
    problems = []
    if tuple(s.name for s in save.seats) != save.players:
        problems.append("seats/players")
    if save.header.players != save.players:
        problems.append("header.players/players")
    if save.header.actions != len(save.actions):
        problems.append("header.actions/actions")
    if problems:
        detail = ", ".join(problems)
        raise _error("inconsistent", f"{path}: parts disagree: {detail}", path, detail=detail)
    try:  # cheap (no action is applied): players, seed and rules can start a game
        new_game(board, save.players, seed=save.seed, rules=save.rules)
    except ValueError as exc:
        raise _error("cannot_start", f"{path}: the record cannot start a game: {exc}", path) from None
    return save


_ACTION_NUMBER = re.compile(r"\baction (\d+)\b")


def _replay(path: Path, board: Board, record: GameRecord) -> GameState:
    try:
        return replay(board, record)
    except ReplayError as exc:
        text = str(exc)
        total = len(record.actions)
        match = _ACTION_NUMBER.search(text)
        number = getattr(exc, "action_number", None) or (int(match.group(1)) if match else None)
        if isinstance(number, int):
            raise _error("illegal_action", f"{path}: {text}", path, number=number, total=total) from None
        if "cannot start" in text:
            raise _error("cannot_start", f"{path}: {text}", path) from None
        raise _error("replay", f"{path}: {text}", path) from None
