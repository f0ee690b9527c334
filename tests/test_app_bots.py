"""Computer players in the app: they move by themselves at the chosen pace, through the same session."""

from __future__ import annotations

import pytest
from factory import board
from pilots import enter_game

from monopoly_tui.app import MonopolyApp
from monopoly_tui.app.app import BOT_DELAYS
from monopoly_tui.app.dialogs import HandoffScreen
from monopoly_tui.app.game_screen import GameScreen
from monopoly_tui.app.gameover import GameOverScreen
from monopoly_tui.bots import EFFORTS, MasterBot
from monopoly_tui.engine import DeclareBankruptcy, Roll, Rules, replay
from monopoly_tui.session import PLAYER_COLORS, PLAYER_TOKENS, Seat

RULES = Rules.model_validate({"start": {"cash": 300_000}, "end": {"turn_limit": 15}})


def seat(n: int, name: str, bot: str | None) -> Seat:
    return Seat(name, PLAYER_TOKENS[n], PLAYER_COLORS[n], bot)  # type: ignore[arg-type]


@pytest.mark.long
async def test_two_computer_players_play_a_game_to_the_end() -> None:
    app = MonopolyApp(board(), RULES)
    app.bot_speed = len(BOT_DELAYS) - 1  # instant
    async with app.run_test(size=(120, 36)) as pilot:
        app.start_game([seat(0, "Простой", "simple"), seat(1, "Сильный", "strong")], 5, RULES)
        # the game ends by itself, however long a loaded machine takes; a game that stops moving (no
        # action for 30 s of pauses) is a broken one
        session = app.session
        assert session is not None
        seen, still = session.state, 0
        while not isinstance(app.screen, GameOverScreen) and still < 600:
            await pilot.pause(0.05)
            still = still + 1 if session.state is seen else 0
            seen = session.state
        assert isinstance(app.screen, GameOverScreen)
        assert session.state.is_over
        assert replay(board(), session.record) == session.state


async def test_a_person_plays_against_a_computer_player() -> None:
    """The person answers only their own prompts; the bot's turns pass by themselves."""
    app = MonopolyApp(board(), RULES, dice=[(1, 2), (3, 4)])
    app.bot_speed = len(BOT_DELAYS) - 1
    async with app.run_test(size=(120, 36)) as pilot:
        app.start_game([seat(0, "Аня", None), seat(1, "Робот", "simple")], 5, RULES)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("r", "b", "e")  # Аня: Нагатинская, bought, end of turn
        session = app.session
        assert session is not None
        assert session.state.owner[3] == 0
        for _ in range(100):
            await pilot.pause(0.05)
            if session.state.turn == 0:
                break
        # the robot has thrown 3+4 and finished its turn; Аня is the only person at the laptop, so no
        # handoff screen: her prompt is back at once, with the robot's moves in the log
        await pilot.pause()
        assert session.state.turn == 0 and session.state.players[1].position == 7
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert not isinstance(screen, HandoffScreen)
        assert screen.prompt.seat == 0 and screen.prompt.choices[0].key == "r"
        assert any("Робот" in line for line in session.log[-4:])


async def test_two_people_and_a_computer_player_pass_the_laptop() -> None:
    """With two people the laptop is handed on at their turns; the robot's turn needs no handoff."""
    app = MonopolyApp(board(), RULES, dice=[(1, 2), (3, 4), (5, 6)])
    app.bot_speed = len(BOT_DELAYS) - 1
    async with app.run_test(size=(120, 36)) as pilot:
        app.start_game([seat(0, "Аня", None), seat(1, "Робот", "simple"), seat(2, "Борис", None)], 5, RULES)
        await pilot.pause()
        await pilot.press("r", "b", "e")  # Аня: Нагатинская, bought, end of turn
        session = app.session
        assert session is not None
        for _ in range(100):
            await pilot.pause(0.05)
            if isinstance(app.screen, HandoffScreen):
                break
        assert isinstance(app.screen, HandoffScreen)
        assert session.state.turn == 2 and session.state.players[1].position == 7
        assert app.screen.seat == 2


async def test_bot_speed_key_cycles_the_pace() -> None:
    app = MonopolyApp(board(), RULES)
    async with app.run_test(size=(120, 36)) as pilot:
        await enter_game(pilot)
        assert app.bot_speed == 0
        await pilot.press("s")
        assert app.bot_speed == 1
        await pilot.press("s", "s")
        assert app.bot_speed == 0


async def test_with_the_throw_for_who_begins_its_winner_is_asked_first() -> None:
    """start.first_by_roll, seed 12: Аня 3, Борис 9, Вера 9, then Борис 7, Вера 5: Борис begins."""
    rules = Rules.model_validate({"start": {"first_by_roll": True}})
    app = MonopolyApp(board(), rules)
    async with app.run_test(size=(120, 36)) as pilot:
        people = [seat(0, "Аня", None), seat(1, "Борис", None), seat(2, "Вера", None)]
        app.start_game(people, 12, rules)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.prompt.seat == 1 and screen.prompt.choices[0].key == "r"
        session = app.session
        assert session is not None
        assert sum("кто начнёт" in line for line in session.log) == 5


async def test_a_master_plays_a_game_thinking_as_hard_as_the_pace_allows() -> None:
    """«Компьютер: мастер» in a seat: at the instant pace it plays out each decision with the least
    effort, and the game is recorded like any other (the record replays to the same end)."""
    app = MonopolyApp(board(), RULES)
    app.bot_speed = len(BOT_DELAYS) - 1  # instant
    async with app.run_test(size=(120, 36)) as pilot:
        app.start_game([seat(0, "Мастер", "master"), seat(1, "Простой", "simple")], 5, RULES)
        for _ in range(2400):
            await pilot.pause(0.05)
            if isinstance(app.screen, GameOverScreen):
                break
        assert isinstance(app.screen, GameOverScreen)
        session = app.session
        assert session is not None and session.state.is_over
        master = session.bots[0]
        assert isinstance(master, MasterBot)
        assert master.effort == EFFORTS["instant"]
        assert master.looked_ahead > 0
        assert replay(board(), session.record) == session.state


async def test_computer_players_move_on_when_the_timer_of_a_move_starts_late(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A pause of the process between the two readings of the clock that start a Textual timer (a
    busy machine, a collection of garbage) made a one-shot timer skip its only tick: at the instant
    pace (1 ms) a game of computer players stopped for good at «Ходит компьютер…». Here the clock
    jumps 50 ms there for every move's timer; the moves still come."""
    import sys

    from textual import _time, timer

    real = _time.get_time
    late: set[int] = set()
    offset = [0.0]
    app = MonopolyApp(board(), RULES, autosave=False)

    def get_time() -> float:
        frame = sys._getframe(1)
        if frame.f_code is timer.Timer._run.__code__ and "start" in frame.f_locals:
            started = frame.f_locals["self"]
            if started is app._bot_timer and id(started) not in late:  # the second reading, once
                late.add(id(started))
                offset[0] += 0.05
        return real() + offset[0]

    monkeypatch.setattr(_time, "get_time", get_time)
    app.bot_speed = len(BOT_DELAYS) - 1  # instant: 1 ms between moves
    async with app.run_test(size=(120, 36)) as pilot:
        app.start_game([seat(0, "Простой", "simple"), seat(1, "Простой 2", "simple")], 5, RULES)
        session = app.session
        assert session is not None
        for _ in range(200):
            await pilot.pause(0.05)
            if len(session.record.actions) >= 20:
                break
        assert late and len(session.record.actions) >= 20


async def test_a_game_over_taken_down_as_it_opens_raises_nothing() -> None:
    """The app closing (or the screen going) in the moment a game ends: the game-over screen's focus is
    set when it is composed, not looked for later on a screen already taken down (it raised NoMatches)."""
    rules = Rules.model_validate({"start": {"cash": 100_000}})
    app = MonopolyApp(board(), rules, dice=[(1, 3)])
    async with app.run_test(size=(120, 36)) as pilot:
        app.start_game([seat(0, "Аня", None), seat(1, "Борис", None)], 5, rules)
        await pilot.pause()
        app.act(Roll(player=0))  # Подоходный налог, 200 000 ₽ with 100 000 ₽ in hand
        app.act(DeclareBankruptcy(player=0))
        assert isinstance(app.screen, GameOverScreen)
        app.pop_screen()
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
    assert app.return_code in (None, 0)
