"""«Простой»: a sensible, unhurried player with fixed cash cushions.

Buys what it can afford with a cushion to spare, bids up to about the printed price, builds on whole
groups when it has cash to spare, leaves jail at once, raises money by mortgaging loose lots first,
accepts a trade that it thinks leaves it at least about as well off as the proposer, and offers a
swap now and then when both sides would complete a colour group.

Not a push-over: a trade that completes a colour group for the other side is judged by what the group
earns (its rents at the landing frequencies, as «Сильный» counts them), not by printed prices. For cash
or loose lots it must bring at least the street's worth to the buyer; in a swap that completes a group
for both, it must gain at least FAIRNESS of what the other side gains.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import cache, lru_cache, partial
from typing import ClassVar

from ..engine import (
    Action,
    Build,
    DeclareBankruptcy,
    GameState,
    Mortgage,
    ProposeTrade,
    SellBuilding,
    SellDown,
    TradeSide,
    legal_actions,
    situation,
    why_illegal,
)
from ..engine.buildings import build_problem, sell_down_problem, sell_problem
from ..engine.finance import may_declare_bankruptcy
from ..engine.mortgages import lift_cost, mortgage_problem, unmortgage_problem
from ..engine.state import Auction
from ..engine.trade import trade_problem
from .base import BotBase, BotKind, JailPolicy, build_on, lift_of, plain_moves
from .outlook import Outlook, Watcher
from .trading import gains, swap_lots
from .valuation import Appraiser, View, colour_group, completes_group, house_cost, owns_group

APPRAISER = Appraiser(group_bonus=1.0, rent_based=False)
"""A whole group is worth twice its printed prices; stations and utilities a little more together."""
BUYER = Appraiser(group_bonus=0.8, rent_based=True)
"""What a group-completing street is worth to whoever completes the group: its price plus what the
whole group earns (0.8 of the rent per round of visits with three houses on every street)."""
CUSHION = 150_000
"""Cash kept back when buying or bidding."""
BUILD_CUSHION = 200_000
LIFT_CUSHION = 300_000
FAIRNESS = 0.75
"""A trade is fair when one's own gain is at least this share of the other side's."""
SWAP_EVERY = 5
"""Rounds between two swap offers to the same player for the same group."""
NEVER = 1 << 62
"""More cash than any game holds."""


@cache
def bankruptcy_of(seat: int) -> DeclareBankruptcy:
    return DeclareBankruptcy(player=seat)


@cache
def mortgage_of(seat: int, square: int) -> Mortgage:
    return Mortgage(player=seat, square=square)


@cache
def sale_of(seat: int, square: int) -> SellBuilding:
    return SellBuilding(player=seat, square=square)


@cache
def sale_down_of(seat: int, group: str, level: int) -> SellDown:
    return SellDown(player=seat, group=group, level=level)


@lru_cache(maxsize=4096)
def swap_offer(seat: int, partner: int, mine: int, lots: tuple[int, ...]) -> ProposeTrade:
    """Seat's lot `mine` for the partner's `lots` (an offer is an immutable value, and a validated one
    costs microseconds: the same swaps are weighed again whenever an outlook changes)."""
    return ProposeTrade(player=seat, partner=partner, give=TradeSide(lots=(mine,)), take=TradeSide(lots=lots))


class SimpleBot(BotBase):
    kind: ClassVar[BotKind] = "simple"

    def __init__(self, seed: int, seat: int, jail: JailPolicy | None = None) -> None:
        super().__init__(seed, seat, jail)
        self._offered: dict[tuple[int, ...], int] = {}
        """Streets asked for in a swap -> the round of the offer."""
        self._watch = Watcher()
        self._swaps: tuple[Outlook | None, list[ProposeTrade]] = (None, [])
        self._idle: tuple[Outlook | None, int] = (None, NEVER)
        """The last outlook, and the least cash at which building or lifting may be worth it."""
        self._lifts: tuple[Outlook | None, tuple[tuple[int, int], ...]] = (None, ())

    def manage_now(self, state: GameState, seat: int) -> Action | None:
        """Managing is asked in a calm situation, of a seat still in, where the engine's whole check of
        a building, a lift or an offer comes to that action's own rule (`build_problem`,
        `unmortgage_problem`, `trade_problem`): asked directly, no refusal is worded for the ones it
        may not take."""
        look = self._watch.outlook(state, seat)
        cash = state.players[seat].cash
        if self._idle[0] is not look:
            self._idle = (look, self._least_cash(state, look))
        if cash < self._idle[1]:
            # Too little cash to build or lift with these holdings: only a swap may be worth offering.
            swap = self._swap(state, look) if look.wishes else None
            if swap is None or self._due(state) is None:
                # Nothing (more) to offer either, until the round when a swap offered lately may be made
                # again: noted with the offer too when it was the last one due (refused, it leaves the
                # holdings as they are, and asked again, this would find nothing).
                self.rest(state, seat, self._idle[1], self._next_swap(look))
            return swap
        if look.buildable and cash - look.cheapest_house >= BUILD_CUSHION:
            build = self._build(state, seat, look)
            if build is not None:
                return build
        if look.pledged:
            for square, need in self._lift_needs(state, look):
                if cash >= need and unmortgage_problem(state, seat, square) is None:
                    return lift_of(seat, square)
        return self._swap(state, look)

    def _least_cash(self, state: GameState, look: Outlook) -> int:
        """Below this much cash no building or lift keeps its cushion with these holdings (NEVER: there
        is nothing to build or lift)."""
        least = NEVER
        if look.buildable:
            least = look.cheapest_house + BUILD_CUSHION
        if look.pledged:
            least = min([least, *(need for _, need in self._lift_needs(state, look))])
        return least

    def _lift_needs(self, state: GameState, look: Outlook) -> tuple[tuple[int, int], ...]:
        """Each mortgaged lot with the cash it takes to lift it and keep the cushion (kept per outlook:
        the cost depends only on the board and the rules)."""
        if self._lifts[0] is not look:
            seat = look.seat
            needs = []
            for square in look.pledged:
                whole = owns_group(state, seat, colour_group(state.board, square))
                needs.append(
                    (
                        square,
                        lift_cost(state, square) + (LIFT_CUSHION if whole else 2 * LIFT_CUSHION),
                    )
                )
            self._lifts = (look, tuple(needs))
        return self._lifts[1]

    def _build(self, state: GameState, seat: int, look: Outlook) -> Build | None:
        """The next building on the cheapest street where one may go now (keeping the cushion)."""
        cash = state.players[seat].cash
        for group in sorted(look.buildable, key=lambda g: (house_cost(state.board, g[0]), g)):
            if cash - house_cost(state.board, group[0]) < BUILD_CUSHION:
                break
            for square in group:
                if build_problem(state, seat, square) is None:
                    return build_on(seat, square)
        return None

    def _swap(self, state: GameState, look: Outlook) -> ProposeTrade | None:
        """A swap in which both sides complete a colour group, if it looks fair and was not offered lately."""
        if self._swaps[0] is not look:
            # Only the legal ones: a lot swap's legality depends on the lots' owners and their groups'
            # buildings (and the partner being in the game), all fixed while the outlook stays the same.
            fair = self._fair_swaps(state, look) if look.wishes else []
            self._swaps = (look, [offer for offer in fair if trade_problem(state, offer) is None])
        offer = self._due(state)
        if offer is not None:
            self._offered[offer.take.lots] = state.round
        return offer

    def _due(self, state: GameState) -> ProposeTrade | None:
        """The first of the outlook's swaps not offered lately (`_swap` offers it)."""
        for offer in self._swaps[1]:
            last = self._offered.get(offer.take.lots)
            if last is None or state.round - last >= SWAP_EVERY:
                return offer
        return None

    def _next_swap(self, look: Outlook) -> int:
        """The first round in which a swap of this outlook offered lately may be offered again (NEVER:
        there is none)."""
        if not look.wishes or self._swaps[0] is not look:
            return NEVER
        rounds = [self._offered.get(offer.take.lots) for offer in self._swaps[1]]
        return min((last + SWAP_EVERY for last in rounds if last is not None), default=NEVER)

    def _fair_swaps(self, state: GameState, look: Outlook) -> list[ProposeTrade]:
        offers = []
        for wish in look.wishes:
            if len(wish.lots) != 1:
                continue
            for mine in swap_lots(state, look.seat, wish):
                offer = swap_offer(look.seat, wish.partner, mine, wish.lots)
                mine_gain, theirs = gains(APPRAISER, state, offer)
                if (
                    mine_gain > 0
                    and mine_gain >= FAIRNESS * theirs
                    and not sells_group_cheap(state, offer, look.seat)
                ):
                    offers.append(offer)
                    break
        return offers

    def jail_stay(self, state: GameState, seat: int) -> JailPolicy:
        return "short"

    def wants_to_buy(self, state: GameState, seat: int, square: int) -> bool:
        price = state.board.property(square).price
        cushion = 0 if completes_group(state, seat, square) else CUSHION
        return state.players[seat].cash - price >= cushion

    def auction_limit(self, state: GameState, seat: int, auction: Auction) -> int:
        cash = state.players[seat].cash
        if auction.building is not None:
            cost = house_cost(state.board, auction.square)
            return min(cost + cost // 5, cash - CUSHION)
        price = state.board.property(auction.square).price
        if completes_group(state, seat, auction.square):
            price += price // 2
        return min(price, cash - CUSHION)

    def wants_to_lift(self, state: GameState, seat: int, square: int) -> bool:
        return state.players[seat].cash - state.board.property(square).mortgage >= LIFT_CUSHION

    def likes_trade(self, state: GameState, seat: int, offer: ProposeTrade) -> bool:
        theirs, mine = gains(APPRAISER, state, offer)
        return mine > 0 and mine >= FAIRNESS * theirs and not sells_group_cheap(state, offer, seat)

    def answer_debt(self, state: GameState, seat: int) -> Action:
        """`settle_debt` of the legal actions, found without listing them: paying when it is legal,
        else bankruptcy when it is open, else the first of `raising` that is legal (raise_money's
        choice from the listing; a test compares every answer with the listing). The debtor is asked
        with its debt first, where the engine's whole check of bankruptcy and of a sale or mortgage
        comes to that action's own rule: asked directly, no refusal is worded for the others."""
        pay = plain_moves(seat).pay_debt
        if why_illegal(state, pay) is None:
            return pay
        if situation(state) == "debt" and state.debts[0].debtor == seat:
            if may_declare_bankruptcy(state, state.debts[0]):
                return bankruptcy_of(seat)
            for action, problem in self._raising_terms(state, seat):
                if problem() is None:
                    return action
        return self.settle_debt(state, seat, legal_actions(state, seat))

    def raise_money(self, state: GameState, seat: int, options: Sequence[Action]) -> Action:
        """Loose lots first (not of a whole group), then buildings, then whatever is left: the first
        of `raising` among the options."""
        for action in self.raising(state, seat):
            if action in options:
                return action
        raise AssertionError(f"none of {options} raises money for seat {seat}")

    @staticmethod
    def raising(state: GameState, seat: int) -> Iterator[Action]:
        """What «Простой» sells or mortgages to raise money, in its order (see `_raising_terms`)."""
        for action, _ in SimpleBot._raising_terms(state, seat):
            yield action

    @staticmethod
    def _raising_terms(state: GameState, seat: int) -> Iterator[tuple[Action, Callable[[], object]]]:
        """What «Простой» sells or mortgages to raise money, in its order: its loose lots (not of a whole
        group) lowest on the board first, then a building of its street lowest on the board, then a
        group sold down to the highest level first, then the lots of its whole groups (only those the
        rules may allow: its own, unmortgaged lots, built streets and groups)."""
        owner, mortgaged, buildings, board = state.owner, state.mortgaged, state.buildings, state.board
        mine = [square for square in board.properties if owner[square] == seat]
        whole = [owns_group(state, seat, colour_group(board, square)) for square in mine]
        for square, in_whole in zip(mine, whole, strict=True):
            if not in_whole and not mortgaged[square]:
                yield mortgage_of(seat, square), partial(mortgage_problem, state, seat, square)
        for square in mine:
            if buildings[square]:
                yield sale_of(seat, square), partial(sell_problem, state, seat, square)
        built = [
            (group, top)
            for group, members in board.group_members.items()
            if owner[members[0]] == seat and (top := max(buildings[i] for i in members))
        ]
        for level in range(4, -1, -1):
            for group, top in built:
                if level < top:
                    sale = sale_down_of(seat, group, level)
                    yield sale, partial(sell_down_problem, state, seat, group, level)
        for square, in_whole in zip(mine, whole, strict=True):
            if in_whole and not mortgaged[square]:
                yield mortgage_of(seat, square), partial(mortgage_problem, state, seat, square)


def groups_completed(state: GameState, offer: ProposeTrade, seat: int) -> list[tuple[int, ...]]:
    """The colour groups seat (the proposer or the partner) would own whole after the offer and not now."""
    received = offer.take.lots if seat == offer.player else offer.give.lots
    other = offer.partner if seat == offer.player else offer.player
    owner = {square: seat for square in received}
    owner |= {square: other for square in (offer.give.lots if seat == offer.player else offer.take.lots)}
    after = View.of(state).with_owner(owner)
    groups = {colour_group(state.board, square) for square in received}
    return [g for g in groups if g and owns_group(after, seat, g) and not owns_group(state, seat, g)]


def sells_group_cheap(state: GameState, offer: ProposeTrade, seat: int) -> bool:
    """Whether seat (the proposer or the partner) would hand the other side a whole colour group below
    its worth to them (valued by BUYER): without a group of its own in return, the other side must gain
    nothing by the trade (it pays the whole worth); in a swap of groups, seat must gain at least FAIRNESS
    of what the other side gains."""
    other = offer.partner if seat == offer.player else offer.player
    if not groups_completed(state, offer, other):
        return False
    gain_p, gain_q = gains(BUYER, state, offer)
    mine, theirs = (gain_p, gain_q) if seat == offer.player else (gain_q, gain_p)
    if groups_completed(state, offer, seat):
        return mine < FAIRNESS * theirs
    return theirs > 0
