"""A computer player that thinks long thinks in a thread: «Мастер» plays its decisions out for up to
about a second at the readable pace, and the app goes on answering keys meanwhile.

Only the asking happens in the thread (`GameSession.bot_choice`, on the state as it was: states are
immutable); the action is taken back on the app's own thread, in the one place that acts, and only while
the game is still exactly where the thinking began (the very same state: not after an undo, a new game
or another screen's move).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..engine import Action, GameState
    from ..session import GameSession
    from .app import MonopolyApp


class Thinker:
    """The app's one computer player thinking in a thread, if any, and what it decided."""

    def __init__(self, app: MonopolyApp) -> None:
        self.app = app
        self.busy = False
        """A thread is thinking now (no second one is started)."""
        self.decided: tuple[GameSession, GameState, Action] | None = None
        """The session and state a decision was made for, and the decision (taken once)."""

    @staticmethod
    def thinks_long(session: GameSession) -> bool:
        """Whether the bot the game waits on is one that plays its decisions out («Мастер»)."""
        from ..bots import MasterBot

        return isinstance(session.bot_to_move(), MasterBot)

    def ready(self, session: GameSession) -> Action | None:
        """The action decided for the game as it is now, if one is (forgotten once asked)."""
        decided, self.decided = self.decided, None
        if decided is not None and decided[0] is session and decided[1] is session.state:
            return decided[2]
        return None

    def start(self, session: GameSession) -> None:
        """Ask the bot the game waits on in a thread; `app.bot_step` is called again once it answers."""
        if self.busy:
            return
        self.busy = True
        state = session.state

        def think() -> None:
            action = session.bot_choice(state)
            self.app.call_from_thread(self._answered, session, state, action)

        self.app.run_worker(think, thread=True, group="bot-thinking", exclusive=False)

    def _answered(self, session: GameSession, state: GameState, action: Action) -> None:
        """Back on the app's thread: the action is taken at once if the game is still where it was;
        else it is dropped, and whichever bot the game waits on now (if any) moves in its turn (a
        step asked for meanwhile found this thread busy and started none)."""
        self.busy = False
        if not self.app.is_running:
            return  # the app is closing: nothing more to do
        if self.app.session is session and session.state is state:
            self.decided = (session, state, action)
            self.app.bot_step()
        else:
            self.app.schedule_bot()
