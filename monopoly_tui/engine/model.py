"""The base of the engine's validated models (board, rules, actions, records): frozen, strict about
unknown fields. The game state itself is named tuples (see state.py)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Frozen(BaseModel):
    """An immutable value: frozen, hashable, unknown fields refused."""

    model_config = ConfigDict(frozen=True, extra="forbid")
