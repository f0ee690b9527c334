"""The last card drawn in the centre's panel, which never grows (the compact layout has no room to
spare under eight players): a card that fits is shown whole, one that does not is cut after a whole word
and ends with «…» (the log holds it whole). Every card of both decks, in both languages, at 80x24,
120x36 and 160x50 (in its own interpreter: see tests/card_panel.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from rich.text import Text

from monopoly_tui.app.card import cut_card
from monopoly_tui.app.prose import wrap_prose
from monopoly_tui.money import rubles


@pytest.mark.parametrize(("language", "cut"), [("ru", 4), ("en", 3)])
def test_every_card_is_shown_whole_or_cut_after_a_word_with_a_mark(language: str, cut: int) -> None:
    """At 80x24 the railway and utility cards (and, in Russian, the chest's jail card) are longer than
    three lines: they end with «…»; every other card, and every card at the larger sizes, is whole."""
    script = Path(__file__).resolve().parent / "card_panel.py"
    run = subprocess.run([sys.executable, str(script), language], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.splitlines() == [f"80x24: cut {cut}", "120x36: cut 0", "160x50: cut 0"]


def test_a_cut_card_never_splits_an_amount_to_make_room_for_the_mark() -> None:
    """The last line full to the edge with an amount: the whole amount gives way to «…»."""
    amount = rubles(200_000)
    text = Text(f"Получите {amount} сейчас же, и ещё раз потом")
    width = len(f"Получите {amount}")
    lines = wrap_prose(text, width)
    assert lines[0].plain == f"Получите {amount}"
    assert [line.plain for line in cut_card(lines, width, 1)] == ["Получите…"]
    assert [line.plain for line in cut_card(lines, width, 2)] == [f"Получите {amount}", "сейчас же, и ещё…"]
    assert cut_card(lines, width, len(lines)) == lines  # it fits: whole
