"""Sequence lengths labelled outright, epochs turned down in a long clause, and pieces of text counted as
samples: what a sizing request says, with an implausible length asked back instead of dropped."""

from __future__ import annotations

import pytest

from bot.nlu import parse


@pytest.mark.parametrize(
    ("text", "reason", "value"),
    [
        ("Context: 4 people. QLoRA 13B, seq len 6, 2M tokens", "out_of_range", 6.0),
        ("全参微调 3B，序列长度 12，数据 3GB", "out_of_range", 12.0),
        ("LoRA 14B, 5M tokens, max_len=0", "not_positive", 0.0),
        ("LoRA 14B, 5M tokens, context length 50000000", "out_of_range", 5e7),
    ],
)
def test_an_implausible_sequence_length_is_asked_back_not_dropped(
    text: str, reason: str, value: float
) -> None:
    parsed = parse(text)
    assert parsed.slots.seq_len is None
    assert [(a.slot, a.reason, a.value) for a in parsed.asks] == [("seq_len", reason, value)]


def test_a_small_number_after_a_context_heading_is_no_length_and_no_question() -> None:
    parsed = parse("Context: we are a 6 person team. LoRA 7B on 3M tokens")
    assert parsed.slots.seq_len is None
    assert not parsed.asks


@pytest.mark.parametrize(
    ("text", "seq_len"),
    [
        ("Pretrain 3B on 60B tokens with a context window of 64k on 16 H100s", 65536),
        ("LoRA 8B, context 16k for the long documents", 16384),
        ("上下文窗口 8192，LoRA 7B", 8192),
        ("QLoRA 34B on 12M tokens, ctx 2048", 2048),
        ("LoRA 13B, 16k token context, 40M tokens", 16384),
        ("全参微调 3B，8k tokens 的上下文，数据 2 亿 tokens", 8192),
        ("SFT 7B with max_seq_length=4096 on 30M tokens", 4096),
    ],
)
def test_a_context_window_followed_by_more_words_is_the_sequence_length(text: str, seq_len: int) -> None:
    assert parse(text).slots.seq_len == seq_len


@pytest.mark.parametrize(
    ("text", "epochs"),
    [
        ("SFT 7B on 30M tokens; 5 epochs would probably be too many so 2 epochs", 2),
        ("LoRA 13B, 1 epoch is not enough for this data, let's do 3 epochs", 3),
        ("训 6 轮太多了所以训 2 轮，LoRA 7B", 2),
        ("full fine-tune 30B on 5B tokens, 4ep", 4),
        ("全参微调 3B，epoch 数 5", 5),
        ("LoRA 7B，跑 2 个 epochs", 2),
    ],
)
def test_the_epochs_taken_are_the_ones_kept_not_the_ones_turned_down(text: str, epochs: float) -> None:
    assert parse(text).slots.epochs == epochs


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("QLoRA 13B. 6,000 training examples; each ~900 tokens.", 5.4e6),
        ("LoRA 7B on 12k conversations. Each is about 2k tokens", 2.4e7),
        ("全参微调 3B，3 万条数据；每条约 2k tokens", 6e7),
    ],
)
def test_a_length_per_sample_in_the_next_sentence_still_joins_the_count(text: str, tokens: float) -> None:
    assert parse(text).slots.tokens == pytest.approx(tokens)


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("LoRA 7B on 500k short texts of about 120 tokens each", 6e7),
        ("QLoRA 13B on 20k passages, 400 tokens per passage", 8e6),
        ("full fine-tune 3B on 80k paragraphs averaging 250 tokens", 2e7),
        ("LoRA 8B on 60k clinical notes (about 700 tokens each)", 4.2e7),
    ],
)
def test_texts_passages_and_paragraphs_are_samples_times_their_length(text: str, tokens: float) -> None:
    assert parse(text).slots.tokens == pytest.approx(tokens)


@pytest.mark.parametrize(
    ("text", "precision"),
    [
        ("從零預訓練 1B 模型，混合精度", "bf16"),
        ("mixed-precision pretraining of a 2B model", "bf16"),
        ("fp8 混合精度预训练 7B", "fp8"),
        ("AMP 训练 3B 模型，数据 30B token", "bf16"),
        ("fine-tune 7B with amp on 1B tokens", "bf16"),
    ],
)
def test_mixed_precision_with_no_type_named_is_bf16(text: str, precision: str) -> None:
    assert parse(text).slots.precision == precision


def test_a_length_next_to_a_token_count_leaves_the_dataset_alone() -> None:
    slots = parse("LoRA 13B, 16k token context, 40M tokens").slots
    assert (slots.seq_len, slots.tokens) == (16384, 4e7)
