"""Text that wraps only at ordinary spaces, so an amount («1 500 000 ₽», no-break spaces inside) is never
split across a line end, and that reflows whenever its width changes.

Textual and Rich break lines at every Unicode space, the no-break one included; these widgets wrap the
text themselves and hand Textual lines that are not to be wrapped again.
"""

from __future__ import annotations

import re

from rich.text import Text
from textual.app import RenderResult
from textual.containers import VerticalScroll
from textual.geometry import Size
from textual.widget import Widget

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


class Prose(Widget):
    """A block of text wrapped by `wrap_prose` to the widget's width (height: as many lines as that gives).
    Strings are shown as plain text, never as markup: prompts and the log carry players' names."""

    DEFAULT_CSS = "Prose { height: auto; text-wrap: nowrap; text-overflow: clip; }"

    def __init__(
        self, content: Text | str = "", *, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(id=id, classes=classes)
        self._text = Text(content) if isinstance(content, str) else content
        self._wrapped: tuple[int, list[Text]] | None = None

    @property
    def text(self) -> Text:
        return self._text

    def update(self, content: Text | str) -> None:
        text = Text(content) if isinstance(content, str) else content
        if text == self._text:
            return
        self._text, self._wrapped = text, None
        self.refresh(layout=True)

    def lines(self, width: int) -> list[Text]:
        if self._wrapped is None or self._wrapped[0] != width:
            self._wrapped = (width, wrap_prose(self._text, width))
        return self._wrapped[1]

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return max((len(line) for line in self._text.split("\n")), default=0)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines(width)) if self._text.plain else 0

    def render(self) -> RenderResult:
        return Text("\n").join(self.lines(self.content_region.width or self.size.width))


class GameLog(VerticalScroll):
    """The game's log: reflows to the width it has now (after a resize too), keeps to the newest line
    unless the player scrolled back (arrows, PgUp/PgDn, Home/End once it has focus, or the mouse wheel)."""

    DEFAULT_CSS = "GameLog { height: 1fr; } GameLog > Prose { width: 1fr; }"

    def __init__(self, *, max_lines: int = 500, id: str | None = None) -> None:
        super().__init__(id=id)
        self.max_lines = max_lines
        self._lines: list[Text] = []

    def compose(self):  # type: ignore[no-untyped-def]
        yield Prose()

    @property
    def texts(self) -> list[Text]:
        return list(self._lines)

    def write(self, *lines: str | Text) -> None:
        if not lines:
            return
        following = self.scroll_y >= self.max_scroll_y
        self._lines += [Text(line) if isinstance(line, str) else line for line in lines]
        del self._lines[: -self.max_lines]
        self.query_one(Prose).update(Text("\n").join(self._lines))
        if following:
            self.call_after_refresh(self.scroll_end, animate=False)
