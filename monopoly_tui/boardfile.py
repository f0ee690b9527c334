"""Reading board files (YAML) into the engine's Board model, with error messages a developer can act on.

The engine (monopoly_tui.engine) never touches files; this module does the I/O: it finds the shipped
board, parses YAML safely (SafeLoader only), validates against Board / Rules and turns every failure,
whatever it is, into a BoardFileError naming the file, the line, the square or card and the field.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.resources
import json
import os
import re
import stat
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from .engine.board import DECKS, Board
from .engine.rules import Rules

__all__ = [
    "DEFAULT_BOARD_FILE",
    "BoardFileError",
    "board_hash",
    "default_board_path",
    "load_board",
    "load_board_text",
    "load_rules",
    "load_rules_text",
]

DEFAULT_BOARD_FILE = "board_ru.yaml"
"""File name of the shipped board: data/ in the checkout, monopoly_tui/data/ inside the wheel."""
BOARD_LANGUAGE = "ru"
"""The language the shipped board is written in; `board_<language>.yaml` beside it gives the names and
texts in another language (every number stays in the shipped board)."""

MAX_FILE_BYTES = 1024 * 1024
"""A board or rules file is at most this long (the shipped board is about 20 KB)."""

MAX_REPORTED_ERRORS = 8
"""At most this many validation problems are listed in one BoardFileError."""

_Loader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""The safe loader, in C when PyYAML has libyaml (same behaviour, faster)."""

_M = TypeVar("_M", bound=BaseModel)


class BoardFileError(Exception):
    """A board or rules file that cannot be used. The message is for developers (English)."""

    def __init__(self, message: str, *, source: str = "", line: int | None = None) -> None:
        super().__init__(message)
        self.source = source
        """The file (or the name given for a string) the problem is in."""
        self.line = line
        """1-based line of the (first) problem when known."""


# --- finding the shipped board ------------------------------------------------------------------------


def _default_board_candidates(name: str = DEFAULT_BOARD_FILE) -> list[Path]:
    candidates: list[Path] = []
    try:
        packaged = importlib.resources.files("monopoly_tui").joinpath("data", name)
        if isinstance(packaged, Path):
            candidates.append(packaged)
        elif packaged.is_file():  # pragma: no cover - zipped package: not used by this project's installs
            candidates.append(Path(str(packaged)))
    except (ModuleNotFoundError, OSError, TypeError):  # pragma: no cover - defensive
        pass
    candidates.append(Path(__file__).resolve().parent.parent / "data" / name)
    return candidates


def default_board_path(name: str = DEFAULT_BOARD_FILE) -> Path:
    """The shipped board file (or another shipped file of data/, such as a board's translation): inside
    the installed package (wheel) first, else data/ of the checkout.

    Raises BoardFileError when neither exists.
    """
    candidates = _default_board_candidates(name)
    for candidate in candidates:
        if candidate.is_file():
            return candidate
    looked = ", ".join(str(c) for c in candidates)
    raise BoardFileError(f"the default board {name} was not found (looked in: {looked})")


# --- public loading API -----------------------------------------------------------------------------


def load_board(path: str | Path | None = None, *, language: str | None = None) -> Board:
    """Load and validate a board file; None loads the shipped board, in `language` (by default the
    messages' current language: see monopoly_tui.boardlang). Raises BoardFileError.

    Results are cached by file name and content, so loading an unchanged file again costs one read;
    a Board is immutable, so sharing it is safe. A board file given by path is shown as written.
    """
    file = default_board_path() if path is None else Path(path)
    board = _load_board_cached(_display_name(file), _read_bytes(file))
    if path is None:
        from .boardlang import translated

        board = translated(board, language)
    return board


def load_board_text(text: str, source: str = "<string>") -> Board:
    """Validate a board given as YAML text; `source` names it in error messages. Raises BoardFileError."""
    data, root = _parse(text, source)
    if not isinstance(data, Mapping):
        raise BoardFileError(
            f"{_where(source, root)}: the top level must be a mapping with id, name, groups, squares, "
            f"chance, community_chest and rules, not {_describe_type(data)}",
            source=source,
            line=_line(root),
        )
    if "rules" in data and data["rules"] is None:  # `rules:` with every option commented out: defaults
        data = {k: v for k, v in data.items() if k != "rules"}
    return _validate(Board, data, root, source, _board_context)


def load_rules(path: str | Path) -> Rules:
    """Load a standalone rules file (a mapping shaped like a board's `rules:` section).

    Raises BoardFileError.
    """
    file = Path(path)
    return load_rules_text(_read(file), source=str(file))


def load_rules_text(text: str, source: str = "<string>") -> Rules:
    """Validate rules given as YAML text; an empty document means all defaults. Raises BoardFileError."""
    data, root = _parse(text, source)
    if data is None:
        return Rules()
    if not isinstance(data, Mapping):
        raise BoardFileError(
            f"{_where(source, root)}: a rules file must be a mapping (start, go, jail, auction, rent, "
            f"free_parking, buildings, mortgage, end), not {_describe_type(data)}",
            source=source,
            line=_line(root),
        )
    return _validate(Rules, data, root, source, _rules_context)


def board_hash(board_or_path: Board | str | Path | None = None) -> str:
    """A stable sha256 (hex) of a board's canonical JSON; a path (or None, the default board) is loaded first.

    Saves keep it to notice that the board changed since the game was saved. The board's default rules
    are left out: a save keeps the rules its game was played by, so a new rules option or another
    default changes no saved game.
    """
    board = board_or_path if isinstance(board_or_path, Board) else load_board(board_or_path)
    from .boardlang import original

    return _sha256(original(board).model_dump_json(exclude={"rules"}))


RULES_ADDED: tuple[tuple[str, str], ...] = (
    ("rent", "double_rent_needs_bare_group"),
    ("start", "first_by_roll"),
)
"""Rules options (section, option) added since the first release, whose board_hash covered the whole
board, default rules included. Each new option's default keeps the behaviour of before."""


def first_release_board_hash(board: Board) -> str:
    """What the first release's board_hash gave for this board: its saves are still accepted."""
    from .boardlang import original

    data = original(board).model_dump(mode="json")
    for section, option in RULES_ADDED:
        data["rules"][section].pop(option, None)
    return _sha256(json.dumps(data, ensure_ascii=False, separators=(",", ":")))


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# --- reading and parsing ----------------------------------------------------------------------------


@functools.lru_cache(maxsize=16)
def _load_board_cached(source: str, raw: bytes) -> Board:
    return load_board_text(_decode(raw, source), source=source)


def _display_name(file: Path) -> str:
    """The path relative to the working directory when it is below it (shorter messages), else as given."""
    try:
        return str(file.resolve().relative_to(Path.cwd()))
    except (ValueError, OSError, RuntimeError):
        return str(file)


def _read(file: Path) -> str:
    return _decode(_read_bytes(file), str(file))


def _read_bytes(file: Path) -> bytes:
    """The bytes of a regular file of at most MAX_FILE_BYTES, opened without blocking (a FIFO, a device or
    a directory is refused at once, /dev/zero is not read for ever)."""
    flags = (
        os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    )
    try:
        fd = os.open(file, flags)
    except (FileNotFoundError, NotADirectoryError):
        raise BoardFileError(f"{file}: file not found", source=str(file)) from None
    except IsADirectoryError:
        raise BoardFileError(f"{file}: is a directory, not a file", source=str(file)) from None
    except OSError as exc:
        raise BoardFileError(f"{file}: cannot read: {exc.strerror or exc}", source=str(file)) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise BoardFileError(f"{file}: is a directory, not a file", source=str(file))
        if not stat.S_ISREG(info.st_mode):
            raise BoardFileError(
                f"{file}: not a regular file (a pipe, a device or a socket cannot be a board or rules file)",
                source=str(file),
            )
        if info.st_size > MAX_FILE_BYTES:
            raise _too_large(file)
        with os.fdopen(os.dup(fd), "rb") as stream:
            data = stream.read(MAX_FILE_BYTES + 1)
        if len(data) > MAX_FILE_BYTES:  # grew while being read
            raise _too_large(file)
        return data
    except OSError as exc:
        raise BoardFileError(f"{file}: cannot read: {exc.strerror or exc}", source=str(file)) from None
    finally:
        os.close(fd)


def _too_large(file: Path) -> BoardFileError:
    limit = MAX_FILE_BYTES // 1024
    return BoardFileError(
        f"{file}: larger than {limit} KB, too large for a board or rules file", source=str(file)
    )


def _decode(raw: bytes, source: str) -> str:
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise BoardFileError(
            f"{source}, line {line}: not UTF-8 text (bad byte at offset {exc.start})",
            source=source,
            line=line,
        ) from None


def _compose_and_construct(loader_class: type[yaml.SafeLoader], text: str) -> tuple[Any, yaml.Node | None]:
    loader = loader_class(text)
    try:
        root = loader.get_single_node()
        return (loader.construct_document(root) if root is not None else None), root
    finally:
        loader.dispose()


def _parse(text: str, source: str) -> tuple[Any, yaml.Node | None]:
    """Parse one YAML document safely; return the plain data and the node tree (for line numbers)."""
    try:
        try:
            data, root = _compose_and_construct(_Loader, text)
        except yaml.MarkedYAMLError:
            if _Loader is yaml.SafeLoader:
                raise
            # libyaml's messages are terser ("found character that cannot start any token", no tab named):
            # the pure-Python parser says the same thing better, and speed does not matter any more.
            data, root = _compose_and_construct(yaml.SafeLoader, text)
        if root is not None:
            _check_duplicate_keys(root, source)
    except BoardFileError:
        raise
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = " ".join(p for p in (exc.context, exc.problem) if p) or "syntax error"
        if mark is None:
            raise BoardFileError(f"{source}: not valid YAML: {problem}", source=source) from None
        raise BoardFileError(
            f"{source}, line {mark.line + 1}, column {mark.column + 1}: not valid YAML: {problem}",
            source=source,
            line=mark.line + 1,
        ) from None
    except yaml.reader.ReaderError as exc:  # a character YAML does not allow (no mark, a position)
        line = text[: exc.position].count("\n") + 1
        char = exc.character if isinstance(exc.character, int) else ord(str(exc.character)[:1] or "\0")
        raise BoardFileError(
            f"{source}, line {line}: not valid YAML: character U+{char:04X} is not allowed",
            source=source,
            line=line,
        ) from None
    except yaml.YAMLError as exc:
        raise BoardFileError(f"{source}: not valid YAML: {exc}", source=source) from None
    except RecursionError:
        raise BoardFileError(f"{source}: YAML nested too deeply", source=source) from None
    except Exception as exc:  # anything else from the parser is still a bad file, never a traceback
        raise BoardFileError(
            f"{source}: cannot parse YAML: {type(exc).__name__}: {exc}", source=source
        ) from None
    return data, root


def _check_duplicate_keys(root: yaml.Node, source: str) -> None:
    """YAML silently keeps the last of two equal keys; in a board file that is always a mistake."""
    stack: list[yaml.Node] = [root]
    seen_nodes: set[int] = set()
    while stack:
        node = stack.pop()
        if id(node) in seen_nodes:  # aliases may share nodes
            continue
        seen_nodes.add(id(node))
        if isinstance(node, yaml.MappingNode):
            keys: dict[str, int] = {}
            for key, value in node.value:
                if isinstance(key, yaml.ScalarNode):
                    line = key.start_mark.line + 1
                    if key.value in keys:
                        raise BoardFileError(
                            f"{source}, line {line}: key {key.value!r} appears twice in one mapping "
                            f"(first on line {keys[key.value]})",
                            source=source,
                            line=line,
                        )
                    keys[key.value] = line
                stack.append(value)
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)


# --- validation and error messages ------------------------------------------------------------------

_ContextFn = Callable[[Any, tuple[int | str, ...]], tuple[str, int]]
"""Says what a validation location is about and how many of its items that used."""


def _plain_data(value: Any, root: yaml.Node | None, source: str, path: tuple[int | str, ...] = ()) -> Any:
    """The parsed YAML as JSON-like data for strict validation: mappings with text keys, sequences (as
    tuples), text, whole and decimal numbers, booleans and null. Anything else YAML can make (binary
    data, dates, sets) is refused, by line."""
    if isinstance(value, Mapping):
        out: dict[str, Any] = {}
        for key, item in value.items():
            if not isinstance(key, str):
                _refuse(f"a key must be text, not {_describe_type(key)} ({key!r})", root, source, path)
            out[key] = _plain_data(item, root, source, (*path, key))
        return out
    if isinstance(value, list):
        return tuple(_plain_data(item, root, source, (*path, i)) for i, item in enumerate(value))
    if value is None or isinstance(value, str | bool | int):
        return value
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            _refuse("not a finite number", root, source, path)
        return value
    if isinstance(value, bytes):
        _refuse("binary data (!!binary) is not allowed, only text", root, source, path)
    _refuse(
        f"{_describe_type(value)} is not allowed here (write it in quotes if it is text)", root, source, path
    )


def _refuse(problem: str, root: yaml.Node | None, source: str, path: tuple[int | str, ...]) -> NoReturn:
    line = _line(_node_at(root, path))
    field = _field_name(path, None, ()) if path else ""
    where = f"field {field!r}: " if field else ""
    raise BoardFileError(f"{_where(source, None, line)}: {where}{problem}", source=source, line=line)


def _validate(model: type[_M], data: Any, root: yaml.Node | None, source: str, context: _ContextFn) -> _M:
    data = _plain_data(data, root, source)
    try:  # strictly: a boolean is not a number, a string is not a number
        return model.model_validate(data, strict=True)
    except ValidationError as exc:
        raise _error_from_validation(exc, data, root, source, context) from None
    except (ValueError, TypeError, RecursionError) as exc:  # pragma: no cover - pydantic wraps these
        raise BoardFileError(f"{source}: {exc}", source=source) from None


def _error_from_validation(
    exc: ValidationError, data: Any, root: yaml.Node | None, source: str, context: _ContextFn
) -> BoardFileError:
    lines: list[str] = []
    first_line: int | None = None
    errors = exc.errors(include_url=False)
    for error in errors[:MAX_REPORTED_ERRORS]:
        try:
            text, line = _describe_error(error, data, root, source, context)
        except Exception:  # a message must come out whatever the error looks like
            text, line = f"{source}: {error.get('loc')}: {error.get('msg')}", None
        if text in lines:  # e.g. one short rent list: one message, not one per missing number
            continue
        if first_line is None:
            first_line = line
        lines.append(text)
    if len(errors) > MAX_REPORTED_ERRORS:
        lines.append(f"... and {len(errors) - MAX_REPORTED_ERRORS} more problems")
    return BoardFileError("\n".join(lines), source=source, line=first_line)


def _describe_error(
    error: Any, data: Any, root: yaml.Node | None, source: str, context: _ContextFn
) -> tuple[str, int | None]:
    loc: tuple[int | str, ...] = tuple(error.get("loc", ()))
    kind = str(error.get("type", ""))
    msg = str(error.get("msg", "invalid"))
    if msg.startswith("Value error, "):
        msg = msg[len("Value error, ") :]
    if kind == "extra_forbidden":
        msg = "unknown field (a typo?)"
    elif kind == "missing":
        msg = "missing (required)"

    if not loc and kind == "value_error" and isinstance(data, Mapping):
        # A check over the whole board: find what it is about from its text.
        where, field, path = _locate_board_message(msg, data)
        prefix: tuple[int | str, ...] = ()
        if where:
            msg = _SQUARE_PREFIX_RE.sub("", msg, count=1)
    else:
        where, consumed = context(data, loc)
        path, prefix = loc, loc[:consumed]
        field = _field_name(loc[consumed:], data, prefix)
    if kind in ("union_tag_invalid", "union_tag_not_found"):
        discriminator = str((error.get("ctx") or {}).get("discriminator", "")).strip("'\"")
        if discriminator:
            field = f"{field}.{discriminator}" if field else discriminator
            target = _get(data, path)
            if isinstance(target, Mapping) and discriminator in target:
                path = (*path, discriminator)
    if field == "rent" or field.startswith("rent["):
        rent = _get(data, (*prefix, "rent"))
        if kind == "missing" and field != "rent" and isinstance(rent, list | tuple) and "rent" in path:
            field, path = "rent", path[: path.index("rent") + 1]
            msg = f"has {len(rent)} numbers, needs 6"
        msg += " (rent is 6 numbers: no house, 1, 2, 3, 4 houses, hotel)"
    line = _line(_node_at(root, path))
    parts = [p for p in (where, f"field {field!r}" if field else "") if p]
    return f"{_where(source, None, line)}: {', '.join(parts) or 'board'}: {msg}", line


def _board_context(data: Any, loc: tuple[int | str, ...]) -> tuple[str, int]:
    """What a validation location is about ("square 3 «…» (street)") and how many loc items that used."""
    if not loc:
        return "", 0
    head = loc[0]
    if head == "squares" and len(loc) >= 2 and isinstance(loc[1], int):
        index = loc[1]
        square = _get(data, ("squares", index))
        text = f"square {index}"
        consumed = 2
        if isinstance(square, Mapping):
            name, kind = square.get("name"), square.get("kind")
            if isinstance(name, str) and name:
                text += f" «{name}»"
            if isinstance(kind, str) and kind:
                text += f" ({kind})"
                if len(loc) > 2 and loc[2] == kind:  # pydantic's tag of the discriminated union
                    consumed = 3
        return text, consumed
    if head in DECKS and len(loc) >= 2 and isinstance(loc[1], int):
        index = loc[1]
        card = _get(data, (head, index))
        text = f"{head} card {index}"
        if isinstance(card, Mapping) and isinstance(card.get("id"), str):
            text += f" (id {card['id']!r})"
        return text, 2
    if head == "groups" and len(loc) >= 2 and isinstance(loc[1], int):
        group = _get(data, ("groups", loc[1]))
        text = f"group {loc[1]}"
        if isinstance(group, Mapping) and isinstance(group.get("id"), str):
            text += f" {group['id']!r}"
        return text, 2
    if head == "rules":
        return "rules", 1
    return "", 0


def _rules_context(data: Any, loc: tuple[int | str, ...]) -> tuple[str, int]:
    return "rules", 0


def _field_name(rest: tuple[int | str, ...], data: Any, prefix: tuple[int | str, ...]) -> str:
    """('effect', 'advance_to', 'square') -> 'effect.square' (tags dropped); ('rent', 5) -> 'rent[5]'."""
    out = ""
    current = _get(data, prefix)
    for item in rest:
        if isinstance(item, int):
            out += f"[{item}]"
            current = _get_item(current, item)
            continue
        if isinstance(current, Mapping) and item not in current and current.get("action") == item:
            continue  # the tag pydantic puts in the path of a card effect
        out += f".{item}" if out else str(item)
        current = _get_item(current, item)
    return out


_SQUARE_RE = re.compile(r"^square (\d+)\b")
_SQUARE_PREFIX_RE = re.compile(r"^square \d+ \([^)]*\): ")
_CARD_ID_RE = re.compile(r"^card id '([^']*)'")
_CARD_RE = re.compile(r"^card '([^']*)'")
_GROUP_RE = re.compile(r"^colour group '([^']*)'")


def _locate_board_message(msg: str, data: Mapping[str, Any]) -> tuple[str, str, tuple[int | str, ...]]:
    """For a whole-board check: (what it is about, field, data path) guessed from the message's text."""
    if m := _SQUARE_RE.match(msg):
        index = int(m.group(1))
        where, _ = _board_context(data, ("squares", index))
        if "unknown group" in msg:
            return where, "group", ("squares", index, "group")
        if "GO" in msg:
            return where, "kind", ("squares", index, "kind")
        return where, "", ("squares", index)
    card_match = _CARD_ID_RE.match(msg) or _CARD_RE.match(msg)
    if card_match:
        found = _find_card(data, card_match.group(1), last=card_match.re is _CARD_ID_RE)
        if found is not None:
            where, _ = _board_context(data, found)
            field = "id" if card_match.re is _CARD_ID_RE else "effect"
            return where, field, (*found, field)
    if m := _GROUP_RE.match(msg):
        groups = data.get("groups")
        if isinstance(groups, Sequence):
            matches = [
                i for i, g in enumerate(groups) if isinstance(g, Mapping) and g.get("id") == m.group(1)
            ]
            if matches:
                index = matches[-1]
                where, _ = _board_context(data, ("groups", index))
                return where, "id", ("groups", index, "id")
    if "square of kind" in msg or "chance and one community_chest" in msg:
        return "", "squares", ("squares",)
    return "", "", ()


def _find_card(data: Mapping[str, Any], card_id: str, *, last: bool) -> tuple[str, int] | None:
    found: list[tuple[str, int]] = []
    for deck in DECKS:
        cards = data.get(deck)
        if isinstance(cards, Sequence) and not isinstance(cards, str):
            found.extend(
                (deck, i) for i, c in enumerate(cards) if isinstance(c, Mapping) and c.get("id") == card_id
            )
    if not found:
        return None
    return found[-1] if last else found[0]


# --- small helpers ----------------------------------------------------------------------------------


def _get_item(value: Any, key: int | str) -> Any:
    if isinstance(value, Mapping):
        return value.get(key)
    if isinstance(value, Sequence) and not isinstance(value, str) and isinstance(key, int):
        return value[key] if -len(value) <= key < len(value) else None
    return None


def _get(data: Any, path: tuple[int | str, ...]) -> Any:
    """The raw data at a validation path; pydantic's union tags (a square's kind, an effect's action) are
    skipped."""
    for key in path:
        if isinstance(data, Mapping) and key not in data and key in (data.get("kind"), data.get("action")):
            continue
        data = _get_item(data, key)
    return data


def _node_at(root: yaml.Node | None, path: tuple[int | str, ...]) -> yaml.Node | None:
    """The YAML node for a data path: a mapping entry gives its key (the line the field is written on).

    Path items that are not in the file (pydantic's union tags, missing fields) are skipped, so a missing
    field is reported on the line of the mapping that lacks it.
    """
    node = root
    key_node: yaml.Node | None = None
    for key in path:
        if isinstance(node, yaml.MappingNode):
            for k, v in node.value:
                if isinstance(k, yaml.ScalarNode) and k.value == str(key):
                    node, key_node = v, k
                    break
        elif isinstance(node, yaml.SequenceNode) and isinstance(key, int):
            if 0 <= key < len(node.value):
                node, key_node = node.value[key], None
        else:
            break
    return key_node if key_node is not None else node


def _line(node: yaml.Node | None) -> int | None:
    if node is None or node.start_mark is None:
        return None
    return int(node.start_mark.line) + 1


def _where(source: str, node: yaml.Node | None, line: int | None = None) -> str:
    line = _line(node) if line is None and node is not None else line
    return f"{source}, line {line}" if line is not None else source


def _describe_type(value: Any) -> str:
    if value is None:
        return "an empty document"
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, str):
        return "a string"
    return f"a {type(value).__name__}"
