"""The command palette (Ctrl+P) in the game's language: the theme, the rules, the computer players' pace,
the language, replay, quit.

Textual's own commands are English, so the palette lists only ours; every text comes from the catalog.
A search that finds nothing says so in the game's language (Textual's own notice is English): the
providers yield one harmless hit saying nothing was found, so Textual's notice never comes up.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import TYPE_CHECKING

from textual.app import SystemCommand
from textual.command import CommandPalette, Hit, Hits, Provider
from textual.screen import Screen
from textual.system_commands import SystemCommandsProvider
from textual.theme import ThemeProvider

from ..locale import LANGUAGES, language, tr

if TYPE_CHECKING:
    from .app import MonopolyApp


def palette_commands(app: MonopolyApp, screen: Screen[object]) -> Iterator[SystemCommand]:
    """The commands offered on `screen`: those that make sense there only."""
    yield SystemCommand(tr("palette.theme"), tr("palette.theme.help"), partial(open_themes, app))
    yield SystemCommand(tr("palette.rules"), tr("palette.rules.help"), app.open_rules)
    session = app.session
    if session is not None and session.bots and not session.state.is_over:
        for speed in range(3):
            if speed != app.bot_speed:
                yield SystemCommand(
                    tr(f"palette.pace.{speed}"), tr("palette.pace.help"), partial(app.set_bot_speed, speed)
                )
    for other in LANGUAGES:
        if other != language():
            switch = partial(app.switch_language, other)
            yield SystemCommand(tr(f"palette.language.{other}"), tr("palette.language.help"), switch)
    if session is not None and session.save_path is not None and session.save_path.exists():
        yield SystemCommand(
            tr("palette.replay"), tr("palette.replay.help"), partial(app.replay_game, session.save_path)
        )
    quit_help = (
        "palette.quit.saved" if session is not None and session.save_path is not None else "palette.quit.help"
    )
    yield SystemCommand(tr("palette.quit"), tr(quit_help), app.exit)


def _nothing() -> None:
    """Choosing «nothing found» only closes the palette."""


def saying_nothing_found(provider: type[Provider]) -> type[Provider]:
    """The provider, with one hit saying nothing was found (in the game's language) for a search that
    finds nothing, in place of Textual's English notice."""

    class NothingFound(provider):  # type: ignore[valid-type,misc]
        async def search(self, query: str) -> Hits:
            found = False
            async for hit in super().search(query):
                found = True
                yield hit
            if not found:
                yield Hit(0.0, tr("palette.nothing_found"), _nothing, help=tr("palette.nothing_found.help"))

    NothingFound.__name__ = f"{provider.__name__}NothingFound"
    return NothingFound


COMMANDS_PROVIDER = saying_nothing_found(SystemCommandsProvider)
THEMES_PROVIDER = saying_nothing_found(ThemeProvider)


def open_palette(app: MonopolyApp) -> None:
    if not CommandPalette.is_open(app):  # type: ignore[arg-type]
        palette = CommandPalette(
            providers=[COMMANDS_PROVIDER], placeholder=tr("palette.placeholder"), id="--command-palette"
        )
        app.push_screen(palette)


def open_themes(app: MonopolyApp) -> None:
    palette = CommandPalette(providers=[THEMES_PROVIDER], placeholder=tr("palette.theme.placeholder"))
    app.push_screen(palette)
