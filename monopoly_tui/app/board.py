"""The board: 40 cells on an 11 x 11 ring around a centre, or a compact list (squares_list.py) when the
window is small."""

from __future__ import annotations

from collections.abc import Iterable

from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.color import Color
from textual.containers import Vertical
from textual.geometry import Region, Size
from textual.message import Message
from textual.strip import Strip
from textual.timer import Timer

from ..locale import tr
from ..session import PLAYER_COLORS, GameSession
from .blank import BlankContainer
from .cells import JAIL, Palette, cell_text, grid_position, squares_in_grid_order, standing
from .palette import theme_palette
from .rows import Rows
from .squares_list import Inspect, SquaresList

FULL = Size(120, 36)
"""The smallest terminal that shows the whole ring."""
BIG = Size(160, 50)
"""From here the centre has room to show the last card as a card."""
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


def side_of(index: int) -> str:
    """The CSS class of the ring's part the square is on."""
    row, column = grid_position(index)
    if row in (0, 10):
        return "side-top" if row == 0 else "side-bottom"
    return "side-left" if column == 0 else "side-right"


class SquareCell(Rows):
    """One square of the ring, drawn from the session; `redraw` repaints only the lines of its card that
    changed (an action changes two or three squares: working out all forty cards at each key press made
    most of its time, so a card is worked out again only when one of the things it shows is no longer the
    same, and of a card whose token left only the tokens' line is rendered and repainted again, each line
    as `Rows` renders it, without Textual's pipeline for the whole card)."""

    DEFAULT_CSS = "SquareCell { height: 100%; width: 100%; text-wrap: wrap; text-overflow: fold; }"
    """(Textual's own text wrap and overflow, as a widget's are, not those of `Rows`: the lines are as
    Textual renders them within the whole card.)"""

    def __init__(self, session: GameSession, index: int, board: BoardView) -> None:
        super().__init__(id=f"square-{index}", classes="square " + side_of(index))
        self.session = session
        self.index = index
        self.board = board
        self._shown_key: tuple[object, ...] | None = None

    def _here(self) -> bool:
        board = self.board
        state = self.session.state
        positions = board.positions
        position = state.players[state.turn].position if positions is None else positions[state.turn]
        return position == self.index and not state.is_over

    def key(self) -> tuple[object, ...]:
        """Everything `cell_text` reads that can change during a game: the size, the theme's colours, the
        square's owner, mortgage and buildings, the tokens on it (walking ones where they are shown), the
        player to move standing here (in jail or not), the pot."""
        board = self.board
        state, index = self.session.state, self.index
        return (
            self.size,
            board.palette,
            self._here(),
            state.owner[index],
            state.mortgaged[index],
            state.buildings[index],
            standing(state, index, board.positions),
            state.players[state.turn].in_jail if index == JAIL else None,
            state.pot if state.board.squares[index].kind == "free_parking" else None,
        )

    def content(self) -> Text:
        board = self.board
        state = self.session.state
        return cell_text(
            state,
            self.session.seats,
            self.index,
            self.size.width,
            self.size.height,
            board.palette,
            here=self._here(),
            positions=board.positions,
        )

    def _fresh(self, *, repaint: bool = False) -> None:
        """The card's lines for what it shows now, worked out again only when its key changed; with
        `repaint`, the lines that changed are marked for repainting."""
        key = self.key()
        if key != self._shown_key:
            self._shown_key = key
            lines = list(self.content().split("\n", allow_blank=True))
            if repaint:
                self.set_rows(lines)
            else:
                self.replace_rows(lines)

    def render_lines(self, crop: Region) -> list[Strip]:
        # the first time, and after a resize (which repaints the whole card): the lines for this size
        self._fresh()
        return super().render_lines(crop)

    def render(self) -> Text:
        self._fresh()
        return super().render()

    def render_line(self, y: int) -> Strip:
        """An empty line as Textual renders one within the whole card (an empty run in the card's
        style; the quick way leaves it out), the others as `Rows` renders them."""
        if self.text_selection is None and 0 <= y < len(self._rows) and not self._rows[y].plain:
            return Strip([Segment("", self.visual_style.rich_style)], 0).apply_offsets(0, y)
        return super().render_line(y)

    def on_click(self, event: events.Click) -> None:
        board = self.board
        event.stop()
        board.can_focus = True  # the board takes focus only to be looked at (not in replay, say)
        board.focus()
        board.move_cursor(self.index)

    def redraw(self) -> None:
        if self.is_mounted:
            self._fresh(repaint=True)


RING_STEPS = {"left": (0, -1), "right": (0, 1), "up": (-1, 0), "down": (1, 0)}


class Walked(Message):
    """A walking token stands on its square (the walk ended, or a key skipped it)."""


class BoardView(BlankContainer):
    """The ring of cells with `centre` in the middle; `compact` shows the list beside the centre.

    Focused (key l, or a click on a square), arrows move a cursor from square to square round the ring
    and the centre shows the square under it; Esc gives the keys back to the prompt."""

    BINDINGS = [
        *(Binding(key, f"step('{key}')", tr("binding.inspect"), show=False) for key in RING_STEPS),
        Binding("escape", "leave", tr("binding.back"), show=False),
    ]

    DEFAULT_CSS = """
    BoardView { layout: grid; grid-size: 3 3; height: 1fr; }
    BoardView > #centre { padding: 0 2; }
    BoardView > SquaresList { display: none; }
    BoardView > .ring-row { column-span: 3; layout: grid; grid-size: 11 1; }
    BoardView > .ring-column { layout: grid; grid-size: 1 9; }
    BoardView #prompt-choices {
        layout: grid; grid-size: 3; grid-columns: 1fr; grid-rows: 1; grid-gutter: 0 1;
    }
    BoardView #prompt-choices Button { width: 100%; }
    BoardView #prompt-choices Button.wide { column-span: 2; }
    BoardView.compact { layout: horizontal; }
    BoardView.compact > .ring { display: none; }
    BoardView.compact > SquaresList { display: block; width: 39; height: 100%; }
    BoardView.compact > #centre { width: 1fr; height: 100%; padding: 0 1; }
    BoardView.compact #prompt-choices { grid-size: 2; grid-columns: 1fr; }
    BoardView.compact #prompt-choices Button.long { column-span: 2; }
    """

    def __init__(self, session: GameSession, centre: Vertical) -> None:
        super().__init__(id="board")
        self.session = session
        self.centre = centre
        self.palette = Palette()
        self.positions: tuple[int, ...] | None = None
        """Where the tokens are shown while one walks square by square (None: where they stand)."""
        self.cursor: int | None = None
        """The square looked at (None: nobody is looking)."""
        self._walk: tuple[int, list[int]] | None = None
        self._walk_timer: Timer | None = None
        self.cells: dict[int, SquareCell] = {}
        """The ring's cells by square."""
        self._drawn: (
            tuple[tuple[object, ...], tuple[object, ...], tuple[object, ...], tuple[int, ...]] | None
        ) = None
        """What `redraw` last looked at: the owners, mortgages, buildings and tokens shown."""
        self._parking = [i for i, sq in enumerate(session.state.board.squares) if sq.kind == "free_parking"]

    def on_mount(self) -> None:
        self._theme_changed(None)
        self.app.theme_changed_signal.subscribe(self, self._theme_changed)

    def _theme_changed(self, _theme: object) -> None:
        """Cards take the new theme's colours; the line between cards (monopoly.tcss draws it in the
        theme's text colour) is moved off the card's colour where 16 colours would lose it."""
        session = self.session
        tokens = {*PLAYER_COLORS, *(seat.color for seat in session.seats)}
        self.palette = theme_palette(self.app, session.state.board.groups, tokens)
        edge = Color.parse(self.palette.edge)
        for cell in self.query(".side-top, .side-bottom").exclude("#square-30, #square-0"):
            cell.styles.border_right = ("solid", edge)
        self.redraw(everything=True)

    def compose(self) -> ComposeResult:
        """The list (shown in the compact layout), then the ring: the top row, the left column, the centre,
        the right column, the bottom row. Each side is a container of its own: Textual repaints whatever
        its container's region overlaps a change, so a change in the centre leaves the ring alone."""
        yield SquaresList(self.session)
        self.cells = {index: SquareCell(self.session, index, self) for index in range(40)}
        top: list[int] = []
        left: list[int] = []
        right: list[int] = []
        bottom: list[int] = []
        for index in squares_in_grid_order():
            row, column = grid_position(index)
            (top if row == 0 else bottom if row == 10 else left if column == 0 else right).append(index)
        with BlankContainer(id="ring-top", classes="ring ring-row"):
            yield from (self.cells[i] for i in top)
        with BlankContainer(id="ring-left", classes="ring ring-column"):
            yield from (self.cells[i] for i in left)
        yield self.centre
        with BlankContainer(id="ring-right", classes="ring ring-column"):
            yield from (self.cells[i] for i in right)
        with BlankContainer(id="ring-bottom", classes="ring ring-row"):
            yield from (self.cells[i] for i in bottom)

    def fit(self, width: int, height: int) -> None:
        """Choose the ring or the compact layout for the given terminal size."""
        compact = width < FULL.width or height < FULL.height
        was_compact = self.has_class("compact")
        self.set_class(compact, "compact")
        if compact and not was_compact and self.is_mounted:
            self.query_one(SquaresList).refresh_rows()
        if not compact:
            columns, rows = ring_tracks(width, height - 1)
            corner_w, side_w = columns.split()[:2]
            corner_h, side_h = rows.split()[:2]
            self.styles.grid_columns = f"{corner_w} {9 * int(side_w)} {corner_w}"
            self.styles.grid_rows = f"{corner_h} {9 * int(side_h)} {corner_h}"
            for side in ("#ring-top", "#ring-bottom"):
                self.query_one(side).styles.grid_columns = columns
            for side in ("#ring-left", "#ring-right"):
                self.query_one(side).styles.grid_rows = " ".join([side_h] * 9)

    def redraw(self, *, everything: bool = False) -> None:
        """Repaint the cells whose card changed. Only these can have: where a token stands or stood (as
        shown), a square whose owner, mortgage or buildings changed, and free parking (its pot); each of
        them is repainted only if what it shows is no longer the same (`SquareCell.key`). A key press
        changes two or three squares: looking at all forty made a good part of its time."""
        state = self.session.state
        positions = self.positions or tuple(p.position for p in state.players)
        drawn = (state.owner, state.mortgaged, state.buildings, positions)
        before, self._drawn = self._drawn, drawn
        squares: Iterable[int] = self.cells
        if not everything and before is not None and len(before[3]) == len(positions):
            changed = {
                i
                for old, new in zip(before[:3], drawn[:3], strict=True)
                if old is not new
                for i, (a, b) in enumerate(zip(old, new, strict=True))
                if a != b
            }
            changed.update(before[3], positions, self._parking)
            squares = changed
        for index in squares:
            self.cells[index].redraw()
        if self.has_class("compact"):
            rows = self.query_one(SquaresList)
            rows.refresh_rows(self.positions)
            rows.follow(self.positions)

    # --- a token walking square by square ------------------------------------------------------------

    WALK_STEP = 0.09
    """Seconds a walking token stays on each square (0: tokens jump)."""

    def walk(self, seat: int, start: int, end: int) -> None:
        """Show `seat`'s token going from start to end one square at a time (backwards for a short way
        back, as «back 3 squares»); the state is already at the end: only the picture lags (on the ring,
        or in the compact layout the list's highlighted row). The caller redraws the board after (the
        game screen does, at once: a redraw here too made the list's forty rows twice the work)."""
        self.finish_walk()
        forward = (end - start) % 40
        if not self.WALK_STEP or forward == 0:
            return
        steps = [(start + k) % 40 for k in range(1, forward + 1)]
        if forward > 36:  # a card's step back
            steps = [(start - k) % 40 for k in range(1, 40 - forward + 1)]
        state = self.session.state
        positions = [p.position for p in state.players]
        positions[seat] = start
        self.positions = tuple(positions)
        self._walk = (seat, steps)
        self._walk_timer = self.set_interval(self.WALK_STEP, self._walk_on)

    @property
    def walking(self) -> bool:
        return self._walk is not None

    @property
    def walker(self) -> int | None:
        """The seat whose token walks now (None: every token stands)."""
        return None if self._walk is None else self._walk[0]

    def _walk_on(self) -> None:
        if self._walk is None or self.positions is None:
            return
        seat, steps = self._walk
        positions = list(self.positions)
        positions[seat] = steps.pop(0)
        self.positions = tuple(positions)
        if steps:
            self.redraw()
        else:
            self.finish_walk()

    def finish_walk(self) -> None:
        """The token where it stands now (a key skips the walk); the screen hears of it (`Walked`) and
        shows what the square holds."""
        if self._walk_timer is not None:
            self._walk_timer.stop()
            self._walk_timer = None
        if self._walk is not None:
            self._walk, self.positions = None, None
            self.redraw()
            self.post_message(Walked())

    def inspect(self) -> None:
        """Start looking at squares: the list in the compact layout, else the ring from the mover's square."""
        if self.has_class("compact"):
            self.query_one(SquaresList).look()
            return
        self.can_focus = True
        self.focus()
        if self.cursor is None:
            state = self.session.state
            self.move_cursor(state.players[state.turn].position)

    def move_cursor(self, square: int) -> None:
        if self.cursor is not None:
            self.query_one(f"#square-{self.cursor}").remove_class("cursor")
        self.cursor = square
        self.query_one(f"#square-{square}").add_class("cursor")
        self.post_message(Inspect(square))

    def on_focus(self) -> None:
        if self.cursor is None:
            state = self.session.state
            self.move_cursor(state.players[state.turn].position)

    def on_blur(self) -> None:
        self.can_focus = False
        if self.cursor is not None:
            self.query_one(f"#square-{self.cursor}").remove_class("cursor")
        self.cursor = None
        self.post_message(Inspect(None))

    def action_step(self, key: str) -> None:
        """The next square in the arrow's direction on the ring (along a side, or round a corner)."""
        if self.cursor is None:
            return
        row, column = grid_position(self.cursor)
        d_row, d_column = RING_STEPS[key]
        target = (row + d_row, column + d_column)
        squares = {grid_position(i): i for i in range(40)}
        if target in squares:
            self.move_cursor(squares[target])

    def action_leave(self) -> None:
        self.screen.set_focus(None)
