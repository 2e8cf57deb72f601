"""Round-3 rules (QA review): foreign currencies are asked back, budget periods after 预算,
continued pre-training, open and relative deadlines, per-sample token counts, region / owned GPUs /
capacity questions, MoE active parameters, and GPU memory sizes that are not training data."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from bot.nlu import parse

SUNDAY = dt.date(2026, 11, 29)


def said(text: str, today: dt.date | None = None) -> dict[str, Any]:
    got = parse(text, today=today).slots.to_json()
    return {k: v for k, v in got.items() if v is not None and k != "data_language"}


@pytest.mark.parametrize(
    ("text", "amount"),
    [("預算每月新台幣30萬", 300000), ("手上预算 8 万港元", 80000), ("NT$250,000 total", 250000),
     ("budget €7500", 7500), ("about 4000 GBP a month", 4000), ("预算 300万日元", 3e6),
     ("TWD 90000", 90000), ("£1,200 per month", 1200)],
)  # fmt: skip
def test_an_amount_in_an_unpriced_currency_is_asked_back_never_read_as_yuan(text: str, amount: float) -> None:
    got = parse(text)
    assert got.slots.budget is None
    (ask,) = [a for a in got.asks if a.slot == "budget"]
    assert ask.reason == "unsupported_currency"
    assert ask.value == pytest.approx(amount)
    assert ask.text


def test_yuan_and_dollars_are_still_budgets_with_no_ask() -> None:
    for text, currency in (("预算每月30万元", "CNY"), ("NT budget aside, $30k total", "USD")):
        got = parse(text)
        assert got.slots.budget is not None and got.slots.budget.currency == currency
        assert not got.asks


@pytest.mark.parametrize(
    ("text", "amount", "period"),
    [("预算一个月五十万", 5e5, "month"), ("预算一个月20万，三周内训完", 2e5, "month"),
     ("budget a month is $8k", 8000, "month"), ("预算每个月十万块", 1e5, "month")],
)  # fmt: skip
def test_a_unit_of_time_right_after_budget_is_its_period_not_the_timeline(
    text: str, amount: float, period: str
) -> None:
    got = said(text)
    assert got["budget"]["amount"] == pytest.approx(amount)
    assert got["budget"]["period"] == period
    assert got.get("days") in (None, 21)


@pytest.mark.parametrize(
    "text", ["there's no deadline", "时间不限", "没有截止日期", "我们不着急，13B模型", "no rush"]
)
def test_an_open_timeline_is_flagged_and_leaves_days_unset(text: str) -> None:
    got = parse(text, today=SUNDAY)
    assert got.no_deadline
    assert got.slots.days is None


def test_a_stated_timeline_is_not_an_open_one() -> None:
    got = parse("不急，六周内训完就行")
    assert got.slots.days == 42
    assert not got.no_deadline


@pytest.mark.parametrize(
    ("text", "days"),
    [("明天就要", 1), ("后天上线", 2), ("下周三前训完", 3), ("by Thursday", 4), ("due next Wednesday", 3),
     ("need it by the end of next week", 7), ("by tomorrow", 1)],
)  # fmt: skip
def test_a_relative_deadline_counts_days_from_the_callers_sunday(text: str, days: int) -> None:
    assert said(text, SUNDAY)["days"] == days


def test_a_weekday_with_no_deadline_word_is_not_a_deadline() -> None:
    assert "days" not in said("每周二例会，7B模型", SUNDAY)
    assert "days" not in said("明天要", None)


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


@pytest.mark.parametrize(
    "text", ["H200 有 282GB 版本吗", "is there a 160GB version of the H100?", "A100 40GB 和 80GB 差多少钱"]
)
def test_a_memory_size_next_to_a_gpu_name_is_not_training_data(text: str) -> None:
    assert "data_bytes" not in said(text)


def test_a_dataset_size_after_the_gpus_is_still_data() -> None:
    assert said("用8张H100训练600GB数据")["data_bytes"] == pytest.approx(6e11)


def test_a_size_after_on_with_a_tuning_method_and_no_model_is_the_model() -> None:
    got = said("A10 vs L4 for QLoRA on 13B?")
    assert got["params"] == pytest.approx(13e9)
    assert "tokens" not in got
    assert said("pretrain a 1B on 40B")["tokens"] == pytest.approx(40e9)
    assert said("continued pre-training on 60B")["tokens"] == pytest.approx(60e9)


@pytest.mark.parametrize(
    "text", ["在阿里云上租8张H800", "腾讯云有H20吗", "國內哪家雲便宜", "Volcano Engine pricing for H20"]
)
def test_a_mainland_china_cloud_sets_region_cn(text: str) -> None:
    assert parse(text).region == "cn"


def test_no_china_cloud_leaves_region_unset() -> None:
    assert parse("AWS or GCP for 8 H100s?").region is None


@pytest.mark.parametrize(
    "text", ["我们有16张H100", "手里有两张4090，7B LoRA", "we already own 32 A100s", "We have 4 L40S"]
)
def test_gpus_the_user_already_has_are_marked_owned(text: str) -> None:
    assert parse(text).owned


@pytest.mark.parametrize("text", ["we have to rent 8 H100s", "我们有100B tokens的数据", "租8张A100要多少钱"])
def test_renting_or_owning_data_is_not_owning_gpus(text: str) -> None:
    assert not parse(text).owned


@pytest.mark.parametrize(
    "text",
    [
        "手上有4张H800，最大能训多大的模型",
        "how large a model can I fine-tune on two 4090s?",
        "能訓練多大的模型",
    ],
)
def test_how_big_a_model_fits_is_a_capacity_question(text: str) -> None:
    assert parse(text).intent == "capacity"


@pytest.mark.parametrize(
    ("text", "total", "active"),
    [("Mixtral 8x22B LoRA", 141e9, 39e9), ("deepseek-v3 全参微调", 671e9, 37e9),
     ("Qwen2-57B-A14B QLoRA", 57e9, 14e9), ("LoRA on Qwen1.5-MoE-A2.7B", 14.3e9, 2.7e9)],
)  # fmt: skip
def test_a_known_moe_model_gives_total_and_active_parameters(text: str, total: float, active: float) -> None:
    got = parse(text).slots
    assert got.params == pytest.approx(total)
    assert got.active_params == pytest.approx(active)


def test_a_dense_model_or_a_corrected_size_has_no_active_parameters() -> None:
    assert parse("Llama 3 70B LoRA").slots.active_params is None
    assert parse("不是Mixtral-8x7B，改成70B").slots.active_params is None
