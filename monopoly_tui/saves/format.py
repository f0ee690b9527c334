"""Saves written whole (formats 1 and 2) and the checks every format shares: what such a save holds,
how it is written out, and why one is refused. (Games are saved as journals now: saves/journal.py.)

A save written whole is one JSON object: the engine's GameRecord (format, board_id, rules, players,
seed, actions, undone) plus `format_version`, the `board_hash` of the board it was played on, the
`seats` (name, token, colour, bot kind) and a `header` for the list of saved games (names, round, date,
whose turn, finished, winner, number of actions) with its `digest`: a sha256 of the header and every
field but the actions, so a header edited by hand (a game marked finished, another round) is refused.
The state is not stored: loading replays the record.

Every field is checked, strictly (booleans are not numbers, strings are not numbers, nested rules too):
names are normalised (monopoly_tui.names) and at most MAX_NAME_LENGTH long, colours are #rgb/#rrggbb,
tokens one or two printable characters; then the board id and hash, parts that agree (seats, header
and record name the same players, the header counts the actions and says consistently who moves and
who won), players, seed and rules that can start a game, and finally (load_save only) the replay of
every action, an illegal one named by its number.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Protocol

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from ..boardfile import board_hash as compute_board_hash
from ..boardfile import first_release_board_hash
from ..bots.base import BotKind
from ..engine import Action, Board, GameRecord, GameState, new_game
from ..engine.action_json import action_data
from ..engine.record import RECORD_FORMAT
from ..engine.turn import rounds_played
from ..names import MAX_NAME_LENGTH, normalise_name, printable
from .decoding import DuplicateKeyError, inconsistent, looks_truncated, no_duplicates, validated
from .errors import error

if TYPE_CHECKING:
    from ..session import Seat

FORMAT_VERSION = 3
"""The newest save format (3: the journal, saves/journal.py); files with a higher number come from a
newer version of the game."""
SNAPSHOT_VERSION = 2
"""The format of a save written whole, as one JSON object (dump_save): 2, the header has a digest.
Format 1 (no digest) is still read."""
READABLE_VERSIONS = (1, 2)


def _name(value: str) -> str:
    name = normalise_name(value)
    if not name:
        raise ValueError("a player's name cannot be blank")
    if len(name) > MAX_NAME_LENGTH:
        raise ValueError(f"a player's name has at most {MAX_NAME_LENGTH} characters")
    return name


def _token(value: str) -> str:
    if printable(value) != value or not value.strip():
        raise ValueError("a token is one or two printable characters")
    return value


Name = Annotated[str, AfterValidator(_name)]
"""A player's name as setup makes it (saves written with padding are read normalised)."""
Token = Annotated[str, Field(min_length=1, max_length=2), AfterValidator(_token)]
Color = Annotated[str, Field(pattern=r"^#(?:[0-9a-fA-F]{3}){1,2}$")]
"""#rgb or #rrggbb: anything else would not parse as a colour on screen."""


class SaveSeat(BaseModel):
    """How a player appears and who plays for them (the app's session.Seat, as stored)."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    name: Name
    token: Token
    color: Color
    bot: BotKind | None = None
    """None for a person; otherwise the bot kind ("simple", "strong"); an unknown kind is refused."""
    no_bot_offers: bool = False
    """A person who asked computer players not to offer them trades (written only when true)."""

    def as_session_seat(self) -> Seat:
        """The app's Seat (monopoly_tui.session), for GameSession."""
        from ..session import Seat

        return Seat(
            name=self.name, token=self.token, color=self.color, bot=self.bot, no_bot_offers=self.no_bot_offers
        )


class SaveHeader(BaseModel):
    """What the list of saved games shows without replaying the game."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    players: tuple[Name, ...]
    round: int = Field(ge=1)
    saved_at: datetime
    """Local time with its UTC offset, to the second."""
    turn: Name | None
    """The name of the player whose turn it is; None once the game is over."""
    finished: bool
    winner: Name | None
    actions: int = Field(ge=0)
    """How many actions the record holds."""
    digest: str | None = Field(default=None, pattern=r"^[0-9a-f]{64}$")
    """sha256 of the save without its actions and this digest (format 2; None in format 1)."""


class _SaveFile(GameRecord):
    """The whole file: the record's fields plus ours, every type checked strictly, nothing else allowed."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    format: int  # required here (the record's defaults suit a game in memory, not a file)
    players: tuple[Name, ...]
    actions: tuple[Action, ...]
    format_version: int
    board_hash: str = Field(pattern=r"^[0-9a-f]{64}$")
    header: SaveHeader
    seats: tuple[SaveSeat, ...] = Field(min_length=1)

    def record(self) -> GameRecord:
        return GameRecord.model_construct(**{name: getattr(self, name) for name in GameRecord.model_fields})


class _SaveHead(_SaveFile):
    """The start of a large save (everything before its actions), for the list."""

    actions: tuple[Action, ...] = ()


class SeatLike(Protocol):
    """What write_save needs of a seat (session.Seat and SaveSeat both qualify)."""

    @property
    def name(self) -> str: ...
    @property
    def token(self) -> str: ...
    @property
    def color(self) -> str: ...
    @property
    def bot(self) -> str | None: ...


# --- writing ----------------------------------------------------------------------------------------


def seat_data(seat: SeatLike) -> dict[str, Any]:
    """A seat as stored; no_bot_offers only when set, so other saves stay as they were."""
    no_offers = getattr(seat, "no_bot_offers", False)
    data = {"name": seat.name, "token": seat.token, "color": seat.color, "bot": seat.bot}
    data = SaveSeat.model_validate({**data, "no_bot_offers": no_offers}).model_dump(mode="json")
    if not no_offers:
        del data["no_bot_offers"]
    return data


def header_of(state: GameState, record: GameRecord, saved_at: datetime) -> SaveHeader:
    """The header of a game, derived from its state and record."""
    finished = state.is_over
    return SaveHeader(
        players=tuple(p.name for p in state.players),
        round=rounds_played(state),  # the same count as the game-over screen's
        saved_at=saved_at,
        turn=None if finished else state.players[state.turn].name,
        finished=finished,
        winner=None if state.winner is None else state.players[state.winner].name,
        actions=len(record.actions),
    )


def _digest(data: dict[str, Any]) -> str:
    """sha256 of every field but the actions (and the digest itself), in a canonical JSON form."""
    head = {k: v for k, v in data.items() if k not in ("actions",)}
    head["header"] = {k: v for k, v in head["header"].items() if k != "digest"}
    text = json.dumps(head, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def action_line(action: Action) -> str:
    """One action as dump_save writes it (callers saving often may keep these instead of remaking them)."""
    return f"  {json.dumps(action_data(action), ensure_ascii=False)}"


def dump_save(
    *,
    board: Board,
    seats: Sequence[SeatLike],
    state: GameState,
    record: GameRecord,
    saved_at: datetime | None = None,
    action_lines: Sequence[str] | None = None,
) -> str:
    """The text of a save file (what write_save writes): one key per line, the actions last, one a line
    (so the list reads a large save's head alone); `action_lines`, when given, are action_line() of
    record.actions."""
    if record.board_id != board.id:
        raise ValueError(f"the record is for board {record.board_id!r}, not {board.id!r}")
    if len(seats) != len(record.players) or len(state.players) != len(record.players):
        raise ValueError(
            f"{len(seats)} seats, {len(state.players)} players in the state, "
            f"{len(record.players)} in the record: they must be the same"
        )
    if action_lines is not None and len(action_lines) != len(record.actions):
        raise ValueError(f"{len(action_lines)} action lines for {len(record.actions)} actions")
    when = (saved_at or datetime.now()).astimezone().replace(microsecond=0)
    data: dict[str, Any] = {
        "format_version": SNAPSHOT_VERSION,
        "board_hash": compute_board_hash(board),
        "header": header_of(state, record, when).model_dump(mode="json"),
        "seats": [seat_data(s) for s in seats],
        **record.model_dump(mode="json", exclude={"actions", *(() if record.position else ("position",))}),
    }
    data["header"]["digest"] = _digest(data)
    lines = [f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}" for key, value in data.items()]
    if record.actions:
        items = action_lines if action_lines is not None else [action_line(a) for a in record.actions]
        lines.append(' "actions": [\n' + ",\n".join(items) + "\n ]")
    else:
        lines.append(' "actions": []')
    return "{\n" + ",\n".join(lines) + "\n}\n"


# --- checking ---------------------------------------------------------------------------------------


def board_hashes(board: Board) -> tuple[str, ...]:
    """The board hashes a save of this board may carry: today's, and the first release's (whose hash
    covered the default rules too)."""
    return (compute_board_hash(board), first_release_board_hash(board))


def decode(path: Path, raw: bytes) -> tuple[str, dict[str, Any]]:
    """The file's text and JSON object, of a format this version reads (SaveError otherwise)."""
    if not raw.strip():
        raise error("empty", f"{path}: the file is empty", path)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        if exc.reason == "unexpected end of data" and exc.end >= len(raw):
            raise error("truncated", f"{path}: cut off inside a UTF-8 character at the end", path) from None
        raise error("not_utf8", f"{path}: not UTF-8 (bad byte at offset {exc.start})", path) from None
    try:
        data = json.loads(text, object_pairs_hook=no_duplicates)
    except json.JSONDecodeError as exc:
        if looks_truncated(text, exc):
            raise error(
                "truncated", f"{path}: cut off (JSON ends at line {exc.lineno}: {exc.msg})", path
            ) from None
        raise error(
            "not_json", f"{path}: not JSON: {exc.msg} at line {exc.lineno}", path, line=exc.lineno
        ) from None
    except DuplicateKeyError as exc:
        field = printable(exc.key)[:80]
        raise error("duplicate_key", f"{path}: key {field!r} appears twice", path, field=field) from None
    except RecursionError:
        raise error("not_json", f"{path}: JSON nested too deeply", path, line="?") from None
    if not isinstance(data, dict) or "format_version" not in data:
        raise error("foreign", f"{path}: not a monopoly-tui save (no format_version)", path)
    version = data["format_version"]
    if type(version) is not int:
        raise error("bad_field", f"{path}: format_version is not a number", path, field="format_version")
    if version > FORMAT_VERSION:
        raise error(
            "newer_version",
            f"{path}: save format {version} is newer than this version of the game ({FORMAT_VERSION})",
            path,
            version=version,
            supported=FORMAT_VERSION,
        )
    if version not in READABLE_VERSIONS:
        raise error("unknown_version", f"{path}: unknown save format {version}", path, version=version)
    return text, data


def validate(
    path: Path, text: str, data: dict[str, Any], board: Board, expected_hash: tuple[str, ...] | None = None
) -> _SaveFile:
    """Every check of a whole save (its text and JSON, from decode) but the replay; returns the file."""
    save = validated(_SaveFile, path, text)
    _check_parts(path, save, data, board, expected_hash)
    if save.header.actions != len(save.actions):
        inconsistent(path, "header.actions/actions")
    return save


def validate_head(
    path: Path, text: str, data: dict[str, Any], board: Board, expected_hash: tuple[str, ...]
) -> SaveHeader:
    """The checks the start of a save allows (everything before its actions), for the list."""
    save = validated(_SaveHead, path, text)
    _check_parts(path, save, data, board, expected_hash)
    return save.header


class RecordParts(Protocol):
    """The fields a save of any format has for its record."""

    @property
    def format(self) -> int: ...
    @property
    def board_id(self) -> str: ...
    @property
    def board_hash(self) -> str: ...


def check_board(path: Path, save: RecordParts, board: Board, expected_hash: tuple[str, ...] | None) -> None:
    """The record's format, board id and board hash are this version's and this board's."""
    if save.format != RECORD_FORMAT:
        raise error(
            "unknown_version", f"{path}: unknown record format {save.format}", path, version=save.format
        )
    if save.board_id != board.id:
        raise error(
            "other_board",
            f"{path}: saved on board {save.board_id!r}, the board now is {board.id!r}",
            path,
            saved=printable(save.board_id)[:80],
            current=board.id,
        )
    if save.board_hash not in (expected_hash or board_hashes(board)):
        raise error("board_changed", f"{path}: the board data changed since the game was saved", path)


def check_start(path: Path, board: Board, record: GameRecord) -> None:
    """Cheap (no action is applied): the record's players, seed and rules can start a game."""
    try:
        new_game(board, record.players, seed=record.seed, rules=record.rules)
    except ValueError as exc:
        raise error("cannot_start", f"{path}: the record cannot start a game: {exc}", path) from None


def _check_parts(
    path: Path, save: _SaveFile, data: dict[str, Any], board: Board, expected_hash: tuple[str, ...] | None
) -> None:
    check_board(path, save, board, expected_hash)
    header = save.header
    problems = []
    if tuple(s.name for s in save.seats) != save.players:
        problems.append("seats/players")
    if header.players != save.players:
        problems.append("header.players/players")
    if header.finished != (header.turn is None) or header.finished != (header.winner is not None):
        problems.append("header.finished/turn/winner")
    if any(name is not None and name not in save.players for name in (header.turn, header.winner)):
        problems.append("header.turn/winner/players")
    if save.position is None and header.round > header.actions + 1:  # a position may start at any round
        problems.append("header.round/actions")
    # the digest is over the fields as written (the model has defaults and normal forms)
    if save.format_version >= 2 and header.digest != _digest(data):
        problems.append("header.digest")
    if problems:
        inconsistent(path, ", ".join(problems))
    check_start(path, board, save)


_HEAD_END = re.compile(r',\n "actions": \[')


def head_text(raw: bytes) -> str | None:
    """The start of a save as dump_save writes it, up to its actions, closed into a JSON object; None
    when the bytes do not reach the actions or are not laid out that way."""
    try:
        text = raw.decode("utf-8-sig", errors="strict")
    except UnicodeDecodeError as exc:
        text = raw[: exc.start].decode("utf-8-sig", errors="ignore")
    match = _HEAD_END.search(text)
    return None if match is None else text[: match.start()] + "\n}"
