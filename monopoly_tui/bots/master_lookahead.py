"""How «Мастер» looks ahead: Monte-Carlo playouts of the game from a position, compared in pairs.

A decision's candidates are each played on from the position the same number of times, the k-th playout
of every candidate with the same dice and card orders (common random numbers: the candidates are
compared on the same luck, and the noise of the dice mostly cancels in their differences). Every seat
plays as «Сильный», trades and all (`Effort.trades`): between «Сильный» players deals at the market price
are made (about three a game, in 200 games of four), the first one's proposer wins 43 % of games and
its partner 27 %, so a future without them misjudges what a refusal or a deal leads to. The playout stops
after a fixed number of rounds, or earlier at the end of the game, and is scored by the seat's chance of
winning from where it stops (`master_value.standing`: a model fitted on games of four «Сильный»).

The candidate the policy itself would choose comes first; another one is taken only when its playouts
beat the first one's, pair by pair: a mean gain in the chance of winning above `Effort.margin` by more than
`Effort.confidence` standard errors. Candidates that play out alike are never taken, and a decision where
nothing can clear that bar stops playing out early.

Deterministic for a seed: the playouts' dice come from a generator seeded from the public state (the
game's seed, the round, the turn, everyone's cash and position), never from the game's own generator
(that would be knowing the dice to come) nor from the global RNG. How much a decision may play out is a
count of playout rounds, `Effort.rounds`, and of the decisions the playouts' players make, `Effort.calls`,
never a reading of the clock.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from math import sqrt

from ..engine import Action, GameState, ProposeTrade
from ..engine.dice import next_random, shuffled
from ..engine.game import apply_unchecked
from ..engine.state import Auction
from .driver import play_out
from .master_value import standing
from .outlook import Holdings, holdings, unchanged
from .strong import StrongBot
from .strong_terms import NEVER
from .trading import Wish

_MASK = (1 << 64) - 1


@dataclass(frozen=True, slots=True)
class Effort:
    """How hard «Мастер» thinks about one decision.

    `rounds` is the decision's budget in playout rounds, shared among its candidates: each candidate is
    played out `rounds // (candidates × horizon)` times (at most `most`); a decision that cannot give
    each candidate `least` playouts takes the policy's choice without playing out."""

    rounds: int
    horizon: int
    calls: int = 1 << 30
    """The decision's budget in the playout players' looks at managing (`manage_now`: their trade offer
    searches, building and lifting, most of a playout's cost): playouts stop once the next one of every
    candidate would go past it. A playout round costs from about 20 to about 45 of them (more with
    stepping stones changing hands, auctions and building going on); their cost varies less than a
    round's (benchmarks/bench_master.py)."""
    least: int = 8
    most: int = 64
    batch: int = 4
    """Playouts of each candidate between two looks at the differences."""
    margin: float = 0.01
    """The least mean gain in the seat's chance of winning that makes another candidate worth taking."""
    confidence: float = 2.0
    """The standard errors of the paired differences the gain must clear."""
    trades: bool = True
    """Whether the players of the playouts make trade offers (as «Сильный» does) or only answer them."""

    def playouts(self, candidates: int) -> int:
        """Playouts of each candidate when a decision has that many (0: too many to play out)."""
        each = min(self.most, self.rounds // (max(candidates, 1) * self.horizon))
        return each if each >= self.least else 0


def _mean_error(values: list[float]) -> tuple[float, float]:
    """The mean of paired differences and its standard error."""
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    return mean, sqrt(var / n)


def _affordable(
    live: list[int], diffs: list[list[float]], calls: int, effort: Effort
) -> tuple[list[int], int]:
    """After one playout of every candidate (`calls` looks in all): the candidates to play on, those whose
    first playout gained most when the looks would not give all of them `least` playouts (at least one
    kept), and then the looks each further playout of the first candidate and those kept will cost (0:
    none cut, the running average stands)."""
    each = max(calls // (1 + len(live)), 1)
    fits = effort.calls // (each * effort.least) - 1
    if fits >= len(live):
        return live, 0
    kept = sorted(sorted(live, key=lambda index: (-diffs[index][0], index))[: max(fits, 1)])
    return kept, each * (1 + len(kept))


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


class Rollout(StrongBot):
    """«Сильный» as it plays in the playouts; with trades=False proposing none, so pricing none either
    (its offer search is skipped; the decisions are otherwise those of «Сильный» with trades off)."""

    def __init__(self, seed: int, seat: int, trades: bool = True) -> None:
        super().__init__(seed, seat)
        self.trades = trades
        self.looks = 0
        """Calls of manage_now so far (what the decision's budget counts)."""
        self._limit: tuple[tuple[object, ...], Holdings, int] | None = None
        """(seat, lot, building, cash, who is in jail), the holdings, and «Сильный»'s limit for them."""

    def auction_limit(self, state: GameState, seat: int, auction: Auction) -> int:
        """«Сильный»'s limit, worked out once an auction: it bids in steps of 5 000, and pricing the lot
        at every bid was most of the time of a playout that begins with an auction. The limit depends on
        the holdings, the cash and who sits in jail, none of which moves while the bids go round."""
        key = (seat, auction.square, auction.building, state.players[seat].cash, self._jailed(state))
        known = self._limit
        if known is not None and known[0] == key and unchanged(state, known[1]):
            return known[2]
        limit = super().auction_limit(state, seat, auction)
        self._limit = (key, holdings(state), limit)
        return limit

    def manage_now(self, state: GameState, seat: int) -> Action | None:
        self.looks += 1
        return super().manage_now(state, seat)

    def _offer(
        self, state: GameState, seat: int, spare: int, wished: tuple[Wish, ...]
    ) -> ProposeTrade | None:
        return super()._offer(state, seat, spare, wished) if self.trades else None

    def _offer_floor(self, state: GameState, seat: int, reserve: int, wished: tuple[Wish, ...]) -> int:
        return super()._offer_floor(state, seat, reserve, wished) if self.trades else NEVER


class Patient(Rollout):
    """«Сильный» that takes no manage action in the turn `until` (round, turn): the playouts of "not now"."""

    def __init__(self, seed: int, seat: int, until: tuple[int, int], trades: bool = True) -> None:
        super().__init__(seed, seat, trades)
        self.until = until

    def manage_now(self, state: GameState, seat: int) -> Action | None:
        if (state.round, state.turn) == self.until:
            return None
        return super().manage_now(state, seat)


class Capped(Rollout):
    """«Сильный» that bids at most `limit` in the auction of `square` (the playouts of an auction limit)."""

    def __init__(self, seed: int, seat: int, square: int, limit: int, trades: bool = True) -> None:
        super().__init__(seed, seat, trades)
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


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the playouts of one decision found: the candidate taken, and what was spent."""

    index: int
    playouts: int
    """Playouts of each candidate (the first one's; others may have been dropped before)."""
    rounds: int
    """Playout rounds spent, all candidates together."""
    calls: int
    """The playout players' looks at managing, all candidates together."""
    gain: float
    """The mean paired gain of the candidate taken over the first one (0 when it is the first)."""


class Lookahead:
    """Plays out one seat's decisions within an effort, and keeps count of what it spent."""

    def __init__(self, effort: Effort) -> None:
        self.effort = effort
        self.decisions = 0
        """Decisions played out so far."""
        self.last: Verdict | None = None
        self.tally: Counter[tuple[int, bool]] = Counter()
        """(salt, whether a candidate other than the first was taken) -> decisions: what playouts changed."""
        self.gaps: dict[int, list[float]] = {}
        """salt -> for each decision played out, the best mean paired gain of another candidate over the
        first one (taken or not, in the chance of winning): how far apart the playouts found them."""

    def choose(self, state: GameState, seat: int, choices: Sequence[Choice], salt: int) -> int:
        """The index of the candidate to take: 0 (the policy's own choice) unless another one's playouts
        beat it clearly (see the module docstring).

        Playouts go round the candidates still in question; after `least` rounds of them, and every
        `batch` more, a candidate that can no longer clear the margin (its mean gain plus one standard
        error below it) is dropped, and one that clears it already by half a standard error more than
        the final test asks is taken: a decision with nothing to gain stops early. When the looks at
        managing would not give every candidate `least` playouts (the first playouts tell what one
        costs), only the candidates whose first playout gained most are played on, as many as fit
        (before, such a decision ran out of looks unjudged: 43 of 87 auctions of four limits and 16 of
        156 offers among three choices in 96 benchmark games, some of them deals worth 10 to 20 points
        of the chance of winning)."""
        effort = self.effort
        n = effort.playouts(len(choices))
        if len(choices) < 2 or n == 0:
            return 0
        self.decisions += 1
        base = luck(state, seat, salt)
        diffs: list[list[float]] = [[] for _ in choices]
        live = list(range(1, len(choices)))
        spent = calls = k = step = 0
        best, gain = 0, 0.0
        while live and k < n:
            seed = next_random((base + k) & _MASK)[1]
            future = reshuffled(state, seed)
            first, rounds, used = self._playout(future, seat, choices[0], seed, effort)
            spent += rounds
            calls += used
            for index in live:
                score, rounds, used = self._playout(future, seat, choices[index], seed, effort)
                diffs[index].append(score - first)
                spent += rounds
                calls += used
            k += 1
            if k == 1 and len(live) > 1:
                live, step = _affordable(live, diffs, calls, effort)
            # The next playouts would cost about as much as these did on average (or, once candidates
            # were cut, as the first ones of those kept): stop before going past.
            last = k == n or calls + (step or calls // k) > effort.calls
            if k < effort.least or (k % effort.batch and not last):
                if last:
                    break
                continue
            z = effort.confidence if last else effort.confidence + 0.5
            judged = [(index, *_mean_error(diffs[index])) for index in live]
            clear = [(mean, index) for index, mean, error in judged if mean > effort.margin + z * error]
            if clear:
                gain, best = max(clear, key=lambda c: (c[0], -c[1]))
                break
            live = [index for index, mean, error in judged if mean + error > effort.margin]
            if last:
                break
        self.last = Verdict(index=best, playouts=k, rounds=spent, calls=calls, gain=gain)
        self.tally[salt, best > 0] += 1
        gap = max(sum(d) / len(d) for d in diffs[1:] if d)
        self.gaps.setdefault(salt, []).append(gap)
        return best

    @staticmethod
    def _playout(
        state: GameState, seat: int, choice: Choice, seed: int, effort: Effort
    ) -> tuple[float, int, int]:
        """One playout of choice: its score, the rounds it lasted and its players' looks at managing."""
        start, horizon, trades = (state.round, state.turn), effort.horizon, effort.trades
        if choice.action is not None:
            state = apply_unchecked(state, choice.action)
        bots: list[Rollout] = []
        for s in range(len(state.players)):
            bot: Rollout
            if s == seat and choice.patient:
                bot = Patient(seed, s, start, trades)
            elif s == seat and choice.cap is not None and state.auction is not None:
                bot = Capped(seed, s, state.auction.square, choice.cap, trades)
            else:
                bot = Rollout(seed, s, trades)
            bots.append(bot)
        final, _ = play_out(state, bots, max_rounds=start[0] + horizon - 1, checked=False)
        calls = sum(bot.looks for bot in bots)
        return standing(final, seat), max(1, min(final.round - start[0] + 1, horizon)), calls
