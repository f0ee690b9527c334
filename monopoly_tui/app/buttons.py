"""A row of buttons that ← and → walk along (Tab still works), for prompts and dialogs."""

from __future__ import annotations

from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Button


class ButtonRow(Horizontal):
    """← / → move the focus to the previous / next shown button of the row, stopping at its ends. Its own
    lines are blank (app/blank.py): it has no border or background of its own."""

    BLANK = True

    BINDINGS = [
        Binding("left", "step(-1)", show=False),
        Binding("right", "step(1)", show=False),
    ]

    def buttons(self) -> list[Button]:
        return [b for b in self.query(Button) if b.display and b.focusable]

    def action_step(self, step: int) -> None:
        buttons = self.buttons()
        if not buttons:
            return
        focused = self.screen.focused
        if focused not in buttons:
            buttons[0 if step > 0 else -1].focus()
            return
        index = buttons.index(focused) + step
        if 0 <= index < len(buttons):
            buttons[index].focus()
