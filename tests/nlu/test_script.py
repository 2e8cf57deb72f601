"""Script and reply language: simplified or traditional, when the characters cannot tell, and
English messages that name a Chinese cloud."""

from __future__ import annotations

import pytest

from bot.nlu import parse
from bot.nlu.script import (
    converter,
    has_own_language,
    read_script,
    script_neutral,
    to_simplified,
    to_traditional,
)


@pytest.mark.parametrize(
    ("text", "script", "lang"),
    [
        ("我们打算下个月训练一个模型", "zh-Hans", "zh"),
        ("我們打算下個月訓練一個模型", "zh-Hant", "zh"),
        ("請問 H100 一小時多少錢", "zh-Hant", "zh"),
        ("Which is cheaper for H100s, 阿里云 or AWS?", "en", "en"),
        ("We want to rent 8 H800 on 阿里云 for a month, what would it cost?", "en", "en"),
        ("我们用 LLaMA-Factory 跑 Qwen2.5 7B 的 LoRA SFT", "zh-Hans", "zh"),
        ("用 DeepSpeed ZeRO-3 full fine-tune 一个 13B model 要几张卡", "zh-Hans", "zh"),
        ("8 x H100, 7B, 2TB", "en", "en"),
        # the trade's English words inside Chinese grammar are loanwords, not an English message
        ("用 LoRA fine-tune 一个 7B model，data 大概 10k samples", "zh-Hans", "zh"),
        ("budget 大概 2w，想 train 一個 3B 的 model from scratch", "zh-Hant", "zh"),
        ("我們 team 想 deploy Qwen2.5-32B，concurrency 大概 50", "zh-Hant", "zh"),
        ("we want to fine-tune 通义千问 7B on our data", "en", "en"),
        ("can we train on 华为云 with a budget of 5万?", "en", "en"),
    ],
)
def test_the_reply_language_follows_the_words_not_the_names(text: str, script: str, lang: str) -> None:
    got = parse(text)
    assert (got.script, got.lang) == (script, lang)


@pytest.mark.parametrize("text", ["改成13B", "好的", "三天", "可以", "十天"])
def test_chinese_that_reads_the_same_in_both_scripts_is_flagged_ambiguous(text: str) -> None:
    got = parse(text)
    assert got.script_ambiguous
    assert got.script == "zh-Hans"


@pytest.mark.parametrize("text", ["我们要训练一个模型", "我們要訓練一個模型", "train a 7B model"])
def test_a_script_with_its_own_characters_is_not_ambiguous(text: str) -> None:
    assert not parse(text).script_ambiguous


@pytest.mark.parametrize("text", ["有哪些卡支援 FP8", "伺服器要幾張卡", "H100 效能如何"])
def test_a_taiwan_word_in_shared_characters_reads_as_traditional(text: str) -> None:
    got = read_script(text)
    assert (got.script, got.ambiguous) == ("zh-Hant", False)


def test_a_mixed_message_goes_with_the_script_it_uses_more() -> None:
    assert read_script("这个模型训练数据有多少，們").script == "zh-Hans"
    assert read_script("這個模型訓練數據有多少，们").script == "zh-Hant"


def test_simplification_keeps_every_offset() -> None:
    text = "乾隆年間的數據集，頭髮與發展"
    assert len(to_simplified(text)) == len(text)
    assert to_simplified("訓練數據") == "训练数据"


def test_each_converter_is_built_once_and_shared() -> None:
    assert converter("t2s") is converter("t2s")
    assert converter("s2twp") is not converter("t2s")


def test_script_neutral_is_true_for_english_and_for_shared_characters_only() -> None:
    assert script_neutral("ok") and script_neutral("改成7B")
    assert not script_neutral("改成七個") and not script_neutral("改成七个")


@pytest.mark.parametrize(
    "text",
    ["3 epochs", "no deadline", "ASAP", "8x H100", "help", "and 8?", "70B", "ok", "4090 ok?", "enough?"],
)
def test_latin_text_without_english_sentences_is_flagged_ambiguous(text: str) -> None:
    got = parse(text)
    assert got.script_ambiguous and got.script == "en"
    assert not has_own_language(text)


@pytest.mark.parametrize(
    "text",
    [
        "we want to fine-tune it for a week",
        "Can you answer in English please?",
        "what is the price of it",
        "what about int4?",
        "what about 200 users?",
        "how about 8 cards",
        "a 3060 12gb ok for qlora 7b?",
        "3060 12gb enough for 7b qlora?",
        "A10 fine for that?",
    ],
)
def test_english_sentences_are_english(text: str) -> None:
    assert not parse(text).script_ambiguous
    assert has_own_language(text)


@pytest.mark.parametrize("text", ["4090 呢", "H100 吗？", "A100 呢?"])
def test_a_chinese_particle_beside_names_and_figures_has_no_language_of_its_own(text: str) -> None:
    assert not has_own_language(text)


@pytest.mark.parametrize("text", ["8 卡呢", "改成13B", "換成 INT4 呢", "能撑多少并发"])
def test_a_chinese_word_beside_the_particle_is_chinese(text: str) -> None:
    assert has_own_language(text) and read_script(text).lang == "zh"


@pytest.mark.parametrize(
    ("simplified", "taiwan"),
    [("多机扩展效率更差", "多機擴展效率更差"), ("开启完整激活检查点", "開啟完整激活檢查點"),
     ("激活参数 370亿", "激活參數 370億"), ("文件扩展名", "檔案副檔名"), ("启用 FP8", "啟用 FP8"),
     ("显存和参数量", "顯存和參數量")],
)  # fmt: skip
def test_traditional_replies_keep_ml_terms_s2twp_would_mistranslate(simplified: str, taiwan: str) -> None:
    assert to_traditional(simplified) == taiwan


def test_normalising_a_message_again_gives_the_same_text_and_another_message_its_own() -> None:
    from bot.nlu.text import normalise

    first = normalise("訓練一個 7B 模型")
    other = normalise("LoRA on a 13B model")
    again = normalise("訓練一個 7B 模型")
    assert again == first and again.simplified == "训练一个 7B 模型"
    assert other.lower == "lora on a 13b model" and other.script == "en"


def test_taiwans_word_for_bandwidth_reads_as_the_mainland_one_at_the_same_length() -> None:
    text = "H100 的頻寬是多少"
    assert to_simplified(text) == "H100 的带宽是多少" and len(to_simplified(text)) == len(text)
