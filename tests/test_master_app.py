"""«Мастер» in the app: it thinks in a thread, so a decision that takes a second never holds up the keys,
and its action is taken only for the game as it was when it began thinking."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from factory import board
from textual.widgets import Select

from monopoly_tui.app import MonopolyApp
from monopoly_tui.app.game_screen import GameScreen
from monopoly_tui.app.setup import SEAT_KINDS, SetupScreen
from monopoly_tui.bots import MasterBot
from monopoly_tui.engine import Action, GameState, Roll, Rules
from monopoly_tui.locale import tr
from monopoly_tui.session import PLAYER_COLORS, PLAYER_TOKENS, Seat

RULES = Rules.model_validate({"start": {"cash": 300_000}, "end": {"turn_limit": 15}})


def seat(n: int, name: str, bot: str | None) -> Seat:
    return Seat(name, PLAYER_TOKENS[n], PLAYER_COLORS[n], bot)  # type: ignore[arg-type]


class Gate:
    """Holds the master's decision in its thread until the test lets it go."""

    def __init__(self, bot: MasterBot) -> None:
        self.real = bot.choose
        self.asked = threading.Event()
        self.free = threading.Event()
        self.threads: list[threading.Thread] = []

    def choose(self, state: GameState, seat: int) -> Action:
        self.threads.append(threading.current_thread())
        self.asked.set()
        assert self.free.wait(20), "the test never let the decision go"
        return self.real(state, seat)


async def test_keys_are_answered_while_the_master_thinks(monkeypatch: pytest.MonkeyPatch) -> None:
    app = MonopolyApp(board(), RULES)
    async with app.run_test(size=(120, 36)) as pilot:
        app.start_game([seat(0, "Мастер", "master"), seat(1, "Аня", None)], 5, RULES)
        session = app.session
        assert session is not None
        bot = session.bots[0]
        assert isinstance(bot, MasterBot)
        gate = Gate(bot)
        monkeypatch.setattr(bot, "choose", gate.choose)
        start, actions = session.state, len(session.record.actions)
        for _ in range(200):
            await pilot.pause(0.05)
            if gate.asked.is_set():
                break
        assert gate.asked.is_set(), "the master was asked to move"
        assert gate.threads[0] is not threading.main_thread()
        # the decision is held: the app still answers a key (the pace of computer players cycles)
        speed = app.bot_speed
        await pilot.press("s")
        assert app.bot_speed == (speed + 1) % 3
        assert session.state is start, "nothing was taken while it thought"
        gate.free.set()
        for _ in range(200):
            await pilot.pause(0.05)
            if len(session.record.actions) > actions:
                break
        assert len(session.record.actions) > actions
        assert session.record.actions[actions].player == 0
        assert isinstance(app.screen, GameScreen)


async def test_a_decision_for_a_game_no_longer_there_is_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    """The game moved on while the master thought (here: a new game began): its answer is not taken."""
    app = MonopolyApp(board(), RULES)
    async with app.run_test(size=(120, 36)) as pilot:
        app.start_game([seat(0, "Мастер", "master"), seat(1, "Аня", None)], 5, RULES)
        first = app.session
        assert first is not None
        bot = first.bots[0]
        assert isinstance(bot, MasterBot)
        gate = Gate(bot)
        monkeypatch.setattr(bot, "choose", gate.choose)
        for _ in range(200):
            await pilot.pause(0.05)
            if gate.asked.is_set():
                break
        assert gate.asked.is_set()
        taken: list[Any] = []

        def act(*args: Any, **kwargs: Any) -> tuple[()]:
            taken.append(args)
            return ()

        monkeypatch.setattr(first, "act", act)
        app.start_game([seat(0, "Аня", None), seat(1, "Борис", None)], 6, RULES)
        gate.free.set()
        for _ in range(20):
            await pilot.pause(0.05)
        assert not taken and app.thinker.decided is None and not app.thinker.busy


async def test_setup_offers_the_master() -> None:
    """«Компьютер: мастер» is the fourth choice for a seat in the new game's setup, and seats a «Мастер»."""
    app = MonopolyApp(board(), RULES, seed=42, autosave=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("enter")  # Новая игра
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        kind = screen.query_one("#kind-1", Select)
        assert SEAT_KINDS[-1] == ("seat.master", "master") and tr("seat.master") == "Компьютер: мастер"
        kind.value = len(SEAT_KINDS) - 1
        await pilot.press("ctrl+s")
        for _ in range(100):
            if isinstance(app.screen, GameScreen):
                break
            await pilot.pause(0.05)
        session = app.session
        assert session is not None
        assert isinstance(session.bots[1], MasterBot) and 0 not in session.bots


async def test_when_the_game_moved_on_meanwhile_the_master_thinks_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The state changed while the master thought (here the test throws for it): the answer for the old
    state is dropped, and the master is asked again about the game as it is now, and moves."""
    app = MonopolyApp(board(), RULES, dice=[(1, 2)])
    async with app.run_test(size=(120, 36)) as pilot:
        app.start_game([seat(0, "Мастер", "master"), seat(1, "Аня", None)], 5, RULES)
        session = app.session
        assert session is not None
        bot = session.bots[0]
        assert isinstance(bot, MasterBot)
        gate = Gate(bot)
        monkeypatch.setattr(bot, "choose", gate.choose)
        for _ in range(200):
            await pilot.pause(0.05)
            if gate.asked.is_set():
                break
        assert gate.asked.is_set()
        asked_about = session.state
        session.act(Roll(player=0))  # the game moves on under the thinking master
        moved = session.state
        assert moved is not asked_about
        app.after(())
        gate.free.set()
        for _ in range(200):
            await pilot.pause(0.05)
            if session.state is not moved:
                break
        assert len(gate.threads) >= 2, "asked again about the game as it is now"
        assert session.state is not moved, "and it moved"
        assert session.record.actions[0] == Roll(player=0, dice=(1, 2))
