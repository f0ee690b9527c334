"""Actions: small JSON-able values, each naming the player who takes it.

Every action has a `kind` discriminator and a short text form (`str(action)`), parsed back by
`parse_action`, in the spirit of python-chess's `Move.uci()`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter, ValidationError

from .board import DeckName
from .errors import InvalidActionError
from .model import Frozen

Die = Annotated[int, Field(ge=1, le=6)]


class _Action(Frozen):
    player: int = Field(ge=0, le=7)
    """The seat taking the action."""

    def __str__(self) -> str:
        return f"{self.player}:{self.kind}"  # type: ignore[attr-defined]


class Roll(_Action):
    """Throw the dice: to move, to try for doubles in jail, or for a utility card's fresh throw.

    `dice` scripts the throw (tests, replays of physical dice); when None the game's seed decides.
    """

    kind: Literal["roll"] = "roll"
    dice: tuple[Die, Die] | None = None

    def __str__(self) -> str:
        if self.dice is None:
            return f"{self.player}:roll"
        return f"{self.player}:roll {self.dice[0]}+{self.dice[1]}"


class Buy(_Action):
    """Buy the unowned property the player stands on, at its printed price."""

    kind: Literal["buy"] = "buy"


class Decline(_Action):
    """Do not buy the property; the bank auctions it."""

    kind: Literal["decline"] = "decline"


class Bid(_Action):
    """Bid in the running auction; must beat the standing bid by the minimum step."""

    kind: Literal["bid"] = "bid"
    amount: int = Field(gt=0)

    def __str__(self) -> str:
        return f"{self.player}:bid {self.amount}"


class PassBid(_Action):
    """Drop out of the running auction."""

    kind: Literal["pass"] = "pass"


class PayJailFine(_Action):
    """Pay the fine to leave jail before rolling."""

    kind: Literal["pay_fine"] = "pay_fine"


class UseJailCard(_Action):
    """Use a "get out of jail free" card from the named deck before rolling."""

    kind: Literal["use_card"] = "use_card"
    deck: DeckName

    def __str__(self) -> str:
        return f"{self.player}:use_card {self.deck}"


class PayDebt(_Action):
    """Pay the debt in full now that the cash is there."""

    kind: Literal["pay_debt"] = "pay_debt"


class DeclareBankruptcy(_Action):
    """Give up: hand everything to the creditor and leave the game."""

    kind: Literal["bankrupt"] = "bankrupt"


class EndTurn(_Action):
    """Pass the dice to the next player."""

    kind: Literal["end_turn"] = "end_turn"


class _OnSquare(_Action):
    square: int = Field(ge=0, le=39)

    def __str__(self) -> str:
        return f"{self.player}:{self.kind} {self.square}"  # type: ignore[attr-defined]


class Build(_OnSquare):
    """Buy one building for a street: a house, or a hotel on a street with four (scarce: an auction)."""

    kind: Literal["build"] = "build"


class SellBuilding(_OnSquare):
    """Sell one building of a street back to the bank at half price (a hotel becomes four houses)."""

    kind: Literal["sell"] = "sell"


class SellDown(_Action):
    """Sell a whole colour group down to `level` (0-4) on every lot at once, at half price a level."""

    kind: Literal["sell_down"] = "sell_down"
    group: str
    level: int = Field(ge=0, le=4)

    def __str__(self) -> str:
        return f"{self.player}:sell_down {self.group} {self.level}"


class PlaceBuilding(_OnSquare):
    """Put the building won at a scarce-building auction on a street where it is legal."""

    kind: Literal["place"] = "place"


class Mortgage(_OnSquare):
    """Mortgage an unbuilt property for its mortgage value."""

    kind: Literal["mortgage"] = "mortgage"


class Unmortgage(_OnSquare):
    """Lift a mortgage: the mortgage value plus interest (only the value right after receiving the lot)."""

    kind: Literal["unmortgage"] = "unmortgage"


class KeepMortgage(_OnSquare):
    """Keep a mortgaged lot just received mortgaged (lifting it later costs the interest again)."""

    kind: Literal["keep_mortgage"] = "keep_mortgage"


class TradeSide(Frozen):
    """What one side of a trade hands over."""

    lots: tuple[int, ...] = ()
    cash: int = Field(default=0, ge=0)
    jail_cards: tuple[DeckName, ...] = ()

    @property
    def empty(self) -> bool:
        return not (self.lots or self.cash or self.jail_cards)

    def __str__(self) -> str:
        return f"{','.join(map(str, self.lots))}/{self.cash}/{','.join(self.jail_cards)}"

    @classmethod
    def parse(cls, text: str) -> TradeSide:
        lots, cash, cards = text.split("/")
        return cls(
            lots=tuple(int(x) for x in lots.split(",") if x),
            cash=int(cash),
            jail_cards=tuple(x for x in cards.split(",") if x),
        )


class ProposeTrade(_Action):
    """Offer `partner` a trade: `give` goes to the partner, `take` comes back. The partner answers."""

    kind: Literal["trade"] = "trade"
    partner: int = Field(ge=0, le=7)
    give: TradeSide = TradeSide()
    take: TradeSide = TradeSide()

    def __str__(self) -> str:
        return f"{self.player}:trade {self.partner} {self.give} for {self.take}"


class AcceptTrade(_Action):
    kind: Literal["accept"] = "accept"


class RejectTrade(_Action):
    kind: Literal["reject"] = "reject"


Action = Annotated[
    Roll
    | Buy
    | Decline
    | Bid
    | PassBid
    | PayJailFine
    | UseJailCard
    | PayDebt
    | DeclareBankruptcy
    | EndTurn
    | Build
    | SellBuilding
    | SellDown
    | PlaceBuilding
    | Mortgage
    | Unmortgage
    | KeepMortgage
    | ProposeTrade
    | AcceptTrade
    | RejectTrade,
    Field(discriminator="kind"),
]
ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)


def action_from_json(data: str | bytes) -> Action:
    """Parse one action from JSON; raises InvalidActionError on anything malformed."""
    try:
        return ACTION_ADAPTER.validate_json(data)
    except ValidationError as exc:
        raise InvalidActionError(f"not an action: {exc.errors()[0]['msg']}") from exc


def action_to_json(action: Action) -> str:
    return ACTION_ADAPTER.dump_json(action).decode()


SQUARE_KINDS = ("build", "sell", "place", "mortgage", "unmortgage", "keep_mortgage")


def parse_action(text: str) -> Action:
    """Parse the text form, e.g. ``"0:roll 3+4"``, ``"2:bid 120000"``, ``"1:use_card chance"``."""
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
            data["give"], data["take"] = TradeSide.parse(give), TradeSide.parse(take)
        return ACTION_ADAPTER.validate_python(data)
    except (ValueError, ValidationError) as exc:
        raise InvalidActionError(f"cannot read action {text!r}") from exc
