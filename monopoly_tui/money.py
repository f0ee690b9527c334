"""How amounts are shown to players: «60 000 ₽» (no-break space between thousands and before ₽)."""

from __future__ import annotations

NBSP = "\u00a0"


def rubles(amount: int) -> str:
    """60000 -> '60 000 ₽', -1500 -> '-1 500 ₽' (with no-break spaces)."""
    return f"{amount:,}".replace(",", NBSP) + f"{NBSP}₽"
