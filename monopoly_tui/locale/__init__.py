"""Message catalogs: every text a player reads comes from here, in Russian (the default) or English.

    tr("event.bought", player="Аня", square="Улица Арбат", amount="400 000 ₽")
    tr("inspect.houses", count=3)          # a plural message: its form chosen by `count`

The catalogs are gettext catalogs, one per language: `<lang>/LC_MESSAGES/monopoly_tui.po` beside this
file (the source, edited by hand or with `python -m monopoly_tui.locale.sync`) and the `.mo` compiled
from it (committed; a test checks it is up to date). The msgid is the message's key, the msgstr its
str.format template; a plural message has msgid_plural equal to its key and its forms chosen by the
integer `count` with the language's gettext plural rule. At run time the stdlib `gettext` reads the `.mo`
(Babel, which the tools use, stays off the start path). English falls back to Russian for a message
it lacks (a test checks it lacks none).

Messages added since the last sync sit in the Russian inboxes (`ru.py`, `ru_saves.py`, dicts shaped like
the catalogs of old); they are found after the catalog, until the sync moves them in.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Mapping
from pathlib import Path

from . import ru, ru_saves

DOMAIN = "monopoly_tui"
LANGUAGES = ("ru", "en")
"""The languages with a catalog; the first is the default."""
DEFAULT_LANGUAGE = LANGUAGES[0]
FOLDER = Path(__file__).resolve().parent

_INBOX: dict[str, str] = {**ru.MESSAGES, **ru_saves.MESSAGES}
_NOT_PLURAL = "\x00not plural"
_translations: dict[str, gettext.NullTranslations] = {}
_language: str | None = None
"""The language chosen by set_language; None until then (the first message chooses one: see language())."""
_current: gettext.NullTranslations | None = None
"""The current language's catalog, read at the first message asked for."""
_singular: dict[str, str] = {}
"""The current language's templates of the messages looked up so far."""
_plural: set[str] = set()
"""The current language's plural messages looked up so far."""


def translations(language: str) -> gettext.NullTranslations:
    """The compiled catalog of `language` (English with Russian as its fallback)."""
    if language not in LANGUAGES:
        raise ValueError(f"no message catalog for {language!r}; have {sorted(LANGUAGES)}")
    found = _translations.get(language)
    if found is None:
        with (FOLDER / language / "LC_MESSAGES" / f"{DOMAIN}.mo").open("rb") as handle:
            found = gettext.GNUTranslations(handle)
        if language != DEFAULT_LANGUAGE:
            found.add_fallback(translations(DEFAULT_LANGUAGE))
        _translations[language] = found
    return found


def set_language(language: str) -> None:
    """Make `language` the one every later tr() speaks (a ValueError for a language without a catalog)."""
    global _language, _current
    _current = translations(language)
    _language = language
    _singular.clear()
    _plural.clear()


def language() -> str:
    """The language messages are in: the one set (the command line's --lang), else the settings file's,
    else the environment's (LC_ALL, LC_MESSAGES, LANG), else Russian."""
    global _language
    if _language is None:
        _language = initial_language()
    return _language


def initial_language(environ: Mapping[str, str] = os.environ) -> str:
    from ..config import language_setting

    return language_setting() or language_from_environment(environ) or DEFAULT_LANGUAGE


def language_from_environment(environ: Mapping[str, str]) -> str | None:
    """The language of the POSIX locale for messages (the first set of LC_ALL, LC_MESSAGES, LANG:
    "en_GB.UTF-8" -> "en"), when it has a catalog; None for C, POSIX or another language."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name)
        if value:
            code = value.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
            return code if code in LANGUAGES else None
    return None


def tr(key: str, /, **values: object) -> str:
    """The message for key in the current language, with {placeholders} filled in."""
    template = _singular.get(key)
    if template is None:
        template = _template(key, values)
    return template.format(**values)


def _catalog() -> gettext.NullTranslations:
    global _current
    if _current is None:
        _current = translations(language())
    return _current


def _template(key: str, values: dict[str, object]) -> str:
    catalog = _catalog()
    if key not in _plural:
        form = catalog.ngettext(key, _NOT_PLURAL, 2)
        if form is _NOT_PLURAL:
            text = catalog.gettext(key)
            if text == key:
                if key not in _INBOX:
                    raise KeyError(f"no message {key!r} in catalog {_language!r}")
                text = _INBOX[key]
            _singular[key] = text
            return text
        _plural.add(key)
    count = values.get("count")
    if not isinstance(count, int):
        raise TypeError(f"message {key!r} has plural forms: it needs an integer count, not {count!r}")
    return catalog.ngettext(key, key, count)


def has(key: str) -> bool:
    """Whether the current language (or the inbox) has a message for key."""
    if key in _singular or key in _plural or key in _INBOX:
        return True
    catalog = _catalog()
    return catalog.ngettext(key, _NOT_PLURAL, 2) is not _NOT_PLURAL or catalog.gettext(key) != key
