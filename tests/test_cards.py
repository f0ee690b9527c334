"""Chance and Community Chest: every one of the 32 cards of the Russian edition, obeyed exactly.

RULES.md, "Chance and Community Chest" and /work/shared/reference/cards.md: draw the top card, obey it
at once, put it at the bottom (seed 000); a "get out of jail free" card is kept until used and then
goes to the bottom of its own deck. Amounts in rubles.

Seat 0 reaches a card square by a scripted 3+4 throw from seven squares before it; the deck named
in make_state has the card under test on top.
"""

from __future__ import annotations

import pytest
from factory import at, board, card_index, kinds, make_state, play, roll

from monopoly_tui.engine import Action, GameState, IllegalActionError, Roll, Rules, UseJailCard, legal_actions
from monopoly_tui.engine import apply as apply_action
from monopoly_tui.engine.board import DeckName
from monopoly_tui.engine.state import HeldCard, LastCard

START = 1_500_000


MANAGE = {"build", "sell", "sell_down", "mortgage", "unmortgage", "trade"}
"""Asset management, open to every player between moves; not what these tests are about."""


def turn_actions(state: GameState) -> list[Action]:
    """The legal actions apart from asset management (build, sell, mortgage, lift, trade)."""
    return [a for a in legal_actions(state) if a.kind not in MANAGE]


SALARY = 200_000
CHANCE_SQUARES = (7, 22, 36)


def draw(card: str, square: int = 7, players: int = 2, **setup: object) -> tuple[GameState, GameState]:
    """Seat 0 throws 3+4 onto `square` with `card` on top of its deck: (state before, state after)."""
    deck = "chance" if square in CHANCE_SQUARES else "community_chest"
    before = make_state(players, positions={0: square - 7}, **{deck: [card]}, **setup)  # type: ignore[arg-type]
    return before, play(before, roll(0, 3, 4))


def cash(state: GameState, seat: int = 0) -> int:
    return state.players[seat].cash


def rotated(state: GameState, deck: DeckName) -> tuple[int, ...]:
    """The deck once its top card has gone to the bottom."""
    pile = state.decks.get(deck)
    return (*pile[1:], pile[0])


def drawn(state: GameState) -> list[str | None]:
    """Ids of the cards drawn by the last action, in order."""
    return [e.card for e in state.events if e.kind == "card_drawn"]


ALL_CARDS = [("chance", c.id) for c in board().chance] + [
    ("community_chest", c.id) for c in board().community_chest
]


def test_the_decks_hold_the_32_cards_of_the_reference():
    assert len(board().chance) == 16
    assert len(board().community_chest) == 16
    assert len({card for _, card in ALL_CARDS}) == 32


# --- drawing: top card, obeyed, then to the bottom ------------------------------------------------


@pytest.mark.parametrize(("deck", "card"), ALL_CARDS)
def test_the_top_card_is_drawn_recorded_and_put_at_the_bottom(deck: DeckName, card: str):
    """Every card: the top one is drawn (card_drawn event, state.last_card), then goes to the bottom.

    The "get out of jail free" cards are the exception: they stay in the drawer's hand.
    """
    square = 7 if deck == "chance" else 17
    before, after = draw(card, square)
    index = card_index(deck, card)
    assert before.decks.get(deck)[0] == index
    assert drawn(after)[0] == card
    event = next(e for e in after.events if e.kind == "card_drawn")
    assert (event.player, event.deck, event.card) == (0, deck, card)
    if card.endswith("get_out_of_jail"):
        assert after.decks.get(deck) == before.decks.get(deck)[1:]
        assert after.players[0].jail_cards == (HeldCard(deck=deck, index=index),)
    else:
        assert after.decks.get(deck) == rotated(before, deck)
        assert after.players[0].jail_cards == ()
    if card != "chance.back_three":  # that one goes on to draw from the other deck (tested below)
        assert after.last_card == LastCard(deck=deck, index=index, player=0)
        other = "community_chest" if deck == "chance" else "chance"
        assert after.decks.get(other) == before.decks.get(other)


# --- collect and pay ------------------------------------------------------------------------------

MONEY_CARDS = [
    ("chance.dividend", 50_000),
    ("chance.speeding_fine", -15_000),
    ("chance.building_loan", 150_000),
    ("community_chest.bank_error", 200_000),
    ("community_chest.doctor", -50_000),
    ("community_chest.stock_sale", 50_000),
    ("community_chest.holiday_fund", 100_000),
    ("community_chest.tax_refund", 20_000),
    ("community_chest.life_insurance", 100_000),
    ("community_chest.hospital", -100_000),
    ("community_chest.school", -50_000),
    ("community_chest.consultancy", 25_000),
    ("community_chest.beauty_contest", 10_000),
    ("community_chest.inheritance", 100_000),
]


@pytest.mark.parametrize(("card", "delta"), MONEY_CARDS)
def test_collect_and_pay_cards_move_exactly_their_sum_between_player_and_bank(card: str, delta: int):
    square = 7 if card.startswith("chance") else 17
    before, after = draw(card, square)
    assert cash(after) == START + delta
    assert cash(after, 1) == START
    assert after.bank_balance == before.bank_balance - delta
    assert after.players[0].position == square
    event = after.events[-1]
    assert event.kind == ("collected" if delta > 0 else "paid")
    assert (event.player, event.amount, event.reason) == (0, abs(delta), "card")
    assert after.phase == "end_turn"


def test_card_fines_feed_the_free_parking_pot_under_the_house_rule():
    rules = Rules.model_validate({"free_parking": {"jackpot": True}})
    before, after = draw("community_chest.hospital", 17, rules=rules)
    assert cash(after) == START - 100_000
    assert after.pot == 100_000
    assert after.bank_balance == before.bank_balance


# --- advance to a square --------------------------------------------------------------------------

ADVANCE = [
    # card, from, to, GO salary on the way
    ("chance.advance_go", 7, 0, True),
    ("chance.advance_go", 36, 0, True),
    ("community_chest.advance_go", 17, 0, True),
    ("community_chest.advance_go", 33, 0, True),
    ("chance.advance_mayakovsky", 7, 24, False),
    ("chance.advance_mayakovsky", 22, 24, False),
    ("chance.advance_mayakovsky", 36, 24, True),
    ("chance.advance_polyanka", 7, 11, False),
    ("chance.advance_polyanka", 22, 11, True),
    ("chance.advance_polyanka", 36, 11, True),
    ("chance.advance_riga", 7, 5, True),
    ("chance.advance_riga", 22, 5, True),
    ("chance.advance_riga", 36, 5, True),
    ("chance.advance_arbat", 7, 39, False),
    ("chance.advance_arbat", 22, 39, False),
    ("chance.advance_arbat", 36, 39, False),
]


@pytest.mark.parametrize(("card", "start", "target", "salary"), ADVANCE)
def test_advance_cards_collect_the_go_salary_only_when_go_is_reached_or_passed(
    card: str, start: int, target: int, salary: bool
):
    _, after = draw(card, start)
    assert after.players[0].position == target
    assert cash(after) == START + (SALARY if salary else 0)
    assert kinds(after).count("passed_go") == (1 if salary else 0)
    if target == 0:
        assert after.phase == "end_turn"
    else:  # an unowned street or station: the player decides whether to buy it
        assert after.phase == "buy"
        assert after.pending_square == target


def test_advance_card_onto_an_owned_street_pays_its_rent():
    """Арбат (39) in a whole group without buildings: double base rent, 2 × 50 000."""
    _, after = draw("chance.advance_arbat", 36, owners={37: 1, 39: 1})
    assert cash(after) == START - 100_000
    assert cash(after, 1) == START + 100_000
    assert after.phase == "end_turn"


# --- nearest utility ------------------------------------------------------------------------------

UTILITY_TRIPS = [(7, 12, False), (22, 28, False), (36, 12, True)]


@pytest.mark.parametrize(("start", "target", "salary"), UTILITY_TRIPS)
def test_nearest_utility_unowned_may_be_bought(start: int, target: int, salary: bool):
    _, after = draw("chance.nearest_utility", start)
    assert after.players[0].position == target
    assert cash(after) == START + (SALARY if salary else 0)
    assert after.phase == "buy"
    assert after.pending_square == target
    bought = play(after, *[a for a in legal_actions(after) if a.kind == "buy"])
    assert bought.owner[target] == 0
    assert cash(bought) == START + (SALARY if salary else 0) - 150_000


@pytest.mark.parametrize(("start", "target", "salary"), UTILITY_TRIPS)
def test_nearest_utility_owned_pays_ten_times_a_fresh_throw_even_with_one_utility(
    start: int, target: int, salary: bool
):
    """Regression: the owner holds one utility only, yet the card asks 10 × the fresh throw (not 4 ×)."""
    _, after = draw("chance.nearest_utility", start, owners={target: 1})
    assert after.players[0].position == target
    assert after.phase == "utility_roll"
    assert after.pending_square == target
    assert turn_actions(after) == [Roll(player=0)]
    assert cash(after) == START + (SALARY if salary else 0)  # nothing paid before the fresh throw
    paid = play(after, roll(0, 2, 3))
    assert cash(paid) == START + (SALARY if salary else 0) - 50_000
    assert cash(paid, 1) == START + 50_000
    assert paid.phase == "end_turn"
    assert paid.players[0].position == target  # the fresh throw does not move the token


def test_the_utility_throw_is_not_a_move_its_doubles_earn_no_extra_roll():
    _, after = draw("chance.nearest_utility", 7, owners={12: 1})
    paid = play(after, roll(0, 3, 3))
    assert cash(paid) == START - 60_000
    assert paid.phase == "end_turn"
    assert paid.doubles == 0


def test_doubles_that_brought_the_player_to_the_card_still_give_another_roll():
    before = make_state(2, positions={0: 1}, chance=["chance.nearest_utility"], owners={12: 1})
    after = play(before, roll(0, 3, 3), roll(0, 1, 2))
    assert cash(after) == START - 30_000
    assert after.phase == "roll"
    assert after.turn == 0


def test_nearest_utility_owned_by_the_drawer_costs_nothing():
    _, after = draw("chance.nearest_utility", 7, owners={12: 0})
    assert after.players[0].position == 12
    assert cash(after) == START
    assert after.phase == "end_turn"


def test_nearest_utility_mortgaged_costs_nothing_and_asks_no_throw():
    _, after = draw("chance.nearest_utility", 22, owners={28: 1}, mortgaged=[28])
    assert after.players[0].position == 28
    assert after.phase == "end_turn"
    assert cash(after) == START
    assert cash(after, 1) == START


# --- nearest station ------------------------------------------------------------------------------

STATION_CARDS = ["chance.nearest_station_1", "chance.nearest_station_2"]


@pytest.mark.parametrize("card", STATION_CARDS)
@pytest.mark.parametrize(
    ("start", "target", "owned", "payment", "salary"),
    [
        (7, 15, (15,), 2 * 25_000, False),
        (22, 25, (5, 25), 2 * 50_000, False),
        (36, 5, (5, 15, 25), 2 * 100_000, True),
    ],
)
def test_nearest_station_owned_pays_twice_the_owners_station_rent(
    card: str, start: int, target: int, owned: tuple[int, ...], payment: int, salary: bool
):
    """Regression: "pay the owner twice the rent" — twice what the owner's station count entitles to."""
    _, after = draw(card, start, owners=dict.fromkeys(owned, 1))
    assert after.players[0].position == target
    assert cash(after) == START - payment + (SALARY if salary else 0)
    assert cash(after, 1) == START + payment
    rent = next(e for e in after.events if e.kind == "rent_paid")
    assert (rent.player, rent.other, rent.amount, rent.square) == (0, 1, payment, target)
    assert after.phase == "end_turn"


@pytest.mark.parametrize("card", STATION_CARDS)
def test_nearest_station_unowned_may_be_bought(card: str):
    _, after = draw(card, 22)
    assert after.players[0].position == 25
    assert after.phase == "buy"
    assert after.pending_square == 25
    bought = play(after, *[a for a in legal_actions(after) if a.kind == "buy"])
    assert bought.owner[25] == 0
    assert cash(bought) == START - 200_000


def test_nearest_station_owned_by_the_drawer_or_mortgaged_costs_nothing():
    _, own = draw("chance.nearest_station_1", 7, owners={15: 0})
    _, mortgaged = draw("chance.nearest_station_1", 7, owners={15: 1}, mortgaged=[15])
    for after in (own, mortgaged):
        assert after.players[0].position == 15
        assert cash(after) == START
        assert cash(after, 1) == START
        assert after.phase == "end_turn"


# --- go back three squares ------------------------------------------------------------------------


def test_back_three_from_7_lands_on_income_tax_and_pays_it():
    _, after = draw("chance.back_three", 7)
    assert after.players[0].position == 4
    assert cash(after) == START - 200_000
    assert "tax_paid" in kinds(after)
    assert "passed_go" not in kinds(after)


def test_back_three_from_22_lands_on_rublyovskoye_and_pays_its_rent():
    _, after = draw("chance.back_three", 22, owners={19: 1})
    assert after.players[0].position == 19
    assert cash(after) == START - 16_000
    assert cash(after, 1) == START + 16_000
    assert "passed_go" not in kinds(after)


def test_back_three_from_36_lands_on_community_chest_and_draws_that_card_too():
    """Regression: going back to 33 draws a Community Chest card, obeyed at once; GO is never paid."""
    before = make_state(
        2, positions={0: 29}, chance=["chance.back_three"], community_chest=["community_chest.bank_error"]
    )
    after = play(before, roll(0, 3, 4))
    assert after.players[0].position == 33
    assert drawn(after) == ["chance.back_three", "community_chest.bank_error"]
    assert cash(after) == START + 200_000
    assert "passed_go" not in kinds(after)
    assert after.decks.chance == rotated(before, "chance")
    assert after.decks.community_chest == rotated(before, "community_chest")
    assert after.last_card == LastCard(
        deck="community_chest", index=card_index("community_chest", "community_chest.bank_error"), player=0
    )


# --- go to jail -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("card", "square"), [("chance.go_to_jail", 36), ("community_chest.go_to_jail", 33)])
def test_go_to_jail_card_sends_straight_to_jail_without_go_and_ends_the_turn(card: str, square: int):
    """Even after doubles: the jailed player does not roll again; passing GO pays nothing."""
    deck = "chance" if square in CHANCE_SQUARES else "community_chest"
    before = make_state(2, positions={0: square - 4}, **{deck: [card]})
    after = play(before, roll(0, 2, 2))
    p = after.players[0]
    assert (p.position, p.in_jail, p.jail_attempts) == (10, True, 0)
    assert cash(after) == START
    assert "passed_go" not in kinds(after)
    assert after.events[-1].kind == "sent_to_jail"
    assert after.events[-1].reason == "card"
    assert after.phase == "end_turn"
    assert not after.roll_again


# --- get out of jail free -------------------------------------------------------------------------


@pytest.mark.parametrize(("deck", "square"), [("chance", 7), ("community_chest", 17)])
def test_get_out_of_jail_card_is_kept_in_the_hand_not_in_the_deck(deck: DeckName, square: int):
    card = f"{deck}.get_out_of_jail"
    index = card_index(deck, card)
    _, after = draw(card, square)
    assert after.players[0].jail_cards == (HeldCard(deck=deck, index=index),)
    assert index not in after.decks.get(deck)
    assert len(after.decks.get(deck)) == 15
    assert "card_kept" in kinds(after)
    assert cash(after) == START
    assert after.phase == "end_turn"


@pytest.mark.parametrize("deck", ["chance", "community_chest"])
def test_a_used_jail_card_goes_to_the_bottom_of_its_own_deck(deck: DeckName):
    other: DeckName = "community_chest" if deck == "chance" else "chance"
    before = make_state(
        2,
        in_jail=[0],
        jail_cards={
            0: [("chance", "chance.get_out_of_jail"), ("community_chest", "community_chest.get_out_of_jail")]
        },
    )
    assert len(before.decks.get(deck)) == 15
    after = play(before, UseJailCard(player=0, deck=deck))
    assert after.decks.get(deck) == (*before.decks.get(deck), card_index(deck, f"{deck}.get_out_of_jail"))
    assert after.decks.get(other) == before.decks.get(other)
    assert after.players[0].jail_cards == (
        HeldCard(deck=other, index=card_index(other, f"{other}.get_out_of_jail")),
    )
    assert not after.players[0].in_jail
    assert cash(after) == START
    assert after.phase == "roll"


def test_a_jail_card_cannot_be_used_outside_jail():
    state = make_state(2, jail_cards={0: [("chance", "chance.get_out_of_jail")]})
    with pytest.raises(IllegalActionError):
        apply_action(state, UseJailCard(player=0, deck="chance"))


# --- repairs --------------------------------------------------------------------------------------

# seat 0: 2 + 3 houses on the browns, hotels on both dark blues; seat 1's houses are not seat 0's bill
OWNERS = {1: 0, 3: 0, 37: 0, 39: 0, 6: 1, 8: 1, 9: 1}
LEVELS = {1: 2, 3: 3, 37: 5, 39: 5, 6: 4, 8: 4, 9: 4}


@pytest.mark.parametrize(
    ("card", "square", "bill"),
    [
        ("chance.general_repairs", 7, 5 * 25_000 + 2 * 100_000),
        ("community_chest.street_repairs", 17, 5 * 40_000 + 2 * 115_000),
    ],
)
def test_repairs_charge_per_house_and_per_hotel_of_the_drawer(card: str, square: int, bill: int):
    before, after = draw(card, square, owners=OWNERS, buildings=LEVELS)
    assert cash(after) == START - bill
    assert cash(after, 1) == START
    assert after.bank_balance == before.bank_balance + bill
    assert after.buildings == before.buildings


@pytest.mark.parametrize(
    ("card", "square"), [("chance.general_repairs", 7), ("community_chest.street_repairs", 17)]
)
def test_repairs_without_buildings_cost_nothing(card: str, square: int):
    _, after = draw(card, square, owners={1: 0, 3: 0})
    assert cash(after) == START
    assert "paid" not in kinds(after)


# --- pay each player / collect from each player ---------------------------------------------------


def test_chairman_pays_each_other_active_player_50000_but_not_a_bankrupt_one():
    chairman = card_index("chance", "chance.chairman")
    state = at(f"MPN1 Аня:1500000@0 Борис:1500000@0 Вера:0@0x Глеб:1500000@0 turn=0 out=2 chance={chairman}")
    after = play(state, roll(0, 3, 4))
    assert [p.cash for p in after.players] == [START - 100_000, START + 50_000, 0, START + 50_000]
    paid = [(e.other, e.amount) for e in after.events if e.kind == "paid_player"]
    assert paid == [(1, 50_000), (3, 50_000)]


def test_birthday_collects_10000_from_every_other_player():
    _, after = draw("community_chest.birthday", 17, players=3)
    assert [p.cash for p in after.players] == [START + 20_000, START - 10_000, START - 10_000]
    assert after.bank_balance == 0
    paid = [(e.player, e.other, e.amount) for e in after.events if e.kind == "paid_player"]
    assert paid == [(1, 0, 10_000), (2, 0, 10_000)]


def test_every_card_of_both_decks_has_an_effect_test_above():
    named = {card for card, _ in MONEY_CARDS} | {card for card, *_ in ADVANCE} | set(STATION_CARDS)
    named |= {
        "chance.nearest_utility",
        "chance.back_three",
        "chance.go_to_jail",
        "community_chest.go_to_jail",
        "chance.get_out_of_jail",
        "community_chest.get_out_of_jail",
        "chance.general_repairs",
        "community_chest.street_repairs",
        "chance.chairman",
        "community_chest.birthday",
    }
    assert named == {card for _, card in ALL_CARDS}
