"""The game screen: the board, the centre panels, the prompt; keys for every choice."""

from __future__ import annotations

import gc

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from ..engine import Bid, current_actor
from ..locale import tr
from ..money import rubles
from ..narrate import narrate_action
from ..session import GameSession
from .blank import BlankVertical
from .board import BIG, COMPACT, BoardView, Walked
from .inspect import square_text
from .keybar import KeyBar
from .panels import ChoiceButton, PromptPanel, StatePanels
from .prompts import Choice, Prompt, prompt_for
from .prose import GameLog, Prose
from .saves_screen import ConfirmScreen
from .squares_list import Inspect

# Every choice key, with its twin on the same physical key of a Russian (ЙЦУКЕН) layout.
CHOICE_KEYS = {
    "r": "к",
    "b": "и",
    "n": "т",
    "e": "у",
    "f": "а",
    "c": "с",
    "y": "н",
    "u": "г",
    "k": "л",
    "o": "щ",
    "x": "ч",
    "p": "з",
}


def _choice_bindings() -> list[Binding]:
    bindings = [
        Binding(f"{key},{twin}", f"choose('{key}')", tr(f"binding.{key}"), key_display=key)
        for key, twin in CHOICE_KEYS.items()
    ]
    bindings += [Binding(str(n), f"digit('{n}')", tr("binding.digit"), show=False) for n in range(10)]
    bindings.append(Binding("enter", "choose('enter')", tr("binding.enter"), show=False, priority=False))
    return bindings


LOOKING = frozenset({"rules", "bot_speed", "inspect"})
"""The game screen's actions open while a player looks at squares: none of them decides anything."""

BID_STEP = 10_000
"""What +/- add to or take from the bid being typed."""
BID_JUMP = 10
"""Steps that PgUp/PgDn move the bid by."""


class GameScreen(Screen[None]):
    """Holds nothing of its own: it shows `app.session` and asks the app to act."""

    BLANK = True  # its own lines are only its background (app/blank.py)

    AUTO_FOCUS = ""  # back from a dialog, the prompt's own default (often nothing) keeps the focus

    focused: Reactive[Widget | None] = Reactive(None, repaint=False)
    """Textual's `Screen.focused`, without its repaint of the whole screen at every change: the widgets
    that gain and lose the focus repaint themselves. After a throw the focus often moves (an offer to buy
    has no harmless default to focus), and a whole screen made a throw several times slower to show."""

    BINDINGS = [
        *_choice_bindings(),
        Binding("m,ь", "manage", tr("binding.manage"), key_display="m"),
        Binding("t,е", "trade", tr("binding.trade"), key_display="t"),
        Binding("plus,equals_sign", "bid_step(1)", tr("binding.bid_up"), key_display="+"),
        Binding("minus", "bid_step(-1)", tr("binding.bid_down"), key_display="-"),
        Binding("pageup", f"bid_step({BID_JUMP})", tr("binding.bid_up_more"), show=False),
        Binding("pagedown", f"bid_step({-BID_JUMP})", tr("binding.bid_down_more"), show=False),
        # the prompt's lines where they are cut to the room there is (PgUp/PgDn: where no bid takes them)
        Binding("pageup", "scroll_prompt(0, -1)", tr("binding.scroll"), show=False),
        Binding("pagedown", "scroll_prompt(0, 1)", tr("binding.scroll"), show=False),
        Binding("up", "scroll_prompt(-1, 0)", tr("binding.scroll"), show=False),
        Binding("down", "scroll_prompt(1, 0)", tr("binding.scroll"), show=False),
        Binding("backspace", "bid_erase", tr("binding.bid_erase"), show=False),
        Binding("question_mark,f1", "rules", tr("binding.rules"), key_display="?"),
        Binding("l,д", "inspect", tr("binding.inspect"), key_display="l"),
        Binding("s,ы", "bot_speed", tr("binding.bot_speed"), key_display="s"),
        Binding("z,я,ctrl+z", "undo", tr("binding.undo"), key_display="z"),
    ]

    DEFAULT_CSS = """
    GameScreen #centre { height: 1fr; }
    GameScreen #log { height: 1fr; min-height: 3; border-top: solid $panel; }
    GameScreen #deed { display: none; height: 1fr; border-top: solid $accent; }
    GameScreen.inspecting #deed { display: block; }
    GameScreen.inspecting #log { display: none; }
    GameScreen.inspecting BoardView.compact StatePanels { display: none; }
    GameScreen.inspecting BoardView.compact #prompt { display: none; }
    GameScreen.big #card {
        max-height: 6; border: round $foreground 50%; padding: 0 1; margin: 1 0 0 0; color: $foreground;
    }
    GameScreen #too-small { display: none; content-align: center middle; height: 1fr; }
    GameScreen.too-small #too-small { display: block; }
    GameScreen.too-small BoardView { display: none; }
    GameScreen.too-small KeyBar { display: none; }
    """

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        self.prompt: Prompt = prompt_for(session.state)
        self._logged = 0
        self.bid_amount = 0
        self.bid_typing = ""
        self._positions: tuple[int, ...] = tuple(p.position for p in session.state.players)
        self.inspected: int | None = None
        """The square whose deed the centre shows (None: the log is shown)."""
        self.bid_chosen = False
        """The bidder has set the amount (a stray Enter bids nothing)."""
        self._landing_due = False
        """A token walks and what its square holds is still to be shown (`show_landing`)."""

    def compose(self) -> ComposeResult:
        centre = BlankVertical(
            StatePanels(),
            PromptPanel(id="prompt"),
            Prose(id="deed"),
            GameLog(id="log"),
            id="centre",
        )
        yield BoardView(self.session, centre)
        yield Static(tr("screen.too_small", width=COMPACT.width, height=COMPACT.height), id="too-small")
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        self.fit()
        self.redraw()
        # The built board (the app, its widgets, their styles and caches) lives as long as the game: moved
        # out of the collector's generations, a full collection no longer walks it again (it was 118 ms,
        # one throw in 40, in bench_terminal.py).
        self.call_after_refresh(gc.freeze)

    def on_unmount(self) -> None:
        # The game is over and its board gone: what was frozen goes back to the collector, so a new game
        # (or the title screen) does not keep the old board's cycles alive for the rest of the session.
        gc.unfreeze()

    def on_resize(self) -> None:
        compact = self.query_one(BoardView).has_class("compact")
        self.fit()
        if self.query_one(BoardView).has_class("compact") != compact:
            self.redraw()

    def fit(self) -> None:
        size = self.app.size
        small = size.width < COMPACT.width or size.height < COMPACT.height
        if small != self.has_class("too-small"):
            self.set_class(small, "too-small")
            self.refresh_bindings()
        self.set_class(size.width >= BIG.width and size.height >= BIG.height, "big")
        self.query_one(BoardView).fit(size.width, size.height)

    # --- showing the state -------------------------------------------------------------------------

    def redraw(self) -> None:
        session = self.session
        self.prompt = prompt_for(session.state)
        if session.bot_to_move() is not None and self.prompt.seat is not None:
            name = session.state.players[self.prompt.seat].name
            self.prompt = Prompt(self.prompt.seat, tr("prompt.bot", name=name), (tr("prompt.bot.speed"),))
        board = self.query_one(BoardView)
        self.start_walks(board)
        board.redraw()
        if board.walker is not None:
            self.show_walking(board.walker, compact=board.has_class("compact"))
        else:
            self.show_landing()

    def show_walking(self, seat: int, *, compact: bool) -> None:
        """While a token walks: the turn and the dice, and a prompt that says who is on the way and that
        a key puts the token there. What the square holds (its prompt and keys, the log, the players'
        money, a card) waits until the token stands there (`show_landing`): shown at once, the offer to
        buy a lot read ahead of the token, and the first frame after a throw took twice the work."""
        session = self.session
        self.query_one(StatePanels).show(session, compact=compact, landed=False)
        name = session.state.players[seat].name
        walking = Prompt(seat, tr("prompt.walking", name=name), (tr("prompt.walking.skip"),))
        self.query_one(PromptPanel).show(walking, session, compact=compact, focus=False)
        self.query_one(KeyBar).show(walking, undo=False, pace=None)
        self.refresh_bindings()
        self._landing_due = True

    @on(Walked)
    def _walked(self) -> None:
        if self._landing_due and not self.query_one(BoardView).walking:
            self.show_landing()

    def show_landing(self) -> None:
        """Everything the state holds now, for whoever must decide."""
        self._landing_due = False
        session = self.session
        compact = self.query_one(BoardView).has_class("compact")
        self.query_one(StatePanels).show(session, compact=compact)
        self.query_one("#log", GameLog).write(*session.log[self._logged :])
        self._logged = len(session.log)
        self.query_one(PromptPanel).show(self.prompt, session, compact=compact)
        self.show_keys()
        self.show_inspected()
        if self.prompt.bid is not None:
            self.bid_amount, self.bid_typing, self.bid_chosen = self.prompt.bid[0], "", False
            self.show_bid()
        self.refresh_bindings()

    def start_walks(self, board: BoardView) -> None:
        """The token that moved walks there square by square, at the readable pace: a person's always, a
        computer player's only at the readable pace of computer players (fast and instant: it jumps);
        a token sent to jail goes straight there."""
        session = self.session
        state = session.state
        before, self._positions = self._positions, tuple(p.position for p in state.players)
        if len(before) != len(self._positions):
            return
        moved = [e.player for e in state.events if e.kind == "moved" and e.player is not None]
        jailed = {e.player for e in state.events if e.kind == "sent_to_jail"}
        for seat in moved[-1:]:
            if seat in jailed or (seat in session.bots and self.app.bot_speed > 0):  # type: ignore[attr-defined]
                continue
            board.walk(seat, before[seat], self._positions[seat])

    def on_key(self, event: events.Key) -> None:
        """Any key skips a walking token, and does nothing else: a key pressed to hurry the token must not
        buy, pay or end the turn on the prompt that comes when it stands (the bindings, checked after
        the key reaches the screen, never see it). Only Ctrl+Q still quits (the game is saved)."""
        board = self.query_one(BoardView)
        if board.walking:
            board.finish_walk()
            if event.key != "ctrl+q":
                event.stop()
                event.prevent_default()

    def show_keys(self) -> None:
        """The footer: the prompt's keys, undo, and with computer players the pace key and the pace now."""
        session = self.session
        if self.inspected is not None:
            compact = self.query_one(BoardView).has_class("compact")
            self.query_one(KeyBar).show_looking(compact=compact)
            return
        pace = self.app.bot_speed if session.bots else None  # type: ignore[attr-defined]
        self.query_one(KeyBar).show(self.prompt, undo=self.can_undo(), pace=pace)

    # --- choosing ------------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.has_class("too-small"):  # nothing is decided on a board nobody can see; the rules still open
            return action == "rules"
        if self.inspected is not None and action not in LOOKING:
            return False  # looking at a square decides nothing (the compact layout hides the prompt)
        if action == "choose":
            return self._choice(str(parameters[0])) is not None
        if action in ("manage", "trade"):
            return any(c.command == action for c in self.prompt.choices)
        if action in ("bid_step", "bid_erase"):
            return self.prompt.bid is not None
        if action == "scroll_prompt":
            return self.query_one(PromptPanel).scrolls
        if action == "digit":
            return self.prompt.bid is not None or self._choice(str(parameters[0])) is not None
        return True

    def _choice(self, key: str) -> Choice | None:
        return next((c for c in self.prompt.choices if c.key == key), None)

    def action_choose(self, key: str) -> None:
        choice = self._choice(key)
        if choice is not None:
            self.take(choice)

    @on(ChoiceButton.Pressed)
    def _pressed(self, event: ChoiceButton.Pressed) -> None:
        assert isinstance(event.button, ChoiceButton)
        if event.button.choice is not None:
            self.take(event.button.choice)

    def take(self, choice: Choice) -> None:
        if choice.confirm is not None:
            self.app.push_screen(ConfirmScreen(choice.confirm), lambda yes: self._confirmed(choice, yes))
        elif choice.action is not None:
            self.app.act(choice.action)  # type: ignore[attr-defined]
        elif choice.command == "bid":
            self.place_bid()
        elif choice.command == "manage":
            self.action_manage()
        elif choice.command == "trade":
            self.action_trade()

    def _confirmed(self, choice: Choice, yes: bool | None) -> None:
        if yes and choice.action is not None and choice in self.prompt.choices:
            self.app.act(choice.action)  # type: ignore[attr-defined]

    def action_manage(self) -> None:
        self.app.open_manage()  # type: ignore[attr-defined]

    def action_trade(self) -> None:
        self.app.open_trade()  # type: ignore[attr-defined]

    def can_undo(self) -> bool:
        """Undo is the decider's: the person handed the laptop (Маша's offer, to its partner; the end
        of her turn, to the next person) cannot take back the decision that passed it to them. A
        mistaken «не покупать» can still be taken back at the next bidder's prompt: no handoff came
        between, the laptop is still with whoever declined."""
        return self.session.can_undo(by=current_actor(self.session.state))

    def action_undo(self) -> None:
        """Take back the last decision, after a confirmation, when nothing random was revealed since."""
        session = self.session
        if not self.can_undo():
            self.notify(tr("undo.nothing"), severity="warning")
            return
        what = narrate_action(session.record.actions[-1], session.state)

        def answered(yes: bool | None) -> None:
            if yes and self.can_undo():
                session.undo()
                self.redraw()

        self.app.push_screen(ConfirmScreen(tr("undo.confirm", what=what)), answered)

    # --- looking at squares ------------------------------------------------------------------------

    def action_inspect(self) -> None:
        self.query_one(BoardView).inspect()

    @on(Inspect)
    def _inspect(self, message: Inspect) -> None:
        looking = self.inspected is not None
        self.inspected = message.square
        self.set_class(message.square is not None, "inspecting")
        if message.square is None and self.focused is None:  # the prompt's own default, often nothing
            self.query_one(PromptPanel).focus_default(self.prompt)
        self.show_inspected()
        if looking != (message.square is not None):  # the footer: the cursor's keys, or the prompt's
            self.show_keys()
            self.refresh_bindings()

    def show_inspected(self) -> None:
        if self.inspected is not None:
            session = self.session
            palette = self.query_one(BoardView).palette  # a street's strip as the board draws it
            self.query_one("#deed", Prose).update(
                square_text(session.state, session.seats, self.inspected, palette)
            )

    def action_scroll_prompt(self, rows: int, pages: int) -> None:
        self.query_one(PromptPanel).scroll_body(rows, pages)

    def action_bot_speed(self) -> None:
        self.app.cycle_bot_speed()  # type: ignore[attr-defined]

    def action_rules(self) -> None:
        self.app.open_rules()  # type: ignore[attr-defined]

    # --- auctions: +/- and PgUp/PgDn step the bid, digits type it, Enter bids ----------------------

    def action_bid_step(self, steps: int) -> None:
        if self.prompt.bid is None:
            return
        low, cash = self.prompt.bid
        self.bid_typing = ""
        if self.bid_chosen:
            self.bid_amount = min(cash, max(low, self.bid_amount + steps * BID_STEP))
        self.bid_chosen = True
        self.show_bid()

    def action_digit(self, digit: str) -> None:
        if self.prompt.bid is None:
            self.action_choose(digit)
            return
        self.bid_typing = (self.bid_typing + digit).lstrip("0")[:12]
        self.bid_amount = int(self.bid_typing or "0")
        self.bid_chosen = True
        self.show_bid()

    def action_bid_erase(self) -> None:
        self.bid_typing = self.bid_typing[:-1]
        self.bid_amount = int(self.bid_typing or "0")
        self.show_bid()

    def show_bid(self) -> None:
        if self.prompt.bid is not None:
            low, cash = self.prompt.bid
            amount = self.bid_amount if self.bid_chosen else None
            self.query_one(PromptPanel).show_bid(amount, low, cash, BID_STEP, BID_JUMP * BID_STEP)

    def place_bid(self) -> None:
        if self.prompt.bid is None or self.prompt.seat is None:
            return
        low, cash = self.prompt.bid
        if not self.bid_chosen:
            self.notify(tr("bid.choose_first", low=rubles(low)), severity="warning")
            return
        if not low <= self.bid_amount <= cash:
            self.notify(tr("bid.out_of_range", low=rubles(low), cash=rubles(cash)), severity="error")
            return
        self.app.act(Bid(player=self.prompt.seat, amount=self.bid_amount))  # type: ignore[attr-defined]
