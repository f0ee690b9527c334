"""Raising money: what a sale or a mortgage brings in, and what it costs in earning power."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import Action, Board, GameState, Mortgage, SellBuilding, SellDown, rent_due
from ..engine.board import Street
from .rents import NOMINAL_DICE, lot_rents
from .valuation import View, colour_group, lots_of, owns_group, visit_rates


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


def least_loss(state: GameState, seat: int, options: Sequence[Action]) -> Action:
    """The sale or mortgage that gives up the least earning power for each ruble of what seat still owes
    (rubles raised beyond the debt count for nothing: no selling a whole group to pay a small rent).

    Earning power is `rent_income`. A sale or a mortgage changes the rents of its own group alone (a
    lot's rent reads only its group's holdings, see rents.py): each option's income is the same sum,
    in the same order, of the same terms but those of seat's lots in that group, asked of the rules
    again for the holdings after it."""
    view = View.of(state)
    board = state.board
    rates = visit_rates(board)
    rents = lot_rents(view)
    held = lots_of(view, seat)
    earning = [rents[i] * rates[i] for i in held]
    income = int(sum(earning))
    place = {square: n for n, square in enumerate(held)}
    group_of = board.group_of
    short = sum(d.amount for d in state.debts if d.debtor == seat) - state.players[seat].cash

    def cost(action: Action) -> float:
        after, raised = what_if(view, action)
        square = action.square if isinstance(action, Mortgage | SellBuilding) else _first(board, action)
        terms = earning.copy()
        for i in group_of[square]:
            n = place.get(i)
            if n is not None:
                terms[n] = rent_due(after, i, NOMINAL_DICE) * rates[i]
        loss = income - int(sum(terms)) + _blocked_building(view, seat, action)
        useful = min(raised, short) if short > 0 else raised
        return loss / max(useful, 1)

    # The least cost, ties broken by the action's text (made only for the options tied).
    costs = [cost(action) for action in options]
    least = min(costs)
    tied = [action for action, spent in zip(options, costs, strict=True) if spent == least]
    return tied[0] if len(tied) == 1 else min(tied, key=str)


def _first(board: Board, action: Action) -> int:
    """A street of the group a SellDown sells down."""
    assert isinstance(action, SellDown)
    return board.group_members[action.group][0]


def _blocked_building(view: View, seat: int, action: Action) -> int:
    """Mortgaging a street of a whole group also stops building there: count a house's rent as lost."""
    if not isinstance(action, Mortgage):
        return 0
    sq = view.board.squares[action.square]
    if isinstance(sq, Street) and owns_group(view, seat, colour_group(view.board, action.square)):
        return sq.rent[1]
    return 0
