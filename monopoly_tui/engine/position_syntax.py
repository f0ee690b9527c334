"""The syntax of MPN positions: the tag, the players' tokens and quoted names, and a cursor that reads
one token and names the field and the column of whatever is wrong in it (InvalidPositionError)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .board import DeckName
from .state import HeldCard, PlayerState

TAG = "MPN1"
DECK_CODES: dict[DeckName, str] = {"chance": "chance", "community_chest": "chest"}
DECK_NAMES: dict[str, DeckName] = {code: deck for deck, code in DECK_CODES.items()}
FIELDS = [
    "turn",
    "first",
    "round",
    "phase",
    "dice",
    "doubles",
    "again",
    "pending",
    "move",
    "own",
    "pot",
    "auction",
    "queue",
    "debts",
    "trade",
    "lift",
    "place",
    "card",
    "out",
    "winner",
    "standings",
    "rules",
    "seed",
    "chance",
    "chest",
    "draws",
]
"""Every field, in the order position() writes them."""
BARE = frozenset("_-.")


class InvalidPositionError(ValueError):
    """Text that is not a position: `field` names the part, `column` (from 1) where it goes wrong.

    An impossible position (well written, but one no game could be in) has field "position" and no column.
    """

    def __init__(self, reason: str, *, field: str = "position", column: int | None = None) -> None:
        where = f"{field}, column {column}" if column is not None else field
        super().__init__(f"{where}: {reason}")
        self.reason = reason
        self.field = field
        self.column = column


def quote_name(name: str) -> str:
    """A name as the notation writes it: bare when letters, digits and `_-.` only, else in quotes."""
    if name and all(ch.isalnum() or ch in BARE for ch in name):
        return name
    out = []
    for ch in name:
        if ch in '"\\':
            out.append("\\" + ch)
        elif escaped(ch):
            code = ord(ch)
            out.append(f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def escaped(ch: str) -> bool:
    """Written as \\uXXXX (\\UXXXXXXXX) in a quoted name: control and format characters, line breaks, odd
    spaces, lone surrogates."""
    return not ch.isprintable()


class Cursor:
    """Reads one token (a player or a field's value); every error names the field and the column."""

    def __init__(self, text: str, column: int, field: str) -> None:
        self.text, self.column, self.field, self.at = text, column, field, 0

    def fail(self, reason: str, at: int | None = None) -> InvalidPositionError:
        return InvalidPositionError(
            reason, field=self.field, column=self.column + (self.at if at is None else at)
        )

    def peek(self) -> str:
        return self.text[self.at : self.at + 1]

    def done(self) -> bool:
        return self.at >= len(self.text)

    def eat(self, literal: str) -> bool:
        if self.text.startswith(literal, self.at):
            self.at += len(literal)
            return True
        return False

    def expect(self, literal: str, what: str) -> None:
        if not self.eat(literal):
            raise self.fail(f"expected {what}")

    def number(self, what: str) -> int:
        start = end = self.at
        text = self.text
        while end < len(text) and "0" <= text[end] <= "9":
            end += 1
        self.at = end
        if start == end:
            raise self.fail(f"expected {what} (a number)")
        if end - start > 20:
            raise self.fail(f"{what}: a number of more than 20 digits", at=start)
        return int(self.text[start : self.at])

    def word(self, what: str) -> str:
        start = self.at
        while self.peek() and (self.peek().isascii() and (self.peek().isalpha() or self.peek() in "_.")):
            self.at += 1
        if start == self.at:
            raise self.fail(f"expected {what}")
        return self.text[start : self.at]

    def numbers(self, what: str) -> tuple[int, ...]:
        """Numbers joined by dots."""
        values = [self.number(what)]
        while self.eat("."):
            values.append(self.number(what))
        return tuple(values)

    def items(self, parse: Callable[[Cursor], Any]) -> list[Any]:
        """Comma-separated items, each read by parse, to the end of the token."""
        values = [parse(self)]
        while self.eat(","):
            values.append(parse(self))
        self.end()
        return values

    def end(self) -> None:
        if not self.done():
            raise self.fail(f"unexpected {self.peek()!r}")

    def seat(self, what: str = "a seat") -> int:
        return self.number(what)

    def deck(self) -> DeckName:
        for code, deck in DECK_NAMES.items():
            if self.eat(code):
                return deck
        raise self.fail("expected a deck (chance or chest)")


def tokens(text: str) -> list[tuple[int, str]]:
    """(column, text) of each space-separated token; a space inside quotes belongs to the token."""
    out: list[tuple[int, str]] = []
    i, n = 0, len(text)
    while i < n:
        if text[i] == " ":
            i += 1
            continue
        start, quoted = i, False
        while i < n and (quoted or text[i] != " "):
            if text[i] == "\\" and quoted:
                i += 1
            elif text[i] == '"':
                quoted = not quoted
            i += 1
        if quoted:
            raise InvalidPositionError("a name's quotes are not closed", field="players", column=start + 1)
        out.append((start + 1, text[start:i]))
    return out


def is_field(token: str) -> bool:
    key, eq, _ = token.partition("=")
    return bool(eq) and key.isascii() and key.isalpha() and key.islower()


def read_player(c: Cursor) -> PlayerState:
    name = read_name(c)
    c.expect(":", "':' and the cash after the name")
    cash = c.number("the cash in rubles")
    c.expect("@", "'@' and the square")
    square = c.number("the square the token stands on")
    in_jail, attempts, cards, bankrupt = False, 0, [], False
    while not c.done():
        if c.eat("j"):
            if in_jail:
                raise c.fail("jail given twice")
            in_jail, attempts = True, c.number("the failed jail throws")
        elif c.eat("+"):
            deck = c.deck()
            cards.append(HeldCard(deck=deck, index=c.number("the card's number in its deck")))
        elif c.eat("x"):
            bankrupt = True
        else:
            raise c.fail(f"unexpected {c.peek()!r} (flags: j<throws>, +chance<card>, +chest<card>, x)")
    return PlayerState(
        name=name,
        cash=cash,
        position=square,
        in_jail=in_jail,
        jail_attempts=attempts,
        jail_cards=tuple(cards),
        bankrupt=bankrupt,
    )


def read_name(c: Cursor) -> str:
    if not c.eat('"'):
        start = c.at
        while not c.done() and c.peek() != ":":
            if not (c.peek().isalnum() or c.peek() in BARE):
                raise c.fail("a name with spaces or signs is written in quotes")
            c.at += 1
        if start == c.at:
            raise c.fail("expected a player's name")
        return c.text[start : c.at]
    out: list[str] = []
    while True:
        ch = c.peek()
        if not ch:
            raise c.fail("a name's quotes are not closed")
        c.at += 1
        if ch == '"':
            return "".join(out)
        if ch != "\\":
            out.append(ch)
        elif c.peek() in ('"', "\\"):
            out.append(c.peek())
            c.at += 1
        elif (digits := {"u": 4, "U": 8}.get(c.peek())) and _hex(
            code := c.text[c.at + 1 : c.at + 1 + digits], digits
        ):
            c.at += 1 + digits
            out.append(chr(int(code, 16)))
        else:
            raise c.fail(
                'in a quoted name a backslash comes before ", \\, u and 4 or U and 8 hex digits', at=c.at - 1
            )


def _hex(code: str, digits: int) -> bool:
    return (
        len(code) == digits and all(x in "0123456789abcdefABCDEF" for x in code) and int(code, 16) <= 0x10FFFF
    )
