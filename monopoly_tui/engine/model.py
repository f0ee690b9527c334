"""The base of the engine's validated models (board, rules, records): frozen, strict about unknown
fields. The game state and the actions are named tuples (see state.py, actions.py)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Frozen(BaseModel):
    """An immutable value: frozen, hashable, unknown fields refused."""

    model_config = ConfigDict(frozen=True, extra="forbid")
