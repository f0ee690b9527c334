"""Reading a save, bounded: only a regular file of a sane size, opened without blocking (a FIFO or a
device cannot hang the app), the whole of it or only its ends (the list reads a large save's head and
its last lines)."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .errors import SaveError, error

MAX_SAVE_BYTES = 64 * 1024 * 1024
"""A longer file is not read: about 300 000 actions of a journal, far beyond any game (a 2 000-action
journal is ~300 KB)."""
_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)


@contextmanager
def _opened(path: Path) -> Iterator[tuple[int, int]]:
    """(fd, size) of a regular file of at most MAX_SAVE_BYTES; SaveError otherwise."""
    try:
        fd = os.open(path, _FLAGS)
    except (FileNotFoundError, NotADirectoryError):
        raise error("missing", f"{path}: file not found", path) from None
    except IsADirectoryError:
        raise error("not_a_file", f"{path}: is a directory", path) from None
    except PermissionError:
        raise error("permission", f"{path}: permission denied", path) from None
    except OSError as exc:
        raise error("unreadable", f"{path}: cannot open: {exc.strerror or exc}", path) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise error("not_a_file", f"{path}: not a regular file", path)
        if info.st_size > MAX_SAVE_BYTES:
            raise _too_large(path, info.st_size)
        yield fd, info.st_size
    except OSError as exc:
        raise error("unreadable", f"{path}: cannot read: {exc.strerror or exc}", path) from None
    finally:
        os.close(fd)


def read_bounded(path: Path, limit: int | None = None) -> tuple[bytes, int]:
    """(the file's first `limit` bytes, or all of them, and its size), opened read-only and non-blocking
    (a FIFO cannot hang the app); only a regular file of at most MAX_SAVE_BYTES is read."""
    with _opened(path) as (fd, size):
        maximum = MAX_SAVE_BYTES
        wanted = maximum if limit is None else min(limit, maximum)
        chunks: list[bytes] = []
        total = 0
        while total <= wanted and (chunk := os.read(fd, min(1 << 20, wanted + 1 - total))):
            total += len(chunk)
            chunks.append(chunk)
        if limit is None and total > maximum:
            raise _too_large(path, total)
        return b"".join(chunks)[:wanted], max(size, total)


def read_tail(path: Path, count: int) -> tuple[bytes, int]:
    """(the file's last `count` bytes, or all of them when it is shorter, and its size)."""
    with _opened(path) as (fd, size):
        at = max(0, size - count)
        chunks: list[bytes] = []
        while at < size and (chunk := os.pread(fd, min(1 << 20, size - at), at)):
            chunks.append(chunk)
            at += len(chunk)
        return b"".join(chunks), size


def _too_large(path: Path, size: int) -> SaveError:
    return error(
        "too_large",
        f"{path}: {size} bytes, more than a save can be ({MAX_SAVE_BYTES})",
        path,
        limit=MAX_SAVE_BYTES // (1024 * 1024),
    )
