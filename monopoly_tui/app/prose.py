"""Text that wraps only at ordinary spaces, so an amount («1 500 000 ₽», no-break spaces inside) is never
split across a line end, and that reflows whenever its width changes.

Textual and Rich break lines at every Unicode space, the no-break one included; these widgets wrap the
text themselves and hand Textual lines that are not to be wrapped again.
"""

from __future__ import annotations

import re
from collections.abc import Hashable

from rich.text import Text
from textual import events
from textual.app import RenderResult
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget

from ..locale import tr
from .rows import KEPT, KeptLines, RowStrips, row_key

CHUNK = re.compile(r"[^ ]+ *| +")
"""A word with the ordinary spaces after it (a no-break space belongs to the word)."""


def wrap_prose(text: Text, width: int) -> list[Text]:
    """Lines of at most `width` cells, broken at ordinary spaces and line breaks only; a word longer than
    the whole width is folded."""
    width = max(1, width)
    lines: list[Text] = []
    for line in text.split("\n", allow_blank=True):
        plain = line.plain
        breaks: list[int] = []
        used = 0
        for match in CHUNK.finditer(plain):
            start, word = match.start(), match.group()
            size = len(word.rstrip(" "))
            if used and used + size > width:
                breaks.append(start)
                used = 0
            while size > width:  # fold a word longer than the line
                start += width
                breaks.append(start)
                size -= width
                word = word[width:]
            used += len(word)
        for part in line.divide(breaks) if breaks else [line]:
            part.rstrip()
            lines.append(part)
    return lines


class Prose(KeptLines):
    """A block of text wrapped by `wrap_prose` to the widget's width (height: as many lines as that gives).
    Strings are shown as plain text, never as markup: prompts and the log carry players' names. Its lines
    are kept while it is not refreshed, and by what each shows (`KeptLines`)."""

    DEFAULT_CSS = "Prose { height: auto; text-wrap: nowrap; text-overflow: clip; }"

    def __init__(
        self, content: Text | str = "", *, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(id=id, classes=classes)
        self._text = Text(content) if isinstance(content, str) else content
        self._wrapped: tuple[int, list[Text]] | None = None
        self._keep = 0
        """Lines of room kept (0: as tall as the text)."""
        self._kept_rows = 0
        self._strips = RowStrips(self)

    @property
    def text(self) -> Text:
        return self._text

    def update(self, content: Text | str, *, keep: int = 0) -> None:
        """Show the text; with `keep`, in at least that many lines (a fixed height while it fits, so that
        a new text of no more lines is repainted in place)."""
        text = Text(content) if isinstance(content, str) else content
        if text == self._text and not keep:
            return
        before = self._wrapped
        self._text, self._wrapped = text, None
        width = self.content_region.width
        if keep:
            self._keep = keep
            if self.is_mounted and width > 0:
                self._fit_kept(width)
            else:
                self.refresh(layout=True)
            return
        if self._keep:  # the room kept is no longer asked for (the compact layout): as tall as the text
            self._keep = self._kept_rows = 0
            self.styles.clear_rule("height")
            self.refresh(layout=True)
            return
        steady = (
            self.is_mounted
            and before is not None
            and before[0] == width
            and not (self.styles.width is not None and self.styles.width.is_auto)
            and len(self.lines(width)) == len(before[1])
        )
        # as many lines at the same width: repainted in place, no layout of the screen
        self.refresh(layout=not steady)

    def _fit_kept(self, width: int) -> None:
        rows = max(self._keep, len(self.lines(width)) if self._text.plain else 0)
        if self._kept_rows != rows:
            self._kept_rows = rows
            self.styles.height = rows  # a layout, once, when the room needed changes
        else:
            self.refresh()

    def on_resize(self) -> None:
        if self._keep and self.content_region.width > 0:
            self._fit_kept(self.content_region.width)

    def lines(self, width: int) -> list[Text]:
        if self._wrapped is None or self._wrapped[0] != width:
            self._wrapped = (width, wrap_prose(self._text, width))
        return self._wrapped[1]

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return max((len(line) for line in self._text.split("\n")), default=0)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines(width)) if self._text.plain else 0

    def render(self) -> RenderResult:
        """The whole text (what a selection of it copies)."""
        return Text("\n").join(self.lines(self.content_region.width or self.size.width))

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._strips.clear()

    def shows(self, ys: range) -> list[Hashable]:
        top, lines = self.styles.gutter.top, self.lines(self.content_region.width or self.size.width)
        return [row_key(lines[y - top]) if 0 <= y - top < len(lines) else None for y in ys]

    def render_line(self, y: int) -> Strip:
        """A line, rendered on its own as Textual renders it within the whole and kept while it holds the
        same text at this width: a new prompt changes its title and lines, and Textual rendered all of
        the text again, style by style, for each of them."""
        if self.text_selection is not None:  # Textual renders the whole, with the selection shown
            return super().render_line(y)
        lines = self.lines(self.content_region.width or self.size.width)
        width = self.size.width
        if not 0 <= y < len(lines):
            return Strip.blank(width, self.visual_style.rich_style)
        return self._strips.strip(lines[y], width, y)


class GameLog(Widget, can_focus=True):
    """The game's log: its newest lines, wrapped by `wrap_prose` to the width it has now (after a resize
    too). Writing a line repaints it in place, with no layout of the screen. Focused (Tab or a click),
    arrows, PgUp/PgDn and Home/End scroll back and forth, as does the mouse wheel; scrolled back it
    stays where it is as lines come, and its last row says how many newer rows there are."""

    DEFAULT_CSS = """
    GameLog { height: 1fr; text-wrap: nowrap; text-overflow: clip; }
    GameLog:focus { background-tint: $foreground 5%; }
    """

    BINDINGS = [
        Binding("up", "scroll_rows(1)", show=False),
        Binding("down", "scroll_rows(-1)", show=False),
        Binding("pageup", "scroll_page(1)", show=False),
        Binding("pagedown", "scroll_page(-1)", show=False),
        Binding("home", "scroll_rows(1000000)", show=False),
        Binding("end", "scroll_rows(-1000000)", show=False),
    ]

    def __init__(self, *, max_lines: int = 500, id: str | None = None) -> None:
        super().__init__(id=id)
        self.max_lines = max_lines
        self._lines: list[Text] = []
        self._wrapped: list[list[Text]] = []
        """Each line's rows at `_width`."""
        self._width = 0
        self.back = 0
        """Rows scrolled back from the newest (0: the newest row is the last one shown)."""
        self._strips = RowStrips(self)
        self._written = 0
        """Lines written so far (the rows shown change with them)."""
        self._on_screen: tuple[tuple[int, int, int, int], list[Text]] | None = None
        """The rows shown, worked out for a width, a height, the rows scrolled back and the lines written."""
        self._finished: dict[tuple[Hashable, int], Strip] = {}
        """Rows as Textual finished them for the screen (the widget's background, the app's filters), by
        what they hold and the width: a row moved up by a new line is not worked out again."""

    @property
    def texts(self) -> list[Text]:
        return list(self._lines)

    def rows(self, width: int) -> list[Text]:
        """Every line of the log wrapped to `width`, in order."""
        if width != self._width:
            self._width, self._wrapped = width, [wrap_prose(line, width) for line in self._lines]
        return [row for rows in self._wrapped for row in rows]

    def write(self, *lines: str | Text) -> None:
        if not lines:
            return
        new = [Text(line) if isinstance(line, str) else line for line in lines]
        self._lines += new
        self._written += len(new)
        wrapped = [wrap_prose(line, self._width) for line in new] if self._width else [[] for _ in new]
        self._wrapped += wrapped
        if self.back:  # scrolled back: the rows shown stay where they are
            self.back += sum(len(rows) for rows in wrapped)
        excess = len(self._lines) - self.max_lines
        if excess > 0:
            del self._lines[:excess], self._wrapped[:excess]
        self.refresh()

    def shown(self) -> list[Text]:
        """The rows on the screen now: the newest, or those scrolled back to."""
        width, height = self.content_region.width, self.content_region.height
        rows = self.rows(width)
        self.back = max(0, min(self.back, len(rows) - height))
        end = len(rows) - self.back
        shown = rows[max(0, end - height) : end]
        if self.back and shown:
            shown[-1] = Text(tr("log.newer", count=self.back).ljust(width), style="reverse")
        return shown

    def render(self) -> RenderResult:
        return Text("\n").join(self.shown())

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._strips.clear()
        self._finished.clear()

    def render_lines(self, crop: Region) -> list[Strip]:
        """The rows as Textual finishes them (its rule above them included), each row finished once while
        it holds the same text at this width: a new line moves every row up, and each was worked out
        again through Textual's styles (most of the log's part in a throw). Its own lines (the rule) and
        rows not seen yet go through Textual as before; a row seen before gets its new place's offsets
        (what a selection by the mouse reads)."""
        if self.text_selection is not None:
            return super().render_lines(crop)
        width = self.size.width
        top = self.content_region.y - self.region.y
        height = self.content_region.height
        rows = self._rows_shown()
        keys = [
            (row_key(rows[y - top]) if y - top < len(rows) else None, width)
            if 0 <= y - top < height
            else (("rule", y), width)  # its own line (kept too: no offsets for a selection there)
            for y in crop.line_range
        ]
        if len(self._finished) + len(keys) > KEPT:
            self._finished.clear()
        new = [y for y, key in zip(crop.line_range, keys, strict=True) if key not in self._finished]
        if new:  # the new rows (at the bottom, together) through Textual at once
            done = super().render_lines(Region(0, new[0], width, new[-1] - new[0] + 1))
            for y, key in zip(crop.line_range, keys, strict=True):
                if key not in self._finished and new[0] <= y <= new[-1]:
                    self._finished[key] = done[y - new[0]]
        lines = [
            self._finished[key].apply_offsets(0, y - top) if 0 <= y - top < height else self._finished[key]
            for y, key in zip(crop.line_range, keys, strict=True)
        ]
        if crop.column_span != (0, width):
            lines = [line.crop(*crop.column_span) for line in lines]
        return lines

    def _rows_shown(self) -> list[Text]:
        region = self.content_region
        key = (region.width, region.height, self.back, self._written)
        if self._on_screen is None or self._on_screen[0] != key:
            self._on_screen = (key, self.shown())
        return self._on_screen[1]

    def render_line(self, y: int) -> Strip:
        """A row, rendered once while it is shown at this width (a new line moves the others up)."""
        if self.text_selection is not None:  # Textual renders the whole, with the selection shown
            return super().render_line(y)
        shown = self._rows_shown()
        width = self.size.width
        if not 0 <= y < len(shown):
            return Strip.blank(width, self.visual_style.rich_style)
        return self._strips.strip(shown[y], width, y)

    def action_scroll_rows(self, rows: int) -> None:
        self.back = max(0, self.back + rows)
        self.refresh()

    def action_scroll_page(self, pages: int) -> None:
        self.action_scroll_rows(pages * max(1, self.content_region.height - 1))

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        event.stop()
        self.action_scroll_rows(3)

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        event.stop()
        self.action_scroll_rows(-3)
