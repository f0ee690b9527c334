"""The trade composer: pick a partner, what each side gives (lots, cash, jail cards), then propose.

Each lot shows its group's colour and mark, its price and whether it is mortgaged; under the lists a
summary of both sides (and the groups the trade would complete) follows every change. The partner
answers on the game screen after the laptop is handed over.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.strip import Strip
from textual.widgets import Button, Checkbox, Footer, Input, Select, SelectionList, Static

from ..engine import GameState, ProposeTrade, TradeSide, managers, why_illegal
from ..engine.board import Street
from ..engine.trade import tradeable_lots
from ..locale import tr
from ..money import rubles, thousands
from ..session import GameSession
from .plain import plain
from .prompts import trade_summary
from .prose import Prose
from .reasons import reason_text
from .room import NeedsRoom

CASH_DIGITS = 16
"""The most digits a cash field takes: more than any table's money (8 seats of at most a trillion
each), few enough that the summary's amount never runs over a line («10 000 099 999 … ₽» did)."""


def tradeable(session: GameSession, seat: int) -> list[int]:
    """Lots of seat that may change hands (the engine's rule: none with buildings in its group)."""
    return tradeable_lots(session.state, seat)


class LotList(SelectionList[str]):
    """A list of lots and cards to tick with Space; ↓ on the last row stays there (no jump to the top);
    a ticked row reads ✓ and an unticked one ·, not only by colour."""

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        segments = list(strip)
        index = self.scroll_offset.y + y
        if len(segments) < 2 or segments[1].text != Checkbox.BUTTON_INNER or index >= self.option_count:
            return strip
        ticked = self.get_option_at_index(index).value in self.selected
        segments[1] = Segment("✓" if ticked else "·", segments[1].style)
        return Strip(segments, strip.cell_length)

    def action_cursor_down(self) -> None:
        if self.highlighted is None or self.highlighted < self.option_count - 1:
            super().action_cursor_down()

    def action_cursor_up(self) -> None:
        if self.highlighted is None or self.highlighted > 0:
            super().action_cursor_up()


def lot_label(
    state: GameState, square: int, *, short: bool = False, terse: bool = False, price: str = "rubles"
) -> Text:
    """A lot as listed: its group's mark in the group's colour, the name (`short`: the board's short
    form), the price, «в залоге» (`terse`, where the row has no room for both: a mortgaged lot's
    «залог» in place of its price). `price` is "rubles" («150 000 ₽»), "thousands" («150 тыс.», as
    on a narrow board cell) or "none" (a row too narrow for any price: the name alone)."""
    sq = state.board.property(square)
    text = Text()
    if isinstance(sq, Street):
        group = state.board.group(sq.group)
        text.append(f"{group.mark:<2} ", style=Style(color=group.color, bold=True))
    else:
        text.append("   ")
    text.append(plain(sq.short if short else sq.name))
    mortgaged = state.mortgaged[square]
    if terse and mortgaged:
        text.append("  " + tr("cell.mortgaged"), style="italic")
        return text
    if price != "none":
        text.append(f"  {rubles(sq.price) if price == 'rubles' else thousands(sq.price)}", style="dim")
    if mortgaged:
        text.append(tr("trade.mortgaged"), style="italic")
    return text


def option_label(state: GameState, value: str, room: int | None) -> Text:
    """The label of a lot («lot:<square>») or a jail card («card:<n>:<deck>») in at most `room` cells:
    in full where it fits, else in the board's short form."""
    kind, _, rest = value.partition(":")
    if kind == "lot":
        label = lot_label(state, int(rest))
        if room is not None and label.cell_len > room:
            label = lot_label(state, int(rest), short=True)
        for price in ("rubles", "thousands", "none"):  # never a price cut short («150 00…»)
            if room is not None and label.cell_len > room:
                label = lot_label(state, int(rest), short=True, terse=True, price=price)
        return label
    deck = rest.partition(":")[2]
    label = Text(tr("trade.jail_card", deck=tr(f"deck.{deck}")))
    if room is not None and label.cell_len > room:
        label = Text(tr("trade.jail_card.short", deck=tr(f"deck.short.{deck}")))
    return label


class TradeScreen(NeedsRoom, ModalScreen[None]):
    BINDINGS = [
        Binding("escape", "close", tr("binding.close"), key_display="esc"),
        Binding("ctrl+s", "propose", tr("binding.propose"), key_display="^s"),
    ]
    DEFAULT_CSS = """
    TradeScreen { align: center middle; }
    TradeScreen > Vertical {
        width: 96%; height: 94%; border: thick $accent; background: $surface; padding: 0 1;
    }
    TradeScreen #trade-head { height: auto; }
    TradeScreen #trade-head Select { width: 32; }
    TradeScreen #trade-head .swap-sign { width: 5; padding: 1 1; }
    TradeScreen #trade-sides { height: 1fr; }
    TradeScreen .side { width: 1fr; height: 100%; }
    TradeScreen SelectionList { height: 1fr; }
    TradeScreen Input { width: 100%; }
    TradeScreen #trade-summary { height: auto; }
    TradeScreen #trade-error { color: $error; height: auto; }
    TradeScreen #trade-buttons { height: auto; }
    TradeScreen.-short > Vertical { width: 100%; height: 100%; }
    TradeScreen.-short #trade-head .swap-sign { padding: 0 1; }
    TradeScreen.-short #trade-buttons Button { margin-right: 2; }
    """

    SHORT = 31
    """Rows below which (80x24, 100x30) the composer is short of room: its fields and buttons lose their
    frames, it takes the whole window, and the partner's title leaves their name to the choice above it,
    so the lists keep rows enough to choose from with the summary under them."""

    def __init__(self, session: GameSession, seat: int | None = None) -> None:
        super().__init__()
        self.session = session
        seats = managers(session.state)
        self.proposer = seat if seat in seats else (seats[0] if seats else 0)

    def partners(self) -> list[int]:
        return [s for s in self.session.state.active_seats if s != self.proposer]

    def compose(self) -> ComposeResult:
        state = self.session.state
        with Vertical():
            with Horizontal(id="trade-head"):
                yield Select(
                    [(plain(state.players[s].name), s) for s in managers(state)],
                    value=self.proposer,
                    allow_blank=False,
                    id="proposer",
                    prompt=tr("trade.proposer"),
                )
                yield Static(" ⇄ ", classes="swap-sign")
                partners = self.partners()
                yield Select(
                    [(plain(state.players[s].name), s) for s in partners],
                    value=partners[0] if partners else Select.BLANK,
                    allow_blank=not partners,
                    id="partner",
                    prompt=tr("trade.partner"),
                )
            with Horizontal(id="trade-sides"):
                with Vertical(classes="side"):
                    yield Prose(tr("trade.you_give"), id="give-title")
                    yield LotList(id="give")
                    yield Input(
                        placeholder=tr("trade.cash_give"),
                        type="integer",
                        id="give-cash",
                        valid_empty=True,
                        max_length=CASH_DIGITS,
                    )
                with Vertical(classes="side"):
                    yield Prose(tr("trade.you_get"), id="take-title")
                    yield LotList(id="take")
                    yield Input(
                        placeholder=tr("trade.cash_take"),
                        type="integer",
                        id="take-cash",
                        valid_empty=True,
                        max_length=CASH_DIGITS,
                    )
            yield Prose(id="trade-summary")  # wrapped between words only: amounts stay whole
            yield Static(id="trade-error")
            with Horizontal(id="trade-buttons"):
                yield Button(tr("trade.propose"), id="propose", variant="primary")
                yield Button(tr("trade.cancel"), id="cancel")
        yield Footer()

    def on_mount(self) -> None:
        self.fill()
        give = self.query_one("#give", SelectionList)
        give.focus()  # the first row is highlighted (fill): Space ticks it at once

    @staticmethod
    def _highlight_first(lots: SelectionList[str]) -> None:
        if lots.option_count and lots.highlighted is None:
            lots.highlighted = 0

    def partner(self) -> int | None:
        value = self.query_one("#partner", Select).value
        return value if isinstance(value, int) else None

    @staticmethod
    def room(selection: SelectionList[str]) -> int | None:
        """Cells a row's label has beside its tick box (None: not laid out yet)."""
        width = selection.scrollable_content_region.width
        return width - 5 if width > 0 else None

    def on_resize(self) -> None:
        """Labels fit the lists' new width (the short forms where the full ones do not); the titles
        are aligned again once laid out at it."""
        short = self.app.size.height < self.SHORT
        if short != self.has_class("-short"):
            self.set_class(short, "-short")
            for widget in self.query("Select, Input, Button").results():
                widget.compact = short  # type: ignore[attr-defined]
            self.fill_titles()
        self.call_after_refresh(self.align_titles)
        state = self.session.state
        for selection in self.query(SelectionList):
            room = self.room(selection)
            for index in range(selection.option_count):
                value = selection.get_option_at_index(index).value
                selection.replace_option_prompt_at_index(index, option_label(state, value, room))

    def fill(self) -> None:
        """List what each side can offer: tradeable lots (mortgaged marked) and jail cards."""
        state = self.session.state
        for list_id, seat in (("#give", self.proposer), ("#take", self.partner())):
            selection = self.query_one(list_id, SelectionList)
            selection.clear_options()
            if seat is None:
                continue
            room = self.room(selection)
            for i in tradeable(self.session, seat):
                selection.add_option((option_label(state, f"lot:{i}", room), f"lot:{i}"))
            for n, card in enumerate(state.players[seat].jail_cards):
                value = f"card:{n}:{card.deck}"
                selection.add_option((option_label(state, value, room), value))
            # refilled (another partner or proposer): its first row highlighted again, or Space ticks nothing
            self.call_after_refresh(self._highlight_first, selection)
        self.fill_titles()
        self.show_summary()

    def fill_titles(self) -> None:
        """What each side has in cash, over its list (the partner named where there is room)."""
        state = self.session.state
        cash = state.players[self.proposer].cash
        self.query_one("#give-title", Prose).update(tr("trade.you_give") + f" ({rubles(cash)})")
        partner = self.partner()
        if partner is not None:
            other = state.players[partner]
            title = tr("trade.you_get_from", name=other.name)
            if self.has_class("-short"):
                title = tr("trade.you_get")
            self.query_one("#take-title", Prose).update(plain(title + f" ({rubles(other.cash)})"))
        self.align_titles()

    def align_titles(self) -> None:
        """Both lists start on the same row: each side's title (wrapped between words, its amount whole)
        takes as many lines as the longer of the two."""
        titles = [self.query_one("#give-title", Prose), self.query_one("#take-title", Prose)]
        widths = [title.content_region.width for title in titles]
        if min(widths) <= 0:  # not laid out yet: on_resize aligns them
            return
        rows = max(len(title.lines(width)) for title, width in zip(titles, widths, strict=True))
        for title in titles:
            if title.styles.height is None or title.styles.height.value != rows:
                title.styles.height = rows

    def offer(self) -> ProposeTrade | None:
        """The offer as composed so far (None while a side cannot be read or there is no partner)."""
        partner = self.partner()
        give = self.side("#give", "#give-cash")
        take = self.side("#take", "#take-cash")
        if partner is None or give is None or take is None:
            return None
        return ProposeTrade(player=self.proposer, partner=partner, give=give, take=take)

    @on(SelectionList.SelectedChanged)
    @on(Input.Changed)
    def show_summary(self) -> None:
        """Both sides as the partner will see them, and the groups the trade would complete."""
        offer = self.offer()
        text = Text()
        if offer is not None and not (offer.give.empty and offer.take.empty):
            text.append(tr("trade.summary") + "\n", style="bold")
            text.append("\n".join(trade_summary(self.session.state, offer)))
        self.query_one("#trade-summary", Prose).update(text)

    @on(Select.Changed)
    def _changed(self, event: Select.Changed) -> None:
        if event.select.id == "proposer" and isinstance(event.value, int):
            self.proposer = event.value
            partner = self.query_one("#partner", Select)
            partner.set_options([(plain(self.session.state.players[s].name), s) for s in self.partners()])
            partner.value = self.partners()[0]
        self.fill()

    def side(self, list_id: str, cash_id: str) -> TradeSide | None:
        values = self.query_one(list_id, SelectionList).selected
        lots = tuple(int(v.split(":")[1]) for v in values if v.startswith("lot:"))
        cards = tuple(v.split(":")[2] for v in values if v.startswith("card:"))
        raw = self.query_one(cash_id, Input).value.strip()
        try:
            cash = int(raw) if raw else 0
        except ValueError:
            return None
        if cash < 0:
            return None
        return TradeSide(lots=lots, cash=cash, jail_cards=cards)

    def action_propose(self) -> None:
        error = self.query_one("#trade-error", Static)
        partner = self.partner()
        give = self.side("#give", "#give-cash")
        take = self.side("#take", "#take-cash")
        if partner is None:
            error.update(tr("trade.error.partner"))
            return
        if give is None or take is None:
            error.update(tr("trade.error.cash"))
            return
        offer = ProposeTrade(player=self.proposer, partner=partner, give=give, take=take)
        state = self.session.state
        if give.empty and take.empty:
            error.update(tr("trade.error.empty"))
            return
        if give.cash > state.players[self.proposer].cash or take.cash > state.players[partner].cash:
            error.update(tr("trade.error.too_much"))
            return
        problem = why_illegal(state, offer)
        if problem is not None:
            error.update(plain(reason_text(state, problem)))  # names and squares: data, not markup
            return
        self.dismiss()
        self.app.act(offer)  # type: ignore[attr-defined]

    @on(Button.Pressed, "#propose")
    def _propose(self) -> None:
        self.action_propose()

    @on(Button.Pressed, "#cancel")
    def _cancel(self) -> None:
        self.dismiss()

    def action_close(self) -> None:
        self.dismiss()
