"""How «Мастер» scores where a playout stops: each player's chance of winning, by the fitted model."""

from __future__ import annotations

from factory import make_state

from monopoly_tui.bots.master_value import HOUSES, PLAIN, buildable_rent, chances, figures, inputs, standing

ORANGE = (16, 18, 19)


def test_chances_share_out_the_win() -> None:
    state = make_state(4, owners={16: 0, 18: 0, 19: 0, 6: 1})
    shares = [standing(state, seat) for seat in range(4)]
    assert abs(sum(shares) - 1) < 1e-9
    assert shares[0] > shares[1] > shares[2] == shares[3]
    assert chances({0: (1, 0, 0, 1, 0, 0), 1: (1, 0, 0, 1, 0, 0)}) == {0: 0.5, 1: 0.5}


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


def test_the_cash_to_build_a_whole_group_counts() -> None:
    """Seat 0 holds orange bare: with cash beyond «Сильный»'s float its cash would add rent built there
    (`buildable_rent`), and the model rates it higher for it;
    without the cash, with a street mortgaged, or with no whole group, it adds nothing."""
    owners = {**dict.fromkeys(ORANGE, 0), 6: 1, 8: 1}
    rich = make_state(3, owners=owners, cash={0: 1_000_000, 1: 100_000, 2: 100_000})
    poor = make_state(3, owners=owners, cash={0: 100_000, 1: 1_000_000, 2: 100_000})
    assert buildable_rent(rich, 0) > 0
    assert buildable_rent(poor, 0) == buildable_rent(make_state(3, owners=owners, cash={0: 50_000}), 0) == 0
    assert buildable_rent(rich, 1) == 0, "no whole group"
    assert buildable_rent(make_state(3, owners=owners, cash={0: 1_000_000}, mortgaged=[16]), 0) == 0
    built = make_state(3, owners=owners, cash={0: 1_000_000}, buildings=dict.fromkeys(ORANGE, 5))
    assert buildable_rent(built, 0) == 0, "nothing left to build"
    rows = {s: figures(rich, s) for s in range(3)}
    blind = {s: (*row[:4], 0, *row[5:]) for s, row in rows.items()}
    assert standing(rich, 0) == chances(rows)[0] > chances(blind)[0]


def test_houses_count_as_they_are_a_hotel_five() -> None:
    """The houses a player has built (a hotel counting five) are the model's sixth input, in tens and
    not as a share of the table: of two players alike in every other figure, the one with more houses
    built is the likelier winner."""
    state = make_state(3, owners={**dict.fromkeys(ORANGE, 0), 6: 1}, buildings={16: 4, 18: 4, 19: 5})
    assert figures(state, 0)[5] == 13
    assert figures(state, 1)[5] == figures(state, 2)[5] == 0
    rows = {0: (100, 0, 10, 50, 0, 0), 1: (100, 0, 10, 50, 0, 20)}
    assert inputs(rows)[1][5] == 20 / HOUSES
    assert inputs(rows)[0][:5] == inputs(rows)[1][:5] == (1.0, 0.0, 0.1, 0.5, 0.0)
    odds = chances(rows)
    assert odds[1] > 0.5 > odds[0]
