"""What things are worth to a computer player: a what-if view of the board, rent income, a player's worth.

Bots never change a GameState: they read it, and for "what if" questions (a trade, a mortgage) they
build a `View`, which the engine's pure helpers (rent_due, build_problem...) accept like a state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import compress, repeat
from operator import ne
from typing import Any, NamedTuple

from ..engine import Board, GameState, PlayerState, Rules
from ..engine.board import Station, Street, Utility
from .groups import blocks_group as blocks_group
from .groups import colour_group as colour_group
from .groups import colour_groups as colour_groups
from .groups import colour_groups_of as colour_groups_of
from .groups import completes_group as completes_group
from .groups import house_cost as house_cost
from .groups import lift_costs as lift_costs
from .groups import lots_of as lots_of
from .groups import owns_group as owns_group
from .rents import NOMINAL_DICE as NOMINAL_DICE
from .rents import lot_rents
from .visits import visit_rates as visit_rates


class View(NamedTuple):
    """Who owns what and how much cash each player holds: a state, or a state after a what-if."""

    board: Board
    rules: Rules
    players: Sequence[PlayerState]
    owner: Sequence[int | None]
    mortgaged: Sequence[bool]
    buildings: Sequence[int]

    @classmethod
    def of(cls, state: GameState) -> View:
        return cls(state.board, state.rules, state.players, state.owner, state.mortgaged, state.buildings)

    def cash(self, seat: int) -> int:
        return self.players[seat].cash

    def with_cash(self, changes: dict[int, int]) -> View:
        """The view with each seat's cash changed by the given amount."""
        players = list(self.players)
        for seat, delta in changes.items():
            players[seat] = players[seat]._replace(cash=players[seat].cash + delta)
        return View(self.board, self.rules, tuple(players), self.owner, self.mortgaged, self.buildings)

    def with_owner(self, changes: dict[int, int]) -> View:
        owner = list(self.owner)
        for square, seat in changes.items():
            owner[square] = seat
        return View(self.board, self.rules, self.players, tuple(owner), self.mortgaged, self.buildings)

    def with_mortgage(self, square: int, mortgaged: bool) -> View:
        flags = list(self.mortgaged)
        flags[square] = mortgaged
        return View(self.board, self.rules, self.players, self.owner, tuple(flags), self.buildings)

    def with_level(self, levels: dict[int, int]) -> View:
        out = list(self.buildings)
        for square, level in levels.items():
            out[square] = level
        return View(self.board, self.rules, self.players, self.owner, self.mortgaged, tuple(out))


def rent_income(h: View | GameState, seat: int) -> int:
    """What one visit to each of seat's lots would pay now: a measure of the lots' earning power."""
    rates = visit_rates(h.board)
    rents = lot_rents(h)
    return int(sum(rents[i] * rates[i] for i in _held(h, seat)))


_HELD: dict[int, tuple[Sequence[int | None], Board, tuple[int, ...]]] = {}
"""Per seat, the last owners asked about, their board, and the properties seat holds there."""


def _held(h: View | GameState, seat: int) -> tuple[int, ...]:
    """The properties seat owns, in board order, kept for the very same owners (the what-ifs of a sale
    or a mortgage keep the owners' tuple)."""
    kept = _HELD.get(seat)
    owner, board = h.owner, h.board
    if kept is not None and kept[0] is owner and kept[1] is board:
        return kept[2]
    held = tuple(i for i in board.properties if owner[i] == seat)
    _HELD[seat] = (owner, board, held)
    return held


def danger(h: View | GameState, seat: int) -> int:
    """The highest rent seat could owe on the board now (another player's lot, nominal dice): the
    highest of `rent_peaks` but seat's. Read off the rents in C: the highest rent on the board when
    its first lot is another's (an unowned lot charges nothing), else the highest off seat's lots."""
    rents = lot_rents(h)
    top = max(rents)
    owner = h.owner
    if not top or owner[rents.index(top)] != seat:
        return top
    return max(compress(rents, map(ne, owner, repeat(seat))), default=0)


_PEAKS: list[tuple[tuple[object, ...], dict[int, int]]] = []
"""The last rent peaks and what they were worked out from: board, rules, the holdings' tuples and who
is in jail (the bots of one game ask in turn, about the same board)."""


def rent_peaks(h: View | GameState) -> dict[int, int]:
    """For each seat owning a lot, the highest rent one of its lots charges now (nominal dice).

    Rents depend on the holdings, and on who is in jail only when jailed owners collect nothing: the
    last answer is kept for the very same tuples (the engine makes new ones for every change)."""
    jailed = None if h.rules.rent.collect_in_jail else tuple(p.in_jail for p in h.players)
    key = (h.board, h.rules, h.owner, h.mortgaged, h.buildings)
    if _PEAKS:
        seen, peaks = _PEAKS[0]
        if (
            seen[2] is key[2]
            and seen[3] is key[3]
            and seen[4] is key[4]
            and seen[0] is key[0]
            and seen[1] is key[1]
            and seen[5] == jailed
        ):
            return peaks
    peaks = {}
    # Off the properties nobody owns anything: the squares in board order are the properties'.
    for owner, rent in zip(key[2], lot_rents(h), strict=True):
        if owner is not None and rent > peaks.get(owner, -1):
            peaks[owner] = rent
    _PEAKS[:] = [((*key, jailed), peaks)]
    return peaks


@dataclass(frozen=True, slots=True)
class Appraiser:
    """How one kind of player values property: what a lot, a whole group, a station set is worth.

    `group_bonus` is added for a whole colour group, as a multiple of the rent with three houses on
    each street (`rent_based`) or of the printed prices (otherwise).
    """

    group_bonus: float
    rent_based: bool
    station_bonus: tuple[int, int, int, int] = (0, 50_000, 150_000, 350_000)
    utility_bonus: int = 50_000
    jail_card: int = 50_000

    def group_value(self, board: Board, group: tuple[int, ...]) -> int:
        """What owning the whole group adds to the printed prices."""
        streets = [board.squares[i] for i in group]
        if self.rent_based:
            rates = visit_rates(board)
            return int(
                self.group_bonus
                * sum(
                    s.rent[3] * rates[i] for i, s in zip(group, streets, strict=True) if isinstance(s, Street)
                )
            )
        return int(self.group_bonus * sum(s.price for s in streets if isinstance(s, Street)))

    def worth(self, h: View | GameState, seat: int) -> int:
        """Cash, lots (mortgaged ones less the cost to lift), buildings at resale, whole-group bonuses."""
        lots, groups = _worth_table(self, h.board)
        owner, mortgaged, buildings = h.owner, h.mortgaged, h.buildings
        player = h.players[seat]
        total = player.cash + self.jail_card * len(player.jail_cards)
        stations = utilities = 0
        for i, kind, price, pledged, house in lots:
            if owner[i] != seat:
                continue
            total += pledged if mortgaged[i] else price
            if kind == _STREET:
                total += buildings[i] * house // 2
            elif kind == _STATION:
                stations += 1
            else:
                utilities += 1
        for group, value in groups:
            for i in group:
                if owner[i] != seat:
                    break
            else:
                total += value
        if stations:
            total += self.station_bonus[min(stations, 4) - 1]
        if utilities >= 2:
            total += self.utility_bonus
        return total

    def worth_change(self, h: View | GameState, seat: int, owners: dict[int, int | None]) -> int:
        """worth(h once the lots in `owners` have those owners, seat) - worth(h, seat), exactly, from the
        lots that change hands alone (their own values, their groups' bonuses, the station and utility
        counts) instead of adding up both boards: an offer's appraisal looks at a few lots, not all."""
        lots, groups = _worth_table(self, h.board)
        index = _lot_index(self, h.board)
        owner, mortgaged, buildings = h.owner, h.mortgaged, h.buildings
        change = 0
        kinds = set()
        touched: set[int] = set()
        for i, new in owners.items():
            was = owner[i]
            if (was == seat) == (new == seat):
                continue
            _, kind, price, pledged, house = lots[index[i]]
            value = pledged if mortgaged[i] else price
            if kind == _STREET:
                value += buildings[i] * house // 2
                touched.add(i)
            kinds.add(kind)
            change += value if new == seat else -value
        if not kinds:
            return 0

        def holds(i: int) -> bool:
            return (owners[i] if i in owners else owner[i]) == seat

        for group, value in groups:
            if touched.isdisjoint(group):
                continue
            change += (all(holds(i) for i in group) - all(owner[i] == seat for i in group)) * value
        if _STATION in kinds:
            stations = h.board.stations
            had = sum(1 for i in stations if owner[i] == seat)
            has = sum(1 for i in stations if holds(i))
            change += self._station_bonus(has) - self._station_bonus(had)
        if _UTILITY in kinds:
            utilities = h.board.utilities
            had = sum(1 for i in utilities if owner[i] == seat)
            has = sum(1 for i in utilities if holds(i))
            change += self.utility_bonus * ((has >= 2) - (had >= 2))
        return change

    def _station_bonus(self, stations: int) -> int:
        return self.station_bonus[min(stations, 4) - 1] if stations else 0

    def group_worth(self, board: Board, group: tuple[int, ...]) -> int:
        """group_value(board, group), looked up (worked out once per appraiser and board)."""
        return _group_values(self, board).get(group) or self.group_value(board, group)


_STREET, _STATION, _UTILITY = 0, 1, 2
_WorthTable = tuple[tuple[tuple[int, int, int, int, int], ...], tuple[tuple[tuple[int, ...], int], ...]]
_WORTH: dict[tuple[int, int], tuple[Appraiser, Board, _WorthTable]] = {}


def _worth_table(appraiser: Appraiser, board: Board) -> _WorthTable:
    """Per lot (square, kind, price, value when mortgaged, house cost) and per colour group (streets,
    group value): what `Appraiser.worth` adds up, worked out once per appraiser and board."""
    key = (id(appraiser), id(board))
    cached = _WORTH.get(key)
    if cached is not None and cached[0] is appraiser and cached[1] is board:
        return cached[2]
    lots = []
    for i in board.properties:
        sq = board.squares[i]
        assert isinstance(sq, Street | Station | Utility)
        kind = _STREET if isinstance(sq, Street) else _STATION if isinstance(sq, Station) else _UTILITY
        house = sq.house_cost if isinstance(sq, Street) else 0
        lots.append((i, kind, sq.price, sq.price - sq.mortgage - sq.mortgage // 10, house))
    groups = tuple(
        (group, appraiser.group_value(board, group)) for group in board.group_members.values() if group
    )
    table: _WorthTable = (tuple(lots), groups)
    _WORTH[key] = (appraiser, board, table)
    return table


_INDEX: dict[tuple[int, int], tuple[Appraiser, Board, dict[int, int], dict[tuple[int, ...], int]]] = {}


_LAST_LOOKUPS: list[Any] = []
"""The last of _INDEX's entries asked for (the same appraiser is asked many times in a row)."""


def _lookups(appraiser: Appraiser, board: Board) -> tuple[dict[int, int], dict[tuple[int, ...], int]]:
    """Where each lot stands in the worth table, and each colour group's value."""
    last = _LAST_LOOKUPS
    if last and last[0] is appraiser and last[1] is board:
        return last[2], last[3]
    key = (id(appraiser), id(board))
    cached = _INDEX.get(key)
    if cached is not None and cached[0] is appraiser and cached[1] is board:
        _LAST_LOOKUPS[:] = cached
        return cached[2], cached[3]
    lots, groups = _worth_table(appraiser, board)
    index = {lot[0]: n for n, lot in enumerate(lots)}
    values = dict(groups)
    _INDEX[key] = (appraiser, board, index, values)
    _LAST_LOOKUPS[:] = _INDEX[key]
    return index, values


def _lot_index(appraiser: Appraiser, board: Board) -> dict[int, int]:
    return _lookups(appraiser, board)[0]


def _group_values(appraiser: Appraiser, board: Board) -> dict[tuple[int, ...], int]:
    return _lookups(appraiser, board)[1]


StreetTable = tuple[tuple[tuple[int, int, int, tuple[int, ...]] | None, ...], dict[tuple[int, ...], int]]
_STREETS: list[tuple[Appraiser, Board, StreetTable]] = []
"""The last appraiser and board asked about, and their street table (an appraiser is asked in runs)."""


def street_table(appraiser: Appraiser, board: Board) -> StreetTable:
    """For each square, a street's (price, value when mortgaged, house cost, colour group), None off the
    streets; and each colour group's value: what `worth_change` reads of an exchange of streets."""
    for seen, seen_board, table in _STREETS:
        if seen is appraiser and seen_board is board:
            return table
    lots, groups = _worth_table(appraiser, board)
    streets: list[tuple[int, int, int, tuple[int, ...]] | None] = [None] * len(board.squares)
    for i, kind, price, pledged, house in lots:
        if kind == _STREET:
            streets[i] = (price, pledged, house, board.group_of[i])
    made: StreetTable = (tuple(streets), dict(groups))
    if len(_STREETS) >= 4:
        _STREETS.clear()
    _STREETS.append((appraiser, board, made))
    return made


def group_threat(board: Board, group: tuple[int, ...], budget: int) -> float:
    """The rent a whole colour group charges per round of visits (rents weighted by how often each
    square is visited) once `budget` is spent on building it evenly, up to hotels; a bare group charges
    double rent. What a group in the hands of a player with that much to build with threatens the
    others with: two streets with cheap houses and cash to build them outrank three without."""
    rates = visit_rates(board)
    streets = [(i, board.squares[i]) for i in group]
    cost = max(sq.house_cost for _, sq in streets if isinstance(sq, Street))
    houses = min(max(0, budget) // cost, 5 * len(streets))
    even, extra = divmod(houses, len(streets))
    total = 0.0
    # The odd houses go where they add most rent per round.
    ranked = sorted(
        streets,
        key=lambda s: -rates[s[0]] * (s[1].rent[min(even + 1, 5)] - s[1].rent[even]),  # type: ignore[union-attr]
    )
    for n, (i, sq) in enumerate(ranked):
        assert isinstance(sq, Street)
        level = even + (n < extra)
        total += rates[i] * (sq.rent[level] if level else 2 * sq.rent[0])
    return total
