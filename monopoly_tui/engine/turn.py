"""The turn: throwing the dice, doubles, passing the dice on; and the end of the game."""

from __future__ import annotations

from . import auction, finance, jail, landing, movement
from .actions import Roll
from .dice import FACES, throw_face
from .events import DICE_ROLLED, ROLL_AGAIN, TURNS_STARTED, turn_started
from .state import GameState
from .table import Table


def roll(t: Table, action: Roll) -> None:
    """A throw of the dice (the game's generator throws unless the action scripts them): to move, in
    phase roll, or for a utility's rent in phase utility_roll."""
    seat, dice, _ = action  # both values in one step (see legality._roll_legal)
    if dice is None:
        t.rng, face = throw_face(t.rng)
        dice = FACES[face]
    else:  # a scripted throw
        face = 6 * dice[0] + dice[1] - 7
    if t.phase == "utility_roll":
        t.emit("dice_rolled", player=seat, dice=dice, reason="utility")
        landing.utility_throw(t, seat, dice[0] + dice[1])
        finish_move(t)
        return
    # the turn player's throw in phase roll: from jail, or an ordinary move (doubles earn another throw)
    t.dice = dice
    one, two = dice
    t.events.append(DICE_ROLLED[seat][face])
    steps = one + two
    is_double = one == two
    if t.players[seat].in_jail:
        t.roll_again = False
        if is_double:
            jail.release(t, seat)
            t.emit("left_jail", player=seat)
        elif not jail.failed_roll(t, seat, steps):
            finish_move(t)
            return
    else:
        t.doubles = t.doubles + 1 if is_double else 0
        if t.doubles == 3:
            jail.send_to_jail(t, seat, "three_doubles")
            finish_move(t)
            return
        t.roll_again = is_double
    movement.advance(t, seat, steps)
    if not landing.resolve(t, seat):
        finish_move(t)


def finish_move(t: Table) -> None:
    """The square is fully resolved: throw again after doubles, otherwise the turn may end."""
    t.pending_square = None
    if t.roll_again:
        p = t.players[t.turn]
        if not p.in_jail and not p.bankrupt:
            t.phase = "roll"
            if t.dice is not None:
                t.events.append(ROLL_AGAIN[t.turn])
            return
    t.phase = "end_turn"


def end_turn(t: Table, _action: object = None) -> None:
    """Pass the dice to the next player still in the game; a new round starts when the order wraps.
    (`_action`: the EndTurn carried out, when it is one; see game._CARRY_OUT.)"""
    players = t.players
    n = len(players)
    nxt = t.turn
    while True:  # someone else is still in: the game would be over otherwise
        nxt = (nxt + 1) % n
        if not players[nxt].bankrupt:
            break
    # a round begins when the dice come round to the seat that began the game (or pass it, if it is out)
    if (nxt - t.first) % n <= (t.turn - t.first) % n:
        t.round += 1
    t.turn = nxt
    t.doubles = 0
    t.roll_again = False
    t.pending_square = None
    t.pending_move = None
    t.phase = "roll"
    limit = t.terms.turn_limit
    if limit is not None and t.round > limit:
        # the richest by net worth wins; a tie goes to the earlier seat
        _game_over(t, sorted(t.active_seats(), key=lambda s: (-finance.net_worth(t, s), s)))
        return
    started = TURNS_STARTED[nxt]  # turn_started's lookup written out: an end of turn is a common action
    round_ = t.round
    t.events.append(started[round_] if round_ < len(started) else turn_started(nxt, round_))


def bankrupt(t: Table) -> None:
    """The first debtor goes bankrupt; the game ends with one player left, or the turn passes on."""
    seat = t.debts[0].debtor
    finance.declare_bankruptcy(t)
    active = t.active_seats()
    if len(active) == 1:
        _game_over(t, active)
    elif seat == t.turn:
        end_turn(t)


def _game_over(t: Table, ranking: list[int]) -> None:
    """The game ends: ranking lists the seats still in, best first; the bankrupt follow, last out first."""
    t.phase = "game_over"
    t.winner = ranking[0]
    t.standings = (*ranking, *reversed(t.eliminated))
    t.debts = ()
    t.auction = None
    t.auction_queue = ()
    t.mortgage_choices = ()
    t.placement = None
    t.trade = None
    t.emit("game_over", player=t.winner)


def settle(t: Table) -> None:
    """Carry on with what follows by itself: a move owed after a forced fine, queued auctions."""
    while t.phase != "game_over" and not t.debts and t.auction is None:
        if t.pending_move is not None:
            steps, t.pending_move = t.pending_move, None
            movement.advance(t, t.turn, steps)
            if not landing.resolve(t, t.turn):
                finish_move(t)
        elif t.auction_queue:
            square, t.auction_queue = t.auction_queue[0], t.auction_queue[1:]
            # only a bankruptcy to the bank queues auctions: they begin after the bankrupt player
            auction.start(t, square, decliner=None, after=t.eliminated[-1])
        else:
            return


def rounds_played(state: GameState) -> int:
    """The game's rounds so far; after the round limit, the limit (the count steps past it only to end
    the game)."""
    limit = state.rules.end.turn_limit
    return min(state.round, limit) if limit is not None else state.round


def ended_at_limit(state: GameState) -> bool:
    """The game ended because the round limit was reached (not by bankruptcies)."""
    limit = state.rules.end.turn_limit
    return state.is_over and limit is not None and state.round > limit
