"""The seal of a journal: proof that this game, this version, checked every action up to a line.

A journal's hash chain (saves/journal.py) shows a line edited by hand, but anybody can compute it again.
The seal is a keyed hash (HMAC-SHA256) of a line's chain value and the game's version, with a random key
kept in the saves folder (`.journal-key`, made once, readable by its owner only): a line sealed with
that key was written by this version of the game, which applies every action through the engine's
checked `apply` before writing it, or checked the whole record on loading it. So a journal whose last
line carries a good seal replays through the engine's fast path (`apply_unchecked`); any other journal
(another machine's, another version's, one edited by hand and rehashed) is replayed checked, and an
illegal action in it is refused like in any save.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import secrets
import stat
from pathlib import Path

from .. import __version__

KEY_NAME = ".journal-key"
"""The key's file in the saves folder (a dot file: the list does not show it)."""
KEY_BYTES = 32
SEAL_HEX = 32
"""The seal is the first 128 bits of the HMAC, in hex."""

_keys: dict[Path, bytes] = {}


def folder_key(folder: Path, *, create: bool) -> bytes | None:
    """The saves folder's key: read (cached per process), or made when create and there is none;
    None when there is none or it cannot be read or made (the journal is then written without seals)."""
    key = _keys.get(folder)
    if key is not None:
        return key
    path = folder / KEY_NAME
    key = _read_key(path)
    if key is None and create:
        key = _make_key(path)
    if key is not None:
        _keys[folder] = key
    return key


def _read_key(path: Path) -> bytes | None:
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        data = os.read(fd, KEY_BYTES + 1)
    except OSError:
        return None
    finally:
        os.close(fd)
    return data if len(data) == KEY_BYTES else None


def _make_key(path: Path) -> bytes | None:
    """A new key, written whole and synced under a temporary name, then linked into place (a link
    never replaces a file: of two processes making it at once, one key wins and both use it)."""
    key = secrets.token_bytes(KEY_BYTES)
    temporary = path.with_name(f"{path.name}.{secrets.token_hex(8)}.tmp")
    try:
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o600)
        try:
            os.write(fd, key)
            os.fsync(fd)
        finally:
            os.close(fd)
        try:
            os.link(temporary, path)
        except FileExistsError:
            return _read_key(path)
        except OSError:  # no hard links here: an exclusive rename is not portable, a plain one is
            if os.path.lexists(path):
                return _read_key(path)
            os.replace(temporary, path)
        return key
    except OSError:
        return None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temporary)


def seal(key: bytes, chain: str) -> str:
    """The seal of a line whose chain value is `chain`, by this version of the game."""
    message = f"{__version__}\n{chain}".encode()
    return hmac.new(key, message, hashlib.sha256).hexdigest()[:SEAL_HEX]


def sealed(key: bytes | None, chain: str, value: str) -> bool:
    """Is value this folder's seal of chain, by this version of the game?"""
    return key is not None and bool(value) and hmac.compare_digest(seal(key, chain), value)
