"""The message catalogs: gettext catalogs that agree with each other, compiled, and read without Babel."""

from __future__ import annotations

import subprocess
import sys

from monopoly_tui.locale import has, sync, tr


def test_the_catalogs_agree_and_every_mo_is_compiled_from_its_po() -> None:
    """Every message in every catalog, with the same placeholders, plural forms complete, .mo up to date
    (`python -m monopoly_tui.locale.sync` fixes what it can and lists the rest)."""
    assert sync.problems() == []


def test_the_inboxes_are_moved_into_the_catalogs() -> None:
    """Messages added to ru.py / ru_saves.py are brought into the catalogs by the sync (the game finds them
    meanwhile, but they have no translation yet)."""
    waiting = {name: sorted(sync.read_dict(sync.FOLDER / name)) for name in sync.INBOXES}
    assert waiting == {name: [] for name in sync.INBOXES}, "run python -m monopoly_tui.locale.sync"


def test_a_message_is_its_template_filled_in() -> None:
    assert tr("event.bought", player="Аня", square="Арбат", amount="1 ₽") == "Аня покупает «Арбат» за 1 ₽."
    assert has("deck.chance") and not has("no.such.message")


def test_the_game_starts_without_babel() -> None:
    """Babel is the tools' library: the game reads the compiled catalogs with the standard gettext."""
    code = (
        "import sys, monopoly_tui.app, monopoly_tui.cli; from monopoly_tui.locale import tr; tr('app.title');"
        "print(sorted(m for m in sys.modules if m.startswith('babel')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
