"""Replay a saved game: step forward and back through its actions with the board as it was."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from ..engine import GameState, apply, position
from ..engine.record import first_state
from ..locale import tr
from ..narrate import narrate, narrate_action
from ..saves import LoadedSave
from ..session import GameSession
from .board import BoardView
from .panels import StatePanels
from .plain import plain
from .position_view import PositionScreen, copy_position, fold


def replay_states(loaded: LoadedSave) -> list[GameState]:
    """The state before the first action and after each one."""
    record = loaded.record
    state = first_state(loaded.state.board, record)
    states = [state]
    for action in record.actions:
        state = apply(state, action)
        states.append(state)
    return states


STEP = Binding.Group(tr("replay.group.step"))
TEN = Binding.Group(tr("replay.group.ten"))
ENDS = Binding.Group(tr("replay.group.ends"))


class ReplayScreen(Screen[None]):
    """←/→ one action, PgUp/PgDn ten, Home/End the ends, digits + Enter a round, Esc back."""

    BINDINGS = [
        # keys that go together under one label in the footer («← → Шаг»): all the keys fit 80 columns
        Binding("left,h", "step(-1)", tr("replay.back"), key_display="←", priority=True, group=STEP),
        Binding("right,l", "step(1)", tr("replay.forward"), key_display="→", priority=True, group=STEP),
        Binding("pageup", "step(-10)", tr("replay.back10"), key_display="PgUp", priority=True, group=TEN),
        Binding("pagedown", "step(10)", tr("replay.forward10"), key_display="PgDn", priority=True, group=TEN),
        Binding("home", "jump(0)", tr("replay.start"), key_display="Home", priority=True, group=ENDS),
        Binding("end", "jump(-1)", tr("replay.end"), key_display="End", priority=True, group=ENDS),
        Binding("enter", "round", tr("replay.round"), key_display="Enter", priority=True),
        Binding("backspace", "erase", tr("binding.bid_erase"), show=False, priority=True),
        # (c and p are on the bar: «Позиция этого хода: p — показать, c — скопировать»)
        Binding("c,с", "copy_position", tr("binding.copy_position"), key_display="c", show=False),
        Binding("p,з", "show_position", tr("binding.show_position"), key_display="p", show=False),
        Binding("escape,q,й", "back", tr("binding.back"), key_display="esc"),
        *[
            Binding(str(n), f"digit('{n}')", tr("binding.digit"), show=False, priority=True)
            for n in range(10)
        ],
    ]
    DEFAULT_CSS = """
    ReplayScreen #centre { height: 1fr; }
    ReplayScreen #replay-bar { height: auto; border: round $accent; padding: 0 1; }
    ReplayScreen #replay-events { height: 1fr; }
    """

    def __init__(self, loaded: LoadedSave) -> None:
        super().__init__()
        self.loaded = loaded
        self.states = replay_states(loaded)
        seats = tuple(s.as_session_seat() for s in loaded.seats)
        self.session = GameSession(
            board=self.states[0].board, seats=seats, state=self.states[0], record=loaded.record
        )
        self.step = 0
        self.typed = ""

    def compose(self) -> ComposeResult:
        centre = Vertical(
            StatePanels(),
            Static(id="replay-bar"),
            Static(id="replay-events"),
            id="centre",
        )
        yield BoardView(self.session, centre)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(BoardView).fit(self.app.size.width, self.app.size.height)
        self.show()
        self.call_after_refresh(self.show)  # again once laid out: the position folds to the bar's width

    def on_resize(self) -> None:
        self.query_one(BoardView).fit(self.app.size.width, self.app.size.height)
        self.call_after_refresh(self.show)

    def show(self) -> None:
        state = self.states[self.step]
        self.session.state = state
        board = self.query_one(BoardView)
        board.redraw()
        self.query_one(StatePanels).show(self.session, compact=board.has_class("compact"))
        total = len(self.states) - 1
        turn = state.players[state.turn].name
        bar = Text(
            tr("replay.position", step=self.step, total=total, round=state.round, name=turn), style="bold"
        )
        if self.step:
            bar.append("  " + narrate_action(self.loaded.record.actions[self.step - 1], state), style="dim")
        if self.typed:
            bar.append("  " + tr("replay.typed", round=self.typed))
        shown = self.query_one("#replay-bar", Static)
        if board.has_class("compact"):  # no room for it beside the list: p shows it, c copies it
            bar.append("\n" + tr("replay.position_keys"), style="dim")
        else:
            width = shown.content_region.width or self.app.size.width // 2
            bar.append("\n" + fold(tr("replay.position_line", position=position(state)), width), style="dim")
        shown.update(bar)
        events = state.events if self.step else ()
        self.query_one("#replay-events", Static).update(plain("\n".join(narrate(e, state) for e in events)))

    def action_copy_position(self) -> None:
        copy_position(self.app, position(self.states[self.step]))

    def action_show_position(self) -> None:
        self.app.push_screen(PositionScreen(position(self.states[self.step])))

    def action_step(self, delta: int) -> None:
        self.step = max(0, min(len(self.states) - 1, self.step + delta))
        self.show()

    def action_jump(self, step: int) -> None:
        self.step = step if step >= 0 else len(self.states) - 1
        self.show()

    def action_digit(self, digit: str) -> None:
        self.typed = (self.typed + digit)[-4:]
        self.show()

    def action_erase(self) -> None:
        self.typed = self.typed[:-1]
        self.show()

    def action_round(self) -> None:
        """Jump to the first action of the round typed."""
        if not self.typed:
            return
        wanted = int(self.typed)
        self.typed = ""
        self.step = next((i for i, s in enumerate(self.states) if s.round >= wanted), len(self.states) - 1)
        self.show()

    def action_back(self) -> None:
        """Back to the list of saves, or out of the program when it was started to replay."""
        if getattr(self.app, "replay", None) is not None:
            self.app.exit()
        else:
            self.app.pop_screen()
