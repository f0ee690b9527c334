"""A game in progress as the app holds it: the state, its record, the log and who sits where.

The one place outside tests that calls `engine.apply`: everything a player or a bot does goes
through `GameSession.act`, which keeps the record honest and the log in step.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from .bots import Bot, BotKind, make_bot
from .bots.courtesy import Courtesy
from .engine import (
    Action,
    Board,
    Event,
    GameRecord,
    GameState,
    ProposeTrade,
    Roll,
    Rules,
    apply,
    current_actor,
    net_worth,
    new_game,
    situation,
)
from .engine.record import first_state
from .locale import tr
from .narrate import narrate, narrate_action
from .saves import LoadedSave, SaveError, SaveLock
from .saves.autosave import JournalFile
from .saves.checkpoint import CHECKPOINT_EVERY, RESUME_TAIL, checkpoint_body
from .saves.journal import action_body, undo_body

PLAYER_COLORS = ("#e5484d", "#3e8ef7", "#2e9e3e", "#f5d90a", "#ab4aba", "#12a594", "#f08c00", "#a0a0a0")
"""Token colours by seat, readable on dark and light backgrounds and distinct in a 16-colour terminal
(each comes down to its own one of the 16)."""
MAX_ASKS = 64
"""How often a bot is asked again for a move after an offer held back (its turn's budget ends it first)."""
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
    no_bot_offers: bool = False
    """A person who asked computer players not to offer them trades (setup, kept in the save)."""


LOG_ON_RESUME = RESUME_TAIL
"""A resumed game's log tells its last this many actions (the whole game is in the replay)."""
BOT_SAVE_INTERVAL = 1.0
"""Seconds between two (unsynced) saves while computer players move on their own; a person's action,
and the game coming back to a person, is always saved at once and fsynced."""


HANDED_ON = frozenset({"trade", "accept", "reject", "end_turn"})
"""Kinds of decision after which the app hands the laptop to the next person (when it is another)."""


class GameSession:
    """The game being played; `record` is its record (built from the actions when asked for)."""

    def __init__(
        self,
        board: Board,
        seats: tuple[Seat, ...],
        state: GameState,
        record: GameRecord,
        *,
        log: list[str] | None = None,
        dice: Sequence[tuple[int, int]] = (),
        bots: dict[int, Bot] | None = None,
        save_path: Path | None = None,
    ) -> None:
        self.board = board
        self.seats = seats
        self.state = state
        self.log: list[str] = [] if log is None else log
        self.worth: list[tuple[int, ...]] = []
        """Each player's net worth at the start of every round from `first_round` (and at the end)."""
        self.first_round = 1
        """The round of `worth[0]`: 1, or the round of the position the game went on from."""
        self.dice: list[tuple[int, int]] = [*dice]
        """Throws to use, in order, instead of the seed's (physical dice at the table, or a test script)."""
        self.bots: dict[int, Bot] = {} if bots is None else bots
        """The computer players by seat; their randomness derives from the game's seed."""
        self.save_path: Path | None = save_path
        """Where the game is saved after every action (None: not saved)."""
        self.save_error: str | None = None
        """Why the last autosave failed, for the players (None when it worked)."""
        self.lock: SaveLock | None = None
        """This window's claim on save_path (another window refuses to open the game meanwhile)."""
        self.history: list[GameState] = []
        """The state before each action of the record, for undo."""
        self.courtesy = Courtesy(frozenset())
        """Which trade offers the computer players may make to people (see bots.courtesy)."""
        self._base = record.model_copy(update={"actions": ()})
        self._actions: list[Action] = list(record.actions)
        self._record: GameRecord | None = record
        self._journal: JournalFile | None = None
        """The save file being appended to (None: the next save writes it whole)."""
        self._pending: list[bytes] = []
        """The journal lines of what happened since the last save (written by the next one)."""
        self._unsaved = False
        self._saved_at = 0.0
        self._checkpointed = 0
        """How many actions the journal's last checkpoint stands after."""
        self._worth_covered = 0
        """How many entries of `worth` the journal's checkpoints hold."""

    @property
    def record(self) -> GameRecord:
        """The game's record: board, rules, players, seed, every action so far (and what was undone)."""
        if self._record is None:
            self._record = self._base.model_copy(update={"actions": tuple(self._actions)})
        return self._record

    @classmethod
    def start(
        cls,
        board: Board,
        seats: Sequence[Seat],
        *,
        seed: int,
        rules: Rules | None = None,
        dice: Sequence[tuple[int, int]] = (),
        position: GameState | None = None,
    ) -> GameSession:
        """A new game, or (position) one going on from that state: its players, rules and seed."""
        if position is None:
            state = new_game(board, [s.name for s in seats], seed=seed, rules=rules)
            record = GameRecord.start(state)
        else:
            state, seed = position, position.seed
            record = GameRecord.start_at(state)
        # the seats carry the names as the game keeps them, so seats, record and saves always agree
        seats = tuple(replace(s, name=p.name) for s, p in zip(seats, state.players, strict=True))
        bots = {i: make_bot(s.bot, seed, i) for i, s in enumerate(seats) if s.bot is not None}
        session = cls(board, seats, state, record, dice=dice, bots=bots)
        session.courtesy = Courtesy(
            people=frozenset(i for i, s in enumerate(seats) if s.bot is None),
            no_offers=frozenset(i for i, s in enumerate(seats) if s.bot is None and s.no_bot_offers),
        )
        if position is not None:
            session.log.append(tr("log.from_position", round=state.round))
            session.worth.append(session.net_worths())
            session.first_round = state.round
        session._note(state.events)
        return session

    def act(self, action: Action, *, save: bool = True) -> tuple[Event, ...]:
        """Apply one action (raises IllegalActionError and changes nothing when it is not legal).
        `save` False leaves a person's action to the caller's `flush` (the app saves it once the screen
        shows it, before anything else happens)."""
        if isinstance(action, Roll) and action.dice is None and self.dice:
            action = Roll(player=action.player, dice=self.dice[0])
            state = apply(self.state, action)
            self.dice.pop(0)
        else:
            state = apply(self.state, action)
        self._advance(action, state)
        if action.player in self.bots and not state.is_over and self.bot_to_move() is not None:
            # a computer's move with another to follow: saved with the next decision of a person
            self._unsaved = True
            if time.monotonic() - self._saved_at >= BOT_SAVE_INTERVAL:
                self.autosave(durable=False)
        elif save:
            self.autosave()
        else:
            self._unsaved = True
        return state.events

    def _advance(self, action: Action, state: GameState, *, narrated: bool = True) -> None:
        self.courtesy.note(self.state, action)
        self.history.append(self.state)
        self.state = state
        self._actions.append(action)
        self._record = None
        if self._journal is not None:
            self._pending.append(action_body(action, state, len(self._actions)))
        self._note(state.events, narrated=narrated)
        if self._journal is not None and len(self._actions) - self._checkpointed >= CHECKPOINT_EVERY:
            self._pending.append(self._checkpoint(self._worth_covered))  # written with the next save
            self._checkpointed, self._worth_covered = len(self._actions), len(self.worth)

    def can_undo(self, by: int | None = None) -> bool:
        """The last action may be taken back: a person's decision that revealed nothing random
        (no dice thrown, no card drawn), e.g. a mistaken «не покупать» or a house built by mistake;
        asked for `by` (the seat the game waits on), not a decision that handed the laptop on to them
        (an offer, its answer, the end of a turn: they were given it with a handoff screen)."""
        if not self.history or not self._actions:
            return False
        last = self._actions[-1]  # not self.record: that copies every action (asked after each one)
        if last.player in self.bots or (by is not None and last.player != by and last.kind in HANDED_ON):
            return False
        return not any(e.kind in ("dice_rolled", "card_drawn") for e in self.state.events)

    def undo(self) -> None:
        """Take the last action back (check can_undo first); the record notes what was undone."""
        assert self.can_undo()
        record = self.record.undo_last()
        undone = self._actions.pop()
        self._base = record.model_copy(update={"actions": ()})
        self._record = record
        self.state = self.history.pop()
        if self._journal is not None:
            self._pending.append(undo_body(len(self._actions), self.state))
        self.log.append(tr("log.undone", what=narrate_action(undone, self.state)))
        self.autosave()

    def autosave(self, *, durable: bool = True) -> None:
        """Save what happened since the last save (fsynced when durable): the new lines appended to the
        game's journal, or the whole journal written atomically the first time (a new game, a save of
        an older format, a file not as this window left it); a failure is kept for the players to see."""
        if self.save_path is None:
            return
        try:
            journal = self._journal
            if (
                journal is None
                or journal.path != self.save_path
                or not journal.append(self._pending, durable=durable)
            ):
                self._create(durable)
            self._pending.clear()
            self.save_error = None
            self._unsaved = False
            self._saved_at = time.monotonic()
        except SaveError as exc:
            self.save_error = exc.reason

    def _checkpoint(self, since: int) -> bytes:
        """A checkpoint line for the journal (saves/checkpoint.py): the game now, the net worths after
        the first `since`."""
        refused = self.courtesy.refused
        return checkpoint_body(self.state, len(self._actions), worth=self.worth[since:], refused=refused)

    def _create(self, durable: bool) -> None:
        """Write the whole journal (with a checkpoint at its end once the game is long)."""
        assert self.save_path is not None
        count = len(self._actions)
        long = count >= CHECKPOINT_EVERY
        self._journal = JournalFile.create(
            self.save_path,
            board=self.board,
            seats=self.seats,
            record=self.record,
            states=self._states_after(),
            durable=durable,
            checkpoint=self._checkpoint(0) if long else None,
        )
        self._checkpointed, self._worth_covered = (count, len(self.worth)) if long else (0, 0)

    def _states_after(self) -> list[GameState]:
        """The state after each action of the record."""
        if len(self.history) == len(self._actions):
            return [*self.history[1:], self.state] if self.history else []
        states, state = [], first_state(self.board, self.record)  # not played here: replayed
        for action in self._actions:
            state = apply(state, action)
            states.append(state)
        return states

    def flush(self) -> None:
        """Save what the computer players did since the last save (on leaving the game)."""
        if self._unsaved:
            self.autosave()

    def close(self) -> None:
        """Leave the game: save what is pending and let other windows open it."""
        self.flush()
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    @classmethod
    def resume(cls, board: Board, loaded: LoadedSave) -> GameSession:
        """A saved game, continued: the record's states (log and net-worth history too), saved in place."""
        seats = tuple(s.as_session_seat() for s in loaded.seats)
        record = loaded.record
        start = None if record.position is None else first_state(board, record)
        session = cls.start(board, seats, seed=record.seed, rules=record.rules, position=start)
        states = loaded.states
        begin = loaded.start
        if begin:  # from a checkpoint: the game as it stood there; load_save replayed the rest
            session.state = states[0]
            session._actions = list(record.actions[:begin])
            session.worth = list(loaded.worth)
            session.courtesy.refused = {p: list(offers) for p, offers in (loaded.refused or {}).items()}
        elif len(states) != len(record.actions) + 1:  # not replayed by load_save: replay here
            replayed = [session.state]
            for action in record.actions:
                replayed.append(apply(replayed[-1], action))
            states = tuple(replayed)
        quiet = max(0, len(record.actions) - LOG_ON_RESUME)
        if quiet:
            session.log.append(tr("log.earlier", count=quiet))
        tail = record.actions[begin:]
        for number, (action, state) in enumerate(zip(tail, states[1:], strict=True), start=begin):
            session._advance(action, state, narrated=number >= quiet)
        session._base = record.model_copy(update={"actions": ()})
        session._record = record
        session.save_path = loaded.path
        if loaded.journal is not None:  # appended to from here; otherwise written whole at the next save
            end = loaded.journal
            session._journal = JournalFile.reopen(loaded.path, chain=end.chain, size=end.size)
            session._checkpointed, session._worth_covered = end.checkpointed, end.worth_covered
        if loaded.notice:
            session.log.append(loaded.notice)
        return session

    def _note(self, events: Sequence[Event], *, narrated: bool = True) -> None:
        for event in events:
            if narrated:
                self.log.append(narrate(event, self.state))
            if event.kind in ("turn_started", "game_over") and (
                # once a round: a game from round 9 counted its turns of round 9 as rounds 2, 3, ...
                event.kind == "game_over" or len(self.worth) <= (event.amount or 0) - self.first_round
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
        return self.act(self.bot_choice())

    def bot_choice(self, state: GameState | None = None) -> Action:
        """The action the bot the game waits on takes in state (by default the game's own), not yet
        taken: the app asks a bot that thinks long in another thread and acts once it answers."""
        state = self.state if state is None else state
        actor = current_actor(state)
        assert actor is not None and actor in self.bots
        bot = self.bots[actor]
        action = self._courteous(lambda: bot.choose(state, actor), state)
        assert action is not None
        return action

    def _courteous(self, ask: Callable[[], Action | None], state: GameState | None = None) -> Action | None:
        """The bot's answer, asked again while it is an offer the courtesy rules hold back (the bot moves
        on to its next wish or its move: each answer spends its turn's budget or its wish's try)."""
        for _ in range(MAX_ASKS):
            action = ask()
            if not isinstance(action, ProposeTrade) or self.courtesy.allows(
                self.state if state is None else state, action
            ):
                return action
        raise RuntimeError("a computer player keeps offering trades it may not make")

    def bots_manage(self, *, limit: int = 3) -> tuple[Event, ...]:
        """Between turns, each bot not on move may build, mortgage or propose a trade (a few actions each)."""
        events: list[Event] = []
        for seat, bot in self.bots.items():
            for _ in range(limit):
                if situation(self.state) != "calm" or seat == current_actor(self.state):
                    break
                if self.state.players[seat].bankrupt:
                    break
                action = self._courteous(lambda: bot.manage(self.state, seat))  # noqa: B023
                if action is None:
                    break
                events += self.act(action)
        return tuple(events)

    def net_worths(self) -> tuple[int, ...]:
        return tuple(net_worth(self.state, seat) for seat in range(len(self.state.players)))
