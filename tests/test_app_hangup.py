"""A window closed as the game starts: the process ends. It stayed behind for ever, holding its game's
lock, when tmux closed its pane half a second after the start (`respawn-pane -k`): Textual's writer
thread had stopped at a failed write, its queue filled, and the exit waited on the queue. A signalled
app now has HANG_UP_GRACE seconds to exit the ordinary way; then its process ends without it."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest

STUCK = """
import queue
from monopoly_tui.app.hangup import end_after_grace
end_after_grace(129, 0.3)
stuck = queue.Queue(1)
stuck.put(None)
stuck.put(None)  # as Textual's exit waits on its writer's full queue: for ever
"""


def test_a_process_stuck_in_its_exit_ends_after_the_grace_with_the_signals_status() -> None:
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-c", STUCK], capture_output=True, text=True, timeout=60)
    assert done.returncode == 129, done.stderr
    assert time.monotonic() - started < 30


async def test_a_hang_up_ends_the_app_by_the_bounded_exit(monkeypatch: pytest.MonkeyPatch) -> None:
    """SIGHUP (and SIGTERM) reach `signalled`, which sets the bounded exit going with 128 + the signal
    and exits the app as Ctrl+Q does."""
    from monopoly_tui.app import MonopolyApp, hangup
    from monopoly_tui.boardfile import load_board

    asked: list[int] = []
    monkeypatch.setattr(hangup, "end_after_grace", asked.append)
    app = MonopolyApp(load_board(), seed=42, autosave=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        assert app.is_running
        hangup.signalled(app, signal.SIGHUP)
        await pilot.pause()
        assert asked == [128 + signal.SIGHUP] and not app.is_running
