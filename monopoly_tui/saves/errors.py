"""Why a save cannot be read, written or deleted: SaveError (Russian for players, English for developers)."""

from __future__ import annotations

import errno
from pathlib import Path

from .. import locale as _catalog
from ..locale import ru_saves


def message(key: str, **values: object) -> str:
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


def error(code: str, text: str, path: Path | None, **values: object) -> SaveError:
    """A SaveError with the catalog's reason `save.error.<code>` (values fill its placeholders)."""
    number = values.get("number")
    return SaveError(
        text,
        code=f"save.error.{code}",
        reason=message(f"save.error.{code}", **values),
        path=path,
        action_number=number if isinstance(number, int) else None,
    )


def os_detail(exc: OSError) -> str:
    """A short Russian description of an OS error (for write and delete failures)."""
    if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return message("save.os.no_space")
    if isinstance(exc, PermissionError):
        return message("save.os.permission")
    if exc.errno == errno.EROFS:
        return message("save.os.read_only")
    if exc.errno in (errno.ENOTDIR, errno.EEXIST):
        return message("save.os.not_a_folder")
    return message("save.os.other")
