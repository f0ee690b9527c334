"""The engine's checks do not rely on the caller having validated an action: actions are named tuples,
made unvalidated, so one with a seat, square, die, deck, group or amount out of range (what a careless
caller or a hand-made record could pass) is an InvalidActionError, with a sentence saying what is wrong."""

from __future__ import annotations

from typing import Any

import pytest
from factory import board

from monopoly_tui.engine import (
    Bid,
    Build,
    Buy,
    GameRecord,
    InvalidActionError,
    Mortgage,
    PlaceBuilding,
    ProposeTrade,
    ReplayError,
    Roll,
    SellDown,
    TradeSide,
    UseJailCard,
    apply,
    new_game,
    replay,
    why_illegal,
)
from monopoly_tui.engine.actions import Action

raw: Any = Roll  # unvalidated: the values are not checked when the tuple is made

MALFORMED: list[tuple[str, Any, str]] = [
    ("build on square 45", Build(player=0, square=45), "there is no square 45 on a board of 40"),
    ("mortgage square -1", Mortgage(player=0, square=-1), "there is no square -1"),
    ("place on square 40", PlaceBuilding(player=0, square=40), "there is no square 40"),
    ("square as text", Build(player=0, square="3"), "there is no square '3'"),  # type: ignore[arg-type]
    ("a die of 100", raw(player=0, dice=(6, 100)), r"dice \(6, 100\) are not two dice of 1 to 6"),
    ("a die of 0", raw(player=0, dice=(0, 1)), "are not two dice"),
    ("a die True", raw(player=0, dice=(True, 1)), "are not two dice"),
    ("three dice", raw(player=0, dice=(1, 2, 3)), "are not two dice"),
    ("dice as a list", raw(player=0, dice=[1, 2]), "are not two dice"),
    ("seat 8", raw(player=8), "there is no seat 8 in a game of 2"),
    ("seat 5 of 2", raw(player=5), "there is no seat 5 in a game of 2"),
    ("seat -1", raw(player=-1), "there is no seat -1"),
    ("seat True", raw(player=True), "there is no seat True"),
    ("bid -1", Bid(player=0, amount=-1), "a bid of -1 is not an amount"),
    ("bid 0", Bid(player=0, amount=0), "a bid of 0 is not an amount"),
    ("bid 1.5", Bid(player=0, amount=1.5), "a bid of 1.5 is not an amount"),  # type: ignore[arg-type]
    ("a card of no deck", UseJailCard(player=0, deck="bank"), "there is no deck 'bank'"),  # type: ignore[arg-type]
    ("sell down no group", SellDown(player=0, group="nope", level=0), "there is no group 'nope'"),
    ("sell down to 9", SellDown(player=0, group="brown", level=9), "to sell down to level 9"),
    ("sell down a list", SellDown(player=0, group=["brown"], level=0), "there is no group"),  # type: ignore[arg-type]
    ("a buy of another kind", Buy(0, "decline"), "is not of the kind 'buy'"),  # type: ignore[arg-type]
    ("not an action", (0, "buy"), r"\(0, 'buy'\) is not an action"),
    ("trade with seat 9", ProposeTrade(player=0, partner=9), "there is no seat 9 to trade with"),
    (
        "trade lot 99",
        ProposeTrade(player=0, partner=1, give=TradeSide(lots=(99,))),
        r"lots \(99,\) are not squares of the board",
    ),
    (
        "trade lots not a tuple",
        ProposeTrade(player=0, partner=1, give=TradeSide(lots=[5])),  # type: ignore[arg-type]
        r"lots \[5\] are not squares",
    ),
    (
        "trade cash -5",
        ProposeTrade(player=0, partner=1, take=TradeSide(cash=-5)),
        "-5 is not an amount of cash",
    ),
    (
        "trade a card of no deck",
        ProposeTrade(player=0, partner=1, give=TradeSide(jail_cards=("x",))),  # type: ignore[arg-type]
        r"jail cards \('x',\) are not of the two decks",
    ),
    (
        "trade a side of no trade",
        ProposeTrade(player=0, partner=1, give=(1, 2, 3)),  # type: ignore[arg-type]
        r"\(1, 2, 3\) is not a side of a trade",
    ),
]


@pytest.mark.parametrize(("name", "action", "message"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_an_unvalidated_malformed_action_is_invalid_and_changes_nothing(
    name: str, action: Action, message: str
) -> None:
    state = new_game(board(), ["Аня", "Борис"], seed=1)
    before = state.to_json()
    with pytest.raises(InvalidActionError, match=message):
        apply(state, action)
    with pytest.raises(InvalidActionError, match=message):
        why_illegal(state, action)
    assert state.to_json() == before
    record = GameRecord.start(state).model_copy(update={"actions": (action,)})
    with pytest.raises(ReplayError, match="action 1"):
        replay(board(), record)


def test_the_same_actions_well_formed_are_judged_by_the_rules() -> None:
    state = new_game(board(), ["Аня", "Борис"], seed=1)
    state = apply(state, Roll(player=0, dice=(1, 2)))  # unvalidated but well-formed: played
    assert state.players[0].position == 3
