"""Rows of text that are each rendered once, while they stay the same, and repainted only when they change.

Textual renders a widget whole whenever it is refreshed: its text becomes Textual content, is formatted and
styled again, line by line, for every line. After a throw the log gains a line or two (the others only move
up), one player's money changes (the other players' rows stay), the dice and the key bar show what they
showed before, earlier in the game. Here each row is rendered as Textual's own pipeline renders it (so it
looks exactly as a Static showing the same text would; `quick_strip` does it without the pipeline's general
machinery where a row is simple), kept by what it holds and the width, and only rows that changed are marked
for repainting.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Sequence
from itertools import pairwise
from typing import Self

from rich.segment import Segment
from rich.style import Style as RichStyle
from rich.terminal_theme import TerminalTheme
from rich.text import Text
from textual.content import Content
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.style import Style
from textual.visual import Visual
from textual.widget import Widget

KEPT = 512
"""Rendered rows a widget keeps (all of them are dropped when there are more)."""

AWKWARD = re.compile(r"[\x00-\x1f\x7f]")
"""Characters Textual expands or removes in a line (tabs, control codes): such rows go through Textual."""

_looks: dict[tuple[object, ...], RichStyle] = {}
"""The terminal style of a run of text, by the widget's style and the styles of the spans over the run."""


def _look(widget: Widget, theme: TerminalTheme, base: Style, spans: tuple[RichStyle | str, ...]) -> RichStyle:
    """What Textual's pipeline makes of a run under these spans (its `Content.render` and `to_strip`): the
    spans' Rich styles as Textual styles (the theme's ANSI colours), added up in order over the widget's
    style, added to that style once more."""
    key = (base, theme, spans)
    look = _looks.get(key)
    if look is None:
        get_style = widget.app.console.get_style
        styles = [
            Style.from_rich_style(get_style(span) if isinstance(span, str) else span, theme) for span in spans
        ]
        look = (base + Style.combine([base, *styles])).rich_style
        if len(_looks) >= 4 * KEPT:
            _looks.clear()
        _looks[key] = look
    return look


def quick_strip(widget: Widget, row: Text, width: int, style: Style) -> Strip | None:
    """The row as `Visual.to_strips` renders it for the widget (left-aligned on one line, each run of text
    in its terminal style with its offset, which a selection by the mouse reads), without Textual's
    general pipeline: most of a throw's time went there, a style worked out for every run of every new
    row (a centred one, a button's label, padded with the background as Textual pads it). None where the
    row is not one Textual renders so simply (too wide, tabs or control codes, links or meta in its
    styles, a text style of CSS, other alignments, line padding where lines wrap): that row goes through
    Textual."""
    plain = row.plain
    if not plain:  # as an empty line of a whole text: nothing
        return Strip([], 0)
    if len(plain) > width or row.cell_len > width or AWKWARD.search(plain):
        return None
    styles = widget.styles
    centred = styles.text_align == "center"  # a button's label
    across, down = styles.content_align
    if not (centred or styles.text_align in ("left", "start")) or (across != "left" and not centred):
        return None
    if (styles.line_pad and styles.text_wrap != "nowrap") or (down != "top" and widget.size.height != 1):
        return None
    spans: list[tuple[int, int, RichStyle | str]] = []
    if row.style:
        if isinstance(row.style, str):  # parsed as Textual's CSS, not as Rich's styles
            return None
        spans.append((0, len(plain), row.style))
    for start, end, span_style in row.spans:
        if not 0 <= start <= end <= len(plain):
            return None
        if not isinstance(span_style, str) and (span_style.link or span_style.meta):
            return None
        spans.append((start, end, span_style))
    cuts = sorted({0, len(plain), *(s for s, _, _ in spans), *(e for _, e, _ in spans)})
    theme = widget.app.ansi_theme
    segments: list[Segment] = []
    left = right = 0
    if centred:
        left = (width - row.cell_len) // 2
        right = width - row.cell_len - left
        if left:
            segments.append(Segment(" " * left, style.background_style.rich_style))
    for start, end in pairwise(cuts):
        over = tuple(span_style for s, e, span_style in spans if s <= start < e and span_style)
        look = _look(widget, theme, style, over)
        if look.meta:
            return None
        segments.append(Segment(plain[start:end], look + RichStyle.from_meta({"offset": (start, 0)})))
    if right:
        segments.append(Segment(" " * right, style.background_style.rich_style))
    return Strip(segments, row.cell_len + left + right)


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
            quick = quick_strip(widget, row, width, style)
            if quick is not None:
                strip = quick
            else:
                content = Content.from_rich_text(row, console=widget.app.console)
                strips = Visual.to_strips(widget, content, width, 1, style, apply_selection=False)
                strip = strips[0] if strips else Strip.blank(0)
            self._strips[key] = strip
        return strip.apply_offsets(0, y)


class FinishedLines:
    """A widget's lines as Textual's styles finish them (its background, padding and border, the app's line
    filters), each by what it shows, where, at what size: a line showing what it showed there before is
    not put through Textual's styles again (the dice, the key bar and a card whose token left come back to
    lines they showed earlier in the game). Dropped when the widget's style changes (a theme, the focus, a
    class), as Textual drops its own."""

    def __init__(self, widget: Widget) -> None:
        self.widget = widget
        self._lines: dict[tuple[int, Hashable, object], Strip] = {}
        self._style: object = None

    def clear(self) -> None:
        self._lines.clear()

    def lines(
        self,
        crop: Region,
        look: tuple[Size, tuple[object, ...]],
        shows: Callable[[range], list[Hashable]],
        finish: Callable[[Region], list[Strip]],
    ) -> list[Strip]:
        """The lines of `crop` at the widget's outer size with these line filters (`look`): `shows(ys)`
        stands for what lines ys of the widget show (their content, or None for a line that shows none),
        `finish(region)` is Textual's lines for a region of whole lines, asked only for the lines not kept
        (a run at a time)."""
        style = self.widget.visual_style
        found = self._lines
        if style is not self._style:
            found.clear()
            self._style = style
        width = look[0].width
        ys = crop.line_range
        keys = [(y, shown, look) for y, shown in zip(ys, shows(ys), strict=True)]
        missing = [key for key in keys if key not in found]
        if len(found) + len(missing) > KEPT:
            found.clear()
            missing = keys
        start = 0
        while start < len(missing):
            end = start + 1
            while end < len(missing) and missing[end][0] == missing[end - 1][0] + 1:
                end += 1
            run = missing[start:end]
            found.update(zip(run, finish(Region(0, run[0][0], width, len(run))), strict=True))
            start = end
        lines = [found[key] for key in keys]
        if crop.column_span != (0, width):
            lines = [line.crop(*crop.column_span) for line in lines]
        return lines


class KeptLines(Widget):
    """A widget whose lines, as Textual finishes them, are handed over again as they are while nothing
    was refreshed: a screen update asks every widget in the rectangle around all of its changes for its
    lines, and a throw that changes the centre and the key bar asked the thirty squares of the ring beside
    and below the centre, and the prompt's buttons a new prompt left as they were, for theirs, each
    through Textual's styles again (Textual's own cache of the lines is kept the same way: until a
    refresh, a new size, other line filters). A line repainted to show what it showed there before is
    the line Textual finished then (`FinishedLines`)."""

    shows: Callable[[range], list[Hashable]]
    """What each of these lines of the widget shows (None: nothing that changes, a line of its border, say);
    each kind of widget says."""

    _kept: tuple[tuple[object, ...], list[Strip]] | None = None
    """The lines last handed to the screen, for the region, size and line filters they were for."""
    _finished_lines: FinishedLines | None = None

    def refresh(
        self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False
    ) -> Self:
        if repaint:
            self._kept = None
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        if self._finished_lines is not None:
            self._finished_lines.clear()

    def render_lines(self, crop: Region) -> list[Strip]:
        look = (self.region.size, tuple(self.get_line_filters()))  # (its border and padding included)
        kept = self._kept
        if kept is not None and kept[0] == (crop, look):
            return kept[1]
        if self.text_selection is not None:  # Textual renders the whole, with the selection shown
            lines = super().render_lines(crop)
        else:
            if self._finished_lines is None:
                self._finished_lines = FinishedLines(self)
            lines = self._finished_lines.lines(crop, look, self.shows, self.finish_lines)
        self._kept = ((crop, look), lines)
        return lines

    def finish_lines(self, crop: Region) -> list[Strip]:
        """Lines as Textual finishes them."""
        return super().render_lines(crop)


class Rows(KeptLines):
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

    def shows(self, ys: range) -> list[Hashable]:
        """Their rows (None: a line of its border or padding, or no row)."""
        top, keys = self.styles.gutter.top, self._row_keys
        return [keys[y - top] if 0 <= y - top < len(keys) else None for y in ys]

    def render_line(self, y: int) -> Strip:
        if self.text_selection is not None:  # Textual renders the whole, with the selection shown
            return super().render_line(y)
        width = self.size.width
        if not 0 <= y < len(self._rows):
            return Strip.blank(width, self.visual_style.rich_style)
        return self._strips.strip(self._rows[y], width, y)
