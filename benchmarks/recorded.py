"""The benchmark games counted by bench_instructions.py and bench_strong.py: seeds 0..N-1, four computer
players of one level, through the unchecked fast path as `simulate` plays them; their actions can be
noted and replayed through the engine alone."""

from __future__ import annotations

import pickle
from pathlib import Path

from monopoly_tui.boardfile import load_board
from monopoly_tui.bots import BOT_NAMES, BotKind, make_bot, play_game
from monopoly_tui.engine import Action, GameState, apply, new_game
from monopoly_tui.engine.game import apply_unchecked

PLAYERS = 4


def names(level: BotKind) -> list[str]:
    """The players' names in the benchmark games of `level`."""
    return [f"{BOT_NAMES[level]} {seat + 1}" for seat in range(PLAYERS)]


def play(level: BotKind, games: int, actions: list[list[Action]] | None = None) -> int:
    """Play games 0..games-1 with four bots of `level` as simulate does; their throws. With `actions`,
    each game's actions are noted there."""
    board = load_board()
    throws = 0
    for seed in range(games):
        bots = [make_bot(level, seed, seat) for seat in range(PLAYERS)]
        observe = None
        if actions is not None:
            noted: list[Action] = []
            actions.append(noted)

            def observe(action: Action, after: GameState, noted: list[Action] = noted) -> None:
                noted.append(action)

        _, stats = play_game(board, names(level), bots, seed, board.rules, checked=False, observe=observe)
        throws += stats.rolls
    return throws


def replay(level: BotKind, path: Path, games: int, checked: bool = False) -> None:
    """Replay the first `games` games recorded in `path` through apply_unchecked, or the checked apply
    (all of them are read either way)."""
    board = load_board()
    records: list[list[Action]] = pickle.loads(path.read_bytes())
    step = apply if checked else apply_unchecked
    for seed, actions in enumerate(records[:games]):
        state = new_game(board, names(level), seed=seed)
        for action in actions:
            state = step(state, action)
