"""Small screens: handing the laptop on, the rules in force."""

from __future__ import annotations

import re

from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from ..engine import Board, Rules
from ..locale import tr
from ..money import rubles
from ..names import printable
from ..session import GameSession
from .buttons import ButtonRow
from .plain import plain
from .prose import Prose
from .room import NeedsRoom


class HandoffScreen(NeedsRoom, ModalScreen[None]):
    """«Ход переходит к …» / «Передайте ноутбук …»: the next person takes the laptop.

    At a turn change any player may first open the manage screen (the rules allow building, selling,
    mortgaging and trading between turns).
    """

    BINDINGS = [
        Binding("enter,escape", "go_on", tr("binding.continue"), key_display="enter"),
        Binding("m,ь", "manage", tr("binding.manage"), key_display="m"),
        Binding("t,е", "trade", tr("binding.trade"), key_display="t"),
    ]
    DEFAULT_CSS = """
    HandoffScreen { align: center middle; }
    HandoffScreen > Vertical {
        width: 60; height: auto; border: thick $accent; padding: 1 2; background: $surface;
    }
    HandoffScreen #handoff-title { text-style: bold; width: 100%; content-align: center middle; }
    HandoffScreen #handoff-detail { width: 100%; content-align: center middle; margin: 1 0; }
    HandoffScreen ButtonRow { height: auto; align: center middle; }
    HandoffScreen Button { margin: 0 1; }
    """

    def __init__(self, session: GameSession, seat: int, *, turn_change: bool) -> None:
        super().__init__()
        self.session = session
        self.seat = seat
        self.turn_change = turn_change

    def compose(self) -> ComposeResult:
        name = self.session.state.players[self.seat].name
        seat = self.session.seats[self.seat]
        key = "handoff.turn" if self.turn_change else "handoff.pass"
        title = plain(tr(key, name=name))
        title.stylize(Style(color=seat.color, bold=True), len(title) - len(name))
        with Vertical():
            yield Static(title, id="handoff-title")
            detail = tr("handoff.turn_detail") if self.turn_change else tr("handoff.pass_detail", name=name)
            yield Static(plain(detail), id="handoff-detail")
            with ButtonRow():
                yield Button(tr("handoff.go_on"), id="go-on", variant="primary")
                if self.turn_change:
                    yield Button(tr("choice.manage"), id="manage")
                    yield Button(tr("choice.trade"), id="trade")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#go-on", Button).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.too_small:
            return False
        if action in ("manage", "trade"):
            return self.turn_change
        return True

    def action_go_on(self) -> None:
        self.dismiss()

    def action_manage(self) -> None:
        self.app.open_manage()  # type: ignore[attr-defined]

    def action_trade(self) -> None:
        self.app.open_trade()  # type: ignore[attr-defined]

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "go-on":
            self.dismiss()
        elif event.button.id == "manage":
            self.action_manage()
        elif event.button.id == "trade":
            self.action_trade()


def rules_options(rules: Rules, seed: int | None = None) -> list[tuple[str, str]]:
    """The rules in force as (option, value); in a game, its seed (the same seed, the same dice)."""
    yes, no = tr("rules.yes"), tr("rules.no")
    options = [
        (tr("rules.opt.start_cash"), rubles(rules.start.cash)),
        (tr("rules.opt.first_by_roll"), yes if rules.start.first_by_roll else no),
        (tr("rules.opt.salary"), rubles(rules.go.salary)),
        (tr("rules.opt.double_go"), yes if rules.go.double_on_landing else no),
        (tr("rules.opt.jail_fine"), rubles(rules.jail.fine)),
        (tr("rules.opt.auctions"), yes if rules.auction.enabled else no),
        (tr("rules.opt.decliner_street"), yes if rules.auction.decliner_bids.street else no),
        (tr("rules.opt.decliner_station"), yes if rules.auction.decliner_bids.station else no),
        (tr("rules.opt.decliner_utility"), yes if rules.auction.decliner_bids.utility else no),
        (tr("rules.opt.double_rent_blocked"), yes if rules.rent.double_rent_blocked_by_mortgage else no),
        (tr("rules.opt.double_rent_bare"), yes if rules.rent.double_rent_needs_bare_group else no),
        (tr("rules.opt.rent_in_jail"), yes if rules.rent.collect_in_jail else no),
        (tr("rules.opt.jackpot"), yes if rules.free_parking.jackpot else no),
        (tr("rules.opt.even"), yes if rules.buildings.even_building else no),
        (tr("rules.opt.supply"), f"{rules.buildings.houses} / {rules.buildings.hotels}"),
        (tr("rules.opt.scarce"), yes if rules.buildings.scarce_auction else no),
        (tr("rules.opt.interest"), f"{rules.mortgage.interest_percent}%"),
        (tr("rules.opt.limit"), str(rules.end.turn_limit) if rules.end.turn_limit else tr("rules.none")),
    ]
    if seed is not None:
        options.append((tr("rules.opt.seed"), str(seed)))
    return options


AMOUNT_SPACE = re.compile(r"(?<=\d) (?=\d{3}(?!\d))|(?<=\d) (?=[₽%×])")
"""A space inside an amount («25 000 ₽», «10 %») of the catalog's rules text."""
BOLD = re.compile(r"\*\*(.+?)\*\*")


def rules_blocks(board: Board) -> list[Text]:
    """The rules text as paragraphs («# » a heading, «**…**» bold), the board's name shown as plain
    text, amounts held together by no-break spaces."""
    blocks = []
    for block in tr("rules.text", board="\x00").split("\n\n"):
        heading = block.startswith("#")
        block = AMOUNT_SPACE.sub("\u00a0", block.lstrip("# "))
        text = Text(justify="center" if heading else "left", style="bold" if heading else "")
        at = 0
        for match in BOLD.finditer(block):
            text.append(block[at : match.start()])
            text.append(match.group(1), style="bold")
            at = match.end()
        text.append(block[at:])
        name = printable(board.name)
        while (spot := text.plain.find("\x00")) >= 0:  # the board's name, from a file: plain text
            text = Text.assemble(text[:spot], name, text[spot + 1 :], justify=text.justify, style=text.style)
        blocks.append(text)
    return blocks


class RulesScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,й", "close", tr("binding.close"), key_display="esc")]
    DEFAULT_CSS = """
    RulesScreen { align: center middle; }
    RulesScreen > VerticalScroll {
        width: 90%; height: 90%; border: thick $accent; background: $surface; padding: 1 2;
    }
    RulesScreen Prose { margin: 0 0 1 0; }
    RulesScreen .heading { text-style: bold; }
    """

    def __init__(self, rules: Rules, board: Board, seed: int | None = None) -> None:
        super().__init__()
        self.blocks = rules_blocks(board)
        self.options = rules_options(rules, seed)

    def compose(self) -> ComposeResult:
        table = Table(box=None, padding=(0, 2, 0, 0), show_header=False, expand=False)
        table.add_column()
        table.add_column(no_wrap=True)
        for name, value in self.options:
            table.add_row(name, value)
        with VerticalScroll():
            for block in self.blocks:
                yield Prose(block)
            yield Prose(Text(tr("rules.options"), style="bold", justify="center"))
            yield Static(table, id="rules-options")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss()
