"""The one way the app shows text that is not ours: as plain text, never as markup.

Names, board squares and cards, save contents and file names reach Rich and Textual only through
`plain` (a rich Text, which is never parsed for markup) or with `markup=False`. Our own catalog
strings hold no markup either, so a message with a name filled in goes through `plain` whole.
"""

from __future__ import annotations

from rich.style import StyleType
from rich.text import Text

from ..names import printable

__all__ = ["plain"]


def plain(text: str, style: StyleType = "") -> Text:
    """text as a rich Text: shown exactly as written («[AI] Bob» stays whole), controls dropped."""
    return Text(printable(text), style=style)
