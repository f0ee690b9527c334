"""A game's position (MPN) shown in full over the screen, with a key that copies it to the clipboard."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ..locale import tr


def fold(text: str, width: int) -> str:
    """A position broken into lines of at most width characters for reading: between its parts, or
    after a comma or dot inside one (so no number is split); what is copied stays the one line."""
    pieces: list[tuple[bool, str]] = []  # (starts a part, text)
    for part in text.split(" "):
        start = True
        piece = ""
        for ch in part:
            piece += ch
            if ch in ",." and not part.startswith('"'):
                pieces.append((start, piece))
                start, piece = False, ""
        if piece:
            pieces.append((start, piece))
    lines: list[str] = []
    line = ""
    for start, piece in pieces:
        joined = line + (" " if start and line else "") + piece
        if line and len(joined) > width:
            lines.append(line)
            line = piece
        else:
            line = joined
        while len(line) > width > 0:
            lines.append(line[:width])
            line = line[width:]
    lines.append(line)
    return "\n".join(lines)


def copy_position(app: App[object], text: str) -> None:
    """Put a position on the clipboard (through the terminal) and say so."""
    app.copy_to_clipboard(text)
    app.notify(tr("position.copied"))


class PositionScreen(ModalScreen[None]):
    """The position as plain text (names are data, never markup); c copies it, Esc closes."""

    BINDINGS = [
        Binding("c,с", "copy", tr("binding.copy_position"), key_display="c"),
        Binding("escape,q,й", "close", tr("binding.close"), key_display="esc"),
    ]
    DEFAULT_CSS = """
    PositionScreen { align: center middle; }
    PositionScreen > Vertical {
        width: 90%; max-width: 110; height: auto; border: thick $accent; padding: 1 2; background: $surface;
    }
    PositionScreen #position-title { text-style: bold; }
    PositionScreen #position-text { margin: 1 0; }
    PositionScreen #position-help { color: $text-muted; }
    """

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(tr("position.title"), id="position-title")
            yield Static(id="position-text")
            yield Static(tr("position.help"), id="position-help")

    def on_mount(self) -> None:
        self.call_after_refresh(self.on_resize)

    def on_resize(self) -> None:
        shown = self.query_one("#position-text", Static)
        shown.update(Text(fold(self.text, shown.content_region.width or 60)))

    def action_copy(self) -> None:
        copy_position(self.app, self.text)

    def action_close(self) -> None:
        self.dismiss(None)
