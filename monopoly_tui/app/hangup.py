"""A signalled app's bounded exit.

A closed window sends SIGHUP and may take the terminal away while Textual is still writing to it:
Textual's writer thread stops at the first failed write, its queue of writes then fills, and exiting
waits on that queue for ever. The process stayed behind, holding its game's lock, when a window closed
as the game started (tmux's `respawn-pane -k` half a second after the start did it every time). Every
action is saved as it happens, so a process that has had HANG_UP_GRACE seconds to exit the ordinary
way ends without it, with the signal's exit status.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import threading
import time
from typing import Protocol


class Exits(Protocol):
    def exit(self) -> None: ...


HANG_UP_GRACE = 3.0
"""Seconds a signalled app has to exit the ordinary way before its process ends without it."""


def listen_for_hang_up(app: Exits) -> None:
    """SIGTERM and SIGHUP (the window closed) end the app as Ctrl+Q does (every action is saved as it
    happens: the app only has to exit), within the grace."""
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGHUP):
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(sig, signalled, app, sig)


def signalled(app: Exits, sig: int) -> None:
    end_after_grace(128 + sig)
    app.exit()


def end_after_grace(status: int, seconds: float = HANG_UP_GRACE) -> None:
    """End the process with `status` in `seconds` unless it has ended by then (a daemon thread)."""
    threading.Thread(target=_end_after, args=(seconds, status), daemon=True, name="hang-up").start()


def _end_after(seconds: float, status: int) -> None:
    time.sleep(seconds)
    os._exit(status)
