"""Moves a player can follow (issue 10, item 4): after a throw or a card the token walks square by square
at the readable pace, on the ring and in the compact layout's list alike (its highlighted row walks
with the token); a key skips the walk and does nothing else, so a key pressed to hurry a token never
decides on the prompt already shown; a computer player's token at the fast and instant paces jumps."""

from __future__ import annotations

from typing import Any

import pytest
from factory import make_state
from pilots import enter_game

from monopoly_tui.app import MonopolyApp
from monopoly_tui.app.app import BOT_DELAYS
from monopoly_tui.app.board import BoardView
from monopoly_tui.app.game_screen import GameScreen
from monopoly_tui.app.keybar import KeyBar
from monopoly_tui.app.panels import ChoiceButton
from monopoly_tui.app.prose import GameLog
from monopoly_tui.app.squares_list import SquaresList
from monopoly_tui.boardfile import load_board
from monopoly_tui.session import PLAYER_COLORS, PLAYER_TOKENS, Seat

pytestmark = pytest.mark.walks

COMPACT = (80, 24)
RING = (120, 36)


def watch_rows(squares: SquaresList) -> list[tuple[int, str]]:
    """Every row the list highlights from now on, with the tokens its row shows at that moment (a row
    highlighted again in place is recorded once)."""
    seen: list[tuple[int, str]] = []
    move = squares.move_cursor

    def spy(**where: Any) -> None:
        move(**where)
        row = squares.cursor_row
        step = (row, squares.get_cell(str(row), "tokens").plain)
        if not seen or seen[-1] != step:
            seen.append(step)

    squares.move_cursor = spy  # type: ignore[method-assign]
    return seen


async def started(pilot: Any) -> tuple[GameScreen, BoardView, SquaresList]:
    await enter_game(pilot)
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen)
    return screen, screen.query_one(BoardView), screen.query_one(SquaresList)


async def walked(pilot: Any, board: BoardView) -> None:
    for _ in range(400):  # the readable pace: 9 squares take under a second; this bounds a stuck walk
        if not board.walking:
            return
        await pilot.pause(0.02)
    raise AssertionError("the walk never ended")


async def test_the_compact_list_walks_with_the_token_row_by_row() -> None:
    """Thrown 4 + 5 from GO: the highlighted row goes 0, 1, 2, ..., 9, each with Игрок 1's token on it, at
    the readable pace (not straight to 1-я Парковая); the state is at 9 from the throw on."""
    app = MonopolyApp(load_board(), seed=42, dice=[(4, 5)], autosave=False)
    async with app.run_test(size=COMPACT) as pilot:
        _screen, board, squares = await started(pilot)
        assert squares.cursor_row == 0
        seen = watch_rows(squares)
        await pilot.press("r")
        assert app.session is not None and app.session.state.players[0].position == 9
        await walked(pilot, board)
        token = app.session.seats[0].token
        assert [row for row, _tokens in seen] == list(range(0, 10))  # from GO, row by row
        assert all(token in tokens for _row, tokens in seen)  # the token is on the row highlighted
        assert token not in squares.get_cell("0", "tokens").plain  # and has left GO
        assert squares.cursor_row == 9 and board.positions is None


async def test_a_card_that_moves_the_token_walks_the_list_too() -> None:
    """Thrown 3 + 4 to Шанс (7), whose top card sends the token on to Ул. Полянка (11): the list walks
    every square from GO to Полянка, in order, past Шанс."""
    app = MonopolyApp(load_board(), seed=42, dice=[(3, 4)], autosave=False)
    async with app.run_test(size=COMPACT) as pilot:
        screen, board, squares = await started(pilot)
        assert app.session is not None
        app.session.state = make_state(2, chance=["chance.advance_polyanka"])
        screen.redraw()
        await pilot.pause()
        seen = watch_rows(squares)
        await pilot.press("r")
        assert app.session.state.players[0].position == 11
        await walked(pilot, board)
        assert [row for row, _tokens in seen] == list(range(0, 12))


@pytest.mark.parametrize("size", [COMPACT, RING], ids=["80x24", "120x36"])
@pytest.mark.parametrize("key", ["b", "enter", "e"])
async def test_a_key_that_skips_the_walk_decides_nothing(
    size: tuple[int, int], key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Thrown 4 + 5 to 1-я Парковая, unowned: «b» (buy), Enter or «e» pressed while the token walks
    puts the token where it stands and nothing more (the offer to buy comes then); once it stands,
    «b» buys."""
    monkeypatch.setattr(BoardView, "WALK_STEP", 1000)  # the walk waits for the key
    app = MonopolyApp(load_board(), seed=42, dice=[(4, 5)], autosave=False)
    async with app.run_test(size=size) as pilot:
        _screen, board, squares = await started(pilot)
        await pilot.press("r")
        session = app.session
        assert session is not None and session.state.phase == "buy" and board.walking
        await pilot.press(key)
        assert not board.walking and board.positions is None
        assert session.state.phase == "buy" and session.state.owner[9] is None  # nothing bought
        assert len(session.record.actions) == 1  # the throw only
        if size == COMPACT:
            assert squares.cursor_row == 9
        await pilot.press("b")
        assert session.state.owner[9] == 0


async def test_a_computer_players_token_jumps_at_the_fast_pace() -> None:
    """Аня's 1 + 2 walks; then Робот, at the fast pace, throws 2 + 3: its token is at once on Рижская
    ж/д (5), the list's row with it, with no walk to skip."""
    app = MonopolyApp(load_board(), seed=42, dice=[(1, 2), (2, 3)], autosave=False)
    app.bot_speed = 1
    assert 0 < BOT_DELAYS[1] < BOT_DELAYS[0]
    async with app.run_test(size=COMPACT) as pilot:
        robot = Seat("Робот", PLAYER_TOKENS[1], PLAYER_COLORS[1], "simple")
        app.start_game([Seat("Аня", PLAYER_TOKENS[0], PLAYER_COLORS[0]), robot], 5, app.rules)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        board, squares = screen.query_one(BoardView), screen.query_one(SquaresList)
        walks: list[int] = []
        walk = board.walk

        def spy(seat: int, start: int, end: int) -> None:
            walk(seat, start, end)
            if board.walking:
                walks.append(seat)

        board.walk = spy  # type: ignore[method-assign]
        await pilot.press("r")
        await walked(pilot, board)
        assert walks == [0]  # a person's token walks
        await pilot.press("b", "e")  # Аня buys Нагатинская and ends her turn
        session = app.session
        assert session is not None and session.state.owner[3] == 0
        for _ in range(200):
            await pilot.pause(0.02)
            if session.state.players[1].position == 5:
                break
        assert session.state.players[1].position == 5
        assert walks == [0] and not board.walking  # Робот's token never walked
        assert PLAYER_TOKENS[1] in squares.get_cell("5", "tokens").plain


async def test_enter_during_a_walk_does_not_press_the_end_of_turn_to_come(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Thrown 1 + 3 to Подоходный налог (paid): while the token walks nothing has the focus and no choice
    is offered, so Enter only puts the token there; then «Завершить ход» (harmless) has the focus and
    the next Enter ends the turn."""
    from monopoly_tui.app.dialogs import HandoffScreen

    monkeypatch.setattr(BoardView, "WALK_STEP", 1000)
    app = MonopolyApp(load_board(), seed=42, dice=[(1, 3)], autosave=False)
    async with app.run_test(size=RING) as pilot:
        screen, board, _squares = await started(pilot)
        await pilot.press("r")
        session = app.session
        assert session is not None and session.state.phase == "end_turn" and board.walking
        assert screen.focused is None
        assert all(button.choice is None for button in screen.query(ChoiceButton))
        await pilot.press("enter")
        assert not board.walking and session.state.turn == 0 and session.state.phase == "end_turn"
        focused = screen.focused
        assert isinstance(focused, ChoiceButton) and focused.choice is not None
        assert focused.choice.key == "e"
        await pilot.press("enter")
        await pilot.pause()
        assert session.state.turn == 1 and isinstance(app.screen, HandoffScreen)


@pytest.mark.parametrize("size", [COMPACT, RING], ids=["80x24", "120x36"])
async def test_what_the_square_holds_comes_when_the_token_stands_there(
    size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Thrown 4 + 5 to 1-я Парковая, unowned: while the token walks the prompt says «Игрок 1 идёт по
    полю…» and offers nothing, the footer has no «b», the log has no new line and the dice show the
    throw; once the walk has ended by itself, the offer to buy the lot is there, «b» in the footer, the
    throw in the log."""
    monkeypatch.setattr(BoardView, "WALK_STEP", 0.02)
    app = MonopolyApp(load_board(), seed=42, dice=[(4, 5)], autosave=False)
    async with app.run_test(size=size) as pilot:
        screen, board, _squares = await started(pilot)
        log = screen.query_one("#log", GameLog)
        lines = len(log.texts)
        monkeypatch.setattr(BoardView, "WALK_STEP", 1000)  # this throw's walk waits
        await pilot.press("r")
        session = app.session
        assert session is not None and session.state.phase == "buy" and board.walking
        name = session.state.players[0].name
        title = str(screen.query_one("#prompt-title").render())
        assert title == f"{name} идёт по полю…"
        assert all(button.choice is None for button in screen.query(ChoiceButton))
        footer = str(screen.query_one(KeyBar).render())
        assert "b " not in footer and "купить" not in footer.lower()
        assert len(log.texts) == lines
        assert session.state.dice == (4, 5) and "9" in str(screen.query_one("#dice").render())  # 4 + 5
        board._walk_timer.stop()  # type: ignore[union-attr]
        board._walk_timer = board.set_interval(0.02, board._walk_on)
        await walked(pilot, board)
        await pilot.pause()
        title = str(screen.query_one("#prompt-title").render())
        square = session.state.board.squares[9].name
        assert " ".join(title.split()).startswith(f"{name}, купить «{square}»")
        keys = [button.choice.key for button in screen.query(ChoiceButton) if button.choice is not None]
        assert "b" in keys and "n" in keys
        assert "b" in str(screen.query_one(KeyBar).render())
        assert len(log.texts) > lines
        await pilot.press("b")
        assert session.state.owner[9] == 0
