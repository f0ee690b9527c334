"""Where a throw's processor time goes: a headless two-person game at a terminal size, the key `r`
pressed again and again as bench_terminal.py presses it (played on between throws, the walking token let
to finish), each throw timed from the key to the first screen update written, under cProfile with
`--profile`. Headless Textual computes each screen update but does not turn it into the terminal's
bytes; here it does (the update's `render_segments`, what a terminal driver writes), so the work is the
work of a real terminal's throw. Prints figures; nothing here is a test.

    .venv/bin/python benchmarks/profile_throw.py --throws 30 [--profile] [--size 120x36]
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import pstats
import statistics
import sys
import tempfile
import time
from typing import Any

AFTER = 0.06
"""Seconds a throw is measured after its key (a walking token's first step comes at 0.09 s)."""
PLAY_ON = ("b", "e", "p", "o", "f", "y", "k", "n")
"""As bench_terminal.py: the keys that play a two-person game on to the next throw."""


async def throws(
    count: int,
    size: tuple[int, int],
    profiler: cProfile.Profile | None,
    window: Any = None,
    first_only: bool = False,
) -> dict[str, Any]:
    """`window(True)` is called as each throw's key is sent, `window(False)` once it is measured; with
    `first_only` the profiler stops at the first update written (what bench_terminal.py's key waits for)."""
    from textual._compositor import CompositorUpdate
    from textual._styles_cache import StylesCache
    from textual.app import App
    from textual.widget import Widget

    from monopoly_tui.app import MonopolyApp
    from monopoly_tui.app.board import BoardView
    from monopoly_tui.app.dialogs import HandoffScreen
    from monopoly_tui.app.game_screen import GameScreen
    from monopoly_tui.boardfile import load_board

    written: list[tuple[float, int]] = []
    """(processor time, characters) of each screen update written."""
    display = App._display

    def _display(self: App[Any], screen: Any, renderable: Any) -> None:
        if isinstance(renderable, CompositorUpdate) and not self._batch_count:
            size = len(renderable.render_segments(self.console))
            if first_only and profiler is not None and not written:
                profiler.disable()
            written.append((time.process_time(), size))
        display(self, screen, renderable)

    App._display = _display  # type: ignore[method-assign]
    counts = {"widgets asked": 0, "lines rendered": 0, "restyles": 0}
    """In the throws' windows: widgets asked for their lines (`Widget.render_lines`, not counting
    blank ones), and lines worked
    out afresh (Textual's styles cache; a look inside Textual, for this count only): figures that do not
    move with the machine's load; and the widgets restyled (`App.update_styles`)."""
    render_lines, render_line = Widget.render_lines, StylesCache.render_line

    def _render_lines(self: Widget, crop: Any) -> Any:
        if measuring and not self.BLANK:
            counts["widgets asked"] += 1
        return render_lines(self, crop)

    def _render_line(self: StylesCache, *args: Any, **kwargs: Any) -> Any:
        if measuring:
            counts["lines rendered"] += 1
        return render_line(self, *args, **kwargs)

    update_styles = App.update_styles

    def _update_styles(self: App[Any], *args: Any, **kwargs: Any) -> None:
        if measuring:
            counts["restyles"] += 1
        update_styles(self, *args, **kwargs)

    App.update_styles = _update_styles  # type: ignore[method-assign]
    Widget.render_lines = _render_lines  # type: ignore[method-assign]
    StylesCache.render_line = _render_line  # type: ignore[method-assign]
    measuring = False
    app = MonopolyApp(load_board(), seed=11)
    cpu: list[float] = []
    first: list[float] = []
    chars: list[int] = []
    frames: list[int] = []
    async with app.run_test(size=size) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("ctrl+s")
        while len(cpu) < count:
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, HandoffScreen):
                await pilot.press("enter")
                continue
            if not isinstance(screen, GameScreen):
                await pilot.pause(0.05)
                continue
            board = screen.query_one(BoardView)
            while board.walking:
                await pilot.pause(0.05)
            await pilot.pause(0.05)
            keys = [c.key for c in screen.prompt.choices]
            if "r" not in keys:
                await pilot.press(next((k for k in PLAY_ON if k in keys), keys[0]))
                continue
            written.clear()
            start = time.process_time()
            if window is not None:
                window(True)
            measuring = True
            if profiler is not None:
                profiler.enable()
            app.post_message(_key("r"))
            while not written:
                await asyncio.sleep(0)
            first.append(written[0][0] - start)
            await asyncio.sleep(AFTER)  # the rest of the throw's work, before the token's first step
            if profiler is not None and not first_only:
                profiler.disable()
            measuring = False
            if window is not None:
                window(False)
            cpu.append(time.process_time() - start)
            chars.append(sum(size for _, size in written))
            frames.append(len(written))
    App._display = display  # type: ignore[method-assign]
    Widget.render_lines = render_lines  # type: ignore[method-assign]
    App.update_styles = update_styles  # type: ignore[method-assign]
    StylesCache.render_line = render_line  # type: ignore[method-assign]
    per_throw = {what: count / max(1, len(cpu)) for what, count in counts.items()}
    return {"cpu": cpu, "first": first, "chars": chars, "frames": frames, "counts": per_throw}


def _key(key: str) -> Any:
    from textual import events

    return events.Key(key, key)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--throws", type=int, default=30)
    parser.add_argument("--size", default="120x36")
    parser.add_argument("--profile", action="store_true", help="cProfile the throws, print the top")
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument(
        "--first", action="store_true", help="profile only from the key to the first update written"
    )
    parser.add_argument("--dump", help="write the profile's statistics to this file (pstats)")
    args = parser.parse_args()
    width, height = (int(n) for n in args.size.lower().split("x"))
    scratch = tempfile.mkdtemp(prefix="monopoly-profile-")
    os.environ.setdefault("MONOPOLY_TUI_DATA_DIR", os.path.join(scratch, "data"))
    os.environ.setdefault("MONOPOLY_TUI_CONFIG_DIR", os.path.join(scratch, "config"))
    profiler = cProfile.Profile() if args.profile else None
    result = asyncio.run(throws(args.throws, (width, height), profiler, first_only=args.first))
    cpu, first = result["cpu"], result["first"]
    print("$ python " + " ".join(sys.argv))
    print(f"{len(cpu)} throws at {width}x{height}, processor time, median (min..max):")
    for what, times in (("key to the first update written", first), (f"key to {AFTER} s after", cpu)):
        print(
            f"  {what:34} {statistics.median(times) * 1000:6.2f} ms"
            f" ({min(times) * 1000:.2f}..{max(times) * 1000:.2f})"
        )
    print(
        f"  updates written in those {AFTER} s: median {statistics.median(result['frames']):.0f},"
        f" characters median {statistics.median(result['chars']):.0f}"
    )
    print("  per throw: " + ", ".join(f"{what} {n:.1f}" for what, n in result["counts"].items()))
    if profiler is not None:
        if args.dump:
            profiler.dump_stats(args.dump)
        stats = pstats.Stats(profiler)
        stats.sort_stats("cumulative").print_stats(args.top)
        stats.sort_stats("tottime").print_stats(args.top)


if __name__ == "__main__":
    main()
