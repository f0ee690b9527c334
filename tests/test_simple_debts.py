"""«Простой» answers a debt without listing every legal action: paying, else bankruptcy when it is open,
else the first legal one of what it would sell or mortgage, in its order (`SimpleBot.raising`). Every
debt of the speed benchmarks' games is answered that way, by the listing (`settle_debt` of the legal
actions, where `raise_money` picks from the list) and by the order written out here from the bot's
rule (loose lots first, lowest on the board; then buildings, a street's lowest on the board before a
group sold down, the highest level first; then the lots of whole groups), and the three answers must be
the same action."""

from __future__ import annotations

from collections import Counter

from factory import board

from monopoly_tui.bots import BOT_NAMES, play_game
from monopoly_tui.bots.base import BotBase
from monopoly_tui.bots.simple import SimpleBot
from monopoly_tui.bots.valuation import colour_group, owns_group
from monopoly_tui.engine import (
    Action,
    DeclareBankruptcy,
    GameState,
    Mortgage,
    PayDebt,
    SellBuilding,
    SellDown,
    legal_actions,
)

PLAYERS = 4


def by_the_rule(state: GameState, seat: int) -> Action:
    """The debt answer of «Простой» by its rule, from the whole list of legal actions."""
    actions = legal_actions(state, seat)
    for kind in (PayDebt, DeclareBankruptcy):
        for action in actions:
            if isinstance(action, kind):
                return action

    def order(action: Action) -> tuple[int, int]:
        if isinstance(action, Mortgage):
            whole = owns_group(state, seat, colour_group(state.board, action.square))
            return (2 if whole else 0, action.square)
        if isinstance(action, SellBuilding):
            return (1, action.square)
        assert isinstance(action, SellDown)
        return (1, 100 - action.level)

    return min((a for a in actions if isinstance(a, Mortgage | SellBuilding | SellDown)), key=order)


class ListingToo(SimpleBot):
    """«Простой», whose every debt answer is compared with the base answer (`settle_debt` of the whole
    list of legal actions, through `raise_money`) and with the rule's answer from the list."""

    def __init__(self, seed: int, seat: int, answers: Counter[str]) -> None:
        super().__init__(seed, seat)
        self.answers = answers

    def answer_debt(self, state: GameState, seat: int) -> Action:
        action = super().answer_debt(state, seat)
        listed = BotBase.answer_debt(self, state, seat)
        assert action == listed, f"round {state.round}: {action} but {listed} from the listing"
        ruled = by_the_rule(state, seat)
        assert action == ruled, f"round {state.round}: {action} but {ruled} by the rule"
        self.answers[type(action).__name__] += 1
        return action


def test_a_debt_is_answered_as_the_listing_of_legal_actions_answers_it() -> None:
    answers: Counter[str] = Counter()
    names = [f"{BOT_NAMES['simple']} {seat + 1}" for seat in range(PLAYERS)]
    for seed in range(40):
        bots = [ListingToo(seed, seat, answers) for seat in range(PLAYERS)]
        play_game(board(), names, bots, seed, checked=False)
    # every kind of answer met: paying, mortgaging, selling, bankruptcy
    assert answers[Mortgage.__name__] > 200
    assert answers["PayDebt"] > 50 and answers["SellBuilding"] > 50 and answers["DeclareBankruptcy"] > 20
