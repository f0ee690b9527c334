"""A crash is written to a log file and named in one line, instead of a wall of traceback in the terminal."""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import platformdirs

DATA_DIR_ENV = "MONOPOLY_TUI_DATA_DIR"


def logs_dir() -> Path:
    """<MONOPOLY_TUI_DATA_DIR>/logs when that is set, else the platform's user log folder."""
    folder = os.environ.get(DATA_DIR_ENV)
    if folder:
        return Path(folder) / "logs"
    return platformdirs.user_log_path("monopoly-tui", appauthor=False)


def write_crash_log(text: str) -> Path:
    """Write the traceback to a new crash-<time>.log (in the temporary folder if the log folder cannot be
    written) and return its path."""
    name = time.strftime("crash-%Y%m%d-%H%M%S") + f"-{os.getpid()}.log"
    for folder in (logs_dir(), Path(tempfile.gettempdir())):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / name
            path.write_text(text, encoding="utf-8")
        except OSError:
            continue
        return path
    raise OSError("no folder to write the crash log in")


def report_crash(text: str, message: Callable[[str], str]) -> None:
    """One line on stderr, `message(path)`, naming the log file that holds the traceback (where no file
    can be written at all, the traceback itself goes to stderr)."""
    try:
        path = str(write_crash_log(text))
    except OSError:
        sys.stderr.write(text)
        path = "—"
    print(f"monopoly-tui: {message(path)}", file=sys.stderr)
