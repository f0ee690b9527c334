"""App benchmark (`make bench` runs it): cold start to the first screen, and a key press to the redrawn
board, each beside a bare Textual app measured the same way. Prints figures; nothing here is a test.

Cold start: a fresh interpreter imports the app, starts it headless and stops as soon as the first
screen is shown (median of several runs). Key press: in a headless game, the time from sending a key
to the app being idle again with the board redrawn (median over a game's worth of moves), wall clock
(most of it the test pilot's own waiting) and the CPU time the process spent on it.
"""

from __future__ import annotations

import asyncio
import shlex
import statistics
import subprocess
import sys
import time

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Static

COLD_GAME = """
import time; t0 = time.perf_counter()
from monopoly_tui.boardfile import load_board
from monopoly_tui.app import MonopolyApp
class Timed(MonopolyApp):
    def on_mount(self):
        super().on_mount()
        self.call_after_refresh(self.stop)
    def stop(self):
        print(time.perf_counter() - t0); self.exit()
Timed(load_board()).run(headless=True)
"""

COLD_BARE = """
import time; t0 = time.perf_counter()
from textual.app import App
from textual.widgets import Static
class Bare(App):
    def compose(self):
        yield Static("Монополия")
    def on_mount(self):
        self.call_after_refresh(self.stop)
    def stop(self):
        print(time.perf_counter() - t0); self.exit()
Bare().run(headless=True)
"""


def cold_start(code: str, runs: int) -> float:
    times: list[float] = []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        times.append(float(out.stdout.strip().splitlines()[-1]))
    return statistics.median(times)


class BareApp(App[None]):
    """A bare Textual app that redraws one Static on a key press."""

    BINDINGS = [Binding("r", "bump", "bump")]

    def compose(self) -> ComposeResult:
        yield Static("0", id="counter")

    def action_bump(self) -> None:
        counter = self.query_one("#counter", Static)
        counter.update(str(int(str(counter.render())) + 1))


Presses = tuple[list[float], list[float]]
"""Wall-clock and CPU seconds of each key press."""


async def bare_presses(count: int) -> Presses:
    app = BareApp()
    wall: list[float] = []
    cpu: list[float] = []
    async with app.run_test(size=(120, 36)) as pilot:
        for _ in range(count):
            start, start_cpu = time.perf_counter(), time.process_time()
            await pilot.press("r")
            wall.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
    return wall, cpu


async def game_presses(count: int) -> Presses:
    from monopoly_tui.app import MonopolyApp
    from monopoly_tui.app.dialogs import HandoffScreen
    from monopoly_tui.app.game_screen import GameScreen
    from monopoly_tui.boardfile import load_board

    app = MonopolyApp(load_board(), seed=11)
    wall: list[float] = []
    cpu: list[float] = []
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("enter", "enter")
        while len(wall) < count:
            screen = app.screen
            if isinstance(screen, HandoffScreen):
                await pilot.press("enter")
                continue
            assert isinstance(screen, GameScreen)
            keys = [c.key for c in screen.prompt.choices]
            key = next((k for k in ("r", "n", "p", "e", "o", "x", "k", "y") if k in keys), keys[0])
            start, start_cpu = time.perf_counter(), time.process_time()
            await pilot.press(key)
            wall.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
    return wall, cpu


def main() -> None:
    print("$ python " + shlex.join(sys.argv))
    runs = 5
    print(f"Cold start to the first screen (median of {runs} fresh interpreters):")
    print(f"  monopoly-tui title screen: {cold_start(COLD_GAME, runs) * 1000:7.0f} ms")
    print(f"  bare Textual app:          {cold_start(COLD_BARE, runs) * 1000:7.0f} ms")
    presses = 200
    game, game_cpu = asyncio.run(game_presses(presses))
    bare, bare_cpu = asyncio.run(bare_presses(presses))
    print(f"Key press to redrawn screen (median of {presses} presses, headless, 120x36), wall / CPU:")
    print(
        f"  monopoly-tui board:        {statistics.median(game) * 1000:7.1f} ms"
        f" / {statistics.median(game_cpu) * 1000:5.1f} ms"
    )
    print(
        f"  bare Textual app:          {statistics.median(bare) * 1000:7.1f} ms"
        f" / {statistics.median(bare_cpu) * 1000:5.1f} ms"
    )


if __name__ == "__main__":
    main()
