"""The players' panel: cash, net worth, lots by group, jail and cards of every player, laid out for the
width it is given."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.style import Style
from rich.table import Table
from rich.text import Text

from ..engine import GameState, current_actor, net_worth
from ..locale import tr
from ..money import rubles
from ..session import GameSession
from .cells import readable_on

LOTS_ROOM = 12
"""Columns the lots by group need to be worth showing beside the money (on a narrow panel they are left
out: the manage screen and the board show them)."""


PLAYERS_ROWS = 10
"""The most rows the players' panel takes (eight players, two with their notes on a line of their own)."""


class PlayersTable:
    """Cash, net worth, lots by group, jail cards and jail for every player; the one to act stands out.

    Laid out for the width it is given: cash and worth are never cut; the notes of jail and cards go
    on a line of their own under the name where the row has no room for them; the lots by group are
    shown where they have room. Compact (a narrow window): name and cash only.
    """

    def __init__(self, session: GameSession, *, compact: bool = False) -> None:
        self.session = session
        self.compact = compact

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.table(options.max_width)

    def table(self, width: int) -> Table:
        state = self.session.state
        actor = current_actor(state)
        rows = []
        for seat, p in enumerate(state.players):
            s = self.session.seats[seat]
            name = token_chip(s.token, s.color)
            name.append(" " + p.name, style="bold")
            marks = []
            if p.in_jail and not p.bankrupt:
                marks.append(tr("players.in_jail"))
            if p.jail_cards and not p.bankrupt:
                marks.append(tr("players.cards", count=len(p.jail_cards)))
            cash = tr("players.bankrupt") if p.bankrupt else rubles(p.cash)
            worth = "" if p.bankrupt else rubles(net_worth(state, seat))
            rows.append((seat, p.bankrupt, name, " ".join(marks), cash, worth))
        money = [tr("players.cash"), *(r[4] for r in rows)]
        worths = [tr("players.worth"), *(r[5] for r in rows)]
        money_room = max(map(cell_len, money)) + 1 + (0 if self.compact else max(map(cell_len, worths)) + 2)
        name_room = width - money_room - 1
        one_line = all(r[2].cell_len + (1 + cell_len(r[3]) if r[3] else 0) <= name_room for r in rows)
        widest = max(r[2].cell_len + (1 + cell_len(r[3]) if r[3] and one_line else 0) for r in rows)
        lots = not self.compact and width - money_room - widest - 2 >= LOTS_ROOM

        lines = len(rows) + (0 if one_line else sum(1 for r in rows if r[3]))
        # the compact panel leaves out the heading (names and money speak for themselves) rather than a
        # player's notes
        header = not self.compact or lines < PLAYERS_ROWS
        table = Table(
            expand=True, box=None, padding=(0, 1), show_edge=False, pad_edge=False, show_header=header
        )
        table.add_column(tr("players.name"), no_wrap=True)
        table.add_column(tr("players.cash"), justify="right", no_wrap=True)
        if not self.compact:
            table.add_column(tr("players.worth"), justify="right", no_wrap=True)
        if lots:
            table.add_column(tr("players.lots"), ratio=1)
        for seat, bankrupt, name, notes, cash, worth in rows:
            if bankrupt:
                table.add_row(name, Text(cash, style="dim"), style="dim")
                continue
            if notes:  # beside the name, or under it, below the token
                name.append((" " if one_line else "\n" + " " * 4) + notes, style="italic")
            cells: list[Text | str] = [name, cash]
            if not self.compact:
                cells.append(worth)
            if lots:
                cells.append(lots_text(state, seat))
            table.add_row(*cells, style="reverse" if seat == actor else None)
        return table


def players_table(session: GameSession, *, compact: bool = False) -> PlayersTable:
    """The players' panel (see PlayersTable)."""
    return PlayersTable(session, compact=compact)


def players_key(session: GameSession, compact: bool) -> tuple[object, ...]:
    """What `players_table` shows: the players' money, jail and cards, the lots and who is to act."""
    state = session.state
    players = tuple((p.name, p.cash, p.in_jail, len(p.jail_cards), p.bankrupt) for p in state.players)
    return (compact, current_actor(state), players, state.owner, state.mortgaged, state.buildings)


def token_chip(token: str, color: str) -> Text:
    """A player's token on their colour, as the board shows it (names stay in the theme's text colour,
    which reads on light and dark themes alike)."""
    return Text().append(f" {token} ", style=Style(color=readable_on(color), bgcolor=color, bold=True))


def lots_text(state: GameState, seat: int) -> Text:
    """The player's lots by colour group as group marks, e.g. «К2 Г1 Ж/Д2 Ком1»."""
    text = Text()
    board = state.board
    for group in board.groups:
        count = sum(1 for i in board.group_members[group.id] if state.owner[i] == seat)
        if count:
            strip = Style(color=readable_on(group.color), bgcolor=group.color)
            text.append(f"{group.mark}{count}", style=strip)
            text.append(" ")
    for label, squares in (
        (tr("players.stations"), board.stations),
        (tr("players.utilities"), board.utilities),
    ):
        count = sum(1 for i in squares if state.owner[i] == seat)
        if count:
            text.append(f"{label}{count} ")
    return text
