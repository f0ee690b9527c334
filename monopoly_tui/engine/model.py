"""The base of every engine model: frozen, strict about unknown fields; and the engine's cheap copies."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict


class Frozen(BaseModel):
    """An immutable value: frozen, hashable, unknown fields refused."""

    model_config = ConfigDict(frozen=True, extra="forbid")


M = TypeVar("M", bound=Frozen)

_new = object.__new__
_set = object.__setattr__
_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__


def assemble(cls: type[M], values: dict[str, Any], fields_set: set[str]) -> M:
    """A cls holding values as they are: every field, in declaration order, the ones in fields_set
    given explicitly. Not validated: only for values the engine made from valid ones itself, of the
    declared types (mypy checks the rules that make them). Frozen models have no extra or private
    attributes.
    """
    model = _new(cls)
    _set(model, "__dict__", values)
    _set_fields_set(model, fields_set)
    _set_extra(model, None)
    _set_private(model, None)
    return model


def evolve(model: M, changes: Mapping[str, Any]) -> M:
    """`model.model_copy(update=changes)` without its generic overhead: the same new value (as with
    model_copy, the changes are not validated)."""
    values = model.__dict__.copy()
    values.update(changes)
    return assemble(type(model), values, {*model.__pydantic_fields_set__, *changes})
