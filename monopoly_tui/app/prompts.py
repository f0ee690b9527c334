"""What the game asks now, and of whom: the prompt shown under the board, built from legal_actions.

No Textual here: a Prompt is plain data (a title addressed by name, a few lines of context and the
choices with their keys), so it is tested without a terminal. Nothing is offered that the engine's
`legal_actions` does not allow.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import (
    AcceptTrade,
    Action,
    Buy,
    DeclareBankruptcy,
    Decline,
    EndTurn,
    GameState,
    KeepMortgage,
    PassBid,
    PayDebt,
    PayJailFine,
    PlaceBuilding,
    ProposeTrade,
    RejectTrade,
    Roll,
    Unmortgage,
    UseJailCard,
    current_actor,
    legal_actions,
    minimum_bid,
    situation,
)
from ..engine.board import STATION_RENT, UTILITY_MULTIPLIER, Property, Station, Street
from ..engine.buildings import HOTEL, building_kind, sale_price, sale_value
from ..engine.mortgages import interest, lift_cost
from ..engine.rent import UTILITY_DICE_UNIT
from ..engine.turn import ended_at_limit
from ..locale import tr
from ..money import rubles, rubles_series
from ..narrate import game_over_at_limit

COMMANDS = ("manage", "trade", "bid")
"""Choices that open a screen or read an amount instead of applying one action."""


@dataclass(frozen=True)
class Choice:
    key: str
    """The key shown and bound, e.g. "r" (its Cyrillic twin on the same physical key works too)."""
    label: str
    action: Action | None = None
    command: str | None = None
    """One of COMMANDS when action is None."""
    confirm: str | None = None
    """For a choice that cannot be taken back: the question, saying what will happen, asked first."""


@dataclass(frozen=True)
class Prompt:
    seat: int | None
    title: str
    lines: tuple[str, ...] = ()
    choices: tuple[Choice, ...] = ()
    bid: tuple[int, int] | None = None
    """(minimum bid, the bidder's cash) during an auction."""
    extra: dict[str, object] = field(default_factory=dict)
    focus: str | None = None
    """The key of the choice that has the focus (Enter takes it): only a harmless one; None focuses
    nothing, so a stray Enter (say, the second of two that closed a handoff) decides nothing."""


def _name(state: GameState, seat: int) -> str:
    return state.players[seat].name


def _square(state: GameState, index: int) -> str:
    return state.board.squares[index].name


def prompt_for(state: GameState) -> Prompt:
    """The prompt for whoever must decide now."""
    seat = current_actor(state)
    if seat is None:
        assert state.winner is not None
        if ended_at_limit(state):
            return Prompt(None, game_over_at_limit(state))
        return Prompt(None, tr("prompt.game_over", name=_name(state, state.winner)))
    actions = legal_actions(state)
    manage = Choice("m", tr("choice.manage"), command="manage")
    trade = Choice("t", tr("choice.trade"), command="trade")
    now = situation(state)
    if now == "trade":
        return _trade_prompt(state, seat)
    if now == "mortgage_choice":
        return _mortgage_choice_prompt(state, seat, actions)
    if now == "debt":
        return _debt_prompt(state, seat, actions, manage, trade)
    if now == "auction":
        return _auction_prompt(state, seat)
    if now == "placement":
        return _placement_prompt(state, seat, actions)
    return _turn_prompt(state, seat, actions, manage, trade)


def _trade_prompt(state: GameState, seat: int) -> Prompt:
    offer = state.trade
    assert offer is not None
    title = tr("prompt.trade", name=_name(state, seat), proposer=_name(state, offer.player))
    answers = (
        Choice("y", tr("choice.accept"), AcceptTrade(player=seat)),
        Choice("n", tr("choice.reject"), RejectTrade(player=seat)),
    )
    return Prompt(seat, title, trade_lines(state), answers)


def _mortgage_choice_prompt(state: GameState, seat: int, actions: list[Action]) -> Prompt:
    square = state.mortgage_choices[0].square
    keep_or_lift = [Choice("k", tr("choice.keep_mortgage"), KeepMortgage(player=seat, square=square))]
    lift = Unmortgage(player=seat, square=square)
    now = lift_cost(state, square, just_received=True)
    if lift in actions:
        keep_or_lift.insert(0, Choice("u", tr("choice.lift_now", amount=rubles(now)), lift))
    title = tr("prompt.mortgage_choice", name=_name(state, seat), square=_square(state, square))
    detail = tr(
        "prompt.mortgage_choice.detail",
        interest=rubles(interest(state, square)),
        later=rubles(lift_cost(state, square)),
    )
    return Prompt(seat, title, (detail,), tuple(keep_or_lift), focus="k")


def _debt_prompt(state: GameState, seat: int, actions: list[Action], manage: Choice, trade: Choice) -> Prompt:
    debt = state.debts[0]
    if debt.creditor is None:
        creditor = tr("creditor.bank")
    else:
        creditor = tr("creditor.player", name=_name(state, debt.creditor))
    options: list[Choice] = []
    if PayDebt(player=seat) in actions:
        options.append(Choice("o", tr("choice.pay_debt", amount=rubles(debt.amount)), PayDebt(player=seat)))
    options += [manage, trade]
    if DeclareBankruptcy(player=seat) in actions:
        question = bankruptcy_question(state, seat)
        options.append(Choice("x", tr("choice.bankrupt"), DeclareBankruptcy(player=seat), confirm=question))
    cash = state.players[seat].cash
    detail = tr("prompt.debt.detail", amount=rubles(debt.amount), creditor=creditor, cash=rubles(cash))
    if cash >= debt.amount:
        title = tr("prompt.debt.payable", name=_name(state, seat))
    else:
        title = tr("prompt.debt", name=_name(state, seat), missing=rubles(debt.amount - cash))
    return Prompt(seat, title, (detail,), tuple(options))


def _auction_prompt(state: GameState, seat: int) -> Prompt:
    a = state.auction
    assert a is not None
    what = tr(f"building.{a.building}") if a.building else f"«{_square(state, a.square)}»"
    low = minimum_bid(state, a)
    lines = [tr("prompt.auction.lot", what=what)]
    if a.high_bidder is not None:
        lines.append(tr("prompt.auction.high", amount=rubles(a.high_bid), name=_name(state, a.high_bidder)))
    else:
        lines.append(tr("prompt.auction.none", amount=rubles(low)))
    lines.append(tr("prompt.auction.bidders", names=", ".join(_name(state, s) for s in a.bidders)))
    if a.building is not None:
        lines.append(tr("prompt.auction.rule.building"))
    else:
        kind = state.board.property(a.square).kind
        may_bid = getattr(state.rules.auction.decliner_bids, kind)
        lines.append(tr(f"prompt.auction.rule.{'decliner_bids' if may_bid else 'decliner_out'}"))
    bidding = (
        Choice("enter", tr("choice.bid"), command="bid"),
        Choice("p", tr("choice.pass"), PassBid(player=seat)),
    )
    title = tr("prompt.auction", name=_name(state, seat))
    return Prompt(seat, title, tuple(lines), bidding, bid=(low, state.players[seat].cash))


def _placement_prompt(state: GameState, seat: int, actions: list[Action]) -> Prompt:
    assert state.placement is not None
    places = [a for a in actions if isinstance(a, PlaceBuilding)]
    spots = tuple(Choice(str(n), _square(state, a.square), a) for n, a in enumerate(places[:9], start=1))
    kind = tr(f"building.{state.placement.building}")
    return Prompt(seat, tr("prompt.placement", name=_name(state, seat), building=kind), (), spots)


def deed(sq: Property) -> str:
    """The title deed in one line: the rents, and what a house and the mortgage bring."""
    mortgage = rubles(sq.mortgage)
    if isinstance(sq, Street):
        return tr(
            "deed.street",
            base=rubles(sq.rent[0]),
            group=rubles(2 * sq.rent[0]),
            houses=rubles_series(sq.rent[1:5]),
            hotel=rubles(sq.rent[5]),
            house=rubles(sq.house_cost),
            mortgage=mortgage,
        )
    if isinstance(sq, Station):
        return tr("deed.station", rents=rubles_series(STATION_RENT), mortgage=mortgage)
    one, both = (rubles(m * UTILITY_DICE_UNIT) for m in UTILITY_MULTIPLIER)
    return tr("deed.utility", one=one, both=both, mortgage=mortgage)


def _turn_prompt(state: GameState, seat: int, actions: list[Action], manage: Choice, trade: Choice) -> Prompt:
    name = _name(state, seat)
    player = state.players[seat]
    choices: list[Choice] = []
    lines: list[str] = []
    if state.phase == "buy":
        assert state.pending_square is not None
        sq = state.board.property(state.pending_square)
        lines.append(deed(sq))
        if Buy(player=seat) in actions:
            choices.append(Choice("b", tr("choice.buy", amount=rubles(sq.price)), Buy(player=seat)))
        else:
            lines.append(tr("prompt.buy.cannot", cash=rubles(player.cash)))
        auction = tr("prompt.buy.auction") if state.rules.auction.enabled else tr("prompt.buy.no_auction")
        choices.append(Choice("n", tr("choice.decline"), Decline(player=seat)))
        lines.append(auction)
        return Prompt(
            seat,
            tr("prompt.buy", name=name, square=sq.name, amount=rubles(sq.price)),
            tuple(lines),
            (*choices, manage, trade),
        )
    if state.phase == "utility_roll":
        return Prompt(
            seat,
            tr("prompt.utility_roll", name=name),
            (),
            (Choice("r", tr("choice.roll"), Roll(player=seat)),),
            focus="r",
        )
    if state.phase == "roll":
        choices.append(Choice("r", tr("choice.roll"), Roll(player=seat)))
        if player.in_jail:
            ways = "card" if any(isinstance(a, UseJailCard) for a in actions) else "fine"
            if PayJailFine(player=seat) not in actions:
                ways = "card_only" if ways == "card" else "roll_only"
            lines.append(
                tr(
                    f"prompt.jail.detail.{ways}",
                    attempt=player.jail_attempts + 1,
                    tries=state.rules.jail.max_attempts,
                    fine=rubles(state.rules.jail.fine),
                )
            )
            if PayJailFine(player=seat) in actions:
                choices.append(
                    Choice(
                        "f",
                        tr("choice.pay_fine", amount=rubles(state.rules.jail.fine)),
                        PayJailFine(player=seat),
                    )
                )
            for a in actions:
                if isinstance(a, UseJailCard):
                    choices.append(Choice("c", tr("choice.use_card"), a))
                    break
            title = tr("prompt.jail", name=name)
        else:
            title = tr("prompt.roll", name=name)
        return Prompt(seat, title, tuple(lines), (*choices, manage, trade), focus="r")
    return Prompt(
        seat,
        tr("prompt.end_turn", name=name),
        (),
        (Choice("e", tr("choice.end_turn"), EndTurn(player=seat)), manage, trade),
        focus="e",
    )


def trade_lines(state: GameState) -> tuple[str, ...]:
    """The pending offer, both ways, in words."""
    assert state.trade is not None
    return trade_summary(state, state.trade)


def lot_words(state: GameState, square: int) -> str:
    """A lot in a trade: its name, printed price and whether it is mortgaged."""
    price = rubles(state.board.property(square).price)
    mortgaged = tr("trade.lot.mortgaged") if state.mortgaged[square] else ""
    return tr("trade.lot", name=_square(state, square), price=price, mortgaged=mortgaged)


def completed_groups(state: GameState, seat: int, gets: tuple[int, ...], gives: tuple[int, ...]) -> list[str]:
    """The colour groups seat would own whole after receiving gets and handing over gives."""
    board = state.board
    names = []
    for group in board.groups:
        members = board.group_members[group.id]
        after = [(i in gets) or (state.owner[i] == seat and i not in gives) for i in members]
        if all(after) and not all(state.owner[i] == seat for i in members):
            names.append(group.name)
    return names


def trade_summary(state: GameState, offer: ProposeTrade) -> tuple[str, ...]:
    """Both sides of an offer: cash, lots with price and mortgage, cards, and the groups it completes."""

    def side(lots: tuple[int, ...], cash: int, cards: int) -> str:
        parts = [lot_words(state, i) for i in lots]
        if cash:
            parts.append(rubles(cash))
        if cards:
            parts.append(tr("trade.cards", count=cards))
        return ", ".join(parts) or tr("trade.nothing")

    give, take = offer.give, offer.take
    lines = [
        tr(
            "trade.gives",
            name=_name(state, offer.player),
            what=side(give.lots, give.cash, len(give.jail_cards)),
        ),
        tr(
            "trade.takes",
            name=_name(state, offer.player),
            what=side(take.lots, take.cash, len(take.jail_cards)),
        ),
    ]
    for seat, gets, gives in ((offer.player, take.lots, give.lots), (offer.partner, give.lots, take.lots)):
        groups = completed_groups(state, seat, gets, gives)
        if groups:
            names = ", ".join(f"«{g}»" for g in groups)
            lines.append(tr("trade.completes", name=_name(state, seat), groups=names))
    return tuple(lines)


def building_name(state: GameState, square: int) -> str:
    return tr(f"building.{building_kind(state.buildings[square])}")


def _lot_list(state: GameState, lots: list[int]) -> str:
    return ", ".join(
        f"«{_square(state, i)}»" + (tr("trade.mortgaged") if state.mortgaged[i] else "") for i in lots
    )


def bankruptcy_question(state: GameState, seat: int) -> str:
    """What declaring bankruptcy does, in words: who gets the cash, the lots and the cards."""
    debt = state.debts[0]
    player = state.players[seat]
    lots = [i for i, owner in enumerate(state.owner) if owner == seat]
    houses = sale_value(state, seat)
    cash = player.cash + houses
    if debt.creditor is not None:
        heir = _name(state, debt.creditor)
        lines = [tr("bankrupt.to_player", name=heir, cash=rubles(cash))]
        if lots:
            lines.append(tr("bankrupt.lots_to_player", name=heir, lots=_lot_list(state, lots)))
        if player.jail_cards:
            lines.append(tr("bankrupt.cards_to_player", name=heir, count=len(player.jail_cards)))
    else:
        lines = [tr("bankrupt.to_bank", cash=rubles(cash))]
        if lots and state.rules.auction.enabled:
            others = [s for s in state.active_seats if s != seat]
            n = len(state.players)
            first = next((seat + k) % n for k in range(1, n) if (seat + k) % n in others)
            lines.append(tr("bankrupt.lots_auctioned", lots=_lot_list(state, lots), name=_name(state, first)))
        elif lots:
            lines.append(tr("bankrupt.lots_to_bank", lots=_lot_list(state, lots)))
        if player.jail_cards:
            lines.append(tr("bankrupt.cards_to_deck", count=len(player.jail_cards)))
    if houses:
        lines.insert(0, tr("bankrupt.houses", amount=rubles(houses)))
    return "\n".join([tr("bankrupt.question", name=player.name), *lines, tr("bankrupt.out")])


def sell_group_question(state: GameState, seat: int, group: str) -> str:
    """What selling every building of a group brings: how many houses and hotels, for how much."""
    board = state.board
    members = board.group_members[group]
    levels = [state.buildings[i] for i in members]
    hotels = sum(1 for level in levels if level == HOTEL)
    houses = sum(level for level in levels if level < HOTEL)
    refund = 0
    for i, level in zip(members, levels, strict=True):
        sq = board.squares[i]
        assert isinstance(sq, Street)
        refund += level * sale_price(sq)
    return tr(
        "sell_group.question",
        group=board.group(group).name,
        houses=houses,
        hotels=hotels,
        amount=rubles(refund),
        cash=rubles(state.players[seat].cash + refund),
    )
