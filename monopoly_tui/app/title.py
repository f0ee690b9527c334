"""The title screen: new game, continue, load, rules, quit."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ..locale import tr

LOGO = """\
╔╦╗╔═╗╔╗╔╔═╗╔═╗╔═╗╦  ╦ ╦╦ ╦
║║║║ ║║║║║ ║╠═╝║ ║║  ╚╦╝╠═╣
╩ ╩╚═╝╝╚╝╚═╝╩  ╚═╝╩═╝ ╩ ╩ ╩"""


class TitleScreen(Screen[None]):
    DEFAULT_CSS = """
    TitleScreen { align: center middle; }
    TitleScreen #title-box { width: 44; height: auto; }
    TitleScreen #logo { width: 100%; content-align: center middle; color: $accent; }
    TitleScreen #subtitle { width: 100%; content-align: center middle; margin-bottom: 1; }
    TitleScreen OptionList { height: auto; width: 100%; }
    """

    def compose(self) -> ComposeResult:
        with Center(), Vertical(id="title-box"):
            yield Static(LOGO, id="logo")
            yield Static(tr("title.subtitle"), id="subtitle")
            yield OptionList(
                Option(tr("title.new"), id="new"),
                Option(tr("title.continue"), id="continue", disabled=True),
                Option(tr("title.load"), id="load", disabled=True),
                Option(tr("title.rules"), id="rules"),
                Option(tr("title.quit"), id="quit"),
                id="menu",
            )
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        choice = event.option.id
        if choice == "new":
            self.app.open_setup()  # type: ignore[attr-defined]
        elif choice == "rules":
            self.app.open_rules()  # type: ignore[attr-defined]
        elif choice == "quit":
            self.app.exit()
