"""The public face of the engine: start a game, ask who acts and what is legal, apply an action.

Who must act comes from the situation, in this order: a trade offer awaits its partner's answer; a
received mortgaged lot awaits lift-or-keep; a debtor must pay or go bankrupt; an auction awaits a bid;
a building won at auction awaits its street; otherwise the player whose turn it is. In that last,
calm situation every player still in the game may also manage: build, sell, mortgage, lift a mortgage
and propose trades (the rules allow it on one's own turn and between other players' turns).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from . import auction, buildings, dice, finance, jail, legality, mortgages, trade, turn
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
from .board import BOARD_SIZE, Board
from .errors import IllegalActionError, Refusal, refusal
from .legality import PLAINLY_LEGAL as _PLAINLY_LEGAL
from .legality import situation as situation
from .rules import Rules
from .state import Decks, GameState, PlayerState, Situation
from .table import Table

MIN_PLAYERS, MAX_PLAYERS = 2, 8


def new_game(board: Board, players: Sequence[str], *, seed: int, rules: Rules | None = None) -> GameState:
    """A new game: players in turn order on GO with the starting cash, decks shuffled from the seed."""
    names = [name.strip() for name in players]
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise ValueError(f"a game needs {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(names)}")
    if any(not name for name in names):
        raise ValueError("every player needs a name")
    if len(set(names)) != len(names):
        raise ValueError("player names must differ")
    if seed < 0:
        raise ValueError("the seed must be a non-negative integer")
    rules = rules or board.rules
    rng = dice.seed_state(seed)
    rng, chance = dice.shuffled(rng, range(len(board.chance)))
    rng, chest = dice.shuffled(rng, range(len(board.community_chest)))
    state = GameState(
        board=board,
        rules=rules,
        seed=seed,
        players=tuple(PlayerState(name=name, cash=rules.start.cash) for name in names),
        owner=(None,) * BOARD_SIZE,
        mortgaged=(False,) * BOARD_SIZE,
        buildings=(0,) * BOARD_SIZE,
        bank_houses=rules.buildings.houses,
        bank_hotels=rules.buildings.hotels,
        decks=Decks(chance=chance, community_chest=chest),
        rng=rng,
    )
    t = Table.of(state)  # a new table (taking any table still kept: only one is ever kept)
    if rules.start.first_by_roll:
        t.turn = t.first = _first_by_roll(t)
    t.emit("turn_started", player=t.turn, amount=1)
    return t.freeze()


def _first_by_roll(t: Table) -> int:
    """Everybody throws; the highest throw begins, a tie throwing again among the tied (events for every
    throw). The throws come from the game's own generator, so the seed decides them."""
    contenders = list(range(len(t.players)))
    while len(contenders) > 1:
        totals = {}
        for seat in contenders:
            t.rng, thrown = dice.throw_dice(t.rng)
            t.emit("dice_rolled", player=seat, dice=thrown, reason="first")
            totals[seat] = thrown[0] + thrown[1]
        best = max(totals.values())
        contenders = [seat for seat in contenders if totals[seat] == best]
    return contenders[0]


def current_actor(state: GameState) -> int | None:
    """The seat the game waits on: a trade partner, a debtor, a bidder..., else the player whose turn it is.

    None once the game is over. In a calm situation other players may also manage (see legal_actions).
    """
    return legality.actor(state, situation(state))


def legal_actions(state: GameState, player: int | None = None) -> list[Action]:
    """Every action `player` (by default the current actor) may take now. The one source of truth.

    The current actor's moves come first, then their manage actions (build, sell, mortgage, lift; in
    debt only what raises cash). In a calm situation the other players may manage too: ask for their
    seat. Dice are listed unscripted (`Roll()`): any scripted throw is legal wherever `Roll()` is.
    Bids are a few suggestions (any amount from the minimum bid up to the bidder's cash is legal), and
    trades, being open-ended, are not listed: `why_illegal` or `trade.trade_problem` judges a proposal.
    """
    now = situation(state)
    actor = legality.actor(state, now)
    if actor is None:
        return []
    seat = actor if player is None else player
    if seat == actor:
        actions = _actor_actions(state, actor, now)
        if now in ("debt", "calm"):
            actions += _manage_actions(state, actor, raising_only=now == "debt")
        return actions
    if now == "calm" and 0 <= seat < len(state.players) and not state.players[seat].bankrupt:
        return _manage_actions(state, seat, raising_only=False)
    return []


def managers(state: GameState) -> list[int]:
    """Seats that may act now: the current actor, and in a calm situation every player still in."""
    now = situation(state)
    actor = legality.actor(state, now)
    if actor is None:
        return []
    if now == "calm":
        return [actor, *(s for s in state.active_seats if s != actor)]
    return [actor]


def _actor_actions(state: GameState, seat: int, now: Situation) -> list[Action]:
    # (the actions made positionally: a named tuple is quicker to make so than by keywords)
    player = state.players[seat]
    if now == "trade":
        return [AcceptTrade(seat), RejectTrade(seat)]
    if now == "debt":
        debt = state.debts[0]
        actions: list[Action] = []
        if player.cash >= debt.amount:
            actions.append(PayDebt(seat))
        if finance.may_declare_bankruptcy(state, debt):
            actions.append(DeclareBankruptcy(seat))
        return actions
    if now == "mortgage_choice":
        square = state.mortgage_choices[0].square
        actions = [KeepMortgage(seat, square)]
        if legality.lift_now_problem(state, seat, square) is None:
            actions.insert(0, Unmortgage(seat, square))
        return actions
    if now == "auction":
        assert state.auction is not None
        bids: list[Action] = [Bid(seat, a) for a in auction.suggested_bids(state, state.auction, player.cash)]
        return [*bids, PassBid(seat)]
    if now == "placement":
        return [
            PlaceBuilding(seat, i)
            for i, owner in enumerate(state.owner)
            if owner == seat and legality.placement_problem(state, seat, i) is None
        ]
    if state.phase == "roll":
        actions = [Roll(seat)]
        if player.in_jail:
            if player.cash >= state.rules.jail.fine:
                actions.append(PayJailFine(seat))
            for deck in sorted({c.deck for c in player.jail_cards}):
                actions.append(UseJailCard(seat, deck))
        return actions
    if state.phase == "buy":
        assert state.pending_square is not None
        price = state.board.property(state.pending_square).price
        return [Buy(seat), Decline(seat)] if player.cash >= price else [Decline(seat)]
    if state.phase == "utility_roll":
        return [Roll(seat)]
    return [EndTurn(seat)]


def _manage_actions(state: GameState, seat: int, *, raising_only: bool) -> list[Action]:
    """Build, sell, sell down, mortgage and lift actions open to seat (only what raises cash in debt)."""
    actions: list[Action] = []
    mine = [i for i, owner in enumerate(state.owner) if owner == seat]
    for i in mine:
        if not raising_only and buildings.build_problem(state, seat, i) is None:
            actions.append(Build(seat, i))
        if buildings.sell_problem(state, seat, i) is None:
            actions.append(SellBuilding(seat, i))
        if mortgages.mortgage_problem(state, seat, i) is None:
            actions.append(Mortgage(seat, i))
        if not raising_only and mortgages.unmortgage_problem(state, seat, i) is None:
            actions.append(Unmortgage(seat, i))
    for group, members in state.board.group_members.items():
        top = max(state.buildings[i] for i in members)
        for level in range(min(top, 5)):
            if buildings.sell_down_problem(state, seat, group, level) is None:
                actions.append(SellDown(seat, group, level))
    return actions


def apply(state: GameState, action: Action) -> GameState:
    """The state after action. Raises IllegalActionError (state untouched) if it is not legal now."""
    t = _table_of(state)
    try:
        plainly_legal, carry_out = _STEPS[type(action)]
    except KeyError:  # no action's class: the whole judgement refuses it
        plainly_legal, carry_out = _JUDGED
    # the plain moves' test and the judgement read the table, which holds the state's values (quicker to
    # reach than a state's fields)
    if plainly_legal is None or not plainly_legal(t, action):
        legality.judge(t, action)  # on the table too: it holds the state's values until carry_out
    carry_out(t, action)
    if t.pending_move is not None or t.auction_queue:  # else settling has nothing to do
        turn.settle(t)
    return t.freeze()


def apply_unchecked(state: GameState, action: Action) -> GameState:
    """`apply` without the legality check: the fast path of a caller whose every action is legal by
    construction (the bots' own loop, where each bot decides through legal_actions and why_illegal).
    The same rules make the same state; but an illegal action is not refused, it makes a state no game
    reaches. Anything from a person, a file or a network goes through `apply`."""
    t = _table_of(state)
    _CARRY_OUT[type(action)](t, action)
    if t.pending_move is not None or t.auction_queue:
        turn.settle(t)
    return t.freeze()


_table_of: Final = Table.of
"""Table.of as a plain function (a static method's lookup on its class is not specialised by CPython)."""


def is_legal(state: GameState, action: Action) -> bool:
    try:
        legality.check(state, action)
    except IllegalActionError:
        return False
    return True


def why_illegal(state: GameState, action: Action) -> Refusal | None:
    """The reason action is not legal now (in English, with its code and values), or None when it is."""
    try:
        legality.check(state, action)
    except IllegalActionError as exc:
        if isinstance(exc.reason, Refusal):
            return exc.reason
        return refusal(state, ("not_now", action.kind, state.phase, action.player))
    return None


# --- carrying out: each changes the table for one kind of action ---------------------------------------


def _buy(t: Table, action: Buy) -> None:
    square = t.pending_square
    assert square is not None
    price = t.layout.prices[square]
    seat = action[0]  # the seat, the action's first field (by index: quicker than its attribute)
    t.pays_bank(seat, price)
    t.set_owner(square, seat)
    t.emit("bought", player=seat, square=square, amount=price)
    turn.finish_move(t)


def _decline(t: Table, action: Decline) -> None:
    square = t.pending_square
    assert square is not None
    seat = action[0]  # the seat (as in _buy)
    t.emit("declined", player=seat, square=square)
    if t.terms.auction:
        auction.start(t, square, decliner=seat)
    turn.finish_move(t)


def _unmortgage(t: Table, action: Unmortgage) -> None:
    fresh = bool(t.mortgage_choices) and t.mortgage_choices[0].square == action.square
    if fresh:
        t.mortgage_choices = t.mortgage_choices[1:]
    mortgages.unmortgage(t, action.player, action.square, just_received=fresh)


def _sell(t: Table, action: SellBuilding) -> None:
    buildings.sell(t, action.player, action.square, t.buildings[action.square] - 1)


def _sell_down(t: Table, action: SellDown) -> None:
    for square in t.board.group_members[action.group]:
        buildings.sell(t, action.player, square, min(t.buildings[square], action.level))


def _keep_mortgage(t: Table, action: KeepMortgage) -> None:
    t.mortgage_choices = t.mortgage_choices[1:]
    t.emit("mortgage_kept", player=action.player, square=action.square)


_CARRY_OUT: Final[dict[type, Callable[[Table, Any], None]]] = {
    Roll: turn.roll,
    EndTurn: turn.end_turn,
    Buy: _buy,
    Decline: _decline,
    Bid: lambda t, action: auction.bid(t, action[0], action[1]),  # the seat and the amount
    PassBid: lambda t, action: auction.pass_bid(t, action[0]),
    PayJailFine: lambda t, action: jail.pay_fine(t, action.player),
    UseJailCard: lambda t, action: jail.use_card(t, action.player, action.deck),
    PayDebt: lambda t, action: finance.pay_debt(t),
    DeclareBankruptcy: lambda t, action: turn.bankrupt(t),
    Build: lambda t, action: buildings.build(t, action.player, action.square),
    SellBuilding: _sell,
    SellDown: _sell_down,
    PlaceBuilding: lambda t, action: buildings.place(t, action.player, action.square),
    Mortgage: lambda t, action: mortgages.mortgage(t, action.player, action.square),
    Unmortgage: _unmortgage,
    KeepMortgage: _keep_mortgage,
    ProposeTrade: trade.propose,
    AcceptTrade: lambda t, action: trade.accept(t),
    RejectTrade: lambda t, action: trade.reject(t),
}
"""What each kind of (already checked) action changes on the table, by the action's class."""
_STEPS: Final[dict[type, tuple[Callable[[Table, Any], bool] | None, Callable[[Table, Any], None]]]] = {
    kind: (_PLAINLY_LEGAL.get(kind), carry_out) for kind, carry_out in _CARRY_OUT.items()
}
"""Each kind's plain moves' test (None: none) and what it changes, in one lookup for apply."""


def _not_an_action(t: Table, action: object) -> None:
    raise AssertionError(f"{action!r} passed the check")  # the check refuses what is not an action


_JUDGED: Final = (None, _not_an_action)
"""What apply finds for an object of no action class: the whole judgement (which refuses it)."""
