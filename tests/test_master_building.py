"""«Мастер»'s building: the first house «Сильный» would build in a turn is played out against building
nothing that turn, and what the playouts chose holds for the rest of that turn."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from factory import make_state
from test_master import LIGHT, master

from monopoly_tui.bots.master_lookahead import Choice, Lookahead
from monopoly_tui.bots.strong import StrongBot
from monopoly_tui.engine import Build, GameState

LIGHT_BLUE = {6: 0, 8: 0, 9: 0}
"""Seat 0 holds the light blue group, nobody has built on it."""


def builder(turn: int = 0, round: int = 1) -> GameState:
    """Seat 0 with the light blue group and 1 000 000 after its throw, on its turn or another's."""
    return make_state(3, owners=LIGHT_BLUE, cash={0: 1_000_000}, phase="end_turn", turn=turn, round=round)


def test_strong_would_build_there() -> None:
    action = StrongBot(1, 0).manage_now(builder(), 0)
    assert isinstance(action, Build) and action.square in LIGHT_BLUE


def test_the_first_house_of_a_turn_is_played_out_once() -> None:
    state = builder()
    bot = master(0, LIGHT)
    first = bot.manage_now(state, 0)
    assert bot.looked_ahead == 1
    assert bot.manage_now(state, 0) == first and bot.looked_ahead == 1  # the same turn: decided
    bot.manage_now(builder(round=2), 0)
    assert bot.looked_ahead == 2  # its next turn: played out again


def test_on_another_players_turn_it_builds_as_strong_without_playing_out() -> None:
    """The app asks the seats not on move to manage on its own thread: no playouts there."""
    state = builder(turn=1)
    bot = master(0, LIGHT)
    assert bot.manage_now(state, 0) == StrongBot(1, 0).manage_now(state, 0)
    assert bot.looked_ahead == 0


@pytest.mark.parametrize("taken", [0, 1])
def test_what_the_playouts_chose_holds_for_the_turn(taken: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Taken 0: «Сильный»'s house; taken 1: "not now", no manage action until the turn changes."""
    asked: list[list[Choice]] = []

    def choose(self: Lookahead, state: GameState, seat: int, choices: Sequence[Choice], salt: int) -> int:
        asked.append(list(choices))
        return taken

    monkeypatch.setattr(Lookahead, "choose", choose)
    bot = master(0, LIGHT)
    state = builder()
    strong = StrongBot(1, 0).manage_now(state, 0)
    assert isinstance(strong, Build)
    for _ in range(3):
        assert bot.manage_now(state, 0) == (strong if taken == 0 else None)
    assert asked == [[Choice(strong), Choice(None, patient=True)]]
    bot.manage_now(builder(round=2), 0)
    assert len(asked) == 2
