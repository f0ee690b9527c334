"""Putting a game on the screen: a new one (saved as it goes, locked against a second window), the most
recent unfinished one, a saved one to continue, or one to step through. A file that can't be read is
reported and never changed."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..locale import tr
from ..saves import SaveError, latest_unfinished, load_save, lock_save, new_save_path
from ..session import GameSession
from .game_screen import GameScreen
from .gameover import GameOverScreen
from .replay import ReplayScreen
from .title import TitleScreen

if TYPE_CHECKING:
    from .app import MonopolyApp


def begin(app: MonopolyApp, session: GameSession) -> None:
    """A new game on the screen, over the setup screen (or the title, for --position), saved from now."""

    app.session = session
    if app.autosave:
        try:
            path = new_save_path([s.name for s in session.seats])
        except SaveError as exc:  # no saves folder to be had: the game goes on, unsaved, and says so
            session.log.append(exc.reason)
            app.notify(exc.reason, severity="error", timeout=15, markup=False)
        else:
            session.save_path = path
            session.lock = lock_save(path)
            session.autosave()
            app.report_save_error()
    if isinstance(app.screen, TitleScreen):  # --position: the title stays beneath the game
        app.push_screen(GameScreen(session))
    else:  # over the setup screen
        app.switch_screen(GameScreen(session))
    if session.state.is_over:
        app.push_screen(GameOverScreen(session))
    elif session.bot_to_move() is not None:
        app.call_after_refresh(app.schedule_bot)


def continue_game(app: MonopolyApp) -> None:
    """The most recent unfinished game."""
    path = latest_unfinished(app.board)
    if path is None:
        app.notify(tr("load.no_unfinished"), severity="warning")
        return
    app.load_game(path)


def load_game(app: MonopolyApp, path: Path) -> None:
    """Continue a saved game; a file that cannot be read is reported, never changed."""

    try:
        lock = lock_save(path) if app.autosave else None
    except SaveError as exc:  # open in another window: refused here, nothing changed
        app.notify(exc.reason, severity="error", timeout=8, markup=False)
        return
    try:
        loaded = load_save(path, app.board)
    except SaveError as exc:
        if lock is not None:
            lock.release()
        app.notify(exc.reason, severity="error", timeout=8, markup=False)
        return
    session = GameSession.resume(app.board, loaded)
    if loaded.notice:  # a cut-off last action was dropped: said here and in the log
        app.notify(loaded.notice, severity="warning", timeout=10, markup=False)
    session.lock = lock
    if not app.autosave:
        session.save_path = None
    if app.session is not None:
        app.session.close()
    app.session = session
    while not isinstance(app.screen, TitleScreen) and len(app.screen_stack) > 1:
        app.pop_screen()
    app.push_screen(GameScreen(session))
    if session.state.is_over:
        app.push_screen(GameOverScreen(session))
    elif session.bot_to_move() is not None:
        app.call_after_refresh(app.schedule_bot)


def replay_game(app: MonopolyApp, path: Path) -> None:
    """Step through a saved game, finished or not."""

    try:
        loaded = load_save(path, app.board)
    except SaveError as exc:
        app.notify(exc.reason, severity="error", timeout=8, markup=False)
        return
    app.push_screen(ReplayScreen(loaded))
