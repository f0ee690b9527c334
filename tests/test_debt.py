"""Debt, bankruptcy and the end of the game (RULES.md "Mortgage, trade, debt").

A player who owes more than their cash is in debt: the game waits on them, cash never goes negative.
In this engine stage there is no mortgage or sale, so the only ways out are to pay (once the cash is
there) or to go bankrupt: to a player (who takes all cash, lots and cards; buildings are sold to the
bank at half price first) or to the bank (lots go back unmortgaged and are auctioned one by one in
board order; cards go to the bottom of their decks). The last player standing wins; with
`end.turn_limit` the richest by net worth wins after that many rounds. Amounts in rubles.
"""

from __future__ import annotations

import pytest
from factory import card_index, kinds, make_state, play, roll

from monopoly_tui.engine import (
    Action,
    Bid,
    Debt,
    DeclareBankruptcy,
    EndTurn,
    GameState,
    IllegalActionError,
    PassBid,
    PayDebt,
    Roll,
    Rules,
    apply,
    current_actor,
    is_legal,
    legal_actions,
    net_worth,
)
from monopoly_tui.engine.state import HeldCard, MortgageChoice

START = 1_500_000


MANAGE = {"build", "sell", "sell_down", "mortgage", "unmortgage", "trade"}
"""Asset management, open to every player between moves; not what these tests are about."""


def turn_actions(state: GameState) -> list[Action]:
    """The legal actions apart from asset management (build, sell, mortgage, lift, trade)."""
    return [a for a in legal_actions(state) if a.kind not in MANAGE]


def cash(state: GameState) -> list[int]:
    return [p.cash for p in state.players]


# --- falling into debt ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("setup", "dice", "debt"),
    [
        pytest.param(  # Арбат, base rent 50 000 to seat 1
            {"cash": {0: 10_000}, "positions": {0: 35}, "owners": {39: 1}},
            (1, 3),
            Debt(debtor=0, creditor=1, amount=50_000, reason="rent"),
            id="rent",
        ),
        pytest.param(  # income tax 200 000
            {"cash": {0: 100_000}},
            (1, 3),
            Debt(debtor=0, creditor=None, amount=200_000, reason="tax"),
            id="tax",
        ),
        pytest.param(  # speeding fine 15 000
            {"cash": {0: 10_000}, "chance": ["chance.speeding_fine"]},
            (3, 4),
            Debt(debtor=0, creditor=None, amount=15_000, reason="card"),
            id="card",
        ),
    ],
)
def test_a_player_who_cannot_pay_is_in_debt_and_can_only_go_bankrupt(setup: dict, dice: tuple, debt: Debt):
    before = make_state(2, **setup)
    state = play(before, roll(0, *dice))
    assert state.debts == (debt,)
    assert cash(state) == cash(before)  # nothing paid in part, cash never negative
    assert kinds(state)[-1] == "debt"
    assert current_actor(state) == 0
    assert legal_actions(state) == [DeclareBankruptcy(player=0)]
    with pytest.raises(IllegalActionError):
        apply(state, PayDebt(player=0))
    for action in (EndTurn(player=0), Roll(player=0), Roll(player=1)):
        assert not is_legal(state, action)


def test_the_debtor_acts_even_when_it_is_not_their_turn():
    """Birthday card: a player with less than 10 000 owes it to the drawer and must act now."""
    state = make_state(3, cash={1: 5_000}, positions={0: 10}, community_chest=["community_chest.birthday"])
    state = play(state, roll(0, 3, 4))
    assert state.turn == 0
    assert state.debts == (Debt(debtor=1, creditor=0, amount=10_000, reason="card"),)
    assert cash(state) == [START + 10_000, 5_000, START - 10_000]  # seat 2 paid at once
    assert current_actor(state) == 1
    assert legal_actions(state) == [DeclareBankruptcy(player=1)]
    assert not is_legal(state, EndTurn(player=0))


def test_pay_debt_pays_in_full_and_the_game_goes_on():
    debt = Debt(debtor=0, creditor=1, amount=100_000, reason="rent")
    state = make_state(2, cash={0: 300_000}, debts=(debt,), phase="end_turn")
    assert legal_actions(state) == [PayDebt(player=0)]
    assert not is_legal(state, DeclareBankruptcy(player=0))  # one who can pay may not go bankrupt
    state = play(state, PayDebt(player=0))
    assert state.debts == ()
    assert cash(state) == [200_000, START + 100_000]
    paid = state.events[-1]
    assert (paid.kind, paid.player, paid.other, paid.amount) == ("debt_paid", 0, 1, 100_000)
    assert turn_actions(state) == [EndTurn(player=0)]


def test_a_debt_to_the_bank_is_paid_to_the_bank():
    debt = Debt(debtor=0, creditor=None, amount=200_000, reason="tax")
    state = make_state(2, cash={0: 250_000}, debts=(debt,), phase="end_turn")
    bank = state.bank_balance
    state = play(state, PayDebt(player=0))
    assert cash(state) == [50_000, START]
    assert state.bank_balance == bank + 200_000


# --- bankruptcy to a player -----------------------------------------------------------------------


def test_bankruptcy_to_a_player_hands_over_cash_lots_and_jail_cards():
    """Buildings are sold to the bank at half price first; a mortgaged lot costs its receiver 10 %."""
    state = make_state(
        3,
        cash={0: 10_000},
        positions={0: 35},
        owners={1: 0, 3: 0, 6: 0, 37: 1, 39: 1},
        buildings={1: 1, 3: 1, 37: 4, 39: 5},
        mortgaged=[6],
        jail_cards={0: [("chance", "chance.get_out_of_jail")]},
    )
    state = play(state, roll(0, 1, 3))  # Арбат with a hotel: 2 000 000
    assert state.debts == (Debt(debtor=0, creditor=1, amount=2_000_000, reason="rent"),)
    bank = state.bank_balance
    state = play(state, DeclareBankruptcy(player=0))
    houses = 2 * 50_000 // 2
    interest = 50_000 // 10  # Варшавское шоссе, mortgage value 50 000
    assert cash(state) == [0, START + 10_000 + houses - interest, START]
    assert state.bank_balance == bank - houses + interest
    assert [state.owner[i] for i in (1, 3, 6)] == [1, 1, 1]
    assert (state.buildings[1], state.buildings[3], state.bank_houses) == (0, 0, 28)
    assert state.buildings[39] == 5
    assert state.mortgaged[6]
    assert state.players[1].jail_cards == (
        HeldCard(deck="chance", index=card_index("chance", "chance.get_out_of_jail")),
    )
    gone = state.players[0]
    assert (gone.bankrupt, gone.cash, gone.jail_cards) == (True, 0, ())
    event = next(e for e in state.events if e.kind == "bankrupt")
    assert (event.player, event.other, event.amount) == (0, 1, 10_000 + houses)
    assert state.debts == ()
    assert (state.turn, state.phase) == (1, "roll")
    # the creditor received a mortgaged lot: lift it now for its value alone, or keep it
    assert state.mortgage_choices == (MortgageChoice(seat=1, square=6),)
    assert current_actor(state) == 1


def test_a_bankrupt_non_turn_player_leaves_and_the_turn_order_skips_them():
    state = make_state(3, cash={1: 5_000}, positions={0: 10}, community_chest=["community_chest.birthday"])
    state = play(state, roll(0, 3, 4), DeclareBankruptcy(player=1))
    assert cash(state) == [START + 10_000 + 5_000, 0, START - 10_000]
    assert state.players[1].bankrupt
    assert state.active_seats == (0, 2)
    assert (state.turn, state.phase) == (0, "end_turn")  # the drawer's turn goes on
    assert current_actor(state) == 0
    state = play(state, EndTurn(player=0))
    assert state.turn == 2
    state = play(state, roll(2, 4, 6), EndTurn(player=2))  # to the jail square, just visiting
    assert state.turn == 0
    assert state.round == 2


# --- bankruptcy to the bank -----------------------------------------------------------------------


def test_bankruptcy_to_the_bank_auctions_the_lots_in_board_order_and_returns_the_cards():
    """Even mortgaging Житная and Электростанция would not cover the tax: the lots go back to the bank."""
    state = make_state(
        3,
        cash={0: 90_000},
        owners={12: 0, 5: 0, 1: 0},
        mortgaged=[5],
        jail_cards={0: [("community_chest", "community_chest.get_out_of_jail")]},
    )
    state = play(state, roll(0, 1, 3))  # income tax 200 000
    assert state.debts == (Debt(debtor=0, creditor=None, amount=200_000, reason="tax"),)
    chest = state.decks.community_chest
    bank = state.bank_balance
    state = play(state, DeclareBankruptcy(player=0))
    assert state.players[0].bankrupt
    assert cash(state) == [0, START, START]
    assert state.bank_balance == bank + 90_000
    assert [state.owner[i] for i in (1, 5, 12)] == [None, None, None]
    assert not state.mortgaged[5]
    assert state.decks.community_chest == (
        *chest,
        card_index("community_chest", "community_chest.get_out_of_jail"),
    )
    # the turn passed to seat 1; the lots go under the hammer among seats 1 and 2, Житная first, each
    # auction beginning with seat 1, the player after the bankrupt one (RULES.md)
    assert state.turn == 1
    assert state.auction is not None
    assert (state.auction.square, state.auction.bidders) == (1, (1, 2))
    assert state.auction_queue == (5, 12)
    state = play(state, PassBid(player=1), Bid(player=2, amount=1_000))
    assert state.owner[1] == 2
    assert state.auction is not None
    assert state.auction.square == 5
    assert state.auction.bidders == (1, 2)
    state = play(state, PassBid(player=1), PassBid(player=2))
    assert (state.owner[5], state.mortgaged[5]) == (None, False)
    assert state.auction is not None
    assert state.auction.square == 12
    state = play(state, Bid(player=1, amount=100_000), PassBid(player=2))
    assert state.owner[12] == 1
    assert state.auction is None
    assert state.auction_queue == ()
    assert cash(state) == [0, START - 100_000, START - 1_000]
    assert current_actor(state) == 1
    assert turn_actions(state) == [Roll(player=1)]


def test_bankruptcy_to_the_bank_without_auctions_leaves_the_lots_with_the_bank():
    rules = Rules.model_validate({"auction": {"enabled": False}})
    state = make_state(3, rules=rules, cash={0: 100_000}, owners={39: 0}, mortgaged=[39])
    state = play(state, roll(0, 1, 3), DeclareBankruptcy(player=0))
    assert (state.owner[39], state.mortgaged[39]) == (None, False)
    assert state.auction is None
    assert turn_actions(state) == [Roll(player=1)]


# --- turn and end of game -------------------------------------------------------------------------


def test_bankruptcy_after_doubles_ends_the_turn_and_the_next_player_starts():
    """Regression: the doubles no longer owe the bankrupt player another roll."""
    state = make_state(3, cash={0: 100_000})
    state = play(state, roll(0, 2, 2))  # income tax after doubles
    assert state.phase == "roll"
    assert state.debts == (Debt(debtor=0, creditor=None, amount=200_000, reason="tax"),)
    state = play(state, DeclareBankruptcy(player=0))
    assert (state.turn, state.phase, state.doubles, state.roll_again) == (1, "roll", 0, False)
    assert current_actor(state) == 1
    assert turn_actions(state) == [Roll(player=1)]
    assert not is_legal(state, Roll(player=0))
    started = state.events[-1]
    assert (started.kind, started.player) == ("turn_started", 1)


def test_the_last_player_standing_wins():
    state = make_state(2, cash={0: 10_000}, positions={0: 35}, owners={39: 1})
    state = play(state, roll(0, 1, 3), DeclareBankruptcy(player=0))
    assert state.phase == "game_over"
    assert state.is_over
    assert state.winner == 1
    assert cash(state) == [0, START + 10_000]
    assert current_actor(state) is None
    assert legal_actions(state) == []
    with pytest.raises(IllegalActionError):
        apply(state, Roll(player=1))
    over = state.events[-1]
    assert (over.kind, over.player) == ("game_over", 1)


@pytest.mark.parametrize(
    ("mortgaged", "winner"),
    [([], 0), ([39], 1)],
    ids=["lot-at-price", "mortgaged-lot-at-half"],
)
def test_with_a_turn_limit_the_richest_by_net_worth_wins(mortgaged: list[int], winner: int):
    """Seat 0: 1 200 000 cash + Арбат (400 000, or 200 000 mortgaged) against seat 1's 1 500 000."""
    rules = Rules.model_validate({"end": {"turn_limit": 1}})
    state = make_state(2, rules=rules, cash={0: 1_200_000}, owners={39: 0}, mortgaged=mortgaged)
    assert net_worth(state, 0) == (1_400_000 if mortgaged else 1_600_000)
    assert net_worth(state, 1) == START
    state = play(state, roll(0, 4, 6), EndTurn(player=0), roll(1, 4, 6))
    assert state.phase == "end_turn"  # round 1 is not over before seat 1 ends the turn
    state = play(state, EndTurn(player=1))
    assert state.phase == "game_over"
    assert state.winner == winner
    assert legal_actions(state) == []


def test_net_worth_counts_buildings_at_cost():
    state = make_state(2, cash={0: 100_000}, owners={1: 0, 3: 0}, buildings={1: 4, 3: 5})
    assert net_worth(state, 0) == 100_000 + 60_000 + 60_000 + 9 * 50_000
