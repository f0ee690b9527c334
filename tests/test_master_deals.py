"""«Мастер»'s deal search beyond «Сильный»'s: two loose lots and cash for the streets completing a group."""

from __future__ import annotations

from factory import make_state

from monopoly_tui.bots.master_deals import accepts, cheapest, deals
from monopoly_tui.bots.outlook import outlook

ORANGE_AND_LOOSE = {16: 0, 18: 0, 19: 1, 5: 0, 12: 0, 39: 0, 1: 0, 6: 2, 21: 3}
"""The master (seat 0) holds two orange streets and four loose lots (a station, a utility, Улица Арбат and
Житная улица); seat 1 holds the third orange street (Рублёвское шоссе)."""


def test_two_loose_lots_buy_the_last_street_where_cash_and_one_lot_cannot() -> None:
    """With 1 300 000 the master cannot pay what seat 1 (as «Сильный») asks for Рублёвское шоссе in cash,
    nor with one loose lot: two of them and cash buy it, and seat 1 accepts."""
    state = make_state(4, owners=ORANGE_AND_LOOSE, cash={0: 1_300_000, 1: 200_000})
    assert cheapest(state, 0, 1, (), (19,)) is None
    assert all(cheapest(state, 0, 1, (i,), (19,)) is None for i in (1, 5, 12, 39))
    found = deals(state, 0, outlook(state, 0).wishes, 10)
    assert found and all(len(offer.give.lots) == 2 and offer.take.lots == (19,) for offer in found)
    assert all(accepts(state, offer) for offer in found)


def test_no_pair_hands_the_partner_a_better_group() -> None:
    """Seat 1 also holds Улица Малая Бронная: Улица Арбат would complete dark blue for it, a better group
    than orange, so no deal gives Арбат away, alone or in a pair."""
    owners = {**ORANGE_AND_LOOSE, 37: 1}
    state = make_state(4, owners=owners, cash={0: 2_000_000, 1: 200_000})
    found = deals(state, 0, outlook(state, 0).wishes, 20)
    assert found
    assert all(39 not in offer.give.lots for offer in found)
