"""Budgets said in a currency the plans are not priced in (knowledge/data/settings.yaml `other_currencies`,
sourced and dated): the one place "50 萬台幣" or "HK$20萬" becomes US dollars. The parser reads it through
`other_currencies()`; the reply states the amount said, the rate, its date and its source."""

from __future__ import annotations

import functools
from pathlib import Path

from pydantic import Field

from knowledge.base import Source, Strict, read_yaml, validate


class OtherCurrency(Strict):
    code: str = Field(pattern=r"^[A-Z]{3}$")  # ISO 4217
    per_usd: float = Field(gt=0)  # units of the currency per US dollar
    source: Source


class OtherCurrencies(Strict):
    rates: tuple[OtherCurrency, ...] = Field(min_length=1)

    def get(self, code: str) -> OtherCurrency | None:
        return next((r for r in self.rates if r.code == code), None)


def load_other_currencies(path: Path) -> OtherCurrencies:
    data = (read_yaml(path) or {}).get("other_currencies")
    return validate(OtherCurrencies, data, path, "other_currencies")


@functools.cache
def other_currencies() -> OtherCurrencies:
    """The packaged rates, read and validated once."""
    from knowledge.load import DATA_DIR

    return load_other_currencies(DATA_DIR / "settings.yaml")


__all__ = ["OtherCurrencies", "OtherCurrency", "load_other_currencies", "other_currencies"]
