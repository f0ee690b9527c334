"""Typed errors of the engine, and the reasons an action is refused.

A rule that refuses an action returns a Problem: a reason code and its values, e.g.
("build_cash", seat, 100_000). It is cheap (a tuple, no text) where the bots ask often; only when an
action is actually refused does `refusal` word it, as a Refusal: the developer's English sentence (a str)
carrying the code and the values by name, which the app words in the players' language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .rent import Holdings

Problem = tuple[Any, ...]
"""(reason code, its values in the order of REASONS[code]'s fields)."""

REASONS: dict[str, tuple[tuple[str, ...], str]] = {
    # who may act, and when
    "game_over": ((), "the game is over"),
    "out_of_game": (("player",), "{player} is out of the game"),
    "manage_not_now": (("action", "player", "now"), "{action} is not open to {player} now ({now})"),
    "not_your_turn": (
        ("actor", "seat", "from_seat"),
        "it is {actor} (seat {seat}) who must act now, not seat {from_seat}",
    ),
    "not_now": (("action", "phase", "player"), "{action} is not legal now (phase {phase}, {player} to act)"),
    # debts
    "debt_cash": (("player", "cash", "amount"), "{player} has {cash}, not {amount}"),
    "can_still_raise": (
        ("player",),
        "{player} can still raise the money (sell buildings, mortgage) and may not go bankrupt",
    ),
    "settle_debt_first": (
        ("player", "amount", "action"),
        "{player} must settle a debt of {amount} first, not {action}",
    ),
    "debt_no_cash_away": (("player",), "{player} is in debt and may not give cash away"),
    "debts_first": (("player",), "{player} must settle the debts before lifting a mortgage"),
    # a trade offer, a mortgaged lot received, an auction, a building won
    "answer_trade": (("player", "action"), "{player} must answer the trade offer first, not {action}"),
    "decide_mortgage": (("player", "at"), "{player} must decide on square {at} first"),
    "lift_or_keep": (
        ("player", "at", "action"),
        "{player} must lift or keep the mortgage on square {at}, not {action}",
    ),
    "bid_too_low": (("low", "amount"), "a bid must be at least {low}, not {amount}"),
    "bid_over_cash": (("player", "amount", "cash"), "{player} cannot bid {amount} with {cash} in cash"),
    "auction_running": (
        ("player", "action"),
        "an auction is running: {player} must bid or pass, not {action}",
    ),
    "place_first": (("player", "action"), "{player} must place the building won at auction, not {action}"),
    "placement_kind": (("kind", "square"), "the {kind} won at auction cannot go on {square}"),
    # jail, buying
    "not_in_jail": (("player",), "{player} is not in jail"),
    "jail_fine_cash": (("player", "amount"), "{player} cannot pay the jail fine of {amount}"),
    "no_jail_card": (("player", "deck"), "{player} holds no get-out-of-jail card from {deck}"),
    "buy_cash": (("player", "price", "cash"), "{player} cannot pay {price} with {cash}"),
    # building and selling
    "not_a_street": (("square",), "{square} is not a street: no buildings there"),
    "not_yours": (("square", "player"), "{square} does not belong to {player}"),
    "not_whole_group": (("player", "square"), "{player} does not own the whole group of {square}"),
    "group_mortgaged": (("square",), "a street of the group of {square} is mortgaged"),
    "has_hotel": (("square",), "{square} already has a hotel"),
    "hotel_needs_houses": (("square",), "a hotel on {square} needs four houses on every street of the group"),
    "build_evenly": (
        ("square",),
        "build evenly: another street of the group of {square} has fewer buildings",
    ),
    "build_cash": (("player", "amount"), "{player} cannot pay {amount} for a building"),
    "bank_out": (("kind",), "the bank has no {kind}s left"),
    "no_street": (("player", "at"), "{player} has no street at square {at}"),
    "no_building": (("square",), "there is no building on {square}"),
    "sell_evenly": (("square",), "sell evenly: another street of the group of {square} has more buildings"),
    "hotel_sale_houses": (
        ("square", "houses"),
        "selling the hotel on {square} needs four houses from the bank, which has {houses}: "
        "sell the group down instead",
    ),
    "no_group": (("group",), "there is no colour group {group!r}"),
    "not_whole_group_of": (("player", "group"), "{player} does not own the whole group {group!r}"),
    "nothing_above": (("group", "level"), "no street of group {group!r} stands above level {level}"),
    "sell_down_houses": (
        ("houses", "needed", "level"),
        "the bank has {houses} houses, {needed} needed to sell down to {level}",
    ),
    # mortgages
    "no_property": (("player", "at"), "{player} owns no property at square {at}"),
    "already_mortgaged": (("square",), "{square} is already mortgaged"),
    "sell_before_mortgage": (("square",), "sell the buildings of the group of {square} before mortgaging it"),
    "not_mortgaged": (("square",), "{square} is not mortgaged"),
    "lift_cash": (
        ("square", "amount", "player", "cash"),
        "lifting the mortgage on {square} costs {amount}; {player} has {cash}",
    ),
    # trades
    "trade_self": ((), "a player cannot trade with themselves"),
    "partner_out": (("seat",), "seat {seat} is not in the game"),
    "trade_empty": ((), "the trade is empty"),
    "lot_twice": ((), "a lot is named twice"),
    "not_owned_lot": (("player", "at"), "{player} does not own square {at}"),
    "trade_built": (("square",), "the group of {square} has buildings: sell them before trading it"),
    "trade_cash": (("player", "cash", "amount"), "{player} has {cash}, not {amount}"),
    "trade_cards": (
        ("player", "count", "deck"),
        "{player} does not hold {count} get-out-of-jail card(s) from {deck}",
    ),
}
"""Every reason code: the names of its values, and its English sentence (names and squares by name)."""

NAME_FIELDS = frozenset({"player", "actor"})
"""Values that are seats, shown by the player's name."""
SQUARE_FIELDS = frozenset({"square"})
"""Values that are squares, shown by the square's name (`at`: a square number as given, maybe no square)."""


class Refusal(str):
    """Why an action is not legal: the English sentence, with `code` and `values` (by field name)."""

    code: str
    values: dict[str, Any]


def refusal(h: Holdings, problem: Problem) -> Refusal:
    """The Problem worded in English, carrying its code and values."""
    code, *args = problem
    fields, template = REASONS[code]
    values = dict(zip(fields, args, strict=True))
    shown = {
        key: h.players[value].name
        if key in NAME_FIELDS
        else h.board.squares[value].name
        if key in SQUARE_FIELDS
        else value
        for key, value in values.items()
    }
    text = Refusal(template.format(**shown))
    text.code = code
    text.values = values
    return text


class InvalidActionError(ValueError):
    """The action is malformed: it could never be legal (e.g. a die showing 7, an unknown player)."""


class IllegalActionError(ValueError):
    """The action is well-formed but not legal in this state (wrong player, wrong moment, too little cash).

    `reason` is the Refusal (code and values) when the engine gave one."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason

    @property
    def code(self) -> str | None:
        return getattr(self.reason, "code", None)

    @property
    def values(self) -> dict[str, Any]:
        return getattr(self.reason, "values", {})
