"""«Мастер»: decisions by playouts, deterministic for the state, blind to the game's own dice and card
order, never touching the global RNG; legal and never needlessly bankrupt over whole games."""

from __future__ import annotations

import random
from collections import Counter

from factory import NAMES, board, make_state, play, roll
from test_bots import TIGHT, Checked, offered

from monopoly_tui.bots import BOT_KINDS, BOT_NAMES, EFFORTS, MasterBot, make_bot, play_game
from monopoly_tui.bots.master import Effort, luck, reshuffled, standing
from monopoly_tui.engine import (
    AcceptTrade,
    Action,
    Bid,
    Buy,
    Decline,
    GameState,
    RejectTrade,
    TradeSide,
    apply,
    check_invariants,
    current_actor,
    why_illegal,
)

LIGHT = Effort(playouts=4, horizon=3)
"""Enough to tell the choices of the scenarios below apart, quick enough for tests."""


def master(seat: int, effort: Effort = LIGHT) -> MasterBot:
    bot = make_bot("master", 1, seat)
    assert isinstance(bot, MasterBot)
    bot.effort = effort
    return bot


def decide(state: GameState, effort: Effort = LIGHT) -> tuple[Action, int]:
    """The master's action as the current actor (always legal) and how many decisions it played out."""
    seat = current_actor(state)
    assert seat is not None
    bot = master(seat, effort)
    action = bot.choose(state, seat)
    assert why_illegal(state, action) is None, action
    return action, bot.looked_ahead


def test_a_third_level_offered_by_name() -> None:
    assert BOT_KINDS == ("simple", "strong", "master")
    assert BOT_NAMES["master"] == "Мастер"
    assert make_bot("master", 1, 0).kind == "master"
    assert set(EFFORTS) == {"readable", "fast", "instant"}
    # the effort is a count of playouts shared among the choices, never a time
    assert Effort(playouts=12, horizon=5).rollouts(2) == 6
    assert Effort(playouts=12, horizon=5).rollouts(8) == 2


def test_it_buys_the_street_that_completes_its_group_by_playing_it_out() -> None:
    state = play(make_state(3, owners={8: 0, 9: 0}), roll(0, 1, 5))  # Варшавское шоссе: light blue
    assert state.phase == "buy"
    action, looked = decide(state)
    assert action == Buy(player=0)
    assert looked == 1, "the buy was decided by playouts"


def test_trades_answered_by_playouts() -> None:
    generous = offered(TradeSide(cash=1_000_000), TradeSide(lots=(6,)), owners={6: 1})
    assert decide(generous)[0] == AcceptTrade(player=1)
    # a whole group handed over for its printed price: the playouts see the rents it will charge
    group = offered(TradeSide(cash=200_000), TradeSide(lots=(19,)), owners={16: 0, 18: 0, 19: 1})
    assert decide(group)[0] == RejectTrade(player=1)
    # nothing gained at all: refused without playouts
    stingy = offered(TradeSide(cash=1_000), TradeSide(lots=(39,)), owners={39: 1})
    assert decide(stingy) == (RejectTrade(player=1), 0)


def test_an_auction_limit_is_chosen_once_per_auction() -> None:
    """Declined by seat 0, Варшавское шоссе goes to auction; the master in seat 1 holds the other two
    light blue streets: it bids, and its limit, chosen by playouts at its first bid, holds after that."""
    state = play(make_state(3, owners={8: 1, 9: 1}), roll(0, 1, 5))
    auction = apply(state, Decline(player=0))
    assert auction.auction is not None
    bidder = current_actor(auction)
    assert bidder == 1
    bot = master(1)
    first = bot.choose(auction, 1)
    assert isinstance(first, Bid)
    assert bot.looked_ahead == 1
    bot.choose(auction, 1)
    assert bot.looked_ahead == 1, "the same auction is not played out again"


def test_same_state_same_decision_and_the_game_dice_unseen() -> None:
    """The playouts' dice come from the public state: the game's own generator (the dice to come) and
    the order of the decks change neither the seed of the playouts nor the futures they play."""
    state = play(make_state(3, owners={8: 0, 9: 0}), roll(0, 1, 5))
    other = state._replace(
        rng=state.rng ^ 0xDEADBEEF,
        decks=state.decks._replace(chance=tuple(reversed(state.decks.chance))),
    )
    assert luck(state, 0, 1) == luck(other, 0, 1)
    assert reshuffled(state, 7) == reshuffled(other, 7)._replace(rng=reshuffled(state, 7).rng)
    assert reshuffled(state, 7).rng == reshuffled(other, 7).rng
    assert reshuffled(state, 7).rng != state.rng
    assert luck(state, 0, 1) != luck(state._replace(round=2), 0, 1)


def test_the_global_rng_is_left_alone() -> None:
    state = play(make_state(3, owners={8: 0, 9: 0}), roll(0, 1, 5))
    random.seed(5)
    expected = random.random()
    random.seed(5)
    decide(state)
    assert random.random() == expected


def test_standing_scores_a_win_a_bankruptcy_and_shares() -> None:
    state = make_state(3, owners={16: 0, 18: 0, 19: 0})
    shares = [standing(state, seat) for seat in range(3)]
    assert abs(sum(shares) - 1) < 1e-9
    assert shares[0] > shares[1] == shares[2]
    over = state._replace(phase="game_over", winner=2)
    assert [standing(over, seat) for seat in range(3)] == [0.0, 0.0, 1.0]


def test_whole_games_are_legal_deterministic_and_never_needlessly_bankrupt() -> None:
    """Tight money, few buildings: debts, auctions and bankruptcies come fast; every master choice is
    checked (legal now; bankruptcy only when nothing could cover the debt). The same seed plays the
    same game again."""
    seen: Counter[str] = Counter()

    def game(seed: int) -> GameState:
        bots = [master(0), make_bot("strong", seed, 1), make_bot("simple", seed, 2)]
        checked = [Checked(bot, seen) for bot in bots]
        final, _ = play_game(board(), NAMES[:3], checked, seed, TIGHT, max_rounds=40)
        check_invariants(final)
        return final

    first = game(4)
    assert game(4) == first
    game(9)
    for kind in ("buy", "bid", "pass", "end_turn", "build"):
        assert seen[kind], f"no {kind} in the games"
