"""«Сильный»: buys hard early, trades to complete colour groups, builds to three houses fast, and keeps
just enough cash for the rents the board can charge.

- Buying and auctions: a lot is worth its price plus what it adds to a group (its own, or a group it
  keeps an opponent from completing), a street of a group no one else holds a street of half as much
  again as its price; it buys nearly everything in the opening, mortgaging loose lots
  to afford a street that completes or blocks a group, and bids for one with its reserve too.
- Building: the house that raises rent most per ruble first, on whole groups, down to a small float and
  mortgaging loose lots to go on; when houses run short it holds four-house streets rather than free
  houses for others.
- Trading (strong_deals.py): for the streets that complete its groups it offers cash from what a
  seller who knows the board asks (their worth to the buyer), a bit more each try, or swaps them for a
  street completing a group of the partner's no better than its own, with the cash that makes the
  partner's gain a share of its own; it answers offers by what they do to both sides' worth.
- Jail: out at once while lots are still for sale; stays in once the board is built up.
- Debts: sells or mortgages what earns least per ruble raised; bankruptcy only when nothing can cover it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from ..engine import (
    Action,
    GameState,
    PlaceBuilding,
    SellBuilding,
    Unmortgage,
    is_legal,
    why_illegal,
)
from ..engine.board import BOARD_SIZE, Street
from ..engine.buildings import place_problem, sale_value
from ..engine.fast import TableView
from ..engine.mortgages import mortgage_problem, mortgage_value, unmortgage_problem
from ..engine.state import Auction
from .base import BotKind, JailPolicy, build_on, lift_of, mortgage_of
from .outlook import NOTHING_SEEN, Holdings, Outlook, Watcher, holdings, unchanged
from .raising import least_loss
from .strong_deals import StrongDealer
from .strong_terms import APPRAISER as APPRAISER
from .strong_terms import (
    BUILD_FLOAT,
    HOLD_HOUSES,
    JAIL_DANGER,
    LIVE_BID,
    MAX_RESERVE,
    MIN_RESERVE,
    OPENING_UNOWNED,
    RENT_HORIZON,
    RESERVE_SHARE,
)
from .strong_terms import NEVER as NEVER
from .valuation import (
    View,
    blocks_group,
    colour_group,
    completes_group,
    danger,
    house_cost,
    lift_costs,
    lots_of,
    owns_group,
    rent_income,
    visit_rates,
)


class StrongBot(StrongDealer):
    kind: ClassVar[BotKind] = "strong"

    def __init__(self, seed: int, seat: int, jail: JailPolicy | None = None) -> None:
        super().__init__(seed, seat, jail)
        self._watch = Watcher()
        self._reserve: tuple[int, Holdings, tuple[bool, ...], int] = (-1, NOTHING_SEEN, (), 0)
        """(seat, holdings, who is in jail when that moves a rent) the last reserve was worked out for, and
        the reserve."""
        self._still: tuple[int, Holdings, int, int, tuple[bool, ...]] | None = None
        """(seat, holdings, round, cash below which, who is in jail): manage_now finds nothing (_rest)."""
        self._valued: tuple[object, ...] = ()
        """(seat, square, board, rules, owner, mortgaged, buildings, round, who is out or in jail), and
        the _lot_value worked out for them."""

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
        self._quiet = None  # an offer made below changes what a later round may offer
        look = self._watch.outlook(state, seat)
        square = state.pending_square
        buying = state.phase == "buy" and state.turn == seat and square is not None
        quiet = not (buying or look.groups or look.pledged or look.wishes)  # (then the stones are asked)
        if quiet and not (self.trades and self._stepping_stones(state, seat)):
            self.rest(state, seat, NEVER, NEVER)  # nothing to manage while the holdings stay
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
        if buying and square is not None:
            # The lot first: raise its price if short, and spend on nothing else (no lift or house) until
            # it is bought — lifting a mortgage just raised for it would leave it unaffordable. A street
            # it must have is paid for from whatever earns least; any other lot from loose lots only.
            if cash < state.board.property(square).price:
                if self._must_have(state, seat, square):
                    return self._raise_for(state, seat, square)
                return self._loose_for(state, seat, square)
            return None
        reserve = self.reserve(state, seat)
        # Lifts that leave at least the reserve (the least any lift below asks for), if legal (managing
        # is asked in a calm situation, of a seat still in: the lift's own rule decides), once seat's
        # own throws are over: a lift made before the throw is mortgaged again when the throw lands on
        # a rent the rest of the cash cannot pay (the interest lost for nothing).
        costs = lift_costs(state)
        affordable = (
            i
            for i in look.pledged
            if cash - costs[i] >= reserve and unmortgage_problem(state, seat, i) is None
        )
        lifts: list[Unmortgage] = []
        if state.turn == seat and state.phase != "end_turn":
            # Asked again once the throw is made (no rest noted below) if there is any lift.
            waiting = next(affordable, None) is not None
        else:
            waiting = False
            lifts = [lift_of(seat, i) for i in affordable]
        for lift in lifts:
            whole = owns_group(state, seat, colour_group(state.board, lift.square))
            if whole and cash - costs[lift.square] >= reserve:
                return lift
        sites = self._build_sites(state, seat, look.buildable)
        if sites:
            best = max(sites, key=lambda i: (self._build_gain(state, i), -i))
            if cash - house_cost(state.board, best) >= BUILD_FLOAT:
                build = build_on(seat, best)
                if why_illegal(state, build) is None:
                    return build
            else:
                mortgage = self._loose_mortgage(state, seat)
                if mortgage is not None:
                    return mortgage
        offer = self._offer(state, seat, cash - reserve, look.wishes) if self.trades else None
        if offer is not None:
            return offer
        if not sites:
            for lift in lifts:
                if cash - costs[lift.square] >= 2 * reserve + 100_000:
                    return lift
        if not buying and not waiting:
            self._rest(state, seat, cash, reserve, look, sites)
        return None

    def _rest(
        self, state: GameState, seat: int, cash: int, reserve: int, look: Outlook, sites: list[int]
    ) -> None:
        """Note that manage_now found nothing, and finds nothing again (not buying) with these holdings,
        in this round, with who is in jail as now and less cash than the least a lift, a building or an
        offer asks for: less cash lifts nothing more, builds nothing more and offers nothing more. While
        who is in jail moves no rent, the base's rest notes the same for the loop to read off the table,
        until the round in which an offer left out now may be made again (`_offers_until`).

        Not noted when a building was affordable but illegal: with less cash the bot would look for a
        lot to mortgage instead, which it has not tried."""
        below = self._offer_floor(state, seat, reserve, look.wishes) if self.trades else NEVER
        if sites:
            cheapest = min(house_cost(state.board, i) for i in sites)
            if cash - cheapest >= BUILD_FLOAT:
                return
            below = min(below, BUILD_FLOAT + cheapest)
        costs = lift_costs(state)
        for i in look.pledged:
            # A lift on a whole group is made from the reserve up; another only with no site to build
            # on, from twice the reserve and 100 000 up (after the offers).
            if owns_group(state, seat, colour_group(state.board, i)):
                below = min(below, reserve + costs[i])
            elif not sites:
                below = min(below, 2 * reserve + 100_000 + costs[i])
        jailed = self._jailed(state)
        self._still = (seat, holdings(state), state.round, below, jailed)
        if not jailed:  # (who is in jail moves no rent): the loop may ask between two states
            self.rest(state, seat, below, self._offers_until(state, seat, look.wishes))

    def _resting(self, state: TableView, seat: int) -> bool:
        """The base's rest; offered a lot to buy, only when a state is at hand (the loop's table answers
        no such question) and managing would not raise its price first (a lot dearer than its cash):
        else managing finds what it finds otherwise (while buying, nothing: no lift or house
        meanwhile)."""
        if state.phase == "buy" and state.turn == seat:
            if not isinstance(state, GameState) or state.pending_square is None:
                return False
            if state.players[seat].cash < state.board.property(state.pending_square).price:
                return False  # managing raises the price first
        return super()._resting(state, seat)

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

    def _raise_for(self, state: GameState, seat: int, square: int) -> Action | None:
        """Money towards the price of a street seat must have (see _must_have), from what earns least:
        loose lots first, then the street's own group (lifted once it is whole), then whole groups' bare
        lots, then buildings. None when all of it together would not reach the price: a mortgage that
        buys nothing only costs the interest to lift it."""
        short = state.board.property(square).price - state.players[seat].cash
        if mortgage_value(state, seat) + sale_value(state, seat) < short:
            return None
        group = colour_group(state.board, square)
        tiers: list[list[Action]] = [[], [], [], []]
        for i in lots_of(state, seat):
            own = colour_group(state.board, i)
            if state.buildings[i] and is_legal(state, sell := SellBuilding(player=seat, square=i)):
                tiers[3].append(sell)
            mortgage = mortgage_of(seat, i)
            if is_legal(state, mortgage):
                tier = 1 if own == group else 2 if owns_group(state, seat, own) else 0
                tiers[tier].append(mortgage)
        for options in tiers:
            if options:
                return least_loss(state, seat, options)
        return None

    def _loose_for(self, state: GameState, seat: int, square: int) -> Action | None:
        """A loose lot's mortgage towards the price of square (not a street it must have), the one
        costing the least earning power; None when all its loose lots together would not reach the price
        (or it has none): the lot is declined then, no useless mortgage taken."""
        short = state.board.property(square).price - state.players[seat].cash
        loose = [
            i
            for i in lots_of(state, seat)
            if not state.mortgaged[i] and not owns_group(state, seat, colour_group(state.board, i))
        ]
        if sum(state.board.property(i).mortgage for i in loose) < short:
            return None
        return self._loose_mortgage(state, seat)

    def _loose_mortgage(self, state: GameState, seat: int, spare: tuple[int, ...] = ()) -> Action | None:
        """The mortgage costing the least earning power, of a lot outside seat's whole groups and spare."""
        loose: list[Action] = [
            mortgage_of(seat, i)
            for i in lots_of(state, seat)
            if i not in spare
            and not owns_group(state, seat, colour_group(state.board, i))
            and mortgage_problem(state, seat, i) is None
        ]
        return least_loss(state, seat, loose) if loose else None

    # --- the turn's decisions --------------------------------------------------------------------

    def jail_stay(self, state: GameState, seat: int) -> JailPolicy:
        unowned = sum(1 for i in state.board.properties if state.owner[i] is None)
        if unowned >= OPENING_UNOWNED:
            return "short"
        return "long" if danger(state, seat) >= JAIL_DANGER else "short"

    @staticmethod
    def _must_have(state: GameState, seat: int, square: int) -> bool:
        """A street bought whatever it costs in cash or mortgages: it completes seat's group, or keeps
        an opponent from completing one."""
        return completes_group(state, seat, square) or blocks_group(state, seat, square)

    def wants_to_buy(self, state: GameState, seat: int, square: int) -> bool:
        """Every lot it lands on (the price raised first from loose lots, see manage_now): a lot bought
        on landing is worth its price at the round limit, earns rent every round until then, and is the
        only way to a group or a block that no trade will bring (trades off: «Сильный» against three
        «Простой», benchmarks/bench_bots.py --no-trades --turn-limit 200, seeds 1000..2999: 657 -> 673
        of 2 000 for this rule alone, 1.1 % of the games won that were lost and 0.2 % the other way)."""
        return True

    def _lot_value(self, state: GameState, seat: int, square: int) -> int:
        """What owning square adds to seat's worth, plus half of what it keeps from an opponent; a street
        of a group no one else holds a street of is worth at least LIVE_BID times its price; and any lot
        at least its price and the rent it adds for the rounds to come (`_rent_to_come`).

        Kept for the last lot asked about: every bid of an auction asks again with the same holdings
        (the very same tuples), round and players out or in jail — all it reads besides the board and
        the rules (cash aside)."""
        people = tuple((p.bankrupt, p.in_jail) for p in state.players)
        valued = self._valued
        if (
            valued
            and valued[4] is state.owner
            and valued[5] is state.mortgaged
            and valued[6] is state.buildings
            and valued[0] == seat
            and valued[1] == square
            and valued[2] is state.board
            and valued[3] is state.rules
            and valued[7] == state.round
            and valued[8] == people
        ):
            return valued[9]  # type: ignore[return-value]
        value = self._lot_value_afresh(state, seat, square)
        self._valued = (
            seat, square, state.board, state.rules, state.owner, state.mortgaged, state.buildings,
            state.round, people, value,
        )  # fmt: skip
        return value

    def _lot_value_afresh(self, state: GameState, seat: int, square: int) -> int:
        """_lot_value, worked out."""
        gain = max(
            APPRAISER.worth_change(state, seat, {square: seat}),
            state.board.property(square).price + self._rent_to_come(state, seat, square),
        )
        group = colour_group(state.board, square)
        if blocks_group(state, seat, square):
            gain += APPRAISER.group_worth(state.board, group) // 2
        elif group and all(state.owner[i] in (None, seat) for i in group if i != square):
            gain = max(gain, int(LIVE_BID * state.board.property(square).price))
        return gain

    @staticmethod
    def _rent_to_come(state: GameState, seat: int, square: int) -> int:
        """The rent owning square adds to seat's lots per round (each opponent's throw, at the landing
        frequencies, with the lots' rents as they would be: a second station raises the first's too),
        for the rounds left before the round limit, at most RENT_HORIZON."""
        view = View.of(state)
        per_visit = rent_income(view.with_owner({square: seat}), seat) - rent_income(view, seat)
        opponents = sum(1 for p in state.players if not p.bankrupt) - 1
        limit = state.rules.end.turn_limit
        rounds = RENT_HORIZON if limit is None else max(0, min(RENT_HORIZON, limit - state.round))
        return int(per_visit * opponents * rounds / BOARD_SIZE)

    def auction_limit(self, state: GameState, seat: int, auction: Auction) -> int:
        cash = state.players[seat].cash
        spare = cash - self.reserve(state, seat) // 2
        if auction.building is not None:
            return min(2 * house_cost(state.board, auction.square), spare)
        if completes_group(state, seat, auction.square) or blocks_group(state, seat, auction.square):
            spare = cash
        return min(self._lot_value(state, seat, auction.square), spare)

    def bid_step(self, state: GameState, auction: Auction) -> int:
        return 5_000

    def wants_to_lift(self, state: GameState, seat: int, square: int) -> bool:
        """A lot received mortgaged: lifted at once (the cheapest moment: the interest is paid already)
        as managing would lift it — a whole group's from the reserve up; a loose one from twice the
        reserve and 100 000 up, beyond what the houses up to three on its whole groups cost
        (building wants the cash first, and would mortgage the lot again to go on)."""
        cash = state.players[seat].cash - state.board.property(square).mortgage
        if owns_group(state, seat, colour_group(state.board, square)):
            return cash >= self.reserve(state, seat)
        return cash >= 2 * self.reserve(state, seat) + 100_000 + self._to_three(state, seat)

    def _to_three(self, state: GameState, seat: int) -> int:
        """What the houses still missing to three on every street of seat's whole groups cost (built on
        or not yet: a group received mortgaged is lifted and built on too)."""
        board, levels = state.board, state.buildings
        return sum(
            max(0, 3 - levels[i]) * house_cost(board, i)
            for group in self._watch.outlook(state, seat).groups
            for i in group
        )

    def raise_money(self, state: GameState, seat: int, options: Sequence[Action]) -> Action:
        return least_loss(state, seat, options)

    def place(self, state: GameState, seat: int, places: list[PlaceBuilding]) -> Action:
        return max(places, key=lambda a: (self._build_gain(state, a.square), -a.square))
