"""The compact layout's board: the 40 squares as a list that follows the token of the player to move
(square by square while it walks), and the message a player looking at a square sends (the ring sends
it too)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.widgets import DataTable

from ..locale import tr
from ..session import GameSession
from .cells import readable_on, status_text, tokens_text
from .palette import group_strips


class Inspect(Message):
    """The player looks at a square (None: they stopped looking)."""

    def __init__(self, square: int | None) -> None:
        super().__init__()
        self.square = square


class SquaresList(DataTable[Text]):
    """The compact layout's board: one row per square; `refresh_rows` rewrites only the cells that changed.
    It follows the token of the player to move; focused (key l), its cursor shows a square's deed and
    arrows, PgUp/PgDn, Home/End move it."""

    BINDINGS = [
        Binding("escape", "leave", tr("binding.back"), show=False),
        Binding("home", "to_row(0)", tr("binding.inspect"), show=False),
        Binding("end", "to_row(39)", tr("binding.inspect"), show=False),
    ]

    def __init__(self, session: GameSession) -> None:
        super().__init__(id="squares-list", cursor_type="row", zebra_stripes=True)
        self.can_focus = False  # like the ring: focused only to be looked at (key l), not by itself
        self.session = session
        self._shown: list[tuple[Text, Text]] = []
        """Each square's state and tokens cells as last written."""

    NAME = 14
    """Cells of a square's short name (the board's longest short form)."""
    STATE = 9
    """Cells of the price or owner column (a full amount such as 200 000 ₽, or money.thousands' short
    form where the full amount is longer)."""
    TOKENS = 5

    def on_mount(self) -> None:
        # the group's strip (its mark on its colour), a gap, the name: three columns of text each with a
        # gap to the next, 39 cells with the scrollbar, so the list never scrolls sideways at 80 columns
        self.add_column(tr("list.square"), width=3 + self.NAME)
        self.add_column(tr("list.state"), width=self.STATE, key="state")
        self.add_column(tr("list.tokens"), width=self.TOKENS, key="tokens")
        state = self.session.state
        strips = group_strips(self.app.console, state.board.groups)
        for index, sq in enumerate(state.board.squares):
            group = getattr(sq, "group", None)
            if group is None:
                name = Text("   " + sq.short)
            else:  # the group's strip as on the ring, on any theme and in 16 colours
                g = state.board.group(group)
                color = strips.group_strip(g)
                strip = Style(color=readable_on(color), bgcolor=color, bold=True)
                name = Text.assemble((g.mark.ljust(2), strip), " ", sq.short)
            cells = self._cells(index)
            self.add_row(name, *cells, key=str(index))
            self._shown.append(cells)

    def _cells(self, index: int, positions: Sequence[int] | None = None) -> tuple[Text, Text]:
        state, seats = self.session.state, self.session.seats
        return (
            status_text(state, seats, index, self.STATE),
            tokens_text(state, seats, index, self.TOKENS, positions),
        )

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if self.has_focus:
            self.post_message(Inspect(event.cursor_row))

    def on_focus(self) -> None:
        self.post_message(Inspect(self.cursor_row))

    def on_blur(self) -> None:
        self.can_focus = False
        self.post_message(Inspect(None))

    def look(self) -> None:
        """Take focus to be looked at: the cursor then shows the deeds."""
        self.can_focus = True
        self.focus()

    def action_leave(self) -> None:
        self.screen.set_focus(None)

    def action_to_row(self, row: int) -> None:
        self.move_cursor(row=min(row, self.row_count - 1))

    def follow(self, positions: Sequence[int] | None = None) -> None:
        """Bring the square of the player to move into view (not while the player looks around);
        `positions` are where the tokens are shown (a token walking square by square: the highlighted
        row walks with it)."""
        state = self.session.state
        if not self.has_focus and self.row_count:
            row = state.players[state.turn].position if positions is None else positions[state.turn]
            self.move_cursor(row=row, animate=False)

    def refresh_rows(self, positions: Sequence[int] | None = None) -> None:
        """Rewrite the cells that changed; `positions` as for `follow`."""
        if not self._shown:  # not mounted yet: on_mount fills the rows
            return
        for index, shown in enumerate(self._shown):
            cells = self._cells(index, positions)
            if cells == shown:
                continue
            if cells[0] != shown[0]:
                self.update_cell(str(index), "state", cells[0])
            if cells[1] != shown[1]:
                self.update_cell(str(index), "tokens", cells[1])
            self._shown[index] = cells
