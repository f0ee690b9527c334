"""How amounts are shown to players, in the current language's number format (CLDR's, checked by a test
against Babel): «60 000 ₽» in Russian (no-break spaces between the thousands and before ₽), «₽60,000»
in English. An amount never breaks across lines: no format has a breaking space."""

from __future__ import annotations

from collections.abc import Sequence

from .locale import tr

NBSP = "\u00a0"


def digits(amount: int) -> str:
    """1500000 -> '1 500 000' (Russian, no-break spaces) or '1,500,000' (English); no sign."""
    return f"{abs(amount):,}".replace(",", tr("money.group"))


def rubles(amount: int) -> str:
    """60000 -> '60 000 ₽', -1500 -> '-1 500 ₽' (with no-break spaces); '₽60,000', '-₽1,500' in English."""
    return ("-" if amount < 0 else "") + tr("money.rubles", amount=digits(amount))


def rubles_series(amounts: Sequence[int]) -> str:
    """[10000, 30000] -> '10 000 / 30 000 ₽' ('₽10,000 / 30,000'): the currency once for the list."""
    return tr("money.rubles", amount=" / ".join(("-" if a < 0 else "") + digits(a) for a in amounts))


def thousands(amount: int) -> str:
    """220000 -> '220 тыс.' ('₽220K'): a whole number of thousands, shortened for a narrow board cell."""
    return ("-" if amount < 0 else "") + tr("money.thousands", amount=digits(abs(amount) // 1000))
