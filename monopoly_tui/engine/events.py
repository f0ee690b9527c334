"""Events: what an action made happen, in order, for the log (the app words them in Russian).

An Event is an immutable named tuple rather than a pydantic model: every action makes two or three of
them, and a tuple is made several times faster (the state holding them is a named tuple too, and
pydantic validates and serialises them only at the edges, as a field of a state's JSON).
"""

from __future__ import annotations

from typing import Final, Literal, NamedTuple, TypedDict

from .board import BOARD_SIZE, DeckName

EventKind = Literal[
    "dice_rolled",  # player threw dice
    "moved",  # player's token came to rest on square
    "passed_go",  # player collected the salary (amount)
    "bought",  # player bought square for amount
    "declined",  # player declined to buy square
    "auction_started",  # square goes under the hammer
    "bid",  # player bid amount
    "bid_passed",  # player dropped out of the auction
    "auction_won",  # player won square for amount
    "auction_unsold",  # nobody bid: square stays with the bank
    "rent_paid",  # player paid amount to other for square
    "tax_paid",  # player paid amount for the tax square
    "card_drawn",  # player drew card from deck
    "card_kept",  # player keeps a get-out-of-jail card
    "collected",  # the bank paid player amount (reason: card, ...)
    "paid",  # player paid the bank amount (reason: card, fine)
    "paid_player",  # player paid other amount (card)
    "pot_taken",  # player took the free-parking pot
    "sent_to_jail",  # reason: square, card, three_doubles
    "jail_fine_paid",  # player paid the fine to leave
    "jail_card_used",  # player used a card from deck to leave
    "left_jail",  # player rolled doubles in jail and leaves
    "jail_roll_failed",  # player stays in jail (amount = attempts so far)
    "roll_again",  # doubles: player throws again
    "debt",  # player owes other (or the bank) amount and cannot pay it now
    "debt_paid",  # player settled a debt of amount to other
    "bankrupt",  # player left the game, assets to other (None: the bank)
    "built",  # player put a building (reason: house/hotel) on square for amount
    "sold_building",  # player sold buildings of square down to level (reason) for amount
    "building_auction_started",  # the bank is short: a building (reason) for square goes to auction
    "mortgaged",  # player mortgaged square for amount
    "unmortgaged",  # player lifted the mortgage on square for amount
    "mortgage_kept",  # player keeps a received square mortgaged
    "trade_proposed",  # player offers a trade to other
    "trade_accepted",  # player accepted other's offer
    "trade_rejected",  # player refused other's offer
    "turn_started",  # player's turn begins (round given in amount)
    "game_over",  # player won
]


class Event(NamedTuple):
    kind: EventKind
    player: int | None = None
    other: int | None = None
    """The counterpart seat: a creditor, an owner, a payer."""
    square: int | None = None
    amount: int | None = None
    deck: DeckName | None = None
    card: str | None = None
    """Card id (see Board.chance / community_chest)."""
    dice: tuple[int, int] | None = None
    reason: str | None = None

    def __str__(self) -> str:
        parts: list[str] = [self.kind]
        for name in ("player", "other", "square", "amount", "deck", "card", "reason"):
            value = getattr(self, name)
            if value is not None:
                parts.append(f"{name}={value}")
        if self.dice is not None:
            parts.append(f"dice={self.dice[0]}+{self.dice[1]}")
        return " ".join(parts)


class EventFields(TypedDict, total=False):
    """The fields of an Event but its kind, for building one (see Table.emit)."""

    player: int | None
    other: int | None
    square: int | None
    amount: int | None
    deck: DeckName | None
    card: str | None
    dice: tuple[int, int] | None
    reason: str | None


# --- events that recur, made once and shared (an Event is an immutable value) -------------------------

MAX_SEATS: Final = 8
"""Seats at most (see game.MAX_PLAYERS)."""
_new: Final = tuple.__new__
MOVED: Final = tuple(
    tuple(
        _new(Event, ("moved", seat, None, square, None, None, None, None, None))
        for square in range(BOARD_SIZE)
    )
    for seat in range(MAX_SEATS)
)
"""MOVED[seat][square]: the seat's token came to rest on square."""
DICE_ROLLED: Final = tuple(
    tuple(
        _new(Event, ("dice_rolled", seat, None, None, None, None, None, (one, two), None))
        for one in range(1, 7)
        for two in range(1, 7)
    )
    for seat in range(MAX_SEATS)
)
"""DICE_ROLLED[seat][6 * die1 + die2 - 7]: the seat's throw to move (not the first-turn or a utility's)."""
ROLL_AGAIN: Final = tuple(
    _new(Event, ("roll_again", seat, None, None, None, None, None, None, None)) for seat in range(MAX_SEATS)
)
TURNS_STARTED: Final[list[tuple[Event, ...]]] = [() for _ in range(MAX_SEATS)]
"""TURNS_STARTED[seat][round]; each row is replaced by a longer one as the rounds go on (never changed in
place, so threads applying actions at once at worst make a row twice)."""
_KEPT_ROUNDS: Final = 2_000
"""Turn beginnings are kept for the rounds up to this (a game rarely goes on longer)."""


def turn_started(seat: int, round_: int) -> Event:
    """The seat's turn begins in round `round_` (the same event each time it recurs)."""
    row = TURNS_STARTED[seat]
    if round_ < len(row):
        return row[round_]
    if round_ >= _KEPT_ROUNDS:
        return _new(Event, ("turn_started", seat, None, None, round_, None, None, None, None))
    more = range(len(row), min(round_ + 50, _KEPT_ROUNDS))
    row = TURNS_STARTED[seat] = row + tuple(
        _new(Event, ("turn_started", seat, None, None, r, None, None, None, None)) for r in more
    )
    return row[round_]


PASSED_GO: Final[tuple[dict[int, Event], ...]] = tuple({} for _ in range(MAX_SEATS))
"""PASSED_GO[seat][salary]: the seat collected the salary (a board's rules pay one or two amounts; a
dict only grows, so threads applying actions at once at worst make an event twice)."""


def passed_go(seat: int, salary: int) -> Event:
    """The seat collected the salary passing or reaching GO (the same event each time it recurs)."""
    known = PASSED_GO[seat]
    event = known.get(salary)
    if event is None:
        event = known[salary] = _new(Event, ("passed_go", seat, None, None, salary, None, None, None, None))
    return event
