"""Wording met on unseen requests (round 11): each class of miss, in other words than the ones that
found it."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from bot.nlu import parse
from bot.nlu.parser import unqualified_fine_tune
from tests.nlu.said import said

WEDNESDAY = dt.date(2026, 12, 2)


def approx(expected: dict[str, Any]) -> dict[str, Any]:
    return {k: pytest.approx(v) if isinstance(v, float) else v for k, v in expected.items()}


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("经费一共二十万元，训练 7B", 2e5),
        ("我们一起凑了预算 8 万", 8e4),
        ("預算一共三十萬元", 3e5),
    ],
)
def test_the_one_of_a_word_like_yigong_is_not_an_amount(text: str, amount: float) -> None:
    assert said(text)["budget"]["amount"] == pytest.approx(amount)


def test_a_size_before_a_colon_and_a_data_label_is_the_model_and_the_label_goes_to_the_next_value() -> None:
    assert said("Finetune 13B: data 300B tokens") == approx(
        {"params": 1.3e10, "tokens": 3e11, "method": "full_finetune"}
    )


@pytest.mark.parametrize(
    ("text", "total", "active"),
    [
        ("MoE，总参数 1.2T 激活 60B", 1.2e12, 6e10),
        ("总参 400B，激活 30B", 4e11, 3e10),
        ("a MoE with 90B total and 12B active", 9e10, 1.2e10),
    ],
)
def test_an_active_word_between_two_sizes_labels_the_second_one(
    text: str, total: float, active: float
) -> None:
    got = said(text)
    assert got["params"] == pytest.approx(total)
    assert got["active_params"] == pytest.approx(active)


def test_an_experts_by_size_name_without_a_family_takes_the_card_named_that_way_or_the_product() -> None:
    got = said("继续训练一个 8x7B 的混合专家模型")
    assert got["params"] == pytest.approx(46.7e9)  # Mixtral 8x7B's published total, not 56B
    assert "model" not in got  # the layout, not a claim that it is Mixtral
    assert said("a 4x5B MoE, 10B tokens")["params"] == pytest.approx(2e10)  # no such card: at most 4 x 5B


@pytest.mark.parametrize(
    "text",
    [
        "4-bit 量化后做 LoRA，模型 33B",
        "LoRA on a 70B base loaded in NF4",
        "LoRA over int4 weights, 14B",
    ],
)
def test_lora_on_four_bit_weights_is_qlora(text: str) -> None:
    assert parse(text).slots.method == "qlora"


@pytest.mark.parametrize(
    "text", ["先 LoRA 微调 14B，然后用 int4 部署上线", "serve our LoRA-tuned 13B in AWQ int4"]
)
def test_lora_then_quantised_serving_stays_lora_and_the_serving_precision_is_kept(text: str) -> None:
    got = parse(text)
    assert (got.slots.method, got.slots.precision) == ("lora", "int4")


@pytest.mark.parametrize(
    "text",
    ["用 adapter 的方式微调 13B", "fine-tune Llama 3 8B with adapters", "适配器微调一个 7B"],
)
def test_adapters_named_as_the_way_to_fine_tune_are_lora(text: str) -> None:
    assert parse(text).slots.method == "lora"
    assert not unqualified_fine_tune(text)


def test_an_adapter_file_alone_names_no_method() -> None:
    assert parse("how big is the adapter file?").slots.method is None


def test_an_adapter_file_does_not_turn_the_data_after_on_into_a_model_size() -> None:
    got = parse("how long to train on 300B? we only keep the adapter file").slots
    assert (got.tokens, got.params) == (300e9, None)


@pytest.mark.parametrize(
    "text", ["RLHF with all parameters on a 7B", "fine-tune all the weights of a 3B model"]
)
def test_all_parameters_is_full_fine_tuning(text: str) -> None:
    assert parse(text).slots.method == "full_finetune"


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("偏好数据 5 万对，每对约 900 token", 4.5e7),
        ("偏好資料 1 萬對，每對 2k token", 2e7),
        ("800 books at about 100k tokens per book", 8e7),
    ],
)
def test_pairs_and_pages_are_samples_and_a_length_per_one_multiplies_them(text: str, tokens: float) -> None:
    assert said(text)["tokens"] == pytest.approx(tokens)


@pytest.mark.parametrize("text", ["A100 300W 对吧", "7B 对比 13B 哪个好"])
def test_dui_in_a_question_or_a_comparison_counts_no_pairs(text: str) -> None:
    assert "samples" not in said(text)


@pytest.mark.parametrize(("text", "seq"), [("13B, 8192 seq len", 8192), ("2048 sequence length, 1B", 2048)])
def test_a_length_before_the_words_seq_len_is_the_context(text: str, seq: int) -> None:
    assert said(text)["seq_len"] == seq


@pytest.mark.parametrize(
    ("text", "days"),
    [("train 7B over a weekend", 2.0), ("两个周末训完 3B", 4.0), ("7B, quarter of a year", 91.25)],
)
def test_weekends_and_a_quarter_of_a_year_are_durations(text: str, days: float) -> None:
    assert said(text, today=WEDNESDAY)["days"] == pytest.approx(days)


@pytest.mark.parametrize(
    ("text", "slot", "total"),
    [
        ("语料 800GB，另外还有 200GB 代码，训练 13B", "data_bytes", 1e12),
        ("30B tokens of papers plus 10B tokens of code for a 3B model", "tokens", 4e10),
    ],
)
def test_a_second_part_of_the_data_added_with_a_plus_word_is_summed(
    text: str, slot: str, total: float
) -> None:
    assert said(text)[slot] == pytest.approx(total)


@pytest.mark.parametrize("text", ["想做 GRPO，模型 7B", "DPO a 13B model on 20k pairs", "RLHF 一个 14B 模型"])
def test_preference_or_rl_tuning_alone_is_sized_as_full_fine_tuning_not_chosen_by_the_user(text: str) -> None:
    assert parse(text).slots.method == "full_finetune"
    assert unqualified_fine_tune(text)


def test_a_named_part_of_the_data_after_a_plus_word_is_added_too() -> None:
    assert said("代码 20 亿 token，另有数学 5 亿 token，LoRA 7B")["tokens"] == pytest.approx(2.5e9)


def test_question_answer_pairs_written_with_a_slash_are_samples() -> None:
    got = said("SFT a 7B on 15k question/answer pairs of ~400 tokens")
    assert got["tokens"] == pytest.approx(6e6)


def test_prompts_counted_for_rl_tuning_are_no_serving_request_length() -> None:
    got = parse("PPO with LoRA on 8B, 30k prompts, $2k budget")
    assert got.slots.input_tokens is None
    assert got.intent != "serve"


@pytest.mark.parametrize(
    ("text", "gpu"),
    [
        ("4090 显存不够，只好用 2 张 A100 80G 做 LoRA 13B", "a100-80gb"),
        ("L4 is too slow for this, so go with 8 H100s: 7B on 100B tokens", "h100"),
    ],
)
def test_a_gpu_settled_on_after_another_was_weighed_is_the_one_planned(text: str, gpu: str) -> None:
    assert said(text)["gpu"].startswith(gpu)


def test_two_gpus_weighed_without_settling_keep_the_first() -> None:
    assert said("用 A100 还是用 H100 训 7B")["gpu"].startswith("a100")


@pytest.mark.parametrize(("text", "count"), [("H800*16 训 70B", 16), ("A100 x8, 13B", 8), ("L40S ×4", 4)])
def test_a_count_glued_after_a_gpu_name_by_a_times_sign_is_the_gpu_count(text: str, count: int) -> None:
    assert said(text)["gpu_count"] == count


def test_an_escape_like_x1b_is_no_count_or_size() -> None:
    assert "params" not in said("you said: \\x1b[2J")


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("语料规模约 800G，训 13B", "data_bytes", 8e11),
        ("dataset size 3TB for a 7B model", "data_bytes", 3e12),
    ],
)
def test_a_size_word_right_after_a_data_word_sizes_the_data_not_the_model(
    text: str, slot: str, value: float
) -> None:
    got = said(text)
    assert got[slot] == pytest.approx(value)
    assert got["params"] < 1e11


def test_a_spaced_slash_between_items_of_a_list_separates_them() -> None:
    assert said("13b params / 300b toks / bf16 / 3 weeks") == approx(
        {"params": 1.3e10, "tokens": 3e11, "precision": "bf16", "days": 21.0}
    )


@pytest.mark.parametrize("text", ["price $0.5 / 1M tokens", "2 美元 / 百万 token"])
def test_a_slash_after_a_price_is_still_a_unit_of_price_not_data(text: str) -> None:
    assert "tokens" not in said(text)


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("三十多亿参数的模型", "params", 3e9),
        ("七十余亿参数", "params", 7e9),
        ("数据 300 多 G", "data_bytes", 3e11),
        ("语料一千多亿 token，训 13B", "tokens", 1e11),
        ("两百多万条样本，每条 400 token", "tokens", 8e8),
        ("十多天训完 7B", "days", 10.0),
        ("一个多月，模型 13B", "days", 30.0),
        ("数据 200 来个 G", "data_bytes", 2e11),
        ("二十几天，模型 3B", "days", 20.0),
    ],
)
def test_duo_after_a_numeral_is_some_more_than_it_and_keeps_its_magnitude(
    text: str, slot: str, value: float
) -> None:
    assert said(text)[slot] == pytest.approx(value)


@pytest.mark.parametrize("text", ["7B 要多少张卡", "训练一个多模态的 7B 模型"])
def test_duo_in_a_question_or_a_word_of_its_own_counts_nothing(text: str) -> None:
    assert said(text)["params"] == pytest.approx(7e9)


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("预训练 3B，训练 5 万步，global batch 4M tokens", 2e11),
        ("200k steps at 2M tokens per step on a 7B", 4e11),
        ("每步 50 万 token，共 10 万步，1B 模型", 5e10),
    ],
)
def test_steps_times_the_tokens_of_each_batch_are_the_tokens_trained(text: str, tokens: float) -> None:
    assert said(text)["tokens"] == pytest.approx(tokens)


def test_a_batch_size_in_tokens_alone_is_no_dataset() -> None:
    assert "tokens" not in said("global batch 4M tokens, 7B model")


def test_a_hyphenated_scale_word_multiplies_the_number_before_it() -> None:
    assert said("a 13-billion-parameter model on a 2-trillion-token corpus") == approx(
        {"params": 1.3e10, "tokens": 2e12}
    )


def test_lai_after_a_numeral_keeps_the_magnitude_of_a_budget() -> None:
    assert said("预算十来万，训 7B")["budget"]["amount"] == pytest.approx(1e5)


def test_a_b_size_after_a_card_count_is_the_chip_not_the_model() -> None:
    got = said("8 张 910B 训 7B")
    assert (got["params"], got["gpu_count"]) == (pytest.approx(7e9), 8)


@pytest.mark.parametrize("text", ["fine-tune Llama 3 8B in 4-bit", "4bit 量化后微调 13B", "SFT 7B in int4"])
def test_fine_tuning_four_bit_weights_is_qlora_and_int4_is_no_training_precision(text: str) -> None:
    got = parse(text).slots
    assert (got.method, got.precision) == ("qlora", None)


def test_fine_tuning_then_serving_in_four_bit_keeps_the_serving_precision() -> None:
    got = parse("fine-tune 8B, then serve it in 4-bit").slots
    assert (got.method, got.precision) == ("full_finetune", "int4")


def test_grand_after_a_number_is_thousands() -> None:
    assert said("ten grand budget for a 7B")["budget"]["amount"] == pytest.approx(1e4)


def test_fine_tuning_in_four_bit_is_a_method_the_user_said() -> None:
    assert not unqualified_fine_tune("fine-tune Llama 3 8B in 4-bit")


@pytest.mark.parametrize(
    ("text", "params"), [("用这些语料预训练 3B", 3e9), ("数据都准备好了，训一个 13B", 1.3e10)]
)
def test_a_size_right_after_a_training_verb_is_the_model_even_after_a_data_word(
    text: str, params: float
) -> None:
    got = said(text)
    assert got["params"] == pytest.approx(params)
    assert "tokens" not in got


def test_a_version_glued_to_a_model_name_is_no_count() -> None:
    got = parse("GPT-4 生成的 8 万条数据，微调 7B")
    assert got.slots.output_tokens is None
    assert got.intent != "serve"


@pytest.mark.parametrize(
    ("text", "params"),
    [
        ("用 72B 模型蒸馏出来的 50 万条数据训 7B", 7e9),
        ("基于 Qwen2.5-72B 生成数据，微调 14B", 1.4e10),
        ("fine-tune 8B on 30k samples generated by Llama 3.1 70B", 8e9),
        ("distill a 3B from a 70B teacher", 3e9),
        ("distill deepseek r1 into a 7b model, 500k samples of 2k tokens", 7e9),
        ("knowledge distillation from Llama 3.1 70B to 8B on 100M tokens", 8e9),
    ],
)
def test_the_model_that_makes_the_data_is_not_the_model_trained(text: str, params: float) -> None:
    assert said(text)["params"] == pytest.approx(params)


@pytest.mark.parametrize(
    "text",
    [
        "deepseek r1 蒸馏到 7b，数据 50 万条，每条 2k，多久",
        "把 DeepSeek-R1 蒸餾成 Qwen2.5-7B，資料 50 萬筆",
        "distill deepseek r1 into a 7b model, 500k samples of 2k tokens",
    ],
)
def test_distilling_into_a_student_fine_tunes_it_not_pretrains_it(text: str) -> None:
    assert said(text)["method"] == "full_finetune"


def test_a_model_that_makes_data_alone_is_still_the_model_asked_about() -> None:
    assert said("7B 模型生成的速度多少")["params"] == pytest.approx(7e9)


@pytest.mark.parametrize(
    ("text", "days"),
    [("每天训练 8 小时，一共 10 天，7B", 10.0), ("daily 6 hours of training over 3 weeks", 21.0)],
)
def test_hours_of_a_daily_schedule_are_not_the_timeline(text: str, days: float) -> None:
    assert said(text)["days"] == pytest.approx(days)
