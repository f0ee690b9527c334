"""Setup: 2 to 8 players (name, token, colour, person or computer), house rules, starting cash, seed.

Every field starts at a sensible default and the «Начать игру» button has the focus, so pressing
Enter starts a game of «Игрок 1» and «Игрок 2» at once. Enter in a field moves to the next one, Ctrl+S
starts the game from anywhere, and a field that cannot be used says why right under it.
"""

from __future__ import annotations

import random

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Select, Static

from ..bots import BotKind
from ..engine import MAX_PLAYERS, MIN_PLAYERS, Board, Rules
from ..engine.rules import MAX_MONEY, MAX_ROUNDS
from ..locale import tr
from ..names import MAX_NAME_LENGTH, normalise_name
from ..session import PLAYER_COLORS, PLAYER_TOKENS, Seat

COLOR_NAMES = ("red", "blue", "green", "yellow", "purple", "teal", "orange", "grey")
SEAT_KINDS: list[tuple[str, BotKind | None]] = [
    ("seat.human", None),
    ("seat.simple", "simple"),
    ("seat.strong", "strong"),
    ("seat.master", "master"),
]
"""Who can sit in a seat: a person or a computer player of one of three strengths (the master looks ahead:
README.md, Computer players)."""

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


class OnOff(Checkbox):
    """A checkbox that reads on or off without its colour: ✓ or ·."""

    @property
    def _button(self) -> Content:
        self.BUTTON_INNER = "✓" if self.value else "·"
        return super()._button


class PlayerRow(Vertical):
    """One seat: name, token, colour, who plays; for a person, whether computers may offer them trades."""

    DEFAULT_CSS = """
    PlayerRow { height: auto; }
    PlayerRow Horizontal { height: 3; }
    PlayerRow .no-offers { margin-left: 3; }
    PlayerRow .no-offers.-hidden { display: none; }
    PlayerRow .field-error { color: $error; height: auto; margin-left: 3; display: none; }
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
        with Horizontal():
            yield from self.fields()
        yield OnOff(
            tr("setup.no_offers"), False, id=f"no-offers-{self.number}", classes="no-offers", compact=True
        )
        yield Static(id=f"error-player-{self.number}", classes="field-error")

    @on(Select.Changed)
    def _kind_changed(self, event: Select.Changed) -> None:
        if event.select.id == f"kind-{self.number}":
            self.query_one(".no-offers").set_class(event.value != 0, "-hidden")

    def fields(self) -> ComposeResult:
        n = self.number
        yield Static(f"{n + 1}.", classes="seat-number")
        yield Input(tr("setup.default_name", n=n + 1), id=f"name-{n}", max_length=MAX_NAME_LENGTH)
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
        Binding("ctrl+s", "start", tr("setup.start"), key_display="^s", priority=True),
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
    SetupScreen .number { height: 3; }
    SetupScreen .number Input { width: 16; }
    SetupScreen .number Static { width: 34; padding: 1 1; }
    SetupScreen .field-error { color: $error; height: auto; display: none; }
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
                yield OnOff(
                    tr(f"setup.rule.{section}.{option}"), value, id=f"rule-{section}-{option}", compact=True
                )
            limit = self.rules.end.turn_limit
            for field, value in (
                ("cash", str(self.rules.start.cash)),
                ("limit", "" if limit is None else str(limit)),
                ("seed", str(self.seed)),
            ):
                with Horizontal(classes="number"):
                    yield Static(tr(f"setup.{field}"))
                    yield Input(value, type="integer", id=field, valid_empty=True)
                yield Static(id=f"error-{field}", classes="field-error")
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

    def seats(self) -> list[Seat] | tuple[str, str, str]:
        """The seats as entered, or (where, the field to focus, why) they cannot be used."""
        seats = []
        for n in range(self.count):
            name = normalise_name(self.query_one(f"#name-{n}", Input).value)
            token = self.query_one(f"#token-{n}", Select).value
            color = self.query_one(f"#color-{n}", Select).value
            kind = self.query_one(f"#kind-{n}", Select).value
            if not name:
                return f"player-{n}", f"name-{n}", tr("setup.error.name", n=n + 1)
            assert isinstance(token, str) and isinstance(color, int) and isinstance(kind, int)
            bot = SEAT_KINDS[kind][1]
            no_offers = bot is None and self.query_one(f"#no-offers-{n}", Checkbox).value
            seats.append(
                Seat(name=name, token=token, color=PLAYER_COLORS[color], bot=bot, no_bot_offers=no_offers)
            )
            if any(s.name == name for s in seats[:-1]):
                return f"player-{n}", f"name-{n}", tr("setup.error.same_names")
            if any(s.token == token for s in seats[:-1]):
                return f"player-{n}", f"token-{n}", tr("setup.error.same_tokens")
            if any(s.color == PLAYER_COLORS[color] for s in seats[:-1]):  # owners are told apart by colour
                return f"player-{n}", f"color-{n}", tr("setup.error.same_colors")
        return seats

    def chosen_rules(self) -> Rules | tuple[str, str, str]:
        data = self.rules.model_dump()
        for section, option in HOUSE_RULES:
            data[section][option] = self.query_one(f"#rule-{section}-{option}", Checkbox).value
        cash = self.query_one("#cash", Input).value.strip()
        if not _whole(cash) or not 0 < int(cash) <= MAX_MONEY:
            return "cash", "cash", tr("setup.error.cash")
        data["start"]["cash"] = int(cash)
        limit = self.query_one("#limit", Input).value.strip()
        if limit and (not _whole(limit) or not 0 < int(limit) <= MAX_ROUNDS):
            return "limit", "limit", tr("setup.error.limit")
        data["end"]["turn_limit"] = int(limit) if limit else None
        return Rules.model_validate(data)

    def action_start(self) -> None:
        for error in self.query(".field-error").results(Static):
            error.display = False
        seats = self.seats()
        rules = self.chosen_rules()
        seed = self.query_one("#seed", Input).value.strip()
        problem = (
            seats
            if isinstance(seats, tuple)
            else rules
            if isinstance(rules, tuple)
            else None
            if _whole(seed)
            else ("seed", "seed", tr("setup.error.seed"))
        )
        if problem is not None:
            where, field, why = problem
            message = self.query_one(f"#error-{where}", Static)
            message.update(why)
            message.display = True
            self.query_one(f"#{field}").focus()  # scrolls the field and its message into sight
            return
        assert isinstance(seats, list) and isinstance(rules, Rules)
        self.app.start_game(seats, int(seed), rules)  # type: ignore[attr-defined]

    @on(Input.Submitted)
    def _next_field(self) -> None:
        """Enter in a field moves on to the next one."""
        self.focus_next()

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


def _whole(text: str) -> bool:
    """A whole number as typed: decimal digits only (not «²»), short enough to be a real one."""
    return text.isascii() and text.isdecimal() and len(text) <= 18
