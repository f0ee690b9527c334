"""The static game data: squares, colour groups and the two card decks (validated, never changes in play)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Annotated, Any, Literal, Self

from pydantic import Field, NonNegativeInt, PositiveInt, field_validator, model_validator

from .model import Frozen
from .rules import Rules

BOARD_SIZE = 40
SquareKind = Literal[
    "go",
    "street",
    "station",
    "utility",
    "tax",
    "chance",
    "community_chest",
    "jail",
    "free_parking",
    "go_to_jail",
]
DeckName = Literal["chance", "community_chest"]
DECKS: tuple[DeckName, ...] = ("chance", "community_chest")


class _Square(Frozen):
    name: str = Field(min_length=1)
    """Full name, as printed on the board."""
    short: str = Field(min_length=1, max_length=14)
    """Short name that fits a board cell."""


class Go(_Square):
    kind: Literal["go"]


class Street(_Square):
    kind: Literal["street"]
    group: str
    price: PositiveInt
    rent: tuple[
        NonNegativeInt, NonNegativeInt, NonNegativeInt, NonNegativeInt, NonNegativeInt, NonNegativeInt
    ]
    """Base rent, then with 1, 2, 3, 4 houses, then with a hotel."""
    house_cost: PositiveInt
    """Price of one house; a hotel costs the same plus four houses given back."""
    mortgage: PositiveInt


class Station(_Square):
    kind: Literal["station"]
    price: PositiveInt
    mortgage: PositiveInt


class Utility(_Square):
    kind: Literal["utility"]
    price: PositiveInt
    mortgage: PositiveInt


class Tax(_Square):
    kind: Literal["tax"]
    amount: PositiveInt


class Chance(_Square):
    kind: Literal["chance"]


class CommunityChest(_Square):
    kind: Literal["community_chest"]


class Jail(_Square):
    kind: Literal["jail"]


class FreeParking(_Square):
    kind: Literal["free_parking"]


class GoToJail(_Square):
    kind: Literal["go_to_jail"]


Square = Annotated[
    Go | Street | Station | Utility | Tax | Chance | CommunityChest | Jail | FreeParking | GoToJail,
    Field(discriminator="kind"),
]
Property = Street | Station | Utility
"""A square that can be owned."""

STATION_RENT = (25_000, 50_000, 100_000, 200_000)
"""Station rent by how many stations the owner holds (1..4)."""
UTILITY_MULTIPLIER = (4, 10)
"""Dice multiplier with one utility owned, with both."""


class ColorGroup(Frozen):
    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    color: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")
    """Display colour, #rrggbb."""
    mark: str = Field(min_length=1, max_length=2)
    """A text mark so that colour is not the only cue."""


# --- cards ---------------------------------------------------------------------------------------


class AdvanceTo(Frozen):
    action: Literal["advance_to"]
    square: int = Field(ge=0, lt=BOARD_SIZE)


class AdvanceToNearest(Frozen):
    action: Literal["advance_to_nearest"]
    target: Literal["station", "utility"]
    """Station: pay the owner twice the rent. Utility: pay ten times a fresh throw."""


class MoveBack(Frozen):
    action: Literal["move_back"]
    steps: int = Field(ge=1, lt=BOARD_SIZE)


class GoToJailCard(Frozen):
    action: Literal["go_to_jail"]


class GetOutOfJail(Frozen):
    action: Literal["get_out_of_jail"]


class Collect(Frozen):
    action: Literal["collect"]
    amount: PositiveInt


class Pay(Frozen):
    action: Literal["pay"]
    amount: PositiveInt


class Repairs(Frozen):
    action: Literal["repairs"]
    per_house: NonNegativeInt
    per_hotel: NonNegativeInt


class PayEachPlayer(Frozen):
    action: Literal["pay_each_player"]
    amount: PositiveInt


class CollectFromEachPlayer(Frozen):
    action: Literal["collect_from_each_player"]
    amount: PositiveInt


Effect = Annotated[
    AdvanceTo
    | AdvanceToNearest
    | MoveBack
    | GoToJailCard
    | GetOutOfJail
    | Collect
    | Pay
    | Repairs
    | PayEachPlayer
    | CollectFromEachPlayer,
    Field(discriminator="action"),
]


class Card(Frozen):
    id: str = Field(min_length=1)
    """Stable identifier, unique in the board file."""
    text: str = Field(min_length=1)
    """What the card says, in Russian."""
    effect: Effect


# --- the board -----------------------------------------------------------------------------------


MAX_AMOUNT = 10**12
"""No price, rent, fee or card amount of a board is larger (a trillion rubles): beyond it is a typo."""


_UNPRINTABLE = frozenset(
    chr(c) for c in (*range(0x00, 0x0A), *range(0x0B, 0x20), *range(0x7F, 0xA0), *range(0x202A, 0x202F))
)
"""Control characters and bidi overrides: a terminal obeys them instead of showing them."""


def _text_problem(text: str) -> str | None:
    if not text.strip():
        return "is blank"
    if not _UNPRINTABLE.isdisjoint(text):
        return "holds a control character"
    return None


def _sane_amounts(board: Board) -> None:
    """What no board can mean: blank names, control characters, a mortgage above the price (a money
    printer: buy, mortgage, repeat), amounts beyond MAX_AMOUNT. (Cheap: it runs with every new game.)"""
    for index, sq in enumerate(board.squares):
        if isinstance(sq, Street | Station | Utility):
            top = max(sq.price, sq.mortgage, *sq.rent, sq.house_cost) if isinstance(sq, Street) else sq.price
            if top > MAX_AMOUNT or sq.mortgage > MAX_AMOUNT:
                raise ValueError(
                    f"square {index} ({sq.name}): an amount above {MAX_AMOUNT} is not a real price"
                )
            if sq.mortgage > sq.price:
                raise ValueError(
                    f"square {index} ({sq.name}): mortgage {sq.mortgage} is more than the price {sq.price}"
                )
        elif isinstance(sq, Tax) and sq.amount > MAX_AMOUNT:
            raise ValueError(f"square {index} ({sq.name}): an amount above {MAX_AMOUNT} is not a real price")
        for part, text in (("name", sq.name), ("short", sq.short)):
            problem = _text_problem(text)
            if problem is not None:
                raise ValueError(f"square {index} ({sq.name}): {part} {problem}")
    problem = _text_problem(board.name)
    if problem is not None:
        raise ValueError(f"the board's name {problem}")
    for group in board.groups:
        problem = _text_problem(group.name)
        if problem is not None:
            raise ValueError(f"colour group {group.id!r}: name {problem}")
    for card in (*board.chance, *board.community_chest):
        problem = _text_problem(card.text)
        if problem is not None:
            raise ValueError(f"card id {card.id!r}: text {problem}")
        fields = card.effect.__dict__
        if max(fields.get("amount", 0), fields.get("per_house", 0), fields.get("per_hotel", 0)) > MAX_AMOUNT:
            raise ValueError(f"card id {card.id!r}: an amount above {MAX_AMOUNT} is not a real amount")


class Board(Frozen):
    """A whole board: 40 squares in order, colour groups, both decks and the default rules."""

    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    squares: tuple[Square, ...]
    groups: tuple[ColorGroup, ...]
    chance: tuple[Card, ...] = Field(min_length=1)
    community_chest: tuple[Card, ...] = Field(min_length=1)
    rules: Rules = Rules()

    @field_validator("squares")
    @classmethod
    def _forty_squares(cls, squares: tuple[Square, ...]) -> tuple[Square, ...]:
        if len(squares) != BOARD_SIZE:
            raise ValueError(f"a board has {BOARD_SIZE} squares, this one has {len(squares)}")
        return squares

    @model_validator(mode="after")
    def _consistent(self) -> Board:
        squares = self.squares
        self.sensible  # noqa: B018 - checked once per board
        if squares[0].kind != "go":
            raise ValueError("square 0 must be GO (kind: go)")
        for kind in ("go", "jail", "go_to_jail"):
            count = sum(1 for s in squares if s.kind == kind)
            if count != 1:
                raise ValueError(f"a board needs exactly one square of kind {kind!r}, this one has {count}")
        group_ids = [g.id for g in self.groups]
        dupes = {g for g in group_ids if group_ids.count(g) > 1}
        if dupes:
            raise ValueError(f"colour group {sorted(dupes)[0]!r} is defined twice")
        for index, sq in enumerate(squares):
            if isinstance(sq, Street) and sq.group not in group_ids:
                raise ValueError(f"square {index} ({sq.name}): unknown group {sq.group!r}")
        for group in self.groups:
            if not any(isinstance(s, Street) and s.group == group.id for s in squares):
                raise ValueError(f"colour group {group.id!r} has no streets")
        ids = [c.id for c in (*self.chance, *self.community_chest)]
        dupes = {i for i in ids if ids.count(i) > 1}
        if dupes:
            raise ValueError(f"card id {sorted(dupes)[0]!r} is used twice")
        for deck in DECKS:
            for card in self.deck(deck):
                nearest = card.effect
                if isinstance(nearest, AdvanceToNearest) and not any(
                    s.kind == nearest.target for s in squares
                ):
                    raise ValueError(
                        f"card {card.id!r} goes to the nearest {nearest.target}, but there is none"
                    )
        if not any(s.kind == "chance" for s in squares) or not any(
            s.kind == "community_chest" for s in squares
        ):
            raise ValueError("a board needs at least one chance and one community_chest square")
        return self

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """A copy (pydantic's), which works out its lookups (the cached properties below) again from its
        own squares when `update` changed anything: copied over, they would describe the original."""
        copy = super().model_copy(update=update, deep=deep)
        if update:
            for name, value in vars(Board).items():
                if isinstance(value, cached_property):
                    copy.__dict__.pop(name, None)
        return copy

    @cached_property
    def sensible(self) -> bool:
        """The board's amounts and texts make sense (_sane_amounts), checked once per board: pydantic
        runs this model's checks again each time a new game's state takes the board."""
        _sane_amounts(self)
        return True

    def deck(self, name: DeckName) -> tuple[Card, ...]:
        """The cards of one deck, in the file's order (card numbers index into this)."""
        return self.chance if name == "chance" else self.community_chest

    @cached_property
    def jail(self) -> int:
        """Index of the jail square."""
        return next(i for i, s in enumerate(self.squares) if s.kind == "jail")

    @cached_property
    def properties(self) -> tuple[int, ...]:
        """Indices of every ownable square."""
        return tuple(i for i, s in enumerate(self.squares) if isinstance(s, Street | Station | Utility))

    @cached_property
    def deeds(self) -> tuple[Property | None, ...]:
        """For each square, the ownable square it is (street, station, utility), else None."""
        return tuple(s if isinstance(s, Street | Station | Utility) else None for s in self.squares)

    @cached_property
    def stations(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.squares) if s.kind == "station")

    @cached_property
    def utilities(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.squares) if s.kind == "utility")

    @cached_property
    def group_members(self) -> dict[str, tuple[int, ...]]:
        """Street indices of each colour group, in board order."""
        return {
            g.id: tuple(i for i, s in enumerate(self.squares) if isinstance(s, Street) and s.group == g.id)
            for g in self.groups
        }

    @cached_property
    def group_of(self) -> tuple[tuple[int, ...], ...]:
        """For each square, the indices of its group (streets: colour group; stations; utilities), else ()."""
        out: list[tuple[int, ...]] = []
        for s in self.squares:
            if isinstance(s, Street):
                out.append(self.group_members[s.group])
            elif isinstance(s, Station):
                out.append(self.stations)
            elif isinstance(s, Utility):
                out.append(self.utilities)
            else:
                out.append(())
        return tuple(out)

    @cached_property
    def layout(self) -> Layout:
        """The board's lookups by square as plain tuples, for the rules read on every throw."""
        return Layout(self)

    def group(self, group_id: str) -> ColorGroup:
        return next(g for g in self.groups if g.id == group_id)

    def property(self, index: int) -> Property:
        """The ownable square at index (raises ValueError if it is not one)."""
        deed = self.deeds[index]
        if deed is None:
            raise ValueError(f"square {index} ({self.squares[index].name}) cannot be owned")
        return deed


class Layout:
    """A board's lookups by square, as plain tuples: what each square is, its group, its price and
    rents. The rules read them on every throw, and a validated model's attributes are slower to reach
    (each board makes its own once: `Board.layout`)."""

    __slots__ = ("group_of", "house_costs", "kinds", "mortgages", "prices", "rents", "taxes")

    def __init__(self, board: Board) -> None:
        squares = board.squares
        self.kinds: tuple[SquareKind, ...] = tuple(s.kind for s in squares)
        self.group_of: tuple[tuple[int, ...], ...] = board.group_of
        """For each square, its group (see Board.group_of)."""
        self.prices: tuple[int, ...] = tuple(d.price if d is not None else 0 for d in board.deeds)
        """The printed price of each ownable square (0 for the others)."""
        self.mortgages = tuple(d.mortgage if d is not None else 0 for d in board.deeds)
        self.rents: tuple[tuple[int, ...], ...] = tuple(
            s.rent if isinstance(s, Street) else () for s in squares
        )
        """A street's rents (base, 1-4 houses, hotel); () for any other square."""
        self.house_costs = tuple(s.house_cost if isinstance(s, Street) else 0 for s in squares)
        self.taxes: tuple[int, ...] = tuple(s.amount if isinstance(s, Tax) else 0 for s in squares)
