"""A small state factory and dice scripting for scenario tests.

state = make_state(3, positions={0: 7}, owners={39: 1}, chance=["chance.back3"])
state = play(state, roll(0, 2, 3))          # scripted throw by seat 0
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from monopoly_tui.boardfile import load_board
from monopoly_tui.engine import (
    Action,
    Board,
    Event,
    GameState,
    HeldCard,
    PlayerState,
    Roll,
    Rules,
    apply,
    check_invariants,
    from_position,
    setup,
)
from monopoly_tui.engine.board import DeckName

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
    names: Sequence[str] = NAMES,
    **state_fields: Any,
) -> GameState:
    """A game of `players` seats set up as described (through the engine's builder, engine.setup):
    cash, positions, owned lots, jail, deck tops (named cards first, the rest in file order), the
    players' names; state_fields are setup's other keywords (phase, debts, auction, ...)."""
    b = board()
    start = (rules or b.rules).start.cash
    jailed = set(in_jail)
    people = [
        PlayerState(
            name=names[seat],
            cash=(cash or {}).get(seat, start),
            position=b.jail if seat in jailed else (positions or {}).get(seat, 0),
            in_jail=seat in jailed,
            jail_attempts=(jail_attempts or {}).get(seat, 0),
            jail_cards=tuple(
                HeldCard(deck=d, index=card_index(d, c)) for d, c in (jail_cards or {}).get(seat, ())
            ),
        )
        for seat in range(players)
    ]
    held = {(c.deck, c.index) for p in people for c in p.jail_cards}
    chance_pile, chest_pile = (
        [i for i in _deck_order(name, top) if (name, i) not in held]
        for name, top in (("chance", chance), ("community_chest", community_chest))
    )
    return setup(
        b,
        people,
        rules=rules,
        seed=seed,
        owners=owners,
        buildings=buildings,
        mortgaged=mortgaged,
        chance=chance_pile,
        community_chest=chest_pile,
        turn=turn,
        **state_fields,
    )


def at(text: str) -> GameState:
    """The state of a position line (MPN, see the README) on the Moscow board."""
    return from_position(text, board())


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
