"""The engine's public API: new_game, legal_actions, apply, current_actor; actions and states as JSON."""

from __future__ import annotations

import json

import pytest
from factory import board, make_state, play, roll
from pydantic import ValidationError

from monopoly_tui.engine import (
    Bid,
    Buy,
    Decline,
    EndTurn,
    GameRecord,
    GameState,
    IllegalActionError,
    InvalidActionError,
    PassBid,
    PayJailFine,
    ReplayError,
    Roll,
    UseJailCard,
    action_from_json,
    action_to_json,
    apply,
    current_actor,
    is_legal,
    legal_actions,
    new_game,
    parse_action,
    replay,
)
from monopoly_tui.engine.actions import DeclareBankruptcy, PayDebt


def test_new_game_seats_players_on_go_with_starting_cash() -> None:
    state = new_game(board(), ["Аня", "Борис", "Вера"], seed=5)
    assert [p.name for p in state.players] == ["Аня", "Борис", "Вера"]
    assert all(p.cash == 1_500_000 and p.position == 0 for p in state.players)
    assert state.turn == 0 and state.round == 1 and state.phase == "roll"
    assert state.bank_houses == 32 and state.bank_hotels == 12
    assert current_actor(state) == 0
    assert legal_actions(state) == [Roll(player=0)]


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (["Аня"], "2 to 8 players"),
        ([f"P{i}" for i in range(9)], "2 to 8 players"),
        (["Аня", "Аня"], "differ"),
        (["Аня", "  "], "name"),
    ],
)
def test_new_game_refuses_bad_tables(names: list[str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        new_game(board(), names, seed=1)


def test_decks_are_shuffled_from_the_seed() -> None:
    a = new_game(board(), ["Аня", "Борис"], seed=1)
    b = new_game(board(), ["Аня", "Борис"], seed=1)
    c = new_game(board(), ["Аня", "Борис"], seed=2)
    assert a.decks == b.decks
    assert a.decks != c.decks
    assert sorted(a.decks.chance) == list(range(16)) and sorted(a.decks.community_chest) == list(range(16))


def test_unscripted_dice_come_from_the_seed() -> None:
    """The same seed and actions give the same throws; another seed gives other throws."""

    def throws(seed: int) -> list[tuple[int, int] | None]:
        state = new_game(board(), ["Аня", "Борис"], seed=seed)
        out = []
        for _ in range(30):
            state = apply(state, legal_actions(state)[-1])
            out.append(state.dice)
        return out

    assert throws(11) == throws(11)
    assert throws(11) != throws(12)


def test_scripted_dice_are_used_as_given() -> None:
    state = play(make_state(2), roll(0, 6, 5))
    assert state.dice == (6, 5)
    assert state.players[0].position == 11


def test_illegal_action_raises_and_leaves_the_state_unchanged() -> None:
    state = make_state(2)
    snapshot = state.to_json()
    for action in (
        Roll(player=1),
        EndTurn(player=0),
        Buy(player=0),
        PayJailFine(player=0),
        Bid(player=0, amount=5),
    ):
        with pytest.raises(IllegalActionError):
            apply(state, action)
        assert not is_legal(state, action)
    assert state.to_json() == snapshot


def test_illegal_messages_say_who_must_act() -> None:
    state = make_state(2)
    with pytest.raises(IllegalActionError, match="Аня"):
        apply(state, Roll(player=1))


def test_seat_outside_the_table_is_invalid() -> None:
    with pytest.raises(InvalidActionError):
        apply(make_state(2), Roll(player=5))


def test_states_are_immutable() -> None:
    state = make_state(2)
    with pytest.raises(AttributeError):
        state.turn = 1  # type: ignore[misc]
    with pytest.raises(AttributeError):
        state.players[0].cash = 0  # type: ignore[misc]
    assert isinstance(state.players, tuple) and isinstance(state.owner, tuple)


def test_state_round_trips_through_json_exactly() -> None:
    state = play(make_state(3, owners={1: 1}, in_jail=[2]), roll(0, 1, 2), Decline(player=0))
    assert state.auction is not None
    assert GameState.from_json(state.to_json()) == state


def test_a_state_from_json_is_validated() -> None:
    """The JSON form keeps its field names (objects for the state's parts, arrays for events and dice);
    what comes in from outside is checked field by field."""
    state = play(make_state(2), roll(0, 1, 2))
    data = json.loads(state.to_json())
    assert list(data)[:8] == ["board", "rules", "seed", "players", "turn", "first", "round", "phase"]
    assert data["players"][0] == {
        "name": "Аня",
        "cash": 1_500_000,
        "position": 3,
        "in_jail": False,
        "jail_attempts": 0,
        "jail_cards": [],
        "bankrupt": False,
    }
    assert data["events"][0][:2] == ["dice_rolled", 0] and data["dice"] == [1, 2]
    assert GameState.from_data(data) == state
    for change in (
        {"surprise": 1},
        {"turn": "second"},
        {"players": [{**data["players"][0], "cash": "lots"}, data["players"][1]]},
        {"debts": [{"debtor": 0, "creditor": None, "amount": 0, "reason": "tax"}]},
        {"players": [{**data["players"][0], "hat": True}, data["players"][1]]},
    ):
        with pytest.raises(ValidationError):
            GameState.from_json(json.dumps({**data, **change}))


ACTIONS = [
    Roll(player=0),
    Roll(player=3, dice=(2, 6)),
    Buy(player=1),
    Decline(player=1),
    Bid(player=2, amount=120_000),
    PassBid(player=2),
    PayJailFine(player=0),
    UseJailCard(player=0, deck="community_chest"),
    PayDebt(player=4),
    DeclareBankruptcy(player=4),
    EndTurn(player=7),
]


@pytest.mark.parametrize("action", ACTIONS, ids=str)
def test_actions_round_trip_through_json_and_text(action: object) -> None:
    assert action_from_json(action_to_json(action)) == action  # type: ignore[arg-type]
    assert parse_action(str(action)) == action


@pytest.mark.parametrize("text", ["roll", "0:fly", "0:roll 7+1", "x:roll", "0:bid lots", "0:use_card bank"])
def test_malformed_action_text_is_refused(text: str) -> None:
    with pytest.raises(InvalidActionError):
        parse_action(text)


@pytest.mark.parametrize("data", ['{"kind": "roll"}', '{"kind": "teleport", "player": 0}', "[1,2]", "{"])
def test_malformed_action_json_is_refused(data: str) -> None:
    with pytest.raises(InvalidActionError):
        action_from_json(data)


def test_every_listed_action_applies() -> None:
    """legal_actions is the source of truth: each listed action applies cleanly, in many situations."""
    state = new_game(board(), ["Аня", "Борис", "Вера"], seed=3)
    for _ in range(300):
        actions = legal_actions(state)
        for action in actions:
            apply(state, action)
        state = apply(state, actions[len(actions) // 2])
        if state.is_over:
            break


def test_record_replays_to_the_same_state() -> None:
    state = new_game(board(), ["Аня", "Борис"], seed=9)
    record = GameRecord.start(state)
    for _ in range(200):
        action = legal_actions(state)[0]
        state = apply(state, action)
        record = record.add(action)
    again = GameRecord.model_validate_json(record.model_dump_json())
    assert replay(board(), again) == state
    assert replay(board(), again, upto=0) == new_game(board(), ["Аня", "Борис"], seed=9)


def test_record_with_an_illegal_action_names_its_number() -> None:
    state = new_game(board(), ["Аня", "Борис"], seed=9)
    record = GameRecord.start(state).add(Roll(player=0, dice=(1, 2))).add(Roll(player=0))
    with pytest.raises(ReplayError, match="action 2"):
        replay(board(), record)


def test_record_for_another_board_is_refused() -> None:
    record = GameRecord(board_id="elsewhere", rules=board().rules, players=("A", "B"), seed=1)
    with pytest.raises(ReplayError, match="elsewhere"):
        replay(board(), record)


def test_game_over_has_no_legal_actions() -> None:
    state = make_state(2, phase="game_over", winner=1)
    assert current_actor(state) is None
    assert legal_actions(state) == []
    with pytest.raises(IllegalActionError, match="over"):
        apply(state, Roll(player=0))
