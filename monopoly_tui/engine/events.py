"""Events: what an action made happen, in order, for the log (the app words them in Russian).

An Event is an immutable named tuple rather than a pydantic model: every action makes two or three of
them, and a tuple is made several times faster (the state holding them stays a frozen model, and
pydantic validates and serialises them as a field of it all the same).
"""

from __future__ import annotations

from typing import Literal, NamedTuple, TypedDict

from .board import DeckName

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
