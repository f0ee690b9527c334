"""The engine's checks do not rely on the caller having validated an action: unvalidated actions
(model_construct) with a seat, square, die, group or amount out of range are InvalidActionError."""

from __future__ import annotations

import pytest
from factory import board

from monopoly_tui.engine import (
    Bid,
    Build,
    GameRecord,
    InvalidActionError,
    Mortgage,
    PlaceBuilding,
    ProposeTrade,
    ReplayError,
    Roll,
    SellDown,
    TradeSide,
    apply,
    new_game,
    replay,
)
from monopoly_tui.engine.actions import Action

raw = Roll.model_construct  # unvalidated: what a careless caller or a hand-made record could pass

MALFORMED: list[tuple[str, Action]] = [
    ("build on square 45", Build.model_construct(player=0, square=45)),
    ("mortgage square -1", Mortgage.model_construct(player=0, square=-1)),
    ("place on square 40", PlaceBuilding.model_construct(player=0, square=40)),
    ("square as text", Build.model_construct(player=0, square="3")),
    ("a die of 100", raw(player=0, dice=(6, 100))),
    ("a die of 0", raw(player=0, dice=(0, 1))),
    ("a die True", raw(player=0, dice=(True, 1))),
    ("three dice", raw(player=0, dice=(1, 2, 3))),
    ("dice as a list", raw(player=0, dice=[1, 2])),
    ("seat 8", raw(player=8)),
    ("seat 5 of 2", raw(player=5)),
    ("seat -1", raw(player=-1)),
    ("seat True", raw(player=True)),
    ("bid -1", Bid.model_construct(player=0, amount=-1)),
    ("bid 1.5", Bid.model_construct(player=0, amount=1.5)),
    ("sell down no group", SellDown.model_construct(player=0, group="nope", level=0)),
    ("sell down to 9", SellDown.model_construct(player=0, group="brown", level=9)),
    (
        "trade with seat 9",
        ProposeTrade.model_construct(player=0, partner=9, give=TradeSide(), take=TradeSide()),
    ),
    (
        "trade lot 99",
        ProposeTrade.model_construct(
            player=0,
            partner=1,
            give=TradeSide.model_construct(lots=(99,), cash=0, jail_cards=()),
            take=TradeSide(),
        ),
    ),
    (
        "trade cash -5",
        ProposeTrade.model_construct(
            player=0,
            partner=1,
            give=TradeSide(),
            take=TradeSide.model_construct(lots=(), cash=-5, jail_cards=()),
        ),
    ),
    (
        "trade a card of no deck",
        ProposeTrade.model_construct(
            player=0,
            partner=1,
            give=TradeSide.model_construct(lots=(), cash=0, jail_cards=("x",)),
            take=TradeSide(),
        ),
    ),
]


@pytest.mark.parametrize(("name", "action"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_an_unvalidated_malformed_action_is_invalid_and_changes_nothing(name: str, action: Action) -> None:
    state = new_game(board(), ["Аня", "Борис"], seed=1)
    before = state.to_json()
    with pytest.raises(InvalidActionError):
        apply(state, action)
    assert state.to_json() == before
    record = GameRecord.start(state).model_copy(update={"actions": (action,)})
    with pytest.raises(ReplayError, match="action 1"):
        replay(board(), record)


def test_the_same_actions_well_formed_are_judged_by_the_rules() -> None:
    state = new_game(board(), ["Аня", "Борис"], seed=1)
    state = apply(state, Roll.model_construct(player=0, dice=(1, 2)))  # unvalidated but well-formed: played
    assert state.players[0].position == 3
