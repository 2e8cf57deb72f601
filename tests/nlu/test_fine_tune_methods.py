"""A plain "fine-tune" is sized as full fine-tuning, and the reader can tell it apart from a method
the user chose ("full fine-tune", "LoRA", 全参微调)."""

from __future__ import annotations

import pytest

from bot.nlu import parse
from bot.nlu.parser import unqualified_fine_tune


@pytest.mark.parametrize(
    "text",
    [
        "Can I fine-tune Llama 3 8B on a single T4?",
        "单张 T4 能微调 8B 吗",
        "4090 能微調 14B 嗎",
        "sft a 7b model",
    ],
)
def test_fine_tune_with_no_word_for_how_is_full_fine_tuning_not_chosen_by_the_user(text: str) -> None:
    assert parse(text).slots.method == "full_finetune"
    assert unqualified_fine_tune(text)


@pytest.mark.parametrize(
    ("text", "method"),
    [
        ("Can I full fine-tune Llama 3 8B on a single T4?", "full_finetune"),
        ("全参微调 8B 要几张卡", "full_finetune"),
        ("LoRA fine-tune a 70B model", "lora"),
        ("qlora 微调 32b", "qlora"),
        ("pretrain a 1B model", "pretrain"),
        ("what does an H100 cost", None),
    ],
)
def test_a_method_the_user_named_is_not_unqualified(text: str, method: str | None) -> None:
    assert parse(text).slots.method == method
    assert not unqualified_fine_tune(text)


@pytest.mark.parametrize("text", ["what if we load the base in 4-bit?", "如果把底座量化成 4-bit 呢"])
def test_a_base_loaded_in_four_bit_is_qlora(text: str) -> None:
    assert parse(text).slots.method == "qlora"


def test_a_base_served_in_four_bit_is_a_serving_precision_not_a_method() -> None:
    got = parse("serve the base model in 4-bit")
    assert got.slots.method is None and got.slots.precision == "int4"


@pytest.mark.parametrize(
    "text",
    [
        "13B 做全参 vs LoRA，哪个更省钱？",
        "LoRA 微调还是全参微调好？模型 14B",
        "全參還是 QLoRA？兩張 A100",
        "should we go with QLoRA or LoRA for a 34B on one H100?",
        "full fine-tuning versus LoRA for Mistral 7B, which wins on cost?",
    ],
)
def test_two_methods_weighed_against_each_other_are_a_question_not_a_chosen_method(text: str) -> None:
    assert parse(text).slots.method is None


@pytest.mark.parametrize(
    ("text", "method"),
    [
        ("We will full fine-tune it, not LoRA: LoRA lost too much quality last time.", "full_finetune"),
        ("不做 QLoRA 了，之前 QLoRA 掉点太多，改成 LoRA", "lora"),
    ],
)
def test_a_method_ruled_out_once_stays_out_when_the_message_names_it_again(text: str, method: str) -> None:
    assert parse(text).slots.method == method


@pytest.mark.parametrize("text", ["fp8 还是 bf16 训练 70B 更省钱？", "BF16 or FP16 for a 13B on V100s?"])
def test_two_precisions_weighed_are_a_question_not_a_chosen_precision(text: str) -> None:
    got = parse(text)
    assert got.slots.precision is None


def test_a_weighed_technique_is_still_a_question_about_it() -> None:
    assert parse("FP8 vs BF16").intent == "faq"
    assert parse("全参 vs LoRA 有什么区别").intent == "faq"


def test_a_precision_the_user_will_not_use_is_not_the_one_chosen() -> None:
    assert parse("We won't use FP16 on these cards; BF16 please, 7B full fine-tune").slots.precision == "bf16"
    assert parse("我们不打算用 LoRA，13B 全参微调").slots.method == "full_finetune"


def test_adapters_on_a_four_bit_base_are_qlora() -> None:
    assert parse("fine-tune a 13B with adapters, base loaded in 4-bit, 20k examples").slots.method == "qlora"


@pytest.mark.parametrize(
    ("text", "precision"),
    [("FP8 训练不稳定吗，我们还是用 BF16 吧，13B 全参", "bf16"),
     ("bf16 or fp8? we'll go with bf16. 7B pretrain", "bf16"),
     ("fp16 容易溢出，決定用 bf16，7B 全參", "bf16"),
     ("fp8 is tempting but we'll stick with bf16 for the 13B", "bf16"),
     ("想用 bf16 训，但 V100 不支持，那就 fp16 吧，13B", "fp16")],
)  # fmt: skip
def test_a_precision_settled_on_after_another_is_the_one_chosen(text: str, precision: str) -> None:
    assert parse(text).slots.precision == precision


def test_a_precision_the_gpus_cannot_use_is_not_chosen() -> None:
    assert parse("We can't use bf16 on our V100s so it'll be fp16, 2.7B").slots.precision == "fp16"


@pytest.mark.parametrize(
    ("text", "method"),
    [("我们打算 CPT 一个 14B，语料 2000 亿 token", "pretrain"), ("do CPT on Qwen2.5-7B", "pretrain"),
     ("LoRA a 7B on our CPT codes dataset", "lora")],
)  # fmt: skip
def test_cpt_said_as_a_verb_is_continued_pretraining(text: str, method: str) -> None:
    assert parse(text).slots.method == method


@pytest.mark.parametrize(
    "text",
    ["pretrain 8B with fp8 + bf16 mixed precision", "FP8/FP16 混合精度预训练 3B",
     "fp8 training, bf16 master weights, 13B", "用 BF16 和 FP8 混合训练 7B"],
)  # fmt: skip
def test_fp8_with_sixteen_bit_master_weights_said_as_one_recipe_is_fp8(text: str) -> None:
    assert parse(text).slots.precision == "fp8"


@pytest.mark.parametrize("text", ["fp8 or bf16 for pretraining a 3B?", "FP8 还是 BF16 混合精度好？"])
def test_fp8_and_bf16_weighed_as_a_choice_stay_a_question(text: str) -> None:
    assert parse(text).slots.precision is None


@pytest.mark.parametrize("text", ["cpt 14b on our legal corpus", "CPT a 1.5B, 30B tokens", "想 cpt 一個 7B"])
def test_cpt_right_before_a_model_size_is_continued_pretraining(text: str) -> None:
    got = parse(text).slots
    assert (got.method, got.continued) == ("pretrain", True)


@pytest.mark.parametrize("text", ["全量训 8B，数据 3 亿 token", "7B 全量 SFT", "全量调一个 14B"])
def test_quanliang_with_a_training_verb_is_full_fine_tuning(text: str) -> None:
    assert parse(text).slots.method == "full_finetune"


@pytest.mark.parametrize("text", ["用全量数据 LoRA 一个 7B", "全量预训练 1B"])
def test_quanliang_of_the_data_or_of_pre_training_is_not_full_fine_tuning(text: str) -> None:
    assert parse(text).slots.method != "full_finetune"


@pytest.mark.parametrize("text", ["AMP, 2 weeks", "LoRA 13B with AMP on", "amp 就行，7B 全参"])
def test_amp_alone_is_mixed_precision(text: str) -> None:
    assert parse(text).slots.precision == "bf16"


def test_amps_of_electric_current_are_no_precision() -> None:
    assert parse("how many amps does an 8x H100 server draw?").slots.precision is None


@pytest.mark.parametrize(
    ("text", "word"),
    [("int8 训练 13B 全参可以吗", "int8"), ("could we fine-tune 7B in 8-bit precision?", "8-bit"),
     ("can we train a 3B fully in int4? 2B tokens", "int4")],
)  # fmt: skip
def test_an_integer_bit_width_for_training_is_no_precision_and_is_kept_to_say_back(
    text: str, word: str
) -> None:
    got = parse(text)
    assert (got.slots.precision, got.unread_precision) == (None, word)


def test_the_amp_of_a_slack_escaped_ampersand_is_no_precision() -> None:
    assert parse("H100 &amp; A100, which is cheaper?").slots.precision is None


@pytest.mark.parametrize(
    "text", ["cpt 一个 32B 模型", "CPT 一個 1.5b，語料 300 億 token", "先 cpt 一个 70亿 的底座"]
)
def test_cpt_before_one_model_of_a_size_is_continued_pretraining_not_a_length_per_sample(text: str) -> None:
    got = parse(text)
    assert (got.slots.method, got.slots.continued, got.slots.tokens_per_sample) == ("pretrain", True, None)


@pytest.mark.parametrize(
    "text",
    [
        "全参训练一个 1B，语料 500 亿 token",
        "full-parameter training of a 2B model on 80B tokens",
        "全量訓練 7B，資料 2TB",
    ],
)
def test_every_weight_trained_on_a_pretraining_corpus_with_no_base_model_is_pretraining(text: str) -> None:
    assert parse(text).slots.method == "pretrain"


@pytest.mark.parametrize(
    "text",
    [
        "全参训练 3B，数据 5000 万 token",  # a fine-tuning set
        "全参微调 3B，语料 500 亿 token",  # tuning said
        "全参训练 qwen2.5 7b，200 亿 token",  # a base model named
        "full-parameter training on top of the base model, 7B, 20B tokens",
    ],
)
def test_every_weight_trained_on_a_tuning_set_or_a_named_base_stays_full_fine_tuning(text: str) -> None:
    assert parse(text).slots.method == "full_finetune"
