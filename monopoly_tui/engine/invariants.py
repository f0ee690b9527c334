"""Invariants every reachable state keeps; tests check them after every action."""

from __future__ import annotations

from .board import BOARD_SIZE, Street
from .state import GameState


class InvariantError(AssertionError):
    """A state broke a rule that must always hold."""


def total_money(state: GameState) -> int:
    """Players' cash, the pot and the bank's takings: constant through a game."""
    return sum(p.cash for p in state.players) + state.pot + state.bank_balance


def check_invariants(state: GameState) -> None:
    """Raise InvariantError naming the first broken invariant."""
    board, rules = state.board, state.rules

    def fail(message: str) -> None:
        raise InvariantError(message)

    if total_money(state) != rules.start.cash * len(state.players):
        fail(f"money not conserved: {total_money(state)} != {rules.start.cash * len(state.players)}")
    for seat, p in enumerate(state.players):
        if not 0 <= p.position < BOARD_SIZE:
            fail(f"seat {seat} stands on square {p.position}")
        if p.cash < 0:
            fail(f"seat {seat} has negative cash {p.cash}")
        if p.bankrupt and (p.cash or p.jail_cards or seat in state.owner):
            fail(f"bankrupt seat {seat} still holds assets")
        if not 0 <= p.jail_attempts < rules.jail.max_attempts:
            fail(f"seat {seat} has {p.jail_attempts} jail attempts")
        if p.in_jail and p.position != board.jail:
            fail(f"seat {seat} is in jail but stands on {p.position}")
    for d in state.debts:
        if state.players[d.debtor].bankrupt:
            fail(f"bankrupt seat {d.debtor} still has a debt")
    for i in range(BOARD_SIZE):
        owner = state.owner[i]
        if owner is not None:
            if i not in board.properties:
                fail(f"square {i} cannot be owned but has owner {owner}")
            if state.players[owner].bankrupt:
                fail(f"square {i} belongs to bankrupt seat {owner}")
        elif state.mortgaged[i] or state.buildings[i]:
            fail(f"unowned square {i} is mortgaged or built on")
        if not 0 <= state.buildings[i] <= 5:
            fail(f"square {i} has building level {state.buildings[i]}")
    for group, members in board.group_members.items():
        levels = [state.buildings[i] for i in members]
        if not any(levels):
            continue
        owners = {state.owner[i] for i in members}
        if len(owners) != 1 or None in owners:
            fail(f"buildings on group {group} which one player does not own whole")
        if any(state.mortgaged[i] for i in members):
            fail(f"buildings on group {group} with a mortgaged street")
        if rules.buildings.even_building and max(levels) - min(levels) > 1:
            fail(f"uneven buildings on group {group}: {levels}")
    for i, square in enumerate(board.squares):
        if state.buildings[i] and not isinstance(square, Street):
            fail(f"a building on square {i}, which is not a street")
    houses = sum(level for level in state.buildings if level < 5)
    hotels = sum(1 for level in state.buildings if level == 5)
    if houses + state.bank_houses != rules.buildings.houses:
        fail(f"houses: {houses} on the board + {state.bank_houses} in the bank != {rules.buildings.houses}")
    if hotels + state.bank_hotels != rules.buildings.hotels:
        fail(f"hotels: {hotels} on the board + {state.bank_hotels} in the bank != {rules.buildings.hotels}")
    for deck in ("chance", "community_chest"):
        cards = board.deck(deck)
        pile = state.decks.get(deck)
        held = [c.index for p in state.players for c in p.jail_cards if c.deck == deck]
        if sorted((*pile, *held)) != list(range(len(cards))):
            fail(f"deck {deck}: pile {pile} and hands {held} do not hold each card once")
        for index in held:
            if cards[index].effect.action != "get_out_of_jail":
                fail(f"a player holds card {cards[index].id}, which cannot be kept")
    if state.phase == "game_over":
        if state.winner is None or state.players[state.winner].bankrupt:
            fail("the game is over without a winner in the game")
    else:
        if len(state.active_seats) < 2:
            fail("fewer than two players left but the game goes on")
        if state.players[state.turn].bankrupt:
            fail(f"it is bankrupt seat {state.turn}'s turn")
    if not 0 <= state.first < len(state.players) or not 0 <= state.turn < len(state.players):
        fail(f"seat {state.turn} to move, seat {state.first} began: not seats of {len(state.players)}")
    if state.phase in ("buy", "utility_roll") and state.pending_square is None:
        fail(f"phase {state.phase} without a pending square")
    for choice in state.mortgage_choices:
        if state.owner[choice.square] != choice.seat or not state.mortgaged[choice.square]:
            fail(f"mortgage choice on square {choice.square} that seat {choice.seat} does not hold mortgaged")
    if state.trade is not None and state.players[state.trade.partner].bankrupt:
        fail("a trade offer to a bankrupt player")
    if state.auction is not None:
        a = state.auction
        if not a.bidders or not 0 <= a.turn < len(a.bidders):
            fail(f"auction with bidders {a.bidders} and turn {a.turn}")
        if a.building is None and state.owner[a.square] is not None:
            fail(f"auction of owned square {a.square}")
