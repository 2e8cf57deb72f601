"""Training data counted in samples: counts in every form, a stated length per sample, and their
product as the token total (DESIGN.md: "50k samples of ~1k tokens" is 5e7 tokens)."""

from __future__ import annotations

import pytest

from bot.nlu import parse


@pytest.mark.parametrize(
    ("text", "tokens"),
    [("300k samples，每条 2k tokens", 6e8), ("80k examples of ~1.5k tokens each", 1.2e8),
     ("5万条数据，每条约800 tokens，LoRA 7B", 4e7), ("1M rows, 512 tokens per example", 5.12e8)],
)  # fmt: skip
def test_tokens_per_sample_times_the_sample_count_is_the_token_total(text: str, tokens: float) -> None:
    got = parse(text)
    assert got.slots.tokens == pytest.approx(tokens)
    assert not [a for a in got.asks if a.slot == "tokens"]


def test_a_per_sample_length_alone_is_not_a_token_total_nor_an_ask() -> None:
    got = parse("每条 2k tokens 左右")
    assert got.slots.tokens is None
    assert not got.asks
