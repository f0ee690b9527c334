"""The public face of the engine: start a game, ask who acts and what is legal, apply an action."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from . import auction, dice, finance, jail, landing, turn
from .actions import (
    Action,
    Bid,
    Buy,
    DeclareBankruptcy,
    Decline,
    EndTurn,
    PassBid,
    PayDebt,
    PayJailFine,
    Roll,
    UseJailCard,
)
from .board import BOARD_SIZE, Board
from .errors import IllegalActionError, InvalidActionError
from .rules import Rules
from .state import Decks, GameState, PlayerState
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
    t = Table(state)
    t.emit("turn_started", player=0, amount=1)
    return t.freeze()


def current_actor(state: GameState) -> int | None:
    """The seat that must act now: a debtor, then an auction bidder, then the player whose turn it is.

    None once the game is over.
    """
    if state.phase == "game_over":
        return None
    if state.debts:
        return state.debts[0].debtor
    if state.auction is not None:
        return state.auction.bidders[state.auction.turn]
    return state.turn


def legal_actions(state: GameState) -> list[Action]:
    """Every action that may be applied now. The one source of truth for the app, bots and tests.

    Dice are listed unscripted (`Roll()`); any scripted throw is legal wherever `Roll()` is.
    Bids are a few suggestions; any amount from the minimum bid up to the bidder's cash is legal.
    """
    seat = current_actor(state)
    if seat is None:
        return []
    player = state.players[seat]
    if state.debts:
        debt = state.debts[0]
        actions: list[Action] = []
        if player.cash >= debt.amount:
            actions.append(PayDebt(player=seat))
        if finance.may_declare_bankruptcy(state, debt):
            actions.append(DeclareBankruptcy(player=seat))
        return actions
    if state.auction is not None:
        bids: list[Action] = [
            Bid(player=seat, amount=a) for a in auction.suggested_bids(state, state.auction, player.cash)
        ]
        return [*bids, PassBid(player=seat)]
    if state.phase == "roll":
        actions = [Roll(player=seat)]
        if player.in_jail:
            if player.cash >= state.rules.jail.fine:
                actions.append(PayJailFine(player=seat))
            for deck in sorted({c.deck for c in player.jail_cards}):
                actions.append(UseJailCard(player=seat, deck=deck))
        return actions
    if state.phase == "buy":
        assert state.pending_square is not None
        price = state.board.property(state.pending_square).price
        return [Buy(player=seat), Decline(player=seat)] if player.cash >= price else [Decline(player=seat)]
    if state.phase == "utility_roll":
        return [Roll(player=seat)]
    return [EndTurn(player=seat)]


def apply(state: GameState, action: Action) -> GameState:
    """The state after action. Raises IllegalActionError (state untouched) if it is not legal now."""
    _check(state, action)
    t = Table(state)
    _HANDLERS[type(action)](t, action)
    turn.settle(t)
    return t.freeze()


def is_legal(state: GameState, action: Action) -> bool:
    try:
        _check(state, action)
    except IllegalActionError:
        return False
    return True


# --- validation ----------------------------------------------------------------------------------


def _check(state: GameState, action: Action) -> None:
    """Raise IllegalActionError with the reason when action may not be applied to state."""
    if not 0 <= action.player < len(state.players):
        raise InvalidActionError(f"there is no seat {action.player} in a game of {len(state.players)}")
    seat = current_actor(state)
    if seat is None:
        raise IllegalActionError("the game is over")
    if action.player != seat:
        who = state.players[seat].name
        raise IllegalActionError(f"it is {who} (seat {seat}) who must act now, not seat {action.player}")
    player = state.players[seat]
    kind = action.kind
    if state.debts:
        debt = state.debts[0]
        if isinstance(action, PayDebt):
            if player.cash < debt.amount:
                raise IllegalActionError(f"{player.name} has {player.cash}, not the {debt.amount} owed")
            return
        if isinstance(action, DeclareBankruptcy):
            if not finance.may_declare_bankruptcy(state, debt):
                raise IllegalActionError(f"{player.name} can still pay and may not go bankrupt")
            return
        raise IllegalActionError(f"{player.name} must settle a debt of {debt.amount} first, not {kind}")
    if state.auction is not None:
        if isinstance(action, PassBid):
            return
        if isinstance(action, Bid):
            low = auction.minimum_bid(state, state.auction)
            if action.amount < low:
                raise IllegalActionError(f"a bid must be at least {low}, not {action.amount}")
            if action.amount > player.cash:
                raise IllegalActionError(
                    f"{player.name} cannot bid {action.amount} with {player.cash} in cash"
                )
            return
        raise IllegalActionError(f"an auction is running: {player.name} must bid or pass, not {kind}")
    phase = state.phase
    if phase == "roll":
        if isinstance(action, Roll):
            return
        if isinstance(action, PayJailFine | UseJailCard) and not player.in_jail:
            raise IllegalActionError(f"{player.name} is not in jail")
        if isinstance(action, PayJailFine):
            if player.cash < state.rules.jail.fine:
                raise IllegalActionError(f"{player.name} cannot pay the jail fine of {state.rules.jail.fine}")
            return
        if isinstance(action, UseJailCard):
            if not any(c.deck == action.deck for c in player.jail_cards):
                raise IllegalActionError(f"{player.name} holds no get-out-of-jail card from {action.deck}")
            return
    elif phase == "buy":
        if isinstance(action, Decline):
            return
        if isinstance(action, Buy):
            assert state.pending_square is not None
            price = state.board.property(state.pending_square).price
            if player.cash < price:
                raise IllegalActionError(f"{player.name} cannot pay {price} with {player.cash} in cash")
            return
    elif phase == "utility_roll":
        if isinstance(action, Roll):
            return
    elif phase == "end_turn" and isinstance(action, EndTurn):
        return
    raise IllegalActionError(f"{kind} is not legal now (phase {phase}, {player.name} to act)")


# --- handlers: each changes the table for one kind of action ---------------------------------------


def _dice(t: Table, action: Roll) -> tuple[int, int]:
    if action.dice is not None:
        return action.dice
    t.rng, thrown = dice.throw_dice(t.rng)
    return thrown


def _roll(t: Table, action: Roll) -> None:
    if t.phase == "utility_roll":
        thrown = _dice(t, action)
        t.emit("dice_rolled", player=action.player, dice=thrown, reason="utility")
        landing.utility_throw(t, action.player, thrown[0] + thrown[1])
        turn.finish_move(t)
    else:
        turn.throw(t, action.player, _dice(t, action))


def _buy(t: Table, action: Buy) -> None:
    square = t.pending_square
    assert square is not None
    price = t.board.property(square).price
    t.pays_bank(action.player, price)
    t.owner[square] = action.player
    t.emit("bought", player=action.player, square=square, amount=price)
    turn.finish_move(t)


def _decline(t: Table, action: Decline) -> None:
    square = t.pending_square
    assert square is not None
    t.emit("declined", player=action.player, square=square)
    if t.rules.auction.enabled:
        auction.start(t, square, decliner=action.player)
    turn.finish_move(t)


def _bid(t: Table, action: Bid) -> None:
    auction.bid(t, action.player, action.amount)


def _pass_bid(t: Table, action: PassBid) -> None:
    auction.pass_bid(t, action.player)


def _pay_fine(t: Table, action: PayJailFine) -> None:
    jail.pay_fine(t, action.player)


def _use_card(t: Table, action: UseJailCard) -> None:
    jail.use_card(t, action.player, action.deck)


def _pay_debt(t: Table, action: PayDebt) -> None:
    finance.pay_debt(t)


def _bankrupt(t: Table, action: DeclareBankruptcy) -> None:
    turn.bankrupt(t)


def _end_turn(t: Table, action: EndTurn) -> None:
    turn.end_turn(t)


_HANDLERS: dict[type, Callable[[Table, Action], None]] = {
    Roll: _roll,  # type: ignore[dict-item]
    Buy: _buy,  # type: ignore[dict-item]
    Decline: _decline,  # type: ignore[dict-item]
    Bid: _bid,  # type: ignore[dict-item]
    PassBid: _pass_bid,  # type: ignore[dict-item]
    PayJailFine: _pay_fine,  # type: ignore[dict-item]
    UseJailCard: _use_card,  # type: ignore[dict-item]
    PayDebt: _pay_debt,  # type: ignore[dict-item]
    DeclareBankruptcy: _bankrupt,  # type: ignore[dict-item]
    EndTurn: _end_turn,  # type: ignore[dict-item]
}
