"""Trades (RULES.md "Mortgage, trade, debt"; seed 000 on selling the jail card).

Any two players still in the game may exchange any mix of lots (none with buildings on its colour
group), cash and "get out of jail free" cards, at any time a player may act: the proposer offers, the
partner then must accept or reject before anything else happens. A receiver of a mortgaged lot pays
10 % of its mortgage value at once and chooses, lot by lot, to lift it right away for the mortgage
value alone or to keep it mortgaged (lifting later costs the value plus 10 % again). A debtor may
trade to raise money.

Squares used: 1 Житная / 3 Нагатинская (brown, 60 000), 5 Рижская ж. д. (200 000, value 100 000),
6 / 8 / 9 light blue, 12 Электростанция (value 75 000), 37 Малая Бронная (value 175 000),
39 Арбат (value 200 000). Amounts in rubles.
"""

from __future__ import annotations

import re

import pytest
from factory import card_index, make_state, play, roll

from monopoly_tui.engine import (
    AcceptTrade,
    Action,
    Debt,
    DeclareBankruptcy,
    EndTurn,
    Event,
    GameState,
    IllegalActionError,
    KeepMortgage,
    Mortgage,
    PayDebt,
    PlayerState,
    ProposeTrade,
    RejectTrade,
    Roll,
    Rules,
    TradeSide,
    Unmortgage,
    UseJailCard,
    apply,
    current_actor,
    is_legal,
    legal_actions,
    setup,
    situation,
    why_illegal,
)
from monopoly_tui.engine.builder import facts as setup_facts
from monopoly_tui.engine.invariants import total_money
from monopoly_tui.engine.state import HeldCard, MortgageChoice

START = 1_500_000
CHANCE_CARD = ("chance", "chance.get_out_of_jail")
CHEST_CARD = ("community_chest", "community_chest.get_out_of_jail")


def held(deck: str, card_id: str) -> HeldCard:
    return HeldCard(deck=deck, index=card_index(deck, card_id))  # type: ignore[arg-type]


def offer(player: int, partner: int, give: dict | None = None, take: dict | None = None) -> ProposeTrade:
    return ProposeTrade(
        player=player, partner=partner, give=TradeSide(**(give or {})), take=TradeSide(**(take or {}))
    )


def cash(state: GameState) -> list[int]:
    return [p.cash for p in state.players]


def out_of_the_game(state: GameState, seat: int) -> GameState:
    """The state with seat already bankrupt (no assets; the builder accounts its cash to the bank)."""
    facts = setup_facts(state)
    gone = state.players[seat]
    facts["players"] = tuple(
        PlayerState(name=gone.name, cash=0, position=gone.position, bankrupt=True) if i == seat else p
        for i, p in enumerate(state.players)
    )
    facts["eliminated"] = (*state.eliminated, seat)
    return setup(state.board, **facts)


def refused(state: GameState, action: Action, message: str) -> None:
    """The action is illegal with a reason containing message, and the state is left as it was."""
    before = state.to_data()
    with pytest.raises(IllegalActionError, match=re.escape(message)):
        apply(state, action)
    assert message in (why_illegal(state, action) or "")
    assert state.to_data() == before


# --- proposing and answering ----------------------------------------------------------------------


def rich_table() -> GameState:
    """Seat 0 owns Житная and Рижская and a Chance jail card; seat 1 owns Арбат and Электростанция and
    a Community Chest jail card; seat 2 owns Малая Бронная. Seat 0's turn, about to roll."""
    return make_state(
        3,
        owners={1: 0, 5: 0, 39: 1, 12: 1, 37: 2},
        jail_cards={0: [CHANCE_CARD], 1: [CHEST_CARD]},
    )


FULL_OFFER = offer(
    0,
    1,
    give={"lots": (1, 5), "cash": 100_000, "jail_cards": ("chance",)},
    take={"lots": (39,), "cash": 30_000, "jail_cards": ("community_chest",)},
)


def test_a_proposal_changes_nothing_yet_and_waits_on_the_partner_alone():
    before = rich_table()
    state = play(before, FULL_OFFER)
    assert state.trade == FULL_OFFER
    assert state.events == (Event(kind="trade_proposed", player=0, other=1),)
    assert (state.players, state.owner, state.bank_balance) == (
        before.players,
        before.owner,
        before.bank_balance,
    )
    assert situation(state) == "trade"
    assert current_actor(state) == 1
    assert legal_actions(state) == [AcceptTrade(player=1), RejectTrade(player=1)]
    assert legal_actions(state, 0) == []
    assert legal_actions(state, 2) == []
    # nothing else is legal for anyone meanwhile: not the turn player's roll, not managing, not trading
    for action in (
        Roll(player=0),
        Mortgage(player=0, square=5),
        Mortgage(player=2, square=37),
        AcceptTrade(player=0),
        RejectTrade(player=2),
        offer(2, 0, give={"cash": 1_000}),
        offer(0, 2, give={"cash": 1_000}),
    ):
        assert not is_legal(state, action), action
    refused(state, Mortgage(player=1, square=39), "Борис must answer the trade offer first, not mortgage")
    refused(state, offer(1, 2, give={"cash": 1_000}), "Борис must answer the trade offer first, not trade")


def test_accepting_moves_lots_cash_and_jail_cards_both_ways_exactly():
    before = rich_table()
    state = play(before, FULL_OFFER, AcceptTrade(player=1))
    assert state.trade is None
    assert [state.owner[i] for i in (1, 5, 39, 12, 37)] == [1, 1, 0, 1, 2]
    assert cash(state) == [START - 100_000 + 30_000, START + 100_000 - 30_000, START]
    assert state.bank_balance == before.bank_balance
    assert state.players[0].jail_cards == (held(*CHEST_CARD),)
    assert state.players[1].jail_cards == (held(*CHANCE_CARD),)
    assert state.decks == before.decks
    assert state.events == (Event(kind="trade_accepted", player=1, other=0),)
    # no mortgaged lot changed hands: no interest, no choice; the turn goes on as before
    assert state.mortgage_choices == ()
    assert (situation(state), current_actor(state), state.phase) == ("calm", 0, "roll")
    assert legal_actions(state)[0] == Roll(player=0)


def test_rejecting_changes_nothing_but_clears_the_offer():
    before = rich_table()
    state = play(before, FULL_OFFER, RejectTrade(player=1))
    assert state.events == (Event(kind="trade_rejected", player=1, other=0),)
    assert state._replace(events=()) == before
    assert current_actor(state) == 0
    assert is_legal(state, FULL_OFFER)  # the same offer may be made again


def test_a_one_sided_gift_and_a_cash_for_card_sale_are_trades():
    state = rich_table()
    gift = play(state, offer(0, 2, give={"lots": (1,)}), AcceptTrade(player=2))
    assert gift.owner[1] == 2
    assert cash(gift) == [START, START, START]
    sale = play(state, offer(2, 1, give={"cash": 40_000}, take={"jail_cards": ("community_chest",)}))
    sale = play(sale, AcceptTrade(player=1))
    assert cash(sale) == [START, START + 40_000, START - 40_000]
    assert sale.players[2].jail_cards == (held(*CHEST_CARD),)
    assert sale.players[1].jail_cards == ()


def test_a_jailed_player_buys_a_jail_card_and_uses_it_at_once():
    """Seed 000: the card may be sold to another player at an agreed price; the buyer uses it."""
    state = make_state(2, in_jail=[0], jail_cards={1: [CHANCE_CARD]})
    assert not is_legal(state, UseJailCard(player=0, deck="chance"))
    state = play(state, offer(0, 1, give={"cash": 30_000}, take={"jail_cards": ("chance",)}))
    state = play(state, AcceptTrade(player=1))
    assert UseJailCard(player=0, deck="chance") in legal_actions(state)
    pile = state.decks.chance
    state = play(state, UseJailCard(player=0, deck="chance"))
    assert not state.players[0].in_jail
    assert state.players[0].jail_cards == ()
    assert state.decks.chance == (*pile, card_index(*CHANCE_CARD))
    assert cash(state) == [START - 30_000, START + 30_000]


def test_players_not_on_turn_trade_between_themselves_and_the_turn_goes_on():
    state = make_state(3, owners={39: 1, 5: 2}, positions={0: 4}, turn=0, phase="end_turn")
    state = play(state, offer(1, 2, give={"lots": (39,)}, take={"lots": (5,), "cash": 150_000}))
    assert current_actor(state) == 2
    state = play(state, AcceptTrade(player=2))
    assert (state.owner[39], state.owner[5]) == (2, 1)
    assert cash(state) == [START, START + 150_000, START - 150_000]
    assert (state.turn, state.phase, current_actor(state)) == (0, "end_turn", 0)
    assert legal_actions(state) == [EndTurn(player=0)]


def test_the_turn_player_may_trade_while_deciding_to_buy():
    state = make_state(2, owners={39: 1})
    state = play(state, roll(0, 1, 2))
    assert state.phase == "buy"
    state = play(state, offer(0, 1, give={"cash": 500_000}, take={"lots": (39,)}), AcceptTrade(player=1))
    assert state.owner[39] == 0
    assert (state.phase, state.pending_square, current_actor(state)) == ("buy", 3, 0)


# --- invalid proposals ------------------------------------------------------------------------------


def invalid_table() -> GameState:
    """Seat 0: 100 000 cash, Житная, the whole light blue group with a house on Варшавское, a Chance
    card. Seat 1: 200 000 cash, Арбат and Малая Бронная with a house each, Рижская. Seat 2 is out."""
    state = make_state(
        3,
        cash={0: 100_000, 1: 200_000},
        owners={1: 0, 6: 0, 8: 0, 9: 0, 37: 1, 39: 1, 5: 1},
        buildings={6: 1, 37: 1, 39: 1},
        jail_cards={0: [CHANCE_CARD]},
    )
    return out_of_the_game(state, 2)


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (offer(0, 1, give={"lots": (5,)}), "Аня does not own square 5"),
        (offer(0, 1, give={"lots": (3,)}), "Аня does not own square 3"),
        (offer(0, 1, give={"lots": (0,)}), "Аня does not own square 0"),
        (offer(0, 1, take={"lots": (1,)}), "Борис does not own square 1"),
        (offer(0, 1, take={"lots": (12,)}), "Борис does not own square 12"),
        (offer(0, 1, give={"lots": (1, 1)}), "a lot is named twice"),
        (offer(0, 1, give={"lots": (8,)}), "the group of Улица Огарёва has buildings"),
        (offer(0, 1, give={"lots": (6,)}), "the group of Варшавское шоссе has buildings"),
        (offer(0, 1, take={"lots": (39,)}), "the group of Улица Арбат has buildings"),
        (offer(0, 1, give={"cash": 100_001}), "Аня has 100000, not 100001"),
        (offer(0, 1, take={"cash": 200_001}), "Борис has 200000, not 200001"),
        (offer(0, 1, give={"jail_cards": ("community_chest",)}), "Аня does not hold 1 get-out-of-jail"),
        (offer(0, 1, give={"jail_cards": ("chance", "chance")}), "Аня does not hold 2 get-out-of-jail"),
        (offer(0, 1, take={"jail_cards": ("chance",)}), "Борис does not hold 1 get-out-of-jail"),
        (offer(0, 0, give={"cash": 1_000}), "a player cannot trade with themselves"),
        (offer(0, 2, give={"cash": 1_000}), "seat 2 is not in the game"),
        (offer(0, 5, give={"cash": 1_000}), "seat 5 is not in the game"),
        (offer(2, 0, take={"cash": 1_000}), "Вера is out of the game"),
        (offer(0, 1), "the trade is empty"),
    ],
    ids=[
        "lot-of-the-partner",
        "bank-lot",
        "not-a-property",
        "partner-lot-of-the-proposer",
        "partner-bank-lot",
        "lot-twice",
        "proposer-group-built-elsewhere",
        "proposer-built-lot",
        "partner-group-built",
        "proposer-cash",
        "partner-cash",
        "proposer-card-missing",
        "proposer-second-card",
        "partner-card-missing",
        "oneself",
        "bankrupt-partner",
        "no-such-seat",
        "bankrupt-proposer",
        "empty",
    ],
)
def test_an_invalid_proposal_is_refused_with_its_reason(action: ProposeTrade, message: str):
    refused(invalid_table(), action, message)


def test_the_cash_and_cards_held_exactly_may_be_offered():
    state = invalid_table()
    deal = offer(
        0, 1, give={"lots": (1,), "cash": 100_000, "jail_cards": ("chance",)}, take={"cash": 200_000}
    )
    state = play(state, deal, AcceptTrade(player=1))
    assert cash(state) == [200_000, 100_000, 0]
    assert state.players[1].jail_cards == (held(*CHANCE_CARD),)


# --- mortgaged lots change hands ----------------------------------------------------------------------


def mortgaged_arbat_sale(receiver_cash: int = START) -> GameState:
    """Seat 0 sells mortgaged Арбат to seat 1 for 100 000; seat 1 has accepted."""
    state = make_state(2, cash={1: receiver_cash}, owners={39: 0}, mortgaged=[39])
    return play(state, offer(0, 1, give={"lots": (39,)}, take={"cash": 100_000}), AcceptTrade(player=1))


def test_the_receiver_of_a_mortgaged_lot_pays_ten_percent_of_its_value_at_once_and_chooses():
    before = make_state(2, owners={39: 0}, mortgaged=[39])
    state = mortgaged_arbat_sale()
    assert state.owner[39] == 1
    assert state.mortgaged[39]
    assert cash(state) == [START + 100_000, START - 100_000 - 20_000]
    assert state.bank_balance == before.bank_balance + 20_000
    assert state.events == (
        Event(kind="trade_accepted", player=1, other=0),
        Event(kind="paid", player=1, amount=20_000, reason="interest", square=39),
    )
    assert state.mortgage_choices == (MortgageChoice(seat=1, square=39),)
    assert (situation(state), current_actor(state)) == ("mortgage_choice", 1)
    assert legal_actions(state) == [Unmortgage(player=1, square=39), KeepMortgage(player=1, square=39)]
    assert legal_actions(state, 0) == []
    assert not is_legal(state, Roll(player=0))


def test_lifting_a_just_received_lot_costs_the_mortgage_value_alone():
    state = play(mortgaged_arbat_sale(), Unmortgage(player=1, square=39))
    assert not state.mortgaged[39]
    assert cash(state) == [START + 100_000, START - 100_000 - 20_000 - 200_000]
    assert state.events == (Event(kind="unmortgaged", player=1, square=39, amount=200_000),)
    assert state.mortgage_choices == ()
    assert (situation(state), current_actor(state)) == ("calm", 0)


def test_a_lot_kept_mortgaged_costs_the_value_plus_ten_percent_again_when_lifted_later():
    state = play(mortgaged_arbat_sale(), KeepMortgage(player=1, square=39))
    assert state.events == (Event(kind="mortgage_kept", player=1, square=39),)
    assert state.mortgaged[39]
    assert state.mortgage_choices == ()
    assert current_actor(state) == 0
    assert Unmortgage(player=1, square=39) in legal_actions(state, 1)
    state = play(state, Unmortgage(player=1, square=39))
    assert state.events == (Event(kind="unmortgaged", player=1, square=39, amount=220_000),)
    assert cash(state) == [START + 100_000, START - 100_000 - 20_000 - 220_000]


def test_a_receiver_who_cannot_lift_at_once_may_only_keep():
    state = mortgaged_arbat_sale(receiver_cash=310_000)  # 190 000 left after price and interest
    assert cash(state)[1] == 190_000
    assert legal_actions(state) == [KeepMortgage(player=1, square=39)]
    refused(state, Unmortgage(player=1, square=39), "costs 200000; Борис has 190000")


def test_mortgaged_lots_are_decided_lot_by_lot_in_order_the_partners_then_the_proposers():
    """Seat 0 gives Малая Бронная and Арбат (both mortgaged) for seat 1's mortgaged Электростанция:
    both sides pay the interest at once; seat 1 decides on 37 then 39, then seat 0 on 12."""
    before = make_state(2, owners={37: 0, 39: 0, 12: 1}, mortgaged=[37, 39, 12])
    state = play(before, offer(0, 1, give={"lots": (37, 39)}, take={"lots": (12,)}), AcceptTrade(player=1))
    assert cash(state) == [START - 7_500, START - 17_500 - 20_000]
    assert state.bank_balance == before.bank_balance + 45_000
    assert state.mortgage_choices == (
        MortgageChoice(seat=1, square=37),
        MortgageChoice(seat=1, square=39),
        MortgageChoice(seat=0, square=12),
    )
    assert current_actor(state) == 1
    refused(state, KeepMortgage(player=1, square=39), "Борис must decide on square 37 first")
    refused(state, KeepMortgage(player=0, square=12), "it is Борис (seat 1) who must act now")

    state = play(state, Unmortgage(player=1, square=37))
    assert state.events == (Event(kind="unmortgaged", player=1, square=37, amount=175_000),)
    assert legal_actions(state) == [Unmortgage(player=1, square=39), KeepMortgage(player=1, square=39)]
    state = play(state, KeepMortgage(player=1, square=39))
    assert current_actor(state) == 0
    assert legal_actions(state) == [Unmortgage(player=0, square=12), KeepMortgage(player=0, square=12)]
    state = play(state, Unmortgage(player=0, square=12))
    assert state.events == (Event(kind="unmortgaged", player=0, square=12, amount=75_000),)
    assert cash(state) == [START - 7_500 - 75_000, START - 17_500 - 20_000 - 175_000]
    assert [state.mortgaged[i] for i in (37, 39, 12)] == [False, True, False]
    assert (situation(state), current_actor(state)) == ("calm", 0)


@pytest.mark.parametrize(("percent", "interest"), [(0, 0), (20, 40_000)])
def test_the_interest_on_a_received_lot_follows_the_interest_percent_option(percent: int, interest: int):
    rules = Rules.model_validate({"mortgage": {"interest_percent": percent}})
    state = make_state(2, rules=rules, owners={39: 0}, mortgaged=[39])
    state = play(state, offer(0, 1, give={"lots": (39,)}), AcceptTrade(player=1))
    assert cash(state) == [START, START - interest]
    assert state.mortgage_choices == (MortgageChoice(seat=1, square=39),)
    state = play(state, KeepMortgage(player=1, square=39), Unmortgage(player=1, square=39))
    assert cash(state) == [START, START - interest - 200_000 - interest]


def test_a_receiver_who_cannot_pay_the_interest_is_in_debt_to_the_bank():
    """Seat 1 (10 000 cash) is given mortgaged Арбат: 20 000 interest becomes a debt; it keeps the lot,
    then mortgages Рижскую to pay."""
    state = make_state(2, cash={1: 10_000}, owners={39: 0, 5: 1}, mortgaged=[39])
    state = play(state, offer(0, 1, give={"lots": (39,)}), AcceptTrade(player=1))
    assert state.owner[39] == 1
    assert cash(state) == [START, 10_000]
    assert state.debts == (Debt(debtor=1, creditor=None, amount=20_000, reason="interest"),)
    assert state.events[-1] == Event(kind="debt", player=1, amount=20_000, reason="interest", square=39)
    # first the lift-or-keep choice (lifting is out of reach), then the debt
    assert legal_actions(state) == [KeepMortgage(player=1, square=39)]
    state = play(state, KeepMortgage(player=1, square=39))
    assert (situation(state), current_actor(state)) == ("debt", 1)
    assert legal_actions(state) == [Mortgage(player=1, square=5)]
    state = play(state, Mortgage(player=1, square=5))
    assert legal_actions(state) == [PayDebt(player=1)]
    bank = state.bank_balance
    state = play(state, PayDebt(player=1))
    assert cash(state) == [START, 90_000]
    assert state.bank_balance == bank + 20_000
    assert (situation(state), current_actor(state)) == ("calm", 0)


def test_a_receiver_with_nothing_to_raise_goes_bankrupt_over_the_interest():
    state = make_state(3, cash={1: 10_000}, owners={39: 0}, mortgaged=[39])
    state = play(
        state, offer(0, 1, give={"lots": (39,)}), AcceptTrade(player=1), KeepMortgage(player=1, square=39)
    )
    assert legal_actions(state) == [DeclareBankruptcy(player=1)]
    state = play(state, DeclareBankruptcy(player=1))
    assert state.players[1].bankrupt
    # bankrupt to the bank: Арбат goes back unmortgaged, under the hammer
    assert (state.owner[39], state.mortgaged[39]) == (None, False)
    assert state.auction is not None and state.auction.square == 39


# --- trading out of debt -----------------------------------------------------------------------------


def test_a_debtor_may_sell_a_lot_by_trade_to_pay_the_debt():
    """Seat 0 owes seat 1 50 000 rent with 10 000 in hand; it sells Рижскую to seat 2 for 150 000."""
    state = make_state(3, cash={0: 10_000}, positions={0: 35}, owners={39: 1, 5: 0})
    state = play(state, roll(0, 1, 3))
    assert state.debts == (Debt(debtor=0, creditor=1, amount=50_000, reason="rent"),)
    sale = offer(0, 2, give={"lots": (5,)}, take={"cash": 150_000})
    assert why_illegal(state, sale) is None
    # nobody but the debtor may trade now
    refused(state, offer(2, 0, take={"lots": (5,)}, give={"cash": 150_000}), "trade is not open to Вера now")
    state = play(state, sale)
    assert current_actor(state) == 2
    state = play(state, AcceptTrade(player=2))
    assert (situation(state), current_actor(state)) == ("debt", 0)
    assert legal_actions(state)[0] == PayDebt(player=0)
    state = play(state, PayDebt(player=0))
    assert cash(state) == [110_000, START + 50_000, START - 150_000]
    assert state.owner[5] == 2
    assert (situation(state), state.phase) == ("calm", "end_turn")


def test_money_is_conserved_through_trades_and_receipts():
    before = make_state(3, owners={37: 0, 39: 0, 12: 1, 5: 2}, mortgaged=[37, 12])
    total = total_money(before)
    state = play(
        before,
        offer(0, 1, give={"lots": (37, 39), "cash": 5_000}, take={"lots": (12,), "cash": 300_000}),
        AcceptTrade(player=1),
        KeepMortgage(player=1, square=37),
        Unmortgage(player=0, square=12),
    )
    assert total_money(state) == total
    assert cash(state) == [START - 5_000 + 300_000 - 7_500 - 75_000, START + 5_000 - 300_000 - 17_500, START]


def test_a_debtor_may_not_give_cash_away_by_trade():
    """Trading is how a debtor raises money: handing cash to another player instead is refused."""
    state = make_state(3, cash={0: 150_000}, positions={0: 2}, owners={5: 0})
    state = play(state, roll(0, 1, 1))  # Подоходный налог, 200 000
    assert state.debts == (Debt(debtor=0, creditor=None, amount=200_000, reason="tax"),)
    refused(state, offer(0, 1, give={"cash": 150_000}), "may not give cash away")
    refused(state, offer(0, 1, give={"lots": (5,), "cash": 1_000}, take={"cash": 200_000}), "give cash")
    assert why_illegal(state, offer(0, 1, give={"lots": (5,)}, take={"cash": 200_000})) is None


def test_a_debtor_receiving_a_mortgaged_lot_may_not_lift_it_before_paying():
    """The interest joins the debts; lifting at once waits until every debt of the receiver is paid."""
    state = make_state(3, cash={0: 150_000}, positions={0: 2}, owners={5: 0, 1: 1}, mortgaged=[1])
    state = play(state, roll(0, 1, 1))  # Подоходный налог, 200 000
    assert state.debts == (Debt(debtor=0, creditor=None, amount=200_000, reason="tax"),)
    state = play(state, offer(0, 1, give={"lots": (5,)}, take={"lots": (1,), "cash": 100_000}))
    state = play(state, AcceptTrade(player=1))
    assert situation(state) == "mortgage_choice"
    assert legal_actions(state) == [KeepMortgage(player=0, square=1)]
    refused(state, Unmortgage(player=0, square=1), "settle the debts")
