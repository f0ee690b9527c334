"""What one board cell shows, as Rich text: name, colour band, price or owner, buildings, tokens.

Pure functions of the state, so they are tested without a terminal.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text

from ..engine import GameState
from ..engine.board import Station, Street, Tax, Utility
from ..locale import tr
from ..money import NBSP, rubles
from ..session import Seat

HOTEL = 5


def readable_on(color: str) -> str:
    """Black or white, whichever reads better on the #rrggbb background."""
    r, g, b = (int(color[i : i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


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
    if level == HOTEL:
        return tr("cell.hotel")
    return "⌂" * level


def status_text(state: GameState, seats: Sequence[Seat], index: int, width: int) -> Text:
    """The price of an unowned property, or its owner's token, buildings and mortgage mark."""
    sq = state.board.squares[index]
    text = Text(no_wrap=True, overflow="crop")
    if isinstance(sq, Street | Station | Utility):
        owner = state.owner[index]
        if owner is None:
            price = rubles(sq.price)
            if len(price) > width:
                price = price.replace(f"{NBSP}000{NBSP}₽", tr("cell.thousands"))
            text.append(price, style="dim")
            return text
        seat = seats[owner]
        text.append(seat.token, style=Style(color=seat.color, bold=True))
        if state.mortgaged[index]:
            text.append(" " + tr("cell.mortgaged"), style="italic")
        elif state.buildings[index]:
            text.append(" " + building_marks(state.buildings[index]), style="bold")
        return text
    if isinstance(sq, Tax):
        text.append("−" + rubles(sq.amount), style="dim")
    elif sq.kind == "go":
        text.append("+" + rubles(state.rules.go.salary), style="dim")
    elif sq.kind == "free_parking" and state.pot:
        text.append(rubles(state.pot), style="bold")
    return text


def tokens_text(state: GameState, seats: Sequence[Seat], index: int) -> Text:
    """The tokens standing on the square; in jail they are shown in brackets."""
    text = Text(no_wrap=True, overflow="crop")
    for seat, p in enumerate(state.players):
        if p.bankrupt or p.position != index:
            continue
        token = f"[{seats[seat].token}]" if p.in_jail else seats[seat].token
        text.append(token, style=Style(color=seats[seat].color, bold=True))
    return text


def wrap_name(text: str, width: int) -> list[str]:
    """Wrap a name into lines of at most width cells, hyphenating a word that does not fit."""
    lines: list[str] = []
    for word in text.split():
        while word:
            line = lines[-1] if lines else ""
            room = width - len(line) - (1 if line else 0)
            if len(word) <= room:
                lines[-1:] = [f"{line} {word}" if line else word]
                word = ""
            elif len(word) > width and room >= 4:
                head, word = word[: room - 1] + "-", word[room - 1 :]
                lines[-1:] = [f"{line} {head}" if line else head]
                lines.append("")
            elif not line:
                lines[-1:] = [word[:width]]
                word = word[width:]
                lines.append("")
            else:
                lines.append("")
    return [line for line in lines if line] or [""]


def cell_text(state: GameState, seats: Sequence[Seat], index: int, width: int, height: int) -> Text:
    """The whole cell: `height` lines of at most `width` cells each."""
    width = max(width, 1)
    sq = state.board.squares[index]
    band_style: Style | None = None
    prefix = ""
    if isinstance(sq, Street):
        group = state.board.group(sq.group)
        band_style = Style(color=readable_on(group.color), bgcolor=group.color, bold=True)
        prefix = group.mark + " "
    name_rows = max(1, height - 2)
    wrapped = wrap_name(prefix + sq.short, width)
    if len(wrapped) > name_rows:
        wrapped = [*wrapped[: name_rows - 1], " ".join(wrapped[name_rows - 1 :])]
    lines: list[Text] = []
    for row, part in enumerate(wrapped):
        line = Text(part.ljust(width)[:width], no_wrap=True, overflow="crop")
        if band_style is not None and row == 0:
            line.stylize(band_style)
        else:
            line.stylize("bold")
        lines.append(line)
    while len(lines) < name_rows:
        lines.append(Text(" " * width, style=band_style) if band_style and not lines else Text(""))
    if height >= 2:
        lines.append(status_text(state, seats, index, width))
    if height >= 3:
        lines.append(tokens_text(state, seats, index))
    for line in lines:
        line.truncate(width)
    return Text("\n").join(lines[:height])
