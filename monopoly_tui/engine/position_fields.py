"""Reading the fields of an MPN position (`key=value` after the players) into the builder's keywords."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from pydantic import ValidationError

from .actions import ProposeTrade, TradeSide
from .board import Board, DeckName
from .builder import MAX_DRAWS, PHASES, setup
from .position_syntax import TAG, Cursor, InvalidPositionError
from .rules import Rules
from .state import Auction, Debt, GameState, LastCard, MortgageChoice, Phase, Placement, PlayerState


def build(board: Board, players: list[PlayerState], fields: dict[str, tuple[int, str]]) -> GameState:
    if not players:
        raise InvalidPositionError(
            "no players (name:cash@square after the tag)", field="players", column=len(TAG) + 2
        )
    args: dict[str, Any] = {}
    cursors = {key: Cursor(value, column, key) for key, (column, value) in fields.items()}
    rules = _read_rules(cursors["rules"], board.rules) if "rules" in cursors else board.rules
    for key, c in cursors.items():
        if key != "rules":
            READERS[key](c, args)
    owners, buildings, mortgaged = args.pop("own", ({}, {}, []))
    return setup(board, players, rules=rules, owners=owners, buildings=buildings, mortgaged=mortgaged, **args)


def _read_rules(c: Cursor, default: Rules) -> Rules:
    values = default.model_dump()
    starts: list[int] = []

    def item(c: Cursor) -> None:
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


def _seat_list(c: Cursor) -> tuple[int, ...]:
    values = c.numbers("a seat")
    c.end()
    return values


def _one(c: Cursor, what: str) -> int:
    value = c.number(what)
    c.end()
    return value


def _read_phase(c: Cursor) -> Phase:
    word = c.word("a phase")
    if word not in PHASES:
        raise c.fail(f"unknown phase {word!r} (one of {', '.join(PHASES)})", at=0)
    c.end()
    return word


def _read_dice(c: Cursor) -> tuple[int, int]:
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


def _read_bool(c: Cursor) -> bool:
    if c.eat("true"):
        value = True
    elif c.eat("false"):
        value = False
    else:
        raise c.fail("expected true or false")
    c.end()
    return value


def _read_own(c: Cursor) -> tuple[dict[int, int], dict[int, int], list[int]]:
    owners: dict[int, int] = {}
    buildings: dict[int, int] = {}
    mortgaged: list[int] = []

    def lot(c: Cursor) -> None:
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


def _read_auction(c: Cursor) -> Auction:
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


def _read_debt(c: Cursor) -> Debt:
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


def _read_side(c: Cursor) -> TradeSide:
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


def _read_trade(c: Cursor) -> ProposeTrade:
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
    empty = TradeSide()
    return ProposeTrade(player, partner, sides.get("give", empty), sides.get("take", empty))


def _read_choice(c: Cursor) -> MortgageChoice:
    seat = c.seat()
    c.expect(":", "':' and the mortgaged lot")
    return MortgageChoice(seat=seat, square=c.number("a square"))


def _read_placement(c: Cursor) -> Placement:
    seat = c.seat()
    c.expect(":", "':' and house or hotel")
    at = c.at
    building = c.word("house or hotel")
    c.end()
    if building not in ("house", "hotel"):
        raise c.fail("a building is a house or a hotel", at=at)
    return Placement(seat=seat, building=cast(Any, building))


def _read_card(c: Cursor) -> LastCard:
    deck = c.deck()
    index = c.number("the card's number in its deck")
    c.expect(":", "':' and the seat who drew it")
    player = c.seat()
    c.end()
    return LastCard(deck=deck, index=index, player=player)


def _read_deck(c: Cursor) -> tuple[int, ...]:
    cards = c.numbers("a card's number in the deck")
    c.end()
    if len(set(cards)) != len(cards):
        raise c.fail("a card given twice", at=0)
    return cards


def _read_draws(c: Cursor) -> int:
    draws = _one(c, "the draws of the dice generator")
    if draws > MAX_DRAWS:
        raise c.fail("more draws than the generator's period (2**64)", at=0)
    return draws


def _setter(name: str, read: Callable[[Cursor], Any]) -> Callable[[Cursor, dict[str, Any]], None]:
    def store(c: Cursor, args: dict[str, Any]) -> None:
        args[name] = read(c)

    return store


READERS: dict[str, Callable[[Cursor, dict[str, Any]], None]] = {
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
