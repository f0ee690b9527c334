"""Setup: 2 to 8 players (name, token, colour, person or computer), house rules, starting cash, seed.

Every field starts at a sensible default and the «Начать игру» button has the focus, so pressing
Enter starts a game of «Игрок 1» and «Игрок 2» at once.
"""

from __future__ import annotations

import random

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Select, Static

from ..bots import BotKind
from ..engine import MAX_PLAYERS, MIN_PLAYERS, Board, Rules
from ..locale import tr
from ..session import PLAYER_COLORS, PLAYER_TOKENS, Seat

COLOR_NAMES = ("red", "blue", "green", "yellow", "purple", "teal", "orange", "grey")
SEAT_KINDS: list[tuple[str, BotKind | None]] = [
    ("seat.human", None),
    ("seat.simple", "simple"),
    ("seat.strong", "strong"),
    ("seat.master", "master"),
]
"""Who can sit in a seat: a person or a computer player of one of three strengths."""

HOUSE_RULES = (
    ("start", "first_by_roll"),
    ("free_parking", "jackpot"),
    ("go", "double_on_landing"),
    ("rent", "collect_in_jail"),
    ("auction", "enabled"),
    ("buildings", "even_building"),
    ("buildings", "scarce_auction"),
    ("rent", "double_rent_blocked_by_mortgage"),
    ("rent", "double_rent_needs_bare_group"),
)
"""The yes/no options offered as toggles, (section, option) of the rules."""


class PlayerRow(Horizontal):
    DEFAULT_CSS = """
    PlayerRow { height: 3; }
    PlayerRow Input { width: 20; }
    PlayerRow Select { width: 18; }
    PlayerRow .token { width: 9; }
    PlayerRow .kind { width: 26; }
    PlayerRow .seat-number { width: 3; padding: 1 0; }
    """

    def __init__(self, number: int) -> None:
        super().__init__(classes="player-row")
        self.number = number

    def compose(self) -> ComposeResult:
        n = self.number
        yield Static(f"{n + 1}.", classes="seat-number")
        yield Input(tr("setup.default_name", n=n + 1), id=f"name-{n}", max_length=16)
        yield Select(
            [(t, t) for t in PLAYER_TOKENS],
            value=PLAYER_TOKENS[n],
            allow_blank=False,
            id=f"token-{n}",
            classes="token",
        )
        yield Select(
            [(tr(f"color.{c}"), i) for i, c in enumerate(COLOR_NAMES)],
            value=n,
            allow_blank=False,
            id=f"color-{n}",
        )
        yield Select(
            [(tr(label), i) for i, (label, _) in enumerate(SEAT_KINDS)],
            value=0,
            allow_blank=False,
            id=f"kind-{n}",
            classes="kind",
        )


class SetupScreen(Screen[None]):
    BINDINGS = [
        Binding("escape", "back", tr("binding.back"), key_display="esc"),
        Binding("ctrl+a", "add_player", tr("binding.add_player"), key_display="^a"),
        Binding("ctrl+d", "remove_player", tr("binding.remove_player"), key_display="^d"),
    ]
    DEFAULT_CSS = """
    SetupScreen #setup { padding: 0 1; }
    SetupScreen Checkbox { width: 100%; max-width: 76; }
    SetupScreen .heading { text-style: bold; margin-top: 1; }
    SetupScreen #players { height: auto; }
    SetupScreen #player-buttons, SetupScreen #start-row { height: auto; }
    SetupScreen #numbers { height: auto; }
    SetupScreen #numbers Input { width: 22; }
    SetupScreen #numbers Static { width: auto; padding: 1 1; }
    SetupScreen #setup-error { color: $error; height: auto; }
    """

    def __init__(self, board: Board, rules: Rules, seed: int | None = None) -> None:
        super().__init__()
        self.board = board
        self.rules = rules
        self.seed = seed if seed is not None else random.SystemRandom().randrange(1_000_000)
        self.count = MIN_PLAYERS

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="setup"):
            yield Static(tr("setup.title"), classes="heading")
            with Horizontal(id="start-row"):
                yield Button(tr("setup.start"), id="start", variant="primary")
                yield Button(tr("setup.back"), id="back")
            yield Static(id="setup-error")
            yield Static(tr("setup.players"), classes="heading")
            with Vertical(id="players"):
                for n in range(self.count):
                    yield PlayerRow(n)
            with Horizontal(id="player-buttons"):
                yield Button(tr("setup.add"), id="add")
                yield Button(tr("setup.remove"), id="remove")
            yield Static(tr("setup.rules"), classes="heading")
            for section, option in HOUSE_RULES:
                value = getattr(getattr(self.rules, section), option)
                yield Checkbox(tr(f"setup.rule.{section}.{option}"), value, id=f"rule-{section}-{option}")
            with Horizontal(id="numbers"):
                yield Static(tr("setup.cash"))
                yield Input(str(self.rules.start.cash), type="integer", id="cash")
                yield Static(tr("setup.limit"))
                limit = self.rules.end.turn_limit
                yield Input("" if limit is None else str(limit), type="integer", id="limit")
                yield Static(tr("setup.seed"))
                yield Input(str(self.seed), type="integer", id="seed")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#start", Button).focus()

    # --- players -----------------------------------------------------------------------------------

    def action_add_player(self) -> None:
        if self.count < MAX_PLAYERS:
            self.query_one("#players").mount(PlayerRow(self.count))
            self.count += 1

    def action_remove_player(self) -> None:
        if self.count > MIN_PLAYERS:
            self.count -= 1
            self.query(PlayerRow).last().remove()

    def seats(self) -> list[Seat] | str:
        """The seats as entered, or the reason they cannot be used."""
        seats = []
        for n in range(self.count):
            name = self.query_one(f"#name-{n}", Input).value.strip()
            token = self.query_one(f"#token-{n}", Select).value
            color = self.query_one(f"#color-{n}", Select).value
            kind = self.query_one(f"#kind-{n}", Select).value
            if not name:
                return tr("setup.error.name", n=n + 1)
            assert isinstance(token, str) and isinstance(color, int) and isinstance(kind, int)
            seats.append(Seat(name=name, token=token, color=PLAYER_COLORS[color], bot=SEAT_KINDS[kind][1]))
        if len({s.name for s in seats}) != len(seats):
            return tr("setup.error.same_names")
        if len({s.token for s in seats}) != len(seats):
            return tr("setup.error.same_tokens")
        return seats

    def chosen_rules(self) -> Rules | str:
        data = self.rules.model_dump()
        for section, option in HOUSE_RULES:
            data[section][option] = self.query_one(f"#rule-{section}-{option}", Checkbox).value
        cash = self.query_one("#cash", Input).value.strip()
        if not cash.isdigit() or int(cash) <= 0:
            return tr("setup.error.cash")
        data["start"]["cash"] = int(cash)
        limit = self.query_one("#limit", Input).value.strip()
        if limit and (not limit.isdigit() or int(limit) <= 0):
            return tr("setup.error.limit")
        data["end"]["turn_limit"] = int(limit) if limit else None
        return Rules.model_validate(data)

    def action_start(self) -> None:
        error = self.query_one("#setup-error", Static)
        seats = self.seats()
        if isinstance(seats, str):
            error.update(seats)
            return
        rules = self.chosen_rules()
        if isinstance(rules, str):
            error.update(rules)
            return
        seed = self.query_one("#seed", Input).value.strip()
        if not seed.isdigit():
            error.update(tr("setup.error.seed"))
            return
        self.app.start_game(seats, int(seed), rules)  # type: ignore[attr-defined]

    def action_back(self) -> None:
        self.app.pop_screen()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        {
            "start": self.action_start,
            "back": self.action_back,
            "add": self.action_add_player,
            "remove": self.action_remove_player,
        }[str(event.button.id)]()
