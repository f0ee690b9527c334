"""Message catalogs: every text a player reads comes from here (Russian now; English can be added).

tr("event.bought", player="Аня", square="Улица Арбат", amount="400 000 ₽")
"""

from __future__ import annotations

from . import ru, ru_cli, ru_saves

CATALOGS: dict[str, dict[str, str]] = {"ru": {**ru.MESSAGES, **ru_saves.MESSAGES, **ru_cli.MESSAGES}}
_language = "ru"


def set_language(language: str) -> None:
    global _language
    if language not in CATALOGS:
        raise ValueError(f"no message catalog for {language!r}; have {sorted(CATALOGS)}")
    _language = language


def tr(key: str, **values: object) -> str:
    """The message for key in the current language, with {placeholders} filled in."""
    template = CATALOGS[_language].get(key)
    if template is None:
        raise KeyError(f"no message {key!r} in catalog {_language!r}")
    return template.format(**values)


def has(key: str) -> bool:
    return key in CATALOGS[_language]
