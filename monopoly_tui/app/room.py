"""A window too small to play in: the screens of a game over the board show the notice and take no keys.

The game screen swaps its board for «Окно слишком маленькое» below 80×24 and decides nothing there; a
dialog over it (managing, a trade, a question, the handoff, game over) has to do the same, or its keys
act behind the notice: a player shrinking the window, or a computer player's move opening a dialog
while it is small, would build, trade or answer on a screen nobody can read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.widget import Widget
from textual.widgets import Static

from ..locale import tr

if TYPE_CHECKING:
    from textual.screen import Screen

    _ScreenBase = Screen[Any]
else:
    _ScreenBase = object


class NeedsRoom(_ScreenBase):
    """Mixed into a screen of the game (before its Screen class): below `board.COMPACT` its own widgets are
    hidden and disabled (no focus, no clicks, no keys), the notice is shown, and its bindings are off; at
    a playable size again the widget that had the focus gets it back."""

    def on_mount(self) -> None:
        self.check_room()

    def on_resize(self) -> None:
        self.check_room()

    def on_screen_resume(self) -> None:
        self.check_room()

    @property
    def too_small(self) -> bool:
        return self.has_class("too-small")

    def check_room(self) -> None:
        from .board import COMPACT  # (the board's module, once a game is up: not before the title screen)

        size = self.app.size
        small = size.width < COMPACT.width or size.height < COMPACT.height
        if small == self.too_small:
            return
        if small:
            self._room_focus: Widget | None = self.focused
            notices = self.query_children(".room-notice")
            if not notices:
                text = tr("screen.too_small", width=COMPACT.width, height=COMPACT.height)
                self.mount(Static(text, classes="room-notice", markup=False))
        for child in self.children:
            if child.has_class("room-notice"):
                child.display = small
            else:
                child.display = not small
                child.disabled = small
        self.set_class(small, "too-small")
        if not small:
            widget = getattr(self, "_room_focus", None)
            if widget is not None and widget.is_attached and widget.focusable:
                widget.focus()
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Nothing is decided on a screen nobody can see (a screen that checks its own actions asks
        this first)."""
        return not self.too_small
