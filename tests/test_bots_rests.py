"""A bot's rest as the bots' own loop reads it: the cash and round it holds below (`rest_terms`), for the
very holdings it was noted with; the loop asks a seat only when those terms say it does not rest, and
«Простой» rests with the last swap it had due, since a refusal leaves everything it looks at as it was."""

from __future__ import annotations

import copy

from factory import NAMES, board, make_state

from monopoly_tui.bots import play_game
from monopoly_tui.bots.base import UNRESTING
from monopoly_tui.bots.simple import NEVER, SWAP_EVERY, SimpleBot
from monopoly_tui.engine import Action, GameState, ProposeTrade, RejectTrade, TradeSide, apply


def swap_position() -> GameState:
    """Аня holds two light blue streets and a brown one, Борис the third light blue and the other brown
    one; Аня is too poor to build or lift: a swap completing both groups is all she may want."""
    return make_state(4, owners={6: 0, 8: 0, 3: 0, 9: 1, 1: 1}, cash={0: 60_000})


def test_simple_rests_with_the_last_swap_it_had_due() -> None:
    """Аня offers Нагатинская for Борис's third light blue street; no other swap is due, so her rest is
    noted with the offer: once refused (the holdings the very same tuples), she rests until the round in
    which the swap may be offered again, below any cash (nothing to build or lift), and a copy of her
    that forgot the rest answers the same: nothing now, the same offer SWAP_EVERY rounds on."""
    state = swap_position()
    bot = SimpleBot(0, 0)
    offer = bot.manage(state, 0)
    assert offer == ProposeTrade(player=0, partner=1, give=TradeSide(lots=(3,)), take=TradeSide(lots=(9,)))
    refused = apply(apply(state, offer), RejectTrade(player=1))
    assert refused.owner is state.owner and refused.buildings is state.buildings
    assert bot.rest_terms(refused, 0) == (NEVER, state.round + SWAP_EVERY)
    assert bot._resting(refused, 0)
    forgot = copy.deepcopy(bot)
    forgot._quiet = None
    assert not forgot._resting(refused, 0)
    assert forgot.manage(refused, 0) is None and bot.manage(refused, 0) is None
    later = refused._replace(round=state.round + SWAP_EVERY)
    assert not bot._resting(later, 0)
    assert bot.manage(later, 0) == offer


def test_rest_terms_are_for_the_very_holdings_they_were_noted_with() -> None:
    """The terms hold for the tuples the rest was noted with: equal holdings made afresh (or another
    seat) are not known to leave managing with nothing to do, and answer UNRESTING, below any cash."""
    state = swap_position()
    bot = SimpleBot(0, 0)
    bot.manage(state, 0)
    assert bot.rest_terms(state, 0) != UNRESTING
    afresh = state._replace(owner=tuple(list(state.owner)))
    assert afresh.owner == state.owner
    assert bot.rest_terms(afresh, 0) == UNRESTING and not bot._resting(afresh, 0)
    assert bot.rest_terms(state, 1) == UNRESTING
    assert UNRESTING[0] < 0 and UNRESTING[1] <= state.round


class Watched(SimpleBot):
    """«Простой», noting how the loop asks it: a seat the loop's terms call astir must not be resting by
    the bot's own test, and every other question in a calm situation counted."""

    asked: list[str]

    def __init__(self, seed: int, seat: int) -> None:
        super().__init__(seed, seat)
        self.asked = []

    def choose_astir(self, state: GameState, seat: int) -> Action:
        assert not self._resting(state, seat)
        self.asked.append("choose_astir")
        return super().choose_astir(state, seat)

    def manage_astir(self, state: GameState, seat: int) -> Action | None:
        assert not self._resting(state, seat) and not state.players[seat].bankrupt
        self.asked.append("manage_astir")
        return super().manage_astir(state, seat)

    def choose_calm(self, state: GameState, seat: int) -> Action:
        assert self._resting(state, seat)  # (else the loop asks choose_astir)
        self.asked.append("choose_calm")
        return super().choose_calm(state, seat)


def test_the_loop_asks_a_seat_only_when_its_terms_say_it_does_not_rest() -> None:
    """In whole games played as simulate plays them, the loop asks a seat to manage or to choose with
    managing first only when the bot's own rest test says it does not rest, and a resting seat only for
    a move its phase does not make the only one (jail, buying); the games are those of plain bots."""
    asked: list[str] = []
    actions = 0
    for seed in range(3):
        watched = [Watched(seed, seat) for seat in range(4)]
        plain = [SimpleBot(seed, seat) for seat in range(4)]
        final, stats = play_game(board(), NAMES[:4], watched, seed, checked=False)
        final_plain, stats_plain = play_game(board(), NAMES[:4], plain, seed, checked=False)
        assert final.to_json() == final_plain.to_json() and stats == stats_plain
        asked += [question for bot in watched for question in bot.asked]
        actions += stats.actions
    assert asked.count("manage_astir") > 100 and asked.count("choose_astir") > 100
    assert asked.count("choose_calm") > 10
    assert len(asked) < actions / 4  # most actions are moves of resting seats, asked nothing
