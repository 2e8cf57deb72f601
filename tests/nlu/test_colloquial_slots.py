"""Slots in the everyday forms people type them: sprints, a bare 兆 as a data size, a count of
unnamed GPUs with a measure word, budgets per period written every way, deadlines named by a holiday
or a part of a month, a method the user rules out, and a GPU's quoted price."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.nlu import parse
from tests.nlu.said import said

TODAY = dt.date(2026, 12, 1)  # a Tuesday


@pytest.mark.parametrize(
    ("text", "days"),
    [("full fine-tune 13B on 2B tokens in two sprints", 28), ("two-sprint deadline, pretrain 400M", 28),
     ("LoRA a 13B, about 3 sprints", 42)],
)  # fmt: skip
def test_a_sprint_is_two_weeks_and_the_count_said_is_kept(text: str, days: int) -> None:
    got = parse(text, today=TODAY)
    assert got.slots.days == days
    assert got.sprints == days / 14


@pytest.mark.parametrize(
    ("text", "size"),
    [("数据 500兆，全参微调 1.5B", 5e8), ("数据 800兆 左右，QLoRA 微调 14B", 8e8)],
)
def test_a_bare_zhao_after_a_data_amount_is_megabytes(text: str, size: float) -> None:
    assert said(text)["data_bytes"] == size


def test_zhao_before_a_counted_word_is_still_a_trillion() -> None:
    assert said("语料 2 兆 token，预训练 13B")["tokens"] == 2e12
    assert "data_bytes" not in said("两台8卡a100之间用万兆网够吗")


@pytest.mark.parametrize("text", ["我们有 8 个 GPU，想 LoRA 微调 13B", "手上 8 张 显卡"])
def test_a_count_of_unnamed_gpus_with_a_spaced_measure_word_is_the_gpu_count(text: str) -> None:
    assert said(text)["gpu_count"] == 8


@pytest.mark.parametrize(
    ("text", "amount", "currency", "period"),
    [("一个月一万美金的预算，LoRA 微调 13B", 1e4, "USD", "month"),
     ("一个月1万美金，LoRA 微调 13B", 1e4, "USD", "month"),
     ("预算 2.5 万美刀 / 月，continued pretrain 7B", 2.5e4, "USD", "month"),
     ("fine-tune 7B w/ lora, 5k/mo budget", 5e3, "USD", "month")],
)  # fmt: skip
def test_a_budget_per_period_is_read_with_its_period_and_not_as_a_deadline(
    text: str, amount: float, currency: str, period: str
) -> None:
    got = said(text, TODAY)
    assert got["budget"] == {"amount": amount, "currency": currency, "period": period}
    assert "days" not in got


def test_a_month_as_the_timeline_before_a_separate_budget_stays_the_timeline() -> None:
    got = said("一个月内完成，预算一万美金", TODAY)
    assert got["days"] == 30 and got["budget"]["period"] == "total"


@pytest.mark.parametrize(
    ("text", "days"),
    [("農曆年前要完成", 66), ("deadline 是 end of January", 61), ("by end of year", 30),
     ("1 月中旬前", 45), ("二月下旬之前", 82), ("我们 1 月中要上线", 45)],
)  # fmt: skip
def test_holidays_named_months_and_their_parts_are_deadlines_from_today(text: str, days: int) -> None:
    assert said(text, TODAY)["days"] == days


@pytest.mark.parametrize(
    ("text", "method"),
    [("微调 13B 不要 LoRA，要全参", "full_finetune"), ("full fine-tune instead of LoRA", "full_finetune"),
     ("不用 QLoRA 了，直接 LoRA", "lora"), ("no lora, full fine-tune please", "full_finetune")],
)  # fmt: skip
def test_a_method_the_user_rules_out_is_not_the_method(text: str, method: str) -> None:
    assert said(text)["method"] == method


def test_an_hourly_rate_right_after_a_gpu_name_is_its_price_not_the_budget() -> None:
    got = said("H100 大概 2.5 刀一小时，我们总共能花 3 万刀，预训练 1B 模型 30B token")
    assert got["budget"] == {"amount": 3e4, "currency": "USD", "period": "total"}


@pytest.mark.parametrize(
    ("text", "limit"),
    [("如果只能用 16 张卡呢", True), ("what if we can use at most 16 GPUs?", True), ("最多 8 张 A100", True),
     ("把卡数限制在 2 张以内", True), ("8 GPUs max", True), ("what if we use 8 GPUs?", False),
     ("我们有 8 张 H100", False)],
)  # fmt: skip
def test_a_gpu_count_after_a_limit_word_is_a_ceiling(text: str, limit: bool) -> None:
    assert parse(text).count_limit is limit


@pytest.mark.parametrize(
    ("text", "currency"),
    [
        ("that's RMB, not dollars", "CNY"),
        ("是人民币", "CNY"),
        ("不是人民币，是美元", "USD"),
        ("元旦前", None),
    ],
)
def test_a_currency_named_without_an_amount_is_read_and_a_negated_one_is_not(
    text: str, currency: str | None
) -> None:
    assert parse(text).currency == currency


def test_each_one_is_a_pronoun_before_a_length_not_the_number_one() -> None:
    assert said("each one is roughly 3k tokens") == {"tokens_per_sample": 3000.0}


@pytest.mark.parametrize(
    ("text", "days"),
    [("by EOY", 30), ("by end of month", 30), ("by EOM", 30), ("within this month", 30), ("今年内完成", 30),
     ("本月内", 30), ("这个月之内", 30),
     ("年前要训完", 66), ("春节放假前", 66)],
)  # fmt: skip
def test_ends_of_periods_and_the_spring_festival_in_work_speech_are_deadlines(text: str, days: int) -> None:
    assert said(text, TODAY)["days"] == days


def test_years_ago_is_no_spring_festival_deadline() -> None:
    assert parse("两年前的数据", today=TODAY).deadline_date is None


@pytest.mark.parametrize(
    ("text", "amount", "period"),
    [("一个季度 10 万美元", 1e5 / 3, "month"), ("季度预算 9 万，预训练 1B", 3e4, "month"),
     ("每季度预算 30 万元，三个月内", 3e5, "total")],
)  # fmt: skip
def test_a_budget_per_quarter_becomes_a_month_or_a_total_over_the_deadline(
    text: str, amount: float, period: str
) -> None:
    budget = said(text, TODAY)["budget"]
    assert budget["amount"] == pytest.approx(amount) and budget["period"] == period


@pytest.mark.parametrize(("text", "days"), [("ddl：1/31", 61), ("due 12/20", 19), ("by 31/1", 61)])
def test_a_numeric_month_and_day_after_a_deadline_word_is_a_date(text: str, days: int) -> None:
    assert said(text, TODAY)["days"] == days


def test_a_bare_length_after_a_sample_count_and_a_times_sign_is_tokens_per_sample() -> None:
    assert said("LoRA 32B，数据 2.5k 条 × 4k，5 轮")["tokens"] == 1e7


def test_a_month_right_after_the_budget_label_is_its_period() -> None:
    assert said("预算：月 5 万以内（人民币）")["budget"] == {
        "amount": 5e4,
        "currency": "CNY",
        "period": "month",
    }


@pytest.mark.parametrize("text", ["team of 4, 2 GPU engineers", "2 个 GPU 工程师"])
def test_people_named_after_gpus_are_no_gpu_count(text: str) -> None:
    assert "gpu_count" not in said(text)


def test_no_real_deadline_is_an_open_timeline() -> None:
    assert parse("no real deadline").no_deadline


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("training set: 2.5M instruction pairs, median length 350 tokens", 8.75e8),
        ("50 万行日志，每行 80 token", 4e7),
    ],
)
def test_a_median_length_and_lines_of_logs_are_sample_counts_times_length(text: str, tokens: float) -> None:
    assert said(text)["tokens"] == tokens


def test_turns_of_each_dialogue_are_no_epochs() -> None:
    assert "epochs" not in said("数据是 8 千组多轮对话，每组 5 轮，每轮 200 token")
    assert said("LoRA 7B，数据 1 万条每条 1k，训 2 轮")["epochs"] == 2


@pytest.mark.parametrize(
    ("text", "amount", "currency", "period"),
    [("budget: 10w rmb", 1e5, "CNY", "total"), ("budget 10w", 1e5, "CNY", "total"),
     ("月花费控制在 3 千美元", 3e3, "USD", "month")],
)  # fmt: skip
def test_a_w_amount_in_an_english_message_is_wan_and_a_monthly_spend_is_per_month(
    text: str, amount: float, currency: str, period: str
) -> None:
    assert said(text)["budget"] == {"amount": amount, "currency": currency, "period": period}


@pytest.mark.parametrize(
    ("text", "amount"),
    [("per quarter budget of 50k", 5e4 / 3), ("our quarterly compute budget is roughly $60k", 2e4),
     ("每个季度预算我们大概能拿出来 3 万美元", 1e4)],
)  # fmt: skip
def test_a_period_said_with_the_budget_word_holds_however_far_the_amount_comes_after(
    text: str, amount: float
) -> None:
    budget = said(text, TODAY)["budget"]
    assert budget["amount"] == pytest.approx(amount) and budget["period"] == "month"


@pytest.mark.parametrize(
    ("text", "amount", "currency"),
    [
        ("一个月 1w 以内", 1e4, "CNY"),
        ("一个月 2 万以内，两周内训完", 2e4, "CNY"),
        ("一个月 3000 以内", 3000, "CNY"),
    ],
)
def test_a_bare_amount_capped_after_a_month_is_a_monthly_budget_in_the_languages_currency(
    text: str, amount: float, currency: str
) -> None:
    parsed = parse(text, today=TODAY)
    budget = said(text, TODAY)["budget"]
    assert budget["amount"] == amount and budget["currency"] == currency and parsed.currency_assumed
    assert budget["period"] == "month" and said("一个月 5000 条以内", TODAY).get("budget") is None


def test_groups_of_dialogues_with_turns_and_a_length_per_turn_make_the_token_total() -> None:
    found = said("8 千组多轮对话，每组 5 轮，每轮 200 token", TODAY)
    assert found["samples"] == 8000 and found["tokens_per_sample"] == 1000 and found["tokens"] == 8e6
    assert "epochs" not in found and "tokens" not in said("8 千组多轮对话，每组 5 轮", TODAY)
    assert said("每轮训练 1B token", TODAY)["tokens"] == 1e9


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [("finetune llama 3 8b w/ lora, 20k sampels, 3 epochs", "samples", 2e4),
     ("LoRA 13B on 40k exmaples of ~1k tokesn", "tokens", 4e7),
     ("pretrain a 1.3B on 26B toekns", "tokens", 2.6e10),
     ("a 3B parmaeters model, 10k convresations", "samples", 1e4)],
)  # fmt: skip
def test_a_counting_word_typed_with_two_letters_swapped_is_still_read(
    text: str, slot: str, value: float
) -> None:
    assert said(text)[slot] == pytest.approx(value)


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [("fine tune a 7 bil param model", "params", 7e9), ("LoRA 7B on 2 mil tokens", "tokens", 2e6),
     ("pretrain a 1 bln parameter model on 20 bln tokens", "tokens", 2e10)],
)  # fmt: skip
def test_short_forms_of_million_and_billion_are_magnitudes(text: str, slot: str, value: float) -> None:
    assert said(text)[slot] == pytest.approx(value)


@pytest.mark.parametrize(
    ("text", "method"),
    [
        ("h100 vs h200 for ft a 70b", "full_finetune"),
        ("full ft 13b, bs 4, ctx 8k — fits on 4x a100 80gb?", "full_finetune"),
        ("can i ft a 13b on one a100", "full_finetune"),
        ("lora ft 7b on a 4090?", "lora"),
    ],
)
def test_ft_is_fine_tuning_and_a_training_message_is_never_a_serving_one(text: str, method: str) -> None:
    got = parse(text, today=TODAY)
    assert got.slots.method == method and got.task == "train"


def test_host_memory_is_the_machines_ram_not_hosting_a_model() -> None:
    got = parse("how much host memory do I need for fine-tuning 13B on 4 A100s?", today=TODAY)
    assert got.task == "train"
