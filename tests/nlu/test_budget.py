"""Budgets: amount, currency and period as people write them; per-day and per-week rates; ranges,
cents and jiao; currencies the engine does not price are asked back, never read as yuan."""

from __future__ import annotations

import pytest

from bot.nlu import parse
from knowledge.currencies import other_currencies
from sizing.types import Budget
from tests.nlu.said import said


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
    "text", ["预算欧元5万", "預算每小時歐元3.14", "EUR 20 per hour", "20 euros an hour", "£10 per hour",
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


@pytest.mark.parametrize(
    ("text", "amount"),
    [("預算每月 5000 歐元", 5000), ("手上预算 8 万日元", 80000), ("CHF 250,000 total", 250000),
     ("budget €7500", 7500), ("about 4000 GBP a month", 4000), ("预算 300万日元", 3e6),
     ("SGD 90000", 90000), ("£1,200 per month", 1200)],
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
    "text",
    ["H100s are ~$2.5/hr, we can spend $40k total", "A100s go for $1.2/hr; budget $40k",
     "H100 单价 2.5 美元每小时，总预算 4 万美元"],
)  # fmt: skip
def test_a_quoted_hourly_price_is_not_the_budget(text: str) -> None:
    budget = said(text)["budget"]
    assert budget["amount"] == pytest.approx(40000)
    assert budget["period"] == "total"


def test_an_hourly_budget_the_user_states_stays_a_budget() -> None:
    assert said("we can spend $3/hour")["budget"] == {"amount": 3.0, "currency": "USD", "period": "hour"}


@pytest.mark.parametrize(
    ("text", "rate"),
    [
        ("7B 全参微调，一天 500 美元的预算", "7B 全参微调，每天 500 美元的预算"),
        ("7B fine-tune, a day $500", "7B fine-tune, $500 per day"),
    ],
)
def test_one_day_or_week_right_before_an_amount_is_its_period_like_every_day(text: str, rate: str) -> None:
    # "一天 500 美元" read as a total of $500 until the unit periods joined lexicon.ONE_UNIT_PERIODS.
    assert said(text)["budget"] == said(rate)["budget"]
    assert said("训练 13B，预算是一周 3000 美元")["budget"] == said("训练 13B，预算每周 3000 美元")["budget"]


@pytest.mark.parametrize(
    "text", ["full fine-tune 7B on 2B tokens, one month, $20k budget", "一个月，预算 2 万美元"]
)
def test_a_month_then_a_comma_and_a_budget_is_a_deadline_and_a_total(text: str) -> None:
    slots = parse(text).slots
    assert slots.days == 30 and slots.budget is not None and slots.budget.period == "total"
    assert slots.budget.amount == 20000


def test_a_cap_on_rent_is_the_budget() -> None:
    got = parse("一个月租金不超过 8 万，训 7B 全参")
    assert got.slots.budget is not None
    assert (got.slots.budget.amount, got.slots.budget.currency, got.slots.budget.period) == (
        8e4,
        "CNY",
        "month",
    )


def test_a_budget_for_several_months_is_their_total_not_each_months() -> None:
    got = parse("三個月預算 90 萬人民幣，想做 13B 全參數微調").slots.budget
    assert got is not None and (got.amount, got.period) == (9e5, "total")


def test_yuan_of_another_currency_is_that_currency_not_renminbi() -> None:
    got = parse("每小時 1500 元台幣以內，LoRA 13B")  # the Taiwan dollar, at the dated rate on file
    assert got.budget_said == (1500, "TWD")
    assert got.slots.budget is not None and (got.slots.budget.currency, got.slots.budget.period) == (
        "USD",
        "hour",
    )
    assert not [a for a in got.asks if a.slot == "budget"]
    assert said("预算 5000 元人民币，LoRA 7B")["budget"] == {
        "amount": 5000,
        "currency": "CNY",
        "period": "total",
    }


@pytest.mark.parametrize(
    ("text", "budget"),
    [("hourly cap is $90, LoRA a 13B", {"amount": 90, "currency": "USD", "period": "hour"}),
     ("our monthly cap is $12k; tune a 7B", {"amount": 12000, "currency": "USD", "period": "month"}),
     ("spending limit is ¥400/hr, QLoRA 70B", {"amount": 400, "currency": "CNY", "period": "hour"})],
)  # fmt: skip
def test_a_cap_on_spending_is_the_budget(text: str, budget: dict[str, object]) -> None:
    assert said(text)["budget"] == budget


def test_a_rate_is_the_budget_when_the_budget_word_says_no_amount_of_its_own() -> None:
    got = said("预算：台币那边批不下来，改用美元，每月 2 万美元；LoRA 70B")
    assert got["budget"] == {"amount": 2e4, "currency": "USD", "period": "month"}
    # a budget with its own amount elsewhere still makes a quoted rate a price
    assert said("A100 about $1.5 an hour; our budget is $9k, LoRA 13B")["budget"]["amount"] == 9000


@pytest.mark.parametrize(
    ("text", "amount"), [("我们最多能花 8 万，LoRA 14B", 8e4), ("老板说可以花 2 万块，全参微调 3B", 2e4)]
)
def test_what_the_team_may_spend_is_the_budget(text: str, amount: float) -> None:
    assert said(text)["budget"] == {"amount": amount, "currency": "CNY", "period": "total"}


def test_what_a_past_run_spent_is_still_no_budget() -> None:
    assert parse("上次训练花了 3 万，这次 LoRA 7B").slots.budget is None


@pytest.mark.parametrize(
    ("text", "assumed"),
    [
        ("actually make that $8,000", True),
        ("budget is $5,000 per month", False),
        ("预算总共2万元", False),
        ("改成8万预算", True),
    ],
)
def test_a_budget_says_whether_its_period_was_said(text: str, assumed: bool) -> None:
    parsed = parse(text)
    assert parsed.slots.budget is not None and parsed.period_assumed is assumed


@pytest.mark.parametrize(
    ("text", "period", "amount"),
    [("我们一周的预算是七千，7B 全参", "month", 30000), ("一个月的预算 5 万，7B 全参", "month", 5e4),
     ("一天的預算 1000 元，LoRA 7B", "month", 30000)],
)  # fmt: skip
def test_a_budget_of_one_unit_of_time_said_with_de_has_that_period(
    text: str, period: str, amount: float
) -> None:
    budget = said(text)["budget"]
    assert budget["period"] == period
    assert budget["amount"] == pytest.approx(amount)


@pytest.mark.parametrize("text", ["每月 20 号前要交付，7B 全参", "每个月 15 号结算，LoRA 13B"])
def test_a_day_of_the_month_after_a_monthly_word_is_no_budget(text: str) -> None:
    assert "budget" not in said(text)


@pytest.mark.parametrize(
    "text",
    ["Lambda charges $2.49 per GPU hour; 8 GPUs for a week to LoRA 70B",
     "we pay ¥7 per card-hour for A800, full fine-tune 13B, 2 weeks", "AutoDL 收 2 元一卡时，LoRA 7B"],
)  # fmt: skip
def test_a_price_a_provider_charges_per_gpu_hour_is_no_budget_and_counts_no_card(text: str) -> None:
    got = said(text)
    assert "budget" not in got
    assert got.get("gpu_count") in (None, 8)


@pytest.mark.parametrize(
    ("text", "amount", "currency"), [("what if $800?", 800.0, "USD"), ("what if ¥800?", 800.0, "CNY")]
)
def test_a_bare_amount_with_a_currency_sign_in_a_what_if_is_a_budget_not_a_gpu_count(
    text: str, amount: float, currency: str
) -> None:
    got = parse(text)
    assert got.slots.gpu_count is None
    assert (got.slots.budget.amount, got.slots.budget.currency) == (amount, currency)


@pytest.mark.parametrize(
    "text",
    ["A800 租一天 300 块，训 13B", "3090 每张卡一天 25 元，LoRA 7B", "租一周 2000 块的 4090 够不够训 7B",
     "H20 一卡一天 200 元"],
)  # fmt: skip
def test_what_renting_costs_per_day_or_week_is_a_quoted_price_not_a_budget(text: str) -> None:
    assert "budget" not in said(text)


@pytest.mark.parametrize(
    ("text", "period"), [("每天预算 2000 块，LoRA 7B", "day"), ("预算一周 1 万，训 7B", "week")]
)
def test_a_daily_or_weekly_budget_stays_a_budget(text: str, period: str) -> None:
    assert said(text)["budget"]["amount"] > 0


@pytest.mark.parametrize(
    ("text", "amount", "days"),
    [("13B LoRA 预算 8 万 一周 数据 2GB", 8e4, 7), ("预算3万块 一个月，全参微调 1.5B", 3e4, 30),
     ("预算 20 万 一个月内要出结果", 2e5, 30)],
)  # fmt: skip
def test_one_unit_of_time_set_apart_after_a_budget_is_the_timeline_of_a_list(
    text: str, amount: float, days: int
) -> None:
    got = said(text)
    assert got["budget"] == {"amount": amount, "currency": "CNY", "period": "total"}
    assert got["days"] == days


@pytest.mark.parametrize(
    "text", ["预算3万块一个月，LoRA 7B", "预算 3 万/月，LoRA 7B", "预算 3 万 一个月的预算"]
)
def test_one_unit_of_time_glued_to_a_budget_is_its_period(text: str) -> None:
    got = said(text)
    assert got["budget"]["period"] == "month"
    assert "days" not in got


@pytest.mark.parametrize(
    "text",
    ["LoRA 13B，租 L40S 每张卡每天 150 块，十天", "4090 每卡每日 25 元 可以吗",
     "each GPU runs us about $45 a day, 7B full", "we're quoted $260 a week per card for H100s",
     "A800 报价 300 元/卡/天，两周", "$2.5 per gpu per day, qlora 70b"],
)  # fmt: skip
def test_an_amount_per_card_per_day_or_week_is_a_price_never_a_budget(text: str) -> None:
    assert "budget" not in said(text)


def test_an_hourly_amount_per_card_stays_an_hourly_ceiling() -> None:
    assert said("每卡每小时 6 块以内，LoRA 7B")["budget"]["period"] == "hour"


@pytest.mark.parametrize(
    ("text", "amount", "currency", "days"),
    [("预算3万 一周能训完吗？LoRA 13B", 3e4, "CNY", 7), ("就 10 万块，一个月跑得完不", 1e5, "CNY", 30),
     ("預算 8 萬 一天能完成嗎", 8e4, "CNY", 1), ("预算 2 万美元一周搞得定吗", 2e4, "USD", 7)],
)  # fmt: skip
def test_one_unit_of_time_and_a_finishing_verb_after_a_budget_is_the_deadline_asked(
    text: str, amount: float, currency: str, days: int
) -> None:
    got = said(text)
    assert got["budget"] == {"amount": amount, "currency": currency, "period": "total"}
    assert got["days"] == days


@pytest.mark.parametrize(
    ("text", "said", "period"),
    [("預算每月新台幣30萬", (300000, "TWD"), "month"), ("手上预算 8 万港元", (80000, "HKD"), "total"),
     ("NT$250,000 total", (250000, "TWD"), "total"), ("TWD 90000", (90000, "TWD"), "total"),
     ("预算港币5万", (50000, "HKD"), "total"), ("budget around HK$150k", (150000, "HKD"), "total")],
)  # fmt: skip
def test_a_budget_in_taiwan_or_hong_kong_dollars_is_us_dollars_at_the_tables_dated_rate(
    text: str, said: tuple[float, str], period: str
) -> None:
    got = parse(text)
    rate = other_currencies().get(said[1])
    assert rate is not None and rate.source.as_of.year >= 2024
    assert got.slots.budget == Budget(
        amount=pytest.approx(said[0] / rate.per_usd), currency="USD", period=period
    )
    assert got.budget_said == said and not got.asks


@pytest.mark.parametrize(
    ("text", "said", "per_hour"),
    [("我们租的 A100 每卡每天 180 元", (180.0, "CNY", "day"), 7.5),
     ("we pay $2.1/hr per H100 on our reserved deal", (2.1, "USD", "hour"), 2.1),
     ("we pay $336 a week per card", (336.0, "USD", "week"), 2.0)],
)  # fmt: skip
def test_a_rate_per_card_is_kept_as_said_and_per_gpu_hour_never_as_a_budget(
    text: str, said: tuple[float, str, str], per_hour: float
) -> None:
    got = parse(text)
    assert got.slots.budget is None
    assert got.rate_said == said and got.quoted_rate == (pytest.approx(per_hour), said[1])


@pytest.mark.parametrize(
    ("text", "amount", "code"),
    [("台幣五萬塊能跑70B的QLoRA嗎", 50000, "TWD"), ("預算港幣兩萬元，LoRA 微調 7B", 20000, "HKD"),
     ("预算 20000 元台币", 20000, "TWD"), ("預算 5 萬元港幣", 50000, "HKD"),
     ("新台币 8 万块够不够", 80000, "TWD"), ("港币两千块能租多久H100", 2000, "HKD"),
     ("預算兩萬蚊，LoRA 微調 7B", 20000, "HKD"), ("我哋有三萬蚊預算，想 fine-tune 8B", 30000, "HKD")],
)  # fmt: skip
def test_yuan_or_kuai_beside_a_taiwan_or_hong_kong_dollar_word_is_that_currency_not_renminbi(
    text: str, amount: float, code: str
) -> None:
    got = parse(text)
    assert got.budget_said == (amount, code)
    assert got.slots.budget is not None and got.slots.budget.currency == "USD"
    rate = other_currencies().get(code)
    assert rate is not None
    assert got.slots.budget.amount == pytest.approx(amount / rate.per_usd)


@pytest.mark.parametrize(
    ("text", "amount", "code", "params"),
    [("budget NT$50000 fine-tune 13B LoRA", 50000, "TWD", 13e9),
     ("budget 50000 TWD to fine-tune a 13B model", 50000, "TWD", 13e9),
     ("HK$30k budget, fine-tune 8B with LoRA", 30000, "HKD", 8e9)],
)  # fmt: skip
def test_a_hyphenated_word_after_a_foreign_amount_does_not_join_the_model_size_to_it(
    text: str, amount: float, code: str, params: float
) -> None:
    got = parse(text)
    assert got.budget_said == (amount, code)
    assert got.slots.params == params


@pytest.mark.parametrize(
    ("text", "upper", "code"),
    [("HK$10-20萬預算", 200000, "HKD"), ("預算 NT$ 10萬到15萬", 150000, "TWD"),
     ("budget HK$10k-20k", 20000, "HKD")],
)  # fmt: skip
def test_a_range_after_a_taiwan_or_hong_kong_dollar_sign_keeps_that_currency_for_its_upper_end(
    text: str, upper: float, code: str
) -> None:
    assert parse(text).budget_said == (upper, code)


@pytest.mark.parametrize(
    "text", ["H100 vs A100 哪個 cost-effective 一點", "有没有 cost 低一点的卡", "预算能不能再省一点"]
)
def test_a_little_is_no_amount_of_money(text: str) -> None:
    assert "budget" not in said(text)


@pytest.mark.parametrize(
    ("text", "assumed"),
    [("預算 3 萬元，LoRA 微調 7B", True), ("預算五千塊，微調 8B", True),
     ("預算 3 萬人民幣，LoRA 微調 7B", False), ("預算 ¥3萬，LoRA 微調 7B", False),
     ("预算 3 万元，LoRA 微调 7B", False)],
)  # fmt: skip
def test_yuan_in_traditional_script_without_renminbi_is_an_assumed_currency(text: str, assumed: bool) -> None:
    got = parse(text)
    assert got.slots.budget is not None and got.slots.budget.currency == "CNY"
    assert got.currency_assumed is assumed  # Taiwan and Hong Kong count their own dollars in 元/塊


def test_a_one_off_budget_is_no_amount_of_one() -> None:
    for text in ("预算是一次性的", "預算是一次性的，不是每月"):
        assert said(text).get("budget") is None
    assert said("一次性预算 5 万")["budget"]["amount"] == 50000
