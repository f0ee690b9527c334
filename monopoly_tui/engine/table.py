"""The table: a mutable working copy of a GameState, used only inside one `apply`.

Rules read and change the table; `freeze` turns it back into a new immutable GameState. Nothing
outside the engine ever sees a Table, so immutability holds at the API.

The table's slots are the state's fields by name: taking a state apart is one unpacking of the
tuple, and putting the new one together is one tuple built in field order. The players are a list; a
square's owner, mortgage and buildings change through the table's methods, which turn that tuple into
a list the first time (most actions change none of them).

The table that made a state is kept at hand after it is frozen: when the next action is applied to
that same state (a game going on, which is nearly always the case), the table carries on from there
instead of a new one taking the state apart again (see `Table.of`).
"""

from __future__ import annotations

from collections import deque
from typing import Final, Unpack

from .actions import ProposeTrade
from .board import Board, DeckName, Layout
from .events import Event, EventKind
from .rules import Rules, Terms, terms_of
from .state import (
    Auction,
    Debt,
    Decks,
    GameState,
    HeldCard,
    LastCard,
    MortgageChoice,
    Phase,
    Placement,
    PlayerChanges,
    PlayerState,
)

_new: Final = tuple.__new__
"""Builds a named tuple from its values in field order, without the generated constructor's call."""


class Seat:
    """A player at the table: the fields of PlayerState, changed in place by the table's methods (the
    rules read them by the same names). The freeze makes a new PlayerState only for the seats changed."""

    __slots__ = PlayerState._fields

    name: str
    cash: int
    position: int
    in_jail: bool
    jail_attempts: int
    jail_cards: tuple[HeldCard, ...]
    bankrupt: bool

    def __init__(self, player: PlayerState) -> None:
        (
            self.name,
            self.cash,
            self.position,
            self.in_jail,
            self.jail_attempts,
            self.jail_cards,
            self.bankrupt,
        ) = player


class Table:
    """Everything of a GameState, with lists where rules change things in place."""

    __slots__ = (
        *GameState._fields[:-1],
        "_fresh",
        "_piles",
        "_players",
        "_squares_changed",
        "base",
        "changed",
        "events",
        "layout",
        "terms",
    )
    """The state's fields but its events (the table keeps a list of them), and its own."""

    # the state's fields (see GameState), in its order
    board: Board
    rules: Rules
    seed: int
    players: list[Seat]
    owner: tuple[int | None, ...] | list[int | None]
    mortgaged: tuple[bool, ...] | list[bool]
    buildings: tuple[int, ...] | list[int]
    bank_houses: int
    bank_hotels: int
    decks: Decks
    rng: int
    turn: int
    first: int
    round: int
    phase: Phase
    dice: tuple[int, int] | None
    doubles: int
    roll_again: bool
    pending_square: int | None
    pending_move: int | None
    auction: Auction | None
    auction_queue: tuple[int, ...]
    debts: tuple[Debt, ...]
    trade: ProposeTrade | None
    mortgage_choices: tuple[MortgageChoice, ...]
    placement: Placement | None
    pot: int
    bank_balance: int
    last_card: LastCard | None
    winner: int | None
    eliminated: tuple[int, ...]
    standings: tuple[int, ...]

    @staticmethod
    def of(state: GameState) -> Table:
        """A table for state: the one that froze it, when it is still at hand, else a new one."""
        try:
            t = _CARRIED.pop()
        except IndexError:
            return Table(state)
        return t if t.base is state else Table(state)

    def __init__(self, state: GameState) -> None:
        self.base = state
        (
            self.board,
            self.rules,
            self.seed,
            players,
            self.owner,
            self.mortgaged,
            self.buildings,
            self.bank_houses,
            self.bank_hotels,
            self.decks,
            self.rng,
            self.turn,
            self.first,
            self.round,
            self.phase,
            self.dice,
            self.doubles,
            self.roll_again,
            self.pending_square,
            self.pending_move,
            self.auction,
            self.auction_queue,
            self.debts,
            self.trade,
            self.mortgage_choices,
            self.placement,
            self.pot,
            self.bank_balance,
            self.last_card,
            self.winner,
            self.eliminated,
            self.standings,
            _,
        ) = state
        self.players = [Seat(p) for p in players]
        self._players: tuple[PlayerState, ...] = players
        """The players as the state has them (those not changed are handed over as they are)."""
        self._fresh: list[PlayerState] = list(players)
        """The same players as a list, where the freeze puts the changed ones before making the tuple."""
        self.changed: set[int] = set()
        """The seats whose player changed in this action (a rule that changes a Seat itself adds its
        seat here: the freeze makes a new PlayerState only for these)."""
        self.layout: Layout = self.board.layout
        """The board's lookups by square."""
        self.terms: Terms = terms_of(self.rules)
        """The rules read on every throw."""
        self._squares_changed = False
        """A square's owner, mortgage or buildings changed: that tuple is a list until the freeze."""
        self._piles: dict[DeckName, list[int]] = {}
        """The decks drawn from or put back to, as lists (the others stay as they are)."""
        self.events: list[Event] = []

    # --- reading -----------------------------------------------------------------------------

    def cash(self, seat: int) -> int:
        return self.players[seat].cash

    def active_seats(self) -> list[int]:
        return [i for i, p in enumerate(self.players) if not p.bankrupt]

    def deck(self, name: DeckName) -> list[int]:
        pile = self._piles.get(name)
        if pile is None:
            pile = self._piles[name] = list(self.base.decks.get(name))
        return pile

    # --- changing ----------------------------------------------------------------------------

    def emit(
        self,
        kind: EventKind,
        player: int | None = None,
        other: int | None = None,
        square: int | None = None,
        amount: int | None = None,
        deck: DeckName | None = None,
        card: str | None = None,
        dice: tuple[int, int] | None = None,
        reason: str | None = None,
    ) -> None:
        """Note an event of this action (the fields of Event, built in its order)."""
        self.events.append(_new(Event, (kind, player, other, square, amount, deck, card, dice, reason)))

    def update_player(self, seat: int, **changes: Unpack[PlayerChanges]) -> None:
        s = self.players[seat]
        for name, value in changes.items():
            setattr(s, name, value)
        self.changed.add(seat)

    def move_token(self, seat: int, square: int) -> None:
        """The player's token now stands on square (the rules of moving are movement's)."""
        self.players[seat].position = square
        self.changed.add(seat)

    def set_owner(self, square: int, seat: int | None) -> None:
        if isinstance(self.owner, tuple):
            self.owner = list(self.owner)
            self._squares_changed = True
        self.owner[square] = seat

    def set_mortgaged(self, square: int, mortgaged: bool) -> None:
        if isinstance(self.mortgaged, tuple):
            self.mortgaged = list(self.mortgaged)
            self._squares_changed = True
        self.mortgaged[square] = mortgaged

    def set_level(self, square: int, level: int) -> None:
        """The street's buildings (0-4 houses, 5: a hotel); the bank's supply is the caller's."""
        if isinstance(self.buildings, tuple):
            self.buildings = list(self.buildings)
            self._squares_changed = True
        self.buildings[square] = level

    def add_cash(self, seat: int, amount: int) -> None:
        self.players[seat].cash += amount
        self.changed.add(seat)

    def bank_pays(self, seat: int, amount: int) -> None:
        """The bank pays a player (salary, card); the bank's money is unlimited."""
        self.players[seat].cash += amount
        self.changed.add(seat)
        self.bank_balance -= amount

    def pays_bank(self, seat: int, amount: int, *, to_pot: bool = False) -> None:
        """A player pays the bank, or the free-parking pot when the house rule sends it there."""
        self.players[seat].cash -= amount
        self.changed.add(seat)
        if to_pot and self.terms.jackpot:
            self.pot += amount
        else:
            self.bank_balance += amount

    def pays_player(self, payer: int, payee: int, amount: int) -> None:
        players, changed = self.players, self.changed
        players[payer].cash -= amount
        changed.add(payer)
        players[payee].cash += amount
        changed.add(payee)

    def freeze(self) -> GameState:
        """The new immutable state, with this action's events; what no rule changed is handed over as
        it is. The table is then kept at hand as that state's: it holds the same values (the squares'
        tuples themselves, the players as a list), without the events."""
        decks = self.decks
        if self._piles:
            piles = self._piles
            chance = tuple(piles.get("chance", decks.chance))
            decks = self.decks = _new(
                Decks, (chance, tuple(piles.get("community_chest", decks.community_chest)))
            )
            self._piles = {}
        if self._squares_changed:
            self.owner, self.mortgaged, self.buildings = (
                tuple(self.owner),
                tuple(self.mortgaged),
                tuple(self.buildings),
            )
            self._squares_changed = False
        players = self._players
        changed = self.changed
        events = self.events
        if changed:
            fresh = self._fresh
            seats = self.players
            for seat in changed:
                s = seats[seat]
                fresh[seat] = _new(
                    PlayerState,
                    (s.name, s.cash, s.position, s.in_jail, s.jail_attempts, s.jail_cards, s.bankrupt),
                )
            players = self._players = tuple(fresh)
            changed.clear()
        # two tuple displays: one of more than 30 items is compiled as a list appended to item by item
        state = self.base = _new(
            GameState,
            (  # noqa: RUF005 (an unpacking would be the same list)
                self.board,
                self.rules,
                self.seed,
                players,
                self.owner,
                self.mortgaged,
                self.buildings,
                self.bank_houses,
                self.bank_hotels,
                decks,
                self.rng,
                self.turn,
                self.first,
                self.round,
                self.phase,
                self.dice,
                self.doubles,
                self.roll_again,
                self.pending_square,
                self.pending_move,
                self.auction,
                self.auction_queue,
                self.debts,
                self.trade,
                self.mortgage_choices,
                self.placement,
                self.pot,
                self.bank_balance,
                self.last_card,
                self.winner,
            )
            + (self.eliminated, self.standings, tuple(events)),
        )
        events.clear()  # the same list goes on (a new one would be made and the old one freed)
        _CARRIED.append(self)
        return state


_CARRIED: Final[deque[Table]] = deque()
"""The last table frozen, whose `base` is the state it made (at most one: each `Table.of` takes it before
a table is frozen; a pop and an append are each atomic, so two threads applying actions at once at
worst make a new table). A deque: a list of one item gives its memory back at each pop and asks for it
again at each append."""
