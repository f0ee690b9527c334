"""Actions are named tuples: cheap immutable values, equal only to an action of the same kind and values;
pydantic validates the ones read from outside (JSON, records, saves, a state's trade offer) against the
same ranges as before, and their JSON form is the one the game always wrote."""

from __future__ import annotations

import itertools
import json

import pytest
from factory import board
from pydantic import ValidationError

from monopoly_tui.engine import (
    AcceptTrade,
    Bid,
    Build,
    Buy,
    Decline,
    GameRecord,
    GameState,
    InvalidActionError,
    Mortgage,
    PassBid,
    ProposeTrade,
    RejectTrade,
    Roll,
    TradeSide,
    action_from_json,
    action_to_json,
    apply,
    new_game,
    parse_action,
)
from monopoly_tui.engine.action_json import action_data
from monopoly_tui.engine.actions import ACTION_ADAPTER, ACTION_CLASSES, KIND_OF

ONE_OF_EACH = [cls(0) for cls in ACTION_CLASSES if len(cls._fields) == 2]  # type: ignore[call-arg]
"""Every kind that names only the seat, for seat 0."""


def test_actions_of_different_kinds_are_never_equal_and_hash_apart() -> None:
    """A named tuple compares by its values; the kind is one of them, so a purchase is not a refusal."""
    assert len(ONE_OF_EACH) == 9
    for one, other in itertools.combinations(ONE_OF_EACH, 2):
        assert one != other and hash(one) != hash(other), (one, other)
    assert Build(player=0, square=1) != Mortgage(player=0, square=1)
    assert len({Buy(player=0), Decline(player=0), Buy(player=0)}) == 2
    assert AcceptTrade(player=1) != RejectTrade(player=1)


def test_every_kind_is_its_class_s_last_field() -> None:
    assert len(KIND_OF) == 20 and len(set(KIND_OF.values())) == 20
    for cls, kind in KIND_OF.items():
        assert cls._fields[0] == "player" and cls._fields[-1] == "kind"
        assert ACTION_ADAPTER.validate_python({"player": 0, "kind": kind, **_required(cls)}).kind == kind


def _required(cls: type) -> dict[str, object]:
    values = {"amount": 10, "deck": "chance", "square": 1, "group": "brown", "level": 0, "partner": 1}
    return {name: values[name] for name in cls._fields if name in values}  # type: ignore[attr-defined]


def test_a_changed_copy_is_made_with_replace() -> None:
    offer = ProposeTrade(player=0, partner=1, give=TradeSide(cash=100))
    cheaper = offer._replace(give=TradeSide(cash=90))
    assert cheaper.give.cash == 90 and offer.give.cash == 100 and cheaper.partner == 1


def test_the_json_form_keeps_its_field_order() -> None:
    """The seat, then the kind (after the square for the square kinds), then the rest; sides as objects."""
    assert action_to_json(Roll(player=3, dice=(2, 6))) == '{"player":3,"kind":"roll","dice":[2,6]}'
    assert action_to_json(Roll(player=0)) == '{"player":0,"kind":"roll","dice":null}'
    assert action_to_json(Build(player=1, square=3)) == '{"player":1,"square":3,"kind":"build"}'
    offer = ProposeTrade(player=0, partner=2, give=TradeSide(lots=(1, 3), jail_cards=("chance",)))
    assert action_to_json(offer) == (
        '{"player":0,"kind":"trade","partner":2,"give":{"lots":[1,3],"cash":0,"jail_cards":["chance"]},'
        '"take":{"lots":[],"cash":0,"jail_cards":[]}}'
    )
    assert json.dumps(action_data(offer), separators=(",", ":")) == action_to_json(offer)
    assert action_from_json(action_to_json(offer)) == offer
    assert parse_action(str(offer)) == offer


@pytest.mark.parametrize(
    "data",
    [
        '{"player":8,"kind":"buy"}',
        '{"player":-1,"kind":"buy"}',
        '{"player":0,"kind":"bid","amount":0}',
        '{"player":0,"kind":"bid","amount":-5}',
        '{"player":0,"kind":"roll","dice":[3,7]}',
        '{"player":0,"kind":"roll","dice":[3,4,5]}',
        '{"player":0,"kind":"build","square":40}',
        '{"player":0,"kind":"sell_down","group":"brown","level":5}',
        '{"player":0,"kind":"use_card","deck":"bank"}',
        '{"player":0,"kind":"trade","partner":8}',
        '{"player":0,"kind":"trade","partner":1,"give":{"cash":-1}}',
        '{"player":0,"kind":"trade","partner":1,"give":{"jail_cards":["bank"]}}',
        '{"player":0,"kind":"trade","partner":1,"give":[[1],0,[]]}',
        '{"player":0,"kind":"trade","partner":1,"give":{"lots":[1],"hat":1}}',
        '{"player":0,"kind":"buy","hat":1}',
        '{"player":0,"kind":"buy","square":3}',
        '[0,"buy"]',
        '{"player":0}',
    ],
)
def test_an_action_from_outside_is_validated(data: str) -> None:
    """The ranges of before: a seat 0-7, a bid above 0, dice of 1-6, squares 0-39, levels 0-4, cash not
    below 0, the two decks; objects only, no field unknown to the kind."""
    with pytest.raises(InvalidActionError, match="not an action"):
        action_from_json(data)
    with pytest.raises(ValidationError):
        ACTION_ADAPTER.validate_json(data, strict=True)


@pytest.mark.parametrize(
    "text", ["0:bid 0", "0:build 40", "9:buy", "0:trade 1 /-5/ for //", "0:sell_down x 7"]
)
def test_an_action_text_is_validated_as_json_is(text: str) -> None:
    with pytest.raises(InvalidActionError):
        parse_action(text)


def test_a_record_reads_its_actions_strictly_and_keeps_those_made_in_python() -> None:
    state = new_game(board(), ["Аня", "Борис"], seed=1)
    roll = Roll(player=0, dice=(1, 2))
    record = GameRecord.start(state).add(roll)
    text = record.model_dump_json()
    assert '"actions":[{"player":0,"kind":"roll","dice":[1,2]}]' in text
    again = GameRecord.model_validate_json(text, strict=True)
    assert again == record and type(again.actions[0]) is Roll
    assert GameRecord.model_validate({**record.model_dump(), "actions": (roll,)}).actions[0] is roll
    with pytest.raises(ValidationError):
        GameRecord.model_validate_json(text.replace('"dice":[1,2]', '"dice":[1,9]'), strict=True)


def test_a_state_s_trade_offer_round_trips_and_is_validated() -> None:
    state = new_game(board(), ["Аня", "Борис"], seed=1)
    offer = ProposeTrade(player=0, partner=1, give=TradeSide(cash=100_000))
    waiting = apply(state, offer)
    data = json.loads(waiting.to_json())
    assert data["trade"] == action_data(offer)
    assert GameState.from_json(waiting.to_json()) == waiting
    for bad in ({**data["trade"], "partner": 9}, [0, 1], {**data["trade"], "give": [[], 5, []]}):
        with pytest.raises(ValidationError):
            GameState.from_json(json.dumps({**data, "trade": bad}))


def test_plain_moves_are_cheap_values() -> None:
    """What the bots make by the thousand: a tuple, no dict per action."""
    assert not hasattr(Roll(player=0), "__dict__")
    assert Bid(player=1, amount=5) == (1, 5, "bid") and PassBid(player=1) == (1, "pass")
