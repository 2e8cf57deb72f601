"""Epochs: passes over the data in every form (DESIGN.md: absent means one; work = tokens x epochs)."""

from __future__ import annotations

import pytest

from bot.nlu import parse


@pytest.mark.parametrize(
    ("text", "epochs"),
    [("3 epochs", 3), ("训3轮", 3), ("跑三個 epoch", 3), ("2 passes over the data", 2), ("epochs: 4", 4),
     ("num_train_epochs=2", 2), ("训练轮数 5", 5), ("过两遍数据", 2), ("one epoch is enough", 1),
     ("LoRA 7B, 1B tokens, 1.5 epochs", 1.5), ("全量微调3个epoch", 3)],
)  # fmt: skip
def test_epochs_in_every_form(text: str, epochs: float) -> None:
    assert parse(text).slots.epochs == pytest.approx(epochs)


@pytest.mark.parametrize(
    "text", ["多轮对话数据5万条", "第3轮训练挂了", "第 3 个 epoch 挂了", "3轮对话", "7B model, 2 weeks"]
)
def test_rounds_of_a_dialogue_or_a_round_number_are_not_epochs(text: str) -> None:
    assert parse(text).slots.epochs is None


def test_epochs_do_not_change_the_one_pass_token_count() -> None:
    slots = parse("pretrain 1B on 20B tokens for 3 epochs").slots
    assert (slots.tokens, slots.epochs) == (pytest.approx(2e10), 3)


@pytest.mark.parametrize(
    ("text", "epochs"), [("epoch 改成 4", 4), ("epochs 改为 3", 3), ("set epochs to 4", 4)]
)
def test_an_epoch_count_changed_to_a_bare_number_is_the_epochs(text: str, epochs: int) -> None:
    assert parse(text).slots.epochs == epochs


@pytest.mark.parametrize(
    "text",
    ["一个 epoch 大约 5 亿 token，跑 3 个 epoch，7B LoRA", "one epoch is about 2B tokens; we train 3 epochs"],
)
def test_the_size_of_one_epoch_is_not_an_epoch_count(text: str) -> None:
    assert parse(text).slots.epochs == 3


@pytest.mark.parametrize(
    ("text", "epochs"),
    [("全参微调 8B，数据 3 亿 token，半个 epoch 就够", 0.5), ("LoRA 14B，資料 1 億 token，跑半輪", 0.5),
     ("We'll go over the data twice: 13B full fine-tune, 400M tokens", 2.0),
     ("LoRA a 7B on 30M tokens, three times over the dataset", 3.0)],
)  # fmt: skip
def test_half_an_epoch_and_passes_said_in_words_are_epochs(text: str, epochs: float) -> None:
    got = parse(text).slots
    assert got.epochs == epochs
    assert got.params in (8e9, 1.4e10, 1.3e10, 7e9)


@pytest.mark.parametrize(
    ("text", "tokens", "epochs"),
    [("pretrain 1B, 40B tokens in total over 4 epochs", 1e10, 4),
     ("a total of 9B tokens across 3 epochs, 3B", 3e9, 3),
     ("2 epochs totalling 800M tokens, LoRA 7B", 4e8, 2),
     ("4 epochs, 12B tokens in total, 1.3B from scratch", 3e9, 4),
     ("13B 全参，2 个 epoch 一共训 40 亿 token", 2e9, 2),
     ("总共跑了 90 亿 token，分 3 轮，3B 预训练", 3e9, 3)],
)  # fmt: skip
def test_tokens_said_as_the_total_over_the_epochs_are_divided_by_them(
    text: str, tokens: float, epochs: float
) -> None:
    got = parse(text).slots
    assert (got.tokens, got.epochs) == (pytest.approx(tokens), epochs)


@pytest.mark.parametrize(
    ("text", "tokens"),
    [("4 epochs over 5B tokens, 1B", 5e9), ("LoRA 7B on 300M tokens over 3 epochs", 3e8),
     ("语料总共 30 亿 token，训 2 轮，3B", 3e9), ("the corpus is 5B tokens total, 2 epochs, 1B", 5e9)],
)  # fmt: skip
def test_tokens_of_the_data_stay_one_pass_whatever_the_epochs(text: str, tokens: float) -> None:
    assert parse(text).slots.tokens == pytest.approx(tokens)


def test_total_before_the_count_over_the_epochs_is_divided_by_them() -> None:
    got = parse("Continued pretraining on llama-3 8b, total 30B tokens over 3 epochs, 2 weeks max").slots
    assert (got.tokens, got.epochs) == (1e10, 3)


@pytest.mark.parametrize(
    ("text", "epochs"),
    [("LoRA 微调 70亿，3w条数据，每条 2k，epoch 设 2，两周", 2), ("epoch設 3", 3), ("轮数设置为 3", 3),
     ("epoch 设置成 2", 2), ("epochs 設 4，7B LoRA", 4)],
)  # fmt: skip
def test_an_epoch_count_set_with_she_is_read(text: str, epochs: float) -> None:
    assert parse(text).slots.epochs == pytest.approx(epochs)
