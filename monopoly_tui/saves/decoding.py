"""From bytes to checked data: JSON with no duplicate keys (a cut-off text told from garbage), and
pydantic validation whose first problem becomes a SaveError naming the field."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn, TypeVar

from pydantic import BaseModel, ValidationError

from ..names import printable
from .errors import error

M = TypeVar("M", bound=BaseModel)

_LITERALS = ("true", "false", "null", "NaN", "Infinity", "-Infinity")


def looks_truncated(text: str, exc: json.JSONDecodeError) -> bool:
    """Does the JSON error come from the text ending too soon (a cut-off write) rather than garbage?"""
    if exc.msg.startswith("Unterminated string"):
        return True  # the string runs to the end of the text
    rest = text[exc.pos :].strip()
    if not rest:
        return True
    if exc.msg == "Expecting value" and any(lit.startswith(rest) for lit in _LITERALS):
        return True  # cut inside true / false / null
    return exc.msg.startswith("Invalid \\uXXXX escape") and len(text) - exc.pos <= 6


class DuplicateKeyError(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise DuplicateKeyError(key)
        result[key] = value
    return result


def field_path(loc: Sequence[int | str]) -> str:
    out = ""
    for item in loc:
        out += f"[{item}]" if isinstance(item, int) else (f".{item}" if out else str(item))
    return printable(out)[:80] or "*"


def validated(model: type[M], path: Path, text: str | bytes) -> M:
    try:
        return model.model_validate_json(text, strict=True)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        field = field_path(first.get("loc", ()))
        kind = {"missing": "missing_field", "extra_forbidden": "unknown_field"}.get(
            first["type"], "bad_field"
        )
        raise error(
            kind, f"{path}: field {field}: {first['msg']} ({exc.error_count()} problems)", path, field=field
        ) from None


def inconsistent(path: Path, detail: str) -> NoReturn:
    raise error("inconsistent", f"{path}: parts disagree: {detail}", path, detail=detail)
