"""Cold start to the first screen in machine instructions, counted by valgrind: ours beside a bare Textual
app, steady on a busy machine where bench_terminal.py's wall clock is noise.

    python benchmarks/bench_start.py [--python PY ...] [--runs 1]

Each app runs in a pseudo-terminal of 120x36 with Textual's own Linux driver (as in a terminal) and ends
itself at its first write to the terminal that holds its ready text (our title screen's «Новая игра», the
bare app's label, the same app as bench_terminal.py's): the count is everything from the interpreter's
start to the first screen. PY: the python of an environment with the game installed (default: this one;
bench_terminal.py builds one from a wheel in build/bench-terminal, which is what a player runs: an
editable install adds its import hook's work). Needs valgrind (`apt-get install valgrind`); about half a
minute a run.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import re
import select
import shutil
import statistics
import struct
import sys
import tempfile
import termios
from pathlib import Path

from bench_terminal import BARE_APP, BARE_READY, OURS_READY

CHILD = """
import os, re, sys
ready, what = sys.argv[1], sys.argv[2]
escape = re.compile(r"\\x1b\\[[0-9;?<>=]*[ -/]*[@-~]|\\x1b[()][A-Za-z0-9]|\\x1b[=>]")
from textual.drivers import linux_driver
write = linux_driver.LinuxDriver.write
def first_screen(self, data):
    write(self, data)
    if ready in escape.sub("", data):
        os._exit(0)
linux_driver.LinuxDriver.write = first_screen
if what == "ours":
    sys.argv = ["monopoly-tui"]
    from monopoly_tui.cli import main
    sys.exit(main())
exec(compile(open(what, encoding="utf-8").read(), what, "exec"))
"""
"""Runs one app (`ours`, or the path of the bare app's script) and ends it at its first screen."""


def instructions(python: str, what: str, ready: str, folder: Path) -> int:
    """Instructions from the start of `python` running `what` to its first screen."""
    (folder / "child.py").write_text(CHILD, encoding="utf-8")
    log = folder / "valgrind.txt"
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
    command += [f"--log-file={log}", python, str(folder / "child.py"), ready, what]
    env = {
        **os.environ,
        "PYTHONHASHSEED": "0",
        "TERM": "xterm-256color",
        "COLORTERM": "truecolor",
        "MONOPOLY_TUI_DATA_DIR": str(folder / "data"),
        "MONOPOLY_TUI_CONFIG_DIR": str(folder / "config"),
    }
    pid, terminal = pty.fork()
    if pid == 0:  # the child: in the scratch folder, so that no checkout's sources are imported
        os.chdir(folder)
        os.execvpe(command[0], command, env)
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 36, 120, 0, 0))
    while True:  # read what the app writes until it ends
        try:
            readable, _, _ = select.select([terminal], [], [], 300)
            if not readable or not os.read(terminal, 65536):
                break
        except OSError:  # the child closed the terminal
            break
    _, status = os.waitpid(pid, 0)
    found = re.search(r"I\s+refs:\s+([\d,]+)", log.read_text()) if log.exists() else None
    if status != 0 or found is None:
        raise SystemExit(f"{python} {what}: no first screen (exit status {status})")
    return int(found.group(1).replace(",", ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python", nargs="+", default=[sys.executable], help="environments to measure")
    parser.add_argument(
        "--runs", type=int, default=1, help="starts of each app (default 1: counts are steady)"
    )
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        print("skipped: valgrind is not installed (apt-get install valgrind)")
        return
    with tempfile.TemporaryDirectory(prefix="monopoly-start-") as scratch:
        folder = Path(scratch)
        bare = folder / "bare.py"
        bare.write_text(BARE_APP, encoding="utf-8")
        print(
            "Instructions from the interpreter's start to the first screen, in a 120x36 pseudo-terminal:",
            flush=True,
        )
        for python in (str(Path(p).absolute()) for p in args.python):  # the apps run in the scratch folder
            ours = [instructions(python, "ours", OURS_READY, folder) for _ in range(args.runs)]
            theirs = [instructions(python, str(bare), BARE_READY, folder) for _ in range(args.runs)]
            a, b = statistics.median(ours), statistics.median(theirs)
            print(
                f"  {python}: {a / 1e6:7.1f} M vs the bare app's {b / 1e6:7.1f} M"
                f"   ratio {a / b:.3f}   (ours over the bare app: {(a - b) / 1e6:.1f} M)"
            )


if __name__ == "__main__":
    main()
