"""«Простой» answers a debt it can't pay without listing every legal action when it can: the loose lot
lowest on the board is what raising money by the listing would mortgage first. Every debt of the speed
benchmarks' games is answered both ways here, and the answers must be the same action."""

from __future__ import annotations

from collections import Counter

from factory import board

from monopoly_tui.bots import BOT_NAMES, play_game
from monopoly_tui.bots.base import BotBase
from monopoly_tui.bots.simple import SimpleBot
from monopoly_tui.engine import Action, GameState, Mortgage

PLAYERS = 4


class ListingToo(SimpleBot):
    """«Простой», whose every debt answer is compared with the base answer: `settle_debt` of the whole
    list of legal actions."""

    def __init__(self, seed: int, seat: int, answers: Counter[str]) -> None:
        super().__init__(seed, seat)
        self.answers = answers

    def answer_debt(self, state: GameState, seat: int) -> Action:
        action = super().answer_debt(state, seat)
        listed = BotBase.answer_debt(self, state, seat)
        assert action == listed, f"round {state.round}: {action} but {listed} from the listing"
        self.answers[type(action).__name__] += 1
        return action


def test_a_debt_is_answered_as_the_listing_of_legal_actions_answers_it() -> None:
    answers: Counter[str] = Counter()
    names = [f"{BOT_NAMES['simple']} {seat + 1}" for seat in range(PLAYERS)]
    for seed in range(40):
        bots = [ListingToo(seed, seat, answers) for seat in range(PLAYERS)]
        play_game(board(), names, bots, seed, checked=False)
    # every kind of answer met: paying, mortgaging (the shortcut's answer), selling, bankruptcy
    assert answers[Mortgage.__name__] > 200
    assert answers["PayDebt"] > 50 and answers["SellBuilding"] > 50 and answers["DeclareBankruptcy"] > 20
