"""Where saves live and how they are written: paths, atomic writes with a backup, locks, reading bounded.

A write (write_atomic) goes to `<name>.<random>.tmp` in the same folder, is flushed and fsynced, the
current version gets the second name `<name>.bak`, the temporary file is renamed over `<name>` and the
folder is fsynced: `<name>` is one complete version at every instant, and no temporary file outlives the
write (a killed process's leftovers are swept when the save is next locked or deleted).

A game being played holds a SaveLock: `flock` on `<name>.lock` beside the save, so a second window on the
same saves folder is refused instead of overwriting the first one's actions. A new game's name is
reserved by creating its lock file exclusively, so two games started in the same second get two names.
"""

from __future__ import annotations

import contextlib
import errno
import glob
import os
import re
import tempfile
import unicodedata
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

import platformdirs

from .errors import SaveError, error, message, os_detail

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX: no locks (one window at a time is the players' job)
    fcntl = None  # type: ignore[assignment]

DATA_DIR_ENV = "MONOPOLY_TUI_DATA_DIR"
"""Environment variable overriding the data directory (tests, portable installs)."""
SAVE_SUFFIX = ".json"
BACKUP_SUFFIX = ".bak"
TEMP_SUFFIX = ".tmp"
LOCK_SUFFIX = ".lock"


def data_dir() -> Path:
    """MONOPOLY_TUI_DATA_DIR when set, else the platform's user data directory for monopoly-tui."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override).expanduser()
    return Path(platformdirs.user_data_dir("monopoly-tui", appauthor=False))


def saves_folder() -> Path:
    """`<data dir>/saves` (not created)."""
    return data_dir() / "saves"


def saves_dir() -> Path:
    """`<data dir>/saves`, created when missing. Raises SaveError (code "save.error.no_folder") when it
    cannot be: a file in the way, no permission, a read-only disk."""
    folder = saves_folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if not folder.is_dir():
            raise NotADirectoryError(errno.ENOTDIR, "not a directory", str(folder))
    except OSError as exc:
        raise no_folder(folder, exc, "cannot make the saves folder") from exc
    return folder


def no_folder(folder: Path, exc: OSError, doing: str) -> SaveError:
    """The saves folder cannot be used (made, or written in): the error players see, naming the folder."""
    return SaveError(
        f"{folder}: {doing}: {exc.strerror or exc}",
        code="save.error.no_folder",
        reason=message("save.error.no_folder", folder=str(folder), detail=os_detail(exc)),
        path=folder,
    )


def backup_path(path: str | Path) -> Path:
    """Where write_save keeps the previous version of a save: `<name>.bak` beside it."""
    path = Path(path)
    return path.with_name(path.name + BACKUP_SUFFIX)


def lock_path(path: str | Path) -> Path:
    """The lock file of a save: `<name>.lock` beside it."""
    path = Path(path)
    return path.with_name(path.name + LOCK_SUFFIX)


# --- locks ------------------------------------------------------------------------------------------


class SaveLock:
    """This process's claim on one save (an flock on its lock file), held while the game is played."""

    def __init__(self, path: Path, fd: int | None) -> None:
        self.path = path
        self._fd = fd
        if fd is not None:
            _held[path] = self

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        """Give the save up (the lock file is removed; closing the process does the same)."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        if _held.get(self.path) is self:
            del _held[self.path]
        with contextlib.suppress(OSError):
            os.unlink(lock_path(self.path))
        os.close(fd)


_held: dict[Path, SaveLock] = {}
"""The locks this process holds, by save."""


def _locked(path: Path) -> SaveError:
    return error("locked", f"{path}: the game is open in another window", path)


def _claim(path: Path, *, exclusive_create: bool) -> SaveLock:
    """Lock path's lock file; raises SaveError "locked" when another process holds it, FileExistsError
    when exclusive_create and it exists, OSError when it cannot be made."""
    target = lock_path(path)
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0) | (os.O_EXCL if exclusive_create else 0)
    while True:
        fd = os.open(target, flags, 0o644)
        if fcntl is None:  # pragma: no cover
            return SaveLock(path, fd)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise _locked(path) from None
        except OSError:  # a file system without locks: play on without one
            return SaveLock(path, fd)
        try:  # the holder before us may have removed the file while we opened it: lock the one in place
            same = os.path.samestat(os.fstat(fd), os.stat(target))
        except FileNotFoundError:
            same = False
        if same:
            return SaveLock(path, fd)
        os.close(fd)
        flags &= ~os.O_EXCL


def lock_save(path: str | Path) -> SaveLock:
    """Claim an existing save for playing: SaveError "save.error.locked" (a Russian reason) when another
    window plays it. Without a lock file possible (read-only folder) the game goes on unlocked: it
    cannot be saved there either. Leftover temporary files of the save are removed (nobody else
    writes it now)."""
    path = Path(path)
    mine = _held.get(path)
    if mine is not None and mine.held:
        return mine
    try:
        lock = _claim(path, exclusive_create=False)
    except SaveError:
        raise
    except OSError:
        return SaveLock(path, None)
    _remove_stale_temporaries(path)
    return lock


def is_locked(path: str | Path) -> bool:
    """Does another process hold this save's lock (is it being played in another window)?"""
    if fcntl is None or Path(path) in _held:
        return False
    try:
        fd = os.open(lock_path(path), os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        os.close(fd)
    return False


_CYRILLIC: dict[int, str | int | None] = {
    **str.maketrans("абвгдеёзийклмнопрстуфыэ", "abvgdeeziyklmnoprstufye", "ъь"),
    **{ord(c): latin for c, latin in (("ж", "zh"), ("х", "kh"), ("ц", "ts"), ("ч", "ch"), ("ш", "sh"))},
    **{ord(c): latin for c, latin in (("щ", "shch"), ("ю", "yu"), ("я", "ya"))},
}
"""Russian letters in Latin ones, for file names."""


def _ascii_slug(name: str) -> str:
    text = name.lower().translate(_CYRILLIC)
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def new_save_path(names: Sequence[str]) -> Path:
    """A fresh file name in saves_dir() for a new game, reserved and locked for this process.

    `2025-03-01_18-30-05_anya-boris.json`, with `_2`, `_3`, ... when that name, its .bak or its lock
    exists; the lock file is created exclusively, so two processes never get the same name and an
    existing save is never overwritten by a new game. lock_save(path) hands this process's lock over.
    Raises SaveError when the folder cannot be made or written ("save.error.no_folder").
    """
    folder = saves_dir()
    stamp = datetime.now().strftime("%Y-%m-%d_%H-%M-%S")
    slug = "-".join(s for s in (_ascii_slug(n) for n in names) if s)[:60].strip("-") or "game"
    number = 1
    while True:
        stem = f"{stamp}_{slug}" if number == 1 else f"{stamp}_{slug}_{number}"
        candidate = folder / f"{stem}{SAVE_SUFFIX}"
        number += 1
        if any(os.path.lexists(p) for p in (candidate, backup_path(candidate))):
            continue
        try:
            lock = _claim(candidate, exclusive_create=True)
        except (FileExistsError, SaveError):
            continue
        except OSError as exc:
            raise no_folder(folder, exc, "cannot write in the saves folder") from exc
        if os.path.lexists(candidate):  # written by another process between the two looks
            lock.release()
            continue
        _held[candidate] = lock
        return candidate


# --- writing ----------------------------------------------------------------------------------------


def write_atomic(path: Path, data: bytes, *, durable: bool = True) -> None:
    """Write data to path atomically, keeping the version it replaces as `<name>.bak`.

    durable: fsync the file and the folder (every action of a person); without it the write is still
    atomic but may be lost with the power (computer players' moves, saved together before the next
    decision of a person). Raises SaveError (code "save.error.write") when the disk refuses; the
    previous version is then untouched.
    """
    folder = path.parent
    tmp: str | None = None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f"{path.name}.", suffix=TEMP_SUFFIX, dir=folder)
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            if durable:
                os.fsync(file.fileno())
        _keep_backup(path)
        os.replace(tmp, path)
        tmp = None
        if durable:
            _fsync_folder(folder)
    except OSError as exc:
        raise SaveError(
            f"{path}: cannot write the save: {exc.strerror or exc}",
            code="save.error.write",
            reason=message("save.error.write", file=str(path), detail=os_detail(exc)),
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
        os.replace(link, backup)  # when backup already is this very file, POSIX leaves link in place
    finally:
        with contextlib.suppress(FileNotFoundError):
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
    """Remove a save, its .bak, its lock and any temporary files of it (only when the user asks).

    Missing files are fine; raises SaveError (code "save.error.locked") when another window plays the
    game, ("save.error.delete") when the disk refuses.
    """
    path = Path(path)
    if is_locked(path):
        raise _locked(path)
    for target in (path, backup_path(path), lock_path(path)):
        try:
            target.unlink(missing_ok=True)
        except OSError as exc:
            raise SaveError(
                f"{target}: cannot delete: {exc.strerror or exc}",
                code="save.error.delete",
                reason=message("save.error.delete", file=target.name, detail=os_detail(exc)),
                path=path,
            ) from exc
    _remove_stale_temporaries(path)
