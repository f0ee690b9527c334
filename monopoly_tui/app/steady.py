"""A panel that changes what it shows without a layout of the screen when its size stays the same.

Textual lays out the whole screen again whenever any widget asks for a layout (and then repaints all of
it), and `Static.update` asks by default. A key press on the board changes a few figures in the centre:
their panels keep their size, so they are only repainted; a layout is asked for only when the panel's
height changes.
"""

from __future__ import annotations

from collections.abc import Hashable

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.widgets import Static


class Steady(Static):
    """A Static whose `show` repaints it only when what it shows changed, with a layout only when the
    number of lines it takes at its width changed (never when its height is fixed).

    The renderable is rendered once, at the widget's width, into plain lines of styled text (again after
    a resize); `key`, when given, stands for what the renderable shows, so an unchanged one is not even
    rendered."""

    DEFAULT_CSS = "Steady { text-wrap: nowrap; text-overflow: clip; }"

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._renderable: RenderableType = ""
        self._key: Hashable | None = None
        self._lines: list[Text] | None = None
        self._width = -1

    def _render_lines(self, width: int) -> list[Text]:
        console = self.app.console
        options = console.options.update(width=width, min_width=width, max_width=width, height=None)
        return [
            Text.assemble(*((s.text, s.style or "") for s in line if not s.control), no_wrap=True, end="")
            for line in console.render_lines(self._renderable, options, pad=False)
        ]

    @property
    def rows(self) -> int:
        """The lines it shows (at its width now)."""
        return len(self._lines) if self._lines is not None else 1

    def show(self, renderable: RenderableType, key: Hashable | None = None) -> None:
        width = self.content_region.width
        if key is not None and key == self._key and width == self._width:
            return
        self._renderable, self._key = renderable, key
        if not self.is_mounted or width <= 0:
            self._lines, self._width = None, -1
            self.update(renderable)
            return
        self._paint(width)

    def _paint(self, width: int) -> None:
        lines = self._render_lines(width)
        if width == self._width and lines == self._lines:
            return
        same_height = width == self._width and self._lines is not None and len(lines) == len(self._lines)
        fixed = self.styles.height is not None and not self.styles.height.is_auto
        self._lines, self._width = lines, width
        self.update(Text("\n", no_wrap=True).join(lines), layout=not (same_height or fixed))

    def on_resize(self, event: events.Resize) -> None:
        width = self.content_region.width
        if width > 0 and width != self._width:
            self._paint(width)
