"""Jail (seed 000, RULES.md "Jail"): the ways in, "just visiting", and the three ways out.

Seat 0 is the prisoner unless a test says otherwise. Squares the prisoner moves to are usually the
prisoner's own lots, so that nothing else happens there. Amounts are rubles.
"""

from __future__ import annotations

import pytest
from factory import at, card_index, kinds, make_state, play, roll

from monopoly_tui.engine import (
    Action,
    Buy,
    DeclareBankruptcy,
    EndTurn,
    GameState,
    IllegalActionError,
    PayDebt,
    PayJailFine,
    Roll,
    UseJailCard,
    apply,
    current_actor,
    legal_actions,
)
from monopoly_tui.engine.state import Debt

START = 1_500_000
FINE = 50_000
JAIL = 10
MANAGE_KINDS = {"build", "sell", "sell_down", "mortgage", "unmortgage", "trade"}


def turn_actions(state: GameState) -> list[Action]:
    """The legal actions of the turn itself, leaving out asset management (build, mortgage, trade)."""
    return [a for a in legal_actions(state) if a.kind not in MANAGE_KINDS]


# --- going in ------------------------------------------------------------------------------------


def test_go_to_jail_square_sends_to_jail_and_ends_the_turn() -> None:
    """Landing on square 30: to square 10, in jail, no salary, and the turn is over."""
    state = play(make_state(2, positions={0: 25}), roll(0, 2, 3))
    p = state.players[0]
    assert (p.position, p.in_jail, p.jail_attempts, p.cash) == (JAIL, True, 0, START)
    assert kinds(state) == ["dice_rolled", "moved", "sent_to_jail"]
    assert state.events[-1].reason == "square"
    assert state.phase == "end_turn"
    assert turn_actions(state) == [EndTurn(player=0)]


def test_doubles_onto_go_to_jail_give_no_extra_throw() -> None:
    """Sent to jail by the square after doubles: the turn still ends at once."""
    state = play(make_state(2, positions={0: 24}), roll(0, 3, 3))
    assert state.players[0].in_jail
    assert state.players[0].position == JAIL
    assert state.phase == "end_turn"
    assert "roll_again" not in kinds(state)
    assert turn_actions(state) == [EndTurn(player=0)]


def test_chance_go_to_jail_card_sends_to_jail() -> None:
    """Chance "go to jail": straight to jail (no salary), the card goes to the bottom of Chance."""
    state = make_state(2, chance=["chance.go_to_jail"])
    state = play(state, roll(0, 3, 4))
    p = state.players[0]
    assert (p.position, p.in_jail, p.cash) == (JAIL, True, START)
    assert kinds(state) == ["dice_rolled", "moved", "card_drawn", "sent_to_jail"]
    assert state.events[-1].reason == "card"
    assert state.decks.chance[-1] == card_index("chance", "chance.go_to_jail")
    assert state.phase == "end_turn"


def test_community_chest_go_to_jail_card_after_doubles_ends_the_turn() -> None:
    """Chest "go to jail" drawn after doubles (1+1 onto 2): in jail, no extra throw."""
    state = make_state(2, community_chest=["community_chest.go_to_jail"])
    state = play(state, roll(0, 1, 1))
    p = state.players[0]
    assert (p.position, p.in_jail, p.cash) == (JAIL, True, START)
    assert state.events[-1].kind == "sent_to_jail"
    assert state.events[-1].reason == "card"
    assert state.phase == "end_turn"
    assert turn_actions(state) == [EndTurn(player=0)]


def test_three_doubles_send_to_jail() -> None:
    """Third doubles in one turn: to jail with the reason three_doubles, the turn ends."""
    state = make_state(2, owners={6: 0, 14: 0})
    state = play(state, roll(0, 3, 3), roll(0, 4, 4), roll(0, 2, 2))
    p = state.players[0]
    assert (p.position, p.in_jail, p.jail_attempts) == (JAIL, True, 0)
    assert state.events[-1].reason == "three_doubles"
    assert state.phase == "end_turn"


def test_just_visiting_jail_by_dice_does_nothing() -> None:
    """Landing on 10 by dice: just visiting, not in jail; the next turn is an ordinary throw."""
    state = make_state(2, positions={0: 6, 1: 15})
    state = play(state, roll(0, 1, 3))
    p = state.players[0]
    assert (p.position, p.in_jail, p.cash) == (JAIL, False, START)
    assert kinds(state) == ["dice_rolled", "moved"]
    assert state.phase == "end_turn"
    state = play(state, EndTurn(player=0), roll(1, 2, 3), EndTurn(player=1))
    assert turn_actions(state) == [Roll(player=0)]
    with pytest.raises(IllegalActionError):
        apply(state, PayJailFine(player=0))
    state = play(state, roll(0, 2, 3))
    assert state.players[0].position == 15


# --- out by the fine or a card -------------------------------------------------------------------


def test_in_jail_the_player_may_roll_or_pay_before_rolling() -> None:
    state = make_state(2, in_jail=[0])
    assert turn_actions(state) == [Roll(player=0), PayJailFine(player=0)]


def test_pay_fine_then_an_ordinary_throw_where_doubles_throw_again() -> None:
    """Pay 50 000 before rolling: out of jail, then an ordinary turn — doubles give another throw."""
    state = make_state(2, in_jail=[0], owners={16: 0})
    bank = state.bank_balance
    state = play(state, PayJailFine(player=0))
    p = state.players[0]
    assert (p.in_jail, p.position, p.cash) == (False, JAIL, START - FINE)
    assert state.bank_balance == bank + FINE
    assert kinds(state) == ["jail_fine_paid"]
    assert state.events[0].amount == FINE
    assert state.phase == "roll"
    assert turn_actions(state) == [Roll(player=0)]

    state = play(state, roll(0, 3, 3))
    assert state.players[0].position == 16
    assert state.phase == "roll"
    assert kinds(state)[-1] == "roll_again"
    state = play(state, roll(0, 1, 2))
    assert state.players[0].position == 19
    assert state.phase == "buy"  # Рублёвское шоссе, unowned


def test_use_chance_card_goes_to_the_bottom_of_chance_and_doubles_throw_again() -> None:
    """UseJailCard: out of jail, the card back at the BOTTOM of its own deck, then an ordinary turn."""
    card = card_index("chance", "chance.get_out_of_jail")
    state = at(f"MPN1 Аня:1500000@10j0+chance{card} Борис:1500000@0 turn=0 own=14:0")
    assert card not in state.decks.chance
    assert len(state.decks.chance) == 15
    chest = state.decks.community_chest
    assert turn_actions(state) == [
        Roll(player=0),
        PayJailFine(player=0),
        UseJailCard(player=0, deck="chance"),
    ]
    state = play(state, UseJailCard(player=0, deck="chance"))
    p = state.players[0]
    assert (p.in_jail, p.jail_cards, p.cash) == (False, (), START)
    assert len(state.decks.chance) == 16
    assert state.decks.chance[-1] == card
    assert state.decks.community_chest == chest
    assert kinds(state) == ["jail_card_used"]
    assert state.events[0].card == "chance.get_out_of_jail"
    assert state.phase == "roll"

    state = play(state, roll(0, 2, 2))
    assert state.players[0].position == 14
    assert state.phase == "roll"
    assert turn_actions(state) == [Roll(player=0)]


def test_use_chest_card_goes_to_the_bottom_of_the_chest_deck() -> None:
    """A Community Chest jail card returns under the Community Chest deck, not Chance."""
    card = card_index("community_chest", "community_chest.get_out_of_jail")
    state = make_state(
        2,
        in_jail=[0],
        jail_cards={
            0: [("community_chest", "community_chest.get_out_of_jail"), ("chance", "chance.get_out_of_jail")]
        },
    )
    chance = state.decks.chance
    top = state.decks.community_chest[:15]
    assert turn_actions(state)[-2:] == [
        UseJailCard(player=0, deck="chance"),
        UseJailCard(player=0, deck="community_chest"),
    ]
    state = play(state, UseJailCard(player=0, deck="community_chest"))
    assert state.decks.community_chest == (*top, card)
    assert state.decks.chance == chance
    assert [c.deck for c in state.players[0].jail_cards] == ["chance"]
    assert not state.players[0].in_jail


def test_a_jail_card_held_while_free_is_kept_for_later() -> None:
    """A card drawn earlier stays in the hand; UseJailCard is not legal outside jail."""
    state = make_state(2, jail_cards={0: [("chance", "chance.get_out_of_jail")]})
    assert turn_actions(state) == [Roll(player=0)]
    with pytest.raises(IllegalActionError):
        apply(state, UseJailCard(player=0, deck="chance"))


def test_use_card_without_holding_one_is_illegal() -> None:
    state = make_state(2, in_jail=[0], jail_cards={1: [("chance", "chance.get_out_of_jail")]})
    with pytest.raises(IllegalActionError):
        apply(state, UseJailCard(player=0, deck="chance"))


def test_pay_fine_not_legal_outside_jail() -> None:
    state = make_state(2)
    assert turn_actions(state) == [Roll(player=0)]
    with pytest.raises(IllegalActionError):
        apply(state, PayJailFine(player=0))


def test_pay_fine_not_legal_without_50000() -> None:
    """In jail with 40 000: the fine is not offered and not accepted; rolling is."""
    state = make_state(2, in_jail=[0], cash={0: 40_000})
    assert turn_actions(state) == [Roll(player=0)]
    with pytest.raises(IllegalActionError):
        apply(state, PayJailFine(player=0))


def test_pay_fine_not_legal_after_the_jail_roll() -> None:
    """The fine is paid before rolling; after a failed roll the turn can only end."""
    state = play(make_state(2, in_jail=[0]), roll(0, 1, 2))
    assert turn_actions(state) == [EndTurn(player=0)]
    with pytest.raises(IllegalActionError):
        apply(state, PayJailFine(player=0))


# --- out by doubles, failed rolls, the forced fine ------------------------------------------------


def test_doubles_in_jail_leave_and_move_with_no_extra_throw() -> None:
    """Regression: doubles from jail move the token by that throw, but give NO further throw."""
    state = make_state(2, in_jail=[0], owners={14: 0})
    state = play(state, roll(0, 2, 2))
    p = state.players[0]
    assert (p.in_jail, p.position, p.jail_attempts, p.cash) == (False, 14, 0, START)
    assert kinds(state) == ["dice_rolled", "left_jail", "moved"]
    assert state.phase == "end_turn"
    assert turn_actions(state) == [EndTurn(player=0)]
    with pytest.raises(IllegalActionError):
        apply(state, Roll(player=0, dice=(1, 2)))


def test_doubles_in_jail_onto_an_unowned_lot_still_no_extra_throw_after_buying() -> None:
    """Leaving by doubles onto a lot: the buy decision, then the turn ends (no roll_again)."""
    state = play(make_state(2, in_jail=[0]), roll(0, 3, 3))
    assert state.players[0].position == 16
    assert state.phase == "buy"
    state = play(state, Buy(player=0))
    assert state.phase == "end_turn"
    assert "roll_again" not in kinds(state)


def test_failed_rolls_stay_in_jail_end_the_turn_and_count() -> None:
    """A throw without doubles: stay on 10, the turn ends; attempts 1 then 2 on the next turn."""
    state = make_state(2, in_jail=[0], positions={1: 15})
    state = play(state, roll(0, 1, 2))
    p = state.players[0]
    assert (p.in_jail, p.position, p.jail_attempts, p.cash) == (True, JAIL, 1, START)
    assert kinds(state) == ["dice_rolled", "jail_roll_failed"]
    assert state.events[-1].amount == 1
    assert state.phase == "end_turn"
    assert turn_actions(state) == [EndTurn(player=0)]

    state = play(state, EndTurn(player=0), roll(1, 2, 3), EndTurn(player=1))
    assert state.players[0].jail_attempts == 1
    assert turn_actions(state) == [Roll(player=0), PayJailFine(player=0)]
    state = play(state, roll(0, 5, 6))
    p = state.players[0]
    assert (p.in_jail, p.position, p.jail_attempts) == (True, JAIL, 2)
    assert state.events[-1].amount == 2


def test_third_failed_roll_forces_the_fine_and_moves_by_that_throw() -> None:
    """After the third failed roll: pay 50 000 (to the bank) and move by that third throw."""
    state = at("MPN1 Аня:1500000@10j2 Борис:1500000@0 turn=0 own=16:0")
    bank = state.bank_balance
    state = play(state, roll(0, 2, 4))
    p = state.players[0]
    assert (p.in_jail, p.position, p.jail_attempts, p.cash) == (False, 16, 0, START - FINE)
    assert state.bank_balance == bank + FINE
    assert kinds(state) == ["dice_rolled", "jail_fine_paid", "moved"]
    assert (state.events[1].amount, state.events[1].reason) == (FINE, "forced")
    assert state.phase == "end_turn"
    assert turn_actions(state) == [EndTurn(player=0)]


def test_three_failed_turns_in_a_row_then_out() -> None:
    """The whole stay: fail, fail, fail-and-pay over three of the player's turns."""
    state = make_state(2, in_jail=[0], positions={1: 20}, owners={16: 0, 23: 1, 26: 1, 29: 1})
    for attempt, (d1, d2) in enumerate([(1, 2), (3, 5), (2, 4)], start=1):
        state = play(state, roll(0, d1, d2))
        if attempt < 3:
            assert state.players[0].in_jail
            assert state.players[0].jail_attempts == attempt
        state = play(state, EndTurn(player=0), roll(1, 1, 2), EndTurn(player=1))
    p = state.players[0]
    assert (p.in_jail, p.position, p.cash) == (False, 16, START - FINE)


def test_third_failed_roll_without_the_cash_is_a_debt_to_the_bank() -> None:
    """Cannot pay the forced fine: a debt to the bank, cash untouched, only bankruptcy is open now."""
    state = make_state(3, in_jail=[0], jail_attempts={0: 2}, cash={0: 30_000})
    state = play(state, roll(0, 2, 4))
    assert state.debts == (Debt(debtor=0, creditor=None, amount=FINE, reason="fine"),)
    p = state.players[0]
    assert p.cash == 30_000
    assert p.position == JAIL  # the move waits for the payment
    assert state.pending_move == 6
    assert current_actor(state) == 0
    assert legal_actions(state) == [DeclareBankruptcy(player=0)]
    with pytest.raises(IllegalActionError):
        apply(state, PayDebt(player=0))
    with pytest.raises(IllegalActionError):
        apply(state, EndTurn(player=0))
    assert state.events[-1].kind == "debt"
    assert (state.events[-1].player, state.events[-1].other, state.events[-1].amount) == (0, None, FINE)

    bank = state.bank_balance
    state = play(state, DeclareBankruptcy(player=0))
    assert state.players[0].bankrupt
    assert state.players[0].cash == 0
    assert state.bank_balance == bank + 30_000
    assert state.debts == ()
    assert state.turn == 1
    assert state.phase == "roll"
    assert state.pending_move is None
    assert turn_actions(state) == [Roll(player=1)]


def test_forced_fine_debt_paid_then_the_token_moves_by_the_third_throw() -> None:
    """Once the fine debt is paid the token moves by the stored third throw and the square is resolved.

    Set up as the state after a third failed roll of 2+4 whose fine could not be paid, once the player
    has the cash (in this engine there is no mortgage yet to raise it in play).
    """
    state = make_state(
        2,
        cash={0: 80_000},
        positions={0: JAIL},
        owners={16: 1},
        debts=(Debt(debtor=0, creditor=None, amount=FINE, reason="fine"),),
        pending_move=6,
        phase="end_turn",
        dice=(2, 4),
    )
    assert legal_actions(state) == [PayDebt(player=0)]  # can pay, so may not go bankrupt
    bank = state.bank_balance
    state = play(state, PayDebt(player=0))
    p = state.players[0]
    assert p.position == 16
    assert kinds(state) == ["debt_paid", "moved", "rent_paid"]
    assert state.bank_balance == bank + FINE
    assert p.cash == 80_000 - FINE - 14_000  # then rent on Рязанский проспект
    assert state.players[1].cash == START + 14_000
    assert state.pending_move is None
    assert state.phase == "end_turn"
    assert turn_actions(state) == [EndTurn(player=0)]


# --- a jailed player still plays the money game -------------------------------------------------


def test_jailed_owner_collects_rent_while_staying_in_jail() -> None:
    """Seed 000: the prisoner's lots earn rent; the owner stays in jail."""
    state = make_state(2, turn=1, in_jail=[0], owners={3: 0}, positions={1: 0})
    state = play(state, roll(1, 1, 2))
    assert state.players[0].cash == START + 4_000
    assert state.players[1].cash == START - 4_000
    assert state.players[0].in_jail
