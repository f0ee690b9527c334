"""The bots' computation kernels keep what they worked out (an exchange's price, the lots to swap, the
offers made as values, the rents of the last holdings): whatever they keep must give exactly what working
it out afresh gives, in every position of real games, asked in any order (so that kept answers meet
holdings that changed since).
"""

from __future__ import annotations

import random

from factory import NAMES, board

from monopoly_tui.bots import make_bot, play_game, trading
from monopoly_tui.bots.outlook import outlook
from monopoly_tui.bots.rents import NOMINAL_DICE, lot_rents
from monopoly_tui.bots.simple import APPRAISER as PRINTED
from monopoly_tui.bots.simple import BUYER
from monopoly_tui.bots.strong_terms import APPRAISER, MARKET
from monopoly_tui.bots.trading import lot_gains, lot_gains_afresh, offer_of, swap_lots
from monopoly_tui.bots.valuation import View, completes_group, lots_of
from monopoly_tui.engine import GameState, ProposeTrade, Rules, TradeSide, rent_due


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
    assert cash.model_dump_json(exclude_unset=True) == ProposeTrade(
        player=0, partner=2, give=TradeSide(cash=150_000), take=TradeSide(lots=(16, 18))
    ).model_dump_json(exclude_unset=True)
    swap = offer_of(1, 3, (6,), 0, (39,))
    built = ProposeTrade(player=1, partner=3, give=TradeSide(lots=(6,), cash=0), take=TradeSide(lots=(39,)))
    assert swap == built
    assert swap.model_dump_json(exclude_unset=True) == built.model_dump_json(exclude_unset=True)
    assert offer_of(1, 3, (6,), 0, (39,)) is swap


def test_the_rents_kept_are_the_rules_rents_in_every_position() -> None:
    """lot_rents works out again only the groups where the holdings differ from the last ones asked
    about: over positions in random order, what-ifs of each (a lot mortgaged, a house sold) and a game
    where jailed owners collect nothing, every square's rent is rent_due's."""
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
        for h in views:
            assert lot_rents(h) == [rent_due(h, i, NOMINAL_DICE) for i in range(len(h.board.squares))]
    assert len(states) > 1000
    assert built > 300
    assert any(p.in_jail for s in jailed for p in s.players)
