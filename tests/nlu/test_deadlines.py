"""Timelines: calendar and relative deadlines counted from the caller's today, open timelines and
ASAP. The parser has no clock: `today` is passed in (a Sunday here)."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.nlu import parse
from tests.nlu.said import said

SUNDAY = dt.date(2026, 11, 29)


@pytest.mark.parametrize(
    ("text", "days"),
    [("finish by March 15", 106), ("before Dec 31", 32), ("deadline 2027-01-10", 42),
     ("3月15日前训完", 106), ("12月31号之前完成", 32), ("2027年1月10日前上线", 42), ("12月底前完成", 32),
     ("by the end of January", 63)],
)  # fmt: skip
def test_a_deadline_becomes_days_from_the_callers_today(text: str, days: int) -> None:
    assert said(text, SUNDAY)["days"] == days


def test_a_deadline_without_a_clock_is_ignored_and_a_stated_duration_wins() -> None:
    assert "days" not in said("finish by March 15")
    assert said("two weeks, finish by March 15", SUNDAY)["days"] == 14


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
