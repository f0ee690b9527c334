"""The manage screen: a player's lots with build, sell, mortgage and lift, as the engine allows now."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Footer, Static

from ..engine import (
    Action,
    Build,
    Mortgage,
    SellBuilding,
    SellDown,
    Unmortgage,
    legal_actions,
    managers,
    rent_due,
    situation,
    why_illegal,
)
from ..engine.board import Street
from ..engine.buildings import sale_price
from ..engine.mortgages import lift_cost
from ..locale import tr
from ..money import rubles
from ..session import GameSession
from .cells import building_marks
from .plain import plain
from .prompts import sell_group_question
from .reasons import reason_text
from .room import NeedsRoom
from .saves_screen import ConfirmScreen

ROW_ACTIONS: dict[str, type] = {"b": Build, "s": SellBuilding, "g": Mortgage, "u": Unmortgage}
"""Keys of the actions on the selected lot."""


def lot_action(actions: list[Action], kind: type, square: int) -> Action | None:
    """The listed action of this kind on this square, if any."""
    return next((a for a in actions if isinstance(a, kind) and getattr(a, "square", None) == square), None)


PLAYERS = Binding.Group(tr("binding.group.player"))
MORTGAGE = Binding.Group(tr("binding.group.mortgage"))


class ManageScreen(NeedsRoom, ModalScreen[None]):
    """Choose a player (←/→ or 1–8), a lot (↑/↓), then b build, s sell, g mortgage, u lift, d sell all."""

    BINDINGS = [
        Binding("escape,q,й", "close", tr("binding.close"), key_display="esc"),
        # priority: the table would otherwise take ←/→ to scroll sideways
        # pairs of keys under one label in the footer («← → Игрок», «g u Залог, выкуп»): all the keys
        # fit 80 columns
        Binding("left", "seat(-1)", tr("binding.prev_player"), key_display="←", priority=True, group=PLAYERS),
        Binding("right", "seat(1)", tr("binding.next_player"), key_display="→", priority=True, group=PLAYERS),
        Binding("b,и", "lot('b')", tr("binding.build"), key_display="b"),
        Binding("s,ы", "lot('s')", tr("binding.sell"), key_display="s"),
        Binding("d,в", "sell_group", tr("binding.sell_group"), key_display="d"),
        Binding("g,п", "lot('g')", tr("binding.mortgage"), key_display="g", group=MORTGAGE),
        Binding("u,г", "lot('u')", tr("binding.unmortgage"), key_display="u", group=MORTGAGE),
    ]
    DEFAULT_CSS = """
    ManageScreen { align: center middle; }
    ManageScreen > Vertical {
        width: 96%; height: 92%; border: thick $accent; background: $surface; padding: 0 1;
    }
    ManageScreen #manage-title { text-style: bold; height: auto; }
    ManageScreen #manage-help { color: $text-muted; height: auto; }
    ManageScreen DataTable { height: 1fr; }
    ManageScreen #manage-detail { height: auto; min-height: 1; }
    """

    def __init__(self, session: GameSession, seat: int | None = None) -> None:
        super().__init__()
        self.session = session
        seats = managers(session.state)
        self.seat = seat if seat in seats else (seats[0] if seats else 0)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(id="manage-title")
            yield Static(tr("manage.help"), id="manage-help")
            yield DataTable(id="lots", cursor_type="row", zebra_stripes=True)
            yield Static(id="manage-detail")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#lots", DataTable)
        table.add_columns(
            tr("manage.lot"), tr("manage.group"), tr("manage.buildings"), tr("manage.rent"), tr("manage.can")
        )
        self.fill()
        table.focus()

    # --- showing ---------------------------------------------------------------------------------

    def actions(self) -> list[Action]:
        return legal_actions(self.session.state, self.seat)

    def lots(self) -> list[int]:
        state = self.session.state
        return [i for i, owner in enumerate(state.owner) if owner == self.seat]

    def fill(self) -> None:
        state = self.session.state
        seat = self.session.seats[self.seat]
        player = state.players[self.seat]
        title = Text()
        title.append(f"{seat.token} {player.name}", style=Style(color=seat.color, bold=True))
        title.append("   " + tr("manage.cash", cash=rubles(player.cash)), style="bold")
        if len(managers(state)) > 1:
            title.append("   " + tr("manage.switch"), style="dim")
        self.query_one("#manage-title", Static).update(title)
        table = self.query_one("#lots", DataTable)
        row = table.cursor_row
        table.clear()
        actions = self.actions()
        for index in self.lots():
            sq = state.board.squares[index]
            group = Text("")
            if isinstance(sq, Street):
                g = state.board.group(sq.group)
                group = Text(g.mark, style=Style(color=g.color, bold=True))
            level = state.buildings[index]
            built = tr("manage.mortgaged") if state.mortgaged[index] else building_marks(level)
            # the keys only, so the table fits 80 columns; the selected lot's amounts are under it
            can = " ".join(
                key for key, kind in ROW_ACTIONS.items() if lot_action(actions, kind, index) is not None
            )
            rent = rubles(rent_due(state, index, 7)) if not state.mortgaged[index] else "—"
            table.add_row(plain(sq.name), group, built, rent, can, key=str(index))
        if table.row_count:
            table.move_cursor(row=min(row, table.row_count - 1))
        self.show_detail()

    @on(DataTable.RowHighlighted)
    def show_detail(self) -> None:
        """What the selected lot allows now, with the amounts."""
        index = self.selected()
        detail = Text()
        if index is not None:
            actions = self.actions()
            can = [
                tr(f"manage.can.{key}", amount=rubles(self._price(index, key)))
                for key, kind in ROW_ACTIONS.items()
                if lot_action(actions, kind, index) is not None
            ]
            detail.append(f"«{self.session.state.board.squares[index].name}»: ", style="bold")
            detail.append(" · ".join(can) if can else tr("manage.can.nothing"))
            sq = self.session.state.board.squares[index]
            if isinstance(sq, Street) and lot_action(actions, Build, index) is None:
                detail.append(
                    "\n"
                    + tr("manage.why_not_build", reason=self.why_not(Build(player=self.seat, square=index)))
                )
        self.query_one("#manage-detail", Static).update(detail)

    def _price(self, index: int, key: str) -> int:
        state = self.session.state
        sq = state.board.property(index)
        if key == "b":
            return sq.house_cost if isinstance(sq, Street) else 0
        if key == "s":
            return sale_price(sq) if isinstance(sq, Street) else 0
        if key == "g":
            return sq.mortgage
        return lift_cost(state, index)

    # --- acting ------------------------------------------------------------------------------------

    def selected(self) -> int | None:
        table = self.query_one("#lots", DataTable)
        if not table.row_count:
            return None
        return self.lots()[table.cursor_row]

    def action_seat(self, step: int) -> None:
        seats = managers(self.session.state)
        if self.seat in seats and len(seats) > 1:
            self.seat = seats[(seats.index(self.seat) + step) % len(seats)]
            self.fill()

    def action_lot(self, key: str) -> None:
        index = self.selected()
        if index is None:
            return
        kind = ROW_ACTIONS[key]
        action = lot_action(self.actions(), kind, index)
        if action is None:
            self.notify(self.why_not(kind(player=self.seat, square=index)), severity="warning", markup=False)
            return
        self.app.act(action)  # type: ignore[attr-defined]
        self.after_act()

    def action_sell_group(self) -> None:
        index = self.selected()
        state = self.session.state
        sq = state.board.squares[index] if index is not None else None
        if not isinstance(sq, Street):
            return
        action = SellDown(player=self.seat, group=sq.group, level=0)
        if action not in self.actions():
            self.notify(self.why_not(action), severity="warning", markup=False)
            return

        def answered(yes: bool | None) -> None:
            if yes and action in self.actions():
                self.app.act(action)  # type: ignore[attr-defined]
                self.after_act()

        self.app.push_screen(ConfirmScreen(sell_group_question(state, self.seat, sq.group)), answered)

    def why_not(self, action: Action) -> str:
        """Why the engine refuses action now, in the players' words."""
        return reason_text(self.session.state, why_illegal(self.session.state, action))

    def after_act(self) -> None:
        """Redraw, or close when this player may no longer manage (e.g. the debt is settled and it is
        not their move, or a building auction started)."""
        state = self.session.state
        if situation(state) not in ("calm", "debt") or self.seat not in managers(state):
            if self in self.app.screen_stack:
                self.dismiss()
            return
        self.fill()

    def action_close(self) -> None:
        self.dismiss()
