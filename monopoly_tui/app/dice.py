"""The dice of this turn as dice faces: three rows of pips on a white face, or one row of numbered dice
where there is no room; doubles are marked."""

from __future__ import annotations

from rich.console import Console
from rich.style import Style
from rich.text import Text

from ..engine import GameState
from ..locale import tr

PIPS = {
    1: ("   ", " ● ", "   "),
    2: ("  ●", "   ", "●  "),
    3: ("  ●", " ● ", "●  "),
    4: ("● ●", "   ", "● ●"),
    5: ("● ●", " ● ", "● ●"),
    6: ("● ●", "● ●", "● ●"),
}
"""Each face's three rows of three pip places."""
FACE = Style(color="#000000", bgcolor="#f2f2f2", bold=True)
"""A die reads the same on any theme and in 16 colours: black pips on white."""
DOUBLES = Style(color="#000000", bgcolor="#ffd700", bold=True)


def this_turns_dice(state: GameState) -> tuple[int, int] | None:
    """The dice of this turn's throws only: before the turn's first throw, the last ones were another's."""
    if state.dice and (state.phase != "roll" or state.doubles > 0):
        return state.dice
    return None


def dice_faces(dice: tuple[int, int] | None) -> Text:
    """Two faces of 7 x 3 cells side by side, and under them their sum and «дубль» for doubles; empty
    before a throw."""
    if dice is None:
        return Text()
    d1, d2 = dice
    rows = []
    for row in range(3):
        line = Text()
        line.append(f" {' '.join(PIPS[d1][row])} ", style=FACE)
        line.append("  ")
        line.append(f" {' '.join(PIPS[d2][row])} ", style=FACE)
        rows.append(line)
    # the sum under the faces, not beside them: beside, it ended at the centre's edge, one cell from the
    # neighbouring square's price («= 10 300 000 ₽» read as one number)
    under = Text(f"= {d1 + d2}", style="bold")
    if d1 == d2:
        under.append("  ")
        under.append(f" {tr('dice.doubles')} ", style=DOUBLES)
    rows.append(under)
    return Text("\n").join(rows)


class DiceFaces:
    """`dice_faces` as the rows of the dice's panel (`steady.Drawn`), as Rich wraps them where they fit the
    width: split once for each pair of dice (the same pairs come back all game; a throw wrapped them anew
    through Rich each time). The rows are shared, never changed."""

    _split: dict[tuple[int, int] | None, list[Text]] = {}

    def __init__(self, dice: tuple[int, int] | None) -> None:
        self.dice = dice

    def rows(self, width: int, console: Console) -> list[Text]:
        rows = self._split.get(self.dice)
        if rows is None:
            rows = self._split[self.dice] = list(dice_faces(self.dice).split("\n", allow_blank=True))
        if all(row.cell_len <= width for row in rows):
            return list(rows)
        return list(dice_faces(self.dice).wrap(console, width))


def dice_line(dice: tuple[int, int] | None) -> Text:
    """One row for a narrow window: «Кубики 3 3 = 6 дубль!», each number on its die."""
    if dice is None:
        return Text()
    d1, d2 = dice
    text = Text(tr("dice.label") + " ")
    text.append(f" {d1} ", style=FACE)
    text.append(" ")
    text.append(f" {d2} ", style=FACE)
    text.append(f" = {d1 + d2}", style="bold")
    if d1 == d2:
        text.append(" ")
        text.append(f" {tr('dice.doubles')} ", style=DOUBLES)
    return text
