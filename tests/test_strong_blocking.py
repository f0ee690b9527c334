"""«Сильный» keeping opponents from their groups and taking its own: the street that completes or blocks
a group is bought whatever it takes (scripted positions and dice). Amounts in rubles."""

from __future__ import annotations

from factory import make_state, play, roll

from monopoly_tui.bots import make_bot
from monopoly_tui.engine import (
    Action,
    Buy,
    Decline,
    GameState,
    Mortgage,
    SellBuilding,
    current_actor,
    why_illegal,
)

ARBAT = 39  # Улица Арбат, 400 000: with Малая Бронная (37) the dark blue group
BRONNAYA = 37
ZHITNAYA = 1  # Житная улица, 60 000 (mortgage 30 000, lifted for 33 000)
NAGATINSKAYA = 3  # the other brown street; houses 50 000 (sold back for 25 000)
VARSHAVSKOE = 6  # Варшавское шоссе, 100 000 (mortgage 50 000)


def strong_until_it_decides(state: GameState, limit: int = 30) -> tuple[GameState, list[Action]]:
    """The strong bot in seat 0 acts until it buys or declines the street on offer."""
    bot = make_bot("strong", 1, 0, trades=False)
    taken: list[Action] = []
    for _ in range(limit):
        assert current_actor(state) == 0
        action = bot.choose(state, 0)
        assert why_illegal(state, action) is None, action
        taken.append(action)
        state = play(state, action)
        if isinstance(action, Buy | Decline):
            return state, taken
    raise AssertionError(f"no decision in {limit} actions: {taken}")


def test_the_street_that_blocks_a_group_is_paid_for_before_any_mortgage_is_lifted() -> None:
    """Seat 1 holds Малая Бронная; seat 0 lands on Арбат with 380 000 (20 000 short), Варшавское шоссе to
    mortgage and Житная mortgaged. It mortgages Варшавское шоссе and buys: lifting Житная with the money
    (it could afford the lift, 2 x reserve + 100 000 to spare) would leave Арбат unaffordable again, and
    the lot would go to auction, where seat 1 completes dark blue."""
    start = make_state(
        3,
        cash={0: 380_000},
        positions={0: 34},
        owners={BRONNAYA: 1, ZHITNAYA: 0, VARSHAVSKOE: 0},
        mortgaged=[ZHITNAYA],
    )
    state = play(start, roll(0, 2, 3))
    assert state.phase == "buy" and state.pending_square == ARBAT
    after, taken = strong_until_it_decides(state)
    assert taken[-1] == Buy(player=0), taken
    assert after.owner[ARBAT] == 0
    assert after.mortgaged[VARSHAVSKOE] and after.mortgaged[ZHITNAYA]


def test_the_first_street_of_a_group_is_mortgaged_to_buy_the_last() -> None:
    """Seat 0 holds Арбат and Житная, 282 000 in hand, and lands on Малая Бронная (350 000), the dark blue
    street it lacks: Житная's 30 000 is not enough, so it mortgages Арбат too (200 000) and buys; the group
    is whole (the mortgage lifted later), instead of an auction it may not bid in."""
    start = make_state(3, cash={0: 282_000}, positions={0: 34}, owners={ARBAT: 0, ZHITNAYA: 0})
    state = play(start, roll(0, 1, 2))
    assert state.phase == "buy" and state.pending_square == BRONNAYA
    after, taken = strong_until_it_decides(state)
    assert taken == [Mortgage(player=0, square=ZHITNAYA), Mortgage(player=0, square=ARBAT), Buy(player=0)]
    assert after.owner[BRONNAYA] == 0 and after.owner[ARBAT] == 0


def test_houses_are_sold_to_block_a_group_when_nothing_is_left_to_mortgage() -> None:
    """Seat 1 holds Малая Бронная; seat 0, with a house on each brown street and nothing loose, lands on
    Арбат with 380 000: it sells a house (25 000) and buys, keeping dark blue from seat 1."""
    start = make_state(
        3,
        cash={0: 380_000},
        positions={0: 34},
        owners={BRONNAYA: 1, ZHITNAYA: 0, NAGATINSKAYA: 0},
        buildings={ZHITNAYA: 1, NAGATINSKAYA: 1},
    )
    state = play(start, roll(0, 2, 3))
    after, taken = strong_until_it_decides(state)
    assert len(taken) == 2 and isinstance(taken[0], SellBuilding) and taken[1] == Buy(player=0), taken
    assert after.owner[ARBAT] == 0


def test_no_mortgage_is_taken_that_cannot_buy_the_street() -> None:
    """282 000 with only Житная to mortgage (30 000) will not buy Арбат (400 000), which would block seat
    1's dark blue: the bot declines at once rather than pay the interest on a useless mortgage."""
    start = make_state(3, cash={0: 282_000}, positions={0: 34}, owners={BRONNAYA: 1, ZHITNAYA: 0})
    after, taken = strong_until_it_decides(play(start, roll(0, 2, 3)))
    assert taken == [Decline(player=0)]
    assert not after.mortgaged[ZHITNAYA]
