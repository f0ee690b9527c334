"""Rows of text that are each rendered once, while they stay the same, and repainted only when they change.

Textual renders a widget whole whenever it is refreshed: its text becomes Textual content, is formatted and
styled again, line by line, for every line. After a throw the log gains a line or two (the others only move
up), one player's money changes (the other players' rows stay), the dice and the key bar show what they
showed before, earlier in the game. Here each row is rendered by Textual's own pipeline (so it looks exactly
as a Static showing the same text would), kept by what it holds and the width, and only rows that changed
are marked for repainting.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from rich.text import Text
from textual.content import Content
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget

KEPT = 512
"""Rendered rows a widget keeps (all of them are dropped when there are more)."""


def row_key(row: Text) -> Hashable:
    """What a row's look depends on: its characters, their styles and the row's own style."""
    return (row.plain, tuple(row.spans), row.style)


class RowStrips:
    """The rendered rows of one widget, by what each row holds and the width; dropped when the widget's
    style changes (a theme, the focus)."""

    def __init__(self, widget: Widget) -> None:
        self.widget = widget
        self._strips: dict[tuple[Hashable, int], Strip] = {}
        self._style: object = None

    def clear(self) -> None:
        self._strips.clear()

    def strip(self, row: Text, width: int, y: int) -> Strip:
        """The row rendered at `width` as line `y` of the widget (whose offset text selection reads)."""
        widget = self.widget
        style = widget.visual_style
        if style is not self._style:
            self._strips.clear()
            self._style = style
        key = (row_key(row), width)
        strip = self._strips.get(key)
        if strip is None:
            if len(self._strips) >= KEPT:
                self._strips.clear()
            content = Content.from_rich_text(row, console=widget.app.console)
            strips = Visual.to_strips(widget, content, width, 1, style, apply_selection=False)
            strip = strips[0] if strips else Strip.blank(0)
            self._strips[key] = strip
        return strip.apply_offsets(0, y)


class Rows(Widget):
    """One line of text per row, laid out again only when the number of rows changes (never when the
    widget's height is fixed), repainting only the rows whose text changed."""

    DEFAULT_CSS = "Rows { height: auto; text-wrap: nowrap; text-overflow: clip; }"

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._rows: list[Text] = []
        self._row_keys: list[Hashable] = []
        self._strips = RowStrips(self)

    @property
    def texts(self) -> list[Text]:
        """The rows shown."""
        return list(self._rows)

    def set_rows(self, rows: Sequence[Text]) -> None:
        """Show these rows: the rows that changed are repainted; the screen is laid out again only when
        their number changed and the height is not fixed."""
        keys = [row_key(row) for row in rows]
        before = self._row_keys
        self._rows, self._row_keys = list(rows), keys
        if not self.is_mounted:
            self.refresh(layout=True)
            return
        if len(keys) != len(before):
            fixed = self.styles.height is not None and not self.styles.height.is_auto
            self.refresh(layout=not fixed)
            return
        width = max(self.size.width, 1)
        for y, (old, new) in enumerate(zip(before, keys, strict=True)):
            if old != new:
                self.refresh(Region(0, y, width, 1))

    def replace_rows(self, rows: Sequence[Text]) -> None:
        """Take these rows without asking for a repaint (while being laid out, which repaints)."""
        self._rows, self._row_keys = list(rows), [row_key(row) for row in rows]

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._strips.clear()

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return max((row.cell_len for row in self._rows), default=0)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._rows)

    def render(self) -> Text:
        """The whole text (what a selection of it copies)."""
        return Text("\n").join(self._rows)

    def render_line(self, y: int) -> Strip:
        if self.text_selection is not None:  # Textual renders the whole, with the selection shown
            return super().render_line(y)
        width = self.size.width
        if not 0 <= y < len(self._rows):
            return Strip.blank(width, self.visual_style.rich_style)
        return self._strips.strip(self._rows[y], width, y)
