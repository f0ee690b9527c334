"""The journal (save format 3): a save that grows by a line per action instead of being rewritten.

The first line is the head, written once: `format_version` 3, the `board_hash`, the `seats` and the
record's fields but its actions (format, board_id, rules, players, seed, undone, position), ending in
its `digest` (sha256 of the line before it). Every further line is one entry of the game, compact JSON:

    {"actions":12,"round":3,"turn":1,"winner":null,"action":{...},"chain":"<64 hex>","seal":"<32 hex>"}

`action` (an action played) or `undo` (the position of the action taken back, always the last one);
`actions`, `round`, `turn` and `winner` are what the record and the game are after the entry (turn and
winner as seats, null when none), so the list reads them from the last line alone. `chain` is the
sha256 of the previous line's chain (the head's digest for the first) and this line's text before
`,"chain"`: a line edited, inserted or removed in the middle breaks every chain after it. `seal` is
the keyed hash of the chain (saves/seal.py), empty when the folder has no key.

A line is written whole with one write and the file is fsynced after each person's action, so a
process killed mid-write leaves at most a cut-off last line, without its newline: it is dropped (the
game loads up to the last whole action, with a notice) and the next save writes the journal afresh.
Nothing else is forgiven: a line that is not as the game writes it is refused, naming the line.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

from pydantic import ConfigDict, Field, TypeAdapter, ValidationError

from ..boardfile import board_hash as compute_board_hash
from ..engine import Action, Board, GameRecord, GameState
from ..engine.action_json import action_data
from ..engine.record import Undone
from ..engine.turn import rounds_played
from .decoding import field_path, inconsistent, validated
from .errors import error
from .format import Name, SaveSeat, SeatLike, board_hashes, check_board, check_start, seat_data
from .seal import seal, sealed

JOURNAL_VERSION = 3
MAX_HEAD_BYTES = 64 * 1024
"""The longest head line (eight players and the rules take about 2 KB): the list reads it at once."""
MAX_LINE_BYTES = 4 * 1024 * 1024
"""The longest entry line (an action takes at most about 1 KB, a checkpoint a few KB in a long game)."""


class JournalHead(GameRecord):
    """The head line, every type checked strictly, nothing else allowed (no actions: they follow)."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    format_version: int
    format: int
    board_hash: str = Field(pattern=r"^[0-9a-f]{64}$")
    seats: tuple[SaveSeat, ...] = Field(min_length=1)
    players: tuple[Name, ...]
    digest: str = Field(pattern=r"^[0-9a-f]{64}$")


# --- writing ----------------------------------------------------------------------------------------


def compact(data: dict[str, Any]) -> bytes:
    """data as one line of JSON without its closing brace (the chain and the seal follow)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")[:-1]


def head_line(*, board: Board, seats: Sequence[SeatLike], record: GameRecord) -> tuple[bytes, str]:
    """The head line of a journal for this game, and its digest (where the chain starts)."""
    if record.board_id != board.id:
        raise ValueError(f"the record is for board {record.board_id!r}, not {board.id!r}")
    if len(seats) != len(record.players):
        raise ValueError(f"{len(seats)} seats, {len(record.players)} players in the record: they must agree")
    data: dict[str, Any] = {
        "format_version": JOURNAL_VERSION,
        "board_hash": compute_board_hash(board),
        "seats": [seat_data(s) for s in seats],
        **record.model_dump(mode="json", exclude={"actions", *(() if record.position else ("position",))}),
    }
    body = compact(data)
    digest = hashlib.sha256(body).hexdigest()
    return body + f',"digest":"{digest}"}}\n'.encode(), digest


def summary(state: GameState, actions: int) -> dict[str, Any]:
    """What an entry says of the game after it (checked against the replay when the game is loaded)."""
    return {
        "actions": actions,
        "round": rounds_played(state),
        "turn": None if state.is_over else state.turn,
        "winner": state.winner,
    }


def action_body(action: Action, after: GameState, actions: int) -> bytes:
    """The text of an action's line before its chain: `actions` is the record's count after it."""
    return compact({**summary(after, actions), "action": action_data(action)})


def undo_body(undone: int, after: GameState) -> bytes:
    """The text of an undo's line before its chain: the action at `undone` (the last) was taken back."""
    return compact({**summary(after, undone), "undo": undone})


def link(previous: str, body: bytes) -> str:
    """The chain value of a line whose text before `,"chain"` is body, after a line whose is previous."""
    return hashlib.sha256(previous.encode("ascii") + body).hexdigest()


def chained(previous: str, body: bytes, key: bytes | None) -> tuple[bytes, str]:
    """The whole line of an entry after the line whose chain is `previous`, and its own chain."""
    chain = link(previous, body)
    mark = seal(key, chain) if key is not None else ""
    return body + f',"chain":"{chain}","seal":"{mark}"}}\n'.encode(), chain


# --- reading ----------------------------------------------------------------------------------------

_NUMBER = rb"(0|[1-9][0-9]*)"
_SEAT = rb"(null|0|[1-9][0-9]*)"
_LINE = re.compile(
    rb'\{"actions":'
    + _NUMBER
    + rb',"round":'
    + _NUMBER
    + rb',"turn":'
    + _SEAT
    + rb',"winner":'
    + _SEAT
    + rb',"(action|undo|checkpoint)":(.+),"chain":"([0-9a-f]{64})","seal":"((?:[0-9a-f]{32})?)"\}'
)
"""An entry line exactly as the game writes it (the action itself is checked by the engine's model)."""
_CHAIN = b',"chain":"'
_ACTIONS = TypeAdapter(list[Action])


@dataclass(frozen=True)
class Entry:
    """What an entry line says of the game after it, with its chain and seal."""

    actions: int
    round: int
    turn: int | None
    winner: int | None
    chain: str
    seal: str
    undo: int | None
    """The position of the action taken back (an undo line), else None."""
    action: bytes
    """The action's JSON (an action line), else b""."""
    checkpoint: bytes = b""
    """The checkpoint's JSON (a checkpoint line: saves/checkpoint.py), else b""."""

    @classmethod
    def parse(cls, line: bytes) -> Entry | None:
        """The entry of a line laid out as the game writes it, else None."""
        match = _LINE.fullmatch(line)
        if match is None or len(line) > MAX_LINE_BYTES:
            return None
        actions, round_, turn, winner, kind, what, chain, mark = match.groups()
        undo = None
        if kind == b"checkpoint":
            what, checkpoint = b"", what
        else:
            checkpoint = b""
        if kind == b"undo":
            if not what.isdigit() or (what.startswith(b"0") and what != b"0"):
                return None
            undo = int(what)
        return cls(
            actions=int(actions),
            round=int(round_),
            turn=None if turn == b"null" else int(turn),
            winner=None if winner == b"null" else int(winner),
            chain=chain.decode("ascii"),
            seal=mark.decode("ascii"),
            undo=undo,
            action=what if undo is None else b"",
            checkpoint=checkpoint,
        )

    def summary(self) -> dict[str, Any]:
        return {"actions": self.actions, "round": self.round, "turn": self.turn, "winner": self.winner}


def is_journal(raw: bytes) -> bool:
    """Does the file start with a journal's head (format 3)? Else it is a save written whole."""
    first = raw[: MAX_HEAD_BYTES + 1].split(b"\n", 1)[0]
    if not first.startswith(b"{") or not first.endswith(b"}"):
        return False
    try:
        data = json.loads(first)
    except (ValueError, RecursionError):
        return False
    version = data.get("format_version") if isinstance(data, dict) else None
    return type(version) is int and version == JOURNAL_VERSION


@dataclass(frozen=True)
class Journal:
    """A journal read and checked (but not replayed)."""

    head: JournalHead
    record: GameRecord
    last: Entry | None
    """The last whole entry (None: no action yet)."""
    chain: str
    """The chain value of the last whole line, where the next line links on."""
    size: int
    """Bytes up to the end of the last whole line."""
    torn: bool
    """A cut-off last line was dropped."""
    sealed: bool
    """The last line carries this folder's seal: the game wrote, and checked, every line."""
    checkpoints: tuple[tuple[int, bytes, bool], ...] = ()
    """Every checkpoint line: the count of actions it stands after, its JSON, and whether the record
    still holds those actions (an undo below it makes it stale)."""


def read_head(path: Path, line: bytes, board: Board, expected: tuple[str, ...] | None) -> JournalHead:
    """The head line checked: types, digest, board, seats, a game that can start."""
    if len(line) > MAX_HEAD_BYTES:
        inconsistent(path, "head too long")
    try:
        line.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error("not_utf8", f"{path}: not UTF-8 (bad byte at offset {exc.start})", path) from None
    head = validated(JournalHead, path, line)
    if "actions" in head.model_fields_set:
        raise error("unknown_field", f"{path}: actions in the head", path, field="actions")
    text = f',"digest":"{head.digest}"}}'.encode()
    if not line.endswith(text) or hashlib.sha256(line[: -len(text)]).hexdigest() != head.digest:
        inconsistent(path, "head digest")
    check_board(path, head, board, expected or board_hashes(board))
    if tuple(s.name for s in head.seats) != head.players:
        inconsistent(path, "seats/players")
    check_start(path, board, head)
    return head


def read_journal(
    path: Path, raw: bytes, board: Board, expected: tuple[str, ...] | None = None, *, key: bytes | None = None
) -> Journal:
    """Every check of a whole journal but the replay: the head, and every line's layout, chain and counts.

    A journal whose last line carries the seal of `key` (this folder's) was written by this game, line by
    line as it shows: every line's chain is checked, and the actions are parsed all at once."""
    lines = raw.split(b"\n")
    rest = lines.pop()  # b"" when the file ends with a whole line
    if not lines:
        raise error("truncated", f"{path}: the journal's head is cut off", path)
    head = read_head(path, lines[0], board, expected)
    body = lines[1:]
    last = Entry.parse(body[-1]) if body else None
    if body and last is None:
        _bad_line(path, len(lines), "layout")
    ours = last is not None and sealed(key, last.chain, last.seal)
    chain = head.digest
    texts: list[bytes] = []
    numbers: list[int] = []  # the line of each action
    undos: list[tuple[int, int]] = []  # (how many actions before it, the position taken back)
    checkpoints: list[list[Any]] = []
    count = 0
    for number, line in enumerate(body, start=2):
        entry = None
        if ours:  # our own layout: the chain alone shows a change
            cut = line.rfind(_CHAIN)
            at = line.find(b',"action":', 0, cut)
            if cut < 0 or at < 0 or 0 <= line.find(b',"checkpoint":', 0, at) < at:
                entry = Entry.parse(line)  # an undo or a checkpoint
                if entry is None:
                    _bad_line(path, number, "layout")
        else:
            entry = Entry.parse(line)
            if entry is None:
                _bad_line(path, number, "layout")
            cut = len(line) - len(entry.seal) - 86  # ,"chain":"<64>","seal":"…"}
        if link(chain, line[:cut]).encode("ascii") != line[cut + 10 : cut + 74]:
            _bad_line(path, number, "chain")
        chain = line[cut + 10 : cut + 74].decode("ascii")
        if entry is None:
            texts.append(line[at + 10 : cut])
            numbers.append(number)
            count += 1
            continue
        if entry.checkpoint:
            checkpoints.append([count, entry.checkpoint, True])
        elif entry.undo is None:
            texts.append(entry.action)
            numbers.append(number)
            count += 1
        elif entry.undo == count - 1:
            undos.append((len(texts), entry.undo))
            count -= 1
            for stale in checkpoints:
                stale[2] = stale[2] and stale[0] <= count
        else:
            _bad_line(path, number, "undo")
        if entry.actions != count:
            _bad_line(path, number, "actions")
        check_summary(path, entry, head, number=number)
    played = _actions(path, texts, numbers)
    actions: list[Action] = []
    undone = list(head.undone)
    taken = 0
    for before, position in undos:  # the undos, where they stood among the actions
        actions += played[taken:before]
        taken = before
        undone.append(Undone(position=position, action=actions.pop()))
    actions += played[taken:]
    record = GameRecord.model_construct(
        **{name: getattr(head, name) for name in GameRecord.model_fields},
    ).model_copy(update={"actions": tuple(actions), "undone": tuple(undone)})
    if last is not None and last.actions != len(actions):
        _bad_line(path, len(lines), "actions")
    return Journal(
        head,
        record,
        last,
        chain,
        len(raw) - len(rest),
        torn=bool(rest),
        sealed=ours,
        checkpoints=tuple((c, text, usable) for c, text, usable in checkpoints),
    )


def _actions(path: Path, texts: list[bytes], numbers: list[int]) -> list[Action]:
    """The actions of the lines, checked by the engine's model (strictly), all at once: each different
    text once (a game repeats its actions: «end the turn», «throw the dice»; actions are immutable, so
    equal ones may be one object)."""
    if not texts:
        return []
    first_line: dict[bytes, int] = {}
    for text, number in zip(texts, numbers, strict=True):
        first_line.setdefault(text, number)
    unique = list(first_line)
    try:
        parsed = _ACTIONS.validate_json(b"[" + b",".join(unique) + b"]", strict=True)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        loc = first.get("loc", ())
        number = first_line[unique[loc[0]]] if loc and isinstance(loc[0], int) else numbers[0]
        _bad_line(path, number, f"action: {first['msg']} at {field_path(loc[1:])}")
    action_of = dict(zip(unique, parsed, strict=True))
    return [action_of[text] for text in texts]


def _bad_line(path: Path, number: int, detail: str) -> NoReturn:
    raise error(
        "journal_line", f"{path}: line {number} is not as the game writes it ({detail})", path, line=number
    )


def check_summary(path: Path, entry: Entry, head: JournalHead, *, number: int | None) -> None:
    """An entry's summary makes sense on its own: seats that exist, a winner exactly when it is over, no
    more rounds than actions (unless the game started from a position, at any round). number: the
    entry's line, when known."""
    players = len(head.players)
    problem = None
    if (entry.turn is None) != (entry.winner is not None) or any(
        seat is not None and seat >= players for seat in (entry.turn, entry.winner)
    ):
        problem = "turn/winner"
    elif head.position is None and entry.round > entry.actions + 1:
        problem = "round/actions"
    if problem is not None:
        if number is None:
            inconsistent(path, f"journal end: {problem}")
        _bad_line(path, number or 0, problem)


def check_replayed(path: Path, journal: Journal, state: GameState) -> None:
    """The last entry says what the replayed game is (the list shows it): refused otherwise."""
    if journal.last is None:
        return
    said = {k: getattr(journal.last, k) for k in ("actions", "round", "turn", "winner")}
    if said != summary(state, len(journal.record.actions)):
        inconsistent(path, "journal summary/replay")
