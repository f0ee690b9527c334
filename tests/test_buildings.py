"""Houses and hotels (RULES.md "Buildings", seed 000), with a look at "Mortgage, trade, debt".

Houses only on a whole colour group one player owns with no street of it mortgaged; built and sold
evenly; at most 4 houses, then a hotel for the house price when every street of the group has 4 (the
4 houses go back to the bank); one hotel per street. Sold back at half the house price a level; a
hotel sold back needs 4 houses from the bank, else the group is sold down to a level the bank can
supply. The bank holds 32 houses and 12 hotels; when more players could build than the bank holds,
the building is auctioned among them. Any player may manage in a calm situation; a debtor may only
raise money.

Deeds used (rubles): Арбат (39) and Малая Бронная (37), dark blue, house 200 000; Житная (1) and
Нагатинская (3), brown, house 50 000; Варшавское (6), Огарёва (8), 1-я Парковая (9), light blue,
house 50 000.
"""

from __future__ import annotations

import pytest
from factory import kinds, make_state, play, roll

from monopoly_tui.engine import (
    Action,
    Bid,
    Build,
    Buy,
    Decline,
    EndTurn,
    GameState,
    IllegalActionError,
    Mortgage,
    PassBid,
    PayDebt,
    PlaceBuilding,
    ProposeTrade,
    RejectTrade,
    Rules,
    SellBuilding,
    SellDown,
    TradeSide,
    Unmortgage,
    apply,
    current_actor,
    is_legal,
    legal_actions,
    rent_due,
    situation,
)

START = 1_500_000
DARKBLUE = {37: 0, 39: 0}
BROWN = {1: 1, 3: 1}
LIGHTBLUE = {6: 0, 8: 0, 9: 0}
ARBAT_HOUSE = 200_000
BROWN_HOUSE = 50_000
STATIONS = (5, 15, 25, 35)
UTILITIES = (12, 28)


def buildings_rules(**options: object) -> Rules:
    return Rules.model_validate({"buildings": options})


def refused(state: GameState, action: Action, match: str) -> None:
    """The action raises IllegalActionError with a reason matching `match` and is not listed."""
    copy = state.to_data()
    with pytest.raises(IllegalActionError, match=match):
        apply(state, action)
    assert state.to_data() == copy
    assert not is_legal(state, action)
    assert action not in legal_actions(state, action.player)


def builds(state: GameState, seat: int) -> list[int]:
    """Streets where seat may buy a building now, by legal_actions."""
    return [a.square for a in legal_actions(state, seat) if isinstance(a, Build)]


# --- where houses may stand -------------------------------------------------------------------------


def test_a_house_costs_the_deed_price_paid_to_the_bank_and_leaves_the_bank():
    """A house on Арбат: 200 000 ₽ to the bank, level 1, the bank holds 31 houses."""
    state = make_state(2, owners=DARKBLUE)
    assert builds(state, 0) == [37, 39]
    state = play(state, Build(player=0, square=39))
    assert state.buildings[39] == 1
    assert state.buildings[37] == 0
    assert state.players[0].cash == START - ARBAT_HOUSE
    assert state.bank_balance == ARBAT_HOUSE
    assert (state.bank_houses, state.bank_hotels) == (31, 12)
    assert [(e.kind, e.player, e.square, e.amount, e.reason) for e in state.events] == [
        ("built", 0, 39, ARBAT_HOUSE, "house")
    ]


def test_the_house_price_is_the_streets_own():
    """Brown houses cost 50 000 ₽, not the dark blue price."""
    state = play(make_state(2, owners=BROWN), Build(player=1, square=1))
    assert state.players[1].cash == START - BROWN_HOUSE
    assert state.buildings[1] == 1


def test_no_house_with_one_street_of_the_group_unowned():
    state = make_state(2, owners={37: 0})
    refused(state, Build(player=0, square=37), "whole group")
    assert builds(state, 0) == []


def test_no_house_with_one_street_of_the_group_owned_by_another_player():
    state = make_state(2, owners={37: 0, 39: 1})
    refused(state, Build(player=0, square=37), "whole group")
    refused(state, Build(player=1, square=39), "whole group")
    lb = make_state(2, owners={6: 0, 8: 0, 9: 1})
    for square in (6, 8):
        refused(lb, Build(player=0, square=square), "whole group")


def test_no_house_on_another_players_street():
    state = make_state(2, owners=BROWN)
    refused(state, Build(player=0, square=1), "does not belong")


@pytest.mark.parametrize("square", [*STATIONS, *UTILITIES])
def test_no_house_on_a_station_or_utility_even_owning_them_all(square: int):
    """Regression "houses on a station": stations and utilities never take buildings."""
    owners = {i: 0 for i in (*STATIONS, *UTILITIES)}
    state = make_state(2, owners=owners)
    refused(state, Build(player=0, square=square), "not a street")
    assert builds(state, 0) == []


def test_no_house_on_a_group_with_a_mortgaged_street():
    state = make_state(2, owners=DARKBLUE, mortgaged=[37])
    refused(state, Build(player=0, square=39), "mortgaged")
    refused(state, Build(player=0, square=37), "mortgaged")
    assert builds(state, 0) == []


def test_mortgage_lift_mortgage_again_blocks_building_each_time():
    """Regression: a street mortgaged a second time (after a lift) blocks the group again."""
    state = make_state(2, owners=DARKBLUE)
    assert builds(state, 0) == [37, 39]
    state = play(state, Mortgage(player=0, square=37))
    refused(state, Build(player=0, square=39), "mortgaged")
    state = play(state, Unmortgage(player=0, square=37))
    assert builds(state, 0) == [37, 39]
    state = play(state, Mortgage(player=0, square=37))
    assert state.mortgaged[37]
    refused(state, Build(player=0, square=39), "mortgaged")
    assert builds(state, 0) == []
    state = play(state, Unmortgage(player=0, square=37), Build(player=0, square=39))
    assert state.buildings[39] == 1


def test_no_house_without_the_money():
    state = make_state(2, owners=DARKBLUE, cash={0: ARBAT_HOUSE - 1})
    refused(state, Build(player=0, square=39), "cannot pay")
    state = make_state(2, owners=DARKBLUE, cash={0: ARBAT_HOUSE})
    state = play(state, Build(player=0, square=39))
    assert state.players[0].cash == 0


# --- even building, hotels -----------------------------------------------------------------------------


def test_the_second_house_waits_for_one_on_every_street_of_the_group():
    state = make_state(2, owners=LIGHTBLUE, buildings={6: 1})
    assert builds(state, 0) == [8, 9]
    refused(state, Build(player=0, square=6), "evenly")
    state = play(state, Build(player=0, square=8))
    refused(state, Build(player=0, square=6), "evenly")
    state = play(state, Build(player=0, square=9))
    assert builds(state, 0) == [6, 8, 9]
    state = play(state, Build(player=0, square=6))
    assert [state.buildings[i] for i in (6, 8, 9)] == [2, 1, 1]
    assert builds(state, 0) == [8, 9]


def test_the_third_house_waits_for_two_everywhere():
    state = make_state(2, owners=DARKBLUE, buildings={37: 2, 39: 3})
    refused(state, Build(player=0, square=39), "evenly")
    assert builds(state, 0) == [37]


def test_a_fifth_level_is_a_hotel_not_a_fifth_house():
    """At most 4 houses: with 4 on every street the next building is a hotel (houses go back)."""
    state = make_state(2, owners=DARKBLUE, buildings={37: 4, 39: 4})
    assert (state.bank_houses, state.bank_hotels) == (24, 12)
    state = play(state, Build(player=0, square=39))
    assert state.buildings[39] == 5
    assert (state.bank_houses, state.bank_hotels) == (28, 11)
    assert state.players[0].cash == START - ARBAT_HOUSE
    assert [(e.kind, e.square, e.amount, e.reason) for e in state.events] == [
        ("built", 39, ARBAT_HOUSE, "hotel")
    ]


def test_a_hotel_needs_four_houses_on_every_street_of_the_group():
    """Regression (uneven hotel upgrades): 4, 4, 3 on light blue is not enough for a hotel."""
    state = make_state(2, owners=LIGHTBLUE, buildings={6: 4, 8: 4, 9: 3})
    refused(state, Build(player=0, square=6), "four houses on every street")
    refused(state, Build(player=0, square=8), "four houses on every street")
    assert builds(state, 0) == [9]


def test_a_hotel_needs_four_houses_everywhere_even_without_even_building():
    """With even_building off, uneven houses are fine but a hotel still needs 4 on every street."""
    rules = buildings_rules(even_building=False)
    state = make_state(2, rules=rules, owners=LIGHTBLUE, buildings={6: 4, 8: 0, 9: 4})
    refused(state, Build(player=0, square=6), "four houses on every street")
    refused(state, Build(player=0, square=9), "four houses on every street")
    assert builds(state, 0) == [8]
    state = play(state, *(Build(player=0, square=8) for _ in range(4)))
    assert builds(state, 0) == [6, 8, 9]
    state = play(state, Build(player=0, square=9))
    assert [state.buildings[i] for i in (6, 8, 9)] == [4, 4, 5]


def test_hotels_on_the_whole_group_return_four_houses_each():
    state = make_state(2, owners=LIGHTBLUE, buildings={6: 4, 8: 4, 9: 4})
    assert state.bank_houses == 20
    state = play(state, *(Build(player=0, square=i) for i in (6, 8, 9)))
    assert [state.buildings[i] for i in (6, 8, 9)] == [5, 5, 5]
    assert (state.bank_houses, state.bank_hotels) == (32, 9)
    assert state.players[0].cash == START - 3 * 50_000


def test_one_hotel_per_street():
    state = make_state(2, owners=DARKBLUE, buildings={37: 5, 39: 5})
    refused(state, Build(player=0, square=39), "already has a hotel")
    refused(state, Build(player=0, square=37), "already has a hotel")
    assert builds(state, 0) == []


def test_a_hotel_next_to_a_hotel_is_fine():
    state = make_state(2, owners=DARKBLUE, buildings={37: 5, 39: 4})
    assert builds(state, 0) == [39]
    state = play(state, Build(player=0, square=39))
    assert (state.buildings[37], state.buildings[39]) == (5, 5)


def test_without_even_building_houses_may_pile_up_on_one_street():
    state = make_state(2, rules=buildings_rules(even_building=False), owners=LIGHTBLUE)
    state = play(state, *(Build(player=0, square=6) for _ in range(4)))
    assert [state.buildings[i] for i in (6, 8, 9)] == [4, 0, 0]
    assert state.players[0].cash == START - 4 * 50_000
    assert state.bank_houses == 28
    # and selling may be uneven too
    state = play(state, Build(player=0, square=8), SellBuilding(player=0, square=8))
    assert [state.buildings[i] for i in (6, 8, 9)] == [4, 0, 0]


# --- rent follows the level ----------------------------------------------------------------------------


def test_rent_follows_the_buildings_bought():
    """Арбат: 100 000 for the whole group unbuilt, 200 000 with a house, 2 000 000 with a hotel."""
    state = make_state(2, owners=DARKBLUE, cash={0: 3_000_000})
    assert rent_due(state, 39, 7) == 100_000
    state = play(state, Build(player=0, square=39))
    assert rent_due(state, 39, 7) == 200_000
    assert rent_due(state, 37, 7) == 35_000  # no building on Малая Бронная: not doubled any more
    state = play(state, Build(player=0, square=37), *(Build(player=0, square=s) for s in (39, 37) * 3))
    assert (state.buildings[37], state.buildings[39]) == (4, 4)
    assert rent_due(state, 39, 7) == 1_700_000
    state = play(state, Build(player=0, square=39))
    assert rent_due(state, 39, 7) == 2_000_000


def test_a_visitor_pays_the_hotel_rent_after_the_build():
    state = make_state(
        2, owners={37: 1, 39: 1}, buildings={37: 4, 39: 4}, positions={0: 34}, cash={0: 3_000_000}
    )
    state = play(state, Build(player=1, square=39), roll(0, 2, 3))
    paid = [(e.player, e.other, e.square, e.amount) for e in state.events if e.kind == "rent_paid"]
    assert paid == [(0, 1, 39, 2_000_000)]


# --- selling ------------------------------------------------------------------------------------------


def test_a_house_sells_back_for_half_its_price():
    state = make_state(2, owners=DARKBLUE, buildings={37: 2, 39: 2})
    state = play(state, SellBuilding(player=0, square=39))
    assert state.buildings[39] == 1
    assert state.players[0].cash == START + ARBAT_HOUSE // 2
    assert state.bank_houses == 32 - 3
    assert [(e.kind, e.square, e.amount, e.reason) for e in state.events] == [
        ("sold_building", 39, 100_000, "1")
    ]


def test_selling_is_even_too():
    """Not from a street that has fewer buildings than another of the group."""
    state = make_state(2, owners=DARKBLUE, buildings={37: 2, 39: 1})
    refused(state, SellBuilding(player=0, square=39), "sell evenly")
    sells = [a.square for a in legal_actions(state, 0) if isinstance(a, SellBuilding)]
    assert sells == [37]


def test_nothing_to_sell_on_an_empty_street():
    state = make_state(2, owners=DARKBLUE)
    refused(state, SellBuilding(player=0, square=39), "no building")
    refused(state, SellBuilding(player=1, square=39), "has no street")


def test_a_hotel_sold_back_becomes_four_houses_when_the_bank_has_them():
    state = make_state(2, owners=DARKBLUE, buildings={37: 5, 39: 5})
    assert (state.bank_houses, state.bank_hotels) == (32, 10)
    state = play(state, SellBuilding(player=0, square=39))
    assert (state.buildings[37], state.buildings[39]) == (5, 4)
    assert (state.bank_houses, state.bank_hotels) == (28, 11)
    assert state.players[0].cash == START + 100_000
    refused(state, SellBuilding(player=0, square=39), "sell evenly")


def test_a_hotel_sold_back_takes_exactly_the_banks_last_four_houses():
    state = make_state(2, rules=buildings_rules(houses=4), owners=DARKBLUE, buildings={37: 5, 39: 5})
    assert state.bank_houses == 4
    state = play(state, SellBuilding(player=0, square=37))
    assert (state.buildings[37], state.bank_houses, state.bank_hotels) == (4, 0, 11)
    refused(state, SellBuilding(player=0, square=39), "sell the group down")


def test_a_hotel_is_not_sold_singly_when_the_bank_has_fewer_than_four_houses():
    """Regression "a hotel sold back when the bank has fewer than 4 houses": refused, sell down instead."""
    state = make_state(2, rules=buildings_rules(houses=3), owners=DARKBLUE, buildings={37: 5, 39: 5})
    assert state.bank_houses == 3
    refused(state, SellBuilding(player=0, square=39), "sell the group down")
    refused(state, SellBuilding(player=0, square=37), "sell the group down")
    downs = [a for a in legal_actions(state, 0) if isinstance(a, SellDown)]
    # level 1 needs 2 houses from the bank, level 2 needs 4: only 0 and 1 are open
    assert downs == [
        SellDown(player=0, group="darkblue", level=0),
        SellDown(player=0, group="darkblue", level=1),
    ]
    refused(state, SellDown(player=0, group="darkblue", level=2), "3 houses, 4 needed")
    refused(state, SellDown(player=0, group="darkblue", level=4), "3 houses, 8 needed")


def test_selling_down_to_a_level_the_bank_can_supply():
    """Two hotels down to one house each: 4 levels removed on each street, 100 000 a level."""
    state = make_state(2, rules=buildings_rules(houses=3), owners=DARKBLUE, buildings={37: 5, 39: 5})
    state = play(state, SellDown(player=0, group="darkblue", level=1))
    assert (state.buildings[37], state.buildings[39]) == (1, 1)
    assert (state.bank_houses, state.bank_hotels) == (1, 12)
    assert state.players[0].cash == START + 8 * 100_000
    assert [(e.kind, e.square, e.amount) for e in state.events] == [
        ("sold_building", 37, 400_000),
        ("sold_building", 39, 400_000),
    ]


def test_selling_down_to_nothing_is_always_possible():
    state = make_state(2, rules=buildings_rules(houses=0), owners=DARKBLUE, buildings={37: 5, 39: 5})
    assert state.bank_houses == 0
    assert [a for a in legal_actions(state, 0) if isinstance(a, SellDown | SellBuilding)] == [
        SellDown(player=0, group="darkblue", level=0)
    ]
    state = play(state, SellDown(player=0, group="darkblue", level=0))
    assert (state.buildings[37], state.buildings[39]) == (0, 0)
    assert (state.bank_houses, state.bank_hotels) == (0, 12)
    assert state.players[0].cash == START + 10 * 100_000


def test_selling_down_houses_keeps_the_group_even_and_pays_per_level():
    state = make_state(2, owners=LIGHTBLUE, buildings={6: 3, 8: 3, 9: 2})
    state = play(state, SellDown(player=0, group="lightblue", level=2))
    assert [state.buildings[i] for i in (6, 8, 9)] == [2, 2, 2]
    assert state.players[0].cash == START + 2 * 25_000
    assert state.bank_houses == 32 - 6
    refused(state, SellDown(player=0, group="lightblue", level=2), "no street")
    refused(state, SellDown(player=0, group="brown", level=0), "does not own")


def test_selling_down_a_mixed_group_counts_the_houses_it_returns():
    """5, 4 down to 3: the hotel needs 3 houses, the other street returns 1; a bank of 2 suffices."""
    state = make_state(2, rules=buildings_rules(houses=6), owners=DARKBLUE, buildings={37: 5, 39: 4})
    assert state.bank_houses == 2
    state = play(state, SellDown(player=0, group="darkblue", level=3))
    assert (state.buildings[37], state.buildings[39]) == (3, 3)
    assert (state.bank_houses, state.bank_hotels) == (0, 12)
    assert state.players[0].cash == START + 3 * 100_000


# --- the bank's supply ---------------------------------------------------------------------------------


def test_no_house_when_the_bank_has_none_until_some_come_back():
    """Seat 0 cannot build with the bank empty; seat 1's hotel sends 4 houses back, then seat 0 builds."""
    state = make_state(
        2,
        rules=buildings_rules(houses=12),
        owners={37: 0, 39: 0, 1: 1, 3: 1},
        buildings={37: 2, 39: 2, 1: 4, 3: 4},
    )
    assert state.bank_houses == 0
    refused(state, Build(player=0, square=39), "no houses")
    assert builds(state, 0) == []
    state = play(state, Build(player=1, square=1))
    assert state.bank_houses == 4
    assert builds(state, 0) == [37, 39]
    state = play(state, Build(player=0, square=39))
    assert state.buildings[39] == 3
    assert state.bank_houses == 3
    assert kinds(state) == ["built"]


def test_a_house_sold_back_may_be_bought_again():
    state = make_state(2, rules=buildings_rules(houses=4), owners=DARKBLUE, buildings={37: 2, 39: 2})
    refused(state, Build(player=0, square=37), "no houses")
    state = play(state, SellBuilding(player=0, square=37))
    assert state.bank_houses == 1
    state = play(state, Build(player=0, square=37))
    assert (state.buildings[37], state.bank_houses) == (2, 0)
    assert state.players[0].cash == START - 100_000


def test_no_hotel_when_the_bank_has_none_until_one_comes_back():
    state = make_state(
        2,
        rules=buildings_rules(hotels=1),
        owners={37: 0, 39: 0, 1: 1, 3: 1},
        buildings={37: 4, 39: 4, 1: 5, 3: 4},
    )
    assert state.bank_hotels == 0
    refused(state, Build(player=0, square=39), "no hotels")
    refused(state, Build(player=1, square=3), "no hotels")
    # seat 1 sells down to 3 houses: the hotel comes back and seat 1 can no longer build one
    state = play(state, SellDown(player=1, group="brown", level=3))
    assert (state.buildings[1], state.buildings[3], state.bank_hotels) == (3, 3, 1)
    assert builds(state, 0) == [37, 39]
    state = play(state, Build(player=0, square=39))
    assert kinds(state) == ["built"]
    assert (state.buildings[39], state.bank_hotels) == (5, 0)


def test_houses_and_hotels_on_the_board_plus_the_bank_stay_32_and_12():
    state = make_state(3, owners={**DARKBLUE, **BROWN, 6: 2, 8: 2, 9: 2}, cash={0: 5_000_000})

    def total(s: GameState) -> tuple[int, int]:
        houses = sum(level for level in s.buildings if level < 5)
        hotels = sum(1 for level in s.buildings if level == 5)
        return houses + s.bank_houses, hotels + s.bank_hotels

    steps: list[Action] = [
        *(Build(player=0, square=s) for s in (37, 39) * 4),
        Build(player=0, square=39),
        *(Build(player=1, square=s) for s in (1, 3) * 2),
        *(Build(player=2, square=s) for s in (6, 8, 9) * 3),
        SellBuilding(player=0, square=39),
        SellDown(player=2, group="lightblue", level=1),
        Build(player=0, square=39),
        Build(player=0, square=37),
        SellDown(player=1, group="brown", level=0),
        SellDown(player=0, group="darkblue", level=2),
    ]
    for action in steps:
        state = play(state, action)
        assert total(state) == (32, 12), action
    assert [state.buildings[i] for i in (1, 3, 6, 8, 9, 37, 39)] == [0, 0, 1, 1, 1, 2, 2]
    assert (state.bank_houses, state.bank_hotels) == (25, 12)


# --- scarce buildings: the auction ----------------------------------------------------------------------


def scarce(players: int = 2, *, houses: int = 6, **setup) -> GameState:
    """Seat 0 holds dark blue (1, 1), seat 1 brown (2, 1): both may build; the bank holds houses - 5."""
    owners = {**DARKBLUE, **BROWN, **setup.pop("owners", {})}
    levels = {37: 1, 39: 1, 1: 2, 3: 1, **setup.pop("buildings", {})}
    rules = setup.pop("rules", None) or buildings_rules(houses=houses)
    return make_state(players, rules=rules, owners=owners, buildings=levels, **setup)


def test_the_last_house_is_auctioned_among_the_players_able_to_build():
    state = scarce()
    assert state.bank_houses == 1
    state = play(state, Build(player=0, square=39))
    assert situation(state) == "auction"
    a = state.auction
    assert a is not None
    assert (a.square, a.bidders, a.building, a.opening) == (39, (0, 1), "house", ARBAT_HOUSE)
    assert current_actor(state) == 0
    assert [(e.kind, e.player, e.square, e.amount, e.reason) for e in state.events] == [
        ("building_auction_started", 0, 39, ARBAT_HOUSE, "house")
    ]
    # nothing is built or paid yet
    assert state.buildings[39] == 1
    assert state.bank_houses == 1
    assert state.players[0].cash == START


def test_a_building_auction_opens_at_the_house_price_of_the_street_asked_for():
    state = play(scarce(), Build(player=0, square=39))
    assert Bid(player=0, amount=ARBAT_HOUSE) in legal_actions(state)
    refused(state, Bid(player=0, amount=ARBAT_HOUSE - 1_000), "at least 200000")
    # asked for a brown street, it opens at 50 000
    state = play(scarce(), Build(player=1, square=3))
    assert state.auction is not None
    assert (state.auction.bidders, state.auction.opening) == ((1, 0), BROWN_HOUSE)
    assert current_actor(state) == 1


def test_players_unable_to_build_are_left_out_of_the_building_auction():
    """Seat 2 holds one street, seat 3 a group with a mortgaged street, seat 4 too little cash."""
    state = scarce(
        5,
        owners={6: 2, 11: 3, 13: 3, 14: 3, 16: 4, 18: 4, 19: 4},
        mortgaged=[11],
        cash={4: 99_999},
    )
    assert builds(state, 2) == builds(state, 3) == builds(state, 4) == []
    state = play(state, Build(player=1, square=3))
    assert state.auction is not None
    assert state.auction.bidders == (1, 0)


def test_the_winner_pays_the_bid_and_places_the_house_on_a_legal_street():
    state = play(
        scarce(3),
        Build(player=0, square=39),
        Bid(player=0, amount=200_000),
        Bid(player=1, amount=250_000),
        PassBid(player=0),
    )
    assert state.auction is None
    assert [(e.kind, e.player, e.amount, e.reason) for e in state.events] == [
        ("bid_passed", 0, None, None),
        ("auction_won", 1, 250_000, "house"),
    ]
    assert state.players[1].cash == START - 250_000
    assert state.players[0].cash == START
    assert state.bank_balance == 250_000
    assert situation(state) == "placement"
    assert current_actor(state) == 1
    # brown is 2, 1: the even rule leaves only Нагатинская (3)
    assert legal_actions(state) == [PlaceBuilding(player=1, square=3)]
    refused(state, PlaceBuilding(player=1, square=1), "evenly")
    refused(state, PlaceBuilding(player=1, square=39), "does not belong")
    refused(state, EndTurn(player=0), "seat 1")
    for seat in (0, 2):
        assert legal_actions(state, seat) == []
    state = play(state, PlaceBuilding(player=1, square=3))
    assert (state.buildings[1], state.buildings[3], state.buildings[39]) == (2, 2, 1)
    assert state.bank_houses == 0
    assert state.players[1].cash == START - 250_000  # placing costs nothing more
    assert [(e.kind, e.player, e.square, e.amount, e.reason) for e in state.events] == [
        ("built", 1, 3, 0, "house")
    ]
    assert situation(state) == "calm"
    assert current_actor(state) == 0


def test_the_asker_may_win_the_building_auction():
    state = play(scarce(), Build(player=0, square=39), Bid(player=0, amount=200_000), PassBid(player=1))
    assert state.players[0].cash == START - 200_000
    assert state.placement is not None
    assert legal_actions(state) == [PlaceBuilding(player=0, square=37), PlaceBuilding(player=0, square=39)]
    state = play(state, PlaceBuilding(player=0, square=37))
    assert (state.buildings[37], state.buildings[39]) == (2, 1)


def test_a_house_won_at_auction_cannot_become_a_hotel():
    """The winner's brown streets have 4 houses: the house won goes on light blue, not onto brown."""
    state = make_state(
        2,
        rules=buildings_rules(houses=14),
        owners={**DARKBLUE, **BROWN, 6: 1, 8: 1, 9: 1},
        buildings={37: 1, 39: 1, 1: 4, 3: 4, 6: 1, 8: 1, 9: 1},
    )
    assert state.bank_houses == 1
    state = play(state, Build(player=0, square=39), PassBid(player=0), Bid(player=1, amount=ARBAT_HOUSE))
    assert state.placement is not None
    assert legal_actions(state) == [PlaceBuilding(player=1, square=s) for s in (6, 8, 9)]
    refused(state, PlaceBuilding(player=1, square=1), "house won at auction cannot go on")
    state = play(state, PlaceBuilding(player=1, square=8))
    assert [state.buildings[i] for i in (1, 3, 6, 8, 9)] == [4, 4, 1, 2, 1]
    assert (state.bank_houses, state.bank_hotels) == (0, 12)


def test_nobody_bids_for_the_building_nothing_is_built():
    before = scarce()
    state = play(before, Build(player=0, square=39), PassBid(player=0), PassBid(player=1))
    assert kinds(state) == ["bid_passed", "auction_unsold"]
    assert situation(state) == "calm"
    assert state.placement is None
    assert state.buildings == before.buildings
    assert state.bank_houses == 1
    assert [p.cash for p in state.players] == [START, START]


def test_no_building_while_a_building_auction_runs():
    state = play(scarce(3), Build(player=0, square=39))
    assert state.auction is not None
    refused(state, Build(player=0, square=37), "auction is running")
    refused(state, Build(player=1, square=3), "not open")
    assert legal_actions(state, 2) == []


def test_with_enough_houses_a_build_is_an_ordinary_purchase():
    """The bank holds 2 houses, 2 players could build: no auction."""
    state = scarce(houses=7)
    assert state.bank_houses == 2
    state = play(state, Build(player=0, square=39))
    assert kinds(state) == ["built"]
    assert state.auction is None
    assert (state.buildings[39], state.bank_houses) == (2, 1)
    assert state.players[0].cash == START - ARBAT_HOUSE


def test_a_lone_builder_buys_the_last_house_without_an_auction():
    """One house in the bank and only one player able to build: an ordinary purchase."""
    state = scarce(cash={1: BROWN_HOUSE - 1})  # seat 1 cannot pay for a house
    assert state.bank_houses == 1
    assert builds(state, 1) == []
    state = play(state, Build(player=0, square=39))
    assert kinds(state) == ["built"]
    assert state.bank_houses == 0


def test_without_scarce_auctions_the_first_to_ask_buys():
    state = scarce(rules=buildings_rules(houses=6, scarce_auction=False))
    assert state.bank_houses == 1
    state = play(state, Build(player=1, square=3))
    assert kinds(state) == ["built"]
    assert state.players[1].cash == START - BROWN_HOUSE
    assert state.bank_houses == 0
    refused(state, Build(player=0, square=39), "no houses")


def scarce_hotels(**options: object) -> GameState:
    """Seat 0: dark blue 4, 4; seat 1: brown 4, 4; the bank holds one hotel."""
    return make_state(
        2,
        rules=buildings_rules(hotels=1, **options),
        owners={**DARKBLUE, **BROWN},
        buildings={37: 4, 39: 4, 1: 4, 3: 4},
    )


def test_the_last_hotel_is_auctioned_and_placed():
    state = play(scarce_hotels(), Build(player=0, square=37))
    a = state.auction
    assert a is not None
    assert (a.square, a.bidders, a.building, a.opening) == (37, (0, 1), "hotel", ARBAT_HOUSE)
    state = play(state, PassBid(player=0), Bid(player=1, amount=300_000))
    assert state.players[1].cash == START - 300_000
    assert state.placement is not None
    assert state.placement.building == "hotel"
    assert legal_actions(state) == [PlaceBuilding(player=1, square=1), PlaceBuilding(player=1, square=3)]
    state = play(state, PlaceBuilding(player=1, square=1))
    assert state.buildings[1] == 5
    assert (state.bank_houses, state.bank_hotels) == (32 - 12, 0)


def test_without_scarce_auctions_the_last_hotel_is_simply_bought():
    state = play(scarce_hotels(scarce_auction=False), Build(player=0, square=37))
    assert kinds(state) == ["built"]
    assert state.buildings[37] == 5
    assert (state.bank_houses, state.bank_hotels) == (32 - 12, 0)
    assert state.players[0].cash == START - ARBAT_HOUSE


# --- who may manage, and when --------------------------------------------------------------------------


def test_a_player_not_on_turn_may_build_while_the_turn_player_is_to_roll():
    state = make_state(2, owners=BROWN, turn=0)
    assert state.phase == "roll"
    assert builds(state, 1) == [1, 3]
    state = play(state, Build(player=1, square=1))
    assert state.buildings[1] == 1
    assert (state.turn, state.phase, current_actor(state)) == (0, "roll", 0)


def test_a_player_not_on_turn_may_build_before_the_turn_ends():
    state = make_state(2, owners=BROWN, turn=0, phase="end_turn")
    state = play(state, Build(player=1, square=3))
    assert state.buildings[3] == 1
    assert legal_actions(state) == [EndTurn(player=0)]


def test_the_turn_player_and_others_may_build_during_a_buy_decision():
    """A buy decision is a calm situation: managing is open to everyone, the decision stays pending."""
    state = make_state(2, owners={**DARKBLUE, **BROWN})
    state = play(state, roll(0, 2, 4))  # Варшавское шоссе, unowned
    assert (state.phase, state.pending_square, situation(state)) == ("buy", 6, "calm")
    assert builds(state, 0) == [37, 39]
    assert builds(state, 1) == [1, 3]
    state = play(state, Build(player=1, square=1), Build(player=0, square=39))
    assert (state.phase, state.pending_square) == ("buy", 6)
    state = play(state, Buy(player=0))
    assert state.owner[6] == 0
    assert state.players[0].cash == START - ARBAT_HOUSE - 100_000


def test_a_jailed_player_may_build():
    state = make_state(2, owners=BROWN, in_jail=[1])
    state = play(state, Build(player=1, square=1))
    assert state.buildings[1] == 1
    state = make_state(2, owners={1: 0, 3: 0}, in_jail=[0])
    state = play(state, Build(player=0, square=3))
    assert state.buildings[3] == 1
    assert state.players[0].in_jail


def test_nobody_builds_during_a_property_auction():
    state = make_state(3, owners={**DARKBLUE, 1: 2, 3: 2}, positions={0: 3})
    state = play(state, roll(0, 1, 2))  # Варшавское шоссе (6)
    state = play(state, Decline(player=0))
    assert situation(state) == "auction"
    assert current_actor(state) == 1
    refused(state, Build(player=0, square=39), "not open")
    refused(state, Build(player=2, square=1), "not open")
    assert legal_actions(state, 0) == []
    assert legal_actions(state, 2) == []
    assert all(a.kind in ("bid", "pass") for a in legal_actions(state))


def test_nobody_builds_while_a_trade_offer_awaits_its_answer():
    state = make_state(2, owners={**DARKBLUE, **BROWN})
    offer = ProposeTrade(player=0, partner=1, give=TradeSide(cash=10_000))
    state = play(state, offer)
    assert (situation(state), current_actor(state)) == ("trade", 1)
    refused(state, Build(player=0, square=39), "not open")
    refused(state, Build(player=1, square=1), "answer the trade offer")
    state = play(state, RejectTrade(player=1), Build(player=0, square=39))
    assert state.buildings[39] == 1


def debt_state() -> GameState:
    """Seat 0 (brown 1, 1; 100 000 ₽) lands on seat 1's Арбат hotel: a debt of 2 000 000 ₽."""
    state = make_state(
        3,
        cash={0: 100_000},
        positions={0: 34},
        owners={1: 0, 3: 0, 37: 1, 39: 1, 6: 2, 8: 2, 9: 2},
        buildings={1: 1, 3: 1, 37: 5, 39: 5},
    )
    state = play(state, roll(0, 2, 3))
    assert situation(state) == "debt"
    return state


def test_a_debtor_may_only_raise_money_not_build():
    state = debt_state()
    assert current_actor(state) == 0
    refused(state, Build(player=0, square=1), "not open")
    actions = legal_actions(state, 0)
    assert not any(isinstance(a, Build) for a in actions)
    assert SellBuilding(player=0, square=1) in actions
    assert SellDown(player=0, group="brown", level=0) in actions
    state = play(state, SellBuilding(player=0, square=1))
    assert state.players[0].cash == 100_000 + 25_000
    assert state.buildings[1] == 0


def test_nobody_else_builds_while_a_debt_is_open():
    state = debt_state()
    refused(state, Build(player=1, square=37), "not open")
    refused(state, Build(player=2, square=6), "not open")
    assert legal_actions(state, 1) == []
    assert legal_actions(state, 2) == []


def test_building_is_open_again_once_the_debt_is_paid():
    """Seat 0 sells two houses to pay 200 000 ₽ rent; then the creditor may build again."""
    state = make_state(
        2,
        cash={0: 150_000},
        positions={0: 34},
        owners={1: 0, 3: 0, 37: 1, 39: 1},
        buildings={1: 4, 3: 4, 39: 1},
    )
    state = play(state, roll(0, 2, 3))
    assert situation(state) == "debt"
    assert legal_actions(state, 1) == []
    state = play(state, SellBuilding(player=0, square=1), SellBuilding(player=0, square=3))
    assert legal_actions(state, 1) == []
    state = play(state, PayDebt(player=0))
    assert situation(state) == "calm"
    assert state.players[0].cash == 0
    assert state.players[1].cash == START + 200_000
    assert builds(state, 1) == [37]
