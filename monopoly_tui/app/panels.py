"""The panels around the board: players, the turn and dice, the last card, the log, the prompt."""

from __future__ import annotations

from collections.abc import Hashable

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.geometry import Region
from textual.strip import Strip
from textual.widgets import Button

from ..engine.turn import rounds_played
from ..locale import tr
from ..money import rubles
from ..session import GameSession
from .blank import BlankHorizontal, BlankVertical
from .buttons import ButtonRow
from .card import CardProse, card_text
from .dice import DiceFaces, dice_line, this_turns_dice
from .keybar import KeyBar, key_label
from .plain import plain
from .players import players_key, players_table, token_chip
from .prompts import Choice, Prompt
from .prose import Prose
from .rows import KEPT, KeptLines, quick_strip
from .steady import Steady


def status_text(session: GameSession, *, compact: bool = False) -> Text:
    state = session.state
    text = Text()
    turn = state.players[state.turn]
    seat = session.seats[state.turn]
    text.append(tr("status.round", round=rounds_played(state)) + "  ")
    text.append(tr("status.turn") + " ")
    text.append_text(token_chip(seat.token, seat.color))
    text.append(" " + turn.name, style="bold")
    if compact:
        return text
    text.append("   ")
    text.append(tr("status.bank", houses=state.bank_houses, hotels=state.bank_hotels), style="dim")
    if state.rules.free_parking.jackpot:
        text.append("   " + tr("status.pot", amount=rubles(state.pot)), style="dim")
    return text


class StatePanels(BlankVertical):
    """The centre's account of the game: the turn, the dice as faces beside the players, the last card
    (in the compact layout the dice on a line of their own)."""

    DEFAULT_CSS = """
    StatePanels { height: auto; }
    StatePanels #status { height: 1; }
    StatePanels #state-row { height: auto; }
    StatePanels #players { height: auto; max-height: 10; width: 1fr; }  /* PLAYERS_ROWS */
    StatePanels #dice { height: 4; width: 23; padding: 0 0 0 2; }
    StatePanels #card { height: auto; max-height: 3; color: $text-muted; }
    StatePanels.compact #state-row { layout: vertical; }
    StatePanels.compact #dice { height: 1; width: 1fr; padding: 0; }
    """

    def compose(self) -> ComposeResult:
        yield Steady(id="status")
        with BlankHorizontal(id="state-row"):
            yield Steady(id="players")
            yield Steady(id="dice")
        yield CardProse(id="card")

    def show(self, session: GameSession, *, compact: bool, landed: bool = True) -> None:
        """What changed since the last call is repainted; the dice keep their room on the ring before a
        throw too, so that a throw lays nothing out again (in the compact layout their line comes and
        goes). Before the token has `landed` (it walks): the turn and the dice only, the players' money
        and the card wait for it."""
        self.set_class(compact, "compact")
        status = status_text(session, compact=compact)
        self.query_one("#status", Steady).show(status, (status.plain, tuple(status.spans)))
        if landed:
            self.query_one("#players", Steady).show(
                players_table(session, compact=compact), players_key(session, compact)
            )
        dice = this_turns_dice(session.state)
        faces = self.query_one("#dice", Steady)
        if faces.display != (dice is not None or not compact):
            faces.display = dice is not None or not compact
        faces.show(dice_line(dice) if compact else DiceFaces(dice), (compact, dice))
        if not landed:
            return
        # the compact layout says nothing of cards until one is drawn (its rows are few)
        none_yet = compact and session.state.last_card is None
        self.query_one("#card", Prose).update("" if none_yet else card_text(session, compact=compact))


MAX_CHOICES = 10
"""Buttons kept in the prompt (the most any prompt offers: nine streets to place a building on)."""


LONG_CHOICE = 15
"""Characters of a choice's label that still fit half the prompt of the compact layout at 80 columns."""
WIDE_CHOICE = 27
"""Characters of a choice's label that still fit a third of the prompt on the ring at 120 columns (the
buttons have equal widths, so that a new label is repainted in place, without a layout)."""


class ChoiceButton(Button, KeptLines):
    """One choice of the prompt, made once and relabelled, never remounted (its lines kept: `KeptLines`)."""

    def __init__(self) -> None:
        super().__init__("", classes="choice", compact=True)
        self.choice: Choice | None = None
        self._text: str | None = None
        self._drawn: dict[Hashable, Strip] = {}
        """Lines rendered, by label, size and look (the prompts of a game come back with the same labels)."""

    def render_line(self, y: int) -> Strip:
        """The line as Textual renders it, kept for this label at this size and in this look (focus, hover
        and the rest are in the widget's style)."""
        if self.text_selection is not None:
            return super().render_line(y)
        key = (y, self._text, self.size, self.visual_style)
        strip = self._drawn.get(key)
        if strip is None:
            if len(self._drawn) >= KEPT:
                self._drawn.clear()
            quick = None
            if y == 0 and self.size.height == 1 and self._text is not None:
                quick = quick_strip(self, Text(self._text), self.size.width, self.visual_style)
            strip = self._drawn[key] = super().render_line(y) if quick is None else quick
        return strip

    def shows(self, ys: range) -> list[Hashable]:  # its label (None: no choice, a blank line)
        return [self._text for _ in ys]

    def finish_lines(self, crop: Region) -> list[Strip]:
        """Without a choice (its room kept, a prompt of fewer choices): blank, the panel's background
        (drawn so, rather than restyled as a disabled, transparent button: the restyles, in and out of
        use as prompts of more and fewer choices came, took more of a throw than anything of ours)."""
        if self.choice is not None:
            return super().finish_lines(crop)
        base, _ = self.background_colors
        blank = Strip.blank(crop.width, Style(bgcolor=base.rich_color))
        for line_filter in self.get_line_filters():
            blank = blank.apply_filter(line_filter, base)
        return [blank] * crop.height

    def allow_focus(self) -> bool:
        return self.choice is not None

    def set_choice(self, choice: Choice | None, *, keep: bool = False) -> None:
        """Show the choice (None: hide the button, or with `keep` leave its room blank); a new label is
        repainted in place, without a layout (the buttons have equal widths)."""
        if choice == self.choice and self.display == (choice is not None or keep):
            return  # as it was (a new prompt keeps most buttons as they were)
        if choice is None and self.has_focus:
            self.screen.set_focus(None)
        self.choice = choice
        text = None if choice is None else f"[{key_label(choice.key)}] {choice.label}"
        if self.display != (text is not None or keep):
            self.display = text is not None or keep
        if text is not None:
            # too long for half the compact prompt: it takes a row of its own there; too long for a
            # third of the prompt on the ring: it takes two thirds (restyled only when that changes)
            classes = self.classes
            self.set_class(len(text) > LONG_CHOICE, "long", update=False)
            self.set_class(len(text) > WIDE_CHOICE, "wide", update=False)
            if self.classes != classes:
                self.update_node_styles()
        if text != self._text:
            self._text = text
            self.label = Text("" if text is None else text)


class PromptPanel(Vertical):
    """The decision of whoever must act: title by name, context lines, a button per choice."""

    DEFAULT_CSS = """
    PromptPanel { height: auto; border: round $accent; padding: 0 1; }
    PromptPanel #prompt-title { text-style: bold; }
    PromptPanel #prompt-body { height: auto; }
    PromptPanel #prompt-choices { height: auto; }
    PromptPanel Button { min-width: 8; margin: 0 1 0 0; height: 1; border: none; }
    PromptPanel Button { text-wrap: nowrap; text-overflow: ellipsis; }
    PromptPanel #bid { height: auto; }
    """

    RESERVED = (4, 6)
    """Lines and buttons the prompt keeps room for on the ring (those of an offer to buy a lot), so that
    most prompts after a throw take the same room and nothing is laid out again."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.buttons = [ChoiceButton() for _ in range(MAX_CHOICES)]
        """The buttons, in order (kept: a query of the panel at every prompt took longer than the rest)."""
        self.body = BlankVertical(id="prompt-body")
        """The lines and an auction's bid: what scrolls where the compact layout has no room for them."""

    def compose(self) -> ComposeResult:
        yield Prose(id="prompt-title")
        with self.body:
            yield Prose(id="prompt-lines")
            yield Prose(id="bid")
        with ButtonRow(id="prompt-choices"):
            yield from self.buttons

    def show(
        self, prompt: Prompt, session: GameSession, *, compact: bool = False, focus: bool = True
    ) -> None:
        """The prompt; on the ring (not `compact`) in at least the RESERVED room; with `focus` its harmless
        default takes the focus (without: the focus stays where it is)."""
        lines_kept, buttons_kept = (0, 0) if compact else self.RESERVED
        title = plain(prompt.title)
        if prompt.seat is not None:
            seat = session.seats[prompt.seat]
            title.stylize(Style(color=seat.color, bold=True), 0, len(session.state.players[prompt.seat].name))
        self.query_one("#prompt-title", Prose).update(title)
        lines = self.query_one("#prompt-lines", Prose)
        lines.update(plain("\n".join(prompt.lines)), keep=lines_kept)
        self._choices = len(prompt.choices) if compact else None
        body = self.body
        if body.scroll_y:  # a new prompt is read from its first line
            body.scroll_home(animate=False)
        if compact:  # once the panels above have their new heights
            self.call_after_refresh(self.fit_compact, len(prompt.choices))
        else:
            self._scrolling(False)
            if body.styles.max_height is not None:
                body.styles.clear_rule("max_height")
        self.query_one("#bid", Prose).display = prompt.bid is not None
        buttons = self.buttons
        for n, button in enumerate(buttons):
            button.set_choice(prompt.choices[n] if n < len(prompt.choices) else None, keep=n < buttons_kept)
        if focus:
            self.focus_default(prompt)

    def focus_default(self, prompt: Prompt) -> None:
        """Only a harmless choice takes the focus; otherwise nothing has it and Enter decides nothing."""
        focus = next((b for b in self.buttons if b.choice is not None and b.choice.key == prompt.focus), None)
        self.screen.set_focus(focus)  # at once: a later focus() could land after the next prompt

    _choices: int | None = None
    """The choices of the prompt shown in the compact layout (None: on the ring)."""

    def on_mount(self) -> None:
        # a window made taller or shorter lays the screen out again: the lines get the room there is
        self.screen.screen_layout_refresh_signal.subscribe(self, self._laid_out)

    def _laid_out(self, _screen: object) -> None:
        if self._choices is not None:
            self.fit_compact(self._choices)

    scrolls = False
    """The prompt's lines (and an auction's bid) are cut to the room there is: they scroll, by the wheel
    and by keys (↑/↓, PgUp/PgDn; the game screen binds them)."""

    def _scrolling(self, scrolls: bool) -> None:
        if scrolls != self.scrolls:
            self.scrolls = scrolls
            for bar in self.screen.query(KeyBar):
                bar.show_scroll(scrolls)

    def scroll_body(self, rows: int = 0, pages: int = 0) -> None:
        """Scroll the prompt's lines by rows, or by pages of the room they have."""
        body = self.body
        rows += pages * max(1, body.scrollable_content_region.height - 1)
        body.scroll_to(y=body.scroll_y + rows, animate=False)

    def fit_compact(self, choices: int) -> None:
        """In the compact layout, where the window is too short for all of the centre, the prompt's lines
        and an auction's bid give way (they scroll) so that its title and its buttons stay on the screen."""
        lines = self.query_one("#prompt-lines", Prose)
        body = self.body
        width = lines.content_region.width
        found = self.screen.query(StatePanels)  # (none while the layout changes: the next show fits it)
        if width <= 0 or not found or not found.first().has_class("compact"):
            return
        panels = found.first()
        title = self.query_one("#prompt-title", Prose)
        card = panels.query_one("#card", Prose)
        players = panels.query_one("#players", Steady)
        above = 1 + players.rows + (1 if panels.query_one("#dice").display else 0)
        if card.text.plain:
            above += min(3, len(card.lines(card.content_region.width or width)))
        long = sum(1 for b in self.query(ChoiceButton) if b.display and b.has_class("long"))
        button_rows = long + (choices - long + 1) // 2
        below = 1 + 2  # the key bar, the log's rule and one line of it
        bid = self.query_one("#bid", Prose)
        bid_rows = len(bid.lines(width)) if bid.display and bid.text.plain else 0
        room = self.app.size.height - above - below - 2 - len(title.lines(width)) - button_rows
        room = max(1, room)
        limit = room if len(lines.lines(width)) + bid_rows > room else None
        now = body.styles.max_height
        if limit is None and now is not None:
            body.styles.clear_rule("max_height")
            body.refresh(layout=True)
        elif limit is not None and (now is None or now.value != limit):
            body.styles.max_height = limit
            body.styles.overflow_y = "auto"
        self._scrolling(limit is not None)

    def show_bid(self, amount: int | None, low: int, cash: int, step: int, jump: int) -> None:
        """The bid being typed (None: not chosen yet), its limits, and on a line of its own the keys."""
        text = Text(tr("bid.amount") + " ")
        text.append(tr("bid.unset") if amount is None else rubles(amount), style="bold reverse")
        text.append("  " + tr("bid.limits", low=rubles(low), cash=rubles(cash)), style="dim")
        text.append("\n" + tr("bid.keys", step=rubles(step), jump=rubles(jump)), style="dim")
        bid = self.query_one("#bid", Prose)
        bid.update(text)
        if self.scrolls and amount is not None:  # the amount being typed stays in sight
            body = self.body
            self.call_after_refresh(body.scroll_to_widget, bid, animate=False, top=True)
