"""«Сильный» keeping opponents from their groups and taking its own: the street that completes or blocks
a group is bought whatever it takes (scripted positions and dice). Amounts in rubles."""

from __future__ import annotations

from factory import make_state, play, roll

from monopoly_tui.bots import make_bot
from monopoly_tui.engine import Action, Buy, Decline, GameState, current_actor, why_illegal

ARBAT = 39  # Улица Арбат, 400 000: with Малая Бронная (37) the dark blue group
BRONNAYA = 37
ZHITNAYA = 1  # Житная улица, 60 000 (mortgage 30 000, lifted for 33 000)
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
