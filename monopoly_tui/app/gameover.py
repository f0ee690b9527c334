"""Game over: the winner, the standings and each player's net worth over the game."""

from __future__ import annotations

from time import monotonic

from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Footer, Static

from ..engine import net_worth
from ..engine.turn import rounds_played
from ..locale import tr
from ..money import rubles
from ..session import GameSession
from .chart import worth_plot
from .plain import plain
from .room import NeedsRoom


class WorthChart(Widget):
    """The net-worth chart, drawn to the size the screen leaves it."""

    DEFAULT_CSS = "WorthChart { height: 1fr; min-height: 6; }"

    def __init__(self, session: GameSession) -> None:
        super().__init__(id="worth-chart")
        self.session = session

    def render(self) -> Text:
        size = self.content_region.size
        session = self.session
        return worth_plot(session.worth, session.seats, size.width, size.height, first=session.first_round)


# Seconds the game-over screen stays before Enter or «n» leave it: the last turn ends on Enter (its
# focused «Завершить ход»), and a second Enter, or a key held a moment too long, went straight on to the
# title and the table never saw who won.
SETTLE = 0.6


class GameOverScreen(NeedsRoom, Screen[None]):
    """The winner, the standings with net worth, and each player's net worth over the game."""

    # Focused once composed (Textual's own step, which finds nothing to do on a screen already taken
    # down: a game ending as the app closes raised NoMatches from an on_mount looking for the button)
    AUTO_FOCUS = "#to-title"
    BINDINGS = [
        Binding("enter", "title", tr("binding.to_title"), key_display="enter"),
        Binding("n,т", "again", tr("over.again"), key_display="n"),
        Binding("ctrl+q", "quit", tr("binding.quit"), key_display="^q"),
    ]
    DEFAULT_CSS = """
    GameOverScreen { align: center middle; }
    GameOverScreen > Vertical {
        width: 100%; max-width: 120; height: 1fr; max-height: 48; border: thick $success; padding: 0 2;
    }
    GameOverScreen #buttons { height: 1; }
    GameOverScreen Button { margin: 0 2 0 0; }
    GameOverScreen #winner { text-style: bold; width: 100%; content-align: center middle; margin-bottom: 1; }
    GameOverScreen .spark-label { height: 1; }
    """

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        self.shown_at: float | None = None
        """When the screen was first painted (None: not yet)."""

    def on_mount(self) -> None:
        self.call_after_refresh(self._painted)

    def _painted(self) -> None:
        self.shown_at = monotonic()

    def settled(self) -> bool:
        """Whether the screen has been on view long enough for a key to be meant for it (SETTLE)."""
        return self.shown_at is not None and monotonic() - self.shown_at >= SETTLE

    def compose(self) -> ComposeResult:
        state = self.session.state
        assert state.winner is not None
        with Vertical():
            yield Static(plain(tr("over.winner", name=state.players[state.winner].name)), id="winner")
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
            yield Static(tr("over.history", rounds=rounds_played(state)), classes="spark-label")
            yield WorthChart(self.session)
            with Horizontal(id="buttons"):
                yield Button(tr("over.to_title"), id="to-title", variant="primary", compact=True)
                yield Button(Text(tr("over.again_button")), id="again", compact=True)
        yield Footer()

    def action_title(self) -> None:
        if self.settled():
            self.app.return_to_title()  # type: ignore[attr-defined]

    def action_again(self) -> None:
        """A new game with the same players (names, tokens, colours, people and computers) and rules."""
        if not self.settled():
            return
        session = self.session
        self.app.pop_screen()
        self.app.start_game(session.seats, session.record.seed + 1, session.state.rules)  # type: ignore[attr-defined]

    @on(Button.Pressed, "#to-title")
    def _to_title(self) -> None:
        self.action_title()

    @on(Button.Pressed, "#again")
    def _again(self) -> None:
        self.action_again()
