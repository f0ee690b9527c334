"""The app in a real terminal (`make bench` runs it): cold start to the first screen, a key press to the
changed screen, and memory, each beside a bare Textual app measured the same way, as ratios.

The game is installed from a wheel (built from this checkout) into a scratch virtual environment with
the versions of constraints.txt, as a player would have it, not the editable install of .venv. Both apps
run in tmux panes of the same size; the screen is read with `tmux capture-pane -p -e` (text and colours)
and polled until it changes. The bare app shows one label and changes it on `r`.

- Cold start: from asking tmux to start the program to the first screen (our title screen's menu, the
  bare app's label) being on the pane; fresh processes, ours and the bare app's alternating.
- Key press: `r` (throw the dice) on our board in a two-person game, `r` on the bare app, alternating;
  from sending the key to the pane showing anything different. Between two throws the game is played on
  (buy, end the turn, hand over) with the screen let to settle, the walking token included.
- Memory: the resident set size of each process after its key presses.
- Processor time: for each key press, the time the program's threads ran on a processor from the key
  to the changed screen, and the time they waited for one (Linux's /proc/PID/task/*/schedstat). On a
  busy machine the wall clock is mostly waiting; the processor time still compares the two apps' work.

Prints figures; nothing here is a test. Skipped, saying why, where tmux is not installed.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

BARE_APP = '''
from textual.app import App
from textual.widgets import Static


class Bare(App):
    """A bare Textual app: one label, changed on r."""

    BINDINGS = [("r", "bump", "bump")]
    count = 0

    def compose(self):
        yield Static("Монополия 0", id="label")

    def action_bump(self):
        self.count += 1
        self.query_one("#label", Static).update(f"Монополия {self.count}")


Bare().run()
'''

OURS_READY = "Новая игра"
"""Text of our title screen's menu: the first screen is on."""
BARE_READY = "Монополия 0"

POLL = 0.001
"""Seconds between two looks at the pane."""
SETTLE = 0.4
"""A screen unchanged this long is taken as settled (a walking token moves every 0.09 s)."""


def run(*args: str | Path, cwd: Path | None = None) -> str:
    return subprocess.run([str(a) for a in args], capture_output=True, text=True, check=True, cwd=cwd).stdout


# --- the wheel and the scratch environment ---------------------------------------------------------


def wheel_venv(folder: Path) -> Path:
    """A virtual environment in `folder` with the game installed from a wheel of this checkout (its
    dependencies at the versions of constraints.txt); returns its python."""
    wheels = folder / "wheel"
    shutil.rmtree(wheels, ignore_errors=True)
    run(sys.executable, "-m", "pip", "wheel", ROOT, "--no-deps", "--no-build-isolation", "-q", "-w", wheels)
    (wheel,) = wheels.glob("monopoly_tui-*.whl")
    venv = folder / "venv"
    python = venv / "bin" / "python"
    if not python.exists():
        run(sys.executable, "-m", "venv", venv)
    constraints = ROOT / "constraints.txt"
    pip = (python, "-m", "pip", "install", "-q", "--disable-pip-version-check", "-c", constraints)
    run(*pip, wheel)
    run(*pip, "--no-deps", "--force-reinstall", wheel)  # the same version number, this build of it
    where = run(python, "-c", "import monopoly_tui; print(monopoly_tui.__file__)", cwd=folder).strip()
    if not where.startswith(str(venv)):
        raise SystemExit(f"monopoly_tui comes from {where}, not from the wheel in {venv}")
    return python


# --- tmux --------------------------------------------------------------------------------------------


class Pane:
    """A tmux window of its own server, sized width x height, running one program at a time."""

    def __init__(self, server: str, name: str, width: int, height: int, folder: Path) -> None:
        """`folder`: the programs' working directory (not the checkout: `python -m monopoly_tui` would
        import the checkout's sources from there instead of the installed wheel)."""
        self.server, self.name, self.folder = server, name, folder
        self._pid: int | None = None
        """The program running now (None: not looked up since it was started)."""
        size = ("-x", str(width), "-y", str(height))
        self.tmux("new-session", "-d", "-s", name, "-c", str(folder), *size, "sleep 100000")
        self.tmux("set-option", "-t", name, "status", "off")

    def tmux(self, *args: str) -> str:
        return run("tmux", "-L", self.server, "-f", "/dev/null", *args)

    def start(self, command: list[str]) -> float:
        """Start the program (killing the one running); returns the time it was asked for."""
        started = time.perf_counter()
        self.tmux("respawn-pane", "-k", "-c", str(self.folder), "-t", self.name, shlex.join(command))
        self._pid = None
        return started

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-e", "-t", self.name)

    def text(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", self.name)

    def pid(self) -> int:
        if self._pid is None:
            self._pid = int(self.tmux("display-message", "-p", "-t", self.name, "#{pane_pid}").strip())
        return self._pid

    def wait_for(self, done: Callable[[str], bool], timeout: float = 30.0) -> float:
        """Poll the screen until done(screen); returns when that was first seen."""
        limit = time.perf_counter() + timeout
        while time.perf_counter() < limit:
            screen = self.screen()
            if done(screen):
                return time.perf_counter()
            time.sleep(POLL)
        raise SystemExit(f"{self.name}: the screen did not come within {timeout} s:\n{self.text()}")

    def press(self, key: str) -> float:
        """Send a key to a settled screen; seconds until the screen changed."""
        return self.timed_press(key)[0]

    def timed_press(self, key: str) -> tuple[float, float, float]:
        """Send a key to a settled screen: seconds until the screen changed, and of those the seconds the
        program ran on a processor and waited for one."""
        before = self.screen()
        ran, waited = self.cpu()
        started = time.perf_counter()
        self.tmux("send-keys", "-t", self.name, key)
        seconds = self.wait_for(lambda screen: screen != before) - started
        ran_after, waited_after = self.cpu()
        return seconds, ran_after - ran, waited_after - waited

    def cpu(self) -> tuple[float, float]:
        """Seconds the pane's program (all its threads) has run on a processor and has waited for one."""
        ran = waited = 0
        for task in Path(f"/proc/{self.pid()}/task").iterdir():
            try:
                fields = (task / "schedstat").read_text().split()
            except OSError:  # a thread that ended meanwhile
                continue
            ran, waited = ran + int(fields[0]), waited + int(fields[1])
        return ran / 1e9, waited / 1e9

    def settle(self) -> str:
        """Wait until the screen stays the same for SETTLE seconds; returns its text."""
        last, since = self.screen(), time.perf_counter()
        while time.perf_counter() - since < SETTLE:
            time.sleep(0.02)
            screen = self.screen()
            if screen != last:
                last, since = screen, time.perf_counter()
        return self.text()

    def rss(self) -> int:
        """Resident set size of the pane's program, in kB."""
        for line in Path(f"/proc/{self.pid()}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        raise SystemExit("no VmRSS")


# --- playing on between two throws ------------------------------------------------------------------

FOOTER_KEY = re.compile(r"(?:^\s?|\s\s)(\S{1,5})\s{1,2}\S")
"""A key of the game's footer: « r  Бросить кубики   m  …», or closer where it is long, «r Бросить  m …»."""
PLAY_ON = ("b", "e", "p", "o", "f", "y", "k", "n")
"""Keys that play a two-person game on to the next throw: buy, end the turn, pass an auction, pay a debt,
pay the jail fine, accept, keep a mortgage, decline to buy (when the money is short)."""


def footer_keys(text: str) -> list[str]:
    lines = [line for line in text.splitlines() if line.strip()]
    return FOOTER_KEY.findall(lines[-1]) if lines else []


def to_next_throw(pane: Pane, limit: int = 40) -> None:
    """Play on (unmeasured) until the board offers `r` and nothing moves."""
    for _ in range(limit):
        text = pane.settle()
        if "Ход переходит к" in text or "Передайте ноутбук" in text:
            pane.press("Enter")
            continue
        keys = footer_keys(text)
        if "r" in keys:
            return
        key = next((k for k in PLAY_ON if k in keys), None)
        if key is None:  # not the board yet (a busy machine may take a while to open it)
            time.sleep(0.5)
            continue
        pane.press(key)
    raise SystemExit(f"the game did not come back to a throw; the screen:\n{pane.text()}")


# --- the measurements -------------------------------------------------------------------------------


Commands = tuple[list[str], list[str]]
"""How to start ours and the bare app."""
Pair = tuple[list[float], list[float]]
"""Seconds measured on ours and on the bare app, alternating."""


def showing(text: str) -> Callable[[str], bool]:
    return lambda screen: text in screen


def cold_starts(ours: Pane, bare: Pane, commands: Commands, runs: int) -> Pair:
    times: Pair = ([], [])
    for _ in range(runs):
        for pane, command, ready, out in (
            (ours, commands[0], OURS_READY, times[0]),
            (bare, commands[1], BARE_READY, times[1]),
        ):
            started = pane.start(command)
            out.append(pane.wait_for(showing(ready)) - started)
            pane.start(["sleep", "100000"])
            time.sleep(0.3)
    return times


def key_presses(
    ours: Pane, bare: Pane, commands: Commands, count: int
) -> tuple[Pair, Pair, Pair, tuple[int, int]]:
    """Alternating throws on our board and presses of r on the bare app: the seconds to the changed
    screen, of the processor and waiting for it; then each one's memory."""
    ours.start(commands[0])
    ours.wait_for(showing(OURS_READY))
    ours.settle()
    ours.press("Enter")  # «Новая игра»
    ours.wait_for(showing("Начать игру"))
    ours.settle()
    ours.press("C-s")  # start with the two players of setup
    bare.start(commands[1])
    bare.wait_for(showing(BARE_READY))
    times: Pair = ([], [])
    ran: Pair = ([], [])
    waited: Pair = ([], [])
    for _ in range(count):
        to_next_throw(ours)
        bare.settle()
        for side, pane in enumerate((ours, bare)):
            seconds, on_cpu, queued = pane.timed_press("r")
            times[side].append(seconds)
            ran[side].append(on_cpu)
            waited[side].append(queued)
    ours.settle()
    rss = ours.rss(), bare.rss()
    for pane in (ours, bare):
        pane.start(["sleep", "100000"])
    return times, ran, waited, rss


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=9, help="cold starts of each app (default 9)")
    parser.add_argument("--presses", type=int, default=40, help="throws of the dice on each (default 40)")
    parser.add_argument("--size", default="120x36", help="the terminal, WIDTHxHEIGHT (default 120x36)")
    parser.add_argument(
        "--python",
        help="the python of an environment with the game installed"
        " (default: build a wheel and install it into build/bench-terminal)",
    )
    args = parser.parse_args()
    print("$ python " + shlex.join(sys.argv))
    if shutil.which("tmux") is None:
        print("skipped: tmux is not installed (apt-get install tmux); this benchmark needs a real terminal")
        return
    width, height = (int(n) for n in args.size.lower().split("x"))
    python = Path(args.python) if args.python else wheel_venv(ROOT / "build" / "bench-terminal")
    with tempfile.TemporaryDirectory(prefix="monopoly-bench-") as scratch:
        folder = Path(scratch)
        (folder / "bare.py").write_text(BARE_APP, encoding="utf-8")
        env = [
            "env",
            "TERM=xterm-256color",
            "COLORTERM=truecolor",
            f"MONOPOLY_TUI_DATA_DIR={folder / 'data'}",
            f"MONOPOLY_TUI_CONFIG_DIR={folder / 'config'}",
        ]
        commands = (
            [*env, str(python), "-m", "monopoly_tui"],
            [*env, str(python), str(folder / "bare.py")],
        )
        server = f"monopoly-bench-{os.getpid()}"
        ours, bare = (Pane(server, name, width, height, folder) for name in ("ours", "bare"))
        try:
            starts = cold_starts(ours, bare, commands, args.runs)
            keys, ran, waited, rss = key_presses(ours, bare, commands, args.presses)
        finally:
            subprocess.run(["tmux", "-L", server, "kill-server"], check=False, capture_output=True)
    (ours_start, bare_start), (ours_key, bare_key) = starts, keys
    print(
        f"In tmux at {width}x{height}, installed from a wheel ({python}), ours and the bare app alternating:"
    )
    for what, count, ours_times, bare_times, unit in (
        ("cold start to the first screen", args.runs, ours_start, bare_start, "s"),
        ("key r to the changed screen", args.presses, ours_key, bare_key, "ms"),
    ):
        scale = 1 if unit == "s" else 1000
        a, b = statistics.median(ours_times), statistics.median(bare_times)
        print(
            f"  {what:31} median of {count:3}: {a * scale:7.2f} {unit:2} vs {b * scale:7.2f} {unit:2}"
            f"   ratio {a / b:.2f}   (ours {min(ours_times) * scale:.2f}..{max(ours_times) * scale:.2f},"
            f" bare {min(bare_times) * scale:.2f}..{max(bare_times) * scale:.2f})"
        )
    for what, pair in (("of it on a processor", ran), ("of it waiting for one", waited)):
        a, b = statistics.median(pair[0]), statistics.median(pair[1])
        ratio = f"   ratio {a / b:.2f}" if b > 0 else ""
        print(f"    {what:29} median of {args.presses:3}: {a * 1000:7.2f} ms vs {b * 1000:7.2f} ms{ratio}")
    print(
        f"  {'memory (RSS) after the presses':45}: {rss[0] / 1024:7.1f} MB vs {rss[1] / 1024:7.1f} MB"
        f"   ratio {rss[0] / rss[1]:.2f}"
    )
    load = os.getloadavg()
    print(f"  (load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} on {os.cpu_count()} cores)")


if __name__ == "__main__":
    main()
