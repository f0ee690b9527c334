"""The base of every engine model: frozen, strict about unknown fields."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Frozen(BaseModel):
    """An immutable value: frozen, hashable, unknown fields refused."""

    model_config = ConfigDict(frozen=True, extra="forbid")
