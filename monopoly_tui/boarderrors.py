"""What is wrong with a board or rules file, said so a developer can act on it.

`BoardFileError` is the one error reading such a file raises. A validation failure becomes lines that name
the file, the line, the square or card and the field (`error_from_validation`), found from the parsed data
and the YAML nodes it came from.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import yaml
from pydantic import ValidationError

from .engine.board import DECKS

MAX_REPORTED_ERRORS = 8
"""At most this many validation problems are listed in one BoardFileError."""

ContextFn = Callable[[Any, tuple[int | str, ...]], tuple[str, int]]
"""Says what a validation location is about and how many of its items that used."""


class BoardFileError(Exception):
    """A board or rules file that cannot be used. The message is for developers (English)."""

    def __init__(self, message: str, *, source: str = "", line: int | None = None) -> None:
        super().__init__(message)
        self.source = source
        """The file (or the name given for a string) the problem is in."""
        self.line = line
        """1-based line of the (first) problem when known."""


def error_from_validation(
    exc: ValidationError, data: Any, root: yaml.Node | None, source: str, context: ContextFn
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
    error: Any, data: Any, root: yaml.Node | None, source: str, context: ContextFn
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
        field = field_name(loc[consumed:], data, prefix)
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
    line = line_of(node_at(root, path))
    parts = [p for p in (where, f"field {field!r}" if field else "") if p]
    return f"{file_and_line(source, None, line)}: {', '.join(parts) or 'board'}: {msg}", line


def board_context(data: Any, loc: tuple[int | str, ...]) -> tuple[str, int]:
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


def rules_context(data: Any, loc: tuple[int | str, ...]) -> tuple[str, int]:
    return "rules", 0


def field_name(rest: tuple[int | str, ...], data: Any, prefix: tuple[int | str, ...]) -> str:
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
        where, _ = board_context(data, ("squares", index))
        if "unknown group" in msg:
            return where, "group", ("squares", index, "group")
        if "GO" in msg:
            return where, "kind", ("squares", index, "kind")
        return where, "", ("squares", index)
    card_match = _CARD_ID_RE.match(msg) or _CARD_RE.match(msg)
    if card_match:
        found = _find_card(data, card_match.group(1), last=card_match.re is _CARD_ID_RE)
        if found is not None:
            where, _ = board_context(data, found)
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
                where, _ = board_context(data, ("groups", index))
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


def node_at(root: yaml.Node | None, path: tuple[int | str, ...]) -> yaml.Node | None:
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


def line_of(node: yaml.Node | None) -> int | None:
    if node is None or node.start_mark is None:
        return None
    return int(node.start_mark.line) + 1


def file_and_line(source: str, node: yaml.Node | None, line: int | None = None) -> str:
    line = line_of(node) if line is None and node is not None else line
    return f"{source}, line {line}" if line is not None else source


def describe_type(value: Any) -> str:
    if value is None:
        return "an empty document"
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, str):
        return "a string"
    return f"a {type(value).__name__}"
