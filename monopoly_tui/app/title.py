"""The title screen: new game, continue, load, rules, quit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ..locale import tr

if TYPE_CHECKING:
    from ..engine import Board


class TitleScreen(Screen[None]):
    DEFAULT_CSS = """
    TitleScreen { align: center middle; }
    TitleScreen #title-box { width: 60; height: auto; }
    TitleScreen #logo { width: 100%; content-align: center middle; color: $accent; text-style: bold; }
    TitleScreen #subtitle { width: 100%; content-align: center middle; margin-bottom: 1; }
    TitleScreen OptionList { height: auto; width: 100%; }
    """

    def compose(self) -> ComposeResult:
        with Center(), Vertical(id="title-box"):
            yield Static(tr("title.logo"), id="logo")
            yield Static(tr("title.subtitle"), id="subtitle")
            yield OptionList(
                Option(tr("title.new"), id="new"),
                Option(tr("title.continue"), id="continue"),
                Option(tr("title.load"), id="load"),
                Option(tr("title.rules"), id="rules"),
                Option(tr("title.quit"), id="quit"),
                id="menu",
            )
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()
        board = getattr(self.app, "_board", None)
        if board is not None:  # back from a game: the board is at hand
            self.show_continue(board)

    def show_continue(self, board: Board) -> None:
        """«Продолжить» only when there is an unfinished game (the app asks once the board is read: the
        screen comes up first, and the item is greyed a moment later when there is none)."""
        from ..saves import latest_unfinished

        autosave = bool(getattr(self.app, "autosave", False))
        menu = self.query_one(OptionList)
        nothing = not autosave or latest_unfinished(board) is None
        # only a change is made: OptionList moves the highlight off an option it enables or disables,
        # so enabling «Продолжить» again under a player's key would send Enter to the next item
        if menu.get_option("continue").disabled != nothing:
            if nothing:
                menu.disable_option("continue")
            else:
                menu.enable_option("continue")

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        choice = event.option.id
        if choice == "new":
            self.app.open_setup()  # type: ignore[attr-defined]
        elif choice == "continue":
            self.app.continue_game()  # type: ignore[attr-defined]
        elif choice == "load":
            self.app.open_load()  # type: ignore[attr-defined]
        elif choice == "rules":
            self.app.open_rules()  # type: ignore[attr-defined]
        elif choice == "quit":
            self.app.exit()
