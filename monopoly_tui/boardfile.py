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
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from .boarderrors import MAX_REPORTED_ERRORS as MAX_REPORTED_ERRORS
from .boarderrors import (
    BoardFileError,
    ContextFn,
    board_context,
    describe_type,
    error_from_validation,
    field_name,
    file_and_line,
    line_of,
    node_at,
    rules_context,
)
from .engine.board import Board
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
MAX_VALUES = 200_000
"""The most values (mappings, sequences, scalars) a board or rules file may hold, aliases expanded: the
shipped board has about 1 200."""
"""A board or rules file is at most this long (the shipped board is about 20 KB)."""

_Loader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""The safe loader, in C when PyYAML has libyaml (same behaviour, faster)."""

_M = TypeVar("_M", bound=BaseModel)


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
            f"{file_and_line(source, root)}: the top level must be a mapping with id, name, groups, squares, "
            f"chance, community_chest and rules, not {describe_type(data)}",
            source=source,
            line=line_of(root),
        )
    if "rules" in data and data["rules"] is None:  # `rules:` with every option commented out: defaults
        data = {k: v for k, v in data.items() if k != "rules"}
    return _validate(Board, data, root, source, board_context)


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
            f"{file_and_line(source, root)}: a rules file must be a mapping (start, go, jail, auction, rent, "
            f"free_parking, buildings, mortgage, end), not {describe_type(data)}",
            source=source,
            line=line_of(root),
        )
    return _validate(Rules, data, root, source, rules_context)


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
            _check_expanded_size(root, source)
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


def _check_expanded_size(root: yaml.Node, source: str) -> None:
    """Aliases let a small file stand for a huge one («billion laughs»: 600 bytes, 43 million values),
    which validating would walk for hours: a file of more than MAX_VALUES values, aliases expanded, is
    refused."""
    sizes: dict[int, int] = {}

    def size(node: yaml.Node) -> int:
        if id(node) not in sizes:
            children = [v for pair in node.value for v in pair] if isinstance(node, yaml.MappingNode) else []
            children = node.value if isinstance(node, yaml.SequenceNode) else children
            sizes[id(node)] = min(1 + sum(size(child) for child in children), MAX_VALUES + 1)
        return sizes[id(node)]

    if size(root) > MAX_VALUES:
        raise BoardFileError(
            f"{source}: its aliases expand it to more than {MAX_VALUES:,} values", source=source
        )


# --- validation and error messages ------------------------------------------------------------------


def _plain_data(value: Any, root: yaml.Node | None, source: str, path: tuple[int | str, ...] = ()) -> Any:
    """The parsed YAML as JSON-like data for strict validation: mappings with text keys, sequences (as
    tuples), text, whole and decimal numbers, booleans and null. Anything else YAML can make (binary
    data, dates, sets) is refused, by line."""
    if isinstance(value, Mapping):
        out: dict[str, Any] = {}
        for key, item in value.items():
            if not isinstance(key, str):
                _refuse(f"a key must be text, not {describe_type(key)} ({key!r})", root, source, path)
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
        f"{describe_type(value)} is not allowed here (write it in quotes if it is text)", root, source, path
    )


def _refuse(problem: str, root: yaml.Node | None, source: str, path: tuple[int | str, ...]) -> NoReturn:
    line = line_of(node_at(root, path))
    field = field_name(path, None, ()) if path else ""
    where = f"field {field!r}: " if field else ""
    raise BoardFileError(f"{file_and_line(source, None, line)}: {where}{problem}", source=source, line=line)


def _validate(model: type[_M], data: Any, root: yaml.Node | None, source: str, context: ContextFn) -> _M:
    data = _plain_data(data, root, source)
    try:  # strictly: a boolean is not a number, a string is not a number
        return model.model_validate(data, strict=True)
    except ValidationError as exc:
        raise error_from_validation(exc, data, root, source, context) from None
    except (ValueError, TypeError, RecursionError) as exc:  # pragma: no cover - pydantic wraps these
        raise BoardFileError(f"{source}: {exc}", source=source) from None
