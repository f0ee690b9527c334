"""Playing whole games with bots: the loop behind `simulate`, the benchmarks and the tests.

The current actor's bot answers whatever the game waits on (it manages first on its own turn); at each
turn change every other seat's bot may take a few manage actions or make trade offers. Every action
goes through the engine's `apply` (or, for simulations, its unchecked fast path: the bots decide through
the engine's legality checks, and a test replays such games through `apply`); a round limit and an
action cap make sure that every game ends.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from ..engine import (
    Action,
    Board,
    GameState,
    Roll,
    Rules,
    apply,
    current_actor,
    legality,
    new_game,
    situation,
)
from ..engine.game import apply_unchecked
from .base import Bot

IN_JAIL = 40
"""The landings index of throws that end in jail; 10 counts only "just visiting"."""
OTHERS_MANAGE = 3
"""Manage actions or trade offers each other seat may make at a turn change."""
ACTIONS_PER_PLAYER_ROUND = 500
"""The action cap: a safety net far above what real games need."""

Observer = Callable[[Action, GameState], None]
"""Told every action of a game and the state it made (tests, recordings)."""
Ending = Literal["bankruptcy", "turn_limit", "round_limit", "stalled"]
"""How a game ended: one player left; the rules' turn limit (richest wins); stopped by the driver's round
limit; stopped by the action cap (a bug if it ever happens)."""


@dataclass
class GameStats:
    """What one game counted."""

    rolls: int = 0
    """Throws of the dice to move (the extra throw a utility card asks for is not one)."""
    actions: int = 0
    rounds: int = 0
    landings: list[int] = field(default_factory=lambda: [0] * (IN_JAIL + 1))
    """For each throw, where the thrower's token rests once the throw is resolved (40: in jail)."""
    winner: int | None = None
    ended: Ending = "round_limit"


class LandingTally:
    """Counts, for each throw of the dice, where the thrower's token rests once the throw is resolved.

    A throw is resolved when no move is owed for it: usually at once, but after a forced jail fine that
    left a debt, only once the debt is paid and the token has moved (or its owner went bankrupt first,
    never leaving jail: counted as in jail).
    """

    __slots__ = ("counts", "pending", "rolls")

    def __init__(self) -> None:
        self.rolls = 0
        self.counts = [0] * (IN_JAIL + 1)
        self.pending: int | None = None
        """The seat whose throw is not yet resolved."""

    def record(self, before: GameState, action: Action, after: GameState) -> None:
        """Note one applied action (call after every action of the game)."""
        if isinstance(action, Roll) and before.phase == "roll":
            self.rolls += 1
            self.pending = action.player
        if self.pending is not None and (after.pending_move is None or after.is_over):
            self.flush(after)

    def flush(self, state: GameState) -> None:
        """Count the pending throw where its token rests now."""
        if self.pending is None:
            return
        player = state.players[self.pending]
        self.counts[IN_JAIL if player.in_jail or player.bankrupt else player.position] += 1
        self.pending = None


class _Game:
    """One game in progress: the state, the bots, the counts."""

    def __init__(
        self, state: GameState, bots: Sequence[Bot], max_actions: int, checked: bool, observe: Observer | None
    ) -> None:
        self.state = state
        rules = apply if checked else apply_unchecked
        self.step: Callable[[GameState, Action], GameState] = rules
        """The rules, telling the observer (if any) of every action and the state it made."""
        if observe is not None:

            def step(before: GameState, action: Action) -> GameState:
                after = rules(before, action)
                observe(action, after)
                return after

            self.step = step
        self.bots = bots
        self.calm_choices: list[Callable[[GameState, int], Action]] = [
            getattr(bot, "choose_calm", bot.choose) for bot in bots
        ]
        """Each seat's `choose` for a calm situation (a bot's shortcut when it has one)."""
        self.calm_manages: list[Callable[[GameState, int], Action | None]] = [
            getattr(bot, "manage_calm", bot.manage) for bot in bots
        ]
        """Each seat's `manage` for a calm situation (likewise)."""
        self.others = [tuple(s for s in range(len(bots)) if s != turn) for turn in range(len(bots))]
        """For the seat whose turn it is, the other seats in order."""
        self.max_actions = max_actions
        self.actions = 0
        self.landings = LandingTally()

    @property
    def running(self) -> bool:
        return not self.state.is_over and self.actions < self.max_actions

    def apply(self, action: Action) -> None:
        before = self.state
        after = self.state = self.step(before, action)
        self.actions += 1
        landings = self.landings
        # Most actions neither throw to move nor resolve a throw: skip the tally's call for them.
        if landings.pending is not None or before.phase == "roll":
            landings.record(before, action, after)

    def settle(self) -> None:
        """Let the current actors act until the game is calm again (a trade answered, an auction over...)."""
        while self.running and situation(self.state) != "calm":
            seat = current_actor(self.state)
            assert seat is not None
            self.apply(self.bots[seat].choose(self.state, seat))

    def others_manage(self) -> None:
        """At a turn change (a calm situation), each other seat may take a few manage actions or make
        trade offers. Calm here: at the start, and after each action settled while the game runs."""
        state = self.state
        manages = self.calm_manages
        for seat in self.others[state.turn]:
            action = manages[seat](state, seat)
            if action is None:
                continue
            for more in range(OTHERS_MANAGE):
                if more:
                    action = manages[seat](self.state, seat)
                    if action is None:
                        break
                self.apply(action)
                self.settle()
                if not self.running:
                    return
            state = self.state


def play_game(
    board: Board,
    names: Sequence[str],
    bots: Sequence[Bot],
    seed: int,
    rules: Rules | None = None,
    max_rounds: int = 200,
    *,
    checked: bool = True,
    observe: Observer | None = None,
) -> tuple[GameState, GameStats]:
    """Play one game to the end or to max_rounds full rounds; returns the final state and the counts.

    checked=False applies the bots' actions through the engine's unchecked fast path (simulations);
    observe, if given, is called with every action and the state it made."""
    if len(bots) != len(names):
        raise ValueError(f"{len(names)} players but {len(bots)} bots")
    start = new_game(board, names, seed=seed, rules=rules)
    return play_out(start, bots, max_rounds, checked=checked, observe=observe)


def play_out(
    state: GameState,
    bots: Sequence[Bot],
    max_rounds: int = 200,
    *,
    checked: bool = True,
    observe: Observer | None = None,
) -> tuple[GameState, GameStats]:
    """Play on from state (one bot per seat) to the end or to max_rounds full rounds."""
    max_actions = ACTIONS_PER_PLAYER_ROUND * len(state.players) * max_rounds
    game = _Game(state, bots, max_actions, checked, observe)
    _loop(game, max_rounds)
    state = game.state
    game.landings.flush(state)
    stats = GameStats(
        rolls=game.landings.rolls,
        actions=game.actions,
        rounds=min(state.round, max_rounds),
        landings=game.landings.counts,
        winner=state.winner,
    )
    if state.is_over:
        stats.ended = "bankruptcy" if len(state.eliminated) == len(state.players) - 1 else "turn_limit"
    elif game.actions >= game.max_actions:
        stats.ended = "stalled"
    return state, stats


def _loop(game: _Game, max_rounds: int) -> None:
    """Until the game ends: at each new turn the other seats may manage, then whoever the game waits
    on acts. `_Game.apply` is written out here (the loop's locals stand for the game's fields meanwhile):
    the rules' own calls are most of an action's cost, and the loop adds few."""
    bots = game.bots
    calm_choices = game.calm_choices
    step = game.step
    landings = game.landings
    counts = landings.counts
    max_actions = game.max_actions
    actions = game.actions
    state = game.state
    last_round, last_seat = 0, -1
    while state.phase != "game_over" and actions < max_actions and state.round <= max_rounds:
        now = situation(state)
        if now == "calm":
            seat = state.turn
            if seat != last_seat or state.round != last_round:
                last_round, last_seat = state.round, seat
                game.state, game.actions = state, actions
                game.others_manage()
                if game.state is not state:  # someone managed: look again at what the game waits for
                    state, actions = game.state, game.actions
                    continue
            action = calm_choices[seat](state, seat)
        else:
            actor = legality.actor(state, now)
            assert actor is not None
            action = bots[actor].choose(state, actor)
        before = state
        state = step(before, action)
        actions += 1
        # Most actions neither throw to move nor resolve a throw; LandingTally.record written out.
        if landings.pending is not None or before.phase == "roll":
            if before.phase == "roll" and isinstance(action, Roll):
                landings.rolls += 1
                landings.pending = action.player
            thrower = landings.pending
            if thrower is not None and (state.pending_move is None or state.phase == "game_over"):
                player = state.players[thrower]
                counts[IN_JAIL if player.in_jail or player.bankrupt else player.position] += 1
                landings.pending = None
    game.state, game.actions = state, actions
