"""A number after a label that can only name a sequence length ("seq len", "序列长度") is that length,
with or without "tokens" after it; one too short to train on is asked back, never dropped; a heading
("Context: we are a 5 person team") is no length at all."""

from __future__ import annotations

import pytest

from bot.nlu import parse


@pytest.mark.parametrize(
    "text", ["seq len 5", "sequence length 5 tokens", "序列长度 8", "context length 32 tokens"]
)
def test_a_length_label_with_a_number_too_short_to_be_one_is_asked_back(text: str) -> None:
    parsed = parse(text)
    assert parsed.slots.seq_len is None
    assert [(a.slot, a.reason) for a in parsed.asks] == [("seq_len", "out_of_range")]


@pytest.mark.parametrize(
    ("text", "length"), [("seq len 4096 tokens", 4096), ("context length 8k tokens", 8192)]
)
def test_a_length_said_in_tokens_after_its_label_is_the_length_not_the_data(text: str, length: int) -> None:
    parsed = parse(text)
    assert parsed.slots.seq_len == length and parsed.slots.tokens is None and not parsed.asks


def test_a_context_heading_with_a_small_number_is_no_length_to_ask_about() -> None:
    parsed = parse("Context: we are a 5 person team")
    assert parsed.slots.seq_len is None and not parsed.asks
