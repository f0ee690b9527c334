"""Game over: the winner, the standings and each player's net worth over the game."""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from ..engine import net_worth
from ..locale import tr
from ..money import rubles
from ..session import GameSession

BARS = " ▁▂▃▄▅▆▇█"
"""Bar heights from nothing to the highest net worth of the game."""
CHART_WIDTH = 60


def worth_bars(values: Sequence[int], top: int, width: int = CHART_WIDTH) -> str:
    """One line of bars, a column per stretch of rounds, each the net worth at its start as a share of top
    (the highest of all players: the lines compare)."""
    if not values or top <= 0:
        return ""
    columns = min(width, len(values))
    picked = [values[col * len(values) // columns] for col in range(columns)]
    return "".join(BARS[max(0, min(len(BARS) - 1, round(v * (len(BARS) - 1) / top)))] for v in picked)


def worth_chart(session: GameSession) -> Text:
    """Each player's net worth round by round, in their colour, on one scale, with the last figure."""
    worth = session.worth
    top = max((max(w) for w in worth), default=0)
    text = Text()
    for seat, s in enumerate(session.seats):
        values = [w[seat] for w in worth]
        name = f"{s.token} {s.name}"
        text.append(f"{name:<18.18} ", style=Style(color=s.color, bold=True))
        text.append(worth_bars(values, top), style=Style(color=s.color))
        if values:
            text.append(f"  {rubles(values[-1])}")
        if seat < len(session.seats) - 1:
            text.append("\n")
    return text


class GameOverScreen(Screen[None]):
    """The winner, the standings with net worth, and each player's net worth over the game."""

    BINDINGS = [
        Binding("enter", "title", tr("binding.to_title"), key_display="enter"),
        Binding("ctrl+q", "quit", tr("binding.quit"), key_display="^q"),
    ]
    DEFAULT_CSS = """
    GameOverScreen { align: center middle; }
    GameOverScreen > Vertical { width: 90; height: auto; border: thick $success; padding: 1 2; }
    GameOverScreen #winner { text-style: bold; width: 100%; content-align: center middle; margin-bottom: 1; }
    GameOverScreen .spark-label { height: 1; }
    GameOverScreen #worth-chart { height: auto; margin-bottom: 1; }
    """

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        state = self.session.state
        assert state.winner is not None
        with Vertical():
            yield Static(tr("over.winner", name=state.players[state.winner].name), id="winner")
            table = Table(expand=True)
            table.add_column(tr("over.place"), justify="right")
            table.add_column(tr("players.name"))
            table.add_column(tr("players.cash"), justify="right")
            table.add_column(tr("players.worth"), justify="right")
            for place, seat in enumerate(state.standings, start=1):
                p = state.players[seat]
                s = self.session.seats[seat]
                name = Text(f"{s.token} {p.name}", style=Style(color=s.color, bold=True))
                worth = tr("players.bankrupt") if p.bankrupt else rubles(net_worth(state, seat))
                table.add_row(str(place), name, rubles(p.cash), worth)
            yield Static(table)
            yield Static(tr("over.history", rounds=len(self.session.worth)), classes="spark-label")
            yield Static(worth_chart(self.session), id="worth-chart")
            yield Button(tr("over.to_title"), id="to-title", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#to-title", Button).focus()

    def action_title(self) -> None:
        self.app.return_to_title()  # type: ignore[attr-defined]

    @on(Button.Pressed, "#to-title")
    def _to_title(self) -> None:
        self.action_title()
