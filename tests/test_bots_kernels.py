"""The bots' computation kernels keep what they worked out (an exchange's price, the lots to swap, the
offers made as values, the rents of the last holdings, the offer searches that found none, the colour
groups): whatever they keep must give exactly what working it out afresh gives, in every position of
real games, asked in any order (so that kept answers meet holdings that changed since).
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import ClassVar

from factory import NAMES, board, make_state

from monopoly_tui.bots import make_bot, play_game, trading
from monopoly_tui.bots.outlook import Watcher, outlook
from monopoly_tui.bots.rents import NOMINAL_DICE, lot_rents
from monopoly_tui.bots.simple import APPRAISER as PRINTED
from monopoly_tui.bots.simple import BUYER
from monopoly_tui.bots.strong import StrongBot
from monopoly_tui.bots.strong_stones import stepping_stones
from monopoly_tui.bots.strong_terms import APPRAISER, CASH_LADDER, MARKET, NEVER, RETRY_AFTER
from monopoly_tui.bots.trading import (
    Reach,
    Wish,
    lot_gains,
    lot_gains_afresh,
    offer_of,
    street_gains,
    swap_lots,
)
from monopoly_tui.bots.valuation import (
    View,
    colour_group,
    completes_group,
    danger,
    lots_of,
    owns_group,
    rent_income,
    rent_peaks,
    visit_rates,
)
from monopoly_tui.engine import GameState, ProposeTrade, Rules, TradeSide, action_to_json, rent_due
from monopoly_tui.engine.board import Street


def positions(seeds: tuple[int, ...], every: int = 3) -> list[GameState]:
    """Every `every`-th state of games of four «Сильный» (mortgages, houses, trades and all)."""
    states: list[GameState] = []
    for seed in seeds:
        bots = [make_bot("strong", seed, seat) for seat in range(4)]
        seen: list[GameState] = []
        play_game(
            board(), NAMES[:4], bots, seed, checked=False, observe=lambda a, s, into=seen: into.append(s)
        )
        states.extend(seen[::every])
    return states


def test_an_exchange_kept_is_priced_as_afresh_in_every_position() -> None:
    """lot_gains keeps each exchange's price with the slice of the holdings it reads: over thousands of
    positions taken in random order and exchanges of streets, stations and utilities (mortgaged, built on,
    whole groups), it always equals the price worked out afresh."""
    chooser = random.Random(13)
    states = positions((0, 1, 2))
    chooser.shuffle(states)
    compared = differed = 0
    kinds: set[str] = set()
    for state in states:
        lots = [i for i in state.board.properties if state.owner[i] is not None]
        if len(lots) < 2:
            continue
        for _ in range(8):
            p, q = chooser.sample(range(4), 2)
            give = tuple(sorted(chooser.sample(lots, chooser.randint(0, 2))))
            take = tuple(sorted(i for i in chooser.sample(lots, chooser.randint(1, 2)) if i not in give))
            appraiser = chooser.choice((APPRAISER, MARKET, BUYER, PRINTED))
            expected = lot_gains_afresh(appraiser, state, p, q, give, take)
            assert lot_gains(appraiser, state, p, q, give, take) == expected, (p, q, give, take)
            compared += 1
            differed += expected != (0, 0)
            kinds.update(state.board.squares[i].kind for i in (*give, *take) if state.mortgaged[i])
    assert compared > 4000
    assert differed > 2000
    assert kinds == {"street", "station", "utility"}  # mortgaged lots of every kind were exchanged


def test_an_exchange_is_priced_again_when_a_lot_of_its_groups_changes() -> None:
    """A kept price is handed back only for the same owners, mortgages and buildings of the groups the
    exchange reads: a street of the group mortgaged changes it."""
    state = positions((4,), every=1)[200]
    street = next(i for i in state.board.properties if state.owner[i] is not None and state.board.group_of[i])
    seat = state.owner[street]
    assert seat is not None
    partner = (seat + 1) % 4
    before = lot_gains(APPRAISER, state, partner, seat, (), (street,))
    flags = list(state.mortgaged)
    flags[street] = not flags[street]
    changed = state._replace(mortgaged=tuple(flags))
    assert lot_gains(APPRAISER, changed, partner, seat, (), (street,)) == lot_gains_afresh(
        APPRAISER, changed, partner, seat, (), (street,)
    )
    assert lot_gains(APPRAISER, changed, partner, seat, (), (street,)) != before


def test_an_exchange_of_streets_priced_from_its_streets_is_priced_as_afresh() -> None:
    """street_gains prices an exchange of streets (the offer search's: cash for a partner's streets, or
    one of seat's streets for them) from those streets and their groups alone: in thousands of positions
    of real games, for streets held by each side (mortgaged, built on, whole groups made and broken), it
    equals lot_gains worked out afresh; anything else (a station, a lot its giver does not hold) it hands
    to lot_gains."""
    chooser = random.Random(17)
    compared = differed = mortgaged = whole = 0
    for state in positions((0, 1)):
        board = state.board
        streets = [i for i in board.properties if isinstance(board.squares[i], Street)]
        for _ in range(6):
            p, q = chooser.sample(range(4), 2)
            mine = [i for i in streets if state.owner[i] == p]
            theirs = [i for i in streets if state.owner[i] == q]
            give = tuple(chooser.sample(mine, chooser.randint(0, min(2, len(mine)))))
            take = tuple(chooser.sample(theirs, chooser.randint(0, min(3, len(theirs)))))
            appraiser = chooser.choice((APPRAISER, MARKET, BUYER, PRINTED))
            expected = lot_gains_afresh(appraiser, state, p, q, give, take)
            assert street_gains(appraiser, state, p, q, give, take) == expected, (p, q, give, take)
            compared += 1
            differed += expected != (0, 0)
            mortgaged += any(state.mortgaged[i] for i in (*give, *take))
            whole += any(owns_group(state, q, colour_group(board, i)) for i in take)
    assert compared > 2000 and differed > 1000 and mortgaged > 100 and whole > 20
    state = positions((2,))[150]
    held = [i for i in state.board.properties if state.owner[i] is not None]
    station = next(i for i in held if state.board.squares[i].kind == "station")
    holder = state.owner[station]
    assert holder is not None
    other = (holder + 1) % 4
    for p, q, give in ((other, holder, ()), (holder, other, (station,))):
        take = (station,) if not give else ()
        assert street_gains(APPRAISER, state, p, q, give, take) == lot_gains_afresh(
            APPRAISER, state, p, q, give, take
        )
    stranger = next(i for i in held if state.owner[i] not in (holder, other))
    assert street_gains(APPRAISER, state, other, holder, (), (stranger,)) == lot_gains_afresh(
        APPRAISER, state, other, holder, (), (stranger,)
    )


def test_the_candidates_worked_out_once_per_wish_are_those_priced_exchange_by_exchange() -> None:
    """The offer search works out what the wished streets are worth once per wish, and each swap from
    the street seat gives: in every position of real games, for every wish of every seat and every
    try, its candidates (terms, cash needed, the partner's group completed) are those priced exchange
    by exchange (street_gains, equal to lot_gains afresh)."""
    bot = StrongBot(0, 0)
    compared = swaps = 0
    for state in positions((0, 1, 2)):
        for seat in range(4):
            for wish in outlook(state, seat).wishes:
                for step in range(len(CASH_LADDER)):
                    expected = bot._candidates_priced(state, seat, wish, step, 70_000)
                    assert bot._candidates(state, seat, wish, step, 70_000) == expected, (seat, wish, step)
                    compared += 1
                    swaps += sum(1 for _, _, theirs in expected if theirs)
    assert compared > 5_000 and swaps > 200
    state = next(s for s in positions((0,)) if outlook(s, 0).wishes)
    wish = outlook(state, 0).wishes[0]
    stale = Wish(wish.group, (wish.partner + 1) % 4, wish.lots)  # not a wish of this state's
    assert bot._candidates(state, 0, stale, 0, 0) == bot._candidates_priced(state, 0, stale, 0, 0)


def test_the_stepping_stones_kept_are_those_found_afresh() -> None:
    """«Сильный» keeps its stepping stones across owners that changed only in groups it lacks other than
    two streets of (before and after) and mortgages off the stones: in every position of real games, in
    order (as a bot meets them) and in random order, they equal the stones found afresh."""
    chooser = random.Random(11)
    states = positions((0, 1, 2), every=1)
    shuffled = list(states)
    chooser.shuffle(shuffled)
    compared = found = 0
    for order in (states, shuffled):
        bots = [StrongBot(0, seat) for seat in range(4)]
        for state in order:
            for seat, bot in enumerate(bots):
                expected = stepping_stones(state, seat)
                assert bot._stepping_stones(state, seat) == expected, (state.round, seat)
                compared += 1
                found += bool(expected)
    assert compared > 10_000 and found > 2_000


def test_the_outlook_kept_is_the_outlook_found_afresh() -> None:
    """A seat's Watcher keeps its outlook while the owners near the seat stay, working out again only
    what is mortgaged and what may be built when mortgages or buildings there change: in every position
    of real games, in order and shuffled, it equals the outlook found afresh (and the same wishes are
    the very same values)."""
    chooser = random.Random(3)
    states = positions((0, 1), every=1)
    shuffled = list(states)
    chooser.shuffle(shuffled)
    compared = pledged = 0
    for order in (states, shuffled):
        watchers = [Watcher() for _ in range(4)]
        for state in order:
            for seat, watcher in enumerate(watchers):
                expected = outlook(state, seat)
                assert watcher.outlook(state, seat) == expected, (state.round, seat)
                assert all(a is b for a, b in zip(outlook(state, seat).wishes, expected.wishes, strict=True))
                compared += 1
                pledged += bool(expected.pledged)
    assert compared > 10_000 and pledged > 2_000


def test_the_lots_to_swap_kept_are_those_found_afresh() -> None:
    """swap_lots keeps its answer with the owners it was found for: in positions in random order, for
    every wish of every seat, it equals the lots found afresh."""
    chooser = random.Random(7)
    states = positions((3, 5))
    chooser.shuffle(states)
    compared = found = 0
    for state in states:
        for seat in range(4):
            for wish in outlook(state, seat).wishes:
                if chooser.random() < 0.1:
                    trading._SWAPS.clear()
                expected = [
                    i
                    for i in lots_of(state, seat)
                    if i not in wish.group and completes_group(state, wish.partner, i)
                ]
                assert swap_lots(state, seat, wish) == expected
                compared += 1
                found += bool(expected)
    assert compared > 500
    assert found > 20


def test_an_offer_made_once_is_the_offer_built_in_full() -> None:
    """offer_of hands back one immutable offer per terms, equal field by field (and in its JSON) to the
    offer built in full, as «Сильный» builds its cash offers and swaps."""
    cash = offer_of(0, 2, (), 150_000, (16, 18))
    assert cash == ProposeTrade(
        player=0, partner=2, give=TradeSide(cash=150_000), take=TradeSide(lots=(16, 18))
    )
    assert action_to_json(cash) == action_to_json(
        ProposeTrade(player=0, partner=2, give=TradeSide(cash=150_000), take=TradeSide(lots=(16, 18)))
    )
    swap = offer_of(1, 3, (6,), 0, (39,))
    built = ProposeTrade(player=1, partner=3, give=TradeSide(lots=(6,), cash=0), take=TradeSide(lots=(39,)))
    assert swap == built
    assert action_to_json(swap) == action_to_json(built)
    assert offer_of(1, 3, (6,), 0, (39,)) is swap


def test_the_rents_kept_are_the_rules_rents_in_every_position() -> None:
    """lot_rents works out again only the groups where the holdings differ from the last ones asked
    about: over positions in random order, what-ifs of each (a lot mortgaged, a house sold) and a game
    where jailed owners collect nothing, every square's rent is rent_due's, and each seat's rent income
    (the lots it holds kept per owners' tuple) is the sum over its lots, to the ruble."""
    chooser = random.Random(11)
    states = positions((6, 7), every=2)
    jail_rules = Rules.model_validate({"rent": {"collect_in_jail": False}})
    bots = [make_bot("strong", 8, seat) for seat in range(4)]
    jailed: list[GameState] = []
    play_game(board(), NAMES[:4], bots, 8, jail_rules, checked=False, observe=lambda a, s: jailed.append(s))
    states += jailed[::2]
    chooser.shuffle(states)
    built = 0
    for state in states:
        views: list[View | GameState] = [state]
        lots = [i for i in state.board.properties if state.owner[i] is not None]
        if lots:
            views.append(View.of(state).with_mortgage(chooser.choice(lots), True))
        houses = [i for i in state.board.properties if state.buildings[i]]
        if houses:
            square = chooser.choice(houses)
            views.append(View.of(state).with_level({square: state.buildings[square] - 1}))
            built += 1
        rates = visit_rates(state.board)
        for h in views:
            assert lot_rents(h) == [rent_due(h, i, NOMINAL_DICE) for i in range(len(h.board.squares))]
            for seat in range(4):
                lots = [i for i in h.board.properties if h.owner[i] == seat]
                income = int(sum(rent_due(h, i, NOMINAL_DICE) * rates[i] for i in lots))
                assert rent_income(h, seat) == income
            expected: dict[int, int] = {}
            for i in h.board.properties:
                holder = h.owner[i]
                if holder is not None:
                    expected[holder] = max(expected.get(holder, 0), rent_due(h, i, NOMINAL_DICE))
            assert rent_peaks(h) == expected
            for seat in range(4):
                assert danger(h, seat) == max((r for o, r in expected.items() if o != seat), default=0)
    assert len(states) > 1000
    assert built > 300
    assert any(p.in_jail for s in jailed for p in s.players)


class Checked(StrongBot):
    """«Сильный» whose every offer search is checked against a copy of it that has forgotten the
    searches that found nothing (`_no_offer`) and the least cash they needed (`_floor`)."""

    checks: ClassVar[Counter[str]] = Counter()

    def _fresh(self) -> StrongBot:
        fresh = copy.copy(self)
        fresh._asked = dict(self._asked)
        fresh._stones_asked = dict(self._stones_asked)
        fresh._no_offer = None
        fresh._floor = None
        return fresh

    def _offer(
        self, state: GameState, seat: int, spare: int, wished: tuple[Wish, ...]
    ) -> ProposeTrade | None:
        remembered = self._no_offer is not None
        expected = StrongBot._offer(self._fresh(), state, seat, spare, wished)
        offer = super()._offer(state, seat, spare, wished)
        assert offer == expected, (state.round, seat, offer, expected)
        reach = self._no_offer[6] if self._no_offer is not None else None
        if offer is None and reach is not None:
            # The reach noted (the last one's, when it still holds) reads what a fresh one reads.
            fresh = Reach.of(state, seat, wished)
            squares = tuple(range(len(state.owner)))
            assert reach.owners(squares) == fresh.owners(squares)
            assert reach.prices(squares) == fresh.prices(squares)
            assert reach[4:] == fresh[4:] and reach[:2] == fresh[:2]
            self.checks["reach"] += 1
        self.checks["offer, after a search that found none" if remembered else "offer"] += 1
        return offer

    def _offer_floor(self, state: GameState, seat: int, reserve: int, wished: tuple[Wish, ...]) -> int:
        floor = super()._offer_floor(state, seat, reserve, wished)
        assert floor == StrongBot._offer_floor(self._fresh(), state, seat, reserve, wished)
        self.checks["floor"] += 1
        return floor


def test_the_offers_searches_that_found_none_change_no_offer() -> None:
    """«Сильный» skips an offer search that would find what the last one found (none): with no offer
    in reach of its cash, while every offer asks more than its spare cash, the same wishes are tried as
    often and the holdings the search reads are the same, whatever the round, the other lots and the
    others' cash. In whole games every search and every least cash equals a search made afresh."""
    for seed in (0, 1, 2, 3):
        bots = [Checked(seed, seat) for seat in range(4)]
        play_game(board(), NAMES[:4], bots, seed, checked=False)
    assert Checked.checks["offer, after a search that found none"] > 1000
    assert Checked.checks["floor"] > 1000
    assert Checked.checks["reach"] > 500


def test_an_offer_search_is_made_again_once_a_street_of_seat_would_complete_the_partners_group() -> None:
    """Seat 0 holds Житная (brown) and wishes the other brown street, Нагатинская, held by seat 1; it
    holds the light blue 6 too, of which seat 1 holds 8. Once
    seat 1 also holds 9, the street 6 would complete seat 1's light blues: a swap to search for, though
    the wished group did not change. A lot changing hands elsewhere (an orange street) changes nothing
    the search reads."""
    state = make_state(4, owners={1: 0, 6: 0, 3: 1, 8: 1})
    wishes = outlook(state, 0).wishes
    (wish,) = wishes
    assert wish.group == (1, 3) and wish.partner == 1
    reach = Reach.of(state, 0, wishes)
    elsewhere = make_state(4, owners={1: 0, 6: 0, 3: 1, 8: 1, 16: 2})
    assert reach.holds(elsewhere, 0, wishes)
    completing = make_state(4, owners={1: 0, 6: 0, 3: 1, 8: 1, 9: 1})
    assert swap_lots(completing, 0, wish) == [6] and swap_lots(state, 0, wish) == []
    assert not reach.holds(completing, 0, wishes)
    gained = make_state(4, owners={1: 0, 6: 0, 3: 1, 8: 1, 39: 0})
    assert not reach.holds(gained, 0, wishes)  # a lot more for seat: more streets it might swap
    mortgaged = make_state(4, owners={1: 0, 6: 0, 3: 1, 8: 1}, mortgaged=[3])
    assert not reach.holds(mortgaged, 0, wishes)  # the wished street's price changed


def test_a_house_on_the_bots_whole_group_leaves_its_offer_search_as_it_was() -> None:
    """A street of a whole group completes nobody's group: houses there (and its mortgages) are not read
    by the search; a mortgage on a street that might be swapped is."""
    owners = {1: 0, 6: 0, 16: 0, 18: 0, 19: 0, 3: 1, 8: 1}
    state = make_state(4, owners=owners)
    wishes = outlook(state, 0).wishes
    reach = Reach.of(state, 0, wishes)
    assert reach.holds(make_state(4, owners=owners, buildings={16: 1, 18: 1, 19: 2}), 0, wishes)
    assert not reach.holds(make_state(4, owners=owners, mortgaged=[6]), 0, wishes)


def test_the_colour_groups_kept_per_board_are_the_boards() -> None:
    """colour_group keeps the last board's groups by square; owns_group and completes_group are plain
    loops: in positions of real games, with two boards asked about in turns, each answers as the
    board's own groups say."""
    states = positions((9,), every=7)
    other = board().model_copy()
    assert other is not states[0].board
    checked = 0
    for state in states:
        for b in (state.board, other, state.board):
            for square, sq in enumerate(b.squares):
                group = b.group_members[sq.group] if isinstance(sq, Street) else ()
                assert colour_group(b, square) == group
                for seat in range(4):
                    whole = bool(group) and all(state.owner[i] == seat for i in group)
                    assert owns_group(state, seat, group) == whole
                    last = bool(group) and all(state.owner[i] == seat for i in group if i != square)
                    assert completes_group(state, seat, square) == last
                    checked += whole + last
    assert checked > 100


def test_a_rest_lasts_until_an_offer_left_out_may_be_made_again() -> None:
    """Seat 0 holds Житная and wishes Нагатинская (seat 1's), too poor to offer for it: managing finds
    nothing, and with no offer left out the rest outlasts the round. Once an offer for it was made this
    round, the rest ends with the round; once its ladder is exhausted, RETRY_AFTER rounds after the last
    offer. A stepping stone offered this round (dark blue, held by two others) likewise."""
    state = make_state(4, owners={1: 0, 3: 1}, cash={0: 60_000})
    wishes = outlook(state, 0).wishes
    now = state.round
    bot = StrongBot(0, 0)
    assert bot._offers_until(state, 0, wishes) == NEVER
    assert bot.manage(state, 0) is None
    assert bot._resting(state._replace(round=now + 5), 0)
    offered = StrongBot(0, 0)
    offered._asked[(3,)] = (1, now)
    assert offered._offers_until(state, 0, wishes) == now + 1
    assert offered.manage(state, 0) is None
    assert offered._resting(state, 0) and not offered._resting(state._replace(round=now + 1), 0)
    offered._asked[(3,)] = (len(CASH_LADDER), now - 2)
    assert offered._offers_until(state, 0, wishes) == now - 2 + RETRY_AFTER
    stones = make_state(4, owners={1: 0, 3: 1, 37: 2, 39: 3}, cash={0: 60_000})
    stoned = StrongBot(0, 0)
    assert [stone.square for stone in stoned._stepping_stones(stones, 0)] == [37, 39]
    stoned._stones_asked[37] = (1, now)
    assert stoned._offers_until(stones, 0, outlook(stones, 0).wishes) == now + 1
