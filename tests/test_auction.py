"""Auctions (RULES.md "Unowned property", seeds 000 and 001).

A declined (or unaffordable) street, station or utility goes under the hammer at once: open ascending
bids in turn order from the player after the current one, each beating the standing bid by the
minimum step (1 000 ₽; the opening bid may be 1 000 ₽), nobody bidding more cash than they hold; a
player who passes is out; the last bidder standing pays the bank and takes the lot; nobody bids: the
lot stays with the bank. Amounts in rubles.
"""

from __future__ import annotations

import pytest
from factory import kinds, make_state, play, roll

from monopoly_tui.engine import (
    Action,
    Bid,
    Buy,
    Decline,
    EndTurn,
    GameState,
    IllegalActionError,
    PassBid,
    Roll,
    Rules,
    apply,
    current_actor,
    is_legal,
    legal_actions,
)

START = 1_500_000


MANAGE = {"build", "sell", "sell_down", "mortgage", "unmortgage", "trade"}
"""Asset management, open to every player between moves; not what these tests are about."""


def turn_actions(state: GameState) -> list[Action]:
    """The legal actions apart from asset management (build, sell, mortgage, lift, trade)."""
    return [a for a in legal_actions(state) if a.kind not in MANAGE]


def declined(
    square: int, *, players: int = 3, turn: int = 0, rules: Rules | None = None, **setup
) -> GameState:
    """The turn player throws 1+2 onto `square` and declines it."""
    positions = {turn: square - 3}
    state = make_state(players, positions=positions, turn=turn, rules=rules, **setup)
    state = play(state, roll(turn, 1, 2))
    assert state.phase == "buy"
    assert state.pending_square == square
    return play(state, Decline(player=turn))


def with_option(kind: str, value: bool) -> Rules:
    return Rules.model_validate({"auction": {"decliner_bids": {kind: value}}})


# --- who bids -------------------------------------------------------------------------------------


def test_a_declined_street_is_auctioned_without_the_decliner():
    """Seed 001: the player who declined a street («участок») does not take part in the bidding."""
    state = declined(3)  # Нагатинская улица
    assert state.auction is not None
    assert state.auction.square == 3
    assert state.auction.bidders == (1, 2)
    assert state.owner[3] is None
    assert kinds(state) == ["declined", "auction_started"]


def test_the_street_decliner_bids_when_the_option_allows_it():
    state = declined(3, rules=with_option("street", True))
    assert state.auction is not None
    assert state.auction.bidders == (1, 2, 0)


def test_a_station_decliner_may_bid_by_default():
    """Seed 000: for a station, the decliner may take part in the auction."""
    state = declined(5)  # Рижская железная дорога
    assert state.auction is not None
    assert state.auction.bidders == (1, 2, 0)
    state = play(state, PassBid(player=1), PassBid(player=2), Bid(player=0, amount=150_000))
    assert state.owner[5] == 0
    assert state.players[0].cash == START - 150_000


def test_a_station_decliner_is_left_out_when_the_option_says_so():
    state = declined(5, rules=with_option("station", False))
    assert state.auction is not None
    assert state.auction.bidders == (1, 2)


def test_a_utility_decliner_may_bid_by_default():
    state = declined(12)  # Электростанция
    assert state.auction is not None
    assert state.auction.bidders == (1, 2, 0)
    off = declined(12, rules=with_option("utility", False))
    assert off.auction is not None
    assert off.auction.bidders == (1, 2)


def test_bidding_starts_with_the_player_after_the_current_one():
    state = declined(3, players=4, turn=2)
    assert state.auction is not None
    assert state.auction.bidders == (3, 0, 1)
    assert current_actor(state) == 3


def test_a_player_without_the_opening_bid_is_left_out():
    state = declined(3, cash={1: 999})
    assert state.auction is not None
    assert state.auction.bidders == (2,)


def test_an_unaffordable_lot_can_only_be_declined_and_is_auctioned():
    state = play(make_state(3, cash={0: 50_000}), roll(0, 1, 2))
    assert turn_actions(state) == [Decline(player=0)]
    with pytest.raises(IllegalActionError):
        apply(state, Buy(player=0))
    state = play(state, Decline(player=0))
    assert state.auction is not None
    assert state.auction.square == 3


# --- the bidder acts ------------------------------------------------------------------------------


def test_the_bidder_is_the_current_actor_not_the_turn_player():
    state = declined(3)
    assert state.turn == 0
    assert current_actor(state) == 1
    actions = legal_actions(state)
    assert {a.player for a in actions} == {1}
    assert {a.kind for a in actions} == {"bid", "pass"}
    assert PassBid(player=1) in actions
    assert Bid(player=1, amount=1_000) in actions
    for action in (EndTurn(player=0), Roll(player=0), Bid(player=2, amount=5_000), PassBid(player=2)):
        assert not is_legal(state, action)
    state = play(state, Bid(player=1, amount=1_000))
    assert current_actor(state) == 2


def test_the_opening_bid_may_be_1000():
    state = declined(3)
    assert not is_legal(state, Bid(player=1, amount=999))
    state = play(state, Bid(player=1, amount=1_000))
    assert state.auction is not None
    assert (state.auction.high_bid, state.auction.high_bidder) == (1_000, 1)


def test_a_bid_must_beat_the_standing_bid_by_the_minimum_step():
    state = play(declined(3), Bid(player=1, amount=10_000))
    assert current_actor(state) == 2
    for too_low in (9_000, 10_000, 10_999):
        assert not is_legal(state, Bid(player=2, amount=too_low))
        with pytest.raises(IllegalActionError):
            apply(state, Bid(player=2, amount=too_low))
    state = play(state, Bid(player=2, amount=11_000))
    assert state.auction is not None
    assert (state.auction.high_bid, state.auction.high_bidder) == (11_000, 2)


def test_the_minimum_step_is_an_option():
    rules = Rules.model_validate({"auction": {"min_step": 10_000}})
    state = play(declined(3, rules=rules), Bid(player=1, amount=10_000))
    assert not is_legal(state, Bid(player=2, amount=19_999))
    assert is_legal(state, Bid(player=2, amount=20_000))


def test_nobody_may_bid_more_than_their_cash():
    state = declined(3, cash={1: 50_000})
    before = state.to_data()
    with pytest.raises(IllegalActionError):
        apply(state, Bid(player=1, amount=50_001))
    assert state.to_data() == before  # the state is untouched
    assert all(a.amount <= 50_000 for a in legal_actions(state) if isinstance(a, Bid))
    state = play(state, Bid(player=1, amount=50_000))  # all one's cash is fine
    assert state.auction is not None
    assert state.auction.high_bid == 50_000


def test_a_pass_drops_the_player_out_of_this_auction():
    state = declined(3, players=4)
    state = play(state, Bid(player=1, amount=5_000), PassBid(player=2))
    assert state.auction is not None
    assert state.auction.bidders == (1, 3)
    assert current_actor(state) == 3
    state = play(state, Bid(player=3, amount=6_000))
    assert current_actor(state) == 1  # seat 2 is not asked again
    state = play(state, Bid(player=1, amount=7_000))
    assert current_actor(state) == 3


# --- the end of the auction -----------------------------------------------------------------------


def test_the_last_bidder_standing_pays_the_bank_and_owns_the_lot():
    state = declined(3, players=4)
    bank = state.bank_balance
    state = play(
        state,
        Bid(player=1, amount=10_000),
        Bid(player=2, amount=20_000),
        PassBid(player=3),
        Bid(player=1, amount=25_000),
        PassBid(player=2),
    )
    assert state.auction is None
    assert state.owner[3] == 1
    assert [p.cash for p in state.players] == [START, START - 25_000, START, START]
    assert state.bank_balance == bank + 25_000
    won = state.events[-1]
    assert (won.kind, won.player, won.square, won.amount) == ("auction_won", 1, 3, 25_000)


def test_nobody_bids_and_the_lot_stays_with_the_bank():
    """Seed 001: if nobody buys at the auction, the property stays free."""
    state = play(declined(3), PassBid(player=1), PassBid(player=2))
    assert state.auction is None
    assert state.owner[3] is None
    assert [p.cash for p in state.players] == [START, START, START]
    assert state.events[-1].kind == "auction_unsold"
    assert state.events[-1].square == 3
    assert current_actor(state) == 0
    assert turn_actions(state) == [EndTurn(player=0)]


def test_the_only_bidder_left_may_still_pass():
    state = play(declined(3), PassBid(player=1))
    assert state.auction is not None
    assert state.auction.bidders == (2,)
    assert current_actor(state) == 2
    state = play(state, Bid(player=2, amount=1_000))
    assert state.owner[3] == 2
    assert state.players[2].cash == START - 1_000


def test_a_player_who_cannot_beat_the_standing_bid_drops_out_by_itself():
    state = declined(3, players=4, cash={2: 20_000})
    state = play(state, Bid(player=1, amount=20_000))
    assert state.auction is not None
    assert state.auction.bidders == (1, 3)  # 20 000 cannot beat 20 000 by 1 000
    dropped = [(e.player, e.reason) for e in state.events if e.kind == "bid_passed"]
    assert dropped == [(2, "cash")]
    assert current_actor(state) == 3


def test_the_auction_ends_when_the_others_cannot_beat_the_bid():
    state = declined(3, cash={2: 20_500})
    state = play(state, Bid(player=1, amount=20_000))
    assert state.auction is None
    assert state.owner[3] == 1
    assert state.players[1].cash == START - 20_000
    assert state.players[2].cash == 20_500


# --- the turn after the auction -------------------------------------------------------------------


def test_after_the_auction_the_turn_player_ends_the_turn():
    state = play(declined(3), Bid(player=1, amount=5_000), PassBid(player=2))
    assert state.phase == "end_turn"
    assert state.turn == 0
    assert current_actor(state) == 0
    assert turn_actions(state) == [EndTurn(player=0)]
    state = play(state, EndTurn(player=0))
    assert (state.turn, state.phase) == (1, "roll")


def test_after_doubles_the_auction_is_resolved_then_the_player_rolls_again():
    """RULES: doubles — resolve the square completely (auction included), then roll again."""
    state = play(make_state(3, positions={0: 1}), roll(0, 1, 1), Decline(player=0))
    assert state.auction is not None
    assert current_actor(state) == 1
    state = play(state, Bid(player=1, amount=5_000), PassBid(player=2))
    assert state.owner[3] == 1
    assert state.phase == "roll"
    assert current_actor(state) == 0
    assert turn_actions(state) == [Roll(player=0)]


def test_with_auctions_off_a_declined_lot_simply_stays_with_the_bank():
    rules = Rules.model_validate({"auction": {"enabled": False}})
    state = declined(3, rules=rules)
    assert state.auction is None
    assert state.owner[3] is None
    assert kinds(state) == ["declined"]
    assert state.phase == "end_turn"
    assert turn_actions(state) == [EndTurn(player=0)]
