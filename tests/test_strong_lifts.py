"""«Сильный» lifting mortgages: not before its own throw (a lift the throw's rent takes back costs the
interest for nothing), and a lot received mortgaged lifted at once only with the cash building does not
want (scripted positions and dice). Amounts in rubles."""

from __future__ import annotations

from factory import make_state, play, roll

from monopoly_tui.bots import make_bot
from monopoly_tui.engine import (
    Action,
    Build,
    EndTurn,
    GameState,
    KeepMortgage,
    Mortgage,
    Roll,
    Unmortgage,
    current_actor,
    why_illegal,
)
from monopoly_tui.engine.state import MortgageChoice

ZHITNAYA, NAGATINSKAYA = 1, 3  # brown, 60 000 each (mortgage 30 000, lifted for 33 000); houses 50 000
STATION = 5  # Рижская железная дорога, 200 000 (mortgage 100 000)
BRONNAYA, ARBAT = 37, 39  # dark blue; Арбат's rent 50 000, doubled on the whole bare group


def strong_turn(state: GameState) -> tuple[GameState, list[Action]]:
    """The strong bot in seat 0 plays its turn (the throw scripted by the caller) up to ending it."""
    bot = make_bot("strong", 1, 0, trades=False)
    taken: list[Action] = []
    for _ in range(40):
        assert current_actor(state) == 0
        action = bot.choose(state, 0)
        assert why_illegal(state, action) is None, action
        taken.append(action)
        if isinstance(action, EndTurn):
            return state, taken
        state = play(state, roll(0, 2, 3) if isinstance(action, Roll) else action)
    raise AssertionError(f"the turn did not end: {taken}")


def test_a_mortgage_is_not_lifted_before_the_throw() -> None:
    """Seat 0 holds brown with Житная mortgaged and 130 000; seat 1 holds dark blue bare (Арбат's rent
    100 000). Lifting first (33 000, leaving 97 000, above the reserve of 50 000) and then landing on
    Арбат (2 + 3 from 34) would mean mortgaging Житная again to pay. It throws first, pays the rent from
    its cash, mortgages nothing and — 30 000 left — lifts nothing."""
    start = make_state(
        3,
        cash={0: 130_000},
        positions={0: 34},
        owners={ZHITNAYA: 0, NAGATINSKAYA: 0, BRONNAYA: 1, ARBAT: 1},
        mortgaged=[ZHITNAYA],
    )
    end, taken = strong_turn(start)
    assert taken[0] == Roll(player=0)
    assert not any(isinstance(a, Mortgage | Unmortgage) for a in taken), taken
    assert end.mortgaged[ZHITNAYA] and end.players[0].cash == 30_000


def test_a_mortgage_is_lifted_once_the_throw_is_made_and_on_other_turns() -> None:
    """With the cash for it, the lift comes after the throw (then the houses it allows), or at another
    player's turn."""
    owners = {ZHITNAYA: 0, NAGATINSKAYA: 0}
    start = make_state(3, cash={0: 500_000}, positions={0: 15}, owners=owners, mortgaged=[ZHITNAYA])
    end, taken = strong_turn(start)
    assert taken[0] == Roll(player=0)
    lift = taken.index(Unmortgage(player=0, square=ZHITNAYA))  # then it builds on brown
    assert not end.mortgaged[ZHITNAYA] and all(isinstance(a, Build) for a in taken[lift + 1 : -1])
    assert end.players[0].cash == 500_000 - 33_000 - 50_000 * sum(end.buildings[i] for i in (1, 3))
    theirs = make_state(3, cash={0: 500_000}, owners=owners, mortgaged=[ZHITNAYA], turn=1)
    assert make_bot("strong", 1, 0).manage(theirs, 0) == Unmortgage(player=0, square=ZHITNAYA)


def received(cash: int, owners: dict[int, int]) -> Action:
    """What seat 0 answers for the station received mortgaged (the 10 % already paid)."""
    choices = (MortgageChoice(seat=0, square=STATION),)
    state = make_state(
        3, cash={0: cash}, owners={**owners, STATION: 0}, mortgaged=[STATION], mortgage_choices=choices
    )
    action = make_bot("strong", 1, 0).choose(state, 0)
    assert why_illegal(state, action) is None, action
    return action


def test_a_loose_lot_received_mortgaged_waits_while_building_wants_the_cash() -> None:
    """A loose station received mortgaged (lift 100 000): with no group, 400 000 lifts it at once (twice
    the reserve of 50 000 and 100 000 to spare). Holding brown, whose three houses a street cost
    300 000, it keeps the mortgage at 400 000 — lifting would leave building to mortgage it again — and
    lifts it at 700 000."""
    assert received(400_000, {}) == Unmortgage(player=0, square=STATION)
    brown = {ZHITNAYA: 0, NAGATINSKAYA: 0}
    assert received(400_000, brown) == KeepMortgage(player=0, square=STATION)
    assert received(700_000, brown) == Unmortgage(player=0, square=STATION)
