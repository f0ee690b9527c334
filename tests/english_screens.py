"""Every prompt of a full table and the screens beside the board, in English, checked as
tests/test_app_fit.py checks the Russian ones, and for any Cyrillic letter: run in its own interpreter
(the screens' texts are made when the app's modules are imported, in the language of that moment).

    python tests/english_screens.py

Prints one line per fault found (nothing when every screen holds).
"""

from __future__ import annotations

import asyncio
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from monopoly_tui import locale

locale.set_language("en")

import table  # noqa: E402
from screen_check import faults, read_screen  # noqa: E402

from monopoly_tui.app import MonopolyApp  # noqa: E402
from monopoly_tui.boardfile import load_board  # noqa: E402

NAMES = (
    "Anastasia Ilyina",
    "Vladislav Orlov",
    "Ekaterina Belova",
    "Svyatoslav Grom",
    "Yaroslava Zayets",
    "Mstislav Krylov",
    "Lyudmila Fyodor",
    "Stanislav Popov",
)
SIZES = [(80, 24), (120, 36)]
CYRILLIC = re.compile(r"[А-Яа-яЁё]+")
KEYS = [["l"], ["m"], ["t"], ["question_mark"]]
"""From the first phase: the inspector, the manage screen, the trade composer, the rules."""


async def check(name: str, keys: list[str], found: list[str]) -> None:
    """One phase of the late game (English names), then the keys, at every size."""
    table.LONG_NAMES = NAMES  # type: ignore[misc]
    state = table.phases()[name]
    app = MonopolyApp(load_board(), position=state, autosave=False)
    async with app.run_test(size=SIZES[0]) as pilot:
        await pilot.pause()
        await pilot.press(*keys)
        for size in SIZES:
            await pilot.resize_terminal(*size)
            await pilot.pause()
            screen = read_screen(app)
            where = f"{name} {' '.join(keys)} {size[0]}x{size[1]}"
            found += [f"{where}: {fault}" for fault in faults(screen)]
            found += [f"{where}: Russian {word!r}" for word in CYRILLIC.findall(screen.text())]


async def main() -> list[str]:
    found: list[str] = []
    for name in table.phases():
        await check(name, [], found)
    for keys in KEYS:
        await check("roll", keys, found)
    return found


if __name__ == "__main__":
    for line in asyncio.run(main()):
        print(line)
