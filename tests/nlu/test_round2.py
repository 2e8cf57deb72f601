"""Round-2 rules: Duckling-corpus numerals and durations, per-day budgets, foreign currencies,
deadlines with the caller's clock, servers x cards, and model names without a size in them."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from bot.nlu import parse
from bot.nlu.numerals_zh import zh_integer

TODAY = dt.date(2026, 11, 29)


def said(text: str, today: dt.date | None = None) -> dict[str, Any]:
    got = parse(text, today=today).slots.to_json()
    return {k: v for k, v in got.items() if v is not None and k != "data_language"}


@pytest.mark.parametrize(
    ("numeral", "value"),
    [("百二万", 1.2e6), ("千一", 1100), ("万九", 19000), ("三万四", 34000), ("一百零四", 104),
     ("一百零四万", 1.04e6), ("三万四千五百六十七万", 3.4567e8), ("一万零四十万", 1.004e8),
     ("一万零四十", 10040), ("二十一万", 2.1e5)],
)  # fmt: skip
def test_colloquial_chinese_numerals_read_as_a_chinese_reader_would(numeral: str, value: float) -> None:
    assert zh_integer(numeral) == pytest.approx(value)


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [("a 3 and a half billion parameter model", "params", 3.5e9),
     ("5 and a half days", "days", 5.5),
     ("a 1 point 1 billion parameter model", "params", 1.1e9),
     ("零點77天内训完", "days", 0.77),
     ("a quarter of an hour", "days", 1 / 96),
     ("train it in 2 hours ten", "days", 130 / 1440),
     ("兩小時十分內跑完", "days", 130 / 1440),
     ("五分半鐘內跑完", "days", 5.5 / 1440),
     ("一個半鐘內跑完", "days", 1.5 / 24),
     ("in 2 more minutes", "days", 2 / 1440),
     ("2 dozens days", "days", 24.0)],
)  # fmt: skip
def test_duckling_corpus_quantities_read_in_context(text: str, slot: str, value: float) -> None:
    assert said(text)[slot] == pytest.approx(value)


def test_a_per_day_budget_becomes_a_total_over_the_stated_timeline() -> None:
    assert said("$500 a day for two weeks")["budget"] == {
        "amount": 7000.0,
        "currency": "USD",
        "period": "total",
    }
    assert said("預算每天兩千元，兩週")["budget"]["amount"] == pytest.approx(28000)


def test_a_per_week_budget_without_a_timeline_becomes_the_same_rate_per_month() -> None:
    budget = said("每周预算七千块，13B模型")["budget"]
    assert budget["period"] == "month"
    assert budget["amount"] == pytest.approx(30000)


def test_one_week_before_a_budget_is_its_period_not_the_timeline() -> None:
    got = said("一周预算七千块，三周训完")
    assert got["days"] == 21
    assert got["budget"]["amount"] == pytest.approx(21000)


@pytest.mark.parametrize(
    "text", ["预算港币5万", "預算每小時港幣3.14", "EUR 20 per hour", "20 euros an hour", "£10 per hour",
             "5 lakh rupees"],
)  # fmt: skip
def test_an_amount_in_a_currency_we_do_not_price_is_not_a_budget_nor_a_timeline(text: str) -> None:
    got = said(text)
    assert "budget" not in got
    assert "days" not in got


def test_cents_and_yuan_are_understood() -> None:
    assert said("90 cents an hour")["budget"] == {"amount": 0.9, "currency": "USD", "period": "hour"}
    assert said("3 yuan per hour")["budget"] == {"amount": 3.0, "currency": "CNY", "period": "hour"}


def test_a_money_range_keeps_its_upper_bound() -> None:
    assert said("between 10 and 20 dollars an hour")["budget"]["amount"] == 20.0
    assert said("预算5.6到5.78万元")["budget"]["amount"] == pytest.approx(57800)


@pytest.mark.parametrize(
    ("text", "days"),
    [("finish by March 15", 106), ("before Dec 31", 32), ("deadline 2027-01-10", 42),
     ("3月15日前训完", 106), ("12月31号之前完成", 32), ("2027年1月10日前上线", 42), ("12月底前完成", 32),
     ("by the end of January", 63)],
)  # fmt: skip
def test_a_deadline_becomes_days_from_the_callers_today(text: str, days: int) -> None:
    assert said(text, TODAY)["days"] == days


def test_a_deadline_without_a_clock_is_ignored_and_a_stated_duration_wins() -> None:
    assert "days" not in said("finish by March 15")
    assert said("two weeks, finish by March 15", TODAY)["days"] == 14


@pytest.mark.parametrize(
    ("text", "count"),
    [("2 8-GPU nodes", 16), ("两台8卡机器", 16), ("2 nodes of 8 H100", 16), ("兩台八卡H100", 16),
     ("单卡T4能跑吗", 1), ("a single H100", 1)],
)  # fmt: skip
def test_servers_times_cards_per_server_is_the_gpu_count(text: str, count: int) -> None:
    assert said(text)["gpu_count"] == count


@pytest.mark.parametrize(
    ("name", "params"),
    [("DeepSeek-V2-Lite", 15.7e9), ("DeepSeek-V2", 236e9), ("Phi-3-mini", 3.8e9), ("Phi-3-medium", 14e9),
     ("BLOOMZ-7b1", 7.1e9), ("Qwen1.5-MoE-A2.7B", 14.3e9), ("Qwen2.5-72B-Instruct", 72e9),
     ("Gemma-2-9B", 9e9), ("Yi-1.5-34B", 34e9), ("Mixtral-8x22B", 141e9), ("GLM-4-9B", 9e9)],
)  # fmt: skip
def test_a_model_name_gives_its_published_size(name: str, params: float) -> None:
    assert said(f"LoRA {name}")["params"] == pytest.approx(params)


def test_mixed_precision_alone_leaves_the_precision_to_the_default() -> None:
    assert "precision" not in said("混合精度训练7B模型")
    assert said("bf16 mixed precision, 7B")["precision"] == "bf16"
    assert said("fp16 mixed precision, 7B")["precision"] == "fp16"


def test_a_negative_chinese_amount_is_asked_back_not_used() -> None:
    result = parse("预算负一百二十万")
    assert result.slots.budget is None
    assert [a.reason for a in result.asks] == ["not_positive"]


@pytest.mark.parametrize(
    ("text", "amount"),
    [("budget $20 and 43c", 20.43), ("budget 20 dollars 43 cents", 20.43), ("预算五块七毛八", 5.78),
     ("预算至少三块零四", 3.04), ("budget $5k and 8 A100s", 5000.0)],
)  # fmt: skip
def test_cents_and_jiao_after_the_whole_amount_are_added(text: str, amount: float) -> None:
    assert said(text)["budget"]["amount"] == pytest.approx(amount)
