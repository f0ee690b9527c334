"""Undo: the last decision can be taken back while nothing random was revealed since; the record says so."""

from __future__ import annotations

from factory import board
from pilots import enter_game

from monopoly_tui.app import MonopolyApp
from monopoly_tui.app.saves_screen import ConfirmScreen
from monopoly_tui.engine import Buy, Decline, EndTurn, Roll, replay
from monopoly_tui.session import PLAYER_COLORS, PLAYER_TOKENS, GameSession, Seat

SEATS = [Seat("Аня", PLAYER_TOKENS[0], PLAYER_COLORS[0]), Seat("Борис", PLAYER_TOKENS[1], PLAYER_COLORS[1])]


def session() -> GameSession:
    return GameSession.start(board(), SEATS, seed=1, dice=[(1, 2)])


def test_a_mistaken_decline_is_taken_back_before_the_auction() -> None:
    game = session()
    game.act(Roll(player=0))
    before = game.state
    game.act(Decline(player=0))
    assert game.state.auction is not None
    assert game.can_undo()
    game.undo()
    assert game.state == before and game.state.phase == "buy"
    assert game.record.actions == (Roll(player=0, dice=(1, 2)),)
    assert [u.action for u in game.record.undone] == [Decline(player=0)]
    assert game.record.undone[0].position == 1
    game.act(Buy(player=0))
    assert game.state.owner[3] == 0
    # the record replays to the game as played, undo or not
    assert replay(board(), game.record) == game.state


def test_no_undo_once_dice_or_a_card_were_revealed() -> None:
    game = session()
    assert not game.can_undo()  # nothing to take back
    game.act(Roll(player=0))
    assert not game.can_undo()  # the throw revealed the dice


def test_no_undo_of_a_computer_players_move() -> None:
    seats = [SEATS[0], Seat("Робот", PLAYER_TOKENS[1], PLAYER_COLORS[1], "simple")]
    game = GameSession.start(board(), seats, seed=1, dice=[(1, 2), (1, 2)])
    game.act(Roll(player=0))
    game.act(Buy(player=0))
    assert game.can_undo()  # a person's purchase, nothing random since
    game.act(EndTurn(player=0))
    while game.bot_to_move() is not None:
        game.bot_move()
        assert not game.can_undo()


async def test_undo_in_the_app_asks_first() -> None:
    app = MonopolyApp(board(), seed=1, dice=[(1, 2)], autosave=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await enter_game(pilot, "r", "b")
        assert app.session is not None and app.session.state.owner[3] == 0
        await pilot.press("z")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert app.session.state.owner[3] == 0
        await pilot.press("z", "y")
        assert app.session.state.owner[3] is None and app.session.state.phase == "buy"


def test_an_undone_decision_survives_a_save_and_load() -> None:
    from monopoly_tui.saves import load_save, new_save_path

    game = session()
    game.save_path = new_save_path(["Аня", "Борис"])
    game.act(Roll(player=0))
    game.act(Decline(player=0))
    game.undo()
    game.act(Buy(player=0))
    loaded = load_save(game.save_path, board())
    assert loaded.state == game.state
    assert [u.action for u in loaded.record.undone] == [Decline(player=0)]
