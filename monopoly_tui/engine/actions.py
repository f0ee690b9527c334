"""Actions: small immutable values, each naming the player who takes it.

Every action has a `kind` (the discriminator of its JSON form) and a short text form (`str(action)`),
parsed back by `parse_action`, in the spirit of python-chess's `Move.uci()`.

The actions are named tuples: the bots and the game loop make and read one per decision, and a tuple is
several times cheaper to make and to read than a validated model. Nothing is validated when one is made
(the engine's checks refuse a malformed action, see wellformed.py); pydantic validates actions read from
outside — saves, records, a JSON text (`action_from_json`) — through the schema of action_json.py
(`EDGE`), with the ranges noted on each field. `kind` is the last field, with its class's value as the
default: two actions of different kinds are never equal and hash apart. Change a copy with
`_replace(field=value)`.
"""

from __future__ import annotations

from typing import Annotated, Literal, NamedTuple

from pydantic import Discriminator, Field, Tag, TypeAdapter, ValidationError

from .action_json import EDGE
from .board import DeckName
from .errors import InvalidActionError

Seat = Annotated[int, Field(ge=0, le=7)]
SquareNumber = Annotated[int, Field(ge=0, le=39)]
Die = Annotated[int, Field(ge=1, le=6)]


class Roll(NamedTuple):
    """Throw the dice: to move, to try for doubles in jail, or for a utility card's fresh throw.

    `dice` scripts the throw (tests, replays of physical dice); when None the game's seed decides.
    """

    player: Seat
    """The seat taking the action (every action's first field)."""
    dice: tuple[Die, Die] | None = None
    kind: Literal["roll"] = "roll"

    def __str__(self) -> str:
        if self.dice is None:
            return f"{self.player}:roll"
        return f"{self.player}:roll {self.dice[0]}+{self.dice[1]}"


class Buy(NamedTuple):
    """Buy the unowned property the player stands on, at its printed price."""

    player: Seat
    kind: Literal["buy"] = "buy"

    def __str__(self) -> str:
        return f"{self.player}:buy"


class Decline(NamedTuple):
    """Do not buy the property; the bank auctions it."""

    player: Seat
    kind: Literal["decline"] = "decline"

    def __str__(self) -> str:
        return f"{self.player}:decline"


class Bid(NamedTuple):
    """Bid in the running auction; must beat the standing bid by the minimum step."""

    player: Seat
    amount: Annotated[int, Field(gt=0)]
    kind: Literal["bid"] = "bid"

    def __str__(self) -> str:
        return f"{self.player}:bid {self.amount}"


class PassBid(NamedTuple):
    """Drop out of the running auction."""

    player: Seat
    kind: Literal["pass"] = "pass"

    def __str__(self) -> str:
        return f"{self.player}:pass"


class PayJailFine(NamedTuple):
    """Pay the fine to leave jail before rolling."""

    player: Seat
    kind: Literal["pay_fine"] = "pay_fine"

    def __str__(self) -> str:
        return f"{self.player}:pay_fine"


class UseJailCard(NamedTuple):
    """Use a "get out of jail free" card from the named deck before rolling."""

    player: Seat
    deck: DeckName
    kind: Literal["use_card"] = "use_card"

    def __str__(self) -> str:
        return f"{self.player}:use_card {self.deck}"


class PayDebt(NamedTuple):
    """Pay the debt in full now that the cash is there."""

    player: Seat
    kind: Literal["pay_debt"] = "pay_debt"

    def __str__(self) -> str:
        return f"{self.player}:pay_debt"


class DeclareBankruptcy(NamedTuple):
    """Give up: hand everything to the creditor and leave the game."""

    player: Seat
    kind: Literal["bankrupt"] = "bankrupt"

    def __str__(self) -> str:
        return f"{self.player}:bankrupt"


class EndTurn(NamedTuple):
    """Pass the dice to the next player."""

    player: Seat
    kind: Literal["end_turn"] = "end_turn"

    def __str__(self) -> str:
        return f"{self.player}:end_turn"


class Build(NamedTuple):
    """Buy one building for a street: a house, or a hotel on a street with four (scarce: an auction)."""

    player: Seat
    square: SquareNumber
    kind: Literal["build"] = "build"

    def __str__(self) -> str:
        return f"{self.player}:build {self.square}"


class SellBuilding(NamedTuple):
    """Sell one building of a street back to the bank at half price (a hotel becomes four houses)."""

    player: Seat
    square: SquareNumber
    kind: Literal["sell"] = "sell"

    def __str__(self) -> str:
        return f"{self.player}:sell {self.square}"


class SellDown(NamedTuple):
    """Sell a whole colour group down to `level` (0-4) on every lot at once, at half price a level."""

    player: Seat
    group: str
    level: Annotated[int, Field(ge=0, le=4)]
    kind: Literal["sell_down"] = "sell_down"

    def __str__(self) -> str:
        return f"{self.player}:sell_down {self.group} {self.level}"


class PlaceBuilding(NamedTuple):
    """Put the building won at a scarce-building auction on a street where it is legal."""

    player: Seat
    square: SquareNumber
    kind: Literal["place"] = "place"

    def __str__(self) -> str:
        return f"{self.player}:place {self.square}"


class Mortgage(NamedTuple):
    """Mortgage an unbuilt property for its mortgage value."""

    player: Seat
    square: SquareNumber
    kind: Literal["mortgage"] = "mortgage"

    def __str__(self) -> str:
        return f"{self.player}:mortgage {self.square}"


class Unmortgage(NamedTuple):
    """Lift a mortgage: the mortgage value plus interest (only the value right after receiving the lot)."""

    player: Seat
    square: SquareNumber
    kind: Literal["unmortgage"] = "unmortgage"

    def __str__(self) -> str:
        return f"{self.player}:unmortgage {self.square}"


class KeepMortgage(NamedTuple):
    """Keep a mortgaged lot just received mortgaged (lifting it later costs the interest again)."""

    player: Seat
    square: SquareNumber
    kind: Literal["keep_mortgage"] = "keep_mortgage"

    def __str__(self) -> str:
        return f"{self.player}:keep_mortgage {self.square}"


class TradeSide(NamedTuple):
    """What one side of a trade hands over."""

    lots: tuple[int, ...] = ()
    cash: Annotated[int, Field(ge=0)] = 0
    jail_cards: tuple[DeckName, ...] = ()

    @property
    def empty(self) -> bool:
        return not (self.lots or self.cash or self.jail_cards)

    def __str__(self) -> str:
        return f"{','.join(map(str, self.lots))}/{self.cash}/{','.join(self.jail_cards)}"

    @classmethod
    def parse(cls, text: str) -> TradeSide:
        """The side from its text form (not validated: see parse_action)."""
        lots, cash, cards = text.split("/")
        return cls(
            lots=tuple(int(x) for x in lots.split(",") if x),
            cash=int(cash),
            jail_cards=tuple(x for x in cards.split(",") if x),  # type: ignore[misc]  # checked later
        )


class ProposeTrade(NamedTuple):
    """Offer `partner` a trade: `give` goes to the partner, `take` comes back. The partner answers."""

    player: Seat
    partner: Seat
    give: Annotated[TradeSide, EDGE] = TradeSide()
    take: Annotated[TradeSide, EDGE] = TradeSide()
    kind: Literal["trade"] = "trade"

    def __str__(self) -> str:
        return f"{self.player}:trade {self.partner} {self.give} for {self.take}"


class AcceptTrade(NamedTuple):
    player: Seat
    kind: Literal["accept"] = "accept"

    def __str__(self) -> str:
        return f"{self.player}:accept"


class RejectTrade(NamedTuple):
    player: Seat
    kind: Literal["reject"] = "reject"

    def __str__(self) -> str:
        return f"{self.player}:reject"


ACTION_CLASSES: tuple[type[Action], ...] = (
    Roll,
    Buy,
    Decline,
    Bid,
    PassBid,
    PayJailFine,
    UseJailCard,
    PayDebt,
    DeclareBankruptcy,
    EndTurn,
    Build,
    SellBuilding,
    SellDown,
    PlaceBuilding,
    Mortgage,
    Unmortgage,
    KeepMortgage,
    ProposeTrade,
    AcceptTrade,
    RejectTrade,
)
KIND_OF: dict[type, str] = {cls: cls._field_defaults["kind"] for cls in ACTION_CLASSES}
"""Each action class's kind."""
SQUARE_KINDS = ("build", "sell", "place", "mortgage", "unmortgage", "keep_mortgage")
"""The kinds whose one value is a square."""


Action = Annotated[
    Annotated[Roll, EDGE, Tag("roll")]
    | Annotated[Buy, EDGE, Tag("buy")]
    | Annotated[Decline, EDGE, Tag("decline")]
    | Annotated[Bid, EDGE, Tag("bid")]
    | Annotated[PassBid, EDGE, Tag("pass")]
    | Annotated[PayJailFine, EDGE, Tag("pay_fine")]
    | Annotated[UseJailCard, EDGE, Tag("use_card")]
    | Annotated[PayDebt, EDGE, Tag("pay_debt")]
    | Annotated[DeclareBankruptcy, EDGE, Tag("bankrupt")]
    | Annotated[EndTurn, EDGE, Tag("end_turn")]
    | Annotated[Build, EDGE, Tag("build")]
    | Annotated[SellBuilding, EDGE, Tag("sell")]
    | Annotated[SellDown, EDGE, Tag("sell_down")]
    | Annotated[PlaceBuilding, EDGE, Tag("place")]
    | Annotated[Mortgage, EDGE, Tag("mortgage")]
    | Annotated[Unmortgage, EDGE, Tag("unmortgage")]
    | Annotated[KeepMortgage, EDGE, Tag("keep_mortgage")]
    | Annotated[ProposeTrade, EDGE, Tag("trade")]
    | Annotated[AcceptTrade, EDGE, Tag("accept")]
    | Annotated[RejectTrade, EDGE, Tag("reject")],
    Discriminator(lambda value: value.get("kind") if type(value) is dict else getattr(value, "kind", None)),
]
"""Any action; as a pydantic type (a record's actions, a save's), the JSON object of the action's kind."""
TradeOffer = Annotated[ProposeTrade, EDGE]
"""A trade offer as a pydantic type (a field of a state or a save), the JSON object of `ProposeTrade`."""
ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)


def action_from_json(data: str | bytes) -> Action:
    """Parse one action from JSON; raises InvalidActionError on anything malformed."""
    try:
        return ACTION_ADAPTER.validate_json(data)
    except ValidationError as exc:
        raise InvalidActionError(f"not an action: {exc.errors()[0]['msg']}") from exc


def action_to_json(action: Action) -> str:
    return ACTION_ADAPTER.dump_json(action).decode()


def parse_action(text: str) -> Action:
    """Parse the text form, e.g. ``"0:roll 3+4"``, ``"2:bid 120000"``, ``"1:use_card chance"``; validated
    as JSON from outside is."""
    try:
        seat, _, rest = text.strip().partition(":")
        kind, _, arg = rest.partition(" ")
        data: dict[str, object] = {"player": int(seat), "kind": kind}
        if kind == "roll" and arg:
            first, _, second = arg.partition("+")
            data["dice"] = (int(first), int(second))
        elif kind == "bid":
            data["amount"] = int(arg)
        elif kind == "use_card":
            data["deck"] = arg
        elif kind in SQUARE_KINDS:
            data["square"] = int(arg)
        elif kind == "sell_down":
            group, level = arg.split()
            data["group"], data["level"] = group, int(level)
        elif kind == "trade":
            partner, give, _for, take = arg.split(" ")
            data["partner"] = int(partner)
            data["give"], data["take"] = TradeSide.parse(give)._asdict(), TradeSide.parse(take)._asdict()
        return ACTION_ADAPTER.validate_python(data)
    except (ValueError, ValidationError) as exc:
        raise InvalidActionError(f"cannot read action {text!r}") from exc
