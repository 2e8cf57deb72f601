"""Tokens per word and per Chinese character (knowledge/data/settings.yaml `text_units`, sourced): the
one place a dataset counted in words or 字 becomes tokens. The parser reads it through `text_units()`,
the replies state the ratio and its source."""

from __future__ import annotations

import functools
from pathlib import Path

from pydantic import Field

from knowledge.base import Source, Strict, read_yaml, validate


class TextUnits(Strict):
    tokens_per_word: float = Field(gt=0)  # an English word
    tokens_per_chinese_character: float = Field(gt=0)
    sources: tuple[Source, ...] = Field(min_length=1)


def load_text_units(path: Path) -> TextUnits:
    return validate(TextUnits, (read_yaml(path) or {}).get("text_units"), path, "text_units")


@functools.cache
def text_units() -> TextUnits:
    """The packaged ratios, read and validated once."""
    from knowledge.load import DATA_DIR

    return load_text_units(DATA_DIR / "settings.yaml")


__all__ = ["TextUnits", "load_text_units", "text_units"]
