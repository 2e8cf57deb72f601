"""Training data counted in samples: counts in every form, a stated length per sample, and their
product as the token total (DESIGN.md: "50k samples of ~1k tokens" is 5e7 tokens)."""

from __future__ import annotations

import pytest

from bot.nlu import parse
from sizing.types import Budget


@pytest.mark.parametrize(
    ("text", "tokens"),
    [("300k samples，每条 2k tokens", 6e8), ("80k examples of ~1.5k tokens each", 1.2e8),
     ("5万条数据，每条约800 tokens，LoRA 7B", 4e7), ("1M rows, 512 tokens per example", 5.12e8)],
)  # fmt: skip
def test_tokens_per_sample_times_the_sample_count_is_the_token_total(text: str, tokens: float) -> None:
    got = parse(text)
    assert got.slots.tokens == pytest.approx(tokens)
    assert not [a for a in got.asks if a.slot == "tokens"]


@pytest.mark.parametrize(
    ("text", "tokens"),
    [("LoRA a 7B on 500k tokens", 5e5), ("LoRA 7B, 1000 条，每条 300 token", 3e5),
     ("數據 40 萬 token，QLoRA 13B", 4e5)],
)  # fmt: skip
def test_a_small_fine_tuning_set_under_a_million_tokens_is_planned_not_asked_back(
    text: str, tokens: float
) -> None:
    got = parse(text)
    assert got.slots.tokens == pytest.approx(tokens)
    assert not [a for a in got.asks if a.slot == "tokens"]


def test_a_per_sample_length_alone_is_not_a_token_total_nor_an_ask() -> None:
    got = parse("每条 2k tokens 左右")
    assert got.slots.tokens is None
    assert not got.asks


@pytest.mark.parametrize(
    ("text", "samples", "per_sample"),
    [
        ("50k conversations, avg 1k tokens each", 5e4, 1000),
        ("5 萬筆對話，每筆約 800 tokens", 5e4, 800),
        ("3w条数据 每条2k token", 3e4, 2000),
        ("we have 120k dialogues of about 1.2k tokens", 1.2e5, 1200),
        ("10万条指令数据，平均长度 600 token", 1e5, 600),
        ("1.2萬則客服對話，每則大約500 tokens", 1.2e4, 500),
        ("2万份病历，每份约3k token", 2e4, 3000),
        ("80k QA pairs (avg 300 tokens)", 8e4, 300),
        ("300k records at ~2k tokens per record", 3e5, 2000),
    ],
)
def test_a_sample_count_times_its_stated_length_is_the_token_total(
    text: str, samples: float, per_sample: float
) -> None:
    slots = parse(text).slots
    assert slots.samples == pytest.approx(samples)
    assert slots.tokens_per_sample == pytest.approx(per_sample)
    assert slots.tokens == pytest.approx(samples * per_sample)


@pytest.mark.parametrize(
    ("text", "samples"),
    [
        ("50k conversations", 5e4),
        ("3w条数据", 3e4),
        ("10万条", 1e5),
        ("1.2萬筆資料", 1.2e4),
        ("5k examples", 5e3),
    ],
)
def test_a_count_alone_is_kept_for_a_follow_up_to_complete(text: str, samples: float) -> None:
    slots = parse(text).slots
    assert slots.samples == pytest.approx(samples)
    assert slots.tokens is None and slots.tokens_per_sample is None


@pytest.mark.parametrize(
    ("text", "per_sample"),
    [("each sample is about 2k tokens", 2000), ("每条大概1500个token", 1500), ("平均每條800 tokens", 800)],
)
def test_a_length_alone_is_kept_for_a_follow_up_to_complete(text: str, per_sample: float) -> None:
    got = parse(text)
    assert got.slots.tokens_per_sample == pytest.approx(per_sample)
    assert got.slots.tokens is None and not got.asks


@pytest.mark.parametrize(
    "text",
    ["800 token 一张图", "一张图 800 token", "大概 800 token 一张", "一張圖大概是 800 個 token",
     "800 tokens 一張圖片",
     "一段视频 800 token", "800 token 一条", "一个样本大约 800 token"],
)  # fmt: skip
def test_a_length_given_for_one_image_clip_or_sample_is_per_sample_and_no_gpu_count(text: str) -> None:
    got = parse(text)
    assert got.slots.tokens_per_sample == pytest.approx(800)
    assert got.slots.gpu_count is None and not got.asks


def test_one_card_after_a_token_count_is_still_one_gpu() -> None:
    assert parse("800 token 一张卡").slots.gpu_count == 1
    assert parse("一张 4090 跑 LoRA 7B").slots.gpu_count == 1


@pytest.mark.parametrize("text", ["准备一份数据", "给我3条建议", "7B则需要更多显存"])
def test_measure_words_that_count_no_training_set_are_not_samples(text: str) -> None:
    assert parse(text).slots.samples is None


def test_a_stated_token_total_wins_over_the_product() -> None:
    slots = parse("50k samples of ~1k tokens, 60M tokens in total").slots
    assert slots.tokens == pytest.approx(6e7)


def test_a_w_before_a_sample_word_is_wan_in_english_too() -> None:
    assert parse("LoRA 7B on 3w samples").slots.samples == pytest.approx(3e4)
    assert parse("qlora 13b, 1.5w rows of ~600 tokens").slots.tokens == pytest.approx(9e6)


def test_an_english_w_before_anything_else_is_not_wan() -> None:
    slots = parse("LoRA 7B in 2w, 20M tokens").slots
    assert slots.samples is None and slots.tokens == pytest.approx(2e7)


def test_wan_after_the_measure_word_ge_multiplies_the_number() -> None:
    assert parse("预算5个w，LoRA 微调 7B").slots.budget == Budget(5e4, "CNY", "total")
    assert parse("数据3个w条，每条1k").slots.tokens == pytest.approx(3e7)
    assert parse("预算两个亿，预训练70B").slots.budget == Budget(2e8, "CNY", "total")


@pytest.mark.parametrize(
    ("text", "tokens"),
    [("LoRA 13B，8w条，每条1.2k", 9.6e7), ("数据2万条，每条约500，QLoRA 7B", 1e7),
     ("20k samples, 700 each, LoRA 8B", 1.4e7)],
)  # fmt: skip
def test_a_bare_length_per_sample_is_tokens(text: str, tokens: float) -> None:
    assert parse(text).slots.tokens == pytest.approx(tokens)


def test_a_bare_number_after_each_without_a_sample_count_is_no_length() -> None:
    assert parse("8 H100s, 700 each").slots.tokens_per_sample is None


@pytest.mark.parametrize(
    ("text", "tokens", "unit"),
    [("2M docs of 500 words", 1.33e9, "word"), ("we have 10M words of text", 1.33e7, "word"),
     ("100 万篇文章，每篇约 2000 字", 1.2e9, "zh_char"), ("语料 5000 万字", 3e7, "zh_char")],
)  # fmt: skip
def test_words_and_chinese_characters_become_tokens_at_the_sourced_ratio(
    text: str, tokens: float, unit: str
) -> None:
    got = parse(text)
    assert got.slots.tokens == pytest.approx(tokens) and got.slots.text_unit == unit


def test_bytes_written_with_the_character_for_character_stay_bytes() -> None:
    got = parse("数据 2GB 字节")
    assert got.slots.data_bytes == 2e9 and got.slots.tokens is None and got.slots.text_unit is None


@pytest.mark.parametrize(
    ("text", "tokens"),
    [("continue pretraining 7B on 50k books of ~80k words each", 5.32e9), ("2 万本书，每本约 10 万字", 1.2e9),
     ("100k papers of about 5k tokens", 5e8)],
)  # fmt: skip
def test_books_and_papers_are_samples_whose_length_multiplies_them(text: str, tokens: float) -> None:
    assert parse(text).slots.tokens == pytest.approx(tokens)


@pytest.mark.parametrize(
    ("text", "tokens"),
    [("50k customer support conversations of ~1k tokens", 5e7), ("100k legal documents, 2k tokens each", 2e8),
     ("20k support tickets, ~400 words each", 2e4 * 400 * 1.33)],
)  # fmt: skip
def test_a_word_or_two_describing_the_samples_do_not_hide_the_count(text: str, tokens: float) -> None:
    got = parse(text)
    assert got.slots.tokens == pytest.approx(tokens) and not got.asks


@pytest.mark.parametrize(
    ("text", "tokens"),
    [("2 million tweets. each tweet is ~40 words", 2e6 * 40 * 1.33),
     ("12k Q&A pairs, roughly 600 tokens each", 7.2e6),
     ("20k reviews, every review about 150 words", 2e4 * 150 * 1.33)],
)  # fmt: skip
def test_each_and_a_sample_noun_introduce_the_length_of_one_sample(text: str, tokens: float) -> None:
    assert parse(text).slots.tokens == pytest.approx(tokens)


@pytest.mark.parametrize(
    ("text", "per_sample"),
    [("平均一条 1500 token 左右", 1500), ("一笔大概 800 token", 800), ("一條對話約2k token", 2000)],
)
def test_one_sample_before_a_length_is_the_length_of_each(text: str, per_sample: float) -> None:
    got = parse(text)
    assert got.slots.tokens_per_sample == pytest.approx(per_sample)
    assert got.slots.samples is None and not got.asks


def test_eleven_samples_stay_a_count() -> None:
    assert parse("十一条数据").slots.samples == 11


@pytest.mark.parametrize(
    "text",
    ["LoRA 8B on 10k dialogues of 6 turns, about 300 tokens per turn",
     "10k conversations, 6 turns each, each turn is about 300 tokens",
     "1 万组对话，每组 6 轮，每轮 300 token"],
)  # fmt: skip
def test_turns_times_a_length_per_turn_is_the_length_of_each_dialogue(text: str) -> None:
    got = parse(text)
    assert got.slots.tokens_per_sample == pytest.approx(1800) and got.slots.tokens == pytest.approx(1.8e7)


def test_half_of_a_dialogues_length_is_kept_for_the_other_half() -> None:
    turns = parse("each dialogue has 6 turns").slots
    assert (turns.turns_per_sample, turns.tokens_per_turn, turns.epochs) == (6, None, None)
    per_turn = parse("300 tokens per turn").slots
    assert (per_turn.tokens_per_turn, per_turn.tokens, per_turn.tokens_per_sample) == (300, None, None)


def test_dialogues_counted_by_duan_and_turns_of_a_length_are_read() -> None:
    assert parse("数据是客服对话，大概 6 万段").slots.samples == 60000
    assert parse("一段时间以后").slots.samples is None
    got = parse("15k chats of 6 turns of ~120 tokens").slots
    assert got.tokens_per_sample == pytest.approx(720) and got.tokens == pytest.approx(1.08e7)


def test_a_hyphenated_turn_count_before_the_samples_is_their_turns() -> None:
    got = parse("8k 5-turn conversations").slots
    assert (got.samples, got.turns_per_sample) == (8000, 5)
    full = parse("LoRA 8B on 8k 5-turn conversations, 300 tokens per turn").slots
    assert full.tokens == pytest.approx(1.2e7) and full.turns_per_sample == 5


def test_a_sample_count_times_a_length_written_with_a_star_is_the_token_total() -> None:
    assert parse("13B LoRA，数据 10 万条 * 1k token").slots.tokens == 1e8


def test_steps_times_a_batch_of_sequences_times_their_length_is_the_tokens_trained() -> None:
    got = parse("global batch size 512, sequence length 4096, 50k steps, 3B model").slots
    assert got.tokens == 512 * 4096 * 50_000


@pytest.mark.parametrize(
    ("text", "tokens", "seq_len"),
    [
        ("pretrain a 2B model for 8000 steps at batch 128 and seq 4096", 8000 * 128 * 4096, 4096),
        ("from scratch 1B: 30k iterations, bs=256, context 2048", 30_000 * 256 * 2048, 2048),
        (
            "3B pretraining, 12k steps with a global batch of 512 sequences of 2048 tokens",
            12_000 * 512 * 2048,
            2048,
        ),
        ("2B from scratch, global batch 768 x 4096 tokens, 25k steps", 25_000 * 768 * 4096, 4096),
        ("预训练一个 2B 模型，跑 3 万步，batch 256，序列长度 2048", 30_000 * 256 * 2048, 2048),
        ("我们预训练 1B，总共 8000 步，每步 1024 条，每条 2048 token", 8000 * 1024 * 2048, 2048),
        ("預訓練 3B 模型，共 1.2 萬步，批次大小 512，序列長度 4096", 12_000 * 512 * 4096, 4096),
    ],
)
def test_steps_times_a_global_batch_said_any_way_is_the_tokens_and_the_length_is_the_sequence_length(
    text: str, tokens: float, seq_len: int
) -> None:
    got = parse(text).slots
    assert (got.tokens, got.seq_len, got.samples, got.tokens_per_sample) == (tokens, seq_len, None, None)
    assert got.steps_basis is not None and got.steps_basis.to_json()["steps"] == tokens / seq_len / (
        got.steps_basis.sequences or 1
    )


@pytest.mark.parametrize(
    ("text", "tokens", "seq_len"),
    [
        ("pretrain 1B, 20k steps × 1024 × 2048", 20_000 * 1024 * 2048, 2048),
        ("20000 steps * 512 * 4096, pretrain a 1B model", 20_000 * 512 * 4096, 4096),
        ("pretrain 1B, 5000 steps at 256 x 8192", 5000 * 256 * 8192, 8192),
        ("预训练 1B，20k步 x 1024 x 2048", 20_000 * 1024 * 2048, 2048),
        ("預訓練 1B，2萬步 x 512 x 4096 tokens", 20_000 * 512 * 4096, 4096),
    ],
)
def test_a_bare_product_after_the_steps_is_steps_times_batch_times_length(
    text: str, tokens: float, seq_len: int
) -> None:
    got = parse(text).slots
    assert (got.tokens, got.seq_len, got.samples) == (tokens, seq_len, None)


@pytest.mark.parametrize(
    "text",
    ["pretrain 1B, 20k steps x 2M tokens", "pretrain 1B, 1 万步 × 400 万 token",
     "預訓練 1B，1萬步 x 400萬 token", "pretrain 1B, 10k iterations × 4M tokens, 2 weeks"],
)  # fmt: skip
def test_steps_times_a_token_count_is_the_tokens_trained_not_the_count_alone(text: str) -> None:
    assert parse(text).slots.tokens == 4e10


def test_steps_times_one_number_alone_makes_no_tokens() -> None:
    assert parse("pretrain 1B, 20k steps x 1024").slots.tokens is None


@pytest.mark.parametrize(
    "text",
    [
        "pretrain 1B, 5000 steps, micro batch 4, seq 8192",
        "pretrain a 1B model, 6000 steps, per-device batch 16, seq 2048",
        "预训练 1B，每卡 batch 8，训练 5000 步，序列长度 4096",
    ],
)
def test_a_micro_or_per_gpu_batch_is_no_steps_size_so_no_tokens_are_made_of_it(text: str) -> None:
    got = parse(text).slots
    assert (got.tokens, got.steps_basis, got.samples) == (None, None, None)


@pytest.mark.parametrize(
    "text",
    [
        "pretrain 1B, checkpoint every 2000 steps, batch 256, seq 4096, two weeks",
        "预训练 1B，每 1000 步存一次 checkpoint，batch 512，序列长度 4096",
        "預訓練 1B，每隔 500 步評估一次，批次大小 256，序列長度 2048",
    ],
)
def test_how_often_something_runs_in_steps_is_no_count_of_training_steps(text: str) -> None:
    assert (parse(text).slots.tokens, parse(text).slots.steps_basis) == (None, None)


def test_steps_said_with_epochs_count_every_pass_so_the_dataset_is_their_share() -> None:
    got = parse("pretrain 3B, 2 epochs, 10000 steps, global batch 512, seq 4096").slots
    assert (got.tokens, got.epochs) == (10_000 * 512 * 4096 / 2, 2)


def test_dialogues_counted_in_duan_times_each_ones_length() -> None:
    assert parse("有 3 萬段對話，每段約 400 token，8B LoRA").slots.tokens == 1.2e7


@pytest.mark.parametrize(
    ("text", "length"),
    [
        ("each one is only about 2k", 2000),
        ("every sample is roughly 700", 700),
        ("each chat is just 300", 300),
    ],
)
def test_each_one_is_and_a_bare_number_is_the_length_per_sample(text: str, length: float) -> None:
    assert parse(text).slots.tokens_per_sample == length


@pytest.mark.parametrize(
    ("text", "slot", "quoted"),
    [("全参微调 13B，语料有几十万篇", "samples", "几十万篇"),
     ("LoRA 7B，偏好數據幾萬對", "samples", "幾萬對"),
     ("pretrain 1B on several billion tokens", "tokens", "several billion tokens"),
     ("QLoRA 70B, hundreds of thousands of chats", "samples", "hundreds of thousands of chats")],
)  # fmt: skip
def test_a_count_said_only_roughly_is_asked_back_not_read_as_its_lowest_figure(
    text: str, slot: str, quoted: str
) -> None:
    got = parse(text)
    assert (got.slots.samples, got.slots.tokens) == (None, None)
    assert [(a.slot, a.reason, a.text) for a in got.asks] == [(slot, "vague_count", quoted)]


@pytest.mark.parametrize(
    ("text", "samples"),
    [("十几万条对话", 1e5), ("数据三万多条，每条 1k token", 3e4), ("two thousand examples", 2e3)],
)
def test_a_count_with_a_number_in_it_is_no_rough_count(text: str, samples: float) -> None:
    got = parse(text)
    assert got.slots.samples == samples and not got.asks


@pytest.mark.parametrize("text", ["几张卡够用", "几天能训完", "tens of thousands of dollars for a 7B LoRA"])
def test_a_rough_count_of_something_else_asks_nothing_about_the_data(text: str) -> None:
    assert not [a for a in parse(text).asks if a.reason == "vague_count"]


@pytest.mark.parametrize(
    ("text", "samples"),
    [
        ("数据 2 万多条，每条 500 token", 2e4),
        ("大概 3 万来条对话", 3e4),
        ("資料 5萬多筆", 5e4),
        ("1 亿多条日志", 1e8),
    ],
)
def test_a_count_in_digits_with_an_odd_after_its_magnitude_is_read_at_the_number_said(
    text: str, samples: float
) -> None:
    got = parse(text)
    assert got.slots.samples == samples and not got.asks


@pytest.mark.parametrize(
    ("text", "tokens"),
    [("20k steps × 1M tokens/step, 7B 从头训", 2e10), ("5k steps, 2M tokens/batch", 1e10)],
)
def test_tokens_per_step_written_with_a_slash_are_times_the_steps_not_a_speed(
    text: str, tokens: float
) -> None:
    got = parse(text)
    assert got.slots.tokens == tokens and got.intent == "size"


@pytest.mark.parametrize(
    ("text", "count", "media"),
    [
        ("我们要训一个 7B 的多模态模型，数据是 300 万张图片和文本", 3e6, "image"),
        ("微調 7B 視覺模型，有 80 萬張照片", 8e5, "image"),
        ("train a 7B VLM on 2 million photos", 2e6, "image"),
        ("LoRA llava 13B on 150k image-caption pairs", 1.5e5, "image"),
        ("fine-tune a 7B video model on 60k video clips", 6e4, "video"),
        ("7B 多模态，数据 20 万个视频", 2e5, "video"),
    ],
)
def test_images_and_videos_counted_are_samples_never_tokens_or_parameters(
    text: str, count: float, media: str
) -> None:
    got = parse(text)
    assert (got.slots.tokens, got.slots.samples, got.sample_media) == (None, count, media)
    assert got.slots.params == 7e9 or got.slots.params == 13e9


def test_a_length_said_for_each_image_makes_the_token_total() -> None:
    got = parse("QLoRA llava 13B on 300k images, ~700 tokens each").slots
    assert got.tokens == 300_000 * 700


@pytest.mark.parametrize(
    ("text", "word"),
    [("LoRA 7B，3w条数据", "条"), ("全參微調 8B，3W筆資料", "笔"), ("LoRA 7B, 5k 笔问答", "笔"),
     ("70億參數全參微調，3w條樣本每條大概 800 字", "条")],
)  # fmt: skip
def test_a_sample_count_in_w_or_k_keeps_its_measure_word(text: str, word: str) -> None:
    assert parse(text).sample_word == word
