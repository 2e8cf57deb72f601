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
