"""The turn: dice, doubles, passing the dice on, GO salary, buying, taxes and the free-parking square.

Each test is one rule of RULES.md ("Turn and movement", "Unowned property", "Taxes and corners"),
played with scripted dice on a small set-up state. Amounts are rubles.
"""

from __future__ import annotations

import pytest
from factory import NAMES, at, board, card_index, kinds, make_state, play, play_events, roll

from monopoly_tui.engine import (
    Action,
    Bid,
    Buy,
    Decline,
    EndTurn,
    Event,
    GameState,
    IllegalActionError,
    PassBid,
    PayJailFine,
    Roll,
    Rules,
    apply,
    current_actor,
    legal_actions,
    new_game,
)
from monopoly_tui.engine.dice import next_random

START = 1_500_000
SALARY = 200_000

# every property on the board: handed to the mover so that landing on one of them does nothing
ALL_PROPERTIES = tuple(board().properties)


def own_everything(seat: int = 0) -> dict[int, int]:
    return dict.fromkeys(ALL_PROPERTIES, seat)


MANAGE_KINDS = {"build", "sell", "sell_down", "mortgage", "unmortgage", "trade"}


def turn_actions(state: GameState) -> list[Action]:
    """The legal actions of the turn itself, leaving out asset management (build, mortgage, trade)."""
    return [a for a in legal_actions(state) if a.kind not in MANAGE_KINDS]


# --- dice and doubles ------------------------------------------------------------------------------


def test_two_dice_move_the_token_by_their_sum() -> None:
    """A throw of 2 and 3 moves the token five squares; a non-double then lets the turn end."""
    state = make_state(2, positions={0: 15})
    state = play(state, roll(0, 2, 3))
    assert state.players[0].position == 20
    assert state.dice == (2, 3)
    assert state.phase == "end_turn"
    assert legal_actions(state) == [EndTurn(player=0)]
    assert kinds(state) == ["dice_rolled", "moved"]
    assert state.events[0].dice == (2, 3)
    assert state.events[1].square == 20
    assert state.players[1].position == 0


def test_an_unscripted_throw_is_the_generators_next_value_and_its_event_says_so() -> None:
    """The dice thrown by the game's generator are its next SplitMix64 value modulo 36 (die 1 the
    sixes, die 2 the rest), the same in the state and in the throw's event, for many generator states."""
    for rng in range(0, 2**64, 2**64 // 997):
        state = make_state(2, positions={0: 15})._replace(rng=rng)
        after = apply(state, Roll(player=0))
        new_rng, value = next_random(rng)
        expected = (value % 36 // 6 + 1, value % 36 % 6 + 1)
        assert after.rng == new_rng
        assert after.dice == expected
        assert after.events[0] == Event(kind="dice_rolled", player=0, dice=expected)
        assert after.events[1] == Event(kind="moved", player=0, square=15 + sum(expected))


def test_doubles_resolve_a_purchase_then_throw_again() -> None:
    """Doubles: the square is resolved completely (buy decision) and then the player throws again."""
    state = make_state(2)
    state = play(state, roll(0, 3, 3))
    assert state.players[0].position == 6  # Варшавское шоссе, 100 000
    assert state.phase == "buy"
    assert legal_actions(state) == [Buy(player=0), Decline(player=0)]
    with pytest.raises(IllegalActionError):
        apply(state, EndTurn(player=0))

    state = play(state, Buy(player=0))
    assert state.owner[6] == 0
    assert state.players[0].cash == START - 100_000
    assert state.phase == "roll"
    assert kinds(state) == ["bought", "roll_again"]
    assert turn_actions(state) == [Roll(player=0)]
    with pytest.raises(IllegalActionError):
        apply(state, EndTurn(player=0))

    state = play(state, roll(0, 1, 2))
    assert state.players[0].position == 9
    assert state.phase == "buy"  # Первая Парковая улица: a new decision on the second throw
    assert state.turn == 0


def test_doubles_resolve_an_auction_then_throw_again() -> None:
    """Doubles onto a declined street: the auction is held at once, then the same player throws again."""
    state = make_state(3)
    state = play(state, roll(0, 4, 4), Decline(player=0))
    assert state.players[0].position == 8  # Улица Огарёва, 100 000
    assert state.auction is not None
    assert state.auction.bidders == (1, 2)  # a street: the decliner does not bid
    assert current_actor(state) == 1
    with pytest.raises(IllegalActionError):
        apply(state, Roll(player=0, dice=(1, 2)))

    state = play(state, Bid(player=1, amount=60_000), PassBid(player=2))
    assert state.auction is None
    assert state.owner[8] == 1
    assert state.players[1].cash == START - 60_000
    assert state.players[0].cash == START
    assert current_actor(state) == 0
    assert state.phase == "roll"
    assert legal_actions(state) == [Roll(player=0)]


def test_a_non_double_ends_the_throws_and_end_turn_passes_the_dice_on() -> None:
    """After a non-double the only action is EndTurn; it passes to the next seat, the round grows on wrap."""
    state = make_state(2, positions={0: 15, 1: 15})
    state = play(state, roll(0, 2, 3))
    assert (state.phase, state.turn, state.round) == ("end_turn", 0, 1)
    with pytest.raises(IllegalActionError):
        apply(state, Roll(player=0, dice=(1, 2)))

    state = play(state, EndTurn(player=0))
    assert (state.phase, state.turn, state.round) == ("roll", 1, 1)
    assert state.events[-1].kind == "turn_started"
    assert (state.events[-1].player, state.events[-1].amount) == (1, 1)

    state = play(state, roll(1, 2, 3), EndTurn(player=1))
    assert (state.phase, state.turn, state.round) == ("roll", 0, 2)
    assert (state.events[-1].player, state.events[-1].amount) == (0, 2)


def test_end_turn_order_wraps_over_three_seats() -> None:
    """Seats play in table order 0, 1, 2, then 0 again in a new round."""
    state = make_state(3, positions={0: 15, 1: 15, 2: 15})
    seen = []
    for seat in (0, 1, 2):
        seen.append((state.turn, state.round))
        state = play(state, roll(seat, 2, 3), EndTurn(player=seat))
    assert seen == [(0, 1), (1, 1), (2, 1)]
    assert (state.turn, state.round) == (0, 2)


FIRST_BY_ROLL = Rules.model_validate({"start": {"first_by_roll": True}})


def test_option_the_highest_throw_begins_and_a_tie_throws_again() -> None:
    """start.first_by_roll: everybody throws (seed 12: 3, 9, 9), the tied throw again (7, 5): Борис
    begins, and the first round is counted from him. The throws come from the game's own generator."""
    state = new_game(board(), NAMES[:3], seed=12, rules=FIRST_BY_ROLL)
    throws = [(e.player, e.dice, e.reason) for e in state.events if e.kind == "dice_rolled"]
    assert throws == [
        (0, (2, 1), "first"),
        (1, (3, 6), "first"),
        (2, (6, 3), "first"),
        (1, (1, 6), "first"),
        (2, (2, 3), "first"),
    ]
    assert state.events[-1] == Event(kind="turn_started", player=1, amount=1)
    assert (state.turn, state.first, state.round, state.phase) == (1, 1, 1, "roll")
    assert current_actor(state) == 1
    assert legal_actions(state) == [Roll(player=1)]
    # by default the first seat as entered begins, and nothing is thrown
    default = new_game(board(), NAMES[:3], seed=12)
    assert (default.turn, default.first) == (0, 0)
    assert kinds(default) == ["turn_started"]


def test_rounds_are_counted_from_the_seat_that_began() -> None:
    """Борис began: Борис, Вера, Аня play round 1, and round 2 begins when the dice come back to him."""
    state = make_state(3, turn=1, first=1, positions={0: 15, 1: 15, 2: 15})
    seen = []
    for seat in (1, 2, 0):
        seen.append((state.turn, state.round))
        state = play(state, roll(seat, 2, 3), EndTurn(player=seat))
    assert seen == [(1, 1), (2, 1), (0, 1)]
    assert (state.turn, state.round) == (1, 2)
    assert (state.events[-1].player, state.events[-1].amount) == (1, 2)


def test_rounds_go_on_when_the_seat_that_began_is_out() -> None:
    """Борис began and went bankrupt: the dice pass from Аня to Вера over his seat, and a round begins."""
    state = at("MPN1 Аня:1500000@15 Борис:0@0x Вера:1500000@15 turn=0 first=1 out=1")
    state = play(state, roll(0, 2, 3), EndTurn(player=0))
    assert (state.turn, state.round) == (2, 2)
    state = play(state, roll(2, 2, 3), EndTurn(player=2))
    assert (state.turn, state.round) == (0, 2)


def test_third_doubles_go_to_jail_without_moving_and_without_salary() -> None:
    """Third doubles in a turn: straight to jail, not moved by that throw (it would pass GO), turn over."""
    state = make_state(2, positions={0: 21}, owners=own_everything(0))
    state = play(state, roll(0, 5, 5))
    assert (state.players[0].position, state.phase, state.doubles) == (31, "roll", 1)
    state = play(state, roll(0, 4, 4))
    assert (state.players[0].position, state.phase, state.doubles) == (39, "roll", 2)
    state = play(state, roll(0, 6, 6))  # 39 + 12 would pass GO onto 11
    p = state.players[0]
    assert p.position == 10
    assert p.in_jail
    assert p.cash == START  # no salary
    assert kinds(state) == ["dice_rolled", "sent_to_jail"]
    assert state.events[1].reason == "three_doubles"
    assert state.phase == "end_turn"
    assert turn_actions(state) == [EndTurn(player=0)]


def test_doubles_count_resets_between_turns() -> None:
    """Two doubles ending a turn (the second onto "go to jail") and one in the next are not three."""
    state = make_state(2, positions={0: 12, 1: 15}, owners={16: 0})
    state = play(state, roll(0, 4, 4), roll(0, 5, 5))  # free parking, then square 30
    assert state.players[0].in_jail
    assert state.doubles == 2
    state = play(state, EndTurn(player=0))
    assert state.doubles == 0
    state = play(state, roll(1, 2, 3), EndTurn(player=1), PayJailFine(player=0))
    state = play(state, roll(0, 3, 3))
    assert state.players[0].position == 16
    assert not state.players[0].in_jail
    assert state.doubles == 1
    assert state.phase == "roll"


def test_two_doubles_then_a_non_double_is_an_ordinary_end() -> None:
    """Doubles, doubles, then a non-double: moved by all three, no jail, the turn may end."""
    state = make_state(2, owners=own_everything(0))
    state = play(state, roll(0, 3, 3), roll(0, 4, 4), roll(0, 2, 3))
    assert state.players[0].position == 19
    assert not state.players[0].in_jail
    assert state.phase == "end_turn"


# --- GO ------------------------------------------------------------------------------------------


def test_passing_go_pays_the_salary() -> None:
    """Moving forward past GO pays 200 000 once."""
    state = make_state(2, positions={0: 38}, owners=own_everything(0))
    state = play(state, roll(0, 2, 3))
    assert state.players[0].position == 3
    assert state.players[0].cash == START + SALARY
    assert kinds(state) == ["dice_rolled", "passed_go", "moved"]
    assert state.events[1].amount == SALARY


def test_landing_exactly_on_go_pays_the_salary() -> None:
    """Coming to rest on GO pays 200 000 (not more, by default)."""
    state = make_state(2, positions={0: 34})
    state = play(state, roll(0, 2, 4))
    assert state.players[0].position == 0
    assert state.players[0].cash == START + SALARY
    assert state.phase == "end_turn"


def test_go_twice_in_one_turn_pass_by_dice_then_card_advance_to_go() -> None:
    """Seed 001: pass GO onto Community Chest, draw "advance to GO": 400 000 in that one turn."""
    state = make_state(2, positions={0: 38}, community_chest=["community_chest.advance_go"])
    state = play(state, roll(0, 1, 3))
    assert state.players[0].position == 0
    assert state.players[0].cash == START + 2 * SALARY
    assert [e.amount for e in state.events if e.kind == "passed_go"] == [SALARY, SALARY]
    assert kinds(state) == ["dice_rolled", "passed_go", "moved", "card_drawn", "passed_go", "moved"]
    assert state.decks.community_chest[-1] == card_index("community_chest", "community_chest.advance_go")
    assert state.phase == "end_turn"


def test_go_to_jail_square_never_pays_go() -> None:
    """From the "go to jail" square the token goes to square 10, forward past GO, without salary."""
    state = make_state(2, positions={0: 25})
    state = play(state, roll(0, 2, 3))
    assert state.players[0].position == 10
    assert state.players[0].in_jail
    assert state.players[0].cash == START
    assert "passed_go" not in kinds(state)


def test_house_rule_double_salary_only_for_landing_exactly_on_go() -> None:
    """go.double_on_landing: landing on GO pays 400 000, passing it still pays 200 000."""
    rules = Rules.model_validate({"go": {"double_on_landing": True}})
    state = make_state(2, rules=rules, positions={0: 34, 1: 38}, owners={**own_everything(0), 3: 1})
    state = play(state, roll(0, 2, 4))
    assert state.players[0].position == 0
    assert state.players[0].cash == START + 2 * SALARY
    state = play(state, EndTurn(player=0), roll(1, 2, 3))
    assert state.players[1].position == 3
    assert state.players[1].cash == START + SALARY


def test_default_rules_pay_single_salary_for_landing_on_go() -> None:
    """Without the house rule landing on GO pays the ordinary salary."""
    state = make_state(2, positions={0: 34})
    state = play(state, roll(0, 3, 3))
    assert state.players[0].cash == START + SALARY


# --- buying --------------------------------------------------------------------------------------


def test_buy_pays_the_printed_price_and_takes_the_lot() -> None:
    """Landing on an unowned street offers it; Buy pays the price to the bank and the lot is the player's."""
    state = make_state(2)
    state = play(state, roll(0, 1, 2))
    assert state.phase == "buy"
    assert state.pending_square == 3
    assert legal_actions(state) == [Buy(player=0), Decline(player=0)]
    bank = state.bank_balance
    state = play(state, Buy(player=0))
    assert state.owner[3] == 0
    assert state.players[0].cash == START - 60_000
    assert state.bank_balance == bank + 60_000
    assert kinds(state) == ["bought"]
    assert (state.events[0].square, state.events[0].amount) == (3, 60_000)
    assert state.phase == "end_turn"
    assert state.pending_square is None


def test_buy_is_not_offered_without_the_cash() -> None:
    """With less cash than the price only Decline is legal; Buy raises and leaves the state as it was."""
    state = make_state(2, cash={0: 50_000})
    state = play(state, roll(0, 1, 2))
    assert state.phase == "buy"
    assert legal_actions(state) == [Decline(player=0)]
    before = state.to_data()
    with pytest.raises(IllegalActionError):
        apply(state, Buy(player=0))
    assert state.to_data() == before
    assert state.owner[3] is None
    assert state.players[0].cash == 50_000


def test_the_wrong_player_may_not_act() -> None:
    """Only the seat that must act may act: another seat's Roll or EndTurn is illegal."""
    state = make_state(3)
    with pytest.raises(IllegalActionError):
        apply(state, Roll(player=1, dice=(2, 3)))
    state = play(state, roll(0, 2, 3), Buy(player=0))
    assert state.phase == "end_turn"
    with pytest.raises(IllegalActionError):
        apply(state, EndTurn(player=1))
    with pytest.raises(IllegalActionError):
        apply(state, EndTurn(player=2))
    assert play(state, EndTurn(player=0)).turn == 1


# --- taxes and free parking ----------------------------------------------------------------------


def test_income_tax_pays_200000_to_the_bank() -> None:
    state = make_state(2)
    bank = state.bank_balance
    state = play(state, roll(0, 1, 3))
    assert state.players[0].position == 4
    assert state.players[0].cash == START - 200_000
    assert state.bank_balance == bank + 200_000
    assert state.pot == 0
    assert kinds(state) == ["dice_rolled", "moved", "tax_paid"]
    assert (state.events[2].amount, state.events[2].square) == (200_000, 4)


def test_luxury_tax_pays_100000_to_the_bank() -> None:
    state = make_state(2, positions={0: 35})
    bank = state.bank_balance
    state = play(state, roll(0, 1, 2))
    assert state.players[0].position == 38
    assert state.players[0].cash == START - 100_000
    assert state.bank_balance == bank + 100_000
    assert state.pot == 0


def test_free_parking_does_nothing_by_default() -> None:
    """Seed 000: on free parking the player just rests; taxes paid before went to the bank, not a pot."""
    state = make_state(3, positions={0: 0, 1: 15})
    state = play(state, roll(0, 1, 3), EndTurn(player=0))  # income tax first
    assert state.pot == 0
    state = play(state, roll(1, 2, 3))
    assert state.players[1].position == 20
    assert state.players[1].cash == START
    assert kinds(state) == ["dice_rolled", "moved"]
    assert state.phase == "end_turn"


def test_house_rule_jackpot_collects_taxes_and_card_fines_but_not_the_jail_fine() -> None:
    """free_parking.jackpot: tax and card fines feed the pot, the jail fine does not; 20 takes the pot."""
    rules = Rules.model_validate({"free_parking": {"jackpot": True}})
    state = make_state(
        3,
        rules=rules,
        positions={0: 0, 2: 15},
        in_jail=[1],
        community_chest=["community_chest.doctor"],
    )
    bank = state.bank_balance
    state = play(state, roll(0, 1, 3), EndTurn(player=0))  # income tax 200 000
    assert state.pot == 200_000
    assert state.bank_balance == bank

    state = play(state, PayJailFine(player=1))
    assert state.pot == 200_000
    assert state.bank_balance == bank + 50_000
    state = play(state, roll(1, 3, 4))  # Community Chest 17: doctor's fee 50 000
    assert state.players[1].position == 17
    assert state.players[1].cash == START - 100_000
    assert state.pot == 250_000
    state = play(state, EndTurn(player=1))

    state = play(state, roll(2, 2, 3))
    assert state.players[2].position == 20
    assert state.players[2].cash == START + 250_000
    assert state.pot == 0
    assert kinds(state)[-1] == "pot_taken"
    assert state.events[-1].amount == 250_000


def test_jackpot_house_rule_rent_goes_to_the_owner_not_the_pot() -> None:
    """With the jackpot on, rent is still paid to the owner."""
    rules = Rules.model_validate({"free_parking": {"jackpot": True}})
    state = make_state(2, rules=rules, owners={3: 1})
    state, events = play_events(state, roll(0, 1, 2))
    assert [e.kind for e in events] == ["dice_rolled", "moved", "rent_paid"]
    assert state.pot == 0
    assert state.players[1].cash == START + 4_000
