"""The message catalogs: gettext catalogs that agree with each other, compiled, and read without Babel."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from monopoly_tui import locale, money
from monopoly_tui.locale import LANGUAGES, has, sync, tr


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


def test_russian_plural_forms_follow_the_number() -> None:
    forms = {n: tr("inspect.houses", count=n) for n in (1, 2, 4, 5, 11, 12, 21, 22, 25, 111)}
    assert forms == {
        1: "Построен 1 дом",
        2: "Построено 2 дома",
        4: "Построено 4 дома",
        5: "Построено 5 домов",
        11: "Построено 11 домов",
        12: "Построено 12 домов",
        21: "Построен 21 дом",
        22: "Построено 22 дома",
        25: "Построено 25 домов",
        111: "Построено 111 домов",
    }
    assert tr("trade.cards", count=1) == "1 карточка освобождения из тюрьмы"
    assert (
        tr("bankrupt.cards_to_player", count=2, name="Аня")
        == "2 карточки освобождения из тюрьмы получит игрок Аня."
    )


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("amount", [0, 7, 999, 1000, 60_000, 1_500_000, 1_000_000_000_000, -1500, -200_000])
def test_amounts_are_written_as_the_locale_writes_them(language: str, amount: int) -> None:
    """The catalogs' number format is CLDR's (through Babel): the groups and where the currency goes."""
    from babel import Locale, numbers

    pattern = Locale.parse(language).currency_formats["standard"].pattern.replace(".00", "")
    expected = numbers.format_currency(amount, "RUB", format=pattern, locale=language, currency_digits=False)
    expected = expected.replace(numbers.get_currency_symbol("RUB", language), "₽")
    previous = locale.language()
    locale.set_language(language)
    try:
        assert money.rubles(amount) == expected
        series = money.rubles_series([amount, amount]).replace(" / ", "")  # a line may break between two
        assert " " not in money.rubles(amount) + series + money.thousands(amount)
    finally:
        locale.set_language(previous)


def test_the_english_catalog_is_english() -> None:
    """No Russian word left in the English catalog (the Russian is in its comments only), but for the
    name of the Russian language, written in it for those who look for it («Language: Русский»)."""
    russian = {
        key: text
        for key, text in sync.messages("en").items()
        if re.search("[а-яё]", str(text).lower()) and key != "palette.language.ru"
    }
    assert russian == {}


def test_english_plural_forms() -> None:
    previous = locale.language()
    locale.set_language("en")
    try:
        assert [tr("inspect.houses", count=n) for n in (1, 2, 21)] == [
            "1 house built",
            "2 houses built",
            "21 houses built",
        ]
        assert tr("bankrupt.cards_to_deck", count=1) == "1 Get Out of Jail Free card goes back to its deck."
    finally:
        locale.set_language(previous)
