"""The bots' own loop: one mutable table carried through a game's actions, frozen into a state only when
someone asks for one.

`apply_unchecked` finds the table that froze its state, carries the action out and freezes a new state.
In a simulation most actions are a throw and the end of a turn that no computer player needs to look at
(every seat is resting: it has nothing to manage with these holdings, and the phase allows one move):
freezing a state for each of them is work nobody uses. A `Carried` game keeps one table through such
actions; `state` freezes one when a bot has something to decide, an observer asks, or the game ends.

One source of truth for the rules: an action is carried out by the very functions `apply` uses (its
table of what each kind of action changes, then settling), on the same table. What a caller may read
of the table between two states is `TableView`: the fields the loop and a resting bot look at, by the
state's own names. A test plays every benchmark game through it and through the checked `apply`, and
compares the states and events.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Protocol

from . import legality, turn
from .actions import Action, EndTurn, Roll
from .game import _CARRY_OUT
from .rent import Player
from .state import GameState, Phase
from .table import _CARRIED, Table

ROLL: Final = _CARRY_OUT[Roll]
"""How a Roll is carried out (`apply`'s own rule): the bots' loop carries the turn's only move out
itself, as `Carried.carry_out` would (the events cleared first, settling when owed, `frozen` cleared)."""
END_TURN: Final = _CARRY_OUT[EndTurn]
"""How an EndTurn is carried out (likewise). It changes none of what `legality.situation` reads but the
phase: carried out in a calm situation, it leaves the situation calm, or the game over (a turn limit)."""
SETTLE: Final = turn.settle
"""Settling, as `Carried.carry_out` and `apply` do when a move or an auction is owed."""


class TableView(Protocol):
    """What the loop and a resting bot read between two states: a GameState, or the table holding the
    same values by the same names. A square's owner, mortgage and buildings are the very tuples of the
    last state frozen while none of them changed (a list once one has: never the same object)."""

    @property
    def players(self) -> Sequence[Player]: ...

    @property
    def owner(self) -> Sequence[int | None]: ...

    @property
    def mortgaged(self) -> Sequence[bool]: ...

    @property
    def buildings(self) -> Sequence[int]: ...

    @property
    def turn(self) -> int: ...

    @property
    def round(self) -> int: ...

    @property
    def phase(self) -> Phase: ...

    @property
    def pending_move(self) -> int | None: ...


class Carried:
    """A game in progress on one table: `carry_out` applies an action (unchecked: every action of the
    bots' own loop is legal by construction), `state` is the state the actions so far have made."""

    __slots__ = ("_state", "frozen", "table")

    def __init__(self, state: GameState) -> None:
        self.table = Table.of(state)  # the table that froze state, when still at hand (taken away:
        # none is left where `apply` would find it, and only this game changes this table)
        """The table: read it between two states through TableView (by the state's field names)."""
        self._state = state
        self.frozen = True
        """No action was carried out since `_state` was frozen (whoever carries one out on the table
        clears it: `carry_out`, or the bots' loop carrying the turn's only move out itself)."""

    def carry_out(self, action: Action) -> None:
        """Apply an action without the legality check, as `apply_unchecked` does, on the table (which
        the caller may read through TableView)."""
        t = self.table
        t.events.clear()  # the events of actions no state was frozen for: nobody asked for them
        _CARRY_OUT[type(action)](t, action)
        if t.pending_move is not None or t.auction_queue:  # as in apply: else settling has nothing to do
            turn.settle(t)
        self.frozen = False

    def check(self, action: Action) -> None:
        """Raise IllegalActionError when action is not legal in the current state (as `apply` would)."""
        legality.check(self.state, action)

    @property
    def state(self) -> GameState:
        """The state the game is in (its events are the last action's, as `apply` made them)."""
        if not self.frozen:
            t = self.table
            self._state = t.freeze()
            _CARRIED.pop()  # freeze keeps the table at hand for `apply`: this game keeps it instead
            self.frozen = True
        return self._state
