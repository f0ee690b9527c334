"""The board: 40 cells on an 11 x 11 ring around a centre, or a compact list when the window is small."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Container, Vertical
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import DataTable

from ..locale import tr
from ..session import GameSession
from .cells import cell_text, grid_position, squares_in_grid_order, status_text, tokens_text

FULL = Size(120, 36)
"""The smallest terminal that shows the whole ring."""
COMPACT = Size(80, 24)
"""The smallest terminal that is playable (a list of squares instead of the ring)."""


def ring_tracks(width: int, height: int) -> tuple[str, str]:
    """CSS grid-columns and grid-rows for the ring filling width x height (footer excluded)."""
    corner_w = max(15, width // 8)
    side_w = max(8, (width - 2 * corner_w) // 9)
    corner_w = (width - 9 * side_w) // 2
    side_h = max(3, (height - 2) // 11)
    corner_h = max(side_h + 1, (height - 9 * side_h) // 2)
    columns = " ".join([str(corner_w), *[str(side_w)] * 9, str(corner_w)])
    rows = " ".join([str(corner_h), *[str(side_h)] * 9, str(corner_h)])
    return columns, rows


class SquareCell(Widget):
    """One square of the ring, drawn from the session; `redraw` repaints it only when what it shows changed
    (an action changes two or three squares: repainting all forty made most of a key press's time)."""

    DEFAULT_CSS = "SquareCell { height: 100%; width: 100%; }"

    def __init__(self, session: GameSession, index: int) -> None:
        row, column = grid_position(index)
        super().__init__(
            id=f"square-{index}", classes="square " + ("light" if (row + column) % 2 else "dark")
        )
        self.session = session
        self.index = index
        self._shown: Text | None = None

    def content(self) -> Text:
        return cell_text(
            self.session.state, self.session.seats, self.index, self.size.width, self.size.height
        )

    def render(self) -> Text:
        self._shown = self.content()
        return self._shown

    def redraw(self) -> None:
        if self.content() != self._shown:
            self.refresh()


class SquaresList(DataTable[Text]):
    """The compact layout's board: one row per square; `refresh_rows` rewrites only the cells that changed."""

    def __init__(self, session: GameSession) -> None:
        super().__init__(id="squares-list", cursor_type="row", zebra_stripes=True)
        self.session = session
        self._shown: list[tuple[Text, Text]] = []
        """Each square's state and tokens cells as last written."""

    def on_mount(self) -> None:
        self.add_column("№", width=2)
        self.add_column(tr("list.square"), width=15)
        self.add_column(tr("list.state"), width=10, key="state")
        self.add_column(tr("list.tokens"), width=5, key="tokens")
        state = self.session.state
        for index, sq in enumerate(state.board.squares):
            name = Text(sq.short)
            group = getattr(sq, "group", None)
            if group is not None:
                g = state.board.group(group)
                name = Text(f"{g.mark} ", style=Style(color=g.color, bold=True)) + name
            cells = self._cells(index)
            self.add_row(Text(str(index)), name, *cells, key=str(index))
            self._shown.append(cells)

    def _cells(self, index: int) -> tuple[Text, Text]:
        state, seats = self.session.state, self.session.seats
        return status_text(state, seats, index, 10), tokens_text(state, seats, index)

    def refresh_rows(self) -> None:
        if not self._shown:  # not mounted yet: on_mount fills the rows
            return
        for index, shown in enumerate(self._shown):
            cells = self._cells(index)
            if cells == shown:
                continue
            if cells[0] != shown[0]:
                self.update_cell(str(index), "state", cells[0])
            if cells[1] != shown[1]:
                self.update_cell(str(index), "tokens", cells[1])
            self._shown[index] = cells


class BoardView(Container):
    """The ring of cells with `centre` in the middle; `compact` shows the list beside the centre."""

    DEFAULT_CSS = """
    BoardView { layout: grid; grid-size: 11 11; height: 1fr; }
    BoardView > #centre { column-span: 9; row-span: 9; padding: 0 1; }
    BoardView > SquaresList { display: none; }
    BoardView > SquareCell.dark { background: $panel; }
    BoardView > SquareCell.light { background: $surface; }
    BoardView.compact { layout: horizontal; }
    BoardView.compact > SquareCell { display: none; }
    BoardView.compact > SquaresList { display: block; width: 42; height: 100%; }
    BoardView.compact > #centre { width: 1fr; height: 100%; }
    BoardView.compact #prompt-choices { layout: grid; grid-size: 2; grid-rows: 1; grid-gutter: 0 1; }
    BoardView.compact #prompt-choices Button { width: 100%; }
    BoardView.compact #prompt-choices Button.long { column-span: 2; }
    """

    def __init__(self, session: GameSession, centre: Vertical) -> None:
        super().__init__(id="board")
        self.session = session
        self.centre = centre

    def compose(self) -> ComposeResult:
        yield SquaresList(self.session)
        for index in squares_in_grid_order():
            yield SquareCell(self.session, index)
            if index == 19:  # after the first cell of the second row comes the centre
                yield self.centre

    def fit(self, width: int, height: int) -> None:
        """Choose the ring or the compact layout for the given terminal size."""
        compact = width < FULL.width or height < FULL.height
        was_compact = self.has_class("compact")
        self.set_class(compact, "compact")
        if compact and not was_compact and self.is_mounted:
            self.query_one(SquaresList).refresh_rows()
        if not compact:
            columns, rows = ring_tracks(width, height - 1)
            self.styles.grid_columns = columns
            self.styles.grid_rows = rows

    def redraw(self) -> None:
        for cell in self.query(SquareCell):
            cell.redraw()
        if self.has_class("compact"):
            self.query_one(SquaresList).refresh_rows()
