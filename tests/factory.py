"""A small state factory and dice scripting for scenario tests.

state = make_state(3, positions={0: 7}, owners={39: 1}, chance=["chance.back3"])
state = play(state, roll(0, 2, 3))          # scripted throw by seat 0
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from monopoly_tui.boardfile import load_board
from monopoly_tui.engine import Action, Board, Event, GameState, Roll, apply, check_invariants, new_game
from monopoly_tui.engine.board import DeckName
from monopoly_tui.engine.rules import Rules
from monopoly_tui.engine.state import Decks, HeldCard

NAMES = ("Аня", "Борис", "Вера", "Глеб", "Дина", "Егор", "Жанна", "Захар")


def board() -> Board:
    return load_board()


def card_index(deck: DeckName, card_id: str) -> int:
    """The number of a card in its deck, by id."""
    cards = board().deck(deck)
    for i, card in enumerate(cards):
        if card.id == card_id:
            return i
    raise KeyError(card_id)


def _deck_order(deck: DeckName, top: Iterable[str]) -> tuple[int, ...]:
    """A deck with the named cards on top (in that order), the rest after in file order."""
    first = [card_index(deck, c) for c in top]
    rest = [i for i in range(len(board().deck(deck))) if i not in first]
    return (*first, *rest)


def make_state(
    players: int = 2,
    *,
    seed: int = 1,
    rules: Rules | None = None,
    cash: Mapping[int, int] | None = None,
    positions: Mapping[int, int] | None = None,
    owners: Mapping[int, int] | None = None,
    buildings: Mapping[int, int] | None = None,
    mortgaged: Iterable[int] = (),
    in_jail: Iterable[int] = (),
    jail_attempts: Mapping[int, int] | None = None,
    jail_cards: Mapping[int, Iterable[tuple[DeckName, str]]] | None = None,
    chance: Iterable[str] = (),
    community_chest: Iterable[str] = (),
    turn: int = 0,
    **state_fields: Any,
) -> GameState:
    """A game of `players` seats set up as described: cash, positions, owned lots, jail, deck tops."""
    b = board()
    state = new_game(b, NAMES[:players], seed=seed, rules=rules)
    held = {
        seat: [HeldCard(deck=d, index=card_index(d, c)) for d, c in cards]
        for seat, cards in (jail_cards or {}).items()
    }
    jailed = set(in_jail)
    new_players = []
    for seat, p in enumerate(state.players):
        changes: dict[str, Any] = {}
        if cash and seat in cash:
            changes["cash"] = cash[seat]
        if positions and seat in positions:
            changes["position"] = positions[seat]
        if seat in jailed:
            changes["in_jail"] = True
            changes["position"] = b.jail
        if jail_attempts and seat in jail_attempts:
            changes["jail_attempts"] = jail_attempts[seat]
        if seat in held:
            changes["jail_cards"] = tuple(held[seat])
        new_players.append(p._replace(**changes))
    owner = list(state.owner)
    for square, seat in (owners or {}).items():
        owner[square] = seat
    levels = list(state.buildings)
    for square, level in (buildings or {}).items():
        levels[square] = level
    mort = list(state.mortgaged)
    for square in mortgaged:
        mort[square] = True
    held_ids = {(c.deck, c.index) for cards in held.values() for c in cards}
    decks = {
        name: tuple(i for i in _deck_order(name, top) if (name, i) not in held_ids)
        for name, top in (("chance", chance), ("community_chest", community_chest))
    }
    houses = sum(level for level in levels if level < 5)
    hotels = sum(1 for level in levels if level == 5)
    # cash given or taken by the setup is accounted to the bank so that money stays conserved
    start_total = state.rules.start.cash * players
    bank_balance = start_total - sum(p.cash for p in new_players)
    update: dict[str, Any] = {
        "players": tuple(new_players),
        "owner": tuple(owner),
        "buildings": tuple(levels),
        "mortgaged": tuple(mort),
        "decks": Decks(chance=decks["chance"], community_chest=decks["community_chest"]),
        "bank_houses": state.rules.buildings.houses - houses,
        "bank_hotels": state.rules.buildings.hotels - hotels,
        "bank_balance": bank_balance,
        "turn": turn,
        "events": (),
    }
    update.update(state_fields)
    result = state._replace(**update)
    check_invariants(result)
    return result


def roll(player: int, die1: int, die2: int) -> Roll:
    return Roll(player=player, dice=(die1, die2))


def play(state: GameState, *actions: Action) -> GameState:
    """Apply actions in order, checking the invariants after each."""
    for action in actions:
        state = apply(state, action)
        check_invariants(state)
    return state


def kinds(state: GameState) -> list[str]:
    """The kinds of the events of the last action, in order."""
    return [e.kind for e in state.events]


def play_events(state: GameState, *actions: Action) -> tuple[GameState, list[Event]]:
    """Like play, also returning every event of every action."""
    events: list[Event] = []
    for action in actions:
        state = play(state, action)
        events.extend(state.events)
    return state, events
