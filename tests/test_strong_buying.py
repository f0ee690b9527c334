"""«Сильный» buying what it lands on and bidding for lots by what they earn (scripted positions and dice).
With no trade to bring a group, the lots held when the board is sold out decide the game: every lot it
lands on is bought, its price raised from loose lots when the cash is short. Amounts in rubles."""

from __future__ import annotations

from factory import board, make_state, play, roll
from test_strong_blocking import strong_until_it_decides

from monopoly_tui.bots import make_bot
from monopoly_tui.bots.strong_terms import RENT_HORIZON
from monopoly_tui.bots.visits import visit_rates
from monopoly_tui.engine import Bid, Buy, Decline, Mortgage, PassBid, current_actor

VARSHAVSKOE = 6  # Варшавское шоссе, 100 000 (light blue; rent 6 000)
OGARYOVA = 8  # Улица Огарёва, light blue
STATION = 5  # Рижская железная дорога, 200 000 (mortgage 100 000)
ZHITNAYA = 1  # Житная улица, 60 000 (mortgage 30 000)


def test_a_loose_lot_is_mortgaged_to_buy_a_street_that_completes_nothing() -> None:
    """Seat 0 has 80 000 and a station (nothing whole) and lands on Варшавское шоссе (100 000), a light
    blue street seat 1 holds one of: it neither completes nor blocks a group, yet the bot mortgages the
    station (100 000) and buys, rather than decline it to an auction it may not bid in."""
    start = make_state(3, cash={0: 80_000}, owners={STATION: 0, OGARYOVA: 1})
    state = play(start, roll(0, 1, 5))
    assert state.phase == "buy" and state.pending_square == VARSHAVSKOE
    after, taken = strong_until_it_decides(state)
    assert taken == [Mortgage(player=0, square=STATION), Buy(player=0)]
    assert after.owner[VARSHAVSKOE] == 0 and after.mortgaged[STATION]


def test_a_street_that_completes_nothing_is_declined_when_loose_lots_cannot_pay_for_it() -> None:
    """40 000 and only Житная (30 000 mortgaged) loose: 70 000 will not buy Варшавское шоссе, so nothing
    is mortgaged (the interest would buy nothing) and the street is declined."""
    start = make_state(3, cash={0: 40_000}, owners={ZHITNAYA: 0, OGARYOVA: 1})
    after, taken = strong_until_it_decides(play(start, roll(0, 1, 5)))
    assert taken == [Decline(player=0)]
    assert not after.mortgaged[ZHITNAYA]


def test_every_lot_is_bought_with_the_cash_in_hand() -> None:
    """120 000 for a 100 000 street with a rent of 200 000 on the board (its reserve 100 000): it buys
    (the old «Сильный» kept half its reserve and declined)."""
    start = make_state(3, cash={0: 120_000}, owners={OGARYOVA: 1, 37: 2, 39: 2}, buildings={37: 1, 39: 1})
    after, taken = strong_until_it_decides(play(start, roll(0, 1, 5)))
    assert taken == [Buy(player=0)]
    assert after.owner[VARSHAVSKOE] == 0


def test_near_the_round_limit_a_lot_is_worth_less_rent_at_auction() -> None:
    """With the game decided by net worth after round 5, Варшавское шоссе earns rent for only the rounds
    left: in round 1 the strong bot goes no further than its price and four rounds of its rent from two
    opponents (1 097), where with the limit far off it goes to RENT_HORIZON rounds (16 455, see
    test_bots)."""
    rules = board().rules
    rules = rules.model_copy(update={"end": rules.end.model_copy(update={"turn_limit": 5})})
    start = make_state(3, rules=rules, owners={OGARYOVA: 0})
    state = play(play(start, roll(0, 1, 5)), Decline(player=0))
    state = play(state, Bid(player=1, amount=100_000))
    assert current_actor(state) == 2 and state.round == 1
    rounds = 5 - state.round
    assert rounds < RENT_HORIZON
    last = 100_000 + int(6_000 * visit_rates(board())[VARSHAVSKOE] * 2 * rounds / 40)
    assert last == 101_097
    bot = make_bot("strong", 1, 2, trades=False)
    assert bot.choose(state, 2) == Bid(player=2, amount=last)
    dearer = play(play(state, Bid(player=2, amount=101_000)), Bid(player=1, amount=102_000))
    assert bot.choose(dearer, 2) == PassBid(player=2)


def test_a_lots_value_kept_between_bids_is_worked_out_again_when_what_it_reads_changes() -> None:
    """The value of the lot at auction is kept between bids; a round gone by (fewer rounds of rent
    before the limit), a street of its group changing hands (it now blocks seat 0's group), an opponent
    out of the game (fewer to pay rent) or the bidder in jail (collecting nothing, a rules option) each
    give the answer of a bot that never kept one — a different limit from the first."""
    rules = board().rules
    rules = rules.model_copy(
        update={
            "end": rules.end.model_copy(update={"turn_limit": 5}),
            "rent": rules.rent.model_copy(update={"collect_in_jail": False}),
        }
    )
    start = make_state(3, rules=rules, owners={OGARYOVA: 0})
    state = play(play(start, roll(0, 1, 5)), Decline(player=0))
    state = play(state, Bid(player=1, amount=100_000))
    assert current_actor(state) == 2 and state.auction is not None
    bot = make_bot("strong", 1, 2, trades=False)
    first = bot.auction_limit(state, 2, state.auction)
    assert first == 101_097
    owner = list(state.owner)
    owner[9] = 0  # Первая Парковая: seat 0 lacks only Варшавское шоссе now
    players = list(state.players)
    out = players.copy()
    out[1] = out[1]._replace(bankrupt=True)
    jailed = players.copy()
    jailed[2] = jailed[2]._replace(in_jail=True)
    for changed in (
        state._replace(round=state.round + 1),
        state._replace(owner=tuple(owner)),
        state._replace(players=tuple(out)),
        state._replace(players=tuple(jailed)),
    ):
        assert bot.auction_limit(state, 2, state.auction) == first  # kept
        fresh = make_bot("strong", 1, 2, trades=False).auction_limit(changed, 2, state.auction)
        assert fresh != first
        assert bot.auction_limit(changed, 2, state.auction) == fresh


def test_a_street_that_completes_or_blocks_a_group_is_bid_for_with_the_reserve_too() -> None:
    """Seat 0 declines Варшавское шоссе (100 000) and seat 1 bids 100 000 for it. Seat 2 (120 000 in
    cash, a reserve of 50 000) bids for a plain street up to its cash less half the reserve, 95 000, and
    passes; for a street that completes its own light blue group, or keeps seat 0 from completing one,
    it goes on to its whole cash (the group is worth far more than the reserve's rent): 105 000."""
    for owners, contested in (
        ({}, False),
        ({OGARYOVA: 2, 9: 2}, True),  # seat 2 completes the light blue group with it
        ({OGARYOVA: 0, 9: 0}, True),  # seat 0 would complete it
    ):
        start = make_state(3, cash={0: 50_000, 2: 120_000}, owners=owners)
        state = play(play(start, roll(0, 1, 5)), Decline(player=0))
        state = play(state, Bid(player=1, amount=100_000))
        assert current_actor(state) == 2 and state.auction is not None
        bot = make_bot("strong", 1, 2, trades=False)
        assert bot.reserve(state, 2) == 50_000
        if contested:
            assert bot.auction_limit(state, 2, state.auction) == 120_000
            assert bot.choose(state, 2) == Bid(player=2, amount=105_000)
        else:
            assert bot.auction_limit(state, 2, state.auction) == 95_000
            assert bot.choose(state, 2) == PassBid(player=2)
