"""Debt and bankruptcy with buildings, mortgages and trades (engine II; RULES.md "Mortgage, trade, debt").

Extends test_debt.py. A debtor raises money by selling buildings (half price), mortgaging lots and
trading; spending (building, lifting a mortgage) waits until the debt is paid. DeclareBankruptcy is
legal only when even selling every building and mortgaging every lot would not cover the debts.
Bankrupt to a player: the buildings are sold to the bank at half price first, then all cash, lots and
jail cards go to the creditor, who pays 10 % on each mortgaged lot received and lifts or keeps it.
Bankrupt to the bank: buildings go back to the bank's supply, lots go back unmortgaged and are
auctioned in board order, each starting with the player after the bankrupt one; the cash goes to the
bank. Money is conserved throughout. The game ends with one player left (or after `end.turn_limit`
rounds, by net worth). Amounts in rubles.
"""

from __future__ import annotations

import pytest
from factory import NAMES, at, board, card_index, kinds, make_state, play, roll

from monopoly_tui.engine import (
    Build,
    Debt,
    DeclareBankruptcy,
    EndTurn,
    Event,
    GameState,
    IllegalActionError,
    KeepMortgage,
    Mortgage,
    PayDebt,
    ProposeTrade,
    Roll,
    Rules,
    SellBuilding,
    SellDown,
    TradeSide,
    Unmortgage,
    apply,
    check_invariants,
    current_actor,
    is_legal,
    legal_actions,
    net_worth,
    new_game,
    situation,
    why_illegal,
)
from monopoly_tui.engine.invariants import total_money
from monopoly_tui.engine.state import HeldCard, MortgageChoice

START = 1_500_000


def cash(state: GameState) -> list[int]:
    return [p.cash for p in state.players]


def in_debt(players: int = 2, *, amount: int, creditor: int | None = 1, **setup) -> GameState:
    """Seat 0 (on turn, its move done) owes amount to creditor."""
    debt = Debt(debtor=0, creditor=creditor, amount=amount, reason="rent" if creditor is not None else "tax")
    return make_state(players, debts=(debt,), phase="end_turn", **setup)


# --- bankruptcy only when insolvent ----------------------------------------------------------------

# Seat 0: 100 000 cash, Житная and Нагатинская with 4 houses each (8 x 25 000 = 200 000 when sold) and
# then mortgaged (2 x 30 000): 360 000 can be raised in all.
HOUSES = {"cash": {0: 100_000}, "owners": {1: 0, 3: 0}, "buildings": {1: 4, 3: 4}}


def test_a_debtor_with_houses_to_sell_may_not_declare_bankruptcy():
    """Regression: a player declared bankrupt while it still had houses it could sell."""
    state = in_debt(amount=300_000, **HOUSES)
    actions = legal_actions(state)
    assert DeclareBankruptcy(player=0) not in actions
    assert PayDebt(player=0) not in actions
    assert actions == [
        SellBuilding(player=0, square=1),
        SellBuilding(player=0, square=3),
        *(SellDown(player=0, group="brown", level=k) for k in range(4)),
    ]
    with pytest.raises(IllegalActionError, match="can still raise the money"):
        apply(state, DeclareBankruptcy(player=0))
    state = play(state, SellDown(player=0, group="brown", level=0))
    assert cash(state) == [300_000, START]
    assert (state.buildings[1], state.buildings[3], state.bank_houses) == (0, 0, 32)
    assert legal_actions(state) == [
        PayDebt(player=0),
        Mortgage(player=0, square=1),
        Mortgage(player=0, square=3),
    ]
    state = play(state, PayDebt(player=0))
    assert cash(state) == [0, START + 300_000]
    assert state.debts == ()
    assert not state.players[0].bankrupt


@pytest.mark.parametrize(("amount", "may_go_bankrupt"), [(360_000, False), (360_001, True)])
def test_bankruptcy_is_open_exactly_when_everything_sold_and_mortgaged_falls_short(
    amount: int, may_go_bankrupt: bool
):
    state = in_debt(amount=amount, **HOUSES)
    assert (DeclareBankruptcy(player=0) in legal_actions(state)) is may_go_bankrupt
    assert is_legal(state, DeclareBankruptcy(player=0)) is may_go_bankrupt
    # raising everything covers 360 000 to the ruble
    state = play(
        state,
        SellDown(player=0, group="brown", level=0),
        Mortgage(player=0, square=1),
        Mortgage(player=0, square=3),
    )
    assert cash(state) == [360_000, START]
    assert is_legal(state, PayDebt(player=0)) is not may_go_bankrupt
    assert is_legal(state, DeclareBankruptcy(player=0)) is may_go_bankrupt


def test_all_the_debtors_debts_count_for_bankruptcy():
    """80 000 rent and a 50 000 card fine against 20 000 + Рижская's 100 000: bankruptcy is open, though
    the first debt alone could be covered; with a 40 000 fine it is not."""
    owing = (
        "MPN1 Аня:20000@0 Борис:1500000@0 turn=0 phase=end_turn own=5:0 debts=0>1:80000:rent,0>bank:{}:card"
    )
    state = at(owing.format(50_000))
    assert legal_actions(state) == [DeclareBankruptcy(player=0), Mortgage(player=0, square=5)]
    state = at(owing.format(40_000))
    assert legal_actions(state) == [Mortgage(player=0, square=5)]
    state = play(state, Mortgage(player=0, square=5), PayDebt(player=0))
    assert cash(state) == [40_000, START + 80_000]
    assert state.debts == (Debt(debtor=0, creditor=None, amount=40_000, reason="card"),)
    assert legal_actions(state) == [PayDebt(player=0)]
    state = play(state, PayDebt(player=0))
    assert cash(state) == [0, START + 80_000]


def test_a_debtor_may_raise_money_but_not_build_or_lift_a_mortgage():
    """Seat 0 owes 300 000 with 250 000: it could afford a house (50 000) or lifting Арбат (220 000),
    but only what raises cash is open to it."""
    state = in_debt(amount=300_000, cash={0: 250_000}, owners={1: 0, 3: 0, 39: 0}, mortgaged=[39])
    assert legal_actions(state) == [Mortgage(player=0, square=1), Mortgage(player=0, square=3)]
    for action in (Build(player=0, square=1), Unmortgage(player=0, square=39)):
        with pytest.raises(IllegalActionError, match=r"is not open to Аня now \(debt\)"):
            apply(state, action)
    assert why_illegal(state, ProposeTrade(player=0, partner=1, give=TradeSide(lots=(1,)))) is None
    assert legal_actions(state, 1) == []
    assert not is_legal(state, EndTurn(player=0))
    state = play(state, Mortgage(player=0, square=1))
    assert legal_actions(state) == [Mortgage(player=0, square=3)]
    state = play(state, Mortgage(player=0, square=3), PayDebt(player=0))
    assert cash(state) == [10_000, START + 300_000]
    assert legal_actions(state)[0] == EndTurn(player=0)
    assert Build(player=0, square=1) not in legal_actions(state)  # its group is mortgaged now


# --- bankrupt to a player --------------------------------------------------------------------------


def hotel_rent_bankruptcy() -> tuple[GameState, GameState]:
    """Seat 0 (10 000 cash; Житная and Нагатинская with 2 houses each; Рижская; mortgaged Варшавское
    and Электростанция; a Chance jail card) lands on seat 1's Арбат with a hotel: 2 000 000 rent.
    Returns the state in debt and the state after DeclareBankruptcy."""
    state = make_state(
        3,
        cash={0: 10_000},
        positions={0: 35},
        owners={1: 0, 3: 0, 5: 0, 6: 0, 12: 0, 37: 1, 39: 1},
        buildings={1: 2, 3: 2, 37: 4, 39: 5},
        mortgaged=[6, 12],
        jail_cards={0: [("chance", "chance.get_out_of_jail")]},
    )
    state = play(state, roll(0, 1, 3))
    assert state.debts == (Debt(debtor=0, creditor=1, amount=2_000_000, reason="rent"),)
    return state, play(state, DeclareBankruptcy(player=0))


def test_bankrupt_to_a_player_buildings_go_to_the_bank_at_half_price_then_everything_to_the_creditor():
    debt, state = hotel_rent_bankruptcy()
    assert DeclareBankruptcy(player=0) in legal_actions(debt)  # 10 000 + 100 000 + 160 000 < 2 000 000
    houses = 4 * 50_000 // 2
    interest = 5_000 + 7_500  # 10 % of Варшавское (50 000) and Электростанция (75 000)
    assert kinds(state) == ["sold_building", "sold_building", "bankrupt", "paid", "paid", "turn_started"]
    assert state.events[2] == Event(kind="bankrupt", player=0, other=1, amount=10_000 + houses)
    assert [e.amount for e in state.events if e.kind == "paid"] == [5_000, 7_500]
    assert cash(state) == [0, START + 10_000 + houses - interest, START]
    assert state.bank_balance == debt.bank_balance - houses + interest
    assert total_money(state) == total_money(debt) == 3 * START
    assert [state.owner[i] for i in (1, 3, 5, 6, 12)] == [1] * 5
    assert [state.buildings[i] for i in (1, 3, 37, 39)] == [0, 0, 4, 5]
    assert (state.bank_houses, debt.bank_houses) == (28, 24)
    assert [state.mortgaged[i] for i in (1, 3, 5, 6, 12)] == [False, False, False, True, True]
    assert state.players[1].jail_cards == (
        HeldCard(deck="chance", index=card_index("chance", "chance.get_out_of_jail")),
    )
    gone = state.players[0]
    assert (gone.bankrupt, gone.cash, gone.jail_cards) == (True, 0, ())
    assert state.eliminated == (0,)
    assert state.debts == ()


def test_the_creditor_lifts_or_keeps_each_mortgaged_lot_received_in_board_order():
    _, state = hotel_rent_bankruptcy()
    assert (state.turn, state.phase) == (1, "roll")
    assert state.mortgage_choices == (MortgageChoice(seat=1, square=6), MortgageChoice(seat=1, square=12))
    assert (situation(state), current_actor(state)) == ("mortgage_choice", 1)
    assert legal_actions(state) == [Unmortgage(player=1, square=6), KeepMortgage(player=1, square=6)]
    assert not is_legal(state, Roll(player=1))
    before = cash(state)[1]
    state = play(state, Unmortgage(player=1, square=6))  # the value alone: interest already paid
    assert cash(state)[1] == before - 50_000
    assert legal_actions(state) == [Unmortgage(player=1, square=12), KeepMortgage(player=1, square=12)]
    state = play(state, KeepMortgage(player=1, square=12))
    assert (situation(state), current_actor(state)) == ("calm", 1)
    assert legal_actions(state)[0] == Roll(player=1)
    state = play(state, Unmortgage(player=1, square=12))  # later: value + 10 % again
    assert cash(state)[1] == before - 50_000 - 82_500


def test_a_creditor_who_cannot_pay_the_interest_owes_it_to_the_bank():
    """Seat 1 (10 000 cash) is owed 25 000 station rent by seat 0, who has 5 000 and the whole dark-blue
    group mortgaged: seat 1 receives 5 000 and both lots, owes 17 500 + 20 000 interest, keeps both
    lots, then mortgages its station and pays."""
    state = make_state(
        3,
        cash={0: 5_000, 1: 10_000},
        positions={0: 10},
        owners={15: 1, 37: 0, 39: 0},
        mortgaged=[37, 39],
    )
    state = play(state, roll(0, 2, 3))  # Курская ж. д.
    assert state.debts == (Debt(debtor=0, creditor=1, amount=25_000, reason="rent"),)
    assert legal_actions(state) == [DeclareBankruptcy(player=0)]
    state = play(state, DeclareBankruptcy(player=0))
    assert cash(state) == [0, 15_000, START]
    assert state.debts == (
        Debt(debtor=1, creditor=None, amount=17_500, reason="interest"),
        Debt(debtor=1, creditor=None, amount=20_000, reason="interest"),
    )
    assert state.mortgage_choices == (MortgageChoice(seat=1, square=37), MortgageChoice(seat=1, square=39))
    assert legal_actions(state) == [KeepMortgage(player=1, square=37)]
    state = play(state, KeepMortgage(player=1, square=37), KeepMortgage(player=1, square=39))
    assert (situation(state), current_actor(state)) == ("debt", 1)
    assert legal_actions(state) == [Mortgage(player=1, square=15)]
    state = play(state, Mortgage(player=1, square=15), PayDebt(player=1), PayDebt(player=1))
    assert cash(state) == [0, 15_000 + 100_000 - 37_500, START]
    assert state.debts == ()
    assert (situation(state), current_actor(state), state.phase) == ("calm", 1, "roll")


# --- bankrupt to the bank ----------------------------------------------------------------------------


def test_bankrupt_to_the_bank_buildings_return_to_the_supply_and_the_lots_are_auctioned_unmortgaged():
    """Income tax 200 000 against 20 000 + 50 000 for the houses + 60 000 for mortgaging brown.

    Аня goes bankrupt on her own turn; the turn passes to Борис, and the auctions begin with Борис, the
    player after Аня (not with Вера, the player after the one now on turn)."""
    before = make_state(
        3, cash={0: 20_000}, owners={1: 0, 3: 0, 39: 0}, buildings={1: 1, 3: 1}, mortgaged=[39]
    )
    state = play(before, roll(0, 1, 3))
    assert state.debts == (Debt(debtor=0, creditor=None, amount=200_000, reason="tax"),)
    assert DeclareBankruptcy(player=0) in legal_actions(state)
    bank = state.bank_balance
    state = play(state, DeclareBankruptcy(player=0))
    assert kinds(state) == ["sold_building", "sold_building", "bankrupt", "turn_started", "auction_started"]
    assert cash(state) == [0, START, START]
    assert state.bank_balance == bank + 20_000  # the house money comes straight back with the cash
    assert (state.bank_houses, state.buildings[1], state.buildings[3]) == (32, 0, 0)
    assert [state.owner[i] for i in (1, 3, 39)] == [None, None, None]
    assert not any(state.mortgaged)
    assert state.auction is not None
    # the auctions begin with the player after the bankrupt one (seat 1), not after the one now on turn
    assert (state.auction.square, state.auction.bidders, state.auction_queue) == (1, (1, 2), (3, 39))
    assert total_money(state) == 3 * START


def test_bankrupt_to_the_bank_under_the_jackpot_rule_the_cash_goes_to_the_bank_not_the_pot():
    rules = Rules.model_validate({"free_parking": {"jackpot": True}})
    state = play(make_state(3, rules=rules, cash={0: 90_000}), roll(0, 1, 3))
    bank = state.bank_balance
    state = play(state, DeclareBankruptcy(player=0))
    assert (state.pot, state.bank_balance) == (0, bank + 90_000)


# --- turn and end of game ---------------------------------------------------------------------------


def test_bankruptcy_after_doubles_ends_the_turn_and_the_next_seat_rolls_in_a_new_round():
    """Seat 2 throws doubles onto seat 0's Арбат and goes bankrupt to seat 0: seat 0 starts round 2."""
    state = make_state(3, cash={2: 10_000}, positions={2: 35}, owners={39: 0}, turn=2)
    state = play(state, roll(2, 2, 2))
    assert (state.phase, state.roll_again) == ("roll", True)
    state = play(state, DeclareBankruptcy(player=2))
    assert cash(state) == [START + 10_000, START, 0]
    assert (state.turn, state.round, state.phase, state.doubles, state.roll_again) == (0, 2, "roll", 0, False)
    assert current_actor(state) == 0
    assert legal_actions(state)[0] == Roll(player=0)
    assert not is_legal(state, Roll(player=2))
    assert state.events[-1] == Event(kind="turn_started", player=0, amount=2)


def test_the_last_player_wins_and_the_bankrupt_follow_in_reverse_order_of_leaving():
    """Seat 1 goes bankrupt first, then seat 0: standings 2 (winner), 0, 1."""
    debt = Debt(debtor=1, creditor=0, amount=50_000, reason="card")
    state = make_state(3, cash={0: 10_000, 1: 0}, positions={0: 35}, owners={39: 2}, debts=(debt,))
    state = play(state, DeclareBankruptcy(player=1))
    assert state.eliminated == (1,)
    assert (state.turn, state.phase) == (0, "roll")
    state = play(state, roll(0, 1, 3))
    assert state.debts == (Debt(debtor=0, creditor=2, amount=50_000, reason="rent"),)
    state = play(state, DeclareBankruptcy(player=0))
    assert (state.phase, state.winner, state.standings, state.eliminated) == (
        "game_over",
        2,
        (2, 0, 1),
        (1, 0),
    )
    assert cash(state) == [0, 0, START + 10_000]
    assert state.events[-1] == Event(kind="game_over", player=2)
    assert current_actor(state) is None
    assert legal_actions(state) == [] and legal_actions(state, 2) == []


def test_at_the_turn_limit_the_richest_by_net_worth_wins_and_standings_follow_net_worth():
    """Cash alone would rank 2, 1, 0. Net worth: seat 0 900 000 + Арбат 400 000 + Малая Бронная 350 000
    = 1 650 000; seat 1 1 100 000 + brown 120 000 + 4 houses at cost 200 000 = 1 420 000; seat 2
    1 300 000 + mortgaged Рижская at half (100 000) = 1 400 000. Seat 3 left the game before."""
    rules = Rules.model_validate({"end": {"turn_limit": 1}})
    debt = Debt(debtor=3, creditor=None, amount=100_000, reason="tax")
    state = make_state(
        4,
        rules=rules,
        cash={0: 900_000, 1: 1_100_000, 2: 1_300_000, 3: 0},
        owners={37: 0, 39: 0, 1: 1, 3: 1, 5: 2},
        buildings={1: 2, 3: 2},
        mortgaged=[5],
        debts=(debt,),
    )
    state = play(state, DeclareBankruptcy(player=3))
    assert [net_worth(state, s) for s in range(3)] == [1_650_000, 1_420_000, 1_400_000]
    for seat in range(3):
        state = play(state, roll(seat, 4, 6))  # to the jail square, just visiting
        assert state.phase == "end_turn"
        state = play(state, EndTurn(player=seat))
    assert (state.phase, state.round) == ("game_over", 2)
    assert (state.winner, state.standings) == (0, (0, 1, 2, 3))
    assert state.events[-1] == Event(kind="game_over", player=0)


def test_rules_copied_with_another_round_limit_end_the_game_at_their_limit():
    """Rules made by copying rules already in play with one value changed (as `simulate --turn-limit`
    does) are played by their own values: nothing the engine notes about the rules it has played by is
    carried over into the copy."""
    unlimited = Rules.model_validate({})
    state = play(make_state(2, rules=unlimited), roll(0, 4, 6), EndTurn(player=0))
    assert state.turn == 1  # the engine has played by the unlimited rules
    limited = unlimited.model_copy(update={"end": unlimited.end.model_copy(update={"turn_limit": 1})})
    state = make_state(2, rules=limited)
    for seat in range(2):
        state = play(state, roll(seat, 4, 6), EndTurn(player=seat))
    assert (state.phase, state.round) == ("game_over", 2)


# --- house rules and setup ----------------------------------------------------------------------------


def test_jackpot_a_tax_paid_late_from_a_mortgage_still_feeds_the_pot_and_the_lander_takes_it():
    """free_parking.jackpot: seat 0 cannot pay the income tax, mortgages Арбат (the bank pays 200 000),
    pays the 200 000 debt into the pot; seat 1 lands on free parking and takes it."""
    rules = Rules.model_validate({"free_parking": {"jackpot": True}})
    state = make_state(2, rules=rules, cash={0: 100_000}, positions={1: 15}, owners={39: 0})
    bank = state.bank_balance
    state = play(state, roll(0, 1, 3))
    assert state.debts == (Debt(debtor=0, creditor=None, amount=200_000, reason="tax"),)
    state = play(state, Mortgage(player=0, square=39), PayDebt(player=0))
    assert (state.pot, state.bank_balance, cash(state)) == (200_000, bank - 200_000, [100_000, START])
    state = play(state, EndTurn(player=0), roll(1, 2, 3))
    assert state.players[1].position == 20
    assert state.events[-1] == Event(kind="pot_taken", player=1, amount=200_000)
    assert (state.pot, cash(state)) == (0, [100_000, START + 200_000])


def test_the_starting_cash_option_sets_every_purse_and_the_money_to_conserve():
    rules = Rules.model_validate({"start": {"cash": 300_000}})
    state = new_game(board(), NAMES[:3], seed=4, rules=rules)
    assert cash(state) == [300_000] * 3
    assert (state.bank_balance, total_money(state)) == (0, 900_000)
    check_invariants(state)
    # a short game: seat 0 lands on Арбат with 3 houses (1 400 000) and hands everything to seat 1
    state = make_state(
        2, rules=rules, positions={0: 35}, owners={37: 1, 39: 1, 5: 0}, buildings={37: 3, 39: 3}
    )
    state = play(state, roll(0, 1, 3), DeclareBankruptcy(player=0))
    assert (state.phase, state.winner, state.standings) == ("game_over", 1, (1, 0))
    assert cash(state) == [0, 600_000]
    assert state.owner[5] == 1
    assert total_money(state) == 600_000
