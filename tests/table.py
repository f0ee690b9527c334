"""A full table late in a game, for the tests of how screens look: eight players with long Russian
names, every kind of square owned (houses, hotels, mortgages), tokens sharing squares and one in jail,
amounts up to tens of millions; each phase of a turn reached from it through the engine's actions."""

from __future__ import annotations

from factory import make_state, play, roll

from monopoly_tui.engine import (
    AcceptTrade,
    Buy,
    Debt,
    Decline,
    GameState,
    ProposeTrade,
    TradeSide,
)
from monopoly_tui.engine.state import Placement
from monopoly_tui.names import MAX_NAME_LENGTH

LONG_NAMES = (
    "Анастасия Ильина",
    "Владислав Орлов",
    "Екатерина Белова",
    "Святослав Громов",
    "Ярослава Зайцева",
    "Мстислав Крылов",
    "Людмила Фёдорова",
    "Станислав Попов",
)
assert all(len(n) <= MAX_NAME_LENGTH for n in LONG_NAMES)

OWNERS = {
    **{1: 0, 3: 0, 5: 0},
    **{6: 1, 8: 1, 9: 1, 15: 1},
    **{11: 2, 13: 2, 14: 2, 25: 2},
    **{16: 3, 18: 3, 19: 3, 35: 3},
    **{21: 4, 23: 4, 24: 4, 12: 4},
    **{26: 5, 27: 5, 29: 5, 28: 5},
    **{31: 6, 32: 6, 34: 6},
    37: 7,
}
"""Every square but Арбат (39) owned: each of eight players has a group or part of one."""
BUILDINGS = {1: 2, 3: 3, 6: 5, 8: 4, 9: 4, 11: 1, 13: 1, 14: 2, 16: 5, 18: 5, 19: 5, 21: 3, 23: 3, 24: 4}
BUILDINGS |= {31: 5, 32: 5, 34: 5}
MORTGAGED = (12, 27, 29, 37)
CASH = {0: 10_381_000, 1: 25_000, 2: 1_500_000, 3: 999_000, 4: 12_345_000, 5: 0, 6: 2_750_000, 7: 40_000}
POSITIONS = {0: 29, 1: 13, 2: 24, 3: 24, 4: 24, 5: 28, 6: 10}
"""Three tokens on Маяковского (24), one just visiting the jail, Станислав (7) in it."""


def late_game(turn: int = 0, **fields: object) -> GameState:
    """The table in round 37, `turn` to move (fields: other keywords of the factory's make_state)."""
    arguments: dict[str, object] = {
        "names": LONG_NAMES,
        "cash": CASH,
        "positions": POSITIONS,
        "owners": OWNERS,
        "buildings": BUILDINGS,
        "mortgaged": MORTGAGED,
        "in_jail": [7],
        "jail_cards": {
            7: [("chance", "chance.get_out_of_jail")],
            0: [("community_chest", "community_chest.get_out_of_jail")],
        },
        "turn": turn,
        "round": 37,
    }
    arguments.update(fields)
    return make_state(8, **arguments)  # type: ignore[arg-type]


def offer() -> ProposeTrade:
    """Анастасия offers a station, her jail card and 2 500 000 ₽ for Ярослава's mortgaged power station
    and 1 250 000 ₽."""
    return ProposeTrade(
        player=0,
        partner=4,
        give=TradeSide(lots=(5,), cash=2_500_000, jail_cards=("community_chest",)),
        take=TradeSide(lots=(12,), cash=1_250_000),
    )


def phases() -> dict[str, GameState]:
    """Every kind of prompt the board shows, each in the late game."""
    buy = play(late_game(), roll(0, 4, 6))  # Анастасия from 29 to Арбат (39), the bank's
    return {
        "roll": late_game(),
        "buy": buy,
        "auction": play(buy, Decline(player=0)),
        "end_turn": play(buy, Buy(player=0)),
        "jail": late_game(turn=7),
        "debt": play(late_game(turn=1), roll(1, 1, 2)),  # 25 000 ₽ on a hotel of Святослав's
        "bankrupt": late_game(
            turn=7,
            debts=(Debt(debtor=7, creditor=3, amount=10_381_000, reason="rent"),),
            phase="end_turn",
            in_jail=[],
            mortgaged=[*MORTGAGED],
        ),
        "utility_roll": late_game(turn=5, phase="utility_roll", pending_square=12),
        "trade_offer": play(late_game(), offer()),
        "mortgage_choice": play(late_game(), offer(), AcceptTrade(player=4)),
        "placement": late_game(placement=Placement(seat=2, building="house"), turn=2, phase="end_turn"),
    }
