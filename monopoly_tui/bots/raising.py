"""Raising money: what a sale or a mortgage brings in, and what it costs in earning power."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import Action, GameState, Mortgage, SellBuilding, SellDown
from ..engine.board import Street
from .valuation import View, colour_group, owns_group, rent_income


def what_if(view: View, action: Action) -> tuple[View, int]:
    """The holdings after a sale or mortgage, and the cash it raises."""
    board = view.board
    if isinstance(action, Mortgage):
        return view.with_mortgage(action.square, True), board.property(action.square).mortgage
    if isinstance(action, SellBuilding):
        sq = board.squares[action.square]
        assert isinstance(sq, Street)
        return view.with_level({action.square: view.buildings[action.square] - 1}), sq.house_cost // 2
    assert isinstance(action, SellDown)
    levels: dict[int, int] = {}
    raised = 0
    for i in board.group_members[action.group]:
        sq = board.squares[i]
        assert isinstance(sq, Street)
        level = min(view.buildings[i], action.level)
        raised += (view.buildings[i] - level) * (sq.house_cost // 2)
        levels[i] = level
    return view.with_level(levels), raised


def loss_per_ruble(view: View, seat: int, action: Action, income: int) -> float:
    """Earning power lost for each ruble the action raises (mortgaging a whole group's street also
    stops building there, which counts as a house's rent lost)."""
    after, raised = what_if(view, action)
    loss = income - rent_income(after, seat)
    if isinstance(action, Mortgage):
        sq = view.board.squares[action.square]
        if isinstance(sq, Street) and owns_group(view, seat, colour_group(view.board, action.square)):
            loss += sq.rent[1]
    return loss / max(raised, 1)


def least_loss(state: GameState, seat: int, options: Sequence[Action]) -> Action:
    """The sale or mortgage that gives up the least earning power per ruble raised."""
    view = View.of(state)
    income = rent_income(view, seat)
    return min(options, key=lambda a: (loss_per_ruble(view, seat, a, income), str(a)))
