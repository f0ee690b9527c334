"""The table: a mutable working copy of a GameState, used only inside one `apply`.

Rules read and change the table; `freeze` turns it back into a new immutable GameState. Nothing
outside the engine ever sees a Table, so immutability holds at the API.
"""

from __future__ import annotations

from typing import Any

from .actions import ProposeTrade
from .board import Board, DeckName
from .events import Event, EventKind
from .rules import Rules
from .state import Auction, Debt, Decks, GameState, LastCard, MortgageChoice, Phase, Placement, PlayerState


class Table:
    """Everything of a GameState, with lists where rules change things in place."""

    def __init__(self, state: GameState) -> None:
        self.base = state
        self.board: Board = state.board
        self.rules: Rules = state.rules
        self.players: list[PlayerState] = list(state.players)
        self.turn = state.turn
        self.round = state.round
        self.phase: Phase = state.phase
        self.owner: list[int | None] = list(state.owner)
        self.mortgaged: list[bool] = list(state.mortgaged)
        self.buildings: list[int] = list(state.buildings)
        self.bank_houses = state.bank_houses
        self.bank_hotels = state.bank_hotels
        self.chance: list[int] = list(state.decks.chance)
        self.community_chest: list[int] = list(state.decks.community_chest)
        self.rng = state.rng
        self.dice = state.dice
        self.doubles = state.doubles
        self.roll_again = state.roll_again
        self.pending_square = state.pending_square
        self.pending_move = state.pending_move
        self.auction: Auction | None = state.auction
        self.auction_queue: list[int] = list(state.auction_queue)
        self.debts: list[Debt] = list(state.debts)
        self.trade: ProposeTrade | None = state.trade
        self.mortgage_choices: list[MortgageChoice] = list(state.mortgage_choices)
        self.placement: Placement | None = state.placement
        self.pot = state.pot
        self.bank_balance = state.bank_balance
        self.last_card: LastCard | None = state.last_card
        self.winner = state.winner
        self.eliminated: list[int] = list(state.eliminated)
        self.standings: tuple[int, ...] = state.standings
        self.events: list[Event] = []

    # --- reading -----------------------------------------------------------------------------

    def cash(self, seat: int) -> int:
        return self.players[seat].cash

    def active_seats(self) -> list[int]:
        return [i for i, p in enumerate(self.players) if not p.bankrupt]

    def deck(self, name: DeckName) -> list[int]:
        return self.chance if name == "chance" else self.community_chest

    # --- changing ----------------------------------------------------------------------------

    def emit(self, kind: EventKind, **fields: Any) -> None:
        self.events.append(Event(kind=kind, **fields))

    def update_player(self, seat: int, **changes: Any) -> None:
        self.players[seat] = self.players[seat].model_copy(update=changes)

    def add_cash(self, seat: int, amount: int) -> None:
        self.update_player(seat, cash=self.players[seat].cash + amount)

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
        """The new immutable state, with this action's events."""
        return self.base.model_copy(
            update={
                "players": tuple(self.players),
                "turn": self.turn,
                "round": self.round,
                "phase": self.phase,
                "owner": tuple(self.owner),
                "mortgaged": tuple(self.mortgaged),
                "buildings": tuple(self.buildings),
                "bank_houses": self.bank_houses,
                "bank_hotels": self.bank_hotels,
                "decks": Decks(chance=tuple(self.chance), community_chest=tuple(self.community_chest)),
                "rng": self.rng,
                "dice": self.dice,
                "doubles": self.doubles,
                "roll_again": self.roll_again,
                "pending_square": self.pending_square,
                "pending_move": self.pending_move,
                "auction": self.auction,
                "auction_queue": tuple(self.auction_queue),
                "debts": tuple(self.debts),
                "trade": self.trade,
                "mortgage_choices": tuple(self.mortgage_choices),
                "placement": self.placement,
                "pot": self.pot,
                "bank_balance": self.bank_balance,
                "last_card": self.last_card,
                "winner": self.winner,
                "eliminated": tuple(self.eliminated),
                "standings": self.standings,
                "events": tuple(self.events),
            }
        )
