"""The engine's unchecked fast path (the bots' own loop in simulations and benchmarks) against the checked,
immutable `apply`: every benchmark game played through it must reach, action by action, exactly the same
states and events when its actions are replayed through `apply`; and played as simulate plays it (one
table carried through the actions, a state frozen only when a bot has something to decide), it must end
in exactly that state, with the same counts.
"""

from __future__ import annotations

import pytest
from factory import board

from monopoly_tui.bots import BOT_NAMES, Bot, BotKind, GameStats, make_bot, play_game
from monopoly_tui.engine import Action, GameState, apply, new_game

PLAYERS = 4


def fast_then_checked(kind: BotKind, seed: int) -> int:
    """Play the game through the fast path, then replay its actions through apply, comparing each state
    (events included); then play it unobserved, as simulate does, to the same final state and counts.
    The number of actions compared."""
    names = [f"{BOT_NAMES[kind]} {seat + 1}" for seat in range(PLAYERS)]
    bots = [make_bot(kind, seed, seat) for seat in range(PLAYERS)]
    played: list[tuple[Action, GameState]] = []
    final, stats = play_game(
        board(),
        names,
        bots,
        seed,
        board().rules,
        checked=False,
        observe=lambda action, after: played.append((action, after)),
    )
    state = new_game(board(), names, seed=seed)
    for number, (action, fast) in enumerate(played, start=1):
        state = apply(state, action)
        assert state == fast, f"{kind} game {seed}: action {number} ({action}) made another state"
        assert state.events == fast.events
    assert state == final and state.to_json() == final.to_json()
    unobserved = [make_bot(kind, seed, seat) for seat in range(PLAYERS)]
    lazy, lazy_stats = play_game(board(), names, unobserved, seed, board().rules, checked=False)
    assert lazy == final and lazy.events == final.events and lazy.to_json() == final.to_json()
    assert lazy_stats == stats and stats.rolls > 0
    return len(played)


def test_the_speed_benchmarks_simple_games_through_the_fast_path_are_the_checked_games() -> None:
    """benchmarks/bench_bots.py --speed and bench_peer.py play seeds 0..39 with four «Простой»."""
    assert sum(fast_then_checked("simple", seed) for seed in range(40)) > 40_000


@pytest.mark.slow
def test_the_benchmarks_strong_games_through_the_fast_path_are_the_checked_games() -> None:
    """bench_peer.py plays seeds 0..9 with four «Сильный» (about 7 000 actions: they trade groups and
    end games by bankruptcy sooner than they used to)."""
    assert sum(fast_then_checked("strong", seed) for seed in range(10)) > 5_000


class ProtocolOnly:
    """A bot seen only through the Bot protocol (choose, manage): the loop finds none of the shortcuts a
    bot may offer it for a calm situation (choose_calm, manage_calm) and asks as any other caller would."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    @property
    def kind(self) -> BotKind:
        return self.bot.kind

    def choose(self, state: GameState, seat: int) -> Action:
        return self.bot.choose(state, seat)

    def manage(self, state: GameState, seat: int) -> Action | None:
        return self.bot.manage(state, seat)


def played(
    kinds: list[BotKind], seed: int, *, protocol_only: bool
) -> tuple[list[Action], GameState, GameStats]:
    """A game of these bots as simulate plays it: its actions, its final state and its counts."""
    names = [f"{BOT_NAMES[kind]} {seat + 1}" for seat, kind in enumerate(kinds)]
    bots: list[Bot] = [make_bot(kind, seed, seat) for seat, kind in enumerate(kinds)]
    if protocol_only:
        bots = [ProtocolOnly(bot) for bot in bots]
    actions: list[Action] = []
    final, stats = play_game(
        board(), names, bots, seed, checked=False, observe=lambda action, after: actions.append(action)
    )
    return actions, final, stats


@pytest.mark.parametrize(
    ("kinds", "seeds"),
    [
        (["simple"] * 4, range(12)),
        (["strong", "simple", "simple"], range(2)),
        (["simple", "strong", "simple", "simple", "simple", "simple"], range(1)),
    ],
)
def test_the_loops_shortcuts_play_the_games_the_bot_protocol_plays(
    kinds: list[BotKind], seeds: range
) -> None:
    """The loop asks a bot for its calm-situation answers directly when the bot offers them, and goes
    straight on when no seat managed at a turn change: every action, the final state and the counts are
    those of the same bots asked only through choose and manage."""
    compared = 0
    for seed in seeds:
        shortcut, final, stats = played(kinds, seed, protocol_only=False)
        plain, final_plain, stats_plain = played(kinds, seed, protocol_only=True)
        assert shortcut == plain, f"game {seed}"
        assert final.to_json() == final_plain.to_json()
        assert stats == stats_plain
        compared += len(shortcut)
    assert compared > 400 * len(seeds)


def test_games_ended_by_the_turn_limit_end_alike_through_the_fast_path() -> None:
    """The loop carries out a resting player's throw and end of turn itself; an end of turn that
    reaches the rules' turn limit ends the game there, as the checked `apply` ends it: the same final
    state, events and counts, played unobserved through the fast path and checked."""
    rules = board().rules
    limited = rules.model_copy(update={"end": rules.end.model_copy(update={"turn_limit": 12})})
    names = [f"{BOT_NAMES['simple']} {seat + 1}" for seat in range(PLAYERS)]
    ended = 0
    for seed in range(6):
        fast, fast_stats = play_game(
            board(),
            names,
            [make_bot("simple", seed, s) for s in range(PLAYERS)],
            seed,
            limited,
            checked=False,
        )
        slow, slow_stats = play_game(
            board(), names, [make_bot("simple", seed, s) for s in range(PLAYERS)], seed, limited, checked=True
        )
        assert fast == slow and fast.events == slow.events and fast.to_json() == slow.to_json()
        assert fast_stats == slow_stats
        ended += fast_stats.ended == "turn_limit"
    assert ended == 6
