"""Checkpoints in a journal: where the game stood every so many actions, so a resume replays the tail only.

Every CHECKPOINT_EVERY actions the game appends a checkpoint line (saves/journal.py): the summary like
any line, then `"checkpoint": {"position": <MPN>, "worth": [...], "refused": [...]}` — the position
(engine.position) after that many actions, the players' net worth at the start of each round since the
previous checkpoint (the game-over chart), and the computer players' record of refused offers (the
courtesy rules). The chain covers it like any line.

A checkpoint is used only in a journal sealed by this folder (saves/seal.py: this game wrote and checked
every line): the game is then rebuilt from the last checkpoint that leaves at least RESUME_TAIL actions
to replay (the log tells the last ones), its position read back by `from_position`, which refuses any
position that could not happen. Any other journal is replayed whole and checked, and each of its
checkpoints must be the position the replay reaches there: one that disagrees is refused.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from ..engine import Board, GameState, ProposeTrade, from_position, position
from ..engine.action_json import action_data
from ..engine.actions import TradeOffer
from .decoding import inconsistent
from .journal import Journal, compact, summary

CHECKPOINT_EVERY = 1000
"""Actions between two checkpoints."""
RESUME_TAIL = 1000
"""At least this many last actions are replayed on resuming (the game's log tells them)."""


class Checkpoint(BaseModel):
    """A checkpoint line's JSON, checked strictly."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    position: str
    worth: tuple[tuple[int, ...], ...]
    """Net worths at the start of each round since the previous checkpoint (of every line written)."""
    refused: tuple[tuple[int, int, TradeOffer], ...] = ()
    """Each offer a person refused a computer player so far: (the person, the round, the offer)."""


def checkpoint_body(
    state: GameState,
    actions: int,
    *,
    worth: list[tuple[int, ...]],
    refused: dict[int, list[tuple[int, ProposeTrade]]],
) -> bytes:
    """The text of a checkpoint's line before its chain, after `actions` actions ending in `state`;
    `worth` are the net worths since the previous checkpoint line."""
    data: dict[str, Any] = {
        "position": position(state),
        "worth": [list(w) for w in worth],
        "refused": [
            [person, round_, action_data(offer)]
            for person, offers in sorted(refused.items())
            for round_, offer in offers
        ],
    }
    return compact({**summary(state, actions), "checkpoint": data})


def _read(path: Path, text: bytes) -> Checkpoint:
    try:
        return Checkpoint.model_validate_json(text, strict=True)
    except ValidationError:
        inconsistent(path, "checkpoint")


def resume_point(
    path: Path, journal: Journal, board: Board
) -> tuple[int, GameState, list[tuple[int, ...]], dict[int, list[tuple[int, ProposeTrade]]]] | None:
    """Where a sealed journal's resume may start: (actions before it, the state there, the net worths
    so far, the refused offers), or None when no checkpoint leaves RESUME_TAIL actions to replay."""
    total = len(journal.record.actions)
    usable = [
        i for i, (at, _, fresh) in enumerate(journal.checkpoints) if fresh and at <= total - RESUME_TAIL
    ]
    if not usable:
        return None
    chosen = usable[-1]
    worth: list[tuple[int, ...]] = []
    for _, text, _ in journal.checkpoints[:chosen]:
        worth += _read(path, text).worth
    at, text, _ = journal.checkpoints[chosen]
    point = _read(path, text)
    worth += point.worth
    try:
        state = from_position(point.position, board)
    except ValueError:
        inconsistent(path, "checkpoint")
    refused: dict[int, list[tuple[int, ProposeTrade]]] = {}
    for person, round_, offer in point.refused:
        refused.setdefault(person, []).append((round_, offer))
    return at, state, worth, refused


def check_checkpoints(path: Path, journal: Journal, states: tuple[GameState, ...]) -> None:
    """In a journal replayed whole, every checkpoint still standing is the position the replay reaches."""
    for at, text, fresh in journal.checkpoints:
        if fresh and (at >= len(states) or _read(path, text).position != position(states[at])):
            inconsistent(path, "checkpoint/replay")


def checkpoint_marks(path: Path, journal: Journal) -> tuple[int, int]:
    """(how many actions the last checkpoint line stands after, how many net worths all of them hold),
    for appending the next one."""
    if not journal.checkpoints:
        return 0, 0
    covered = sum(len(_read(path, text).worth) for _, text, _ in journal.checkpoints)
    return journal.checkpoints[-1][0], covered
