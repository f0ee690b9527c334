"""How «Мастер» scores where a playout stops: each player's chance of winning, by the fitted model."""

from __future__ import annotations

from factory import make_state

from monopoly_tui.bots.master_value import PLAIN, chances, figures, standing

ORANGE = (16, 18, 19)


def test_chances_share_out_the_win() -> None:
    state = make_state(4, owners={16: 0, 18: 0, 19: 0, 6: 1})
    shares = [standing(state, seat) for seat in range(4)]
    assert abs(sum(shares) - 1) < 1e-9
    assert shares[0] > shares[1] > shares[2] == shares[3]
    assert chances({0: (1, 0, 0, 1), 1: (1, 0, 0, 1)}) == {0: 0.5, 1: 0.5}


def test_a_win_is_one_and_a_bankruptcy_nothing() -> None:
    state = make_state(3, owners={16: 0, 18: 0, 19: 0})
    over = state._replace(phase="game_over", winner=2)
    assert [standing(over, seat) for seat in range(3)] == [0.0, 0.0, 1.0]
    broke = state._replace(players=tuple(p._replace(bankrupt=s == 0) for s, p in enumerate(state.players)))
    assert standing(broke, 0) == 0.0


def test_a_built_group_beats_its_face_value_in_cash() -> None:
    """Seat 0 holds orange with three houses on each street; seat 1 holds the same face value in cash, and
    so does seat 2 in loose streets of no group: the group that earns wins most, cash least (idle cash
    buys nothing), whatever the appraiser's bonus."""
    built = make_state(3, owners=dict.fromkeys(ORANGE, 0), buildings=dict.fromkeys(ORANGE, 3), cash={0: 0})
    face = PLAIN.worth(built, 0)
    state = make_state(
        3,
        owners={**dict.fromkeys(ORANGE, 0), 1: 2, 6: 2, 11: 2, 21: 2, 26: 2, 31: 2, 37: 2},
        buildings=dict.fromkeys(ORANGE, 3),
        cash={0: 0, 1: face, 2: 0},
    )
    state = state._replace(
        players=tuple(
            p._replace(cash=face - PLAIN.worth(state, 2)) if s == 2 else p
            for s, p in enumerate(state.players)
        )
    )
    assert PLAIN.worth(state, 0) == PLAIN.worth(state, 1) == PLAIN.worth(state, 2) == face
    assert figures(state, 0)[2] > 0 == figures(state, 1)[2]
    shares = [standing(state, seat) for seat in range(3)]
    assert shares[0] > shares[2] > shares[1]
