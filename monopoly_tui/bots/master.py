"""«Мастер»: «Сильный» that looks ahead.

For the decisions that matter — the trades it offers and the ones it answers, how high to go in an
auction, buying a lot «Сильный» would leave, the first house of its own turn — it lists a few candidate
choices, the one «Сильный» would make first, and plays each on from the position
(bots/master_lookahead.py: Monte-Carlo playouts with common dice, «Сильный» in every seat, each scored by
the chance of winning from where it stops, bots/master_value.py). It takes another candidate only when
the playouts show it clearly better, pair by pair; everything else it decides as «Сильный». Leaving
jail too: in 60 jail decisions of benchmark games played out, the playouts never found the other choice
better.

Its edge is in trading. Between «Сильный» players hardly any deal is made (each wants to gain at least
as much as the other); «Мастер» also looks for the deals its partner would accept
(bots/master_deals.py) and makes one when the playouts find it clearly better than «Сильный»'s own
offer (or none): a group of its own, bought from a partner who cannot build with the cash, beats the
two players left out. With no offer of its own to make, on its turn (when «Сильный» looks for offers at
all: it has a group, a mortgaged lot or a group to complete) it buys the streets an opponent lacks for a
group from the player holding them, at the least price that player accepts (no playouts:
in 300 games of that rule alone against three «Сильный» of before its auction and swap rules it won
38 %, parity 25 %), so that the opponent's first deal, if any, is made with «Мастер». It never sells a
colour group, getting none itself, to a buyer left with the cash to build it to three houses a street
(`builds_what_it_buys`): such a sale is refused without playing out; one that drains the buyer is
played out as any other answer (in 48 benchmark games the playouts approved 19 such sales, in 16
games, at 0.22 to 2.34 million; «Мастер» won 8 of those 16).

Deterministic for a seed, blind to the game's own dice and card order, never touching the global RNG,
and bounded by a count of playout rounds per decision (its `Effort`), never by the clock.
"""

from __future__ import annotations

from typing import ClassVar

from ..engine import (
    AcceptTrade,
    Action,
    Build,
    Buy,
    Decline,
    GameState,
    ProposeTrade,
    RejectTrade,
)
from ..engine.state import Auction
from .base import BotKind, JailPolicy
from .master_deals import deals, preemption
from .master_lookahead import Choice, Effort, Lookahead
from .outlook import Holdings, holdings, unchanged
from .simple import groups_completed
from .strong import StrongBot
from .strong_terms import APPRAISER, BUILD_FLOAT
from .trading import Wish, gains
from .valuation import house_cost

EFFORTS: dict[str, Effort] = {
    "readable": Effort(rounds=240, horizon=6, calls=4000, least=6, most=16, margin=0.0, confidence=1.0),
    "fast": Effort(rounds=120, horizon=4, calls=1800, least=5, most=15, margin=0.0, confidence=1.0),
    "instant": Effort(rounds=48, horizon=4, calls=1000, least=4, most=6, margin=0.0, confidence=1.0),
}
"""By the app's pace of computer players: a decision's budget in playout rounds and in the playout players'
looks at managing, and how many rounds a playout lasts, for at most 1 s a decision at the readable pace,
about 0.5 s at the fast one, 0.25 s at the instant one on this machine. Against the «Сильный» that buys
stepping stones a playout round costs 2 to 7 ms of processor time (stones change hands, every bid of an
auction goes round the table), 120 rounds took up to 1.08 s at the fast pace; a look at managing costs
0.14 ms (median) to 0.22 ms, so the looks bound what a decision takes (benchmarks/bench_master.py: at
the readable effort, at a load average of 19, the longest of 142 decisions took 0.95 s of processor
time, median 0.48 s; at the fast effort with 2 000 looks the longest of 1 094 took 0.54 s, 9 over 0.5 s
at a load average of 12 to 19, hence 1 800). The readable effort's playouts last 6 rounds: 8 rounds deep
it won 72 of 192 games against three «Сильный» (seeds 48..239), 6 rounds deep 87. The fast effort's
last 4: a playout costs about two thirds of the looks, so a decision gets more of them, and against three
«Сильный» it won 180 of 384 games (seeds 48..431) where 6 rounds deep it won 157, 54 games more and 31
fewer; 3 rounds deep 87 of seeds 240..431 against 4 rounds' 89 (the looks, not `most`, bound most
decisions). Over seeds 48..623 the readable effort won 259 of 576 games, the fast one 264:
within noise of each other, so neither was changed. On the machine shared with other work a
decision's wall time was five to twenty times that (the app thinks in a thread: app/thinking.py).
Another choice is taken when its mean paired gain is above one standard error (README.md gives the
figures)."""
DEFAULT_EFFORT = "fast"
DEALS = 2
"""Deals played out against no deal, at most, at one look."""
RETHINK = 3
"""Rounds before deals are looked for again while nobody's holdings change (cash alone moves prices)."""


class MasterBot(StrongBot):
    kind: ClassVar[BotKind] = "master"

    def __init__(
        self, seed: int, seat: int, jail: JailPolicy | None = None, effort: str = DEFAULT_EFFORT
    ) -> None:
        super().__init__(seed, seat, jail)
        self.lookahead = Lookahead(EFFORTS[effort])
        self._auction: tuple[tuple[int, int | None, int, int], int] | None = None
        """(the auction under way: square, building, round, turn) and the limit chosen for it."""
        self._dealt: tuple[Holdings, int, int] | None = None
        """The holdings, round and seat when deals were last looked for."""
        self._preempted: tuple[int, tuple[int, ...]] | None = None
        """The round and the streets of the last pre-emptive offer (not made twice in a round)."""
        self._building: tuple[int, int, bool] | None = None
        """The round and turn of the last building decision played out, and whether it was to build."""

    @property
    def effort(self) -> Effort:
        return self.lookahead.effort

    @effort.setter
    def effort(self, effort: Effort) -> None:
        self.lookahead.effort = effort

    @property
    def looked_ahead(self) -> int:
        """Decisions made by playouts so far (the benchmark times them from outside)."""
        return self.lookahead.decisions

    def _pick(self, state: GameState, seat: int, choices: list[Choice], salt: int) -> Choice:
        return choices[self.lookahead.choose(state, seat, choices, salt)]

    # --- trades -----------------------------------------------------------------------------------

    def _offer(
        self, state: GameState, seat: int, spare: int, wished: tuple[Wish, ...]
    ) -> ProposeTrade | None:
        """«Сильный»'s own offer (or none); on its own turn, when the holdings changed or every RETHINK
        rounds, the deals a partner would accept are played out against it, and one is made instead if
        the playouts find it clearly better. With none to make, on its own turn, a pre-emptive one."""
        offer = self._own_offer(state, seat, spare, wished)
        if offer is not None or state.turn != seat or not self.trades:
            return offer
        offer = preemption(state, seat, spare)
        if offer is None or self._preempted == (state.round, offer.take.lots):
            return None
        self._preempted = (state.round, offer.take.lots)
        return offer

    def _own_offer(
        self, state: GameState, seat: int, spare: int, wished: tuple[Wish, ...]
    ) -> ProposeTrade | None:
        strong = super()._offer(state, seat, spare, wished)
        if state.turn != seat or not self.trades or self._looked_for_deals(state, seat):
            return strong
        self._dealt = (holdings(state), state.round, seat)
        offers = [offer for offer in deals(state, seat, wished, DEALS) if offer != strong]
        if not offers:
            return strong
        choices = [Choice(strong), *(Choice(offer) for offer in offers)]
        chosen = self._pick(state, seat, choices, salt=6).action
        return chosen if isinstance(chosen, ProposeTrade) else None

    def _looked_for_deals(self, state: GameState, seat: int) -> bool:
        dealt = self._dealt
        return (
            dealt is not None
            and unchanged(state, dealt[0])
            and dealt[2] == seat
            and state.round - dealt[1] < RETHINK
        )

    def _offer_floor(self, state: GameState, seat: int, reserve: int, wished: tuple[Wish, ...]) -> int:
        """Once deals were looked for (for RETHINK rounds while the holdings stay), «Сильный»'s floor;
        before that (on another player's turn) the call must not be taken as final."""
        if self._looked_for_deals(state, seat) or not wished:
            return super()._offer_floor(state, seat, reserve, wished)
        return 0

    def answer_trade(self, state: GameState, seat: int, offer: ProposeTrade) -> Action:
        """«Сильный»'s answer, unless the playouts find the other one clearly better; an offer that
        gives nothing at all is refused without playing out."""
        accept, reject = AcceptTrade(player=seat), RejectTrade(player=seat)
        if builds_what_it_buys(state, seat, offer):
            return reject
        strong = self.likes_trade(state, seat, offer)
        _, mine = gains(APPRAISER, state, offer)
        if not strong and mine <= 0:
            return reject
        choices = [Choice(accept), Choice(reject)] if strong else [Choice(reject), Choice(accept)]
        chosen = self._pick(state, seat, choices, salt=3)
        return chosen.action or reject

    # --- the turn's decisions --------------------------------------------------------------------------

    def manage_now(self, state: GameState, seat: int) -> Action | None:
        """«Сильный»'s manage action; on its own turn, the first house it would build is played out
        against building nothing that turn ("not now": no manage action until the next turn). On another
        player's turn it builds as «Сильный»: the app asks those actions between turns on its own thread,
        where a decision played out would hold the screen."""
        action = super().manage_now(state, seat)
        if not isinstance(action, Build) or state.turn != seat:
            return action
        now = (state.round, state.turn)
        known = self._building
        if known is None or known[:2] != now:
            choices = [Choice(action), Choice(None, patient=True)]
            build = self._pick(state, seat, choices, salt=5).action is not None
            self._building = known = (*now, build)
        return action if known[2] else None

    def wants_to_buy(self, state: GameState, seat: int, square: int) -> bool:
        strong = super().wants_to_buy(state, seat, square)
        if strong or state.players[seat].cash < state.board.property(square).price:
            return strong
        choices = [Choice(Decline(player=seat)), Choice(Buy(player=seat))]
        return self._pick(state, seat, choices, salt=1).action == choices[1].action

    def auction_limit(self, state: GameState, seat: int, auction: Auction) -> int:
        strong = super().auction_limit(state, seat, auction)
        if auction.building is not None:
            return strong
        key = (auction.square, auction.building, state.round, state.turn)
        if self._auction is not None and self._auction[0] == key:
            return self._auction[1]
        cash = state.players[seat].cash
        price = state.board.property(auction.square).price
        limits = [max(0, min(cash, limit)) for limit in (strong, 0, price, strong + strong // 2)]
        unique = list(dict.fromkeys(limits))
        limit = self._pick(state, seat, [Choice(None, cap=limit) for limit in unique], salt=2).cap
        assert limit is not None
        self._auction = (key, limit)
        return limit


BUILT_TO = 3
"""Houses a street a group's buyer can afford after paying before «Мастер» will not sell it the group."""


def builds_what_it_buys(state: GameState, seat: int, offer: ProposeTrade) -> bool:
    """Whether the offer hands the proposer a whole colour group (seat getting none) and leaves the
    proposer the cash to build it to BUILT_TO houses a street, keeping «Сильный»'s float."""
    if groups_completed(state, offer, seat):
        return False
    groups = groups_completed(state, offer, offer.player)
    if not groups:
        return False
    cash = state.players[offer.player].cash - offer.give.cash + offer.take.cash - BUILD_FLOAT
    board = state.board
    return any(cash >= BUILT_TO * sum(house_cost(board, i) for i in group) for group in groups)
