"""The public builder of a position: any game state from its facts, the derived fields filled in.

state = setup(board, ["Аня", "Борис"], owners={1: 0, 3: 0}, buildings={1: 2, 3: 2}, turn=1)

Everything a game needs to go on is a keyword; what follows from the rest is worked out here and
never given: the bank's takings (money is conserved: whatever the players' cash and the pot, the
bank took in or paid out the difference from the starting cash), the bank's houses and hotels (the
supply less what stands on the board) and, unless given, whether the last throw earns another. A
position the rules could never reach is refused with the broken rule (ImpossiblePositionError).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .actions import ProposeTrade
from .board import BOARD_SIZE, DECKS, Board, DeckName
from .dice import next_random
from .game import MAX_PLAYERS, MIN_PLAYERS, new_game
from .invariants import InvariantError, check_invariants
from .rules import Rules
from .state import Auction, Debt, Decks, GameState, LastCard, MortgageChoice, Phase, Placement, PlayerState

PHASES: tuple[Phase, ...] = ("roll", "buy", "utility_roll", "end_turn", "game_over")


class ImpossiblePositionError(ValueError):
    """The facts given do not make a position the game could be in (the message says which rule breaks)."""


_orders: dict[tuple[int, int, int, Rules], tuple[Board, Decks, int]] = {}
"""default_order's last answers, by board identity (the board is kept, so its id stays its own)."""


def default_order(board: Board, players: int, *, seed: int, rules: Rules) -> tuple[Decks, int]:
    """Both decks as a new game with this seed shuffles them, and its generator state after that."""
    key = (id(board), players, seed, rules)
    known = _orders.get(key)
    if known is None or known[0] is not board:
        fresh = new_game(board, [str(seat) for seat in range(players)], seed=seed, rules=rules)
        if len(_orders) >= 64:
            _orders.clear()
        known = _orders[key] = (board, fresh.decks, fresh.rng)
    return known[1], known[2]


MAX_DRAWS = _MASK = (1 << 64) - 1
_STEP = next_random(0)[0]
"""The dice generator (SplitMix64) steps its state by this constant: the state after n draws from a
state s is s + n * step (mod 2**64), so a state is written as the draws since the game's first one."""
_UNSTEP = pow(_STEP, -1, 1 << 64)


def draws_since(start: int, rng: int) -> int:
    """How many numbers the generator gave to go from state start to state rng."""
    return ((rng - start) * _UNSTEP) & _MASK


def after_draws(start: int, draws: int) -> int:
    """The generator's state after that many draws from state start."""
    return (start + draws * _STEP) & _MASK


def complete_deck(top: Sequence[int], order: Sequence[int], held: Iterable[int]) -> tuple[int, ...]:
    """A draw pile: the cards of `top` first, in that order, then the others not held in the deck's
    `order`, round the deck from the one after the last card of top (so a pile that was only drawn
    from, each card going under, is named by its top card alone)."""
    taken = {*top, *held}
    after = order.index(top[-1]) + 1 if top and top[-1] in order else 0
    return (*top, *(card for card in (*order[after:], *order[:after]) if card not in taken))


def throws_again(players: Sequence[PlayerState], turn: int, doubles: int, phase: Phase) -> bool:
    """Whether the last throw earns another, as it does after one or two doubles in a turn still going."""
    return 0 < doubles < 3 and phase not in ("end_turn", "game_over") and not players[turn].in_jail


def setup(
    board: Board,
    players: Sequence[str | PlayerState],
    *,
    rules: Rules | None = None,
    seed: int = 0,
    rng: int | None = None,
    draws: int | None = None,
    owners: Mapping[int, int] | None = None,
    buildings: Mapping[int, int] | None = None,
    mortgaged: Iterable[int] = (),
    chance: Sequence[int] = (),
    community_chest: Sequence[int] = (),
    turn: int = 0,
    first: int = 0,
    round: int = 1,
    phase: Phase | None = None,
    dice: tuple[int, int] | None = None,
    doubles: int = 0,
    roll_again: bool | None = None,
    pending_square: int | None = None,
    pending_move: int | None = None,
    auction: Auction | None = None,
    auction_queue: Sequence[int] = (),
    debts: Sequence[Debt] = (),
    trade: ProposeTrade | None = None,
    mortgage_choices: Sequence[MortgageChoice] = (),
    placement: Placement | None = None,
    pot: int = 0,
    last_card: LastCard | None = None,
    winner: int | None = None,
    eliminated: Sequence[int] = (),
    standings: Sequence[int] = (),
) -> GameState:
    """A game state from its facts (the keywords are GameState's fields; see the module docstring).

    - players: in seat order, names (starting cash, on GO) or PlayerState values;
    - owners: square -> seat; buildings: square -> level (1-4 houses, 5 a hotel); mortgaged: squares;
    - chance / community_chest: card numbers on top of each draw pile, in order; the rest follow in the
      order a new game with this seed shuffled them, round the deck from the card after the last one
      named (cards held by players are left out);
    - rng: the dice generator's state (default: where a new game with this seed leaves it), or draws:
      how many numbers it has given since then;
    - phase: default "game_over" once there is a winner, else "roll"; roll_again: default true after
      one or two doubles in a turn still going (the turn player not in jail).
    """
    rules = rules or board.rules
    people = tuple(
        p if isinstance(p, PlayerState) else PlayerState(name=p, cash=rules.start.cash) for p in players
    )
    _check_table(people, seed)
    if rng is not None and not 0 <= rng <= _MASK:
        raise ImpossiblePositionError(f"the dice generator's state {rng} is not a 64-bit unsigned integer")
    count = len(people)
    owner: list[int | None] = [None] * BOARD_SIZE
    for square, seat in (owners or {}).items():
        _check_square(square, "owned square")
        _check_seat(seat, count, f"the owner of square {square}")
        owner[square] = seat
    levels = [0] * BOARD_SIZE
    for square, level in (buildings or {}).items():
        _check_square(square, "built square")
        levels[square] = level
    mortgage = [False] * BOARD_SIZE
    for square in mortgaged:
        _check_square(square, "mortgaged square")
        mortgage[square] = True
    for what, seat in (("the seat to move", turn), ("the seat that began", first)):
        _check_seat(seat, count, what)
    for d in debts:
        _check_seat(d.debtor, count, "a debtor")
        if d.creditor is not None:
            _check_seat(d.creditor, count, "a creditor")
    if trade is not None:
        _check_seat(trade.player, count, "the trade's proposer")
        _check_seat(trade.partner, count, "the trade's partner")
    for choice in mortgage_choices:
        _check_seat(choice.seat, count, "a seat choosing to lift or keep")
        _check_square(choice.square, "a lot to lift or keep")
    if auction is not None:
        _check_square(auction.square, "the auctioned square")
        for seat in auction.bidders:
            _check_seat(seat, count, "a bidder")
        if auction.high_bidder is not None:
            _check_seat(auction.high_bidder, count, "the high bidder")
    if placement is not None:
        _check_seat(placement.seat, count, "the seat placing a building")
    for seat in (*eliminated, *standings, *([] if winner is None else [winner])):
        _check_seat(seat, count, "a seat in the results")
    if last_card is not None:
        _check_seat(last_card.player, count, "the player of the last card")
    _check_ranges(board, people, round, doubles, dice, pending_square, auction_queue, pot, last_card)

    fresh_decks, fresh_rng = default_order(board, count, seed=seed, rules=rules)
    held = {deck: [c.index for p in people for c in p.jail_cards if c.deck == deck] for deck in DECKS}
    tops: dict[DeckName, Sequence[int]] = {"chance": chance, "community_chest": community_chest}
    piles = {deck: complete_deck(tops[deck], fresh_decks.get(deck), held[deck]) for deck in DECKS}
    on_board_houses = sum(level for level in levels if level < 5)
    on_board_hotels = sum(1 for level in levels if level == 5)
    for kind, built, supply in (
        ("houses", on_board_houses, rules.buildings.houses),
        ("hotels", on_board_hotels, rules.buildings.hotels),
    ):
        if built > supply:
            raise ImpossiblePositionError(f"{kind}: {built} on the board, but the bank has only {supply}")
    if phase is None:
        phase = "game_over" if winner is not None else "roll"
    if phase not in PHASES:
        raise ImpossiblePositionError(f"unknown phase {phase!r} (one of {', '.join(PHASES)})")
    if roll_again is None:
        roll_again = throws_again(people, turn, doubles, phase)
    state = GameState(
        board=board,
        rules=rules,
        seed=seed,
        players=people,
        turn=turn,
        first=first,
        round=round,
        phase=phase,
        owner=tuple(owner),
        mortgaged=tuple(mortgage),
        buildings=tuple(levels),
        bank_houses=rules.buildings.houses - on_board_houses,
        bank_hotels=rules.buildings.hotels - on_board_hotels,
        decks=Decks(chance=piles["chance"], community_chest=piles["community_chest"]),
        rng=rng if rng is not None else after_draws(fresh_rng, draws or 0),
        dice=dice,
        doubles=doubles,
        roll_again=roll_again,
        pending_square=pending_square,
        pending_move=pending_move,
        auction=auction,
        auction_queue=tuple(auction_queue),
        debts=tuple(debts),
        trade=trade,
        mortgage_choices=tuple(mortgage_choices),
        placement=placement,
        pot=pot,
        bank_balance=rules.start.cash * count - sum(p.cash for p in people) - pot,
        last_card=last_card,
        winner=winner,
        eliminated=tuple(eliminated),
        standings=tuple(standings),
    )
    try:
        check_invariants(state)
    except InvariantError as exc:
        raise ImpossiblePositionError(str(exc)) from None
    return state


def _check_table(people: Sequence[PlayerState], seed: int) -> None:
    if not MIN_PLAYERS <= len(people) <= MAX_PLAYERS:
        raise ImpossiblePositionError(
            f"a game needs {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(people)}"
        )
    names = [p.name for p in people]
    if any(not name.strip() for name in names):
        raise ImpossiblePositionError("every player needs a name")
    if any(name != name.strip() for name in names):
        raise ImpossiblePositionError("a player's name neither begins nor ends with a space")
    if len(set(names)) != len(names):
        raise ImpossiblePositionError("player names must differ")
    if seed < 0 or seed > _MASK:
        raise ImpossiblePositionError(f"seed {seed} is not a 64-bit non-negative integer")


def _check_seat(seat: int, count: int, what: str) -> None:
    if not 0 <= seat < count:
        raise ImpossiblePositionError(f"{what} is seat {seat}, not one of the {count} seats (0-{count - 1})")


def _check_square(square: int, what: str) -> None:
    if not 0 <= square < BOARD_SIZE:
        raise ImpossiblePositionError(f"{what} {square} is not a square of the board (0-{BOARD_SIZE - 1})")


def _check_ranges(
    board: Board,
    people: Sequence[PlayerState],
    round: int,
    doubles: int,
    dice: tuple[int, int] | None,
    pending_square: int | None,
    auction_queue: Sequence[int],
    pot: int,
    last_card: LastCard | None,
) -> None:
    """What the invariants take for granted: numbers in their ranges, cards and squares that exist."""
    if round < 1:
        raise ImpossiblePositionError(f"round {round}: rounds count from 1")
    if not 0 <= doubles <= 3:
        raise ImpossiblePositionError(f"{doubles} doubles in a row: three send the thrower to jail")
    if dice is not None and not all(1 <= die <= 6 for die in dice):
        raise ImpossiblePositionError(f"dice {dice[0]}+{dice[1]}: a die shows 1 to 6")
    if pending_square is not None and pending_square not in board.properties:
        raise ImpossiblePositionError(f"pending square {pending_square} is not a lot that can be bought")
    for square in auction_queue:
        if square not in board.properties:
            raise ImpossiblePositionError(f"square {square} in the auction queue is not a lot")
    if pot < 0:
        raise ImpossiblePositionError(f"the pot holds {pot}")
    for seat, p in enumerate(people):
        for card in p.jail_cards:
            if not 0 <= card.index < len(board.deck(card.deck)):
                raise ImpossiblePositionError(
                    f"seat {seat} holds {card.deck} card {card.index}, which does not exist"
                )
    if last_card is not None and not 0 <= last_card.index < len(board.deck(last_card.deck)):
        raise ImpossiblePositionError(f"the last card, {last_card.deck} {last_card.index}, does not exist")


def facts(state: GameState) -> dict[str, Any]:
    """setup's keywords for a state: setup(state.board, **facts(state)) is the state again (but events)."""
    return {
        "players": state.players,
        "rules": state.rules,
        "seed": state.seed,
        "rng": state.rng,
        "owners": {square: seat for square, seat in enumerate(state.owner) if seat is not None},
        "buildings": {square: level for square, level in enumerate(state.buildings) if level},
        "mortgaged": [square for square, mortgaged in enumerate(state.mortgaged) if mortgaged],
        "chance": state.decks.chance,
        "community_chest": state.decks.community_chest,
        "turn": state.turn,
        "first": state.first,
        "round": state.round,
        "phase": state.phase,
        "dice": state.dice,
        "doubles": state.doubles,
        "roll_again": state.roll_again,
        "pending_square": state.pending_square,
        "pending_move": state.pending_move,
        "auction": state.auction,
        "auction_queue": state.auction_queue,
        "debts": state.debts,
        "trade": state.trade,
        "mortgage_choices": state.mortgage_choices,
        "placement": state.placement,
        "pot": state.pot,
        "last_card": state.last_card,
        "winner": state.winner,
        "eliminated": state.eliminated,
        "standings": state.standings,
    }
