"""What the game waits for, who must act, and whether an action is legal now (the rules' checks).

`check` judges any action and words the reason of a refusal. Most actions of a game are the plain
moves of the player to act (a throw, the end of a turn, a purchase, a bid, an answer to an offer): for
each of those a short test on the action's class sees at once that it is legal, and only what that test
does not accept goes through the whole judgement (which then refuses it or finds it legal after all).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from . import auction, buildings, finance, mortgages, trade
from .actions import (
    AcceptTrade,
    Action,
    Bid,
    Build,
    Buy,
    DeclareBankruptcy,
    Decline,
    EndTurn,
    KeepMortgage,
    Mortgage,
    PassBid,
    PayDebt,
    PayJailFine,
    PlaceBuilding,
    ProposeTrade,
    RejectTrade,
    Roll,
    SellBuilding,
    SellDown,
    Unmortgage,
    UseJailCard,
)
from .errors import IllegalActionError, InvalidActionError, Problem, refusal
from .rules import terms_of
from .state import GameState, Situation
from .table import Table
from .wellformed import MAX_AMOUNT, malformation

RAISING_MONEY: Final = (SellBuilding, SellDown, Mortgage, ProposeTrade)
"""Manage actions open to a debtor: what raises cash."""
MANAGING: Final = (Build, Unmortgage, *RAISING_MONEY)
"""Manage actions open to every player in a calm situation."""
MAX_BID: Final = MAX_AMOUNT
"""No bid is larger (see wellformed)."""
Seen = GameState | Table
"""What the plain moves' tests read: a state, or the table that holds its values (apply's)."""


def situation(state: Seen) -> Situation:
    """What the game waits for now (see the module docstring of game); a few field reads (of a state,
    or of the table holding its values)."""
    if state.phase == "game_over":
        return "over"
    if state.trade is not None:
        return "trade"
    if state.mortgage_choices:
        return "mortgage_choice"
    if state.debts:
        return "debt"
    if state.auction is not None:
        return "auction"
    if state.placement is not None:
        return "placement"
    return "calm"


def actor(state: Seen, now: Situation) -> int | None:
    """The current actor, given the situation `now` of state."""
    if now == "calm":
        return state.turn
    if now == "over":
        return None
    if now == "trade":
        assert state.trade is not None
        return state.trade.partner
    if now == "debt":
        return state.debts[0].debtor
    if now == "mortgage_choice":
        return state.mortgage_choices[0].seat
    if now == "auction":
        assert state.auction is not None
        return state.auction.bidders[state.auction.turn]
    assert state.placement is not None
    return state.placement.seat


def check(state: Seen, action: Action) -> None:
    """Raise IllegalActionError with the reason when action may not be applied to state (or to the table
    holding its values)."""
    plainly_legal = PLAINLY_LEGAL.get(type(action))
    if plainly_legal is None or not plainly_legal(state, action):
        judge(state, action)


def judge(state: Seen, action: Action) -> None:
    """The whole judgement of an action (`check` without the plain moves' test, for a caller that has
    just made it): raise IllegalActionError with the reason when action may not be applied. `apply`
    judges on its table, whose slots are quicker to read than a state's fields."""
    cls = type(action)
    malformed = malformation(state, action)
    if malformed is not None:
        raise InvalidActionError(malformed)
    now = situation(state)
    seat = state.turn if now == "calm" else actor(state, now)
    if seat is None:
        raise IllegalActionError(refusal(state, ("game_over",)))
    # the action's values read by index (quicker than a named tuple's attributes): the seat comes first,
    # the kind last
    mover, kind = action[0], action[-1]
    player = state.players[mover]
    manage = _MANAGE_PROBLEMS.get(cls)
    if manage is not None and (mover != seat or now in ("calm", "debt")):
        if player.bankrupt:
            raise IllegalActionError(refusal(state, ("out_of_game", mover)))
        if now != "calm" and not (now == "debt" and mover == seat and cls in _RAISING_CLASSES):
            raise IllegalActionError(refusal(state, ("manage_not_now", kind, mover, now)))
        problem = manage(state, action)
        if problem is None and now == "debt" and isinstance(action, ProposeTrade) and action.give.cash:
            problem = ("debt_no_cash_away", mover)
        if problem:
            raise IllegalActionError(refusal(state, problem))
        return
    if mover != seat:
        raise IllegalActionError(refusal(state, ("not_your_turn", seat, seat, mover)))
    problem = _phase_problem(state, action) if now == "calm" else _actor_problem(state, action, now)
    if problem:
        raise IllegalActionError(refusal(state, problem))


# --- the plain moves, seen legal at a glance (anything else goes through the whole check) ----------


def _calm(state: Seen) -> bool:
    """Nothing interrupts the turn: no offer, received lot, debt, auction or building won waits."""
    if state.trade is not None or state.mortgage_choices or state.debts or state.auction is not None:
        return False  # jumps, not an `and` chain's value (see _roll_legal)
    return state.placement is None


def _turn_player(state: Seen, action: Action) -> bool:
    """The action is the turn player's, in a calm situation."""
    seat = action[0]  # the seat, an action's first field (by index: quicker than a named tuple's attribute)
    return type(seat) is int and seat == state.turn and _calm(state)


def _roll_legal(state: Seen, action: Roll) -> bool:
    # the commonest checks of a game, with _turn_player and _calm written out; the action's values
    # unpacked in one step (a named tuple's attribute reads are not specialised by CPython 3.11); each
    # comparison an `if` of its own, which CPython specialises (not inside an `and` chain's value)
    phase = state.phase
    if phase != "roll" and phase != "utility_roll":
        return False
    seat, dice, _ = action
    if dice is not None or type(seat) is not int or seat != state.turn:
        return False
    # _calm as jumps (an `and` chain's value is a comparison and a test for each, a jump is one test)
    if state.trade is not None or state.mortgage_choices or state.debts or state.auction is not None:
        return False
    return state.placement is None


def _end_turn_legal(state: Seen, action: EndTurn) -> bool:
    if state.phase != "end_turn":
        return False
    seat = action[0]  # the seat (as in _turn_player)
    if type(seat) is not int or seat != state.turn:
        return False
    if state.trade is not None or state.mortgage_choices or state.debts or state.auction is not None:
        return False  # (_calm as jumps, as in _roll_legal)
    return state.placement is None


def _decline_legal(state: Seen, action: Decline) -> bool:
    return state.phase == "buy" and _turn_player(state, action)


def _buy_legal(state: Seen, action: Buy) -> bool:
    seat = action[0]  # the seat (as in _turn_player)
    if state.phase != "buy" or type(seat) is not int or seat != state.turn or not _calm(state):
        return False
    square = state.pending_square
    return square is not None and state.players[seat].cash >= state.board.layout.prices[square]


def _pay_fine_legal(state: Seen, action: PayJailFine) -> bool:
    seat = action[0]  # the seat (as in _turn_player)
    if state.phase != "roll" or type(seat) is not int or seat != state.turn or not _calm(state):
        return False
    player = state.players[seat]
    return player.in_jail and player.cash >= terms_of(state.rules).fine


def _bidder(state: Seen, action: Action) -> bool:
    """The action is the bidder's to act in a running auction (no offer, received lot or debt first)."""
    a = state.auction
    seat = action[0]  # the seat (as in _turn_player)
    if a is None or type(seat) is not int or seat != a.bidders[a.turn] or state.phase == "game_over":
        return False  # jumps, not an `and` chain's value (see _roll_legal)
    return state.trade is None and not state.mortgage_choices and not state.debts


def _bid_legal(state: Seen, action: Bid) -> bool:
    seat, amount, _ = action  # both values in one step
    a = state.auction
    if type(amount) is not int or not 1 <= amount <= MAX_BID or a is None or type(seat) is not int:
        return False  # (_bidder written out)
    if seat != a.bidders[a.turn] or state.phase == "game_over":
        return False
    if state.trade is not None or state.mortgage_choices or state.debts:
        return False
    return auction.minimum_bid(state, a) <= amount <= state.players[seat].cash


def _answer_legal(state: Seen, action: AcceptTrade | RejectTrade) -> bool:
    offer = state.trade
    seat = action[0]  # the seat (as in _turn_player)
    if offer is None or type(seat) is not int or seat != offer.partner:
        return False  # jumps, not an `and` chain's value (see _roll_legal)
    return state.phase != "game_over"


def _pay_debt_legal(state: Seen, action: PayDebt) -> bool:
    debts = state.debts
    seat = action[0]  # the seat (as in _turn_player)
    return (
        bool(debts)
        and type(seat) is int
        and seat == debts[0].debtor
        and state.phase != "game_over"
        and state.trade is None
        and not state.mortgage_choices
        and state.players[seat].cash >= debts[0].amount
    )


def _keep_legal(state: Seen, action: KeepMortgage) -> bool:
    choices = state.mortgage_choices
    seat, square, _ = action
    return (
        bool(choices)
        and type(seat) is int
        and type(square) is int
        and (seat, square) == choices[0]
        and state.phase != "game_over"
        and state.trade is None
    )


PLAINLY_LEGAL: Final[dict[type, Callable[[Seen, Action], bool]]] = {
    Roll: _roll_legal,  # type: ignore[dict-item]
    EndTurn: _end_turn_legal,  # type: ignore[dict-item]
    Buy: _buy_legal,  # type: ignore[dict-item]
    Decline: _decline_legal,  # type: ignore[dict-item]
    PayJailFine: _pay_fine_legal,  # type: ignore[dict-item]
    Bid: _bid_legal,  # type: ignore[dict-item]
    PassBid: _bidder,
    AcceptTrade: _answer_legal,  # type: ignore[dict-item]
    RejectTrade: _answer_legal,  # type: ignore[dict-item]
    PayDebt: _pay_debt_legal,  # type: ignore[dict-item]
    KeepMortgage: _keep_legal,  # type: ignore[dict-item]
}
"""For the plain moves: True when the action is certainly legal now (False: judge it the whole way)."""


# --- the whole judgement -------------------------------------------------------------------------------


_MANAGE_PROBLEMS: Final[dict[type, Callable[[Seen, Any], Problem | None]]] = {
    Build: lambda state, a: buildings.build_problem(state, a.player, a.square),
    SellBuilding: lambda state, a: buildings.sell_problem(state, a.player, a.square),
    SellDown: lambda state, a: buildings.sell_down_problem(state, a.player, a.group, a.level),
    Mortgage: lambda state, a: mortgages.mortgage_problem(state, a.player, a.square),
    Unmortgage: lambda state, a: mortgages.unmortgage_problem(state, a.player, a.square),
    ProposeTrade: trade.trade_problem,
}
"""The manage actions (MANAGING) by class, and why each may not be taken (None: it may, in a calm
situation; in debt only RAISING_MONEY, and no cash given away)."""
_RAISING_CLASSES: Final = frozenset(RAISING_MONEY)


def lift_now_problem(state: Seen, seat: int, square: int) -> Problem | None:
    """Why a lot just received may not be lifted at once: the cash, or debts that come first."""
    if any(d.debtor == seat for d in state.debts):
        return ("debts_first", seat)
    return mortgages.unmortgage_problem(state, seat, square, just_received=True)


def placement_problem(state: Seen, seat: int, square: int) -> Problem | None:
    assert state.placement is not None
    problem = buildings.place_problem(state, seat, square)
    if problem is None and buildings.building_kind(state.buildings[square]) != state.placement.building:
        problem = ("placement_kind", state.placement.building, square)
    return problem


def _actor_problem(state: Seen, action: Action, now: Situation) -> Problem | None:
    """Why the current actor may not take action in this situation (None: legal)."""
    if now == "calm":
        return _phase_problem(state, action)
    seat = action.player
    player = state.players[seat]
    kind = action.kind
    if now == "trade":
        if isinstance(action, AcceptTrade | RejectTrade):
            return None
        return ("answer_trade", seat, kind)
    if now == "debt":
        debt = state.debts[0]
        if isinstance(action, PayDebt):
            return None if player.cash >= debt.amount else ("debt_cash", seat, player.cash, debt.amount)
        if isinstance(action, DeclareBankruptcy):
            if finance.may_declare_bankruptcy(state, debt):
                return None
            return ("can_still_raise", seat)
        return ("settle_debt_first", seat, debt.amount, kind)
    if now == "mortgage_choice":
        choice = state.mortgage_choices[0]
        if isinstance(action, KeepMortgage | Unmortgage) and action.square != choice.square:
            return ("decide_mortgage", seat, choice.square)
        if isinstance(action, KeepMortgage):
            return None
        if isinstance(action, Unmortgage):
            return lift_now_problem(state, seat, action.square)
        return ("lift_or_keep", seat, choice.square, kind)
    if now == "auction":
        assert state.auction is not None
        if isinstance(action, PassBid):
            return None
        if isinstance(action, Bid):
            low = auction.minimum_bid(state, state.auction)
            if action.amount < low:
                return ("bid_too_low", low, action.amount)
            if action.amount > player.cash:
                return ("bid_over_cash", seat, action.amount, player.cash)
            return None
        return ("auction_running", seat, kind)
    assert now == "placement"
    if isinstance(action, PlaceBuilding):
        return placement_problem(state, seat, action.square)
    return ("place_first", seat, kind)


def _phase_problem(state: Seen, action: Action) -> Problem | None:
    seat = action.player
    player = state.players[seat]
    phase = state.phase
    if phase == "roll":
        if isinstance(action, Roll):
            return None
        if isinstance(action, PayJailFine | UseJailCard) and not player.in_jail:
            return ("not_in_jail", seat)
        if isinstance(action, PayJailFine):
            fine = state.rules.jail.fine
            return None if player.cash >= fine else ("jail_fine_cash", seat, fine)
        if isinstance(action, UseJailCard):
            if any(c.deck == action.deck for c in player.jail_cards):
                return None
            return ("no_jail_card", seat, action.deck)
    elif phase == "buy":
        if isinstance(action, Decline):
            return None
        if isinstance(action, Buy):
            assert state.pending_square is not None
            price = state.board.property(state.pending_square).price
            return None if player.cash >= price else ("buy_cash", seat, price, player.cash)
    elif phase == "utility_roll":
        if isinstance(action, Roll):
            return None
    elif phase == "end_turn" and isinstance(action, EndTurn):
        return None
    return ("not_now", action.kind, phase, seat)
