"""Houses and hotels (seed 000): whole groups, even building, the bank's supply, scarce-building auctions.

A street's level is 0-4 houses or 5 = a hotel. Each level costs the house price; selling one back pays
half of it. The one place the building rules live: the app and bots ask these functions.
"""

from __future__ import annotations

from typing import Final, Protocol

from .board import Layout, Street
from .errors import Problem
from .rent import Holdings, all_of, any_of, owns_whole_group
from .rules import terms_of
from .state import Auction, BuildingKind
from .table import Table

HOTEL: Final = 5


class _Bank(Holdings, Protocol):
    """Holdings that also show the bank's building supply (GameState and Table)."""

    @property
    def bank_houses(self) -> int: ...
    @property
    def bank_hotels(self) -> int: ...


def street(h: Holdings, square: int) -> Street | None:
    sq = h.board.squares[square]
    return sq if isinstance(sq, Street) else None


def building_kind(level: int) -> BuildingKind:
    """What building the next level on a street at this level is."""
    return "hotel" if level == HOTEL - 1 else "house"


def supply_change(old: int, new: int) -> tuple[int, int]:
    """Houses and hotels back to the bank when a street goes from level old to new (negative: taken)."""
    houses = (old if old < HOTEL else 0) - (new if new < HOTEL else 0)
    hotels = (old == HOTEL) - (new == HOTEL)
    return houses, hotels


def group_may_build(h: Holdings, seat: int, square: int) -> Problem | None:
    """Why seat may not build on square's group at all (None: the group is open for building)."""
    return _group_problem(h, h.board.layout, seat, square)


def _group_problem(h: Holdings, layout: Layout, seat: int, square: int) -> Problem | None:
    if layout.kinds[square] != "street":
        return ("not_a_street", square)
    owners = h.owner
    if owners[square] != seat:
        return ("not_yours", square, seat)
    group = layout.group_of[square]
    if not all_of(owners, group, seat):
        return ("not_whole_group", seat, square)
    if any_of(h.mortgaged, group):
        return ("group_mortgaged", square)
    return None


def place_problem(h: Holdings, seat: int, square: int) -> Problem | None:
    """Why the next building may not stand on square, money and the bank's supply aside (None: it may)."""
    return _place_problem(h, h.board.layout, seat, square)


def _place_problem(h: Holdings, layout: Layout, seat: int, square: int) -> Problem | None:
    problem = _group_problem(h, layout, seat, square)
    if problem:
        return problem
    buildings = h.buildings
    level = buildings[square]
    if level == HOTEL:
        return ("has_hotel", square)
    lowest = min([buildings[i] for i in layout.group_of[square]])
    if level == HOTEL - 1 and lowest < HOTEL - 1:
        return ("hotel_needs_houses", square)
    if level > lowest and terms_of(h.rules).even_building:
        return ("build_evenly", square)
    return None


def build_problem(h: _Bank, seat: int, square: int) -> Problem | None:
    """Why seat may not buy the next building for square now (None: Build is legal)."""
    layout = h.board.layout  # the board's lookups read once (a validated model's attributes are slow)
    problem = _place_problem(h, layout, seat, square)
    if problem:
        return problem
    cost = layout.house_costs[square]
    if h.players[seat].cash < cost:
        return ("build_cash", seat, cost)
    if h.buildings[square] == HOTEL - 1:
        if h.bank_hotels < 1:
            return ("bank_out", "hotel")
    elif h.bank_houses < 1:
        return ("bank_out", "house")
    return None


def builders(h: _Bank, kind: BuildingKind) -> list[int]:
    """Seats able to buy a building of this kind right now (money and a legal street), in table order.

    Only a whole colour group can take buildings: each group wholly owned is asked of its owner.
    """
    able: set[int] = set()
    for members in h.board.group_members.values():
        seat = h.owner[members[0]]
        if seat is None or seat in able or h.players[seat].bankrupt or not owns_whole_group(h, members[0]):
            continue
        if any(building_kind(h.buildings[i]) == kind and build_problem(h, seat, i) is None for i in members):
            able.add(seat)
    return sorted(able)


def build(t: Table, seat: int, square: int) -> None:
    """Buy a building for square, or, when the bank has fewer than the players able to buy one, auction it."""
    sq = street(t, square)
    assert sq is not None
    kind = building_kind(t.buildings[square])
    supply = t.bank_hotels if kind == "hotel" else t.bank_houses
    # only players still in can be able to buy one: while the bank has as many, nobody need be asked
    scarce = t.rules.buildings.scarce_auction and supply < len(t.active_seats())
    able = [s for s in builders(t, kind) if t.cash(s) >= sq.house_cost] if scarce else []
    if scarce and supply < len(able):
        n = len(t.players)
        order = [(seat + k) % n for k in range(n)]
        bidders = tuple(s for s in order if s in able)
        t.auction = Auction(square=square, bidders=bidders, building=kind, opening=sq.house_cost)
        t.emit("building_auction_started", player=seat, square=square, reason=kind, amount=sq.house_cost)
        return
    t.pays_bank(seat, sq.house_cost)
    _set_level(t, square, t.buildings[square] + 1)
    t.emit("built", player=seat, square=square, amount=sq.house_cost, reason=kind)


def place(t: Table, seat: int, square: int) -> None:
    """Put the building won at auction (already paid for) on square."""
    assert t.placement is not None
    kind = t.placement.building
    t.placement = None
    _set_level(t, square, t.buildings[square] + 1)
    t.emit("built", player=seat, square=square, amount=0, reason=kind)


def sell_problem(h: _Bank, seat: int, square: int) -> Problem | None:
    """Why seat may not sell one building of square (None: SellBuilding is legal)."""
    layout = h.board.layout  # the board's lookups read once (a validated model's attributes are slow)
    if layout.kinds[square] != "street" or h.owner[square] != seat:
        return ("no_street", seat, square)
    buildings = h.buildings
    level = buildings[square]
    if level == 0:
        return ("no_building", square)
    if level < max([buildings[i] for i in layout.group_of[square]]) and terms_of(h.rules).even_building:
        return ("sell_evenly", square)
    if level == HOTEL and h.bank_houses < HOTEL - 1:
        return ("hotel_sale_houses", square, h.bank_houses)
    return None


def sell_down_problem(h: _Bank, seat: int, group: str, level: int) -> Problem | None:
    """Why seat may not sell group down to level on every street (None: SellDown is legal)."""
    members = h.board.group_members.get(group)
    if not members:
        return ("no_group", group)
    if any(h.owner[i] != seat for i in members):
        return ("not_whole_group_of", seat, group)
    if all(h.buildings[i] <= level for i in members):
        return ("nothing_above", group, level)
    houses = sum(supply_change(h.buildings[i], min(h.buildings[i], level))[0] for i in members)
    if h.bank_houses + houses < 0:
        return ("sell_down_houses", h.bank_houses, -houses, level)
    return None


def sell(t: Table, seat: int, square: int, level: int) -> None:
    """Take square down to level, paying half the house price for each level removed."""
    sq = street(t, square)
    assert sq is not None
    removed = t.buildings[square] - level
    if removed <= 0:
        return
    refund = removed * sale_price(sq)
    _set_level(t, square, level)
    t.bank_pays(seat, refund)
    t.emit("sold_building", player=seat, square=square, amount=refund, reason=str(level))


def _set_level(t: Table, square: int, level: int) -> None:
    houses, hotels = supply_change(t.buildings[square], level)
    t.bank_houses += houses
    t.bank_hotels += hotels
    t.set_level(square, level)


def sale_price(sq: Street) -> int:
    """What the bank pays for one building level of this street: half the house price."""
    return _sale_price_of(sq.house_cost)


def _sale_price_of(house_cost: int) -> int:
    return house_cost // 2


def sale_value(h: Holdings, seat: int) -> int:
    """What selling every building of seat to the bank would pay."""
    costs, buildings = h.board.layout.house_costs, h.buildings
    total = 0
    for i, owner in enumerate(h.owner):
        if owner == seat and buildings[i]:  # (only a street has buildings)
            total += buildings[i] * _sale_price_of(costs[i])
    return total
