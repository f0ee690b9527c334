"""A panel that changes what it shows without a layout of the screen when its size stays the same.

Textual lays out the whole screen again whenever any widget asks for a layout (and then repaints all of
it), and `Static.update` asks by default. A key press on the board changes a few figures in the centre:
their panels keep their size, so they are only repainted (only their rows that changed: `Rows`); a layout
is asked for only when the panel's height changes.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Protocol, runtime_checkable

from rich.console import Console, RenderableType
from rich.text import Text
from textual import events
from textual.geometry import Size

from .rows import Rows


@runtime_checkable
class Drawn(Protocol):
    """What draws its own lines for a width (the players' panel)."""

    def rows(self, width: int, console: Console) -> list[Text]: ...


class Steady(Rows):
    """Rows whose `show` repaints only what changed, with a layout only when the number of lines it
    takes at its width changed (never when its height is fixed).

    The renderable is rendered once, at the widget's width, into plain lines of styled text (again after
    a resize); `key`, when given, stands for what the renderable shows, so an unchanged one is not even
    rendered."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._renderable: RenderableType | Drawn = ""
        self._key: Hashable | None = None
        self._width = -1
        """The width the rows were rendered at (-1: not yet)."""

    def _render_lines(self, width: int) -> list[Text]:
        console = self.app.console
        renderable = self._renderable
        if isinstance(renderable, Text):  # as Rich would render it, without rendering it
            return list(renderable.wrap(console, width))
        if isinstance(renderable, Drawn):
            return renderable.rows(width, console)
        options = console.options.update(width=width, min_width=width, max_width=width, height=None)
        return [
            Text.assemble(*((s.text, s.style or "") for s in line if not s.control), no_wrap=True, end="")
            for line in console.render_lines(renderable, options, pad=False)
        ]

    @property
    def rows(self) -> int:
        """The lines it shows (at its width now)."""
        return len(self._rows) if self._width >= 0 else 1

    def show(self, renderable: RenderableType | Drawn, key: Hashable | None = None) -> None:
        width = self.content_region.width
        if key is not None and key == self._key and width == self._width:
            return
        self._renderable, self._key = renderable, key
        if not self.is_mounted or width <= 0:
            self._width = -1
            self.refresh(layout=True)
            return
        self._paint(width)

    def _paint(self, width: int) -> None:
        self._width = width
        self.set_rows(self._render_lines(width))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if width > 0 and width != self._width:  # laid out at a new width: it is painted whole anyway
            self._width = width
            self.replace_rows(self._render_lines(width))
        return super().get_content_height(container, viewport, width)

    def on_resize(self, event: events.Resize) -> None:
        width = self.content_region.width
        if width > 0 and width != self._width:
            self._paint(width)
