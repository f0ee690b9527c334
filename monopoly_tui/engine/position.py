"""MPN, the Monopoly Position Notation: any game state as one line of text (in the spirit of chess's FEN).

    MPN1 Аня:1300000@5 Борис:1500000@0 turn=1 own=5:0 seed=7

After the tag `MPN1` come the players in seat order, `name:cash@square` with flags (`j1` in jail after
one failed throw, `+chance7` / `+chest3` holding that card, `x` bankrupt), then `key=value` fields, each
left out while it has its default. The README documents every field; `position(state)` writes the one
canonical line of a state, `from_position(text, board)` reads it back (the same state, its `events`
aside: they belong to the action that led here, not to the position) and refuses bad text with the field
and the column (InvalidPositionError), an impossible position with the rule it breaks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

from pydantic import ValidationError

from .actions import ProposeTrade, TradeSide
from .board import DECKS, Board, DeckName
from .builder import (
    MAX_DRAWS,
    PHASES,
    ImpossiblePositionError,
    complete_deck,
    default_order,
    draws_since,
    setup,
    throws_again,
)
from .rules import Rules
from .state import Auction, Debt, GameState, HeldCard, LastCard, MortgageChoice, Phase, Placement, PlayerState

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
_BARE = frozenset("_-.")


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


# ---- writing -------------------------------------------------------------------------------------


def position(state: GameState) -> str:
    """The MPN line of a state: every fact the game needs to go on, in one canonical form."""
    values = _field_values(state)
    parts = [TAG, *(_player_text(p) for p in state.players)]
    parts += [f"{key}={values[key]}" for key in FIELDS if key in values]
    return " ".join(parts)


def quote_name(name: str) -> str:
    """A name as the notation writes it: bare when letters, digits and `_-.` only, else in quotes."""
    if name and all(ch.isalnum() or ch in _BARE for ch in name):
        return name
    out = []
    for ch in name:
        if ch in '"\\':
            out.append("\\" + ch)
        elif _escaped(ch):
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _escaped(ch: str) -> bool:
    """Written as \\uXXXX in a quoted name: control characters, line breaks, odd spaces, lone surrogates."""
    return not ch.isprintable()


def _player_text(p: PlayerState) -> str:
    flags = f"j{p.jail_attempts}" if p.in_jail else ""
    flags += "".join(f"+{DECK_CODES[c.deck]}{c.index}" for c in p.jail_cards)
    flags += "x" if p.bankrupt else ""
    return f"{quote_name(p.name)}:{p.cash}@{p.position}{flags}"


def _dots(values: Sequence[int]) -> str:
    return ".".join(map(str, values))


def _field_values(s: GameState) -> dict[str, str]:
    """The fields that differ from their defaults, as text."""
    v: dict[str, str] = {"turn": str(s.turn)}
    if s.first:
        v["first"] = str(s.first)
    if s.round != 1:
        v["round"] = str(s.round)
    if s.phase != ("game_over" if s.winner is not None else "roll"):
        v["phase"] = s.phase
    if s.dice is not None:
        v["dice"] = f"{s.dice[0]}+{s.dice[1]}"
    if s.doubles:
        v["doubles"] = str(s.doubles)
    if s.roll_again != throws_again(s.players, s.turn, s.doubles, s.phase):
        v["again"] = _bool(s.roll_again)
    if s.pending_square is not None:
        v["pending"] = str(s.pending_square)
    if s.pending_move is not None:
        v["move"] = str(s.pending_move)
    lots = [_lot_text(s, square) for square, seat in enumerate(s.owner) if seat is not None]
    if lots:
        v["own"] = ",".join(lots)
    if s.pot:
        v["pot"] = str(s.pot)
    if s.auction is not None:
        v["auction"] = _auction_text(s.auction)
    if s.auction_queue:
        v["queue"] = _dots(s.auction_queue)
    if s.debts:
        v["debts"] = ",".join(
            f"{d.debtor}>{'bank' if d.creditor is None else d.creditor}:{d.amount}:{d.reason}"
            for d in s.debts
        )
    if s.trade is not None:
        v["trade"] = _trade_text(s.trade)
    if s.mortgage_choices:
        v["lift"] = ",".join(f"{c.seat}:{c.square}" for c in s.mortgage_choices)
    if s.placement is not None:
        v["place"] = f"{s.placement.seat}:{s.placement.building}"
    if s.last_card is not None:
        v["card"] = f"{DECK_CODES[s.last_card.deck]}{s.last_card.index}:{s.last_card.player}"
    if s.eliminated:
        v["out"] = _dots(s.eliminated)
    if s.winner is not None:
        v["winner"] = str(s.winner)
    if s.standings:
        v["standings"] = _dots(s.standings)
    changed = _rules_changes(s.board.rules.model_dump(), s.rules.model_dump(), "")
    if changed:
        v["rules"] = ",".join(f"{key}:{value}" for key, value in changed)
    if s.seed:
        v["seed"] = str(s.seed)
    fresh_decks, fresh_rng = default_order(s.board, len(s.players), seed=s.seed, rules=s.rules)
    for deck in DECKS:
        held = [c.index for p in s.players for c in p.jail_cards if c.deck == deck]
        pile, rest = s.decks.get(deck), fresh_decks.get(deck)
        top = next(k for k in range(len(pile) + 1) if complete_deck(pile[:k], rest, held) == pile)
        if top:
            v[DECK_CODES[deck]] = _dots(pile[:top])
    if s.rng != fresh_rng:
        v["draws"] = str(draws_since(fresh_rng, s.rng))
    return v


def _bool(value: bool) -> str:
    return "true" if value else "false"


def _lot_text(s: GameState, square: int) -> str:
    level = s.buildings[square]
    built = "H" if level == 5 else f"h{level}" if level else ""
    return f"{square}:{s.owner[square]}{built}{'m' if s.mortgaged[square] else ''}"


def _auction_text(a: Auction) -> str:
    items = [str(a.square), f"bidders:{_dots(a.bidders)}"]
    if a.turn:
        items.append(f"next:{a.turn}")
    if a.high_bid:
        items.append(f"bid:{a.high_bid}")
    if a.high_bidder is not None:
        items.append(f"by:{a.high_bidder}")
    if a.building is not None:
        items.append(f"building:{a.building}")
    if a.opening is not None:
        items.append(f"opening:{a.opening}")
    return ",".join(items)


def _side_text(side: TradeSide) -> str:
    return f"{_dots(side.lots)}/{side.cash}/{'.'.join(DECK_CODES[d] for d in side.jail_cards)}"


def _trade_text(t: ProposeTrade) -> str:
    items = [f"{t.player}>{t.partner}"]
    items += [
        f"{name}:{_side_text(side)}" for name, side in (("give", t.give), ("take", t.take)) if not side.empty
    ]
    return ",".join(items)


def _rules_changes(default: dict[str, Any], actual: dict[str, Any], prefix: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for key, value in actual.items():
        if isinstance(value, dict):
            out += _rules_changes(default[key], value, f"{prefix}{key}.")
        elif value != default[key]:
            out.append(
                (
                    prefix + key,
                    "none" if value is None else _bool(value) if isinstance(value, bool) else str(value),
                )
            )
    return out


# ---- reading -------------------------------------------------------------------------------------


class _Cursor:
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

    def items(self, parse: Callable[[_Cursor], Any]) -> list[Any]:
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


def _tokens(text: str) -> list[tuple[int, str]]:
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


def _is_field(token: str) -> bool:
    key, eq, _ = token.partition("=")
    return bool(eq) and key.isascii() and key.isalpha() and key.islower()


def from_position(text: str, board: Board) -> GameState:
    """The game state an MPN line describes, on this board (see the module docstring)."""
    line = text.rstrip("\r\n ")
    if not line.isprintable():
        odd = next(i for i, ch in enumerate(line) if _escaped(ch))
        raise InvalidPositionError("a position is one line, its parts separated by spaces", column=odd + 1)
    tokens = _tokens(line)
    if not tokens or tokens[0][1] != TAG:
        column = tokens[0][0] if tokens else 1
        raise InvalidPositionError(f"a position begins with {TAG}", field="tag", column=column)
    players: list[PlayerState] = []
    fields: dict[str, tuple[int, str]] = {}
    for column, token in tokens[1:]:
        if _is_field(token):
            key, _, value = token.partition("=")
            if key not in FIELDS:
                raise InvalidPositionError(f"unknown field {key!r}", field=key, column=column)
            if key in fields:
                raise InvalidPositionError("given twice", field=key, column=column)
            fields[key] = (column + len(key) + 1, value)
        elif fields:
            raise InvalidPositionError(
                "the players come first, before the fields (a name with '=' is written in quotes)",
                field="players",
                column=column,
            )
        else:
            players.append(_read_player(_Cursor(token, column, "players")))
    try:
        return _build(board, players, fields)
    except ImpossiblePositionError as exc:
        raise InvalidPositionError(str(exc)) from None


def _read_player(c: _Cursor) -> PlayerState:
    name = _read_name(c)
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


def _read_name(c: _Cursor) -> str:
    if not c.eat('"'):
        start = c.at
        while not c.done() and c.peek() != ":":
            if not (c.peek().isalnum() or c.peek() in _BARE):
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
        elif (
            c.eat("u")
            and len(code := c.text[c.at : c.at + 4]) == 4
            and all(x in "0123456789abcdefABCDEF" for x in code)
        ):
            out.append(chr(int(code, 16)))
            c.at += 4
        else:
            raise c.fail('in a quoted name a backslash comes before ", \\ or u and four hex digits')


def _build(board: Board, players: list[PlayerState], fields: dict[str, tuple[int, str]]) -> GameState:
    if not players:
        raise InvalidPositionError(
            "no players (name:cash@square after the tag)", field="players", column=len(TAG) + 2
        )
    args: dict[str, Any] = {}
    cursors = {key: _Cursor(value, column, key) for key, (column, value) in fields.items()}
    rules = _read_rules(cursors["rules"], board.rules) if "rules" in cursors else board.rules
    for key, c in cursors.items():
        if key != "rules":
            try:
                READERS[key](c, args)
            except ValidationError as exc:
                raise c.fail(exc.errors()[0]["msg"], at=0) from None
    owners, buildings, mortgaged = args.pop("own", ({}, {}, []))
    try:
        return setup(
            board, players, rules=rules, owners=owners, buildings=buildings, mortgaged=mortgaged, **args
        )
    except ValidationError as exc:
        error = exc.errors()[0]
        raise InvalidPositionError(f"{'.'.join(map(str, error['loc']))}: {error['msg']}") from None


def _read_rules(c: _Cursor, default: Rules) -> Rules:
    values = default.model_dump()
    starts: list[int] = []

    def item(c: _Cursor) -> None:
        starts.append(c.at)
        key = c.word("a rules option (as in the board file: jail.fine, end.turn_limit, ...)")
        *path, leaf = key.split(".")
        node: Any = values
        for part in path:
            node = node.get(part) if isinstance(node, dict) else None
        if not isinstance(node, dict) or leaf not in node or isinstance(node[leaf], dict):
            raise c.fail(f"unknown rules option {key!r}", at=starts[-1])
        c.expect(":", "':' and the option's value")
        for word, value in (("true", True), ("false", False), ("none", None)):
            if c.eat(word):
                node[leaf] = value
                break
        else:
            if not c.peek().isdigit():
                raise c.fail("expected true, false, none or a number")
            node[leaf] = c.number("a number")

    c.items(item)
    try:
        return Rules.model_validate(values)
    except ValidationError as exc:
        error = exc.errors()[0]
        raise c.fail(f"{'.'.join(map(str, error['loc']))}: {error['msg']}", at=0) from None


def _seat_list(c: _Cursor) -> tuple[int, ...]:
    values = c.numbers("a seat")
    c.end()
    return values


def _one(c: _Cursor, what: str) -> int:
    value = c.number(what)
    c.end()
    return value


def _read_phase(c: _Cursor) -> Phase:
    word = c.word("a phase")
    if word not in PHASES:
        raise c.fail(f"unknown phase {word!r} (one of {', '.join(PHASES)})", at=0)
    c.end()
    return word


def _read_dice(c: _Cursor) -> tuple[int, int]:
    dice: list[int] = []
    for what in ("the first die", "the second die"):
        if dice:
            c.expect("+", "'+' between the dice")
        at = c.at
        dice.append(c.number(what))
        if not 1 <= dice[-1] <= 6:
            raise c.fail("a die shows 1 to 6", at=at)
    c.end()
    return dice[0], dice[1]


def _read_bool(c: _Cursor) -> bool:
    if c.eat("true"):
        value = True
    elif c.eat("false"):
        value = False
    else:
        raise c.fail("expected true or false")
    c.end()
    return value


def _read_own(c: _Cursor) -> tuple[dict[int, int], dict[int, int], list[int]]:
    owners: dict[int, int] = {}
    buildings: dict[int, int] = {}
    mortgaged: list[int] = []

    def lot(c: _Cursor) -> None:
        start = c.at
        square = c.number("a square")
        if square in owners:
            raise c.fail(f"square {square} given twice", at=start)
        c.expect(":", "':' and the owner's seat")
        owners[square] = c.seat("the owner's seat")
        if c.eat("H"):
            buildings[square] = 5
        elif c.eat("h"):
            at = c.at
            houses = c.number("the number of houses")
            if not 1 <= houses <= 4:
                raise c.fail("1 to 4 houses (a hotel is H)", at=at)
            buildings[square] = houses
        if c.eat("m"):
            mortgaged.append(square)

    c.items(lot)
    return owners, buildings, mortgaged


def _read_auction(c: _Cursor) -> Auction:
    square = c.number("the auctioned square")
    values: dict[str, Any] = {}
    while c.eat(","):
        start = c.at
        key = c.word("an auction part (bidders, next, bid, by, building, opening)")
        c.expect(":", f"':' after {key}")
        if key in values:
            raise c.fail(f"{key} given twice", at=start)
        if key == "bidders":
            values["bidders"] = c.numbers("a bidder's seat")
        elif key in ("next", "bid", "by", "opening"):
            values[key] = c.number(key)
        elif key == "building":
            building = c.word("house or hotel")
            if building not in ("house", "hotel"):
                raise c.fail("a building is a house or a hotel", at=start)
            values[key] = building
        else:
            raise c.fail(f"unknown auction part {key!r}", at=start)
    c.end()
    if "bidders" not in values:
        raise c.fail("an auction needs its bidders (bidders:1.2)", at=0)
    return Auction(
        square=square,
        bidders=values["bidders"],
        turn=values.get("next", 0),
        high_bid=values.get("bid", 0),
        high_bidder=values.get("by"),
        building=values.get("building"),
        opening=values.get("opening"),
    )


def _read_debt(c: _Cursor) -> Debt:
    debtor = c.seat("the debtor's seat")
    c.expect(">", "'>' and the creditor (a seat or bank)")
    creditor = None if c.eat("bank") else c.seat("the creditor's seat or bank")
    c.expect(":", "':' and the amount")
    at = c.at
    amount = c.number("the amount in rubles")
    if amount <= 0:
        raise c.fail("a debt is more than 0", at=at)
    c.expect(":", "':' and the reason")
    reason = c.word("the reason (rent, tax, card, fine, interest)")
    return Debt(debtor=debtor, creditor=creditor, amount=amount, reason=reason)


def _read_side(c: _Cursor) -> TradeSide:
    lots = () if c.peek() == "/" else c.numbers("a lot")
    c.expect("/", "'/' and the cash")
    cash = c.number("the cash in rubles")
    c.expect("/", "'/' and the jail cards")
    cards: list[DeckName] = []
    if c.peek() and c.peek() != ",":
        cards.append(c.deck())
        while c.eat("."):
            cards.append(c.deck())
    return TradeSide(lots=lots, cash=cash, jail_cards=tuple(cards))


def _read_trade(c: _Cursor) -> ProposeTrade:
    player = c.seat("the proposer's seat")
    c.expect(">", "'>' and the partner's seat")
    partner = c.seat("the partner's seat")
    sides: dict[str, TradeSide] = {}
    while c.eat(","):
        start = c.at
        key = c.word("give or take")
        if key not in ("give", "take") or key in sides:
            raise c.fail("a trade has one give and one take", at=start)
        c.expect(":", f"':' after {key}")
        sides[key] = _read_side(c)
    c.end()
    if player > 7 or partner > 7:
        raise c.fail("a seat is 0 to 7", at=0)
    return ProposeTrade(player=player, partner=partner, **sides)


def _read_choice(c: _Cursor) -> MortgageChoice:
    seat = c.seat()
    c.expect(":", "':' and the mortgaged lot")
    return MortgageChoice(seat=seat, square=c.number("a square"))


def _read_placement(c: _Cursor) -> Placement:
    seat = c.seat()
    c.expect(":", "':' and house or hotel")
    at = c.at
    building = c.word("house or hotel")
    c.end()
    if building not in ("house", "hotel"):
        raise c.fail("a building is a house or a hotel", at=at)
    return Placement(seat=seat, building=cast(Any, building))


def _read_card(c: _Cursor) -> LastCard:
    deck = c.deck()
    index = c.number("the card's number in its deck")
    c.expect(":", "':' and the seat who drew it")
    player = c.seat()
    c.end()
    return LastCard(deck=deck, index=index, player=player)


def _read_deck(c: _Cursor) -> tuple[int, ...]:
    cards = c.numbers("a card's number in the deck")
    c.end()
    if len(set(cards)) != len(cards):
        raise c.fail("a card given twice", at=0)
    return cards


def _read_draws(c: _Cursor) -> int:
    draws = _one(c, "the draws of the dice generator")
    if draws > MAX_DRAWS:
        raise c.fail("more draws than the generator's period (2**64)", at=0)
    return draws


def _setter(name: str, read: Callable[[_Cursor], Any]) -> Callable[[_Cursor, dict[str, Any]], None]:
    def store(c: _Cursor, args: dict[str, Any]) -> None:
        args[name] = read(c)

    return store


READERS: dict[str, Callable[[_Cursor, dict[str, Any]], None]] = {
    "turn": _setter("turn", lambda c: _one(c, "the seat to move")),
    "first": _setter("first", lambda c: _one(c, "the seat that began")),
    "round": _setter("round", lambda c: _one(c, "the round")),
    "phase": _setter("phase", _read_phase),
    "dice": _setter("dice", _read_dice),
    "doubles": _setter("doubles", lambda c: _one(c, "doubles thrown in a row")),
    "again": _setter("roll_again", _read_bool),
    "pending": _setter("pending_square", lambda c: _one(c, "the square to buy or not")),
    "move": _setter("pending_move", lambda c: _one(c, "the squares to move")),
    "own": _setter("own", _read_own),
    "pot": _setter("pot", lambda c: _one(c, "the pot in rubles")),
    "auction": _setter("auction", _read_auction),
    "queue": _setter("auction_queue", _seat_list),
    "debts": _setter("debts", lambda c: c.items(_read_debt)),
    "trade": _setter("trade", _read_trade),
    "lift": _setter("mortgage_choices", lambda c: c.items(_read_choice)),
    "place": _setter("placement", _read_placement),
    "card": _setter("last_card", _read_card),
    "out": _setter("eliminated", _seat_list),
    "winner": _setter("winner", lambda c: _one(c, "the winner's seat")),
    "standings": _setter("standings", _seat_list),
    "seed": _setter("seed", lambda c: _one(c, "the seed")),
    "chance": _setter("chance", _read_deck),
    "chest": _setter("community_chest", _read_deck),
    "draws": _setter("draws", _read_draws),
}
"""How each field (but rules, read first) is read into setup's keywords."""
