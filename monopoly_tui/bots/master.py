"""«Мастер»: «Сильный» that looks ahead.

For the decisions that matter — buying a lot, how high to go in an auction, building, the trade offers it
makes and the ones it answers, leaving jail — it plays the game on from the position a fixed number of
times for each choice (Monte-Carlo rollouts, «Сильный» in every seat proposing no trades of its own, a
few rounds deep: between «Сильный» players offers are nearly never accepted, and pricing them is most of
a playout's time), scores where
each playout leaves it (a win is 1, a bankruptcy 0, otherwise its share of the table's worth) and takes
the choice with the best average. Everything else it decides as «Сильный».

Deterministic for a seed: every choice is played out with the same dice (common random numbers, so the
choices are compared on the same luck), and those dice and card orders come from a generator seeded from
the public state — the game's seed, the round, the turn, everyone's cash and position — never from the
game's own generator (that would be knowing the dice to come) nor from the global RNG. How many playouts
a decision gets is fixed by its `Effort`, never by reading the clock.

The playouts go through the engine's public API: `apply` for the choice itself, then the driver's `play_out`
on its unchecked fast path (the bots there choose only legal actions).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from ..engine import (
    AcceptTrade,
    Action,
    Build,
    Buy,
    Decline,
    GameState,
    PayJailFine,
    ProposeTrade,
    RejectTrade,
    Roll,
    UseJailCard,
    apply,
    why_illegal,
)
from ..engine.dice import next_random, shuffled
from ..engine.state import Auction
from .base import BotBase, BotKind, JailPolicy
from .driver import play_out
from .outlook import Holdings, holdings, unchanged
from .strong import APPRAISER, NEVER, StrongBot
from .trading import gains

_MASK = (1 << 64) - 1


@dataclass(frozen=True, slots=True)
class Effort:
    """How hard «Мастер» thinks: playouts per decision, shared among its choices (at least `least` each),
    and how many rounds each is played on. Time grows with playouts × horizon."""

    playouts: int
    horizon: int
    least: int = 2

    def rollouts(self, choices: int) -> int:
        """Playouts of each choice when a decision has that many."""
        return max(self.least, self.playouts // choices)


EFFORTS: dict[str, Effort] = {
    "readable": Effort(playouts=12, horizon=5),
    "fast": Effort(playouts=8, horizon=4),
    "instant": Effort(playouts=6, horizon=3),
}
"""By the app's pace of computer players. On the busy, shared 2-core development machine a decision
with 12 playouts of 5 rounds took a median 0.34 s and at most 0.86 s, with 8 of 4 rounds 0.22 s and at
most 0.49 s (benchmarks/bench_master.py prints the figures); 16 of 5 overran a second."""
DEFAULT_EFFORT = "fast"


def standing(state: GameState, seat: int) -> float:
    """Where a playout leaves seat: 1 for a win, 0 once bankrupt or beaten, else its share of the worth
    of the players still in the game (as «Сильный» values lots and whole groups)."""
    if state.is_over:
        return 1.0 if state.winner == seat else 0.0
    if state.players[seat].bankrupt:
        return 0.0
    worths = [max(APPRAISER.worth(state, s), 0) for s in state.active_seats]
    total = sum(worths)
    return max(APPRAISER.worth(state, seat), 0) / total if total else 0.0


def luck(state: GameState, seat: int, salt: int) -> int:
    """The seed of a decision's playouts, from the public state only (not the game's dice generator)."""
    values = (
        state.seed,
        state.round,
        state.turn,
        seat,
        salt,
        *(p.cash for p in state.players),
        *(p.position for p in state.players),
    )
    mixed = 0
    for value in values:
        mixed = next_random((mixed ^ value) & _MASK)[1]
    return mixed


def reshuffled(state: GameState, seed: int) -> GameState:
    """The state with dice from seed and both decks in an order drawn from it (from the cards sorted: the
    true order tells nothing): a possible future."""
    rng, chance = shuffled(seed, sorted(state.decks.chance))
    rng, chest = shuffled(rng, sorted(state.decks.community_chest))
    return state._replace(
        rng=next_random(rng)[1], decks=state.decks._replace(chance=chance, community_chest=chest)
    )


class _Rollout(StrongBot):
    """«Сильный» as it plays in the playouts: proposing no trades, so not pricing any either (its offer
    search is skipped; the decisions are otherwise those of «Сильный» with trades off)."""

    def __init__(self, seed: int, seat: int) -> None:
        super().__init__(seed, seat)
        self.trades = False

    def _offer(self, state: GameState, seat: int, spare: int, wished: object) -> ProposeTrade | None:
        return None

    def _offer_floor(self, state: GameState, seat: int, reserve: int, wished: object) -> int:
        return NEVER


class _Patient(_Rollout):
    """«Сильный» that takes no manage action or trade offer before the turn after `until` (round, turn):
    the playouts of "not now"."""

    def __init__(self, seed: int, seat: int, until: tuple[int, int]) -> None:
        super().__init__(seed, seat)
        self.until = until

    def manage_now(self, state: GameState, seat: int) -> Action | None:
        if (state.round, state.turn) == self.until:
            return None
        return super().manage_now(state, seat)


class _Capped(_Rollout):
    """«Сильный» that bids at most `limit` in the auction of `square` (the playouts of an auction limit)."""

    def __init__(self, seed: int, seat: int, square: int, limit: int) -> None:
        super().__init__(seed, seat)
        self.square, self.limit = square, limit

    def auction_limit(self, state: GameState, seat: int, auction: Auction) -> int:
        if auction.square == self.square and auction.building is None:
            return self.limit
        return super().auction_limit(state, seat, auction)


@dataclass(frozen=True, slots=True)
class Choice:
    """One candidate: the action taken now (None: none), and how seat plays in the playouts after it."""

    action: Action | None
    patient: bool = False
    """Seat takes no manage action for the rest of this turn (the choice "not now")."""
    cap: int | None = None
    """Seat's limit in the auction under way."""


class MasterBot(StrongBot):
    kind: ClassVar[BotKind] = "master"

    def __init__(
        self, seed: int, seat: int, jail: JailPolicy | None = None, effort: str = DEFAULT_EFFORT
    ) -> None:
        super().__init__(seed, seat, jail)
        self.effort = EFFORTS[effort]
        self.looked_ahead = 0
        """Decisions made by playouts so far (the benchmark times them from outside)."""
        self._auction: tuple[tuple[int, int | None, int, int], int] | None = None
        """(the auction under way: square, building, round, turn) and the limit chosen for it."""
        self._declined: tuple[Holdings, int, int, Action] | None = None
        """A manage action the playouts advised against, with the holdings, round and turn of then."""

    # --- the playouts ------------------------------------------------------------------------------

    def best(self, state: GameState, seat: int, choices: Sequence[Choice], salt: int) -> Choice:
        """The choice with the best average standing over the playouts (ties: the earlier choice)."""
        if len(choices) == 1:
            return choices[0]
        self.looked_ahead += 1
        effort = self.effort
        base = luck(state, seat, salt)
        scores = [0.0] * len(choices)
        for k in range(effort.rollouts(len(choices))):
            seed = next_random((base + k) & _MASK)[1]
            future = reshuffled(state, seed)
            for index, choice in enumerate(choices):
                scores[index] += self._playout(future, seat, choice, seed, effort.horizon)
        top = max(range(len(choices)), key=lambda i: (scores[i], -i))
        return choices[top]

    def _playout(self, state: GameState, seat: int, choice: Choice, seed: int, horizon: int) -> float:
        start = (state.round, state.turn)
        if choice.action is not None:
            state = apply(state, choice.action)
        bots: list[BotBase] = []
        for s in range(len(state.players)):
            bot: _Rollout
            if s == seat and choice.patient:
                bot = _Patient(seed, s, start)
            elif s == seat and choice.cap is not None and state.auction is not None:
                bot = _Capped(seed, s, state.auction.square, choice.cap)
            else:
                bot = _Rollout(seed, s)
            bots.append(bot)
        final, _ = play_out(state, bots, max_rounds=state.round + horizon, checked=False)
        return standing(final, seat)

    # --- the decisions that matter -----------------------------------------------------------------

    def wants_to_buy(self, state: GameState, seat: int, square: int) -> bool:
        if state.players[seat].cash < state.board.property(square).price:
            return False
        choices = [Choice(Buy(player=seat)), Choice(Decline(player=seat))]
        return self.best(state, seat, choices, salt=1).action == choices[0].action

    def auction_limit(self, state: GameState, seat: int, auction: Auction) -> int:
        strong = super().auction_limit(state, seat, auction)
        if auction.building is not None:
            return strong
        key = (auction.square, auction.building, state.round, state.turn)
        if self._auction is not None and self._auction[0] == key:
            return self._auction[1]
        cash = state.players[seat].cash
        price = state.board.property(auction.square).price
        limits = sorted({max(0, min(cash, limit)) for limit in (0, strong, price, strong + strong // 2)})
        choices = [Choice(None, cap=limit) for limit in limits]
        limit = self.best(state, seat, choices, salt=2).cap
        assert limit is not None
        self._auction = (key, limit)
        return limit

    def answer_trade(self, state: GameState, seat: int, offer: ProposeTrade) -> Action:
        accept, reject = AcceptTrade(player=seat), RejectTrade(player=seat)
        _, mine = gains(APPRAISER, state, offer)
        if mine <= 0 and not self.likes_trade(state, seat, offer):
            return reject
        return self.best(state, seat, [Choice(reject), Choice(accept)], salt=3).action or reject

    def jail_moves(self, state: GameState, seat: int) -> list[Action]:
        moves = super().jail_moves(state, seat)
        if self.jail is not None:
            return moves
        out: Action | None = None
        for deck in sorted({card.deck for card in state.players[seat].jail_cards}):
            card = UseJailCard(player=seat, deck=deck)
            if why_illegal(state, card) is None:
                out = card
                break
        fine = PayJailFine(player=seat)
        if out is None and why_illegal(state, fine) is None:
            out = fine
        roll = Roll(player=seat)
        if out is None:
            return [roll]
        chosen = self.best(state, seat, [Choice(out), Choice(roll)], salt=4).action
        assert chosen is not None
        return [chosen, roll]

    def manage_now(self, state: GameState, seat: int) -> Action | None:
        action = super().manage_now(state, seat)
        if not isinstance(action, Build | ProposeTrade):
            return action
        declined = self._declined
        if (
            declined is not None
            and unchanged(state, declined[0])
            and (declined[1], declined[2]) == (state.round, state.turn)
            and declined[3] == action
        ):
            return None
        salt = 5 if isinstance(action, Build) else 6
        chosen = self.best(state, seat, [Choice(action), Choice(None, patient=True)], salt=salt)
        if chosen.action is None:
            self._declined = (holdings(state), state.round, state.turn, action)
        return chosen.action
