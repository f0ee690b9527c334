"""Looking at any square: its title deed as it stands now (owner, the rent now as the engine counts it,
the rent table, buildings, mortgage) and who stands on it. A pure function of the state."""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text

from ..engine import GameState, rent_due
from ..engine.board import Station, Street, Tax, Utility
from ..locale import tr
from ..money import rubles
from ..session import Seat
from .cells import HOTEL, OWN_COLOURS, Palette, readable_on, standing
from .prompts import deed


def chip(seat: Seat) -> Text:
    return Text().append(
        f" {seat.token} ", style=Style(color=readable_on(seat.color), bgcolor=seat.color, bold=True)
    )


def square_text(state: GameState, seats: Sequence[Seat], index: int, strips: Palette = OWN_COLOURS) -> Text:
    """The inspector's account of one square, in lines, a street's on its group's strip as the board
    draws it (`strips`); names are plain text."""
    sq = state.board.squares[index]
    text = Text()
    title = Text(sq.name, style="bold")
    if isinstance(sq, Street):
        group = state.board.group(sq.group)
        color = strips.group_strip(group)
        strip = Style(color=readable_on(color), bgcolor=color, bold=True)
        title = Text.assemble((f" {group.mark} {sq.name} ", strip), "  ", (group.name, "italic"))
    text.append_text(title)
    lines: list[Text] = []
    if isinstance(sq, Street | Station | Utility):
        owner = state.owner[index]
        if owner is None:
            lines.append(Text(tr("inspect.bank", price=rubles(sq.price))))
        else:
            line = Text(tr("inspect.owner") + " ")
            line.append_text(chip(seats[owner]))
            line.append(" " + state.players[owner].name)
            lines.append(line)
            if state.mortgaged[index]:
                lines.append(Text(tr("inspect.mortgaged"), style="bold"))
            elif isinstance(sq, Utility):
                per_point = rent_due(state, index, 1)
                lines.append(Text(tr("inspect.rent_per_point", amount=rubles(per_point)), style="bold"))
            else:
                lines.append(
                    Text(tr("inspect.rent_now", amount=rubles(rent_due(state, index, 0))), style="bold")
                )
            level = state.buildings[index]
            if level == HOTEL:
                lines.append(Text(tr("inspect.hotel")))
            elif level:
                lines.append(Text(tr("inspect.houses", count=level)))
        lines += [Text(part) for part in deed(sq).split("\n")]
    elif isinstance(sq, Tax):
        lines.append(Text(tr("inspect.tax", amount=rubles(sq.amount))))
    here, jailed = standing(state, index)
    if here or jailed:
        line = Text(tr("inspect.here") + " ")
        for seat in jailed + here:
            line.append_text(chip(seats[seat]))
            note = f" {state.players[seat].name}"
            if seat in jailed:
                note += " " + tr("players.in_jail")
            line.append(note + "  ")
        lines.append(line)
    else:
        lines.append(Text(tr("inspect.nobody"), style="italic"))
    for line in lines:
        text.append("\n")
        text.append_text(line)
    text.append("\n" + tr("inspect.keys"), style="dim")
    return text
