"""The panels around the board: players, the turn and dice, the last card, the log, the prompt."""

from __future__ import annotations

from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Button, Static

from ..engine import GameState, current_actor, net_worth
from ..locale import tr
from ..money import rubles
from ..session import GameSession
from .buttons import ButtonRow
from .plain import plain
from .prompts import Choice, Prompt


def players_table(session: GameSession, *, compact: bool = False) -> Table:
    """Cash, net worth, lots by group, jail cards and jail for every player; the one to act stands out.

    Compact (a narrow window): name and cash only.
    """
    state = session.state
    actor = current_actor(state)
    table = Table(expand=True, box=None, padding=(0, 1), show_edge=False)
    table.add_column(tr("players.name"), no_wrap=True, ratio=3)
    table.add_column(tr("players.cash"), justify="right", no_wrap=True, ratio=2)
    if not compact:
        table.add_column(tr("players.worth"), justify="right", no_wrap=True, ratio=2)
        table.add_column(tr("players.lots"), ratio=4)
    for seat, p in enumerate(state.players):
        s = session.seats[seat]
        name = Text(f"{s.token} {p.name}", style=Style(color=s.color, bold=True))
        if p.bankrupt:
            table.add_row(name, Text(tr("players.bankrupt"), style="dim"), style="dim")
            continue
        if p.in_jail:
            name.append(" " + tr("players.in_jail"), style="italic")
        if p.jail_cards:
            name.append(" " + tr("players.cards", count=len(p.jail_cards)), style="italic")
        cells: list[Text | str] = [name, rubles(p.cash)]
        if not compact:
            cells += [rubles(net_worth(state, seat)), lots_text(state, seat)]
        table.add_row(*cells, style="reverse" if seat == actor else None)
    return table


def lots_text(state: GameState, seat: int) -> Text:
    """The player's lots by colour group as group marks, e.g. «К2 Г1 Ж/Д2 Ком1»."""
    text = Text()
    board = state.board
    for group in board.groups:
        count = sum(1 for i in board.group_members[group.id] if state.owner[i] == seat)
        if count:
            text.append(f"{group.mark}{count}", style=Style(color=group.color, bold=True))
            text.append(" ")
    for label, squares in (
        (tr("players.stations"), board.stations),
        (tr("players.utilities"), board.utilities),
    ):
        count = sum(1 for i in squares if state.owner[i] == seat)
        if count:
            text.append(f"{label}{count} ")
    return text


def status_text(session: GameSession, *, compact: bool = False) -> Text:
    state = session.state
    text = Text()
    turn = state.players[state.turn]
    seat = session.seats[state.turn]
    text.append(tr("status.round", round=state.round) + "  ")
    text.append(tr("status.turn") + " ")
    text.append(f"{seat.token} {turn.name}", style=Style(color=seat.color, bold=True))
    # The dice of this turn's throws only: before the turn's first throw, the last ones were another's.
    if state.dice and (state.phase != "roll" or state.doubles > 0):
        d1, d2 = state.dice
        text.append("   " + tr("status.dice", d1=d1, d2=d2), style="bold")
    if compact:
        return text
    text.append("   ")
    text.append(tr("status.bank", houses=state.bank_houses, hotels=state.bank_hotels), style="dim")
    if state.rules.free_parking.jackpot:
        text.append("   " + tr("status.pot", amount=rubles(state.pot)), style="dim")
    return text


def card_text(session: GameSession) -> Text:
    state = session.state
    card = state.last_card
    if card is None:
        return Text(tr("card.none"), style="dim")
    drawn = state.board.deck(card.deck)[card.index]
    text = Text(tr(f"deck.{card.deck}") + ": ", style="bold")
    text.append(drawn.text)
    return text


class StatePanels(Vertical):
    """The centre's account of the game: the turn and dice, the players, the last card."""

    DEFAULT_CSS = """
    StatePanels { height: auto; }
    StatePanels #status { height: 1; }
    StatePanels #players { height: auto; max-height: 10; }
    StatePanels #card { height: auto; max-height: 3; color: $text-muted; }
    """

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        yield Static(id="players")
        yield Static(id="card")

    def show(self, session: GameSession, *, compact: bool) -> None:
        self.query_one("#status", Static).update(status_text(session, compact=compact))
        self.query_one("#players", Static).update(players_table(session, compact=compact))
        self.query_one("#card", Static).update(card_text(session))


MAX_CHOICES = 10
"""Buttons kept in the prompt (the most any prompt offers: nine streets to place a building on)."""


def key_label(key: str) -> str:
    return tr(f"key.{key}") if key == "enter" else key


LONG_CHOICE = 15
"""Characters of a choice's label that still fit half the prompt of the compact layout at 80 columns."""


class ChoiceButton(Button):
    """One choice of the prompt; the buttons are made once and relabelled, never remounted."""

    def __init__(self) -> None:
        super().__init__("", classes="choice", compact=True)
        self.choice: Choice | None = None

    def set_choice(self, choice: Choice | None) -> None:
        self.choice = choice
        self.display = choice is not None
        if choice is not None:
            label = f"[{key_label(choice.key)}] {choice.label}"
            self.label = Text(label)
            # too long for half the compact prompt: it takes a row of its own there
            self.set_class(len(label) > LONG_CHOICE, "long")
            self.refresh(layout=True)


class PromptPanel(Vertical):
    """The decision of whoever must act: title by name, context lines, a button per choice."""

    DEFAULT_CSS = """
    PromptPanel { height: auto; border: round $accent; padding: 0 1; }
    PromptPanel #prompt-title { text-style: bold; }
    PromptPanel #prompt-choices { height: auto; }
    PromptPanel Button { min-width: 8; margin: 0 1 0 0; height: 1; border: none; }
    PromptPanel Button { text-wrap: nowrap; text-overflow: ellipsis; }
    PromptPanel #bid { height: auto; }
    """

    def compose(self) -> ComposeResult:
        yield Static(id="prompt-title")
        yield Static(id="prompt-lines")
        yield Static(id="bid")
        with ButtonRow(id="prompt-choices"):
            for _ in range(MAX_CHOICES):
                yield ChoiceButton()

    def show(self, prompt: Prompt, session: GameSession) -> None:
        title = plain(prompt.title)
        if prompt.seat is not None:
            seat = session.seats[prompt.seat]
            title.stylize(Style(color=seat.color, bold=True), 0, len(session.state.players[prompt.seat].name))
        self.query_one("#prompt-title", Static).update(title)
        self.query_one("#prompt-lines", Static).update(plain("\n".join(prompt.lines)))
        self.query_one("#bid", Static).display = prompt.bid is not None
        buttons = list(self.query(ChoiceButton))
        for n, button in enumerate(buttons):
            button.set_choice(prompt.choices[n] if n < len(prompt.choices) else None)
        # only a harmless choice takes the focus; otherwise nothing has it and Enter decides nothing
        focus = next((b for b in buttons if b.choice is not None and b.choice.key == prompt.focus), None)
        if focus is None:
            self.screen.set_focus(None)
        else:
            self.screen.set_focus(focus)  # at once: a later focus() could land after the next prompt

    def show_bid(self, amount: int | None, low: int, cash: int, step: int, jump: int) -> None:
        """The bid being typed (None: not chosen yet), its limits, and on a line of its own the keys."""
        text = Text(tr("bid.amount") + " ")
        text.append(tr("bid.unset") if amount is None else rubles(amount), style="bold reverse")
        text.append("  " + tr("bid.limits", low=rubles(low), cash=rubles(cash)), style="dim")
        text.append("\n" + tr("bid.keys", step=rubles(step), jump=rubles(jump)), style="dim")
        self.query_one("#bid", Static).update(text)


class KeyBar(Static):
    """The footer of the game screen: the keys of the prompt now, then the keys always there."""

    DEFAULT_CSS = "KeyBar { dock: bottom; height: 1; background: $panel; }"

    def show(self, prompt: Prompt, *, undo: bool = False, pace: int | None = None) -> None:
        text = Text(no_wrap=True, overflow="ellipsis")
        keys = [(key_label(c.key), c.label) for c in prompt.choices]
        if undo:
            keys.append(("z", tr("binding.undo")))
        if pace is not None:
            keys.append(("s", tr("keys.pace", pace=tr(f"pace.{pace}"))))
        keys += [("?", tr("binding.rules")), ("^q", tr("binding.quit"))]
        for key, label in keys:
            text.append(f" {key} ", style="bold reverse")
            text.append(f" {label}  ")
        self.update(text)
