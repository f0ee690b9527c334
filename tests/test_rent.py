"""Rent (RULES.md "Rent", seeds 000 and 001): streets, colour groups, buildings, stations, utilities.

Seat 0 is the visitor, seat 1 the owner, unless a test says otherwise. Rent is paid by the landing
itself (no action to collect it), so each scenario is a single scripted throw. Amounts are rubles.
"""

from __future__ import annotations

import pytest
from factory import at, kinds, make_state, play, roll

from monopoly_tui.engine import EndTurn, GameState, Rules, legal_actions, rent_due

START = 1_500_000
STATIONS = (5, 15, 25, 35)
ARBAT_RENT = (50_000, 200_000, 600_000, 1_400_000, 1_700_000, 2_000_000)


def land(state: GameState, d1: int, d2: int) -> GameState:
    """Seat 0 throws; returns the state after the landing."""
    return play(state, roll(0, d1, d2))


def assert_rent_paid(state: GameState, amount: int, square: int, *, visitor: int = 0, owner: int = 1) -> None:
    """The visitor paid exactly amount to the owner for square, by a rent_paid event."""
    paid = [e for e in state.events if e.kind == "rent_paid"]
    assert len(paid) == 1
    e = paid[0]
    assert (e.player, e.other, e.square, e.amount) == (visitor, owner, square, amount)
    assert state.players[visitor].position == square


# --- streets -------------------------------------------------------------------------------------


def test_base_rent_on_a_single_street() -> None:
    """One lot of a group, no houses: the printed base rent (Нагатинская: 4 000)."""
    state = land(make_state(2, owners={3: 1}), 1, 2)
    assert_rent_paid(state, 4_000, 3)
    assert state.players[0].cash == START - 4_000
    assert state.players[1].cash == START + 4_000


def test_rent_is_collected_automatically_and_the_turn_goes_on() -> None:
    """The game never waits for the owner to ask: the throw itself pays, then the turn may end."""
    state = land(make_state(2, owners={3: 1}), 1, 2)
    assert kinds(state) == ["dice_rolled", "moved", "rent_paid"]
    assert state.phase == "end_turn"
    assert state.debts == ()
    assert legal_actions(state) == [EndTurn(player=0)]


def test_whole_group_without_buildings_doubles_the_base_rent() -> None:
    """Seed 001: the owner of the whole colour group, nothing built: twice the base rent (8 000)."""
    state = land(at("MPN1 Аня:1500000@0 Борис:1500000@0 turn=0 own=1:1,3:1"), 1, 2)
    assert_rent_paid(state, 8_000, 3)
    assert state.players[0].cash == START - 8_000


def test_whole_group_with_another_owner_is_not_doubled() -> None:
    """Two lots of a group held by different players: base rent only."""
    state = land(make_state(3, owners={1: 2, 3: 1}), 1, 2)
    assert_rent_paid(state, 4_000, 3)


def test_a_mortgaged_lot_in_the_group_stops_the_double_rent() -> None:
    """Seed 001 (default): a mortgaged street of the whole group means base rent on the others."""
    state = land(make_state(2, owners={1: 1, 3: 1}, mortgaged=[1]), 1, 2)
    assert_rent_paid(state, 4_000, 3)


def test_option_off_a_mortgaged_lot_does_not_stop_the_double_rent() -> None:
    """rent.double_rent_blocked_by_mortgage false: the whole group doubles even with a lot mortgaged."""
    state = at(
        "MPN1 Аня:1500000@0 Борис:1500000@0 turn=0 own=1:1m,3:1 "
        "rules=rent.double_rent_blocked_by_mortgage:false"
    )
    state = land(state, 1, 2)
    assert_rent_paid(state, 8_000, 3)


def test_a_house_anywhere_on_the_group_ends_the_double_rent() -> None:
    """Seed 001 (default): doubled only while nothing is built on the group: a house on Житная leaves
    Нагатинская, unbuilt, at its base rent (4 000)."""
    state = land(make_state(2, owners={1: 1, 3: 1}, buildings={1: 1}), 1, 2)
    assert_rent_paid(state, 4_000, 3)


def test_option_off_an_unbuilt_street_beside_a_built_one_is_doubled() -> None:
    """rent.double_rent_needs_bare_group false (seed 000: «на любом из незастроенных участков»): an unbuilt
    street of a whole group is doubled even with a house next door (8 000); the built one takes its
    house rent as always."""
    rules = Rules.model_validate({"rent": {"double_rent_needs_bare_group": False}})
    unbuilt = land(make_state(2, rules=rules, owners={1: 1, 3: 1}, buildings={1: 1}), 1, 2)
    assert_rent_paid(unbuilt, 8_000, 3)
    built = land(make_state(2, rules=rules, owners={1: 1, 3: 1}, buildings={3: 1}, positions={0: 1}), 1, 1)
    assert_rent_paid(built, 20_000, 3)
    mortgaged = land(make_state(2, rules=rules, owners={1: 1, 3: 1}, mortgaged=[1]), 1, 2)
    assert_rent_paid(mortgaged, 4_000, 3)


def test_no_rent_on_a_mortgaged_lot() -> None:
    """Seed 001: landing on a mortgaged property costs nothing."""
    state = land(make_state(2, owners={1: 1, 3: 1}, mortgaged=[3]), 1, 2)
    assert state.players[0].position == 3
    assert kinds(state) == ["dice_rolled", "moved"]
    assert state.players[0].cash == START
    assert state.players[1].cash == START
    assert state.phase == "end_turn"


@pytest.mark.parametrize(
    "level", [1, 2, 3, 4, 5], ids=["1 house", "2 houses", "3 houses", "4 houses", "hotel"]
)
def test_rent_with_houses_and_hotel(level: int) -> None:
    """With buildings the deed's rent for that level (Арбат: 200k/600k/1.4M/1.7M, hotel 2M), never doubled."""
    state = make_state(
        2,
        cash={0: 3_000_000},
        positions={0: 36},
        owners={37: 1, 39: 1},
        buildings={37: level, 39: level},
    )
    state = land(state, 1, 2)
    assert_rent_paid(state, ARBAT_RENT[level], 39)
    assert state.players[0].cash == 3_000_000 - ARBAT_RENT[level]
    assert state.players[1].cash == START + ARBAT_RENT[level]


def test_unbuilt_lot_of_a_group_with_a_house_elsewhere_pays_single_base_rent() -> None:
    """Seed 001: doubled only while no building stands on the group; a house on 6 makes 8 pay 6 000."""
    state = land(make_state(2, positions={0: 5}, owners={6: 1, 8: 1, 9: 1}, buildings={6: 1}), 1, 2)
    assert_rent_paid(state, 6_000, 8)


# --- stations ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("count", "rent"), [(1, 25_000), (2, 50_000), (3, 100_000), (4, 200_000)])
def test_station_rent_by_number_of_stations_owned(count: int, rent: int) -> None:
    """Seed 000: 25 000 / 50 000 / 100 000 / 200 000 by how many stations the owner holds."""
    state = land(make_state(2, owners=dict.fromkeys(STATIONS[:count], 1)), 2, 3)
    assert_rent_paid(state, rent, 5)


def test_station_count_is_the_owners_not_all_owned_stations() -> None:
    """Stations held by another player do not raise this owner's rent."""
    state = land(make_state(3, owners={5: 1, 15: 2, 25: 2, 35: 2}), 2, 3)
    assert_rent_paid(state, 25_000, 5)


def test_mortgaged_stations_still_count_for_the_rent() -> None:
    """Three of four stations mortgaged: landing on the fourth still costs 200 000."""
    state = land(make_state(2, owners=dict.fromkeys(STATIONS, 1), mortgaged=[15, 25, 35]), 2, 3)
    assert_rent_paid(state, 200_000, 5)


# --- utilities (regression: 4x vs 10x) ------------------------------------------------------------


def test_one_utility_charges_four_times_the_dice() -> None:
    """One utility owned: 4 x the throw (3+4 = 7 -> 28 000), not 10 x."""
    state = land(make_state(2, positions={0: 5}, owners={12: 1}), 3, 4)
    assert_rent_paid(state, 28_000, 12)


def test_both_utilities_charge_ten_times_the_dice() -> None:
    """Both utilities owned: 10 x the throw (3+4 = 7 -> 70 000), not 4 x."""
    state = land(make_state(2, positions={0: 5}, owners={12: 1, 28: 1}), 3, 4)
    assert_rent_paid(state, 70_000, 12)


def test_utilities_split_between_owners_charge_four_times() -> None:
    """Each utility held by a different player: 4 x for each."""
    state = land(make_state(3, positions={0: 23}, owners={12: 2, 28: 1}), 2, 3)
    assert_rent_paid(state, 20_000, 28)


def test_utility_rent_uses_this_throw_even_on_doubles() -> None:
    """Doubles 3+3 onto the utility: 4 x 6 = 24 000, then the player throws again."""
    state = land(make_state(2, positions={0: 6}, owners={12: 1}), 3, 3)
    assert_rent_paid(state, 24_000, 12)
    assert state.phase == "roll"


# --- who collects --------------------------------------------------------------------------------


def test_own_property_costs_nothing() -> None:
    """Landing on one's own lot: no rent, no purchase offer."""
    state = land(make_state(2, owners={1: 0, 3: 0}), 1, 2)
    assert kinds(state) == ["dice_rolled", "moved"]
    assert state.players[0].cash == START
    assert state.phase == "end_turn"


def test_owner_in_jail_still_collects() -> None:
    """Seed 000: an owner in jail collects rent as usual."""
    state = land(make_state(2, owners={1: 1, 3: 1}, in_jail=[1]), 1, 2)
    assert_rent_paid(state, 8_000, 3)
    assert state.players[1].cash == START + 8_000


def test_house_rule_owner_in_jail_does_not_collect() -> None:
    """rent.collect_in_jail false: nothing is owed to a jailed owner."""
    rules = Rules.model_validate({"rent": {"collect_in_jail": False}})
    state = land(make_state(2, rules=rules, owners={1: 1, 3: 1}, in_jail=[1]), 1, 2)
    assert kinds(state) == ["dice_rolled", "moved"]
    assert state.players[0].cash == START
    assert state.players[1].cash == START


def test_rent_that_cannot_be_paid_becomes_a_debt_to_the_owner() -> None:
    """Short of cash: the rent is owed (a debt to the owner), cash never goes negative."""
    state = land(make_state(2, cash={0: 3_000}, owners={3: 1}), 1, 2)
    assert [(d.debtor, d.creditor, d.amount, d.reason) for d in state.debts] == [(0, 1, 4_000, "rent")]
    assert state.players[0].cash == 3_000
    assert state.players[1].cash == START


# --- rent_due directly ---------------------------------------------------------------------------


def test_rent_due_unowned_and_unownable_squares_are_free() -> None:
    state = make_state(2)
    assert rent_due(state, 3, 7) == 0  # unowned street
    assert rent_due(state, 0, 7) == 0  # GO
    assert rent_due(state, 4, 7) == 0  # income tax is not rent


def test_rent_due_streets() -> None:
    state = make_state(2, owners={1: 1, 3: 1, 6: 1, 8: 1, 11: 1}, buildings={1: 2, 3: 2}, mortgaged=[8])
    assert rent_due(state, 1, 7) == 30_000  # Житная, 2 houses
    assert rent_due(state, 3, 7) == 60_000  # Нагатинская, 2 houses
    assert rent_due(state, 6, 7) == 6_000  # lightblue, group not whole (9 unowned)
    assert rent_due(state, 8, 7) == 0  # mortgaged
    assert rent_due(state, 11, 7) == 10_000  # one pink lot
    whole = make_state(2, owners={11: 1, 13: 1, 14: 1})
    assert [rent_due(whole, sq, 7) for sq in (11, 13, 14)] == [20_000, 20_000, 24_000]


def test_rent_due_does_not_depend_on_the_dice_for_streets_and_stations() -> None:
    state = make_state(2, owners={3: 1, 5: 1, 15: 1})
    assert {rent_due(state, 3, total) for total in range(2, 13)} == {4_000}
    assert {rent_due(state, 5, total) for total in range(2, 13)} == {50_000}


@pytest.mark.parametrize("total", [2, 7, 12])
def test_rent_due_utilities(total: int) -> None:
    """4 x or 10 x the dice total in thousands of rubles (7 -> 28 000 or 70 000 ₽)."""
    one = make_state(2, owners={12: 1, 28: 0})
    both = make_state(2, owners={12: 1, 28: 1})
    assert rent_due(one, 12, total) == 4_000 * total
    assert rent_due(one, 28, total) == 4_000 * total
    assert rent_due(both, 12, total) == 10_000 * total
    assert rent_due(both, 28, total) == 10_000 * total


def test_rent_due_mortgaged_utility_still_counts_for_the_other() -> None:
    state = make_state(2, owners={12: 1, 28: 1}, mortgaged=[28])
    assert rent_due(state, 12, 5) == 50_000
    assert rent_due(state, 28, 5) == 0


def test_rent_due_jailed_owner_follows_the_option() -> None:
    state = make_state(2, owners={39: 1}, in_jail=[1])
    assert rent_due(state, 39, 7) == 50_000
    off = make_state(
        2,
        owners={39: 1},
        in_jail=[1],
        rules=Rules.model_validate({"rent": {"collect_in_jail": False}}),
    )
    assert rent_due(off, 39, 7) == 0
