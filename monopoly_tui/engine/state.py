"""The game state: one immutable value holding everything that changes in a game.

Static data (the board, the rules in force) rides along by reference; everything else is tuples
and small immutable values, so that a state round-trips through JSON exactly.

The state and its parts are named tuples: they are made on every action, and a tuple built from its
values in order is several times cheaper than a validated model. Nothing is validated when the engine
makes them (mypy checks the rules that do); pydantic validates a state read from outside, at the edge
(`GameState.from_json`). Change a copy with `_replace(field=value)` (the named tuple's own API).
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Any, Literal, NamedTuple, TypedDict

from pydantic import BaseModel, Field, TypeAdapter

from .action_json import action_data
from .actions import ProposeTrade, TradeOffer
from .board import Board, DeckName
from .events import Event
from .rules import Rules

Phase = Literal["roll", "buy", "utility_roll", "end_turn", "game_over"]
"""What the player whose turn it is must do next (when no debt or auction interrupts):

- roll: throw the dice (in jail: or pay the fine / use a card first);
- buy: decide on the unowned property at `pending_square`;
- utility_roll: throw the dice to price a utility reached by a card (10 x the throw);
- end_turn: the turn's moves are done; pass the dice on;
- game_over: nothing more; see `winner` and `standings`.
"""


class HeldCard(NamedTuple):
    """A get-out-of-jail card in a player's hand: its deck and its number in that deck."""

    deck: DeckName
    index: int  # type: ignore[assignment]  # the field hides tuple.index, as named tuples allow


class PlayerState(NamedTuple):
    name: str
    cash: int
    position: int = 0
    in_jail: bool = False
    jail_attempts: int = 0
    """Failed rolls for doubles during this stay in jail."""
    jail_cards: tuple[HeldCard, ...] = ()
    """Get-out-of-jail cards held; each goes back to the bottom of its deck when used."""
    bankrupt: bool = False


class PlayerChanges(TypedDict, total=False):
    """What a rule may change on a player (the fields of PlayerState but the name)."""

    cash: int
    position: int
    in_jail: bool
    jail_attempts: int
    jail_cards: tuple[HeldCard, ...]
    bankrupt: bool


Situation = Literal["over", "trade", "mortgage_choice", "debt", "auction", "placement", "calm"]
"""What the game waits for (see game.situation)."""

BuildingKind = Literal["house", "hotel"]


class Auction(NamedTuple):
    """An auction in progress: bids go round `bidders` (still in, in table order) from `turn`.

    Either a property (`square` goes to the winner) or, when buildings are scarce, one `building`
    that the winner places on a street of theirs (`square` is the street it was asked for).
    """

    square: int
    bidders: tuple[int, ...]
    turn: int = 0
    """Index into bidders of the seat to bid next."""
    high_bid: int = 0
    high_bidder: int | None = None
    building: BuildingKind | None = None
    opening: int | None = None
    """The lowest opening bid when it is not the rules' minimum (a building opens at its price)."""


class Placement(NamedTuple):
    """A building won at auction, waiting for its winner to put it on a street."""

    seat: int
    building: BuildingKind


class MortgageChoice(NamedTuple):
    """A mortgaged lot just received (trade or bankruptcy): lift it now or keep it mortgaged."""

    seat: int
    square: int


class Debt(NamedTuple):
    """Money a player owes and cannot pay yet; the game waits on the debtor."""

    debtor: int
    creditor: int | None
    """The seat owed, or None for the bank."""
    amount: Annotated[int, Field(gt=0)]
    reason: str
    """rent, tax, card, fine."""


class Decks(NamedTuple):
    """Card numbers (indices into the board's deck) in draw order, top first."""

    chance: tuple[int, ...]
    community_chest: tuple[int, ...]

    def get(self, name: DeckName) -> tuple[int, ...]:
        return self.chance if name == "chance" else self.community_chest


class LastCard(NamedTuple):
    deck: DeckName
    index: int  # type: ignore[assignment]  # the field hides tuple.index
    player: int


class GameState(NamedTuple):
    """Everything of a game at one moment. The fields without a default come first (a named tuple's
    rule); the JSON form keeps the order of JSON_ORDER."""

    board: Board
    rules: Rules
    seed: int
    players: tuple[PlayerState, ...]
    owner: tuple[int | None, ...]
    """Owner seat of each square (None: the bank or not ownable)."""
    mortgaged: tuple[bool, ...]
    buildings: tuple[int, ...]
    """Level of each street: 0-4 houses, 5 = a hotel."""
    bank_houses: int
    bank_hotels: int
    decks: Decks
    rng: int
    """Generator state for dice thrown without scripted values (see dice.py)."""
    turn: int = 0
    """The seat whose turn it is."""
    first: int = 0
    """The seat that began the game (see the rules option start.first_by_roll): a round begins at its turn."""
    round: int = 1
    phase: Phase = "roll"
    dice: tuple[int, int] | None = None
    """The last throw."""
    doubles: int = 0
    """Doubles thrown in a row this turn."""
    roll_again: bool = False
    """The last throw was doubles that earn another throw."""
    pending_square: int | None = None
    """The property the turn player decides on (phase buy / utility_roll)."""
    pending_move: int | None = None
    """Squares to move once the debts are settled (the forced jail fine on the last attempt)."""
    auction: Auction | None = None
    auction_queue: tuple[int, ...] = ()
    """Properties the bank auctions next, in board order (after a bankruptcy to the bank)."""
    debts: tuple[Debt, ...] = ()
    trade: TradeOffer | None = None
    """A trade offer waiting for the partner's answer."""
    mortgage_choices: tuple[MortgageChoice, ...] = ()
    placement: Placement | None = None
    pot: int = 0
    """Free-parking pot (house rule)."""
    bank_balance: int = 0
    """What the bank has taken in minus what it paid out since the start (money is conserved)."""
    last_card: LastCard | None = None
    winner: int | None = None
    eliminated: tuple[int, ...] = ()
    """Seats in the order they went bankrupt."""
    standings: tuple[int, ...] = ()
    """Once the game is over: every seat from the winner down."""
    events: tuple[Event, ...] = ()
    """What the last applied action made happen."""

    def player(self, seat: int) -> PlayerState:
        return self.players[seat]

    @property
    def active_seats(self) -> tuple[int, ...]:
        """Seats still in the game, in table order."""
        return tuple(i for i, p in enumerate(self.players) if not p.bankrupt)

    @property
    def is_over(self) -> bool:
        return self.phase == "game_over"

    # --- the JSON form (the edge: pydantic validates what comes in) ---------------------------

    def to_data(self) -> dict[str, Any]:
        """The state as JSON-able data (dicts, lists, numbers, strings), fields in JSON_ORDER."""
        return {name: _data(getattr(self, name)) for name in JSON_ORDER}

    def to_json(self) -> str:
        """The state as compact JSON (the same text as when it was a pydantic model)."""
        return _adapters()[1].dump_json(self.to_data()).decode()

    @classmethod
    def from_json(cls, text: str | bytes) -> GameState:
        """A state read from JSON, validated (raises pydantic's ValidationError on anything wrong)."""
        return _adapters()[0].validate_json(text)

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> GameState:
        """A state from JSON-able data (see to_data), validated."""
        return _adapters()[0].validate_python(data)


JSON_ORDER = (
    "board",
    "rules",
    "seed",
    "players",
    "turn",
    "first",
    "round",
    "phase",
    "owner",
    "mortgaged",
    "buildings",
    "bank_houses",
    "bank_hotels",
    "decks",
    "rng",
    *GameState._fields[GameState._fields.index("dice") :],
)
"""The order of a state's fields in its JSON form."""
assert sorted(JSON_ORDER) == sorted(GameState._fields)

_RECORDS = (HeldCard, PlayerState, Auction, Placement, MortgageChoice, Debt, Decks, LastCard)
"""The state's parts that are objects in JSON (other tuples, such as events and dice, are arrays)."""


def _data(value: object) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, tuple):
        if isinstance(value, _RECORDS):
            return {name: _data(v) for name, v in zip(value._fields, value, strict=True)}
        if isinstance(value, ProposeTrade):  # the trade offer waiting, an object in JSON as every action
            return action_data(value)
        return [_data(v) for v in value]
    return value


@cache
def _adapters() -> tuple[TypeAdapter[GameState], TypeAdapter[dict[str, Any]]]:
    """The validator of states from outside and the JSON writer, built on first use (not at import:
    building them takes a while)."""
    return TypeAdapter(GameState), TypeAdapter(dict[str, Any])
