"""A game's position (MPN) shown in full over the screen, with a key that copies it to the clipboard."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ..locale import tr


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
            yield Static(Text(self.text), id="position-text")
            yield Static(tr("position.help"), id="position-help")

    def action_copy(self) -> None:
        copy_position(self.app, self.text)

    def action_close(self) -> None:
        self.dismiss(None)
