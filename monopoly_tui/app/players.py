"""The players' panel: cash, net worth, lots by group, jail and cards of every player, laid out for the
width it is given."""

from __future__ import annotations

from collections.abc import Sequence
from math import ceil

from rich.cells import cell_len
from rich.console import Console, JustifyMethod
from rich.style import Style
from rich.text import Text

from ..engine import GameState, current_actor, net_worth
from ..locale import tr
from ..money import rubles
from ..session import GameSession
from .cells import OWN_COLOURS, Palette, readable_on
from .palette import group_strips

LOTS_ROOM = 12
"""Columns the lots by group need to be worth showing beside the money (on a narrow panel they are left
out: the manage screen and the board show them)."""


PLAYERS_ROWS = 10
"""The most rows the players' panel takes (eight players, two with their notes on a line of their own)."""

HEADING = Style(bold=True)
ACTOR = Style(reverse=True)
BANKRUPT = Style(dim=True)


class PlayersTable:
    """Cash, net worth, lots by group, jail cards and jail for every player; the one to act stands out.

    Laid out for the width it is given: cash and worth are never cut; the notes of jail and cards go
    on a line of their own under the name where the row has no room for them; the lots by group are
    shown where they have room. Compact (a narrow window): name and cash only.

    A table of columns one cell apart, the money right-aligned, the whole width used (the lots take what
    is left; without them the spare width is shared among the columns by their widths), drawn line by
    line: it is drawn again whenever money changes hands, and a general table took longer than the rest
    of a throw's redraw.
    """

    def __init__(self, session: GameSession, *, compact: bool = False) -> None:
        self.session = session
        self.compact = compact

    def rows(self, width: int, console: Console) -> list[Text]:
        """The panel's lines at `width`."""
        state = self.session.state
        actor = current_actor(state)
        players = []
        bots: list[tuple[str, ...]] = []
        """Each player's computer mark in its three lengths (none for a person)."""
        marks: list[list[str]] = []
        for seat, p in enumerate(state.players):
            s = self.session.seats[seat]
            name = token_chip(s.token, s.color)
            name.append(" " + p.name, style="bold")
            bots.append(bot_marks(s.bot) if s.bot is not None and not p.bankrupt else ("", "", ""))
            marks.append([])
            if p.in_jail and not p.bankrupt:
                marks[-1].append(tr("players.in_jail"))
            if p.jail_cards and not p.bankrupt:
                marks[-1].append(tr("players.cards", count=len(p.jail_cards)))
            cash = tr("players.bankrupt") if p.bankrupt else rubles(p.cash)
            worth = "" if p.bankrupt else rubles(net_worth(state, seat))
            players.append((seat, p.bankrupt, name, "", cash, worth))
        money = [tr("players.cash"), *(r[4] for r in players)]
        worths = [tr("players.worth"), *(r[5] for r in players)]
        money_room = max(map(cell_len, money)) + 1 + (0 if self.compact else max(map(cell_len, worths)) + 2)
        name_room = width - money_room - 1

        def beside(name: Text, notes: str) -> int:
            return name.cell_len + (1 + cell_len(notes) if notes else 0)

        # every note beside its name, the computer's mark as long as that leaves room for (the shortest
        # left out of a row it does not fit: eight long names in the compact panel, whose rows the marks
        # must not push out); else the shortest mark beside the name where it fits, the other notes under
        # it. Never at the cost of the lots' column where it had room without the marks.
        def joined(bot: str, notes: list[str]) -> str:
            return " ".join(filter(None, (bot, *notes)))

        def lots_fit(notes: list[str]) -> bool:
            widest = max(beside(r[2], n) for r, n in zip(players, notes, strict=True))
            return not self.compact and width - money_room - widest - 2 >= LOTS_ROOM

        lots_wanted = lots_fit([joined("", m) for m in marks])
        for length, keep_lots in ((0, True), (1, True), (2, True), (3, True), (3, False)):
            notes = [
                joined(b[min(length, 2)], m)
                if length < 3 or beside(r[2], joined(b[2], m)) <= name_room
                else joined("", m)
                for r, b, m in zip(players, bots, marks, strict=True)
            ]
            one_line = all(beside(r[2], n) <= name_room for r, n in zip(players, notes, strict=True))
            if one_line and (lots_fit(notes) or not lots_wanted or not keep_lots):
                break
        else:
            notes = [joined("", m) for m in marks]
            marked = [
                bool(b[2]) and beside(r[2], b[2]) <= name_room for r, b in zip(players, bots, strict=True)
            ]
            widest = max(
                beside(r[2], b[2] if mark else "") for r, b, mark in zip(players, bots, marked, strict=True)
            )
            if not lots_fit(["" for _ in players]) or width - money_room - widest - 2 >= LOTS_ROOM:
                for r, b, mark in zip(players, bots, marked, strict=True):
                    if mark:
                        r[2].append(" " + b[2], style="italic")
        players = [(*r[:3], n, *r[4:]) for r, n in zip(players, notes, strict=True)]
        widest = max(r[2].cell_len + (1 + cell_len(r[3]) if r[3] and one_line else 0) for r in players)
        lots = not self.compact and width - money_room - widest - 2 >= LOTS_ROOM

        lines = len(players) + (0 if one_line else sum(1 for r in players if r[3]))
        # the compact panel leaves out the heading (names and money speak for themselves) rather than a
        # player's notes
        header = not self.compact or lines < PLAYERS_ROWS
        headings = [tr("players.name"), tr("players.cash")]
        if not self.compact:
            headings.append(tr("players.worth"))
        if lots:
            headings.append(tr("players.lots"))
        table: list[tuple[list[Text], Style | None]] = []
        if header:
            table.append(([Text(h) for h in headings], HEADING))
        strips = group_strips(console, state.board.groups)  # the lots' group colours as on the board
        for seat, bankrupt, name, note, cash, worth in players:
            if bankrupt:
                table.append(([name, Text(cash, style=BANKRUPT)], BANKRUPT))
                continue
            if note:  # beside the name, or under it, below the token
                name.append((" " if one_line else "\n" + " " * 4) + note, style="italic")
            cells = [name, Text(cash)]
            if not self.compact:
                cells.append(Text(worth))
            if lots:
                cells.append(lots_text(state, seat, strips))
            table.append((cells, ACTOR if seat == actor else None))
        return draw_table(table, len(headings), width, lots, console)


def draw_table(
    table: list[tuple[list[Text], Style | None]], columns: int, width: int, flexible: bool, console: Console
) -> list[Text]:
    """Rows of cells in columns one cell apart: the first left-aligned, the next right-aligned, the last
    a flexible one (`flexible`: it takes the width the others leave, its text wrapped in it) or a
    right-aligned one; a row's style covers the whole row, gaps included."""
    pads = [(0 if c == 0 else 1, 0 if c == columns - 1 else 1) for c in range(columns)]
    widths = [
        max((widest_line(cells[c]) for cells, _ in table if c < len(cells)), default=0) + sum(pads[c])
        for c in range(columns)
    ]
    widths = [max(1, w) for w in widths]
    if flexible:
        widths[-1] = max(width - sum(widths[:-1]), 1 + pads[-1][0])
    elif sum(widths) < width:
        widths = [w + extra for w, extra in zip(widths, shares(width - sum(widths), widths), strict=True)]
    lines: list[Text] = []
    for cells, style in table:
        shown: list[list[Text]] = []
        for c in range(columns):
            room = widths[c] - sum(pads[c])
            cell = cells[c] if c < len(cells) else Text()
            justify: JustifyMethod = "left" if c == 0 or (flexible and c == columns - 1) else "right"
            no_wrap = not (flexible and c == columns - 1)
            wrapped = cell.wrap(console, room, justify=justify, overflow="ellipsis", no_wrap=no_wrap)
            shown.append(list(wrapped))
        for y in range(max(map(len, shown))):
            line = Text(style=style or "", end="")
            for c, cell_lines in enumerate(shown):
                left, right = pads[c]
                room = widths[c] - left - right
                line.append(" " * left)
                if y < len(cell_lines):
                    part = cell_lines[y]
                    line.append_text(part)
                    line.append(" " * (room - part.cell_len))
                else:
                    line.append(" " * room)
                line.append(" " * right)
            lines.append(line)
    return lines


def widest_line(text: Text) -> int:
    return max(map(cell_len, text.plain.split("\n")))


def shares(total: int, weights: Sequence[int]) -> list[int]:
    """`total` shared out in proportion to the weights, rounding up in order (as Rich shares a table's
    spare width among its columns)."""
    remaining, weight_left = total, sum(weights)
    out = []
    for weight in weights:
        share = ceil(weight * remaining / weight_left) if weight_left > 0 else remaining
        out.append(share)
        weight_left -= weight
        remaining -= share
    return out


def bot_marks(kind: str) -> tuple[str, str, str]:
    """A computer player's mark beside their name, long to short: «(компьютер: сильный)», «(комп.:
    сильный)», «(комп.)»."""
    level = tr(f"players.level.{kind}")
    return tr("players.bot", level=level), tr("players.bot_short", level=level), tr("players.bot_tiny")


def players_table(session: GameSession, *, compact: bool = False) -> PlayersTable:
    """The players' panel (see PlayersTable)."""
    return PlayersTable(session, compact=compact)


def players_key(session: GameSession, compact: bool) -> tuple[object, ...]:
    """What `players_table` shows: the players' money, jail and cards, the lots and who is to act."""
    state = session.state
    players = tuple((p.name, p.cash, p.in_jail, len(p.jail_cards), p.bankrupt) for p in state.players)
    bots = tuple(seat.bot for seat in session.seats)
    return (compact, current_actor(state), players, bots, state.owner, state.mortgaged, state.buildings)


def token_chip(token: str, color: str) -> Text:
    """A player's token on their colour, as the board shows it (names stay in the theme's text colour,
    which reads on light and dark themes alike)."""
    return Text().append(f" {token} ", style=Style(color=readable_on(color), bgcolor=color, bold=True))


def lots_text(state: GameState, seat: int, strips: Palette = OWN_COLOURS) -> Text:
    """The player's lots by colour group as group marks, e.g. «К2 Г1 Ж/Д2 Ком1», on the groups' strips
    as the board draws them (`strips`)."""
    text = Text()
    board = state.board
    for group in board.groups:
        count = sum(1 for i in board.group_members[group.id] if state.owner[i] == seat)
        if count:
            color = strips.group_strip(group)
            text.append(f"{group.mark}{count}", style=Style(color=readable_on(color), bgcolor=color))
            text.append(" ")
    for label, squares in (
        (tr("players.stations"), board.stations),
        (tr("players.utilities"), board.utilities),
    ):
        count = sum(1 for i in squares if state.owner[i] == seat)
        if count:
            text.append(f"{label}{count} ")
    return text
