"""Playing whole games with bots: the loop behind `simulate`, the benchmarks and the tests.

The current actor's bot answers whatever the game waits on (it manages first on its own turn); at each
turn change every other seat's bot may take a few manage actions or make trade offers. Every action
is checked as the engine's `apply` checks it (or, for simulations, not: the bots decide through the
engine's legality checks, and a test replays such games through `apply`) and carried out by the
engine's rules on one table (engine.fast), frozen into a state only when a state is asked for; a round
limit and an action cap make sure that every game ends.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from ..engine import Action, Board, GameState, Roll, Rules, legality, new_game
from ..engine.fast import END_TURN as end_turn
from ..engine.fast import ROLL as roll
from ..engine.fast import SETTLE as settle
from ..engine.fast import Carried, TableView
from ..engine.legality import situation
from ..engine.state import Phase
from .base import UNRESTING, Bot, only_move, plain_moves

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

    def record(self, before: TableView, action: Action, after: TableView) -> None:
        """Note one applied action (call after every action of the game)."""
        self.noted(before.phase, action, after)

    def noted(self, before: Phase, action: Action, after: TableView) -> None:
        """`record` for a caller that kept only the phase the action was applied in: `after` is the
        state it made, or the table holding it."""
        if isinstance(action, Roll) and before == "roll":
            self.rolls += 1
            self.pending = action.player
        if self.pending is not None and (after.pending_move is None or after.phase == "game_over"):
            self.flush(after)

    def flush(self, state: TableView) -> None:
        """Count the pending throw where its token rests now."""
        if self.pending is None:
            return
        player = state.players[self.pending]
        self.counts[IN_JAIL if player.in_jail or player.bankrupt else player.position] += 1
        self.pending = None


class _Game:
    """One game in progress: the table the actions are carried out on, the bots, the counts.

    The bots are asked with states; a state is frozen only when one is asked for (see engine.fast). A
    bot that offers `rest_terms` (BotBase's: the cash and round its last rest holds below, for the
    holdings it was noted with) is asked them once per holdings and after each question put to it; in
    between, whether its rest holds is two comparisons on the table (see `rests`).
    """

    def __init__(
        self, state: GameState, bots: Sequence[Bot], max_actions: int, checked: bool, observe: Observer | None
    ) -> None:
        self.carried = Carried(state)
        self.checked = checked
        """Each action is checked against the state first, as `apply` checks it (else: the fast path)."""
        self.observe = observe
        self.bots = bots
        self.calm_choices: list[Callable[[GameState, int], Action]] = [
            getattr(bot, "choose_calm", bot.choose) for bot in bots
        ]
        """Each seat's `choose` for a calm situation (a bot's shortcut when it has one)."""
        self.calm_manages: list[Callable[[GameState, int], Action | None]] = [
            getattr(bot, "manage_calm", bot.manage) for bot in bots
        ]
        """Each seat's `manage` for a calm situation (likewise)."""
        self.astir_choices: list[Callable[[GameState, int], Action]] = [
            getattr(bot, "choose_astir", choice) for bot, choice in zip(bots, self.calm_choices, strict=True)
        ]
        """Each seat's `choose` for a calm situation when its rest terms say it does not rest."""
        self.astir_manages: list[Callable[[GameState, int], Action | None]] = [
            getattr(bot, "manage_astir", manage) for bot, manage in zip(bots, self.calm_manages, strict=True)
        ]
        """Each seat's `manage` for a calm situation when it is still in and does not rest."""
        self.terms: list[Callable[[TableView, int], tuple[int, int]] | None] = [
            getattr(bot, "rest_terms", None) for bot in bots
        ]
        """Each seat's `rest_terms` (None: a bot without a rest, always asked)."""
        self.below = [UNRESTING[0]] * len(bots)
        self.until = [UNRESTING[1]] * len(bots)
        """Each seat's rest terms as last read: it rests while its cash is below and the round before."""
        t = self.carried.table
        self.held: list[object] = [t.owner, t.mortgaged, t.buildings]
        """The holdings (owner, mortgaged, buildings: the very objects) the terms were read for."""
        for seat in range(len(bots)):
            self.reread(seat)  # the bots may have rested with the starting holdings
        self.others = [tuple(s for s in range(len(bots)) if s != turn) for turn in range(len(bots))]
        """For the seat whose turn it is, the other seats in order."""
        self.max_actions = max_actions
        self.actions = 0
        self.landings = LandingTally()

    @property
    def state(self) -> GameState:
        return self.carried.state

    @property
    def running(self) -> bool:
        return self.carried.table.phase != "game_over" and self.actions < self.max_actions

    def apply(self, action: Action) -> None:
        carried = self.carried
        if self.checked:
            carried.check(action)
        t = carried.table
        before = t.phase
        carried.carry_out(action)
        self.actions += 1
        if self.observe is not None:
            self.observe(action, carried.state)
        landings = self.landings
        # Most actions neither throw to move nor resolve a throw: skip the tally's call for them.
        if landings.pending is not None or before == "roll":
            landings.noted(before, action, t)

    def reread(self, seat: int) -> None:
        """Read seat's rest terms again (after a question put to its bot: it may have rested anew), for
        the holdings on the table now."""
        t = self.carried.table
        held = self.held
        if t.owner is not held[0] or t.mortgaged is not held[1] or t.buildings is not held[2]:
            self.look()
        terms = self.terms[seat]
        if terms is not None:
            self.below[seat], self.until[seat] = terms(t, seat)

    def look(self) -> None:
        """If the holdings changed since the terms were read, no seat rests until its bot is asked
        again: a rest is noted with the holdings it was asked with (the very objects), and the table's
        holdings, once changed, are never again objects a bot was asked with before (engine.fast)."""
        t = self.carried.table
        held = self.held
        if t.owner is not held[0] or t.mortgaged is not held[1] or t.buildings is not held[2]:
            held[:] = t.owner, t.mortgaged, t.buildings
            below, until = UNRESTING
            self.below[:] = [below] * len(self.bots)
            self.until[:] = [until] * len(self.bots)

    def rests(self, seat: int) -> bool:
        """Whether seat's rest holds now: what its bot's `_resting` answers of a seat whose turn it is
        not, or on its turn in a phase with one move."""
        self.look()
        t = self.carried.table
        return t.round < self.until[seat] and t.players[seat].cash < self.below[seat]

    def settle(self) -> None:
        """Let the current actors act until the game is calm again (a trade answered, an auction over...)."""
        carried = self.carried
        while self.running:
            now = situation(carried.table)
            if now == "calm":
                return
            seat = legality.actor(carried.table, now)
            assert seat is not None
            action = self.bots[seat].choose(carried.state, seat)
            self.reread(seat)
            self.apply(action)

    def waits(self, seat: int) -> bool:
        """Whether seat (another than the player to move, at a turn change) may want to manage now:
        still in the game and not resting."""
        return not self.carried.table.players[seat].bankrupt and not self.rests(seat)

    def others_manage(self) -> bool:
        """At a turn change (a calm situation), each other seat may take a few manage actions or make
        trade offers; whether any did. Calm here: at the start, and after each action settled while the
        game runs. Each seat is asked only when it `waits` (after the seats before it acted)."""
        carried = self.carried
        manages = self.astir_manages
        acted = False
        for seat in self.others[carried.table.turn]:
            if not self.waits(seat):
                continue
            action = manages[seat](carried.state, seat)
            self.reread(seat)
            if action is None:
                continue
            acted = True
            for more in range(OTHERS_MANAGE):
                if more:
                    if not self.waits(seat):
                        break
                    action = manages[seat](carried.state, seat)
                    self.reread(seat)
                    if action is None:
                        break
                self.apply(action)
                self.settle()
                if not self.running:
                    return True
        return acted


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
    on acts. The fast path of `_Game.apply` is written out here (the loop's locals stand for the game's
    fields meanwhile): the rules' own calls are most of an action's cost, and the loop adds few. While
    the bots rest (their rest terms, read once per holdings: `_Game.look`), no state is frozen and a
    resting seat is asked nothing: the other seats are passed over at a turn change, and the player to
    move plays the phase's only move. The round limit is looked at when the round may have changed: at
    a turn change, and before anyone acts out of turn."""
    bots = game.bots
    calm_choices, astir_choices = game.calm_choices, game.astir_choices
    others = game.others
    below, until, held = game.below, game.until, game.held
    look, reread = game.look, game.reread
    carried = game.carried
    t = carried.table
    players = t.players
    after: TableView = t  # the table once an action is carried out (the loop's test is not about it)
    carry_out = carried.carry_out
    eager = game.checked or game.observe is not None
    lean = not eager
    events = t.events
    rolls = [plain_moves(seat).roll for seat in range(len(bots))]
    landings = game.landings
    counts = landings.counts
    max_actions = game.max_actions
    actions = game.actions
    last_round, last_seat = 0, -1
    h_owner, h_mortgaged, h_buildings = held
    calm = False  # the last action was the loop's own end of a turn, which left the situation calm
    while actions < max_actions:
        now = "calm" if calm else situation(t)
        calm = False
        if now == "calm":
            if t.owner is not h_owner or t.mortgaged is not h_mortgaged or t.buildings is not h_buildings:
                look()  # (the game's own `held` may have moved on meanwhile: looking again is harmless)
                h_owner, h_mortgaged, h_buildings = held
            seat = t.turn
            round_ = t.round
            if seat != last_seat or round_ != last_round:
                if round_ > max_rounds:
                    break
                last_round, last_seat = round_, seat
                # `waits` written out: at most turn changes every other seat is out or resting
                for other in others[seat]:
                    other_player = players[other]
                    if not other_player.bankrupt and (
                        round_ >= until[other] or other_player.cash >= below[other]
                    ):
                        game.actions = actions
                        managed = game.others_manage()
                        actions = game.actions
                        break
                else:
                    managed = False
                if managed:  # someone managed: look again at what the game waits for
                    continue
            if round_ < until[seat] and players[seat].cash < below[seat]:
                phase = t.phase
                if lean and (phase == "end_turn" or (phase == "roll" and not players[seat].in_jail)):
                    # The phase's only move (`only_move`'s first two cases), carried out here as
                    # `carry_out` carries it out, by the same rule (engine.fast): most of a game's actions.
                    events.clear()
                    if phase == "roll":
                        roll(t, rolls[seat])
                        landings.rolls += 1
                        thrower: int | None = seat
                    else:
                        end_turn(t, None)
                        thrower = landings.pending
                        calm = t.phase != "game_over"  # (see engine.fast.END_TURN)
                    if t.pending_move is not None or t.auction_queue:
                        settle(t)
                        calm = False
                    carried.frozen = False
                    actions += 1
                    if thrower is not None:
                        if t.pending_move is None or t.phase == "game_over":
                            mover = players[thrower]
                            counts[IN_JAIL if mover.in_jail or mover.bankrupt else mover.position] += 1
                            landings.pending = None
                        else:
                            landings.pending = thrower
                    continue
                action = only_move(t, seat)
                if action is None:
                    action = calm_choices[seat](carried.state, seat)
                    reread(seat)
            else:
                action = astir_choices[seat](carried.state, seat)
                reread(seat)
        elif now == "over" or t.round > max_rounds:
            break
        else:
            actor = legality.actor(t, now)
            assert actor is not None
            seat = actor
            action = bots[seat].choose(carried.state, seat)
            reread(seat)
        if eager:
            game.actions = actions
            game.apply(action)
            actions = game.actions
            continue
        before = t.phase
        carry_out(action)
        actions += 1
        # Most actions neither throw to move nor resolve a throw; LandingTally.record written out (the
        # thrower is the seat that acted: a throw is the turn player's own move).
        thrower = landings.pending
        if before == "roll" and isinstance(action, Roll):
            landings.rolls += 1
            thrower = seat
        if thrower is not None:
            if after.pending_move is None or after.phase == "game_over":
                player = after.players[thrower]
                counts[IN_JAIL if player.in_jail or player.bankrupt else player.position] += 1
                landings.pending = None
            else:
                landings.pending = thrower
    game.actions = actions
