"""The table: a mutable working copy of a GameState, used only inside one `apply`.

Rules read and change the table; `freeze` turns it back into a new immutable GameState. Nothing
outside the engine ever sees a Table, so immutability holds at the API.

The table's own attributes are the state's fields by name, so that taking a state apart and putting
the new one together are a few dictionary copies, not one step per field. The players are a list; a
square's owner, mortgage and buildings change through the table's methods, which turn that tuple into
a list the first time (most actions change none of them).
"""

from __future__ import annotations

from typing import Any, Unpack

from .actions import ProposeTrade
from .board import Board, DeckName
from .events import Event, EventFields, EventKind
from .model import assemble, evolve
from .rules import Rules
from .state import (
    Auction,
    Debt,
    Decks,
    GameState,
    LastCard,
    MortgageChoice,
    Phase,
    Placement,
    PlayerChanges,
    PlayerState,
)

SEQUENCES = ("players", "owner", "mortgaged", "buildings")
"""The state's tuples that rules change in place: lists on the table once changed (the short ones that
seldom change, such as debts, stay tuples that rules replace)."""
_FIELDS = set(GameState.model_fields)
"""Every field of a state made by an action counts as given (as model_copy updating them all did)."""


class Table:
    """Everything of a GameState, with lists where rules change things in place."""

    __slots__ = ("__dict__", "_piles", "base", "events")

    # the state's fields (see GameState), held in the table's __dict__
    board: Board
    rules: Rules
    seed: int
    players: list[PlayerState]
    turn: int
    first: int
    round: int
    phase: Phase
    owner: tuple[int | None, ...] | list[int | None]
    mortgaged: tuple[bool, ...] | list[bool]
    buildings: tuple[int, ...] | list[int]
    bank_houses: int
    bank_hotels: int
    rng: int
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

    def __init__(self, state: GameState) -> None:
        self.base = state
        fields: dict[str, Any] = self.__dict__
        fields.update(state.__dict__)
        self.players = list(state.players)
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

    def emit(self, kind: EventKind, **fields: Unpack[EventFields]) -> None:
        self.events.append(Event(kind, **fields))

    def update_player(self, seat: int, **changes: Unpack[PlayerChanges]) -> None:
        self.players[seat] = evolve(self.players[seat], changes)

    def move_token(self, seat: int, square: int) -> None:
        """The player's token now stands on square (the rules of moving are movement's)."""
        self.players[seat] = evolve(self.players[seat], {"position": square})

    def set_owner(self, square: int, seat: int | None) -> None:
        if isinstance(self.owner, tuple):
            self.owner = list(self.owner)
        self.owner[square] = seat

    def set_mortgaged(self, square: int, mortgaged: bool) -> None:
        if isinstance(self.mortgaged, tuple):
            self.mortgaged = list(self.mortgaged)
        self.mortgaged[square] = mortgaged

    def set_level(self, square: int, level: int) -> None:
        """The street's buildings (0-4 houses, 5: a hotel); the bank's supply is the caller's."""
        if isinstance(self.buildings, tuple):
            self.buildings = list(self.buildings)
        self.buildings[square] = level

    def add_cash(self, seat: int, amount: int) -> None:
        player = self.players[seat]
        self.players[seat] = evolve(player, {"cash": player.cash + amount})

    def bank_pays(self, seat: int, amount: int) -> None:
        """The bank pays a player (salary, card); the bank's money is unlimited."""
        self.add_cash(seat, amount)
        self.bank_balance -= amount

    def pays_bank(self, seat: int, amount: int, *, to_pot: bool = False) -> None:
        """A player pays the bank, or the free-parking pot when the house rule sends it there."""
        self.add_cash(seat, -amount)
        if to_pot and self.rules.free_parking.jackpot:
            self.pot += amount
        else:
            self.bank_balance += amount

    def pays_player(self, payer: int, payee: int, amount: int) -> None:
        self.add_cash(payer, -amount)
        self.add_cash(payee, amount)

    def freeze(self) -> GameState:
        """The new immutable state, with this action's events. The table is spent: its fields become
        the state's (no copy), so nothing may use it afterwards."""
        values = self.__dict__
        for name in SEQUENCES:
            values[name] = tuple(values[name])
        if self._piles:
            decks = self.base.decks
            piles = {
                "chance": tuple(self._piles.get("chance", decks.chance)),
                "community_chest": tuple(self._piles.get("community_chest", decks.community_chest)),
            }
            values["decks"] = assemble(Decks, piles, set(piles))
        values["events"] = tuple(self.events)
        self.__dict__ = {}
        return assemble(GameState, values, _FIELDS.copy())
