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

from collections.abc import Sequence
from itertools import compress
from operator import ne
from typing import Any

from ..engine import Board, GameState, ProposeTrade, why_illegal
from ..engine.mortgages import interest
from .base import BotBase, JailPolicy
from .outlook import Holdings, holdings, unchanged
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
from .trading import (
    Reach,
    Wish,
    after_trade,
    completed,
    gains,
    handed_over,
    offer_of,
    street_gains,
    swap_lots,
)
from .valuation import colour_group, group_threat, street_table


def _others_cash(state: GameState, seat: int) -> tuple[int, ...]:
    """Every player's cash but seat's (0 there)."""
    return tuple(0 if i == seat else p.cash for i, p in enumerate(state.players))


Terms = tuple[int, tuple[int, ...], int, tuple[int, ...]]
"""An offer's terms: the partner, the lots offered, the cash offered and the lots asked for (offer_of
makes the action)."""
NoOffer = tuple[
    int,
    Holdings,
    int,
    int,
    int,
    tuple[int, ...],
    Reach | None,
    int,
    list[tuple[Wish, int]],
    list[tuple[Terms, int]],
]
Candidate = tuple[int, Terms, tuple[int, ...]]
"""An offer worth making, the cash it needs in hand, and for a swap the partner's group it completes."""


class StrongDealer(BotBase):
    """The trading half of «Сильный» (StrongBot is the rest): offers made on its own turns, answers given."""

    def __init__(self, seed: int, seat: int, jail: JailPolicy | None = None) -> None:
        super().__init__(seed, seat, jail)
        self._asked: dict[tuple[int, ...], tuple[int, int]] = {}
        """Streets asked for -> (offers made, round of the last offer)."""
        self._no_offer: NoOffer | None = None
        """(seat, holdings, round, cash, spare cash, the others' cash, what the search read when no offer
        was in reach of the cash, the least cash an offer would pay, the wishes tried and their tries,
        the stepping stones' offers' terms and their tries) when `_offer` last found none."""
        self._asks = 0
        """Offers made so far (each changes `_asked`)."""
        self._floor: tuple[GameState, int, int, tuple[Wish, ...], int, int] | None = None
        """(state, seat, reserve, wishes, offers made, the floor): the least cash the offers `_offer` last
        looked at all of needed, for `_offer_floor` asked next about the very same."""
        self._order: tuple[tuple[Wish, ...], list[Wish]] = ((), [])
        """The last wishes seen, most valuable group first (the outlook keeps the same tuple)."""
        self._stones: tuple[int, Any, Any, tuple[int, ...], list[Stone]] = (-1, (), (), (), [])
        """The seat, owners, mortgages and players out seen and, for them, the stepping stones."""
        self._stones_asked: dict[int, tuple[int, int]] = {}
        """Stepping stones asked for -> (offers made, round of the last offer)."""

    def _offer(
        self, state: GameState, seat: int, spare: int, wished: tuple[Wish, ...]
    ) -> ProposeTrade | None:
        """The next offer for streets that complete a group: cash first, else a swap, a bit more each try.

        When there is none, there is none again with the same holdings in the same round and no more
        cash (less cash only rules offers out), the others' cash as it was: that is noted, and such calls
        answer at once. When no offer was even in reach of the cash, there is none again while the same
        wishes are tried as often and every offer asks more than the spare cash, whatever the round and
        the others' cash, and the holdings need be the same only where the search reads them (Reach)
        and the stepping stones' offers the same.
        """
        cash = state.players[seat].cash
        reserve = cash - spare
        none = self._no_offer
        tries: list[tuple[Wish, int]] | None = None  # (worked out once, when first needed)
        stones: list[tuple[int, Terms, int]] | None = None  # (worked out once, here or below)
        held: Reach | None = None  # the last search's reach, when it reads the same holdings now
        if none is not None and none[0] == seat:
            reach = none[6]
            if reach is not None:
                # No offer was in reach of the cash then: none is while every offer asks more than the
                # spare cash, and the search would find the same offers: the same tries of the same
                # wishes, and the same holdings where it reads them (the partners' cash counts only
                # for an offer in reach).
                least = none[7]
                if unchanged(state, none[1]) or reach.holds(state, seat, wished):
                    held = reach
                if spare < least and held is not None:
                    tries = self._tries(state, wished)
                    if none[8] == tries:
                        stones = self._stone_offers(state, seat, reserve)
                if stones is not None and none[9] == [(terms, tried) for _, terms, tried in stones]:
                    floor = NEVER if least == NEVER else least + reserve
                    self._floor = (state, seat, reserve, wished, self._asks, floor)
                    return None
            elif (
                none[2] == state.round
                and cash <= none[3]
                and spare <= none[4]
                and none[5] == _others_cash(state, seat)
                and unchanged(state, none[1])
            ):
                return None
        if tries is None:
            tries = self._tries(state, wished)
        floor = NEVER
        for wish, tried in tries:
            for needs, terms, theirs in self._candidates(
                state, seat, wish, tried % len(CASH_LADDER), reserve
            ):
                floor = min(floor, needs)
                paid = needs - reserve
                if needs <= cash and (
                    not theirs or self._outbuilds(state, seat, wish.partner, wish.group, theirs, paid)
                ):
                    offer = offer_of(seat, *terms)
                    if why_illegal(state, offer) is None:
                        self._asked[wish.lots] = (tried + 1, state.round)
                        self._asks += 1
                        return offer
        if stones is None:
            stones = self._stone_offers(state, seat, reserve)
        for needs, terms, tried in stones:
            floor = min(floor, needs)
            if needs <= cash:
                offer = offer_of(seat, *terms)
                if why_illegal(state, offer) is None:
                    self._stones_asked[terms[3][0]] = (tried + 1, state.round)
                    self._asks += 1
                    return offer
        # With no offer in reach of the cash (floor > cash), what the search read of the holdings is noted.
        # (A reach that holds now is what Reach.of would find: the same wishes, and the same owners,
        # mortgages and buildings where it reads them.)
        reach = (held or Reach.of(state, seat, wished)) if floor > cash else None
        least = NEVER if floor == NEVER else floor - reserve
        others = _others_cash(state, seat)
        asked = [(stone, tried) for _, stone, tried in stones]
        self._no_offer = (seat, holdings(state), state.round, cash, spare, others, reach, least, tries, asked)
        self._floor = (state, seat, reserve, wished, self._asks, floor)
        return None

    def _tries(self, state: GameState, wished: tuple[Wish, ...]) -> list[tuple[Wish, int]]:
        """The wishes an offer may be made for now, the most valuable group first, each with the offers
        made for it so far: none twice in a round, and none for RETRY_AFTER rounds once the ladder is
        exhausted."""
        out = []
        asked, now = self._asked, state.round
        for wish in self._ordered(state, wished):
            tries, last = asked.get(wish.lots, (0, -RETRY_AFTER))
            if last == now or (tries >= len(CASH_LADDER) and now - last < RETRY_AFTER):
                continue
            out.append((wish, tries))
        return out

    def _ordered(self, state: GameState, wished: tuple[Wish, ...]) -> list[Wish]:
        """The wishes, the most valuable group first."""
        if self._order[0] is not wished:
            ordered = sorted(wished, key=lambda w: -APPRAISER.group_worth(state.board, w.group))
            self._order = (wished, ordered)
        return self._order[1]

    def _offers_until(self, state: GameState, seat: int, wished: tuple[Wish, ...]) -> int:
        """The first round in which a wish or a stepping stone that `_tries` or `_stone_offers` now
        leaves out (offered this round; the ladder exhausted RETRY_AFTER rounds ago or less) is tried
        again (NEVER: none is left out). Until then, while the offers made stay as they are, the search
        tries the same offers whatever the round. A bot that offers otherwise (the master, with its own
        `_offer`) may find another offer in any new round."""
        now = state.round
        if type(self)._offer is not StrongDealer._offer:
            return now + 1
        until = NEVER
        asked = self._asked
        for wish in wished:
            tries, last = asked.get(wish.lots, (0, -RETRY_AFTER))
            if last == now or (tries >= len(CASH_LADDER) and now - last < RETRY_AFTER):
                until = min(until, last + RETRY_AFTER if tries >= len(CASH_LADDER) else now + 1)
        stones_asked = self._stones_asked
        for stone in self._stepping_stones(state, seat):
            tries, last = stones_asked.get(stone.square, (0, -RETRY_AFTER))
            if last == now or (tries >= len(STONE_LADDER) and now - last < RETRY_AFTER):
                until = min(until, last + RETRY_AFTER if tries >= len(STONE_LADDER) else now + 1)
        return until

    def _offer_floor(self, state: GameState, seat: int, reserve: int, wished: tuple[Wish, ...]) -> int:
        """The least cash at which one of the offers `_offer` just found none of could be made, with these
        holdings, in this round (NEVER: none could). Whether an offer is worth making does not depend on
        the cash: only whether the bot can pay what it offers and keep its reserve."""
        noted = self._floor
        if (
            noted is not None
            and noted[0] is state
            and noted[1] == seat
            and noted[2] == reserve
            and noted[3] is wished
            and noted[4] == self._asks
        ):
            return noted[5]
        floor = NEVER
        for wish, tries in self._tries(state, wished):
            for needs, _, _ in self._candidates(state, seat, wish, tries % len(CASH_LADDER), reserve):
                floor = min(floor, needs)
        for needs, _, _ in self._stone_offers(state, seat, reserve):
            floor = min(floor, needs)
        return floor

    def _stepping_stones(self, state: GameState, seat: int) -> list[Stone]:
        """stepping_stones, remembered for these owners and mortgages (what they read, buildings aside:
        no stone has any) and these players out of the game. Owners that changed only in colour groups
        seat lacks other than two streets of, before and after, and mortgages that changed only off
        the stones, leave them as they were (a stone is a street of a group seat lacks two of)."""
        known_seat, owner, mortgaged, out, stones = self._stones
        if seat == known_seat and state.eliminated == out:
            now_owner, now_mortgaged = state.owner, state.mortgaged
            if now_owner is owner and now_mortgaged is mortgaged:
                return stones
            if _same_stones(state.board, seat, owner, now_owner) and (
                now_mortgaged is mortgaged
                or not any(now_mortgaged[stone.square] != mortgaged[stone.square] for stone in stones)
            ):
                self._stones = (seat, now_owner, now_mortgaged, out, stones)
                return stones
        stones = stepping_stones(state, seat)
        self._stones = (seat, state.owner, state.mortgaged, state.eliminated, stones)
        return stones

    def _stone_offers(self, state: GameState, seat: int, reserve: int) -> list[tuple[int, Terms, int]]:
        """Cash offers for the stepping stones not asked for this round (nor, once the ladder is
        exhausted, for RETRY_AFTER rounds), each with the cash it needs in hand (what it pays plus the
        reserve) and the offers made for it so far: the street's value to its holder times
        STONE_LADDER at this try, and a thousand more (a holder who sells at its value gains by it)."""
        out: list[tuple[int, Terms, int]] = []
        for stone in self._stepping_stones(state, seat):
            tries, last = self._stones_asked.get(stone.square, (0, -RETRY_AFTER))
            if last == state.round or (tries >= len(STONE_LADDER) and state.round - last < RETRY_AFTER):
                continue
            cash = -(-int(STONE_LADDER[tries % len(STONE_LADDER)] * stone.value) // 1000) * 1000 + 1000
            out.append((cash + reserve, (stone.holder, (), cash, (stone.square,)), tries))
        return out

    def _candidates(
        self, state: GameState, seat: int, wish: Wish, step: int, reserve: int
    ) -> list[Candidate]:
        """The offers worth making for the wished streets at this try, each with the cash it needs in
        hand (what it pays plus the reserve) and, for a swap, the partner's group it completes (() for
        cash): cash at CASH_LADDER[step] times the streets' worth to the bot at the market's valuation,
        then swaps of a street completing one of the partner's groups, with the cash that makes the
        partner's gain SHARES[step] of the bot's own. A swap is made only where the bot would build the
        more threatening group with the cash each side then holds (`_outbuilds`): the caller judges
        that of an offer in reach of its cash (the least cash an offer needs is worked out without it,
        which only makes it less). Each offer is its terms (`Terms`): the caller makes the action of
        the one it makes."""
        out: list[Candidate] = []
        partner = wish.partner
        take = wish.lots
        board = state.board
        streets, bonus = street_table(APPRAISER, board)
        mortgaged, buildings = state.mortgaged, state.buildings
        # What the wished streets are worth to their holder, and the interest due on receiving them:
        # every exchange below moves them to seat (see street_gains, worked out here once per wish).
        took = handed_over(state, streets, take, partner)
        if took is None:
            return self._candidates_priced(state, seat, wish, step, reserve)
        worth, owed = took
        # The wished group becomes whole for seat (it holds its other streets), and was not the
        # partner's (seat holds a street of it).
        wished = bonus[wish.group]
        own = worth - owed + wished
        market = worth - owed + street_table(MARKET, board)[1][wish.group]
        cash = -(-int(CASH_LADDER[step] * market) // 1000) * 1000
        if own - cash > 0:
            out.append((cash + reserve, (partner, (), cash, take), ()))
        share = SHARES[step]
        for mine in swap_lots(state, seat, wish):
            theirs_group = colour_group(board, mine)
            their_bonus = bonus[theirs_group]
            if their_bonus > wished:
                continue  # never a better group for a worse one
            # mine completes the partner's group (it holds the others), which was seat's only if
            # mine is the whole of it.
            street = streets[mine]
            assert street is not None  # (swap_lots: streets of seat's completing the partner's group)
            price, pledged, house, _ = street
            given = (pledged if mortgaged[mine] else price) + buildings[mine] * house // 2
            gain = worth - given - owed + wished - (their_bonus if len(theirs_group) == 1 else 0)
            theirs = given - worth + their_bonus - (interest(state, mine) if mortgaged[mine] else 0)
            cash = max(0, -(-int((share * gain - theirs) / (1 + share)) // 1000) * 1000)
            if gain - cash > 0:
                out.append((cash + reserve, (partner, (mine,), cash, take), theirs_group))
        return out

    def _candidates_priced(
        self, state: GameState, seat: int, wish: Wish, step: int, reserve: int
    ) -> list[Candidate]:
        """_candidates with every exchange priced by street_gains (a wish that is not one of state's)."""
        out: list[Candidate] = []
        partner = wish.partner
        take = wish.lots
        own = street_gains(APPRAISER, state, seat, partner, (), take)[0]
        market = street_gains(MARKET, state, seat, partner, (), take)[0]
        cash = -(-int(CASH_LADDER[step] * market) // 1000) * 1000
        if own - cash > 0:
            out.append((cash + reserve, (partner, (), cash, take), ()))
        share = SHARES[step]
        board = state.board
        wished = APPRAISER.group_worth(board, wish.group)
        for mine in swap_lots(state, seat, wish):
            theirs_group = colour_group(board, mine)
            if APPRAISER.group_worth(board, theirs_group) > wished:
                continue  # never a better group for a worse one
            give = (mine,)
            gain, theirs = street_gains(APPRAISER, state, seat, partner, give, take)
            cash = max(0, -(-int((share * gain - theirs) / (1 + share)) // 1000) * 1000)
            if gain - cash > 0:
                out.append((cash + reserve, (partner, give, cash, take), theirs_group))
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

    def likes_trade(self, state: GameState, seat: int, offer: ProposeTrade) -> bool:
        theirs, mine = gains(APPRAISER, state, offer)
        if mine <= 0 or mine < FAIR_SHARE * theirs:
            return False
        moved, cash = after_trade(state, offer)
        if cash[seat] < min(MIN_RESERVE, state.players[seat].cash):
            return False
        proposer = offer.player
        theirs_done = completed(state, moved, proposer, offer.take.lots)
        mine_done = completed(state, moved, seat, offer.give.lots)
        if theirs_done and mine_done:
            # A swap of groups: only if seat's group, built with the cash seat then holds, threatens as
            # much as the proposer's.
            board = state.board
            budget = cash[seat] - BUILD_FLOAT
            their_budget = cash[proposer] - BUILD_FLOAT
            return group_threat(board, mine_done, budget) >= THREAT_SHARE * group_threat(
                board, theirs_done, their_budget
            )
        return True


def _same_stones(board: Board, seat: int, was: Sequence[int | None], now: Sequence[int | None]) -> bool:
    """Whether owners changing from `was` to `now` leave seat's stepping stones as they were: every
    square whose owner changed is off the colour groups, or in one seat lacks other than exactly two
    streets of, before and after."""
    if was is now:
        return True
    if len(was) != len(now):
        return False
    for square in compress(range(len(now)), map(ne, now, was)):
        group = colour_group(board, square)
        if group and (_lacks(group, was, seat) == 2 or _lacks(group, now, seat) == 2):
            return False
    return True


def _lacks(group: tuple[int, ...], owner: Sequence[int | None], seat: int) -> int:
    """How many streets of the group seat does not hold."""
    held = 0
    for i in group:
        held += owner[i] == seat
    return len(group) - held
