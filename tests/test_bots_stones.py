"""«Сильный»'s stepping stones: a colour group whose missing streets are held by others in two places is
bought a street at a time, the first at about its printed price (it completes nothing, so its holder
sells it at its value), the last at the market's price. Amounts in rubles."""

from __future__ import annotations

from factory import make_state, play

from monopoly_tui.bots import make_bot
from monopoly_tui.bots.strong_stones import Stone, stepping_stones
from monopoly_tui.engine import AcceptTrade, ProposeTrade, RejectTrade, TradeSide

ORANGE = (16, 18, 19)  # Рязанский проспект 180 000, Улица Вавилова 180 000, Рублёвское шоссе 200 000
RED = (21, 23, 24)  # 220 000, 220 000, 240 000


def test_a_street_that_leaves_the_bot_one_short_is_bought_at_its_price_and_the_last_at_the_market() -> None:
    """Orange is spread over three players: seat 0 holds 16, seat 1 holds 18, seat 2 holds 19. No
    single deal completes it, so the bot offers 181 000 for Улица Вавилова (its price and a thousand
    more): it completes nothing for the bot, and «Простой» sells at that price (1 000 less it refuses).
    Then seat 0 lacks only 19, and asks for it at the market's price (about 1.79 million, not 200 000)."""
    state = make_state(3, owners={16: 0, 18: 1, 19: 2}, cash={0: 3_000_000})
    bot = make_bot("strong", 1, 0)
    offer = bot.manage(state, 0)
    assert offer == ProposeTrade(
        player=0, partner=1, give=TradeSide(cash=181_000), take=TradeSide(lots=(18,))
    )
    simple = make_bot("simple", 1, 1)
    after = play(state, offer)
    assert simple.choose(after, 1) == AcceptTrade(player=1)
    cheaper = offer._replace(give=TradeSide(cash=179_000))
    assert simple.choose(play(state, cheaper), 1) == RejectTrade(player=1)
    bought = play(after, AcceptTrade(player=1))
    assert bought.owner[18] == 0
    last = make_bot("strong", 1, 0).manage(bought, 0)
    assert isinstance(last, ProposeTrade)
    assert last.partner == 2 and last.take.lots == (19,)
    assert 1_700_000 < last.give.cash < 1_900_000


def test_stepping_stones_are_the_streets_leaving_the_bot_one_short_most_valuable_group_first() -> None:
    """Seat 0 holds one orange and one red street; the others hold the rest of both, and a light blue
    street each (seat 0 holds none: three short, no stone). Red is worth more than orange: its streets
    come first. A mortgaged street is worth its price less what lifting the mortgage costs (Площадь
    Маяковского 220 000, mortgage 110 000, lifting 121 000: 99 000). A street of a bankrupt player or
    of the bank is none."""
    owners = {16: 0, 18: 1, 19: 2, 21: 0, 23: 1, 24: 2, 6: 1, 8: 2, 9: 1}
    state = make_state(3, owners=owners, mortgaged=(23,))
    assert stepping_stones(state, 0) == [
        Stone(23, 1, 99_000),
        Stone(24, 2, 240_000),
        Stone(18, 1, 180_000),
        Stone(19, 2, 200_000),
    ]
    # seat 1 lacks two orange and two red streets too: 16 and 19, 21 and 24 (its 23 is mortgaged, but
    # it is its own); the light blue group is one short for it (a wish, asked for directly)
    assert [stone.square for stone in stepping_stones(state, 1)] == [21, 24, 16, 19]
    unowned = make_state(3, owners={16: 0})
    assert stepping_stones(unowned, 0) == []
    # dark blue held whole by seat 2 (its owner would lose the group, built on or not): no stones; dark
    # blue split between seats 1 and 2 (seat 0 holds none): either street is one
    whole = make_state(3, owners={37: 2, 39: 2}, buildings={37: 1, 39: 1})
    assert stepping_stones(whole, 0) == []
    split = make_state(3, owners={37: 1, 39: 2})
    assert stepping_stones(split, 0) == [Stone(37, 1, 350_000), Stone(39, 2, 400_000)]


def test_between_two_players_no_stone_is_bought() -> None:
    """Heads-up, the cash paid for a stone goes to the one opponent, who buys the bank's lots with it:
    with two players in the game (one of three bankrupt, or a game of two) there are no stones."""
    assert stepping_stones(make_state(2, owners={16: 0, 18: 1, 23: 1}), 0) == []
    assert make_bot("strong", 1, 0).manage(make_state(2, owners={16: 0, 18: 1, 23: 1}), 0) is None
    three = make_state(3, owners={16: 0, 18: 1, 19: 2})
    out = three._replace(players=(*three.players[:2], three.players[2]._replace(bankrupt=True)))
    assert stepping_stones(out, 0) == []


def test_no_stepping_stone_is_asked_for_below_the_reserve_nor_twice_in_a_round() -> None:
    """With just the price in hand (less than the price and the reserve) nothing is offered; with
    money to spare the offer is made once in a round, and next round a little more is offered."""
    poor = make_state(3, owners={16: 0, 18: 1, 19: 2}, cash={0: 200_000})
    assert make_bot("strong", 1, 0).manage(poor, 0) is None
    state = make_state(3, owners={16: 0, 18: 1, 19: 2})
    bot = make_bot("strong", 1, 0)
    first = bot.manage(state, 0)
    assert isinstance(first, ProposeTrade) and first.take.lots == (18,)
    second = bot.manage(state, 0)
    assert isinstance(second, ProposeTrade) and second.take.lots == (19,)  # the other stone
    assert bot.manage(state, 0) is None
    later = state._replace(round=state.round + 1)
    again = bot.manage(later, 0)
    assert again == ProposeTrade(
        player=0, partner=1, give=TradeSide(cash=208_000), take=TradeSide(lots=(18,))
    )
