"""The saved games: a list to load (Enter) or delete (d, after confirmation); unreadable ones say why."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, DataTable, Footer, Static

from ..engine import Board, position
from ..locale import tr
from ..saves import SaveEntry, SaveError, delete_save, list_saves, load_save
from .buttons import ButtonRow
from .plain import plain
from .position_view import PositionScreen
from .room import NeedsRoom


class ConfirmScreen(NeedsRoom, ModalScreen[bool]):
    """A yes/no question; Enter or y answers yes, Esc or n answers no."""

    BINDINGS = [
        Binding("y,н", "answer(True)", tr("confirm.yes"), key_display="y"),
        Binding("n,т,escape", "answer(False)", tr("confirm.no"), key_display="n"),
    ]
    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen > Vertical {
        width: 60; height: auto; border: thick $error; padding: 1 2; background: $surface;
    }
    ConfirmScreen ButtonRow { height: auto; align: center middle; margin-top: 1; }
    ConfirmScreen Button { margin: 0 1; }
    """

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(plain(self.question))  # names in it are players' text, not markup
            with ButtonRow():
                yield Button(tr("confirm.yes"), id="yes", variant="error")
                yield Button(tr("confirm.no"), id="no", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")


class LoadScreen(Screen[None]):
    BINDINGS = [
        Binding("escape", "back", tr("binding.back"), key_display="esc"),
        Binding("d,в,delete", "delete", tr("binding.delete"), key_display="d"),
        Binding("v,м", "replay", tr("binding.replay"), key_display="v"),
        Binding("p,з", "position", tr("binding.show_position"), key_display="p"),
    ]
    DEFAULT_CSS = """
    LoadScreen > Vertical { padding: 0 2; }
    LoadScreen #load-title { text-style: bold; margin: 1 0; }
    LoadScreen DataTable { height: 1fr; }
    LoadScreen #load-detail { height: auto; margin-top: 1; }
    LoadScreen #load-help { color: $text-muted; height: auto; }
    """

    def __init__(self, board: Board) -> None:
        super().__init__()
        self.board = board
        self.entries: list[SaveEntry] = []

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(tr("load.title"), id="load-title")
            yield DataTable(id="saves", cursor_type="row", zebra_stripes=True)
            yield Static(id="load-detail")
            yield Static(tr("load.help"), id="load-help")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#saves", DataTable)
        table.add_columns(tr("load.when"), tr("load.players"), tr("load.round"), tr("load.state"))
        self.fill()
        table.focus()

    def fill(self) -> None:
        table = self.query_one("#saves", DataTable)
        table.clear()
        self.entries = list_saves(self.board)
        for entry in self.entries:
            when = entry.modified.strftime("%d.%m.%Y %H:%M")
            header = entry.header
            if header is None:
                table.add_row(
                    when,
                    plain(entry.path.name),
                    "",
                    plain(tr("load.unreadable", reason=entry.reason or ""), "red"),
                )
                continue
            if header.finished:
                state = tr("load.finished", name=header.winner or "")
            else:
                state = tr("load.turn", name=header.turn or "")
            table.add_row(when, plain(", ".join(header.players)), str(header.round), plain(state))
        if not self.entries:
            table.add_row("", tr("load.none"), "", "")

    @on(DataTable.RowHighlighted)
    def show_detail(self) -> None:
        """The chosen save's file, and in full why it cannot be opened (the table's column cuts it)."""
        entry = self.selected()
        detail = Text()
        if entry is not None:
            detail.append(tr("load.file", path=str(entry.path)), style="dim")
            if not entry.readable:
                detail.append("\n" + tr("load.unreadable", reason=entry.reason), style="red")
        self.query_one("#load-detail", Static).update(detail)

    def selected(self) -> SaveEntry | None:
        table = self.query_one("#saves", DataTable)
        if not self.entries or not table.row_count:
            return None
        return self.entries[min(table.cursor_row, len(self.entries) - 1)]

    def readable_selection(self) -> SaveEntry | None:
        """The selected save if it can be opened; otherwise None, with the reason shown."""
        entry = self.selected()
        if entry is not None and not entry.readable:
            self.notify(entry.reason or "", severity="error", markup=False)
            return None
        return entry

    @on(DataTable.RowSelected)
    def _load(self) -> None:
        entry = self.readable_selection()
        if entry is not None:
            self.app.load_game(entry.path)  # type: ignore[attr-defined]

    def action_replay(self) -> None:
        entry = self.readable_selection()
        if entry is not None:
            self.app.replay_game(entry.path)  # type: ignore[attr-defined]

    def action_position(self) -> None:
        """The chosen game's current position, to read or copy (the save is replayed, never changed)."""
        entry = self.readable_selection()
        if entry is None:
            return
        try:
            loaded = load_save(entry.path, self.board)
        except SaveError as exc:
            self.notify(exc.reason, severity="error", markup=False)
            return
        self.app.push_screen(PositionScreen(position(loaded.state)))

    def action_delete(self) -> None:
        entry = self.selected()
        if entry is None:
            return

        def answered(yes: bool | None) -> None:
            if yes:
                try:
                    delete_save(entry.path)
                except SaveError as exc:
                    self.notify(exc.reason, severity="error", markup=False)
                self.fill()

        self.app.push_screen(ConfirmScreen(tr("load.confirm_delete", name=entry.path.name)), answered)

    def action_back(self) -> None:
        self.app.pop_screen()
