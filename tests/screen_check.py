"""What a player reads on the screen, cell by cell, checked for the faults of issue 10: an amount split
across a line end, a word of one part of the screen running into its neighbour's text without a gap, a
word or a choice cut short.

The screen is read from the compositor: every cell's character, its style and the widget that drew it.
A *piece* of text is what one widget draws on one background: two pieces side by side need a gap (a
space, a border) between their words. Amounts are digit groups and «₽»: the tail of one («000 ₽»)
never starts a line or a column under its head («75»), and inside one only no-break spaces are used, so
that no wrap can ever split it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from rich.cells import cell_len
from rich.style import Style
from textual.app import App
from textual.screen import ModalScreen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Footer

__all__ = ["Cell", "Screen", "faults", "read_screen", "screen_faults"]

WORD = re.compile(r"[\w₽.,:!?»«)(\]\[%+−-]")
"""Characters of a word, a number, or punctuation stuck to one: two pieces touching on these run together."""
LETTER = re.compile(r"[^\W_]")
"""Letters and digits: two of them touching on different backgrounds run together (a coloured mark
against a name, a key against its label)."""
HEAD = re.compile(r"\d,?[ \u00a0]?$")
"""The end of a chunk that could be the head of an amount cut after it («Залог 75», «10 381», «₽75,»)."""
TAIL = re.compile(r"^(?:\d{3}(?:[ \u00a0]\d{3})*[ \u00a0]?₽|\d{3}\b(?![ \u00a0]?\d)|₽(?![\d,]))")
"""The start of a chunk that is the rest of an amount («000 ₽», «000», «₽»; not an English «₽75,000»)."""
LOOSE_AMOUNT = re.compile(r"\d(?: \d{3}(?!\d))+(?:[ \u00a0]₽)?|\d[\u00a0]?\d{3}(?:[\u00a0]\d{3})* ₽")
"""An amount with an ordinary (breakable) space inside: «75 000 ₽» or «75 000 ₽»."""
ELLIPSIS_CUT = re.compile(r"[^\W_]…")
"""A letter right before «…»: a word cut short (unless the text itself says so, see `allowed`)."""


@dataclass(frozen=True)
class Cell:
    char: str
    style: Style
    widget: Widget | None

    @property
    def background(self) -> object:
        """The colour the cell's background shows (a reversed style shows its text colour there)."""
        style = self.style
        return style.color if style.reverse else style.bgcolor


@dataclass
class Screen:
    """The rows of cells of what is shown."""

    rows: list[list[Cell]]
    cut: list[str] = field(default_factory=list)
    """Widgets that run off the screen (or out of their container) at the right, on rows shown."""

    def text(self) -> str:
        return "\n".join("".join(c.char for c in row) for row in self.rows)


def cells_of(strips: Sequence[Strip], widget_at: object = None) -> list[list[Cell]]:
    """Cells of rendered strips; `widget_at(x, y)` names the widget drawn at each cell (or None)."""
    rows = []
    for y, strip in enumerate(strips):
        row: list[Cell] = []
        for segment in strip:
            style = segment.style or Style()
            for ch in segment.text:
                for part in range(max(1, cell_len(ch))):  # a wide character's second cell is empty
                    x = len(row)
                    widget = widget_at(x, y) if callable(widget_at) else None
                    row.append(Cell("" if part else ch, style, widget))
        rows.append(row)
    return rows


def read_screen(app: App[object]) -> Screen:
    """What the app's screen shows now."""
    compositor = app.screen._compositor
    strips = compositor.render_strips()

    def widget_at(x: int, y: int) -> Widget | None:
        try:
            return compositor.get_widget_at(x, y)[0]
        except Exception:  # a cell no widget covers (the screen's own background)
            return None

    def behind(cell: Cell) -> Cell:
        """Around a dialog, the (dimmed) screen beneath shows through, cut where the dialog begins: it
        is checked on its own, not as the dialog's text."""
        return Cell(" ", cell.style, None) if isinstance(cell.widget, ModalScreen) else cell

    cut = []
    for widget, geometry in compositor.full_map.items():
        region, clip = geometry.region, geometry.clip
        shown_rows = region.y < clip.bottom and region.bottom > clip.y
        if widget.display and region.width and shown_rows and region.right > clip.right:
            cut.append(f"{widget} runs off the screen at the right: {region} in {clip}")
    rows = [[behind(cell) for cell in row] for row in cells_of(strips, widget_at)]
    return Screen(rows, cut)


def text_rows(text: str, width: int | None = None) -> list[list[Cell]]:
    """A plain text as one widget's cells (for testing the checks themselves)."""
    plain = Style()
    lines = text.split("\n")
    width = width or max(len(line) for line in lines)
    return [[Cell(ch, plain, None) for ch in line.ljust(width)] for line in lines]


def _chunks(text: str) -> Iterable[tuple[int, int, str]]:
    """(start, end, chunk) of the text's parts between runs of two or more spaces."""
    for match in re.finditer(r"\S+(?: \S+)*", text.replace("\u00a0", "\x00")):
        yield match.start(), match.end(), match.group().replace("\x00", "\u00a0")


def faults(screen: Screen, allowed: Iterable[str] = ()) -> list[str]:
    """Every fault of the screen, as a sentence naming the row and the text; `allowed` are texts with
    «…» that say so themselves (a placeholder «Найти команду…», where the input's cursor stands on a
    letter of its own background)."""
    found: list[str] = list(screen.cut)
    rows = screen.rows
    pieces: dict[object, dict[int, list[tuple[int, str]]]] = {}
    """For every widget, its rows: (x, char) of the cells it drew."""
    for y, row in enumerate(rows):
        line = "".join(c.char or " " for c in row)
        spared = {
            x for a in allowed for m in re.finditer(re.escape(a), line) for x in range(m.start(), m.end())
        }
        for x, cell in enumerate(row):
            pieces.setdefault(cell.widget, {}).setdefault(y, []).append((x, cell.char))
            if x + 1 >= len(row):
                continue
            right = row[x + 1]
            context = line[max(0, x - 12) : x + 13]
            if cell.widget is not right.widget and WORD.match(cell.char) and WORD.match(right.char):
                found.append(f"row {y}: {context!r}: {cell.widget} runs into {right.widget}")
            elif (
                x + 2 < len(row)
                and right.char == " "
                and WORD.match(cell.char)
                and WORD.match(row[x + 2].char)
                and len({cell.widget, right.widget, row[x + 2].widget}) == 3
                and not in_footer(cell.widget)  # keys one blank apart, each on its own background
            ):
                found.append(f"row {y}: {context!r}: {cell.widget} one blank from {row[x + 2].widget}")
            elif (
                x not in spared
                and LETTER.match(cell.char)
                and LETTER.match(right.char)
                and cell.background != right.background
            ):
                found.append(f"row {y}: {context!r}: two backgrounds without a gap at column {x + 1}")
        for match in LOOSE_AMOUNT.finditer(line):
            found.append(f"row {y}: {match.group()!r}: an amount with a breakable space")
        for match in ELLIPSIS_CUT.finditer(line):
            if not any(a in line for a in allowed):
                found.append(f"row {y}: {line[max(0, match.start() - 20) : match.end()]!r}: a word cut short")
    for widget, widget_rows in pieces.items():
        lines = {y: _widget_line(cells) for y, cells in widget_rows.items()}
        for y, (offset, text) in lines.items():
            if y + 1 not in lines:
                continue
            below_offset, below = lines[y + 1]
            above = text.rstrip()
            # a paragraph's line ends on the head of an amount, the next line starts with its tail
            if HEAD.search(above) and TAIL.match(below.lstrip()):
                found.append(f"{widget}: an amount split: {above.strip()!r} / {below.strip()!r}")
                continue
            # a column: a cell's head on one row, its tail under it on the next
            heads = [(offset + s, offset + e, c) for s, e, c in _chunks(text) if HEAD.search(c)]
            for start, end, chunk in _chunks(below):
                if not TAIL.match(chunk):
                    continue
                start, end = start + below_offset, end + below_offset
                for h_start, h_end, head in heads:
                    if h_start < end and start < h_end:
                        found.append(f"{widget}: an amount split in a column: {head!r} / {chunk!r}")
    return found


def in_footer(widget: object) -> bool:
    return isinstance(widget, Widget) and any(isinstance(node, Footer) for node in widget.ancestors_with_self)


def _widget_line(cells: list[tuple[int, str]]) -> tuple[int, str]:
    """(x of the first cell, text) of one widget's cells on one row; a gap where other widgets drew
    reads as spaces."""
    first = cells[0][0]
    text = [" "] * (cells[-1][0] - first + 1)
    for x, ch in cells:
        text[x - first] = ch or " "
    return first, "".join(text)


def screen_faults(app: App[object], allowed: Iterable[str] = ()) -> list[str]:
    """The faults of what the app shows now."""
    return faults(read_screen(app), allowed)
