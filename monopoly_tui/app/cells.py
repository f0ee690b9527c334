"""What one board square shows, as Rich text: a card with its group's strip and name, the price or its
owner's band with buildings, and the tokens standing on it.

Pure functions of the state, so they are tested without a terminal. Colours that depend on the theme come
in a `Palette`; the rest are the group's and the players' own colours, which read on any theme.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.color import Color, ColorSystem
from rich.style import Style
from rich.text import Text

from ..engine import GameState
from ..engine.board import ColorGroup, Station, Street, Tax, Utility
from ..locale import tr
from ..money import rubles, thousands
from ..session import Seat

HOTEL = 5
HOUSE = "⌂"
JAIL = 10


@dataclass(frozen=True)
class Palette:
    """The theme's colours a card needs: the strip of a square without a group, muted text, the mark of
    the square where the player to move stands, the card's background and the line between cards; and,
    in a 16-colour terminal, the street groups' strips as (group id, colour), each of its own there
    (elsewhere none: a group's strip is its own colour)."""

    strip: str = "#5a5a5a"
    muted: str = "#9a9a9a"
    here: str = "#ffa62b"
    card: str = "#1e1e1e"
    edge: str = "#a5a5a5"
    groups: tuple[tuple[str, str], ...] = ()

    def group_strip(self, group: ColorGroup) -> str:
        """The colour of the group's strip: the one given for it, else the group's own."""
        return next((color for id_, color in self.groups if id_ == group.id), group.color)


OWN_COLOURS = Palette()
"""The default palette: every group's strip in the group's own colour."""


def sixteen(color: str) -> int | None:
    """The colour a 16-colour terminal (TERM=linux) shows for #rrggbb."""
    return Color.parse(color).downgrade(ColorSystem.STANDARD).number


def readable_on(color: str) -> str:
    """Black or white, whichever reads better on the #rrggbb background."""
    r, g, b = (int(color[i : i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


def faded(color: str, toward: str, amount: float) -> str:
    """color moved `amount` of the way toward another (a mortgaged square's strip goes grey)."""
    a = [int(color[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(toward[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * amount):02x}" for x, y in zip(a, b, strict=True))


def grid_position(index: int) -> tuple[int, int]:
    """(row, column) of a square on the 11 x 11 ring: GO bottom right, play runs clockwise."""
    if index <= 10:
        return 10, 10 - index
    if index < 20:
        return 20 - index, 0
    if index <= 30:
        return 0, index - 20
    return index - 30, 10


def squares_in_grid_order() -> list[int]:
    """Square indices in the order a row-major grid places them (the centre spans the middle)."""
    return sorted(range(40), key=grid_position)


def building_marks(level: int) -> str:
    """1-4 house marks, or the hotel's own mark."""
    if level == HOTEL:
        return tr("cell.hotel")
    return HOUSE * level


# --- the name --------------------------------------------------------------------------------------


def wrap_words(text: str, width: int, rows: int) -> list[str] | None:
    """The words of text in at most `rows` lines of at most `width` cells, never breaking a word; None
    when they do not fit."""
    lines: list[str] = []
    for word in text.split():
        if len(word) > width:
            return None
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines if len(lines) <= rows else None


def abbreviated(word: str, width: int) -> str:
    """A word shortened to fit width with a dot, after a consonant as Russian abbreviations go
    («Нагатинская» -> «Нагатинск.»)."""
    if len(word) <= width:
        return word
    head = word[: max(1, width - 1)]
    vowels = tr("cell.no_abbreviation_after")
    while len(head) > 1 and head[-1].lower() in vowels:
        head = head[:-1]
    return head + "."


def name_lines(name: str, short: str, mark: str, width: int, rows: int) -> list[str]:
    """The square's name in at most `rows` lines of `width`: the full name where it fits, else the board's
    short form, else the short form with its long words abbreviated; the group's mark leads when it fits."""
    prefix = f"{mark} " if mark else ""
    abbreviated_short = " ".join(abbreviated(w, width) for w in short.split())
    for text in (prefix + name, prefix + short, short, prefix + abbreviated_short, abbreviated_short):
        lines = wrap_words(text, width, rows)
        if lines is not None:
            return lines
    return [short[: max(0, width - 1)] + "…"]


# --- the price or the owner ------------------------------------------------------------------------


def fit_amount(sign: str, amount: int, width: int) -> str:
    """«220 000 ₽», or «220 тыс.» where the full amount would not fit (never split: no-break spaces)."""
    full = sign + rubles(amount)
    if len(full) <= width or amount % 1000:
        return full
    return sign + thousands(amount)


def status_text(
    state: GameState, seats: Sequence[Seat], index: int, width: int, palette: Palette = Palette()
) -> Text:
    """The price of a property the bank owns, or its owner's band (their colour and token, the houses, a
    hotel, or «залог» hatched); what a tax costs, what GO pays, the pot."""
    sq = state.board.squares[index]
    text = Text(no_wrap=True, overflow="crop")
    if isinstance(sq, Street | Station | Utility):
        owner = state.owner[index]
        if owner is None:
            text.append(fit_amount("", sq.price, width), style=Style(color=palette.muted))
            return text
        seat = seats[owner]
        band = Style(color=readable_on(seat.color), bgcolor=seat.color, bold=True)
        if state.mortgaged[index]:
            label = f"{seat.token} {tr('cell.mortgaged')} "
            text.append(label[:width], style=band)
            text.append("╱" * max(0, width - len(label)), style=band)
            return text
        label = f"{seat.token} "
        if state.buildings[index]:
            label += building_marks(state.buildings[index])
        elif len(label) + len(state.players[owner].name) <= width:
            label += state.players[owner].name  # plain text: a name is data, never markup
        text.append(label[:width].ljust(width), style=band)
        return text
    if isinstance(sq, Tax):
        text.append(fit_amount("−", sq.amount, width), style=Style(color=palette.muted))
    elif sq.kind == "go":
        text.append(fit_amount("+", state.rules.go.salary, width), style=Style(color=palette.muted))
    elif sq.kind == "free_parking" and state.pot:
        text.append(fit_amount("", state.pot, width), style="bold")
    return text


# --- the tokens ------------------------------------------------------------------------------------


def standing(
    state: GameState, index: int, positions: Sequence[int] | None = None
) -> tuple[list[int], list[int]]:
    """Seats whose tokens stand on the square: (just there, in jail). `positions` overrides where the
    tokens are shown (a token walking square by square)."""
    here: list[int] = []
    jailed: list[int] = []
    for seat, p in enumerate(state.players):
        position = p.position if positions is None else positions[seat]
        if p.bankrupt or position != index:
            continue
        (jailed if p.in_jail and position == JAIL else here).append(seat)
    return here, jailed


def chips(seats: Sequence[Seat], which: Sequence[int], width: int, *, barred: bool = False) -> Text:
    """Tokens as chips in their player's colour, side by side, as wide as the room allows: « ● » with a gap,
    else «●» with a gap, else «●» touching; in jail «[●]» behind bars."""
    text = Text(no_wrap=True, overflow="crop")
    n = len(which)
    if not n:
        return text
    if n * 4 - 1 <= width:
        chip, gap = 3, True
    elif n * 3 <= width:
        chip, gap = 3, False
    else:
        chip, gap = 1, n * 2 - 1 <= width
    for k, seat in enumerate(which):
        s = seats[seat]
        style = Style(color=readable_on(s.color), bgcolor=s.color, bold=True)
        if chip == 3:
            text.append(f"[{s.token}]" if barred else f" {s.token} ", style=style)
        else:
            text.append(s.token, style=style)
        if gap and k < n - 1:
            text.append(" ")
    return text


def tokens_text(
    state: GameState,
    seats: Sequence[Seat],
    index: int,
    width: int = 24,
    positions: Sequence[int] | None = None,
) -> Text:
    """The tokens on the square in one line; those in jail behind bars."""
    here, jailed = standing(state, index, positions)
    text = chips(seats, jailed, width, barred=True)
    if jailed and here:
        text.append(" ")
    text.append_text(chips(seats, here, width - len(text)))
    return text


# --- the card --------------------------------------------------------------------------------------


def cell_text(
    state: GameState,
    seats: Sequence[Seat],
    index: int,
    width: int,
    height: int,
    palette: Palette = Palette(),
    *,
    here: bool = False,
    positions: Sequence[int] | None = None,
) -> Text:
    """The whole card in `height` lines of `width` cells: the strip with the name (one or two lines), the
    price or the owner's band, the tokens (`here`: the player to move stands on it, marked in the theme's
    colour). The jail square gives one line to those in jail and one to those just visiting."""
    width, height = max(width, 1), max(height, 1)
    sq = state.board.squares[index]
    strip = palette.strip
    mark = ""
    if isinstance(sq, Street):
        group = state.board.group(sq.group)
        strip, mark = palette.group_strip(group), group.mark
    mortgaged = bool(state.mortgaged[index]) if isinstance(sq, Street | Station | Utility) else False
    if mortgaged:  # greyed, halfway to the neutral strip, unless that would melt into the card
        strip = faded(strip, palette.strip, 0.5)
        if palette.groups or sixteen(strip) == sixteen(palette.card):
            strip = palette.strip  # (in 16 colours halfway is another group's colour, or the card's)
    strip_style = Style(color=readable_on(strip), bgcolor=strip, bold=True, strike=mortgaged)
    status = status_text(state, seats, index, width, palette)
    bottom: list[Text] = []
    if index == JAIL:
        here_seats, jailed = standing(state, index, positions)
        for label, which, barred in (("cell.jailed", jailed, True), ("cell.visiting", here_seats, False)):
            line = Text(tr(label) + " ", style="italic")
            line.append_text(chips(seats, which, width - len(line), barred=barred))
            bottom.append(line)
    else:
        if status.plain or isinstance(sq, Street | Station | Utility):
            bottom.append(status)
        bottom.append(tokens_text(state, seats, index, width, positions))
    bottom = bottom[-max(0, height - 1) :] if height > 1 else []
    name_rows = max(1, height - len(bottom))
    strip_rows = min(2, name_rows)
    lines = [
        Text(part.ljust(width), style=strip_style, no_wrap=True, overflow="crop")
        for part in name_lines(sq.name, sq.short, mark, width, strip_rows)
    ]
    while len(lines) < strip_rows:
        lines.append(Text(" " * width, style=strip_style))
    while len(lines) < name_rows:
        lines.append(Text(""))
    if here and bottom:
        # the player to move stands here: their row leads with a mark in the theme's accent
        accent = Style(color=readable_on(palette.here), bgcolor=palette.here, bold=True)
        row = len(bottom) - 1
        if index == JAIL and state.players[state.turn].in_jail:
            row = 0
        lead = Text("▶", style=accent)
        if index == JAIL:
            lead.append_text(bottom[row])
        else:
            lead.append_text(tokens_text(state, seats, index, width - 1, positions))
        lead.pad_right(width - len(lead))
        lead.stylize_before(accent, 0, width)
        bottom[row] = lead
    lines += bottom
    for line in lines:
        line.no_wrap, line.overflow = True, "crop"
        line.truncate(width)
    return Text("\n").join(lines[:height])
