"""What every computer player shares: the Bot protocol, and one decision method per question the game asks.

A bot reads the state, asks the engine what is legal (`legal_actions`, `why_illegal`) and returns one
action; the caller applies it. Subclasses fill in the judgement (buy? how high to bid? what to build?).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Any, ClassVar, Literal, NamedTuple, Protocol, TypeVar

from ..engine import (
    AcceptTrade,
    Action,
    Bid,
    Build,
    Buy,
    DeclareBankruptcy,
    Decline,
    EndTurn,
    GameState,
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
    legal_actions,
    minimum_bid,
    situation,
    why_illegal,
)
from ..engine.board import DeckName
from ..engine.fast import TableView
from ..engine.state import Auction

BotKind = Literal["simple", "strong", "master"]
JailPolicy = Literal["short", "long"]
"""short: leave jail at once (card or fine before rolling); long: stay as long as the rules allow."""

BOT_NAMES: dict[BotKind, str] = {"simple": "Простой", "strong": "Сильный", "master": "Мастер"}
"""The names players see when choosing a computer opponent."""

A = TypeVar("A")


class Bot(Protocol):
    """A computer player for one seat."""

    @property
    def kind(self) -> BotKind:
        """simple, strong or master."""
        ...

    def choose(self, state: GameState, seat: int) -> Action:
        """The action seat takes now; seat must be the current actor. Managing comes first on its turn."""
        ...

    def manage(self, state: GameState, seat: int) -> Action | None:
        """In a calm situation, a manage action or trade proposal seat wants to make now, or None."""
        ...


class PlainMoves(NamedTuple):
    """A seat's moves that name nothing but the seat (actions are immutable values: made once)."""

    roll: Roll
    end_turn: EndTurn
    buy: Buy
    decline: Decline
    pay_fine: PayJailFine
    pass_bid: PassBid
    accept: AcceptTrade
    reject: RejectTrade
    pay_debt: PayDebt


@cache
def plain_moves(seat: int) -> PlainMoves:
    """The seat's plain moves (a validated action costs microseconds to make; most are made again and
    again)."""
    return PlainMoves(
        Roll(player=seat),
        EndTurn(player=seat),
        Buy(player=seat),
        Decline(player=seat),
        PayJailFine(player=seat),
        PassBid(player=seat),
        AcceptTrade(player=seat),
        RejectTrade(player=seat),
        PayDebt(player=seat),
    )


@cache
def jail_card(seat: int, deck: DeckName) -> UseJailCard:
    return UseJailCard(player=seat, deck=deck)


@lru_cache(maxsize=4096)
def bid_of(seat: int, amount: int) -> Bid:
    return Bid(player=seat, amount=amount)


@cache
def build_on(seat: int, square: int) -> Build:
    return Build(player=seat, square=square)


@cache
def lift_of(seat: int, square: int) -> Unmortgage:
    return Unmortgage(player=seat, square=square)


@cache
def mortgage_of(seat: int, square: int) -> Mortgage:
    return Mortgage(player=seat, square=square)


UNRESTING = (-(1 << 62), 0)
"""`rest_terms` of a seat with no rest: no cash is below the one, no round before the other."""


def only_move(view: TableView, seat: int) -> Action | None:
    """The turn's move when its phase allows only one (a plain throw, the end of the turn), else None.
    `apply` checks it."""
    phase = view.phase
    if phase == "end_turn":
        return plain_moves(seat).end_turn
    if phase == "utility_roll" or (phase == "roll" and not view.players[seat].in_jail):
        return plain_moves(seat).roll
    return None


def first(actions: Sequence[object], cls: type[A]) -> A | None:
    """The first action of the given class among actions."""
    for action in actions:
        if isinstance(action, cls):
            return action
    return None


class BotBase:
    """Dispatches each situation to a decision method; subclasses supply the judgement."""

    kind: ClassVar[BotKind]
    manage_budget: ClassVar[int] = 12
    """Manage actions and trade offers one seat may make in one player's turn (so the game moves on)."""

    def __init__(self, seed: int, seat: int, jail: JailPolicy | None = None) -> None:
        self.seat = seat
        self.random = random.Random(seed * 8 + seat)
        """The bot's only source of randomness, from (game seed, seat): the same game, the same choices."""
        self.jail = jail
        self.trades = True
        """False: the bot proposes no trades (it still answers offers); a tournament option."""
        self._turn: tuple[int, int] = (-1, -1)
        self._spent = 0
        self._quiet: tuple[int, Any, Any, Any, int, int] | None = None
        """(seat, owner, mortgaged, buildings, round, cash): with these very holdings tuples, before that
        round, and less cash than that, manage_now has nothing to do for seat (see `rest`)."""

    @property
    def name(self) -> str:
        return BOT_NAMES[self.kind]

    # --- the protocol --------------------------------------------------------------------------

    def choose(self, state: GameState, seat: int) -> Action:
        now = situation(state)
        if now == "calm":
            return self.choose_calm(state, seat)
        if now == "trade":
            assert state.trade is not None
            return self.answer_trade(state, seat, state.trade)
        if now == "auction":
            assert state.auction is not None
            return self.bid(state, seat, state.auction)
        if now == "debt":
            return self.answer_debt(state, seat)
        actions = legal_actions(state, seat)
        if not actions:
            raise ValueError(f"seat {seat} has nothing to do now")
        if now == "mortgage_choice":
            return self.lift_or_keep(state, seat, actions)
        return self.place(state, seat, [a for a in actions if isinstance(a, PlaceBuilding)])

    def manage(self, state: GameState, seat: int) -> Action | None:
        if situation(state) != "calm":
            return None
        return self.manage_calm(state, seat)

    # --- the same, for a caller that knows the situation is calm (the bots' own loop) -------------

    def choose_calm(self, state: GameState, seat: int) -> Action:
        """`choose` in a calm situation (seat: the player whose turn it is): managing first, then the
        turn's move. The plain moves are written out: they are most of a game's decisions."""
        if not self._resting(state, seat):
            return self.choose_astir(state, seat)
        return only_move(state, seat) or self.move(state, seat)

    def choose_astir(self, state: GameState, seat: int) -> Action:
        """`choose_calm` of a seat whose rest does not hold (as the bots' own loop knows from its
        `rest_terms`: then no narrower rest of a subclass holds either)."""
        action = self._manage_budgeted(state, seat)
        if action is not None:
            return action
        return only_move(state, seat) or self.move(state, seat)

    def _resting(self, state: TableView, seat: int) -> bool:
        """Whether the last `rest` still holds: manage_now would find nothing for seat in state (a
        subclass may narrow it only for seat's own turn in a phase that allows more than one move: the
        bots' own loop reads `rest_terms` instead, and only of a seat whose turn it is not, or in a
        phase with one move: a resting seat is asked nothing else (`manage_calm` would answer None),
        and on its turn plays the phase's only move (`only_move`, what `choose_calm` would answer))."""
        below, until = self.rest_terms(state, seat)
        return state.round < until and state.players[seat].cash < below

    def rest_terms(self, view: TableView, seat: int) -> tuple[int, int]:
        """(cash, round): the last `rest` holds for seat while its cash stays below the one and the
        round before the other, if it was noted for seat with view's holdings (the very tuples);
        UNRESTING if not. It changes only when the holdings do or the bot is asked something: the bots'
        own loop reads it once per holdings and after each question, and compares cash and round."""
        quiet = self._quiet
        if (
            quiet is not None
            and view.owner is quiet[1]
            and view.mortgaged is quiet[2]
            and view.buildings is quiet[3]
            and seat == quiet[0]
        ):
            return quiet[5], quiet[4]
        return UNRESTING

    def manage_calm(self, state: GameState, seat: int) -> Action | None:
        """`manage` in a calm situation (None for a seat out of the game)."""
        if self._resting(state, seat) or state.players[seat].bankrupt:
            # Quiet, the answer is None whoever asks: a seat out of the game is asked nothing else.
            return None
        return self._manage_budgeted(state, seat)

    def manage_astir(self, state: GameState, seat: int) -> Action | None:
        """`manage_calm` of a seat still in whose rest does not hold (as the bots' own loop knows)."""
        return self._manage_budgeted(state, seat)

    def _manage_budgeted(self, state: GameState, seat: int) -> Action | None:
        """A manage action within this turn's budget (the budget restarts at every turn)."""
        turn = (state.round, state.turn)
        if turn != self._turn:
            self._turn, self._spent = turn, 0
        if self._spent >= self.manage_budget:
            return None
        action = self.manage_now(state, seat)
        if isinstance(action, ProposeTrade) and not self.trades:
            return None
        if action is not None:
            self._spent += 1
        return action

    # --- the turn's moves ----------------------------------------------------------------------

    def move(self, state: GameState, seat: int) -> Action:
        """Roll, buy or decline, end the turn: the moves of the player whose turn it is, in a calm
        situation (the first of the bot's wishes that why_illegal accepts).

        A plain throw or the end of the turn is the only move its phase allows: `apply` checks it.
        """
        if state.phase == "end_turn":
            return plain_moves(seat).end_turn
        in_jail = state.players[seat].in_jail
        if state.phase == "utility_roll" or (state.phase == "roll" and not in_jail):
            return plain_moves(seat).roll
        if state.phase != "roll":
            # Buying: Buy is legal when the cash covers the price, Decline always (see legal_actions).
            square = state.pending_square
            assert state.phase == "buy" and square is not None
            if (
                self.wants_to_buy(state, seat, square)
                and state.players[seat].cash >= state.board.property(square).price
            ):
                return plain_moves(seat).buy
            return plain_moves(seat).decline
        for action in self.jail_moves(state, seat):
            if why_illegal(state, action) is None:
                return action
        raise AssertionError(f"no move for seat {seat} in phase {state.phase}")

    def jail_moves(self, state: GameState, seat: int) -> list[Action]:
        """Before rolling in jail: a card or the fine first (short stay), else roll for doubles (long)."""
        plain = plain_moves(seat)
        moves: list[Action] = [plain.roll]
        if (self.jail or self.jail_stay(state, seat)) == "short":
            decks = sorted({card.deck for card in state.players[seat].jail_cards})
            moves[:0] = [*(jail_card(seat, deck) for deck in decks), plain.pay_fine]
        return moves

    # --- out-of-turn questions -----------------------------------------------------------------

    def answer_debt(self, state: GameState, seat: int) -> Action:
        """The debtor's answer: `settle_debt` of the legal actions (paying, when it is legal, is asked
        for alone first: it is the first answer whenever it is legal)."""
        pay = plain_moves(seat).pay_debt
        if why_illegal(state, pay) is None:
            return pay
        return self.settle_debt(state, seat, legal_actions(state, seat))

    def settle_debt(self, state: GameState, seat: int, actions: list[Action]) -> Action:
        """Pay when the cash is there; else raise it; bankruptcy only when the engine allows it (nothing
        left that could cover the debt)."""
        action = first(actions, PayDebt) or first(actions, DeclareBankruptcy)
        if action is not None:
            return action
        raising = [a for a in actions if isinstance(a, SellBuilding | SellDown | Mortgage)]
        assert raising, "a debtor who may not go bankrupt always has something to sell or mortgage"
        return self.raise_money(state, seat, raising)

    def bid(self, state: GameState, seat: int, auction: Auction) -> Action:
        """Bid up to this bot's limit in steps; pass above it (or when the least bid is beyond the cash)."""
        lowest = minimum_bid(state, auction)
        limit = self.auction_limit(state, seat, auction)
        if lowest <= limit and lowest <= state.players[seat].cash:
            step = self.bid_step(state, auction)
            amount = min(limit, -(-lowest // step) * step)
            offer = bid_of(seat, amount)
            if why_illegal(state, offer) is None:
                return offer
        return plain_moves(seat).pass_bid

    def lift_or_keep(self, state: GameState, seat: int, actions: list[Action]) -> Action:
        lift = first(actions, Unmortgage)
        if lift is not None and self.wants_to_lift(state, seat, lift.square):
            return lift
        keep = first(actions, KeepMortgage)
        assert keep is not None
        return keep

    def answer_trade(self, state: GameState, seat: int, offer: ProposeTrade) -> Action:
        if self.likes_trade(state, seat, offer):
            return plain_moves(seat).accept
        return plain_moves(seat).reject

    def place(self, state: GameState, seat: int, places: list[PlaceBuilding]) -> Action:
        """Where a building won at auction goes: by default the first street where it may stand."""
        return places[0]

    # --- the judgement, per bot ----------------------------------------------------------------

    def manage_now(self, state: GameState, seat: int) -> Action | None:
        """A manage action or trade offer seat wants now (calm situation, budget left), or None.

        Ask legal_actions only when something may be worth doing: it lists every manage action.
        """
        raise NotImplementedError

    def rest(self, state: GameState, seat: int, below: int, until: int | None = None) -> None:
        """Note that manage_now found nothing to do in state, and would find nothing again while the
        holdings (owner, mortgages, buildings: the very same tuples) stay as they are, the round stays
        before `until` (by default: this round) and seat's cash below `below`: most calls between two
        changes of holdings then cost a few comparisons. The bot's own memory must not change the answer
        meanwhile (offers made are remembered per round).
        """
        until = state.round + 1 if until is None else until
        self._quiet = (seat, state.owner, state.mortgaged, state.buildings, until, below)

    def jail_stay(self, state: GameState, seat: int) -> JailPolicy:
        raise NotImplementedError

    def wants_to_buy(self, state: GameState, seat: int, square: int) -> bool:
        raise NotImplementedError

    def auction_limit(self, state: GameState, seat: int, auction: Auction) -> int:
        raise NotImplementedError

    def bid_step(self, state: GameState, auction: Auction) -> int:
        return 10_000

    def wants_to_lift(self, state: GameState, seat: int, square: int) -> bool:
        raise NotImplementedError

    def likes_trade(self, state: GameState, seat: int, offer: ProposeTrade) -> bool:
        raise NotImplementedError

    def raise_money(self, state: GameState, seat: int, options: Sequence[Action]) -> Action:
        raise NotImplementedError
