"""Text from people and files, made safe once at the boundary: player names, and any outside text shown.

Outside text is data, never markup or terminal control: `printable` drops the characters a terminal
would obey instead of showing (C0/C1 controls such as ESC, and the bidirectional embeddings, overrides
and isolates that reorder what follows them). `normalise_name` is what setup and saves both accept as a
player's name: printable, NFC, one line, inner runs of spaces collapsed, no padding, at most
MAX_NAME_LENGTH characters.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["MAX_NAME_LENGTH", "normalise_name", "printable"]

MAX_NAME_LENGTH = 16
"""The longest player name (the setup field's limit; a save with a longer one is refused)."""

_BIDI_CONTROLS = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
_UNPRINTABLE = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f" + _BIDI_CONTROLS + "]",
)
_SPACES = re.compile(r"\s+")


def printable(text: str) -> str:
    """text without the characters a terminal acts on (controls, bidi overrides); newlines and tabs stay."""
    return _UNPRINTABLE.sub("", text)


def normalise_name(text: str) -> str:
    """A player's name as the game keeps it: printable, NFC, on one line, no padding, spaces collapsed.

    Not cut to MAX_NAME_LENGTH: callers refuse (saves) or cannot receive (setup) longer names, since
    cutting could make two names equal.
    """
    return _SPACES.sub(" ", printable(unicodedata.normalize("NFC", text))).strip()
