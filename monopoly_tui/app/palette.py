"""The colours the board's cards are drawn in, for the app's theme and its terminal (`theme_palette`).

A 16-colour terminal (TERM=linux) shows every colour as the nearest of its sixteen, and the groups' own
colours come down to fewer than eight there (brown, orange and yellow to one, pink and red to another):
in 16 colours each street group gets one of the sixteen of its own (`sixteen_strips`), none of them a
grey (the greys are the cards', the neutral strip's and the lines'), and the mark of the player to move
a colour that no token has (`sixteen_here`), so that a token on it is still seen.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from rich.console import Console
from textual.app import App
from textual.color import Color

from ..engine.board import ColorGroup
from .cells import Palette, sixteen

SIXTEEN = (
    *("#000000", "#aa0000", "#00aa00", "#aa5500", "#0000aa", "#aa00aa", "#00aaaa", "#aaaaaa"),
    *("#555555", "#ff5555", "#55ff55", "#ffff55", "#5555ff", "#ff55ff", "#55ffff", "#ffffff"),
)
"""The sixteen colours as the Linux console shows them, by index: each comes down to its own index."""
GREYS = frozenset({0, 7, 8, 15})
"""Black, the two greys and white: the cards, the neutral strip and the lines are drawn in these."""
GROUP_SIXTEEN = {
    "brown": 1,  # dark red, the brown of most terminals' sixteen
    "lightblue": 14,  # bright cyan
    "pink": 13,  # bright magenta
    "orange": 3,  # the Linux console's brown-orange
    "red": 9,  # bright red
    "yellow": 11,  # bright yellow
    "green": 2,
    "darkblue": 12,  # bright blue (the dark one is hard to see on a black card)
}
"""The shipped boards' street groups in 16 colours, each its own. Another board's groups get their own
colour's index where it is free, else the nearest free one (`sixteen_strips`)."""
HERE_SIXTEEN = (10, 13, 14, 4, 1, 12, 9, 11, 2, 3, 5, 6)
"""The colours tried, in this order, for the mark of the player to move in 16 colours when the theme's
accent is a token's colour there (bright green first: none of the default tokens has it)."""


def sixteen_colours(console: Console) -> bool:
    """The terminal shows 16 colours (the colour system the console detected, as Rich names it)."""
    return console.color_system == "standard"


def group_strips(console: Console, groups: Sequence[ColorGroup]) -> Palette:
    """The default palette with the groups' strips as the board draws them on the console's terminal,
    for what shows a group's colour beside the board (the compact list, the players' lots, a deed)."""
    return Palette(groups=sixteen_strips(groups) if sixteen_colours(console) else ())


def _distance(a: str, b: str) -> int:
    return sum((int(a[i : i + 2], 16) - int(b[i : i + 2], 16)) ** 2 for i in (1, 3, 5))


def sixteen_strips(groups: Sequence[ColorGroup]) -> tuple[tuple[str, str], ...]:
    """Each street group's strip colour in 16 colours, as (group id, #rrggbb): the shipped groups as
    `GROUP_SIXTEEN` says, any other its own colour's index if no group took it yet, else the nearest one
    still free; never a grey. Past twelve groups the rest keep their own colours."""
    taken = {GROUP_SIXTEEN[g.id] for g in groups if g.id in GROUP_SIXTEEN}
    strips: list[tuple[str, str]] = []
    for group in groups:
        index = GROUP_SIXTEEN.get(group.id)
        if index is None:
            free = [n for n in range(16) if n not in taken and n not in GREYS]
            if not free:
                continue
            own = sixteen(group.color)
            index = own if own in free else min(free, key=lambda n: _distance(SIXTEEN[n], group.color))
            taken.add(index)
        strips.append((group.id, SIXTEEN[index]))
    return tuple(strips)


def sixteen_here(accent: str, card: str, tokens: Iterable[str]) -> str:
    """The mark of the player to move in 16 colours: the theme's accent, unless a token, a grey or the
    card has its colour there; then the first of `HERE_SIXTEEN` that none of them has."""
    used = GREYS | {sixteen(card)} | {sixteen(color) for color in tokens}
    if sixteen(accent) not in used:
        return accent
    free = [n for n in HERE_SIXTEEN if n not in used]
    return SIXTEEN[free[0]] if free else accent


def theme_palette(app: App[object], groups: Sequence[ColorGroup] = (), tokens: Iterable[str] = ()) -> Palette:
    """The card colours of the app's theme: the strip of a square without a group between the card and
    the text (as near the card as still tells them apart in 16 colours), muted text nearer the text, the
    theme's accent for the player to move. An ANSI theme (the terminal's own colours, unknown here) gets a
    mid grey, which reads on dark and light alike. In 16 colours the `groups` get strips of their own and
    the accent is moved off the `tokens`' colours."""
    palette = _theme_colours(app)
    if not sixteen_colours(app.console):
        return palette
    return replace(
        palette, here=sixteen_here(palette.here, palette.card, tokens), groups=sixteen_strips(groups)
    )


def _theme_colours(app: App[object]) -> Palette:
    variables = app.get_css_variables()
    try:
        card, foreground = Color.parse(variables["surface"]), Color.parse(variables["foreground"])
        accent = Color.parse(variables["accent"])
    except (KeyError, ValueError):
        return Palette()
    if card.ansi is not None or foreground.ansi is not None or accent.ansi is not None or card.a < 1:
        return Palette(strip="#6c6c6c", muted="#8a8a8a", here="#d78700", card="#000000", edge="#8a8a8a")

    def apart(*amounts: float) -> str:
        """The first blend of card and text that a 16-colour terminal still tells from the card."""
        blends = [card.blend(foreground, amount).hex for amount in amounts]
        return next((c for c in blends if sixteen(c) != sixteen(card.hex)), foreground.hex)

    return Palette(
        strip=apart(0.35, 0.5, 0.65, 0.8),
        muted=card.blend(foreground, 0.6).hex,
        here=accent.hex,
        card=card.hex,
        edge=apart(0.7, 0.85),
    )
