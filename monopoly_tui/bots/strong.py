"""«Сильный»: buys hard early, trades to complete colour groups, builds to three houses fast, and keeps
just enough cash for the rents the board can charge.

- Buying and auctions: a lot is worth its price plus what it adds to a group (its own, or a group it
  keeps an opponent from completing), a street of a group no one else holds a street of half as much
  again as its price; it buys nearly everything in the opening, mortgaging loose lots
  to afford a street that completes or blocks a group.
- Building: the house that raises rent most per ruble first, on whole groups, down to a small float and
  mortgaging loose lots to go on; when houses run short it holds four-house streets rather than free
  houses for others.
- Trading: for the streets that complete its groups it offers cash from what a seller who knows the
  board asks (their worth to the buyer), a bit more each try, or swaps them for a street completing a
  group of the partner's no better than its own, with the cash that makes the partner's gain a share of
  its own; it answers offers by what they do to both sides' worth.
- Jail: out at once while lots are still for sale; stays in once the board is built up.
- Debts: sells or mortgages what earns least per ruble raised; bankruptcy only when nothing can cover it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from ..engine import (
    Action,
    Build,
    GameState,
    Mortgage,
    PlaceBuilding,
    ProposeTrade,
    TradeSide,
    Unmortgage,
    is_legal,
    why_illegal,
)
from ..engine.board import Street
from ..engine.buildings import place_problem
from ..engine.mortgages import lift_cost
from ..engine.state import Auction
from .base import BotBase, BotKind, JailPolicy
from .outlook import NOTHING_SEEN, Holdings, Outlook, Watcher, holdings, unchanged
from .raising import least_loss
from .trading import Wish, gains, lot_gains, swap_lots, view_after
from .valuation import (
    Appraiser,
    View,
    blocks_group,
    colour_group,
    completes_group,
    danger,
    group_threat,
    house_cost,
    lots_of,
    owns_group,
    visit_rates,
)

APPRAISER = Appraiser(group_bonus=1.6, rent_based=True)
"""What «Сильный» thinks a whole group is worth to whoever holds it: its prices plus 1.6 times the rent it
earns per round of visits with three houses on every street (rents weighted by how often each square is
visited). Twice what the table asks for it (MARKET): in games against «Простой» the first player to own
a group wins about four games in five (benchmarks/bench_bots.py), so a group is worth more than its rent."""
MARKET = Appraiser(group_bonus=0.8, rent_based=True)
"""What a seller who knows the board asks for a group-completing street: its prices plus 0.8 of that
rent (what «Простой» asks, too). A cash offer starts there, not at the printed price."""
MIN_RESERVE, MAX_RESERVE = 50_000, 400_000
RESERVE_SHARE = 0.5
"""Cash kept back: this share of the highest rent on the board, within the bounds above."""
BUILD_FLOAT = MIN_RESERVE
"""Cash kept when building (mortgaging loose lots to go on): on a whole group it builds past the reserve
and raises money by selling back if a big rent comes (measured: 62 % of 400 games against «Простой» with
trades on, 58 % when building kept the reserve)."""
OPENING_UNOWNED = 8
"""While at least this many lots are for sale, leave jail at once to buy them."""
JAIL_DANGER = 150_000
"""Later, stay in jail while some rent on the board is at least this."""
CASH_LADDER = (1.0, 1.05, 1.1, 1.2, 1.3, 1.4, 1.5)
"""Cash offered for the streets that complete a group, as multiples of what they are worth to the bot at
the market's valuation (MARKET), try by try."""
SHARES = (0.8, 0.9, 1.0, 1.1, 1.2, 1.3, 1.4)
"""In a swap that completes a group for both sides, the cash added makes the partner's gain this share of
the bot's own, try by try."""
RETRY_AFTER = 10
"""Rounds before offering again for a group once the ladder is exhausted."""
HOLD_HOUSES = 6
"""With no more houses than this in the bank, keep four houses instead of building a hotel."""
FAIR_SHARE = 1.0
"""A trade is worth making when one gains at least this share of what the other side gains."""
LIVE_BID = 1.5
"""In an auction, a street of a colour group no one else holds a street of is worth this many times its
price: the group is still there to complete (measured, trades off, 1 000 games against «Простой»:
27.7 % -> 30.9 %, the same with 2.0; only where the bot already holds a street of it: 28.3 %)."""
THREAT_SHARE = 1.0
"""A swap of groups is made or accepted only when the bot's group, built with the cash it then holds,
threatens at least this share of the partner's (see StrongBot._outbuilds)."""
NEVER = 1 << 62
"""More cash than any game holds."""


def _others_cash(state: GameState, seat: int) -> tuple[int, ...]:
    """Every player's cash but seat's (0 there)."""
    return tuple(0 if i == seat else p.cash for i, p in enumerate(state.players))


Exchange = tuple[int, int, tuple[int, ...], tuple[int, ...], bool]
"""Proposer, partner, the lots each hands over, and whether priced by APPRAISER (else MARKET)."""
Priced = dict[Exchange, tuple[int, int]]
Swaps = dict[tuple[int, Wish], list[int]]


class StrongBot(BotBase):
    kind: ClassVar[BotKind] = "strong"

    def __init__(self, seed: int, seat: int, jail: JailPolicy | None = None) -> None:
        super().__init__(seed, seat, jail)
        self._asked: dict[tuple[int, ...], tuple[int, int]] = {}
        """Streets asked for -> (offers made, round of the last offer)."""
        self._watch = Watcher()
        self._reserve: tuple[int, Holdings, tuple[bool, ...], int] = (-1, NOTHING_SEEN, (), 0)
        """(seat, holdings, who is in jail when that moves a rent) the last reserve was worked out for, and
        the reserve."""
        self._no_offer: tuple[int, Holdings, int, int, int, tuple[int, ...]] | None = None
        """(seat, holdings, round, cash, spare cash, the others' cash) when `_offer` last found none."""
        self._priced: tuple[Holdings, Priced, Swaps]
        self._priced = (NOTHING_SEEN, {}, {})
        """The holdings seen and, for them, lot_gains of each exchange of lots priced (what lots are worth
        depends on the holdings alone: the same offer is priced again only once something changed), and
        the lots seat could swap for each wish (swap_lots: the holdings alone, too)."""
        self._still: tuple[int, Holdings, int, int, tuple[bool, ...]] | None = None
        """(seat, holdings, round, cash below which, who is in jail): manage_now finds nothing (_rest)."""
        self._order: tuple[tuple[Wish, ...], list[Wish]] = ((), [])
        """The last wishes seen, most valuable group first (the outlook keeps the same tuple)."""

    def reserve(self, state: GameState, seat: int) -> int:
        """Cash kept back against the highest rent on the board (worked out again only when the holdings
        or who sits in jail change: nothing else moves a rent at nominal dice)."""
        known_seat, seen, known_jailed, value = self._reserve
        jailed = self._jailed(state)
        if unchanged(state, seen) and known_seat == seat and known_jailed == jailed:
            return value
        value = max(MIN_RESERVE, min(MAX_RESERVE, int(RESERVE_SHARE * danger(state, seat))))
        self._reserve = (seat, holdings(state), jailed, value)
        return value

    # --- managing ------------------------------------------------------------------------------

    def manage_now(self, state: GameState, seat: int) -> Action | None:
        look = self._watch.outlook(state, seat)
        square = state.pending_square
        buying = state.phase == "buy" and state.turn == seat and square is not None
        if not (buying or look.groups or look.pledged or look.wishes):
            return None
        cash = state.players[seat].cash
        jailed = self._jailed(state)
        still = self._still
        if (
            still is not None
            and not buying
            and unchanged(state, still[1])
            and still[0] == seat
            and still[2] == state.round
            and cash < still[3]
            and still[4] == jailed
        ):
            return None
        reserve = self.reserve(state, seat)
        if buying and square is not None:
            price = state.board.property(square).price
            if cash < price and (completes_group(state, seat, square) or blocks_group(state, seat, square)):
                return self._loose_mortgage(state, seat, spare=colour_group(state.board, square))
        # Lifts that leave at least the reserve (the least any lift below asks for), if legal.
        lifts = [
            lift
            for lift in (
                Unmortgage(player=seat, square=i)
                for i in look.pledged
                if cash - lift_cost(state, i) >= reserve
            )
            if is_legal(state, lift)
        ]
        for lift in lifts:
            whole = owns_group(state, seat, colour_group(state.board, lift.square))
            if whole and cash - lift_cost(state, lift.square) >= reserve:
                return lift
        sites = self._build_sites(state, seat, look.buildable)
        if sites:
            best = max(sites, key=lambda i: (self._build_gain(state, i), -i))
            if cash - house_cost(state.board, best) >= BUILD_FLOAT:
                build = Build(player=seat, square=best)
                if why_illegal(state, build) is None:
                    return build
            else:
                mortgage = self._loose_mortgage(state, seat)
                if mortgage is not None:
                    return mortgage
        offer = self._offer(state, seat, cash - reserve, look.wishes)
        if offer is not None:
            return offer
        if not sites:
            for lift in lifts:
                if cash - lift_cost(state, lift.square) >= 2 * reserve + 100_000:
                    return lift
        if not buying:
            self._rest(state, seat, cash, reserve, look, sites)
        return None

    def _rest(
        self, state: GameState, seat: int, cash: int, reserve: int, look: Outlook, sites: list[int]
    ) -> None:
        """Note that manage_now found nothing, and finds nothing again (not buying) with these holdings,
        in this round, with who is in jail as now and less cash than the least a lift, a building or an
        offer asks for: less cash lifts nothing more, builds nothing more and offers nothing more.

        Not noted when a building was affordable but illegal: with less cash the bot would look for a
        lot to mortgage instead, which it has not tried."""
        below = self._offer_floor(state, seat, reserve, look.wishes)
        if sites:
            cheapest = min(house_cost(state.board, i) for i in sites)
            if cash - cheapest >= BUILD_FLOAT:
                return
            below = min(below, BUILD_FLOAT + cheapest)
        if look.pledged:
            below = min(below, reserve + min(lift_cost(state, i) for i in look.pledged))
        self._still = (seat, holdings(state), state.round, below, self._jailed(state))

    @staticmethod
    def _jailed(state: GameState) -> tuple[bool, ...]:
        """Who is in jail, when that moves a rent (jailed owners collect none, a rules option), else ()."""
        return () if state.rules.rent.collect_in_jail else tuple(p.in_jail for p in state.players)

    def _build_sites(self, state: GameState, seat: int, groups: tuple[tuple[int, ...], ...]) -> list[int]:
        """Streets of groups where seat may put its next building (money aside), less hotels held back."""
        sites = []
        hold = state.bank_houses <= HOLD_HOUSES
        for group in groups:
            for i in group:
                level = state.buildings[i]
                if place_problem(state, seat, i) is not None:
                    continue
                if level == 4 and (hold or state.bank_hotels == 0):
                    continue
                if level < 4 and state.bank_houses == 0:
                    continue
                sites.append(i)
        return sites

    def _build_gain(self, state: GameState, square: int) -> float:
        """Rent gained per ruble spent: towards three houses as one step, then house by house."""
        sq = state.board.squares[square]
        assert isinstance(sq, Street)
        level = state.buildings[square]
        rate = visit_rates(state.board)[square]
        if level < 3:
            now = sq.rent[level] if level else 2 * sq.rent[0]
            return rate * (sq.rent[3] - now) / ((3 - level) * sq.house_cost)
        return rate * (sq.rent[level + 1] - sq.rent[level]) / sq.house_cost

    def _loose_mortgage(self, state: GameState, seat: int, spare: tuple[int, ...] = ()) -> Action | None:
        """The mortgage costing the least earning power, of a lot outside seat's whole groups and spare."""
        loose: list[Action] = [
            mortgage
            for mortgage in (
                Mortgage(player=seat, square=i)
                for i in lots_of(state, seat)
                if i not in spare and not owns_group(state, seat, colour_group(state.board, i))
            )
            if is_legal(state, mortgage)
        ]
        return least_loss(state, seat, loose) if loose else None

    # --- trading -------------------------------------------------------------------------------

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
        return floor

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

    # --- the turn's decisions --------------------------------------------------------------------

    def jail_stay(self, state: GameState, seat: int) -> JailPolicy:
        unowned = sum(1 for i in state.board.properties if state.owner[i] is None)
        if unowned >= OPENING_UNOWNED:
            return "short"
        return "long" if danger(state, seat) >= JAIL_DANGER else "short"

    def wants_to_buy(self, state: GameState, seat: int, square: int) -> bool:
        if completes_group(state, seat, square) or blocks_group(state, seat, square):
            return True
        left = state.players[seat].cash - state.board.property(square).price
        return left >= self.reserve(state, seat) // 2

    def _lot_value(self, state: GameState, seat: int, square: int) -> int:
        """What owning square adds to seat's worth, plus half of what it keeps from an opponent; a street
        of a group no one else holds a street of is worth at least LIVE_BID times its price."""
        gain = APPRAISER.worth_change(state, seat, {square: seat})
        group = colour_group(state.board, square)
        if blocks_group(state, seat, square):
            gain += APPRAISER.group_worth(state.board, group) // 2
        elif group and all(state.owner[i] in (None, seat) for i in group if i != square):
            gain = max(gain, int(LIVE_BID * state.board.property(square).price))
        return gain

    def auction_limit(self, state: GameState, seat: int, auction: Auction) -> int:
        cash = state.players[seat].cash
        spare = cash - self.reserve(state, seat) // 2
        if auction.building is not None:
            return min(2 * house_cost(state.board, auction.square), spare)
        return min(self._lot_value(state, seat, auction.square), spare)

    def bid_step(self, state: GameState, auction: Auction) -> int:
        return 5_000

    def wants_to_lift(self, state: GameState, seat: int, square: int) -> bool:
        cash = state.players[seat].cash - state.board.property(square).mortgage
        if owns_group(state, seat, colour_group(state.board, square)):
            return cash >= self.reserve(state, seat)
        return cash >= 2 * self.reserve(state, seat) + 100_000

    def raise_money(self, state: GameState, seat: int, options: Sequence[Action]) -> Action:
        return least_loss(state, seat, options)

    def place(self, state: GameState, seat: int, places: list[PlaceBuilding]) -> Action:
        return max(places, key=lambda a: (self._build_gain(state, a.square), -a.square))


def _completed(state: GameState, after: View, seat: int, received: tuple[int, ...]) -> tuple[int, ...]:
    """The colour group the lots received complete for seat after a trade and not before (() if none)."""
    for square in received:
        group = colour_group(state.board, square)
        if group and owns_group(after, seat, group) and not owns_group(state, seat, group):
            return group
    return ()
