"""The Textual app: title, setup, the game; it owns the session and is the one place that acts."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen
from textual.timer import Timer

from ..config import PACES, load_settings, save_settings
from ..locale import tr
from .hangup import listen_for_hang_up
from .thinking import Thinker
from .title import TitleScreen

# What the title screen does not need is imported when it is first needed (the rules engine, the bots,
# the saves, the game's screens): the first screen comes up sooner (benchmarks/bench_terminal.py).
if TYPE_CHECKING:
    from ..engine import Board, Event, GameState, Rules
    from ..session import GameSession, Seat
    from .game_screen import GameScreen

BOT_DELAYS = (0.8, 0.25, 0.0)
"""Seconds before a computer player's move: readable, fast, instant (key s cycles)."""
# How hard the master bot thinks at each pace (bots.EFFORTS): up to about a second at the readable pace.
BOT_EFFORTS = ("readable", "fast", "instant")


class MonopolyApp(App[None]):
    """Hot-seat Monopoly. `session` is the game in progress (None on the title and setup screens)."""

    TITLE = tr("app.title")
    CSS_PATH = Path(__file__).parent / "monopoly.tcss"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-roomy")]
    """Screens narrower than 100 columns have the class -narrow (monopoly.tcss fits the footers to them)."""
    BINDINGS = [
        # priority: a dialog (a modal screen) hides the app's other keys, and Ctrl+Q must quit there too
        # (as on the board: the game is saved, nothing asked is answered); dialogs' footers keep their
        # room for their own keys, the board and the title show this one
        Binding("ctrl+q", "quit", tr("binding.quit"), key_display="^q", priority=True),
        Binding("ctrl+c", "quit", tr("binding.quit"), show=False, priority=True),
        # the palette's own binding, with a Russian name (Textual's says "palette")
        Binding(
            "ctrl+p", "command_palette", tr("binding.palette"), show=False, key_display="^p", priority=True
        ),
    ]

    def __init__(
        self,
        board: Board | None = None,
        rules: Rules | None = None,
        *,
        seed: int | None = None,
        dice: list[tuple[int, int]] | None = None,
        start_with: Path | None = None,
        replay: Path | None = None,
        position: GameState | None = None,
        autosave: bool = True,
        theme: str | None = None,
    ) -> None:
        """`board` None: the shipped board, read once the title screen is up (so it comes up sooner);
        `seed` fixes the seed offered in setup and `dice` scripts the throws (tests, snapshots);
        `start_with` opens a saved game at once; `autosave` off keeps tests from writing saves; `theme`
        is one of `available_themes` (None: Textual's default). Without a board, the shipped one: so
        `textual run --dev monopoly_tui.app:MonopolyApp` starts the game (see the README)."""
        super().__init__()
        self.settings = load_settings(themes=frozenset(self.available_themes))
        """What the settings file remembers (theme, pace); a broken file is reported on the title screen."""
        if theme is not None or self.settings.theme is not None:
            self.theme = theme or self.settings.theme  # type: ignore[assignment]
        self._board = board
        self._rules = rules
        self.seed = seed
        self.dice = dice or []
        self.session: GameSession | None = None
        self.start_with = start_with
        self.replay = replay
        self.position = position
        self.autosave = autosave
        self.bot_speed = PACES.index(self.settings.pace)
        self._bot_timer: Timer | None = None
        self.thinker = Thinker(self)
        self.restart: tuple[str, Path | None] | None = None
        """Set by switch_language: the language to start again in, and the save to reopen (the command
        line does it when the app has exited)."""

    @property
    def board(self) -> Board:
        """The board played on (the shipped one read now if it was not yet)."""
        if self._board is None:
            from ..boardfile import load_board

            self._board = load_board()
        return self._board

    @property
    def rules(self) -> Rules:
        """The rules a new game starts with (the board's unless others were given)."""
        return self._rules or self.board.rules

    def prepare(self) -> None:
        """Once the title screen is up: read the shipped board, import the game, and let the title know
        whether there is a game to continue. A shipped board that cannot be read ends the app (exit 2)."""
        from ..boardfile import BoardFileError

        try:
            board = self.board
        except BoardFileError as exc:
            self.exit(return_code=2, message=str(exc))
            return
        from . import game_screen  # noqa: F401  (the game's screens, ready before they are asked for)

        if isinstance(self.screen, TitleScreen):
            self.screen.show_continue(board)

    def get_default_screen(self) -> TitleScreen:
        """The title screen is the app's first screen, the bottom of the stack under every other (not a
        blank screen with the title pushed over it: one screen less to lay out before the first frame)."""
        return TitleScreen()

    def on_mount(self) -> None:
        # every action is saved as it happens: closing the terminal or a kill only has to exit cleanly
        listen_for_hang_up(self)
        self.call_after_refresh(self.prepare)
        if self.settings.problems:
            problems = "; ".join(self.settings.problems)
            self.notify(tr("config.broken", problems=problems), severity="warning", timeout=10, markup=False)
        self.theme_changed_signal.subscribe(self, lambda _theme: self.remember())
        if self.is_web:  # monopoly-tui serve: every tab's games share one folder, chosen when serving
            from ..saves import saves_dir

            self.notify(tr("serve.saves_shared", folder=saves_dir()), timeout=15, markup=False)
        if self.start_with is not None:
            self.call_after_refresh(self.load_game, self.start_with)
        elif self.replay is not None:
            self.call_after_refresh(self.replay_game, self.replay)
        elif self.position is not None:
            self.call_after_refresh(self.start_from_position, self.position)

    def exit(self, *args: Any, **kwargs: Any) -> None:
        """Quit (Ctrl+Q, Ctrl+C, SIGTERM, SIGHUP): the computer players' last moves are saved first."""
        if self.session is not None:
            self.session.close()
        super().exit(*args, **kwargs)

    def on_unmount(self) -> None:
        """The app ends however it ends: the game is saved and other windows may open it."""
        if self.session is not None:
            self.session.close()

    # --- starting --------------------------------------------------------------------------------

    def open_setup(self) -> None:
        from .setup import SetupScreen

        self.push_screen(SetupScreen(self.board, self.rules, self.seed))

    def start_game(self, seats: list[Seat], seed: int, rules: Rules) -> None:
        from ..session import GameSession

        self.begin(GameSession.start(self.board, seats, seed=seed, rules=rules, dice=self.dice))

    def start_from_position(self, state: GameState) -> None:
        """A hot-seat game going on from a position (--position): every seat a person, default tokens."""
        from ..session import PLAYER_COLORS, PLAYER_TOKENS, GameSession, Seat

        seats = [
            Seat(name=p.name, token=PLAYER_TOKENS[seat], color=PLAYER_COLORS[seat])
            for seat, p in enumerate(state.players)
        ]
        self.begin(GameSession.start(self.board, seats, seed=state.seed, position=state, dice=self.dice))

    def begin(self, session: GameSession) -> None:
        """Put a new game on the screen (opening.begin)."""
        from .opening import begin

        begin(self, session)

    def continue_game(self) -> None:
        """The most recent unfinished game (opening.continue_game)."""
        from .opening import continue_game

        continue_game(self)

    def open_load(self) -> None:
        from .saves_screen import LoadScreen

        self.push_screen(LoadScreen(self.board))

    def load_game(self, path: Path) -> None:
        """Continue a saved game (opening.load_game): a file that can't be read is reported, never changed."""
        from .opening import load_game

        load_game(self, path)

    def replay_game(self, path: Path) -> None:
        """Step through a saved game, finished or not (opening.replay_game)."""
        from .opening import replay_game

        replay_game(self, path)

    def report_save_error(self) -> None:
        if self.session is not None and self.session.save_error:
            self.notify(
                tr("save.failed", reason=self.session.save_error), severity="error", timeout=8, markup=False
            )

    # --- playing ---------------------------------------------------------------------------------

    def act(self, action: object) -> None:
        """Apply a player's action to the session and show what follows (the one call into the engine)."""
        from ..engine import IllegalActionError
        from .reasons import reason_text

        session = self.session
        assert session is not None
        self.save_pending()
        try:
            # saved (and fsynced) once the screen shows the action, not between the key and the screen
            events = session.act(action, save=False)  # type: ignore[arg-type]
        except IllegalActionError as exc:
            self.notify(reason_text(session.state, exc.reason), severity="error", markup=False)
            return
        self.after(events)
        self.call_after_refresh(self.save_pending)

    def save_pending(self) -> None:
        """Write what the game did since the last save; before any other action, and after the screen
        showed the last one."""
        if self.session is not None:
            self.session.flush()
            self.report_save_error()

    def after(self, events: tuple[Event, ...]) -> None:
        """Redraw; let the computer players move; hand the laptop on where the game passes to a person."""
        from ..engine import current_actor, situation
        from .dialogs import HandoffScreen
        from .game_screen import GameScreen
        from .gameover import GameOverScreen

        session = self.session
        assert session is not None
        kinds = {e.kind for e in events}
        if "turn_started" in kinds and situation(session.state) == "calm" and session.bots:
            self.pace_bots()
            kinds |= {e.kind for e in session.bots_manage()}
        screen = self.game_screen
        if screen is not None:
            screen.redraw()
        state = session.state
        if state.is_over:
            self.push_screen(GameOverScreen(session))
            return
        if session.bot_to_move() is not None:
            self.schedule_bot()
            return
        actor = current_actor(state)
        # With one person left at the laptop there is nobody to hand it to: their prompt comes back at
        # once (it offers managing and trading before the throw), with the computer players' moves in
        # the log instead of behind a handoff screen.
        hand_on = len(session.people_in_game()) > 1
        answerer = next((e.player for e in events if e.kind in ("trade_accepted", "trade_rejected")), None)
        if answerer in session.bots:
            answerer = None  # a computer player answered: the laptop never left the person
        if "turn_started" in kinds and situation(state) == "calm":
            if hand_on:
                self.push_screen(HandoffScreen(session, state.turn, turn_change=True))
        elif "trade_proposed" in kinds and actor is not None:
            # the offer is answered on the game screen: close whatever the proposer had open
            while not isinstance(self.screen, GameScreen):
                self.pop_screen()
            if hand_on:
                self.push_screen(HandoffScreen(session, actor, turn_change=False))
        elif hand_on and actor is not None and answerer is not None and actor != answerer:
            # the partner answered at the laptop: it goes back to whoever decides next (the player whose
            # turn it is, or the proposer with a mortgaged lot received)
            self.push_screen(HandoffScreen(session, actor, turn_change=False))

    # --- computer players ---------------------------------------------------------------------------

    def schedule_bot(self) -> None:
        """The game waits on a computer player: it moves after a pause players can shorten (key s).

        An interval, stopped at its first tick, not a one-shot timer: Textual skips the ticks a timer
        is late for, and a one-shot timer late by its whole delay (1 ms at the instant pace, on a busy
        machine) never fires, leaving the game waiting on a computer player for ever."""
        if self._bot_timer is not None:
            return

        def due() -> None:  # in the timer's task: the move itself waits for the app's turn of messages
            timer.stop()
            if self._bot_timer is timer:
                self._bot_timer = None
            self.call_next(self.bot_step)

        timer = self._bot_timer = self.set_interval(max(BOT_DELAYS[self.bot_speed], 0.001), due)

    def bot_step(self) -> None:
        """The computer player moves; one that thinks long thinks in a thread first (app/thinking.py)."""
        self._bot_timer = None
        session = self.session
        if session is None or session.bot_to_move() is None or not self.screen_stack:
            return  # (no screens: the app is closing, a thought came back too late)
        if self.game_screen is not self.screen:
            return
        self.pace_bots()
        action = self.thinker.ready(session)
        if action is None and self.thinker.thinks_long(session):
            self.thinker.start(session)
            return
        self.save_pending()
        self.after(session.act(action if action is not None else session.bot_choice()))
        self.report_save_error()

    def pace_bots(self) -> None:
        """The master bots think as hard as the pace leaves them time for."""
        from ..bots import EFFORTS, MasterBot

        session = self.session
        if session is None:
            return
        effort = EFFORTS[BOT_EFFORTS[self.bot_speed]]
        for bot in session.bots.values():
            if isinstance(bot, MasterBot):
                bot.effort = effort

    def cycle_bot_speed(self) -> None:
        self.set_bot_speed((self.bot_speed + 1) % len(BOT_DELAYS))

    def set_bot_speed(self, speed: int) -> None:
        self.bot_speed = speed
        self.notify(tr(f"bots.speed.{self.bot_speed}"))
        if self.game_screen is not None:
            self.game_screen.show_keys()
        self.remember()
        if self._bot_timer is not None and BOT_DELAYS[self.bot_speed] == 0:
            self._bot_timer.stop()
            self._bot_timer = None
            self.schedule_bot()

    @property
    def game_screen(self) -> GameScreen | None:
        from .game_screen import GameScreen

        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                return screen
        return None

    def return_to_title(self) -> None:
        """Back to the title screen after a game."""
        if self.session is not None:
            self.session.close()
        self.session = None
        while len(self.screen_stack) > 1:
            self.pop_screen()
        if not isinstance(self.screen, TitleScreen):
            self.switch_screen(TitleScreen())

    def open_manage(self, seat: int | None = None) -> None:
        from .manage import ManageScreen

        if self.session is not None:
            self.push_screen(ManageScreen(self.session, seat))

    def open_trade(self, seat: int | None = None) -> None:
        from .trade import TradeScreen

        if self.session is not None:
            self.push_screen(TradeScreen(self.session, seat))

    def remember(self) -> None:
        """Write the theme and the pace to the settings file; a failure is reported, never fatal."""
        self.settings = replace(self.settings, theme=self.theme, pace=PACES[self.bot_speed], problems=())
        try:
            save_settings(self.settings)
        except OSError as exc:
            self.notify(tr("config.not_saved", reason=str(exc)), severity="warning", timeout=8, markup=False)

    def switch_language(self, language: str) -> None:
        """The palette's language command: the language is remembered and the game starts again in it
        (the screens' texts are made in one language), reopening the game in progress from its save."""
        self.settings = replace(self.settings, language=language)
        self.remember()
        session = self.session
        save = None
        if session is not None and not session.state.is_over and session.save_path is not None:
            save = session.save_path if session.save_path.exists() else None
        self.restart = (language, save)
        self.exit()

    # --- the command palette (Ctrl+P): our commands, in the game's language ---------------------------

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        from .commands import palette_commands

        return palette_commands(self, screen)

    def action_command_palette(self) -> None:
        from .commands import open_palette

        open_palette(self)

    def open_rules(self) -> None:
        from .dialogs import RulesScreen

        if self.session is None:
            self.push_screen(RulesScreen(self.rules, self.board))
        else:
            self.push_screen(RulesScreen(self.session.state.rules, self.board, self.session.state.seed))
