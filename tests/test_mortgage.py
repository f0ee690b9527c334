"""Mortgages (RULES.md "Mortgage, trade, debt"; seed 001 on rent).

An unbuilt property is mortgaged for its mortgage value (half its price), paid by the bank; every
building of its colour group must be sold first. A mortgaged lot collects no rent, and a mortgaged
street stops the double rent of its whole group (option `rent.double_rent_blocked_by_mortgage`).
Lifting the mortgage costs the mortgage value plus 10 % OF THE MORTGAGE VALUE (option
`mortgage.interest_percent`), and needs the cash. Mortgaging and lifting are asset management: open to
every player still in the game in a calm situation, on their turn or not, in jail or not.

Squares used: 1 Житная / 3 Нагатинская (brown, price 60 000, value 30 000), 5 Рижская ж. д.
(200 000 / 100 000), 12 Электростанция (150 000 / 75 000), 37 Малая Бронная (350 000 / 175 000),
39 Арбат (400 000 / 200 000, base rent 50 000, house 200 000). Amounts in rubles.
"""

from __future__ import annotations

import re

import pytest
from factory import kinds, make_state, play, roll

from monopoly_tui.engine import (
    Build,
    Debt,
    Decline,
    EndTurn,
    Event,
    GameState,
    IllegalActionError,
    Mortgage,
    PayJailFine,
    Roll,
    Rules,
    SellBuilding,
    Unmortgage,
    apply,
    current_actor,
    is_legal,
    legal_actions,
    why_illegal,
)

START = 1_500_000


def cash(state: GameState) -> list[int]:
    return [p.cash for p in state.players]


def refused(state: GameState, action, message: str) -> None:
    """The action is illegal with a reason containing message, and the state is left as it was."""
    before = state.to_data()
    with pytest.raises(IllegalActionError, match=re.escape(message)):
        apply(state, action)
    assert message in (why_illegal(state, action) or "")
    assert action not in legal_actions(state, action.player)
    assert state.to_data() == before


# --- mortgaging -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("square", "value"),
    [(39, 200_000), (1, 30_000), (5, 100_000), (12, 75_000), (28, 75_000)],
    ids=["street-arbat", "street-zhitnaya", "station", "utility-electric", "utility-water"],
)
def test_mortgaging_an_unbuilt_property_pays_half_its_price_from_the_bank(square: int, value: int):
    """Streets, stations and utilities alike: the bank pays the mortgage value (half the price)."""
    state = make_state(2, owners={square: 0})
    assert state.board.property(square).price == 2 * value
    bank = state.bank_balance
    assert Mortgage(player=0, square=square) in legal_actions(state)
    state = play(state, Mortgage(player=0, square=square))
    assert cash(state) == [START + value, START]
    assert state.bank_balance == bank - value
    assert state.mortgaged[square]
    assert state.owner[square] == 0
    assert state.events == (Event(kind="mortgaged", player=0, square=square, amount=value),)
    # managing is not a move: the turn is where it was
    assert (state.turn, state.phase, current_actor(state)) == (0, "roll", 0)
    assert Mortgage(player=0, square=square) not in legal_actions(state)
    assert Unmortgage(player=0, square=square) in legal_actions(state)


def test_a_lot_whose_group_has_buildings_cannot_be_mortgaged_until_they_are_sold():
    """A house on Малая Бронная blocks mortgaging Арбат (unbuilt itself) and Малая Бронная."""
    state = make_state(2, owners={37: 0, 39: 0}, buildings={37: 1})
    for square in (37, 39):
        refused(state, Mortgage(player=0, square=square), "sell the buildings of the group")
    state = play(state, SellBuilding(player=0, square=37))
    assert cash(state) == [START + 100_000, START]  # half the house price
    assert state.buildings[37] == 0
    assert {Mortgage(player=0, square=37), Mortgage(player=0, square=39)} <= set(legal_actions(state))
    state = play(state, Mortgage(player=0, square=39))
    assert cash(state) == [START + 100_000 + 200_000, START]
    assert state.mortgaged[39]


@pytest.mark.parametrize(
    ("setup", "square", "message"),
    [
        ({"owners": {39: 1}}, 39, "Аня owns no property at square 39"),
        ({}, 39, "Аня owns no property at square 39"),
        ({}, 0, "Аня owns no property at square 0"),
        ({"owners": {39: 0}, "mortgaged": [39]}, 39, "Улица Арбат is already mortgaged"),
    ],
    ids=["another-players-lot", "bank-lot", "go-square", "already-mortgaged"],
)
def test_only_ones_own_unmortgaged_property_can_be_mortgaged(setup: dict, square: int, message: str):
    refused(make_state(2, **setup), Mortgage(player=0, square=square), message)


def test_a_mortgaged_street_blocks_building_on_its_group_until_lifted():
    state = make_state(2, owners={37: 0, 39: 0}, mortgaged=[37])
    refused(state, Build(player=0, square=39), "mortgaged")
    state = play(state, Unmortgage(player=0, square=37))
    assert Build(player=0, square=39) in legal_actions(state)


# --- rent ---------------------------------------------------------------------------------------


def test_no_rent_on_a_lot_mortgaged_by_its_owner():
    """Seat 1 mortgages Арбат between moves; seat 0 then lands on it and pays nothing."""
    state = make_state(2, owners={39: 1}, positions={0: 35})
    state = play(state, Mortgage(player=1, square=39), roll(0, 1, 3))
    assert state.players[0].position == 39
    assert kinds(state) == ["dice_rolled", "moved"]
    assert cash(state) == [START, START + 200_000]
    assert state.phase == "end_turn"


def test_a_mortgaged_street_blocks_the_double_rent_which_returns_once_lifted():
    """Seed 001: whole dark-blue group with Малая Бронная mortgaged: Арбат pays 50 000, not 100 000.
    The owner lifts the mortgage between turns (192 500) and the next visitor pays 100 000."""
    state = make_state(3, owners={37: 1, 39: 1}, mortgaged=[37], positions={0: 35, 2: 35})
    state = play(state, roll(0, 1, 3))
    assert cash(state) == [START - 50_000, START + 50_000, START]

    state = play(state, Unmortgage(player=1, square=37))  # not seat 1's turn: a calm moment
    assert not state.mortgaged[37]
    assert cash(state) == [START - 50_000, START + 50_000 - 192_500, START]
    state = play(state, EndTurn(player=0), roll(1, 4, 6), EndTurn(player=1))  # seat 1 just visits jail
    state = play(state, roll(2, 1, 3))
    rent = [e for e in state.events if e.kind == "rent_paid"]
    assert [(e.player, e.other, e.amount) for e in rent] == [(2, 1, 100_000)]
    assert cash(state) == [START - 50_000, START + 150_000 - 192_500, START - 100_000]


def test_option_off_a_mortgaged_street_leaves_the_double_rent_on_the_others():
    rules = Rules.model_validate({"rent": {"double_rent_blocked_by_mortgage": False}})
    state = make_state(2, rules=rules, owners={37: 1, 39: 1}, positions={0: 35})
    state = play(state, Mortgage(player=1, square=37), roll(0, 1, 3))
    assert cash(state) == [START - 100_000, START + 175_000 + 100_000]


# --- lifting ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("square", "cost"),
    [(39, 220_000), (37, 192_500), (1, 33_000), (5, 110_000), (12, 82_500)],
    ids=["arbat", "malaya-bronnaya", "zhitnaya", "station", "utility"],
)
def test_lifting_costs_the_mortgage_value_plus_ten_percent_of_the_value(square: int, cost: int):
    """Regression: the 10 % is of the mortgage value, not of the price (Арбат: 220 000, not 240 000)."""
    state = make_state(2, owners={square: 0}, mortgaged=[square])
    bank = state.bank_balance
    state = play(state, Unmortgage(player=0, square=square))
    assert cash(state) == [START - cost, START]
    assert state.bank_balance == bank + cost
    assert not state.mortgaged[square]
    assert state.owner[square] == 0
    assert state.events == (Event(kind="unmortgaged", player=0, square=square, amount=cost),)


def test_mortgaging_then_lifting_costs_exactly_the_interest():
    state = make_state(2, owners={39: 0})
    state = play(state, Mortgage(player=0, square=39), Unmortgage(player=0, square=39))
    assert cash(state) == [START - 20_000, START]
    assert not state.mortgaged[39]


def test_lifting_needs_the_cash():
    short = make_state(2, cash={0: 219_999}, owners={39: 0}, mortgaged=[39])
    refused(short, Unmortgage(player=0, square=39), "lifting the mortgage on Улица Арбат costs 220000")
    exact = make_state(2, cash={0: 220_000}, owners={39: 0}, mortgaged=[39])
    assert Unmortgage(player=0, square=39) in legal_actions(exact)
    state = play(exact, Unmortgage(player=0, square=39))
    assert cash(state) == [0, START]


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ({"owners": {39: 0}}, "Улица Арбат is not mortgaged"),
        ({"owners": {39: 1}, "mortgaged": [39]}, "Аня owns no property at square 39"),
    ],
    ids=["not-mortgaged", "another-players-lot"],
)
def test_only_ones_own_mortgaged_lot_can_be_lifted(setup: dict, message: str):
    refused(make_state(2, **setup), Unmortgage(player=0, square=39), message)


@pytest.mark.parametrize(("percent", "cost"), [(0, 200_000), (5, 210_000), (20, 240_000)])
def test_the_interest_is_the_mortgage_interest_percent_option(percent: int, cost: int):
    rules = Rules.model_validate({"mortgage": {"interest_percent": percent}})
    state = make_state(2, rules=rules, owners={39: 0}, mortgaged=[39])
    state = play(state, Unmortgage(player=0, square=39))
    assert cash(state) == [START - cost, START]


# --- who may mortgage and lift, and when ------------------------------------------------------------


def test_a_player_not_on_turn_may_mortgage_and_lift_in_a_calm_situation():
    state = make_state(2, owners={39: 1})
    assert legal_actions(state, 1) == [Mortgage(player=1, square=39)]
    state = play(state, Mortgage(player=1, square=39))
    assert cash(state) == [START, START + 200_000]
    assert (state.turn, state.phase, current_actor(state)) == (0, "roll", 0)
    assert legal_actions(state) == [Roll(player=0)]
    assert legal_actions(state, 1) == [Unmortgage(player=1, square=39)]
    state = play(state, Unmortgage(player=1, square=39))
    assert cash(state) == [START, START - 20_000]
    assert (state.turn, state.phase, current_actor(state)) == (0, "roll", 0)


def test_a_player_not_on_turn_may_also_manage_while_the_turn_player_decides_to_buy():
    state = make_state(3, owners={39: 2})
    state = play(state, roll(0, 1, 2))  # Нагатинская, unowned
    assert state.phase == "buy"
    state = play(state, Mortgage(player=2, square=39))
    assert state.mortgaged[39]
    assert (state.phase, current_actor(state)) == ("buy", 0)


def test_nobody_but_the_bidder_manages_during_an_auction():
    state = make_state(3, owners={39: 2, 5: 1})
    state = play(state, roll(0, 1, 2), Decline(player=0))  # Нагатинская under the hammer
    assert state.auction is not None
    assert current_actor(state) == 1
    refused(state, Mortgage(player=2, square=39), "mortgage is not open to Вера now (auction)")
    refused(state, Mortgage(player=1, square=5), "an auction is running")
    assert legal_actions(state, 2) == []


def test_nobody_else_manages_while_a_debtor_settles():
    debt = Debt(debtor=0, creditor=None, amount=200_000, reason="tax")
    state = make_state(2, cash={0: 100_000}, owners={39: 1, 5: 0}, debts=(debt,), phase="end_turn")
    refused(state, Mortgage(player=1, square=39), "mortgage is not open to Борис now (debt)")
    assert legal_actions(state, 1) == []
    assert legal_actions(state) == [Mortgage(player=0, square=5)]


@pytest.mark.parametrize("seat", [0, 1], ids=["on-turn", "not-on-turn"])
def test_a_jailed_player_mortgages_and_lifts_as_usual(seat: int):
    state = make_state(2, in_jail=[seat], owners={39: seat})
    assert Mortgage(player=seat, square=39) in legal_actions(state, seat)
    state = play(state, Mortgage(player=seat, square=39))
    assert state.players[seat].cash == START + 200_000
    assert state.players[seat].in_jail
    state = play(state, Unmortgage(player=seat, square=39))
    assert state.players[seat].cash == START - 20_000
    assert not state.mortgaged[39]


def test_a_jailed_player_may_mortgage_to_raise_the_fine():
    state = make_state(2, cash={0: 10_000}, in_jail=[0], owners={5: 0})
    assert not is_legal(state, PayJailFine(player=0))
    assert legal_actions(state) == [Roll(player=0), Mortgage(player=0, square=5)]
    state = play(state, Mortgage(player=0, square=5))
    assert legal_actions(state) == [Roll(player=0), PayJailFine(player=0), Unmortgage(player=0, square=5)]
    state = play(state, PayJailFine(player=0))
    assert cash(state) == [60_000, START]
    assert not state.players[0].in_jail


def test_under_the_jackpot_rule_mortgage_money_comes_from_the_bank_and_interest_goes_to_it():
    """free_parking.jackpot feeds the pot with taxes and card fines only, never with mortgage money."""
    rules = Rules.model_validate({"free_parking": {"jackpot": True}})
    state = make_state(2, rules=rules, owners={39: 0})
    bank = state.bank_balance
    state = play(state, Mortgage(player=0, square=39), Unmortgage(player=0, square=39))
    assert (state.pot, state.bank_balance) == (0, bank + 20_000)
