"""Every card of both decks as the centre shows it, at 80x24 (the compact layout, eight players),
120x36 and 160x50: a card that fits is shown whole; one that does not is cut after a whole word and ends
with «…» (never cut silently, never in the middle of a word or an amount). Run in its own interpreter
(the screens' texts are made in the language of the moment the app's modules are imported):

    python tests/card_panel.py ru|en

Prints one line per fault found (nothing when every card holds), then how many cards were cut.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from monopoly_tui import locale

locale.set_language(sys.argv[1] if len(sys.argv) > 1 else "ru")

from factory import make_state  # noqa: E402
from pilots import enter_game  # noqa: E402

from monopoly_tui.app import MonopolyApp  # noqa: E402
from monopoly_tui.app.prose import Prose  # noqa: E402
from monopoly_tui.boardfile import load_board  # noqa: E402
from monopoly_tui.engine.state import LastCard  # noqa: E402
from monopoly_tui.session import PLAYER_COLORS, PLAYER_TOKENS, Seat  # noqa: E402

SIZES = ((80, 24), (120, 36), (160, 50))
NAMES = tuple(f"P{n + 1}" for n in range(8))


def fault(full: str, shown: list[str], width: int) -> str | None:
    """What is wrong with the lines shown of the card's text `full` (None: nothing)."""
    if any(len(line) > width for line in shown):
        return f"a line wider than the panel ({width}): {shown}"
    words = full.split(" ")  # ordinary spaces only: an amount («200 000 ₽») is one word
    text = " ".join(shown)
    cut = text.endswith("…")
    seen = (text[:-1] if cut else text).split(" ")
    if seen == words and not cut:
        return None
    if cut and 0 < len(seen) < len(words) and seen == words[: len(seen)]:
        return None
    if not cut and seen == words[: len(seen)]:
        return f"cut without «…» after {len(seen)} of {len(words)} words: {shown}"
    return f"a word or an amount split, or the text changed: {shown}"


async def check(width: int, height: int) -> tuple[list[str], int]:
    app = MonopolyApp(load_board(), seed=42, autosave=False)
    faults: list[str] = []
    cut = 0
    async with app.run_test(size=(width, height)) as pilot:
        await enter_game(pilot)
        await pilot.pause()
        screen = app.screen
        assert app.session is not None
        app.session.seats = tuple(Seat(n, PLAYER_TOKENS[i], PLAYER_COLORS[i]) for i, n in enumerate(NAMES))
        for deck in ("chance", "community_chest"):
            for index, drawn in enumerate(app.session.state.board.deck(deck)):
                last = LastCard(deck, index, 0)
                app.session.state = make_state(8, names=NAMES, last_card=last, dice=(3, 4))
                screen.redraw()  # type: ignore[attr-defined]
                await pilot.pause()
                await pilot.pause()
                card = screen.query_one("#card", Prose)
                region = card.content_region
                shown = [card.render_line(y).text.rstrip() for y in range(region.height)]
                found = fault(card.text.plain, shown, region.width)
                if drawn.text not in card.text.plain:
                    found = f"the card's text is not in the panel's: {card.text.plain!r}"
                if found:
                    faults.append(f"{width}x{height} {drawn.id}: {found}")
                cut += shown[-1].endswith("…") if shown else 0
    return faults, cut


async def main() -> None:
    for width, height in SIZES:
        faults, cut = await check(width, height)
        for line in faults:
            print(line)
        print(f"{width}x{height}: cut {cut}")


if __name__ == "__main__":
    asyncio.run(main())
