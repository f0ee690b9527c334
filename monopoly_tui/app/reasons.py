"""Why the engine refused an action, in the players' words: its reason code and values, worded by the
catalog («reason.<code>»), names and squares by name and amounts in rubles. No engine English is shown."""

from __future__ import annotations

from typing import Any

from ..engine import GameState, current_actor
from ..engine.errors import REASONS, Refusal
from ..locale import tr
from ..money import rubles

MONEY_FIELDS = frozenset({"amount", "cash", "price", "low"})


def _shown(state: GameState, key: str, value: Any) -> str:
    board = state.board
    if key in ("player", "actor", "seat") and isinstance(value, int) and 0 <= value < len(state.players):
        return state.players[value].name
    if key in ("square", "at") and isinstance(value, int) and 0 <= value < len(board.squares):
        return board.squares[value].name
    if key in MONEY_FIELDS and isinstance(value, int):
        return rubles(value)
    if key == "deck":
        return tr(f"deck.{value}")
    if key == "kind":
        return tr(f"building.{value}")
    if key == "group" and value in board.group_members:
        return board.group(value).name
    if key == "now":  # the one the game waits on, by name
        seat = current_actor(state)
        return tr(f"reason.now.{value}", name=state.players[seat].name if seat is not None else "")
    return str(value)


def reason_text(state: GameState, reason: str | None) -> str:
    """The refusal in Russian; a reason without a code (never from the engine) gets the general words."""
    if not isinstance(reason, Refusal) or reason.code not in REASONS:
        return tr("error.illegal")
    values = {key: _shown(state, key, value) for key, value in reason.values.items()}
    if reason.code == "manage_not_now" and reason.values.get("now") == "debt":
        debt = state.debts[0]
        if reason.values.get("player") == debt.debtor:  # not «ждём, пока Маша рассчитается» to Маша
            return tr("reason.manage_not_now.debtor", amount=rubles(debt.amount))
    return tr(f"reason.{reason.code}", **values)
