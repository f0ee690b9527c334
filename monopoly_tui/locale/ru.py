"""Russian messages waiting to go into the catalogs (see monopoly_tui/locale/__init__.py).

Add a new message here, in a block headed `# <area> (session N)`; `python -m monopoly_tui.locale.sync`
moves it into ru/LC_MESSAGES/monopoly_tui.po, adds it to the other catalogs to be translated and empties
this dict. Until then the game finds it here.
"""

from __future__ import annotations

MESSAGES: dict[str, str] = {}
