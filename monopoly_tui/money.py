"""How amounts are shown to players: «60 000 ₽» (no-break space between thousands and before ₽)."""

from __future__ import annotations

from collections.abc import Sequence

NBSP = "\u00a0"


def rubles(amount: int) -> str:
    """60000 -> '60 000 ₽', -1500 -> '-1 500 ₽' (with no-break spaces)."""
    return f"{amount:,}".replace(",", NBSP) + f"{NBSP}₽"


def rubles_series(amounts: Sequence[int]) -> str:
    """[10000, 30000] -> '10 000 / 30 000 ₽': a list of amounts with the currency once, at the end."""
    return " / ".join(f"{a:,}".replace(",", NBSP) for a in amounts) + f"{NBSP}₽"
