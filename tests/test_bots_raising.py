"""«Сильный» raises money by what each sale or mortgage costs in earning power (`raising.least_loss`).
It works out each option's income from the rents of the option's own group alone; that must pick what
adding up the whole board's rents after each option picks (`rent_income` of the what-if), in every
debt of real games, over every set of the debtor's options.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from factory import NAMES, board

from monopoly_tui.bots import make_bot, play_game
from monopoly_tui.bots.raising import _blocked_building, least_loss, what_if
from monopoly_tui.bots.valuation import View, rent_income
from monopoly_tui.engine import (
    Action,
    GameState,
    Mortgage,
    Rules,
    SellBuilding,
    SellDown,
    legal_actions,
    situation,
)


def least_loss_whole_board(state: GameState, seat: int, options: Sequence[Action]) -> Action:
    """least_loss as it was first written: every option's income summed over the whole board again."""
    view = View.of(state)
    income = rent_income(view, seat)
    short = sum(d.amount for d in state.debts if d.debtor == seat) - state.players[seat].cash

    def cost(action: Action) -> tuple[float, str]:
        after, raised = what_if(view, action)
        loss = income - rent_income(after, seat) + _blocked_building(view, seat, action)
        useful = min(raised, short) if short > 0 else raised
        return loss / max(useful, 1), str(action)

    return min(options, key=cost)


def debts(seeds: Sequence[int], rules: Rules | None = None) -> list[tuple[GameState, list[Action]]]:
    """Every debt of games of four «Сильный» in which the debtor has something to sell or mortgage, with
    those options."""
    found: list[tuple[GameState, list[Action]]] = []

    def note(action: Action, state: GameState) -> None:
        if situation(state) == "debt":
            debtor = state.debts[0].debtor
            options = [
                a for a in legal_actions(state, debtor) if isinstance(a, SellBuilding | SellDown | Mortgage)
            ]
            if options:
                found.append((state, options))

    for seed in seeds:
        bots = [make_bot("strong", seed, seat) for seat in range(4)]
        play_game(board(), NAMES[:4], bots, seed, rules, checked=False, observe=note)
    return found


def test_the_least_loss_from_its_group_alone_is_the_whole_boards() -> None:
    """In every debt of six games, for all the debtor's options and for random subsets of them (so that
    every kind of option gets picked: mortgages of stations and streets, sales of houses, sales down of
    hotels), the option picked is the one the whole board's rents pick."""
    chooser = random.Random(3)
    picked: set[type] = set()
    compared = 0
    for state, options in debts((0, 1, 2, 3, 4, 5)):
        seat = state.debts[0].debtor
        for some in (options, *(chooser.sample(options, chooser.randint(1, len(options))) for _ in range(4))):
            expected = least_loss_whole_board(state, seat, some)
            assert least_loss(state, seat, some) == expected, (state.round, seat, some)
            picked.add(type(expected))
            compared += 1
    assert compared > 1_000
    assert picked == {Mortgage, SellBuilding, SellDown}


def test_the_least_loss_counts_jailed_owners_collecting_nothing() -> None:
    """With the rules option by which owners in jail collect no rent, the rents read who is in jail:
    the same picks as the whole board's rents."""
    rules = Rules.model_validate({"rent": {"collect_in_jail": False}})
    compared = 0
    for state, options in debts((6, 7, 8), rules):
        seat = state.debts[0].debtor
        assert least_loss(state, seat, options) == least_loss_whole_board(state, seat, options)
        compared += 1
    assert compared > 50
