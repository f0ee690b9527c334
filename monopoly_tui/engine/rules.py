"""The rules options: every choice a table could argue about, with the defaults of RULES.md."""

from __future__ import annotations

from pydantic import Field, NonNegativeInt, PositiveInt, model_validator

from .model import Frozen

MAX_MONEY = 10**12
"""No amount of the rules is larger (a trillion rubles)."""
MAX_BUILDINGS = 10_000
MAX_ROUNDS = 1_000_000


class StartRules(Frozen):
    cash: PositiveInt = 1_500_000
    """Money each player starts with."""
    first_by_roll: bool = False
    """Who begins: everybody throws the dice and the highest throw begins (a tie throws again among the
    tied), play then going on in seat order; false: the first seat as entered. The seeds are silent."""


class GoRules(Frozen):
    salary: NonNegativeInt = 200_000
    """Paid every time a token lands on or passes GO moving forward."""
    double_on_landing: bool = False
    """House rule: landing exactly on GO pays twice the salary."""


class JailRules(Frozen):
    fine: NonNegativeInt = 50_000
    """Paid to leave jail before rolling, or after the last failed roll."""
    max_attempts: int = Field(default=3, ge=1, le=10)
    """Rolls for doubles allowed in jail; after the last failure the fine is forced."""


class DeclinerBids(Frozen):
    """Whether the player who declined to buy may bid in the auction that follows, per kind."""

    street: bool = False
    station: bool = True
    utility: bool = True


class AuctionRules(Frozen):
    enabled: bool = True
    """House rule when false: a declined property simply stays with the bank."""
    decliner_bids: DeclinerBids = DeclinerBids()
    min_step: PositiveInt = 1_000
    """A bid must exceed the standing bid by at least this much."""
    min_opening: PositiveInt = 1_000
    """The lowest opening bid."""


class RentRules(Frozen):
    double_rent_needs_bare_group: bool = True
    """The double base rent of a whole group holds only while no building stands anywhere on the group
    (seed 001: «при условии, что на участках группы нет построек»); false: any unbuilt street of a whole
    group earns it, even beside built ones (seed 000: «на любом из незастроенных участков»)."""
    double_rent_blocked_by_mortgage: bool = True
    """A mortgaged street in a whole group stops the double base rent (seed 001)."""
    collect_in_jail: bool = True
    """An owner in jail still collects rent (seed 000); false is the house rule."""


class FreeParkingRules(Frozen):
    jackpot: bool = False
    """House rule: taxes and card fines go to the centre; landing on free parking takes them."""


class BuildingRules(Frozen):
    houses: NonNegativeInt = 32
    """Houses the bank holds at the start."""
    hotels: NonNegativeInt = 12
    """Hotels the bank holds at the start."""
    even_building: bool = True
    """Build and sell evenly across a colour group."""
    scarce_auction: bool = True
    """Auction the last houses or hotels when more players can build than the bank can supply."""


class MortgageRules(Frozen):
    interest_percent: int = Field(default=10, ge=0, le=100)
    """Interest on the mortgage value, paid when lifting or when receiving a mortgaged lot."""


class EndRules(Frozen):
    turn_limit: PositiveInt | None = None
    """After this many rounds the richest player by net worth wins; none plays to the last player."""


class Rules(Frozen):
    """All options in force for one game (the `rules:` section of a board file)."""

    start: StartRules = StartRules()
    go: GoRules = GoRules()
    jail: JailRules = JailRules()
    auction: AuctionRules = AuctionRules()
    rent: RentRules = RentRules()
    free_parking: FreeParkingRules = FreeParkingRules()
    buildings: BuildingRules = BuildingRules()
    mortgage: MortgageRules = MortgageRules()
    end: EndRules = EndRules()

    @model_validator(mode="after")
    def _sane(self) -> Rules:
        """Amounts no table means (a typo of a few zeros too many): refused rather than played."""
        money = {
            "start.cash": self.start.cash,
            "go.salary": self.go.salary,
            "jail.fine": self.jail.fine,
            "auction.min_step": self.auction.min_step,
            "auction.min_opening": self.auction.min_opening,
        }
        for name, amount in money.items():
            if amount > MAX_MONEY:
                raise ValueError(f"{name} is {amount}: more than {MAX_MONEY} is not a real amount")
        counts = {"buildings.houses": self.buildings.houses, "buildings.hotels": self.buildings.hotels}
        for name, count in counts.items():
            if count > MAX_BUILDINGS:
                raise ValueError(f"{name} is {count}: the bank holds at most {MAX_BUILDINGS}")
        if self.end.turn_limit is not None and self.end.turn_limit > MAX_ROUNDS:
            raise ValueError(f"end.turn_limit is {self.end.turn_limit}: at most {MAX_ROUNDS} rounds")
        return self


class Terms:
    """The rules the engine reads on every throw or turn, as plain slots: a validated model's attributes
    are slower to reach, and a throw reads several (see terms_of)."""

    __slots__ = (
        "auction",
        "bare_group_doubles",
        "collect_in_jail",
        "double_on_landing",
        "even_building",
        "fine",
        "interest_percent",
        "jackpot",
        "max_attempts",
        "min_opening",
        "min_step",
        "mortgage_blocks_double",
        "salary",
        "turn_limit",
    )

    def __init__(self, rules: Rules) -> None:
        self.salary: int = rules.go.salary
        self.double_on_landing: bool = rules.go.double_on_landing
        self.fine: int = rules.jail.fine
        self.max_attempts: int = rules.jail.max_attempts
        self.auction: bool = rules.auction.enabled
        """Auctions are on (a declined lot goes under the hammer)."""
        self.min_step: int = rules.auction.min_step
        self.min_opening: int = rules.auction.min_opening
        self.collect_in_jail: bool = rules.rent.collect_in_jail
        self.bare_group_doubles: bool = rules.rent.double_rent_needs_bare_group
        self.mortgage_blocks_double: bool = rules.rent.double_rent_blocked_by_mortgage
        self.jackpot: bool = rules.free_parking.jackpot
        self.turn_limit: int | None = rules.end.turn_limit
        self.even_building: bool = rules.buildings.even_building
        self.interest_percent: int = rules.mortgage.interest_percent


_last: tuple[Rules | None, Terms | None] = (None, None)
"""The rules last asked for and their terms (a game keeps asking for the same rules)."""


def terms_of(rules: Rules) -> Terms:
    """The terms of rules: made again only when other rules are asked for than last time. (Not cached
    on the Rules themselves: a model_copy would carry the cache over to rules with other values.)"""
    global _last
    held, terms = _last
    if held is not rules or terms is None:
        terms = Terms(rules)
        _last = (rules, terms)
    return terms
