"""Hostile input: long, absurd, or binary-looking messages never crash and never leak a
non-finite or out-of-range number into the slots."""

from __future__ import annotations

import json
import math

import pytest

from bot.nlu import parse
from bot.nlu.found import RANGES

HOSTILE = [
    "8" * 100_000,
    "2" * 60_000 + "B parameters",
    "9" * 400 + "B parameters",
    "1e308 parameters and 1e999 tokens",
    "a" + "0" * 10_000 + "B",
    "萬" * 6000,
    "億億億億億億億億億億參數",
    "零" * 3000 + "天",
    "\x00\x01\x02 7B \x1b[31m red \x7f",
    "\u202e\u200b\u2066 70亿参数 \ufeff",
    "🤖🔥" * 4000 + " 13B",
    "Ｂ" * 20_000,
    "- - - -7 - -B",
    "1,2,3,4,5,6,7,8,9 tokens",
    "nan days, infinity params, -inf budget",
    "٧٠B params, ௭௦B tokens",
    "$" * 5000 + "5",
    "7B " * 30_000,
]


def _finite_json(text: str) -> dict[str, object]:
    line = json.dumps(parse(text).to_json(), allow_nan=False)  # raises on NaN/inf
    loaded: dict[str, object] = json.loads(line)
    return loaded


@pytest.mark.parametrize("text", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_input_gives_finite_in_range_slots(text: str) -> None:
    out = _finite_json(text)
    slots = out["slots"]
    assert isinstance(slots, dict)
    for name in ("params", "tokens", "data_bytes", "days"):
        value = slots[name]
        if value is not None:
            low, high = RANGES[name]
            assert math.isfinite(value) and low <= value < high


def test_a_100_kb_message_is_read_and_its_opening_request_kept() -> None:
    text = "训练一个70亿参数的模型，两周。" + "填充文字 padding " * 8000
    assert len(text.encode()) > 100_000
    result = parse(text)
    assert result.slots.params == pytest.approx(7e9)
    assert result.slots.days == pytest.approx(14)


def test_absurd_parameter_count_is_asked_back_without_a_value() -> None:
    result = parse("9" * 400 + "B parameters")
    assert result.slots.params is None
    assert [(a.slot, a.value) for a in result.asks] == [("params", None)]


def test_non_string_input_is_treated_as_empty() -> None:
    assert parse(None).intent == "unknown"  # type: ignore[arg-type]
