"""Timelines: calendar and relative deadlines counted from the caller's today, open timelines and
ASAP. The parser has no clock: `today` is passed in (a Sunday here)."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.nlu import parse
from tests.nlu.said import said

SUNDAY = dt.date(2026, 11, 29)
WEDNESDAY = dt.date(2026, 12, 2)


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


@pytest.mark.parametrize(
    ("text", "date"),
    [("end of next month", "2026-12-31"), ("下个月底前", "2026-12-31"), ("下個月底之前要訓完", "2026-12-31"),
     ("by March 15", "2027-03-15"), ("3月15号之前", "2027-03-15"), ("by end of Q1", "2027-03-31"),
     ("Q1结束前", "2027-03-31"), ("一季度末", "2027-03-31"), ("before Q2", "2027-03-31"),
     ("下週五前", "2026-12-04"), ("need it by Friday", "2026-12-04"), ("年底前", "2026-12-31"),
     ("by the end of this month", "2026-11-30"), ("明年年底", "2027-12-31"), ("by year-end", "2026-12-31"),
     ("下个月初之前", "2026-12-01"), ("下月中旬", "2026-12-15"), ("下下个月中旬前", "2027-01-15"),
     ("by mid next month", "2026-12-15"), ("early next month", "2026-12-01")],
)  # fmt: skip
def test_calendar_and_relative_deadlines_become_a_date_and_days(text: str, date: str) -> None:
    got = parse(text, today=SUNDAY)
    assert got.deadline_date == date
    assert got.slots.days == (dt.date.fromisoformat(date) - SUNDAY).days


def test_a_duration_is_days_with_no_date() -> None:
    got = parse("within 6 weeks", today=SUNDAY)
    assert got.slots.days == 42 and got.deadline_date is None


def test_a_deadline_already_past_is_not_one() -> None:
    assert parse("by the end of this month", today=dt.date(2026, 11, 30)).slots.days is None


@pytest.mark.parametrize(
    "text",
    ["no deadline", "没有deadline", "沒有期限", "whenever", "不急", "no rush", "随便多久", "多久都行",
     "We're not in a hurry, take as long as it needs", "時間不重要", "no particular deadline",
     "不限工期", "工期不限", "預訓練 7B，1T tokens，沒有工期要求", "LoRA 微调 13B，工期无所谓",
     "deadline: none", "Timeline: TBD", "工期：无", "時程：不限", "工期随便", "沒有時間壓力"],
)  # fmt: skip
def test_every_form_of_no_deadline_is_an_open_timeline(text: str) -> None:
    got = parse(text, today=SUNDAY)
    assert got.no_deadline and got.slots.days is None and not got.asap


@pytest.mark.parametrize(
    "text", ["ASAP", "越快越好", "尽快", "as fast as possible", "盡快訓完", "we need it urgently", "越早越好"]
)
def test_as_soon_as_possible_is_asap_and_no_timeline(text: str) -> None:
    got = parse(text, today=SUNDAY)
    assert got.asap and got.slots.days is None and not got.no_deadline


def test_asap_with_a_stated_timeline_is_the_timeline() -> None:
    got = parse("ASAP, two weeks at most")
    assert got.slots.days == 14 and not got.asap


@pytest.mark.parametrize(
    ("text", "period"),
    [("H200 多少钱一小时", "hour"), ("L40S 一小時多少錢？", "hour"), ("A100 一个月多少钱", "month"),
     ("租一张4090一天多少钱", "day"), ("H100 price per hour?", "hour"), ("H800 月租多少", "month"),
     ("what does an A10 cost per month", "month")],
)  # fmt: skip
def test_a_price_period_is_never_a_deadline(text: str, period: str) -> None:
    got = parse(text, today=SUNDAY)
    assert got.price_period == period
    assert got.slots.days is None and got.intent == "price"


def test_a_budget_rate_is_a_budget_not_a_price_question() -> None:
    got = parse("预算每小时200元，7B模型")
    assert got.slots.budget is not None and got.price_period is None


def test_fastest_among_gpus_is_a_comparison_not_asap() -> None:
    assert not parse("H100 和 A100 哪个最快").asap


@pytest.mark.parametrize(
    ("text", "price_period"),
    [("租两张 H100 一天要多少？", "day"), ("rent an A100 for a month, how much?", "month")],
)  # fmt: skip
def test_renting_with_a_bare_how_much_is_a_price_question_with_its_period(
    text: str, price_period: str
) -> None:
    got = parse(text, today=SUNDAY)
    assert (got.intent, got.price_period, got.slots.days) == ("price", price_period, None)


def test_a_price_period_beside_a_budget_is_still_the_prices() -> None:
    got = parse("租4张L40S跑一周要多少钱，预算5000元够吗", today=SUNDAY)
    assert got.price_period == "week" and got.slots.budget is not None and got.slots.days is None


@pytest.mark.parametrize(
    ("text", "working", "days"),
    [("LoRA 13B, finish in 15 working days", 15, 21), ("7B 全参微调，5个工作日内", 5, 7),
     ("pretrain 1B within 20 business days", 20, 28)],
)  # fmt: skip
def test_working_days_are_seven_fifths_of_calendar_days_and_said_as_written(
    text: str, working: float, days: float
) -> None:
    got = parse(text, today=SUNDAY)
    assert got.working_days == working and got.slots.days == pytest.approx(days)


def test_plain_days_are_no_working_days() -> None:
    assert parse("LoRA 13B in 15 days", today=SUNDAY).working_days is None


@pytest.mark.parametrize(
    ("text", "date"),
    [("QLoRA 70B, done before Christmas", "2026-12-24"), ("LoRA 7B, by christmas", "2026-12-25"),
     ("圣诞节前训完", "2026-12-24"), ("元旦前上线", "2026-12-31"), ("春节前要训完 13B", "2027-02-05"),
     ("過年前把 7B 微調完", "2027-02-05"), ("finish before Chinese New Year", "2027-02-05"),
     ("国庆前完成预训练", "2027-09-30"), ("by thanksgiving next year", "2027-11-25")],
)  # fmt: skip
def test_a_holiday_deadline_is_the_next_one_after_today(text: str, date: str) -> None:
    got = parse(text, today=SUNDAY)
    assert got.deadline_date == date
    assert got.slots.days == (dt.date.fromisoformat(date) - SUNDAY).days


def test_the_lunar_new_year_comes_from_the_table_and_an_unknown_year_is_not_guessed() -> None:
    assert parse("春节前训完", today=dt.date(2028, 1, 10)).deadline_date == "2028-01-25"
    assert parse("春节前训完", today=dt.date(2030, 3, 1)).deadline_date is None


@pytest.mark.parametrize(
    ("text", "date"),
    [("下個月 15 號前", "2026-12-15"), ("本月 30 号之前训完", "2026-11-30"),
     ("by the 15th of next month", "2026-12-15"), ("before the 30th this month", "2026-11-30")],
)  # fmt: skip
def test_a_day_of_this_or_next_month_is_a_deadline(text: str, date: str) -> None:
    assert parse(text, today=SUNDAY).deadline_date == date


def test_a_day_of_next_month_without_a_deadline_word_is_not_a_deadline() -> None:
    assert parse("下个月15号开始训练", today=SUNDAY).deadline_date is None


@pytest.mark.parametrize(
    ("text", "days"),
    [("ddl 是 12 月 20 号", 21), ("deadline: 1月20号", 52), ("截止日期是1月20日", 52), ("Q1 结束前", 122),
     ("第一季結束前", 122), ("2027 年第一季度末", 122)],
)  # fmt: skip
def test_a_deadline_reads_the_same_with_spaces_or_a_taiwan_quarter(text: str, days: int) -> None:
    assert said(text, SUNDAY)["days"] == days


def test_a_month_and_day_with_spaces_is_a_date_not_a_number_of_months() -> None:
    assert "days" not in said("ddl 是 12 月 20 号")
    assert said("训练 12 个月")["days"] == 360


def test_an_english_deadline_after_a_chinese_word_keeps_its_word_boundary() -> None:
    assert said("deadline 是 end of Q1", SUNDAY)["days"] == 122


def test_a_month_end_with_a_space_after_the_month_number_is_that_month() -> None:
    assert said("1 月底前", SUNDAY)["days"] == 63
    assert said("月底前", SUNDAY)["days"] == 1


TUESDAY = dt.date(2026, 12, 1)


@pytest.mark.parametrize(
    ("text", "days"),
    [("這週就要", 5), ("本周内训完", 5), ("下周之内", 12), ("by mid-January", 45), ("before early March", 90),
     ("两三周", 21), ("三四天", 4), ("一两个月", 60)],
)  # fmt: skip
def test_this_week_a_part_of_a_named_month_and_an_approximate_range(text: str, days: int) -> None:
    assert said(text, TUESDAY)["days"] == days


@pytest.mark.parametrize(
    "text", ["時間彈性", "时程没有限制", "deadline is flexible", "time is not an issue", "什麼時候都行"]
)
def test_a_flexible_timeline_is_an_open_one(text: str) -> None:
    assert parse(text, today=TUESDAY).no_deadline


def test_taiwan_asap_is_asap() -> None:
    assert parse("愈快愈好", today=TUESDAY).asap


@pytest.mark.parametrize(
    "text", ["checkpoint 每半小时存一次", "save a checkpoint every 30 minutes", "每隔 2 小时保存一次"]
)
def test_a_length_of_time_after_every_is_a_frequency_not_a_deadline(text: str) -> None:
    assert parse(text, today=SUNDAY).slots.days is None


@pytest.mark.parametrize(
    ("text", "days"),
    [("needs to be done by the 15th", 16), ("15 號以前要好", 16), ("十五号之前", 16), ("20 号前要", 21),
     ("by the 1st", 2)],
)  # fmt: skip
def test_a_day_of_the_month_alone_is_the_next_such_day(text: str, days: int) -> None:
    assert said(text, SUNDAY)["days"] == days


def test_a_day_of_the_month_already_past_is_next_months() -> None:
    assert said("by the 15th", dt.date(2026, 12, 20))["days"] == 26
    assert said("15号前", dt.date(2026, 12, 20))["days"] == 26
    assert said("3月15号前", SUNDAY)["days"] == 106  # with its month it stays that month's


@pytest.mark.parametrize(
    "text",
    [
        "本来计划 11月20日前训完，已经过了，现在重新评估：13B",
        "原定 11 月底前交付的方案作废了",
        "we were due by Nov 20, that slipped",
    ],
)
def test_a_date_without_a_year_that_just_passed_is_not_next_years_deadline(text: str) -> None:
    got = parse(text, today=WEDNESDAY)
    assert got.slots.days is None and got.deadline_date is None


def test_a_later_date_is_the_deadline_when_the_first_is_past_or_an_as_of_date() -> None:
    assert parse("原定 11月20日前，现在改到 12月20日前训完", today=WEDNESDAY).deadline_date == "2026-12-20"
    assert (
        parse("截止 10月1日 的数据量是 2TB，要在 1月15日 前训完 20B 模型", today=WEDNESDAY).deadline_date
        == "2027-01-15"
    )


def test_a_deadline_word_in_chinese_before_an_english_date_still_labels_it() -> None:
    assert parse("13B LoRA，deadline 是 next Friday", today=WEDNESDAY).deadline_date == "2026-12-11"


def test_a_timeline_of_this_week_ends_on_its_sunday() -> None:
    assert (
        parse("Goal: LoRA a 70B on 40M tokens. Timeline: this week.", today=WEDNESDAY).deadline_date
        == "2026-12-06"
    )


def test_a_count_of_events_in_one_period_is_never_a_deadline() -> None:
    assert "days" not in said("8B LoRA，1 万条数据，spot 一天被抢占了三十次")
    assert "days" not in said("7B LoRA on 10k samples, the spot node got preempted 30 times in one day")
    assert "days" not in said("8B LoRA，一周被中断两次")
    assert "days" not in said("13B LoRA on 50k samples, the spot node is reclaimed twice a day")
    # a count inside a deadline is still the deadline
    assert said("8B LoRA，1 万条数据，1 天内跑 3 次实验")["days"] == 1
    assert said("8B LoRA，1 万条数据，3 天")["days"] == 3


@pytest.mark.parametrize(
    "text",
    [
        "下周二要跟老板汇报：LoRA 微调 Qwen2.5-14B，数据 2 亿 token，需要几天？",
        "下週四開會討論：全參微調 7B，資料 20GB，大概要多久？",
        "We have a review on Friday. How long would it take to pretrain a 1B on 50B tokens on 32 H100s?",
    ],
)
def test_a_meeting_about_the_plan_is_not_the_runs_deadline_when_the_question_is_how_long(text: str) -> None:
    got = parse(text, today=WEDNESDAY)
    assert (got.slots.days, got.deadline_date) == (None, None)


def test_a_meeting_where_the_trained_model_is_shown_is_still_its_deadline() -> None:
    assert said("下周二要汇报微调结果，LoRA 7B，数据 1 万条，要多久？", WEDNESDAY)["days"] == 6
    assert said("12 月 20 号评审，全参微调 7B，数据 10GB", WEDNESDAY)["days"] == 17


def test_a_deadline_word_before_a_part_of_a_month_is_the_deadline() -> None:
    assert said("pretrain a 1B on 20B tokens, deadline mid-January", WEDNESDAY)["days"] == 44
    assert said("LoRA 7B; due late December", WEDNESDAY)["days"] == 19


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("LoRA 13B on 5 GB, budget $800, next Tuesday", "2026-12-08"),
        ("fine-tune 7B; this Friday", "2026-12-04"),
    ],
)
def test_a_weekday_said_as_an_item_of_a_spec_list_is_the_deadline(text: str, date: str) -> None:
    assert parse(text, today=dt.date(2026, 12, 2)).deadline_date == date


def test_a_weekday_inside_a_sentence_without_a_cue_is_no_deadline() -> None:
    assert parse("we start next Monday with a 7B on 20GB", today=dt.date(2026, 12, 2)).slots.days is None


@pytest.mark.parametrize(
    ("text", "days"),
    [("LoRA 7B，数据 5 千条，下下周", 18), ("7B 全参微调，下周", 11), ("下下周之内要训完 13B", 18),
     ("这周，LoRA 1B", 4)],
)  # fmt: skip
def test_a_week_said_as_a_whole_item_is_done_by_its_sunday(text: str, days: int) -> None:
    assert said(text, WEDNESDAY)["days"] == days


def test_a_week_that_opens_a_sentence_is_no_deadline() -> None:
    assert "days" not in said("下周我们再聊，LoRA 7B", WEDNESDAY)


@pytest.mark.parametrize(
    ("text", "days"),
    [("LoRA 13B on 8M tokens, Feb 1st deadline", 61), ("20 December is our hard deadline", 18),
     ("pretrain 1B, March 3, 2027 deadline", 91)],
)  # fmt: skip
def test_a_date_followed_by_the_word_deadline_is_the_deadline(text: str, days: int) -> None:
    assert said(text, WEDNESDAY)["days"] == days


def test_a_date_with_no_deadline_word_is_no_deadline() -> None:
    assert "days" not in said("we met on Jan 4 and want LoRA 7B", WEDNESDAY)


@pytest.mark.parametrize(
    ("text", "days"),
    [("LoRA 13B, 4M tokens, Q1", 119), ("全参微调 3B，明年Q1", 119), ("pretrain 1B, 2027 Q2", 210),
     ("LoRA 7B，Q1 之内", 119), ("LoRA 7B，数据 1 万条，月底", 29), ("月底要训完 7B", 29)],
)  # fmt: skip
def test_a_quarter_or_the_months_end_said_as_an_item_is_the_deadline(text: str, days: int) -> None:
    assert said(text, WEDNESDAY)["days"] == days


@pytest.mark.parametrize("text", ["Q1 revenue was good, LoRA 7B", "每月底结算一次，LoRA 7B"])
def test_a_quarter_or_a_months_end_inside_a_sentence_is_no_deadline(text: str) -> None:
    assert "days" not in said(text, WEDNESDAY)


@pytest.mark.parametrize(
    ("text", "days"), [("三五天训完 7B", 5), ("两三周，LoRA 7B", 21), ("三十五天，LoRA 7B", 35)]
)
def test_two_neighbouring_digits_are_a_range_read_at_its_upper_end(text: str, days: int) -> None:
    assert said(text, WEDNESDAY)["days"] == days


@pytest.mark.parametrize(
    ("text", "days"), [("LoRA 7B，十天半个月", 15), ("两个月十天，全参 3B", 70), ("1 month 10 days", 40)]
)
def test_a_smaller_unit_after_a_larger_adds_and_a_larger_after_a_smaller_is_a_rough_span(
    text: str, days: float
) -> None:
    assert said(text, WEDNESDAY)["days"] == pytest.approx(days, rel=0.02)


@pytest.mark.parametrize(
    "text",
    ["we lose ~2 hours a day to maintenance. pretrain a 1B model on 20B tokens",
     "the cluster is down 2 hours per day for maintenance", "维护要 2 小时/天，预训练 1B 模型"],
)  # fmt: skip
def test_hours_a_day_are_a_rate_and_never_a_deadline(text: str) -> None:
    assert "days" not in said(text, SUNDAY)


def test_hours_a_day_beside_a_timeline_leave_the_timeline_as_said() -> None:
    assert said("pretrain 1B on 20B tokens, we can only run 20 hours a day, 10 days", SUNDAY)["days"] == 10


@pytest.mark.parametrize(
    ("text", "days"),
    [("12 小时内出个估算就行：LoRA微调70亿参数模型，数据10GB，一个月内训完", 30),
     ("Can you give me an estimate within 12 hours? full fine-tune 13B on 5B tokens in 3 weeks", 21),
     ("明天之前给我个报价：预训练1B模型，200亿token，10天", 10),
     ("can you get back to me by tomorrow? lora 7B on 2GB in 3 days", 3)],
)  # fmt: skip
def test_the_time_an_estimate_is_wanted_by_is_not_the_training_deadline(text: str, days: int) -> None:
    assert said(text, SUNDAY)["days"] == days


@pytest.mark.parametrize(
    "text",
    [
        "Can you give me an estimate within 12 hours? full fine-tune 13B on 5B tokens",
        "一天之内回复我就行。全参微调 7B",
    ],
)
def test_an_estimate_wanted_soon_leaves_the_deadline_to_be_asked(text: str) -> None:
    assert "days" not in said(text, SUNDAY)


@pytest.mark.parametrize(
    ("text", "days"),
    [("估算一下两周内训完7B要多少卡", 14), ("estimate the cost to train a 7B within 2 weeks", 14),
     ("give me an estimate for a 7B on 2GB in 3 days", 3)],
)  # fmt: skip
def test_a_time_said_with_the_training_or_the_job_is_still_the_deadline(text: str, days: int) -> None:
    assert said(text, SUNDAY)["days"] == days


@pytest.mark.parametrize(
    ("text", "days"),
    [("next month", 32), ("sometime next month", 32), ("within next month", 32), ("what if next month?", 32),
     ("下个月", 32),
     ("下個月之內", 32), ("下个月吧", 32), ("sometime in January", 63), ("January.", 63),
     ("march, ideally", 122)],
)  # fmt: skip
def test_a_month_said_as_the_answer_to_the_timeline_is_by_its_end(text: str, days: int) -> None:
    assert said(text, SUNDAY)["days"] == days


def test_this_week_said_alone_is_by_its_sunday() -> None:
    assert said("this week", WEDNESDAY)["days"] == 4


def test_a_month_named_in_a_past_run_or_a_start_is_no_deadline() -> None:
    assert "days" not in said("we trained it in january", SUNDAY)
    assert said("we start next month, need it in 2 weeks", SUNDAY)["days"] == 14


@pytest.mark.parametrize(
    ("text", "days"), [("10ish days", 10), ("ten-ish days", 10), ("three-ish weeks", 21)]
)
def test_a_number_said_with_ish_is_that_many(text: str, days: int) -> None:
    assert said(text)["days"] == days


@pytest.mark.parametrize(
    ("text", "days"),
    [("background: 3 years of chat logs, about 2GB; fine-tune a 7B model in a week", 7),
     ("we have 2 years of support tickets (3GB), need it in 10 days", 10),
     ("三年的客服工单，大概 2GB，一周内训完", 7)],
)  # fmt: skip
def test_the_years_data_was_collected_over_are_not_the_timeline(text: str, days: int) -> None:
    assert said(text, SUNDAY)["days"] == days


def test_a_timeline_within_a_span_of_collection_is_still_the_timeline() -> None:
    assert said("finish within 2 weeks of data collection", SUNDAY)["days"] == 14


def test_weeks_plus_days_add_up() -> None:
    assert said("1周+3天")["days"] == 10


@pytest.mark.parametrize(
    ("text", "days"), [("two wekes", 14), ("2 weeeks", 14), ("10 dyas", 10), ("a mnth", 30), ("3 mths", 90)]
)
def test_a_timeline_with_its_unit_misspelt_is_read_as_meant(text: str, days: int) -> None:
    assert said(text)["days"] == days


@pytest.mark.parametrize(
    ("text", "date"),
    [("月中之前", "2026-12-15"), ("五一前", "2027-04-30"), ("明年3月", "2027-03-31"), ("2月底", "2027-02-28"),
     ("3月份", "2027-03-31")],
)  # fmt: skip
def test_a_chinese_month_a_part_of_it_or_may_day_said_alone_is_a_deadline(text: str, date: str) -> None:
    assert said(text, WEDNESDAY)["days"] == (dt.date.fromisoformat(date) - WEDNESDAY).days


def test_a_month_the_gpus_arrive_in_is_no_deadline_beside_a_duration() -> None:
    assert said("我们3月份才有卡，训练两周", WEDNESDAY)["days"] == 14


THURSDAY = dt.date(2026, 12, 3)


@pytest.mark.parametrize(
    ("text", "date"),
    [("train it by February", "2027-02-01"), ("we need the adapter before April", "2027-03-31"),
     ("until March 2027 at the latest", "2027-03-01"), ("ready by the beginning of February", "2027-02-01")],
)  # fmt: skip
def test_a_month_named_after_by_or_before_is_its_first_day_or_the_day_before(text: str, date: str) -> None:
    got = parse(text, today=THURSDAY)
    assert got.deadline_date == date
    assert got.slots.days == (dt.date.fromisoformat(date) - THURSDAY).days


def test_may_after_by_is_a_verb_not_the_month() -> None:
    assert said("that could be done by may be two people", THURSDAY).get("days") is None


@pytest.mark.parametrize(
    ("text", "date"),
    [("we'd want results early next year", "2027-01-01"), ("by mid next year", "2027-07-01"),
     ("sometime late next year", "2027-10-01"), ("明年年初上线", "2027-01-01"),
     ("明年年中之前", "2027-07-01")],
)  # fmt: skip
def test_a_part_of_next_year_is_the_day_that_part_starts(text: str, date: str) -> None:
    assert parse(text, today=THURSDAY).deadline_date == date


def test_next_year_before_a_word_for_china_is_no_deadline() -> None:
    assert said("明年中国区的价格会变吗", THURSDAY).get("days") is None


@pytest.mark.parametrize(
    ("text", "date"),
    [("can it finish during the christmas break", "2027-01-01"), ("through the holiday season", "2027-01-01"),
     ("by the holidays please", "2026-12-24"), ("before the winter break", "2026-12-23")],
)  # fmt: skip
def test_the_year_end_holidays_end_on_new_years_day_and_start_on_christmas_eve(text: str, date: str) -> None:
    assert parse(text, today=THURSDAY).deadline_date == date


def test_a_run_started_after_the_holidays_has_no_deadline() -> None:
    assert said("we start after the holidays", THURSDAY).get("days") is None


@pytest.mark.parametrize(
    ("text", "days"),
    [("sometime in the coming month", 30), ("within the next week", 7), ("over the next fortnight", 14)],
)
def test_a_rolling_span_from_today_counts_its_days(text: str, days: int) -> None:
    assert said(text, THURSDAY)["days"] == days


@pytest.mark.parametrize(("text", "sprints", "days"), [("has to land in the next sprint", 2, 28),
                                                        ("could we squeeze it into this sprint?", 1, 14),
                                                        ("下个sprint要交", 2, 28)])  # fmt: skip
def test_a_sprint_named_without_a_count_is_one_or_two_sprints_of_two_weeks(
    text: str, sprints: int, days: int
) -> None:
    got = parse(text, today=THURSDAY)
    assert (got.sprints, got.slots.days) == (sprints, days)


def test_a_sprint_meeting_is_no_deadline() -> None:
    assert said("as agreed in the sprint planning", THURSDAY).get("days") is None


@pytest.mark.parametrize(
    ("text", "date", "days"),
    [("12月内做完", "2026-12-31", 28), ("1 月之内训完吧", "2027-01-31", 59), ("1月份以内", "2027-01-31", 59)],
)
def test_a_month_number_before_nei_is_this_or_next_calendar_month(text: str, date: str, days: int) -> None:
    got = parse(text, today=THURSDAY)
    assert (got.deadline_date, got.slots.days) == (date, days)


@pytest.mark.parametrize(("text", "days"), [("5月内", 150), ("1个月内", 30), ("两个月内", 60)])
def test_a_month_number_that_is_neither_this_nor_next_month_is_a_count_of_months(
    text: str, days: int
) -> None:
    assert said(text, THURSDAY)["days"] == days


@pytest.mark.parametrize(
    "text", ["honestly it depends on our budget", "要看预算吧", "時間看經費", "whatever the budget allows"]
)
def test_a_timeline_left_to_the_budget_is_an_open_timeline(text: str) -> None:
    got = parse(text, today=THURSDAY)
    assert got.no_deadline and got.slots.days is None


def test_a_month_a_past_run_finished_by_is_no_deadline() -> None:
    assert (
        said("we had a 7B trained by March last year; now LoRA a 13B on 1B tokens", THURSDAY).get("days")
        is None
    )


@pytest.mark.parametrize(
    "text",
    ["模型加载太慢，新副本起来要十分钟", "checkpoint takes 20 minutes to save", "每个 epoch 跑 3 小时",
     "每個 epoch 要跑 3 小時", "each epoch takes about 3 hours", "startup takes 15 minutes",
     "3 hours per epoch",
     "保存一次 checkpoint 要 20 分钟", "模型載入要五分鐘", "a new replica takes 10 minutes to come up",
     "冷启动要 8 分钟"],
)  # fmt: skip
def test_how_long_one_part_of_the_work_takes_is_no_deadline(text: str) -> None:
    assert "days" not in said(text)


@pytest.mark.parametrize(
    ("text", "days"),
    [("1 epoch within 3 days", 3.0), ("每轮 3 天内跑完", 3.0),
     ("fine-tune 7B, one epoch takes about 5 hours, we have 2 days", 2.0),
     ("帮我评估一下 7B 训练两周要多少钱", 14.0), ("进一步微调 7B 两周", 14.0),
     ("看起來要兩週，LoRA 7B", 14.0),
     ("we are a startup with 2 weeks, LoRA 7B", 14.0), ("we have a pod of 8 H100s for 2 weeks", 14.0),
     ("訓 2 輪，總共 5 天", 5.0), ("finetune 7B, 2 epochs, 3 days", 3.0)],
)  # fmt: skip
def test_a_deadline_said_beside_an_epoch_is_still_the_deadline(text: str, days: float) -> None:
    assert said(text)["days"] == days


@pytest.mark.parametrize(
    "text", ["deadline: March 15", "工期：两周", "期限无法确定", "deadline: no later than Friday"]
)
def test_a_deadline_field_with_a_date_or_a_doubt_is_not_an_open_timeline(text: str) -> None:
    assert not parse(text, today=SUNDAY).no_deadline


@pytest.mark.parametrize(
    ("text", "date"),
    [("從頭預訓練 7B，2 千億 token，deadline 是明年 3 月底", "2027-03-31"),
     ("预训练 7B，2000 亿 token，截止时间是明年3月底", "2027-03-31"),
     ("預訓練 3B，500 億 token，最晚明年 2 月", "2027-02-28"),
     ("LoRA 13B，ddl：2027年1月底", "2027-01-31"), ("全參微調 8B，期限是 1 月底", "2027-01-31")],
)  # fmt: skip
def test_a_month_labelled_by_a_deadline_word_is_by_its_end(text: str, date: str) -> None:
    assert parse(text, today=WEDNESDAY).deadline_date == date


def test_a_month_after_a_deadline_word_inside_a_phrase_is_no_deadline() -> None:
    assert parse("预训练 7B，截止 3 月的数据，2000 亿 token", today=WEDNESDAY).deadline_date is None
