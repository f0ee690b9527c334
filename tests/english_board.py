"""The board in English, for tests/test_i18n.py: run in its own interpreter (the screens' texts are made
when the app's modules are imported, in the language of that moment), it prints an SVG screenshot.

    python tests/english_board.py WIDTH HEIGHT [KEY ...]

Five players well into a game (the snapshots' mid-game position, with English names from the start),
then the keys.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from monopoly_tui import locale

locale.set_language("en")

from factory import make_state  # noqa: E402

from monopoly_tui.app import MonopolyApp  # noqa: E402
from monopoly_tui.app.board import BoardView  # noqa: E402
from monopoly_tui.app.game_screen import GameScreen  # noqa: E402
from monopoly_tui.boardfile import load_board  # noqa: E402

NAMES = ["Anna", "Boris", "Vera", "Gleb", "Dina"]


async def screenshot(width: int, height: int, keys: list[str]) -> str:
    """The game goes on from the mid-game position, its players named in English from the start: the
    board, the players, the prompt and the log all name the same five (none of them «Player 1»)."""
    BoardView.WALK_STEP = 0  # tokens stand where they are: no walk half-way at the moment of the picture
    app = MonopolyApp(load_board(), seed=42, autosave=False)
    async with app.run_test(size=(width, height)) as pilot:
        await pilot.pause()
        app.start_from_position(
            make_state(
                5,
                names=NAMES,
                positions={0: 39, 1: 10, 2: 24, 3: 24, 4: 24},
                owners={1: 0, 3: 0, 6: 1, 8: 1, 9: 1, 21: 2, 23: 2, 24: 2, 39: 3, 37: 3, 5: 4, 15: 4, 12: 0},
                buildings={1: 2, 3: 3, 6: 5, 8: 4, 9: 4, 21: 1, 23: 1, 24: 2},
                mortgaged=[39, 12],
                in_jail=[1],
                turn=2,
            )
        )
        for _ in range(200):
            if app.session is not None and app.screen is app.game_screen and app.screen.is_mounted:
                break
            await pilot.pause(0.05)
        assert isinstance(app.screen, GameScreen)
        await pilot.pause()
        await pilot.press(*keys)
        await pilot.pause()
        await pilot.wait_for_animation()
        return app.export_screenshot()


if __name__ == "__main__":
    width, height, *keys = sys.argv[1:]
    sys.stdout.write(asyncio.run(screenshot(int(width), int(height), keys)))
