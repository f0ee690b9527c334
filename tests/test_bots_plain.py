"""The bots' kernels written for speed (per-board tables, values made once, owners picked in C) answer
what their plain definitions answer, in every position of real games: each plain definition is written
out here as it was first written, and compared.
"""

from __future__ import annotations

from factory import NAMES, board
from test_bots_kernels import positions

from monopoly_tui.bots import make_bot, play_game
from monopoly_tui.bots.strong_stones import Stone, stepping_stones
from monopoly_tui.bots.strong_terms import APPRAISER, STONE_PLAYERS
from monopoly_tui.bots.trading import after_trade, completed, view_after
from monopoly_tui.bots.valuation import View, colour_group, colour_groups, lift_costs, owns_group
from monopoly_tui.engine import Action, GameState, ProposeTrade, Rules, new_game
from monopoly_tui.engine.mortgages import lift_cost


def stepping_stones_plainly(state: GameState, seat: int) -> list[Stone]:
    """stepping_stones as first written: each group's streets, worth and values looked up afresh."""
    players = state.players
    if sum(1 for p in players if not p.bankrupt) < STONE_PLAYERS:
        return []
    board = state.board
    owner = state.owner
    found: list[tuple[int, int, Stone]] = []
    for group, pick in colour_groups(board):
        if len(group) - pick(owner).count(seat) != 2:
            continue
        missing = [i for i in group if owner[i] != seat]
        if len(missing) == len(group) and owner[missing[0]] == owner[missing[1]]:
            continue
        worth = APPRAISER.group_worth(board, group)
        for square in missing:
            holder = owner[square]
            if holder is None or players[holder].bankrupt:
                continue
            lot = board.property(square)
            value = lot.price
            if state.mortgaged[square]:
                value -= lot.mortgage + lot.mortgage // 10
            found.append((-worth, square, Stone(square, holder, value)))
    found.sort(key=lambda item: (item[0], item[1]))
    return [stone for _, _, stone in found]


def test_the_stepping_stones_are_those_of_their_plain_definition() -> None:
    """In every third position of four games, for every seat: the same stones in the same order (with
    mortgaged stones and players out among them)."""
    compared = found = pledged = 0
    for state in positions((0, 4, 8, 9)):
        for seat in range(len(state.players)):
            expected = stepping_stones_plainly(state, seat)
            assert stepping_stones(state, seat) == expected, (state.round, seat)
            compared += 1
            found += bool(expected)
            pledged += any(state.mortgaged[stone.square] for stone in expected)
    assert compared > 4_000 and found > 1_000 and pledged > 50


def completed_plainly(state: GameState, after: View, seat: int, received: tuple[int, ...]) -> tuple[int, ...]:
    """The colour group the lots received complete for seat in the view after a trade and not before."""
    for square in received:
        group = colour_group(state.board, square)
        if group and owns_group(after, seat, group) and not owns_group(state, seat, group):
            return group
    return ()


def test_an_offer_carried_out_is_read_as_its_view_after_reads() -> None:
    """For every offer of four games (cash for streets, swaps, mortgaged streets received with their
    interest): every player's cash after it, and the group it completes for either side, as the whole
    view after the offer has them."""
    offers: list[tuple[GameState, ProposeTrade]] = []
    for seed in (0, 1, 2, 3):
        bots = [make_bot("strong", seed, seat) for seat in range(4)]
        last = [new_game(board(), NAMES[:4], seed=seed)]

        def note(action: Action, state: GameState, last: list[GameState] = last) -> None:
            if isinstance(action, ProposeTrade):
                offers.append((last[0], action))
            last[:] = [state]

        play_game(board(), NAMES[:4], bots, seed, checked=False, observe=note)
    swaps = done = 0
    for state, offer in offers:
        after = view_after(state, offer)
        moved, cash = after_trade(state, offer)
        assert cash == [after.cash(seat) for seat in range(len(state.players))]
        for seat, received in ((offer.player, offer.take.lots), (offer.partner, offer.give.lots)):
            expected = completed_plainly(state, after, seat, received)
            assert completed(state, moved, seat, received) == expected
            done += bool(expected)
        swaps += bool(offer.give.lots)
    assert len(offers) > 200 and swaps > 10 and done > 100


def test_the_lift_costs_kept_per_board_and_rules_are_the_rules_lift_costs() -> None:
    """lift_costs keeps one table per board and rules: for every square, under the default interest and
    under others (asked in turn, so that each table meets the other's rules), the rules' lift_cost."""
    for percent in (10, 0, 25, 10, 7):
        rules = Rules.model_validate({"mortgage": {"interest_percent": percent}})
        state = new_game(board(), NAMES[:3], seed=1, rules=rules)
        costs = lift_costs(state)
        assert costs == tuple(lift_cost(state, square) for square in range(len(state.board.squares)))
