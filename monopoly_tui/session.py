"""A game in progress as the app holds it: the state, its record, the log and who sits where.

The one place outside tests that calls `engine.apply`: everything a player or a bot does goes
through `GameSession.act`, which keeps the record honest and the log in step.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .bots import Bot, BotKind, make_bot
from .engine import (
    Action,
    Board,
    Event,
    GameRecord,
    GameState,
    Roll,
    Rules,
    apply,
    current_actor,
    net_worth,
    new_game,
    situation,
)
from .locale import tr
from .narrate import narrate
from .saves import LoadedSave, SaveError, write_save

PLAYER_COLORS = ("#e5484d", "#3e8ef7", "#2e9e3e", "#f5d90a", "#ab4aba", "#12a594", "#f08c00", "#a0a0a0")
"""Token colours by seat, readable on dark and light backgrounds and distinct in a 16-colour terminal
(each comes down to its own one of the 16)."""
PLAYER_TOKENS = ("●", "▲", "■", "◆", "★", "♥", "♣", "♠")
"""Token symbols by seat (the default choices; players may pick others in setup)."""


@dataclass(frozen=True)
class Seat:
    """How a player appears and who plays for them."""

    name: str
    token: str
    color: str
    bot: BotKind | None = None
    """None for a person; otherwise the bot kind ("simple", "strong")."""


@dataclass
class GameSession:
    board: Board
    seats: tuple[Seat, ...]
    state: GameState
    record: GameRecord
    log: list[str] = field(default_factory=list)
    worth: list[tuple[int, ...]] = field(default_factory=list)
    """Each player's net worth at the start of every round (and at the end)."""
    dice: list[tuple[int, int]] = field(default_factory=list)
    """Throws to use, in order, instead of the seed's (physical dice at the table, or a test script)."""
    bots: dict[int, Bot] = field(default_factory=dict)
    """The computer players by seat; their randomness derives from the game's seed."""
    save_path: Path | None = None
    """Where the game is saved after every action (None: not saved)."""
    save_error: str | None = None
    """Why the last autosave failed, for the players (None when it worked)."""
    history: list[GameState] = field(default_factory=list)
    """The state before each action of the record, for undo."""

    @classmethod
    def start(
        cls,
        board: Board,
        seats: Sequence[Seat],
        *,
        seed: int,
        rules: Rules | None = None,
        dice: Sequence[tuple[int, int]] = (),
    ) -> GameSession:
        state = new_game(board, [s.name for s in seats], seed=seed, rules=rules)
        record = GameRecord.start(state)
        bots = {i: make_bot(s.bot, seed, i) for i, s in enumerate(seats) if s.bot is not None}
        session = cls(board=board, seats=tuple(seats), state=state, record=record, dice=[*dice], bots=bots)
        session._note(state.events)
        return session

    def act(self, action: Action) -> tuple[Event, ...]:
        """Apply one action (raises IllegalActionError and changes nothing when it is not legal)."""
        if isinstance(action, Roll) and action.dice is None and self.dice:
            action = Roll(player=action.player, dice=self.dice[0])
            state = apply(self.state, action)
            self.dice.pop(0)
        else:
            state = apply(self.state, action)
        self.history.append(self.state)
        self.state = state
        self.record = self.record.add(action)
        self._note(state.events)
        self.autosave()
        return state.events

    def can_undo(self) -> bool:
        """The last action may be taken back: a person's decision that revealed nothing random
        (no dice thrown, no card drawn), e.g. a mistaken «не покупать» or a house built by mistake."""
        if not self.history or not self.record.actions:
            return False
        last = self.record.actions[-1]
        if last.player in self.bots:
            return False
        return not any(e.kind in ("dice_rolled", "card_drawn") for e in self.state.events)

    def undo(self) -> None:
        """Take the last action back (check can_undo first); the record notes what was undone."""
        assert self.can_undo()
        undone = self.record.actions[-1]
        self.state = self.history.pop()
        self.record = self.record.undo_last()
        self.log.append(tr("log.undone", name=self.state.players[undone.player].name))
        self.autosave()

    def autosave(self) -> None:
        """Write the game to its save file (atomically); a failure is kept for the players to see."""
        if self.save_path is None:
            return
        try:
            write_save(
                self.save_path, board=self.board, seats=self.seats, state=self.state, record=self.record
            )
            self.save_error = None
        except SaveError as exc:
            self.save_error = exc.reason

    @classmethod
    def resume(cls, board: Board, loaded: LoadedSave) -> GameSession:
        """A saved game, continued: the record replayed (log and net-worth history too), saved in place."""
        seats = tuple(s.as_session_seat() for s in loaded.seats)
        record = loaded.record
        session = cls.start(board, seats, seed=record.seed, rules=record.rules)
        for action in record.actions:
            session.act(action)
        session.save_path = loaded.path
        return session

    def _note(self, events: Sequence[Event]) -> None:
        for event in events:
            self.log.append(narrate(event, self.state))
            if event.kind in ("turn_started", "game_over") and (
                event.kind == "game_over" or not self.worth or event.amount != len(self.worth)
            ):
                self.worth.append(self.net_worths())

    def people_in_game(self) -> list[int]:
        """The seats played by people (not computer players) still in the game."""
        return [
            seat
            for seat, player in enumerate(self.state.players)
            if seat not in self.bots and not player.bankrupt
        ]

    def bot_to_move(self) -> Bot | None:
        """The bot the game waits on now, if it waits on a bot."""
        actor = current_actor(self.state)
        return self.bots.get(actor) if actor is not None else None

    def bot_move(self) -> tuple[Event, ...]:
        """Let the bot the game waits on take its action."""
        actor = current_actor(self.state)
        assert actor is not None and actor in self.bots
        return self.act(self.bots[actor].choose(self.state, actor))

    def bots_manage(self, *, limit: int = 3) -> tuple[Event, ...]:
        """Between turns, each bot not on move may build, mortgage or propose a trade (a few actions each)."""
        events: list[Event] = []
        for seat, bot in self.bots.items():
            for _ in range(limit):
                if situation(self.state) != "calm" or seat == current_actor(self.state):
                    break
                if self.state.players[seat].bankrupt:
                    break
                action = bot.manage(self.state, seat)
                if action is None:
                    break
                events += self.act(action)
        return tuple(events)

    def net_worths(self) -> tuple[int, ...]:
        return tuple(net_worth(self.state, seat) for seat in range(len(self.state.players)))
