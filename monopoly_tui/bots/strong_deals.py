"""«Сильный»'s trading: the offers it makes for the streets that complete its groups, and how it answers
an offer.

For the streets that complete a group it offers cash from what a seller who knows the board asks (their
worth to the buyer at the market's valuation), a bit more each try, or swaps them for a street completing
a group of the partner's no better than its own, with the cash that makes the partner's gain a share of
its own, and only where its own group, built with the cash it then holds, threatens as much as the
partner's. With no such offer to make, it buys, at about their printed price, the streets that leave it
one street short of a group held by others (strong_stones.py). It answers offers by what they do to both
sides' worth, by the same measure of threat.
"""

from __future__ import annotations

from ..engine import GameState, ProposeTrade, TradeSide, why_illegal
from .base import BotBase, JailPolicy
from .outlook import NOTHING_SEEN, Holdings, holdings, unchanged
from .strong_stones import Stone, stepping_stones
from .strong_terms import (
    APPRAISER,
    BUILD_FLOAT,
    CASH_LADDER,
    FAIR_SHARE,
    MARKET,
    MIN_RESERVE,
    NEVER,
    RETRY_AFTER,
    SHARES,
    STONE_LADDER,
    THREAT_SHARE,
)
from .trading import Wish, gains, lot_gains, swap_lots, view_after
from .valuation import Appraiser, View, colour_group, group_threat, owns_group


def _others_cash(state: GameState, seat: int) -> tuple[int, ...]:
    """Every player's cash but seat's (0 there)."""
    return tuple(0 if i == seat else p.cash for i, p in enumerate(state.players))


Exchange = tuple[int, int, tuple[int, ...], tuple[int, ...], bool]
"""Proposer, partner, the lots each hands over, and whether priced by APPRAISER (else MARKET)."""
Priced = dict[Exchange, tuple[int, int]]
Swaps = dict[tuple[int, Wish], list[int]]


class StrongDealer(BotBase):
    """The trading half of «Сильный» (StrongBot is the rest): offers made on its own turns, answers given."""

    def __init__(self, seed: int, seat: int, jail: JailPolicy | None = None) -> None:
        super().__init__(seed, seat, jail)
        self._asked: dict[tuple[int, ...], tuple[int, int]] = {}
        """Streets asked for -> (offers made, round of the last offer)."""
        self._no_offer: tuple[int, Holdings, int, int, int, tuple[int, ...]] | None = None
        """(seat, holdings, round, cash, spare cash, the others' cash) when `_offer` last found none."""
        self._priced: tuple[Holdings, Priced, Swaps]
        self._priced = (NOTHING_SEEN, {}, {})
        """The holdings seen and, for them, lot_gains of each exchange of lots priced (what lots are worth
        depends on the holdings alone: the same offer is priced again only once something changed), and
        the lots seat could swap for each wish (swap_lots: the holdings alone, too)."""
        self._order: tuple[tuple[Wish, ...], list[Wish]] = ((), [])
        """The last wishes seen, most valuable group first (the outlook keeps the same tuple)."""
        self._stones: tuple[int, Holdings, list[Stone]] = (-1, NOTHING_SEEN, [])
        """The seat and holdings seen and, for them, the stepping stones (the holdings alone decide)."""
        self._stones_asked: dict[int, tuple[int, int]] = {}
        """Stepping stones asked for -> (offers made, round of the last offer)."""

    def _offer(
        self, state: GameState, seat: int, spare: int, wished: tuple[Wish, ...]
    ) -> ProposeTrade | None:
        """The next offer for streets that complete a group: cash first, else a swap, a bit more each try.

        When there is none, there is none again with the same holdings in the same round and no more
        cash (less cash only rules offers out): that is noted, and such calls answer at once.
        """
        cash = state.players[seat].cash
        none = self._no_offer
        others = _others_cash(state, seat)
        if (
            none is not None
            and unchanged(state, none[1])
            and none[0] == seat
            and none[2] == state.round
            and cash <= none[3]
            and spare <= none[4]
            and none[5] == others
        ):
            return None
        reserve = cash - spare
        for wish in self._ordered(state, wished):
            tries, last = self._asked.get(wish.lots, (0, -RETRY_AFTER))
            if last == state.round or (tries >= len(CASH_LADDER) and state.round - last < RETRY_AFTER):
                continue
            for needs, offer in self._candidates(state, seat, wish, tries % len(CASH_LADDER), reserve):
                if needs <= cash and why_illegal(state, offer) is None:
                    self._asked[wish.lots] = (tries + 1, state.round)
                    return offer
        for needs, offer, tries in self._stone_offers(state, seat, reserve):
            if needs <= cash and why_illegal(state, offer) is None:
                self._stones_asked[offer.take.lots[0]] = (tries + 1, state.round)
                return offer
        self._no_offer = (seat, holdings(state), state.round, cash, spare, others)
        return None

    def _ordered(self, state: GameState, wished: tuple[Wish, ...]) -> list[Wish]:
        """The wishes, the most valuable group first."""
        if self._order[0] is not wished:
            ordered = sorted(wished, key=lambda w: -APPRAISER.group_worth(state.board, w.group))
            self._order = (wished, ordered)
        return self._order[1]

    def _offer_floor(self, state: GameState, seat: int, reserve: int, wished: tuple[Wish, ...]) -> int:
        """The least cash at which one of the offers `_offer` just found none of could be made, with these
        holdings, in this round (NEVER: none could). Whether an offer is worth making does not depend on
        the cash: only whether the bot can pay what it offers and keep its reserve."""
        floor = NEVER
        for wish in self._ordered(state, wished):
            tries, last = self._asked.get(wish.lots, (0, -RETRY_AFTER))
            if last == state.round or (tries >= len(CASH_LADDER) and state.round - last < RETRY_AFTER):
                continue
            step = tries % len(CASH_LADDER)
            for needs, _ in self._candidates(state, seat, wish, step, reserve, outbuilt=False):
                floor = min(floor, needs)
        for needs, _, _ in self._stone_offers(state, seat, reserve):
            floor = min(floor, needs)
        return floor

    def _stepping_stones(self, state: GameState, seat: int) -> list[Stone]:
        """stepping_stones, remembered for these holdings."""
        known_seat, seen, stones = self._stones
        if known_seat != seat or not unchanged(state, seen):
            stones = stepping_stones(state, seat)
            self._stones = (seat, holdings(state), stones)
        return stones

    def _stone_offers(self, state: GameState, seat: int, reserve: int) -> list[tuple[int, ProposeTrade, int]]:
        """Cash offers for the stepping stones not asked for this round (nor, once the ladder is
        exhausted, for RETRY_AFTER rounds), each with the cash it needs in hand (what it pays plus the
        reserve) and the offers made for it so far: the street's value to its holder times
        STONE_LADDER at this try, and a thousand more (a holder who sells at its value gains by it)."""
        out = []
        for stone in self._stepping_stones(state, seat):
            tries, last = self._stones_asked.get(stone.square, (0, -RETRY_AFTER))
            if last == state.round or (tries >= len(STONE_LADDER) and state.round - last < RETRY_AFTER):
                continue
            cash = -(-int(STONE_LADDER[tries % len(STONE_LADDER)] * stone.value) // 1000) * 1000 + 1000
            offer = ProposeTrade(
                player=seat,
                partner=stone.holder,
                give=TradeSide(cash=cash),
                take=TradeSide(lots=(stone.square,)),
            )
            out.append((cash + reserve, offer, tries))
        return out

    def _candidates(
        self, state: GameState, seat: int, wish: Wish, step: int, reserve: int, outbuilt: bool = True
    ) -> list[tuple[int, ProposeTrade]]:
        """The offers worth making for the wished streets at this try, each with the cash it needs in
        hand (what it pays plus the reserve): cash at CASH_LADDER[step] times the streets' worth to the
        bot at the market's valuation, then swaps of a street completing one of the partner's groups,
        with the cash that makes the partner's gain SHARES[step] of the bot's own, and only where the bot
        would build the more threatening group with the cash each side then holds (`outbuilt`: judged;
        the least cash an offer needs is worked out without it, which only makes it less)."""
        out = []
        partner = wish.partner
        own = self._lot_gains(state, seat, partner, (), wish.lots)[0]
        market = self._lot_gains(state, seat, partner, (), wish.lots, MARKET)[0]
        cash = -(-int(CASH_LADDER[step] * market) // 1000) * 1000
        if own - cash > 0:
            give = TradeSide(cash=cash)
            offer = ProposeTrade(player=seat, partner=partner, give=give, take=TradeSide(lots=wish.lots))
            out.append((cash + reserve, offer))
        share = SHARES[step]
        board = state.board
        wished = APPRAISER.group_worth(board, wish.group)
        for mine in self._swaps(state, seat, wish):
            if APPRAISER.group_worth(board, colour_group(board, mine)) > wished:
                continue  # never a better group for a worse one
            gain, theirs = self._lot_gains(state, seat, partner, (mine,), wish.lots)
            cash = max(0, -(-int((share * gain - theirs) / (1 + share)) // 1000) * 1000)
            theirs_group = colour_group(board, mine)
            if gain - cash > 0 and (
                not outbuilt or self._outbuilds(state, seat, partner, wish.group, theirs_group, cash)
            ):
                give = TradeSide(lots=(mine,), cash=cash)
                offer = ProposeTrade(player=seat, partner=partner, give=give, take=TradeSide(lots=wish.lots))
                out.append((cash + reserve, offer))
        return out

    @staticmethod
    def _outbuilds(
        state: GameState, seat: int, partner: int, mine: tuple[int, ...], theirs: tuple[int, ...], paid: int
    ) -> bool:
        """In a swap completing `mine` for seat and `theirs` for the partner, with `paid` going from seat
        to the partner: whether seat's group, built with the cash seat then holds, threatens at least
        THREAT_SHARE of what the partner's threatens built with theirs (group_threat; both keep
        BUILD_FLOAT). A two-street group with cash to build is worth more than three streets without."""
        board = state.board
        budget = state.players[seat].cash - paid - BUILD_FLOAT
        their_budget = state.players[partner].cash + paid - BUILD_FLOAT
        return group_threat(board, mine, budget) >= THREAT_SHARE * group_threat(board, theirs, their_budget)

    def _memory(self, state: GameState) -> tuple[Priced, Swaps]:
        """What is remembered for these holdings (forgotten as soon as they change)."""
        seen, priced, swaps = self._priced
        if not unchanged(state, seen):
            priced, swaps = {}, {}
            self._priced = (holdings(state), priced, swaps)
        return priced, swaps

    def _lot_gains(
        self,
        state: GameState,
        seat: int,
        partner: int,
        give: tuple[int, ...],
        take: tuple[int, ...],
        appraiser: Appraiser = APPRAISER,
    ) -> tuple[int, int]:
        priced = self._memory(state)[0]
        key = (seat, partner, give, take, appraiser is APPRAISER)
        found = priced.get(key)
        if found is None:
            found = priced[key] = lot_gains(appraiser, state, seat, partner, give, take)
        return found

    def _swaps(self, state: GameState, seat: int, wish: Wish) -> list[int]:
        """swap_lots, remembered for these holdings."""
        swaps = self._memory(state)[1]
        mine = swaps.get((seat, wish))
        if mine is None:
            mine = swaps[seat, wish] = swap_lots(state, seat, wish)
        return mine

    def likes_trade(self, state: GameState, seat: int, offer: ProposeTrade) -> bool:
        theirs, mine = gains(APPRAISER, state, offer)
        if mine <= 0 or mine < FAIR_SHARE * theirs:
            return False
        after = view_after(state, offer)
        if after.cash(seat) < min(MIN_RESERVE, state.players[seat].cash):
            return False
        proposer = offer.player
        theirs_done = _completed(state, after, proposer, offer.take.lots)
        mine_done = _completed(state, after, seat, offer.give.lots)
        if theirs_done and mine_done:
            # A swap of groups: only if seat's group, built with the cash seat then holds, threatens as
            # much as the proposer's.
            board = state.board
            budget = after.cash(seat) - BUILD_FLOAT
            their_budget = after.cash(proposer) - BUILD_FLOAT
            return group_threat(board, mine_done, budget) >= THREAT_SHARE * group_threat(
                board, theirs_done, their_budget
            )
        return True


def _completed(state: GameState, after: View, seat: int, received: tuple[int, ...]) -> tuple[int, ...]:
    """The colour group the lots received complete for seat after a trade and not before (() if none)."""
    for square in received:
        group = colour_group(state.board, square)
        if group and owns_group(after, seat, group) and not owns_group(state, seat, group):
            return group
    return ()
