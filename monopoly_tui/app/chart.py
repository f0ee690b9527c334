"""Net worth by round as a chart: one shared scale, a money axis, a rounds axis, each player's line drawn
with their token in their colour, and a legend. A pure function of the figures and the size."""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text

from ..locale import tr
from ..money import rubles
from ..session import Seat
from .cells import readable_on

LEGEND_ROOM = 8
"""The fewest rows of the plot a legend may leave it."""


def nice_top(value: int) -> int:
    """The axis top: the value rounded up to 1, 2 or 5 times a power of ten («2 000 000»)."""
    if value <= 0:
        return 1
    step = 1
    while step * 10 <= value:
        step *= 10
    for multiple in (1, 2, 5, 10):
        if multiple * step >= value:
            return multiple * step
    return 10 * step


def worth_plot(
    worth: Sequence[Sequence[int]], seats: Sequence[Seat], width: int, height: int, *, first: int = 1
) -> Text:
    """`worth[r][seat]`: each player's net worth at the start of round `first` + r (and, last, at the end
    of the game, as GameSession.worth keeps it; `first` is 1 but for a game from a position). The plot
    fills width x height cells: axis labels, the plot, the rounds under it, a legend line per player
    (left out where it would leave the plot fewer than LEGEND_ROOM rows: the standings above it, each
    player's token and name in their colour, are the legend then)."""
    rounds = len(worth)
    legend = len(seats) if height - 2 - len(seats) >= LEGEND_ROOM else 0
    rows = max(2, height - 2 - legend)
    top = nice_top(max((max(w) for w in worth if w), default=0))
    labels = [rubles(top * (rows - 1 - r) // (rows - 1)) for r in range(rows)]
    label_width = max(len(label) for label in labels)
    columns = max(2, width - label_width - 2)
    grid: list[list[tuple[str, Style | None]]] = [[(" ", None)] * columns for _ in range(rows)]
    for seat, s in enumerate(seats):
        style = Style(color=s.color, bold=True)
        previous: int | None = None
        for column in range(columns if rounds > 1 else min(1, rounds)):
            r = round(column * (rounds - 1) / (columns - 1)) if rounds > 1 else 0
            value = worth[r][seat] if seat < len(worth[r]) else 0
            row = rows - 1 - round(value * (rows - 1) / top)
            if previous is not None and abs(previous - row) > 1:  # a steep change: join the points
                for between in range(min(previous, row) + 1, max(previous, row)):
                    if grid[between][column][0] == " ":
                        grid[between][column] = ("│", Style(color=s.color))
            grid[row][column] = (s.token, style)
            previous = row
    text = Text(no_wrap=True, overflow="crop")
    for r in range(rows):
        shown = labels[r] if r in (0, rows - 1) or r == (rows - 1) // 2 else ""
        text.append(shown.rjust(label_width) + " ┤" if shown else " " * label_width + " │", style="dim")
        for ch, mark in grid[r]:
            text.append(ch, style=mark)
        text.append("\n")
    text.append(" " * label_width + " └" + "─" * columns + "\n", style="dim")
    # the points are the starts of rounds 1, 2, ... and the end of the game, in its last round: a game
    # over in round R has R + 1 points, and the axis ends at R (as «сыграно раундов» says)
    start, last = str(first), str(first + max(0, rounds - 2))
    middle = tr("chart.rounds")
    gap = columns - len(start) - len(last) - len(middle)
    ticks = (
        f"{start}{' ' * (gap // 2)}{middle}{' ' * (gap - gap // 2)}{last}"
        if gap >= 2
        else start.ljust(columns - len(last)) + last
    )
    text.append(" " * (label_width + 2) + ticks, style="dim")
    for seat, s in enumerate(seats[:legend]):
        text.append("\n")
        text.append(f" {s.token} ", style=Style(color=readable_on(s.color), bgcolor=s.color, bold=True))
        text.append(f" {s.name}  ")
        if worth and seat < len(worth[-1]):
            text.append(rubles(worth[-1][seat]), style="bold")
    return text
