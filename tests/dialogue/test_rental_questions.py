"""A question about renting GPUs (how many, for how long, on what budget) is answered with the total
for exactly that: the count, the period said in days or weeks, and the budget's verdict first; a
marketplace that prices single GPUs is that price times the count; an instance sold whole says so.
Never the training form."""

from __future__ import annotations

import re

import pytest

from bot.dialogue.consultant import Consultant


def ask(consultant: Consultant, text: str) -> str:
    turn = consultant.handle("s", text)
    assert turn.payload["pending"] is None, turn.text
    assert turn.payload["recommendation"] is None
    return turn.text


@pytest.mark.parametrize(
    ("question", "heading"),
    [
        (
            "what do 4 A100 80GB cost for 2 weeks?",
            "*4 × NVIDIA A100 80GB (SXM4) for 14 days (336 hours), on demand*",
        ),
        ("租 16 张 A100 80GB 十天要多少钱", "*16 张 NVIDIA A100 80GB (SXM4) 租 10 天（240 小时），按需*"),
        ("2 H100 SXM for 3 days, how much?", "*2 × NVIDIA H100 SXM5 for 3 days (72 hours), on demand*"),
        ("4 H100 SXM per day", "*4 × NVIDIA H100 SXM5 for a day (24 hours), on demand*"),
    ],
)
def test_a_count_and_a_period_give_the_total_for_them(real: Consultant, question: str, heading: str) -> None:
    text = ask(real, question)
    assert heading in text, text
    assert "730" not in text.split("\n")[0]


def test_the_total_is_the_hourly_rent_times_the_hours_said(real: Consultant) -> None:
    text = ask(real, "how much would 8 H100 SXM cost for 5 days?")
    line = next(line for line in text.splitlines() if line.startswith("• Lambda"))
    total, hourly = (float(x.replace(",", "")) for x in re.findall(r"\$([\d,.]+)", line)[:2])
    assert total == pytest.approx(hourly * 120, rel=0.01), line


@pytest.mark.parametrize(
    ("question", "opening"),
    [
        (
            "could we rent 8 H100 SXM for a week for under $5k?",
            "*No, over the budget*: 8 × NVIDIA H100 SXM5 for 7 days",
        ),
        (
            "is $20k enough for 8 A100 80GB for 10 days?",
            "*Yes, within the budget*: 8 × NVIDIA A100 80GB (SXM4) for 10 days",
        ),
        ("8 张 H100 SXM 用两周，预算 5 万人民币够吗", "*不够*：8 张 NVIDIA H100 SXM5 租 14 天"),
    ],
)
def test_a_budget_question_about_renting_gets_the_verdict_first(
    real: Consultant, question: str, opening: str
) -> None:
    assert ask(real, question).startswith(opening)


def test_several_gpus_of_a_per_gpu_marketplace_are_its_price_times_the_count(real: Consultant) -> None:
    text = ask(real, "4 张 4090 租一周多少钱")
    assert "4 张按单卡价每小时 ¥4.96" in text, text  # 4 × ¥1.24
    assert "目录里没有它的价格" not in text


def test_fewer_gpus_than_an_instance_holds_say_the_instance_is_rented_whole(real: Consultant) -> None:
    text = ask(real, "what do 2 H200 cost for 10 days?")
    assert "for 8 GPUs, as the instance is rented whole" in text, text


def test_a_training_question_on_hardware_stays_a_training_question(real: Consultant) -> None:
    turn = real.handle("s", "8张A100一周能训完吗")
    assert "按需*" not in turn.text


@pytest.mark.parametrize(
    ("question", "opening"),
    [
        (
            "does Azure offer the A100 80GB?",
            "*Yes* — Azure rents the NVIDIA A100 80GB (SXM4):\n"
            "*NVIDIA A100 80GB (SXM4), on demand, per GPU*:\n• Azure:",
        ),
        (
            "can we rent a B200 on Google Cloud?",
            "Google Cloud (GCP) has no NVIDIA B200 price in the catalogue; elsewhere:",
        ),
        (
            "Lambda 上有没有 H100 SXM",
            "*有*：Lambda 出租 NVIDIA H100 SXM5：\n*NVIDIA H100 SXM5 按需价（每卡）*：\n• Lambda：",
        ),
    ],
)
def test_whether_a_provider_rents_a_gpu_is_answered_with_its_listing_or_that_it_has_none(
    real: Consultant, question: str, opening: str
) -> None:
    assert ask(real, question).startswith(opening)


def test_a_spec_question_about_a_providers_gpu_stays_a_spec_question(real: Consultant) -> None:
    turn = real.handle("s", "does the AWS H100 have NVLink?")
    assert turn.text.startswith("*Yes.*") and "900 GB/s" in turn.text, turn.text


@pytest.mark.parametrize(
    ("question", "heading"),
    [
        ("租一台 8 卡 H100 SXM 服务器包年多少钱", "*8 张 NVIDIA H100 SXM5 租一年（8,760 小时），按需*"),
        ("2 L40S, yearly cost?", "*2 × NVIDIA L40S for a year (8,760 hours), on demand*"),
        ("what do 4 L4s cost per week", "*4 × NVIDIA L4 for a week (168 hours), on demand*"),
        ("what's the hourly rate for 4 L4s", "*4 × NVIDIA L4 for an hour, on demand*"),
    ],
)
def test_a_year_or_a_week_is_the_period_priced(real: Consultant, question: str, heading: str) -> None:
    assert heading in ask(real, question)


@pytest.mark.parametrize(
    ("question", "opening"),
    [
        ("which cloud providers offer the H200?", "*NVIDIA H200 SXM, on demand, per GPU*:\n• AWS:"),
        ("哪些平台有 RTX 3090", "*NVIDIA GeForce RTX 3090 按需价（每卡）*：\n• 恒源云："),
    ],
)
def test_which_providers_rent_a_gpu_is_answered_with_every_listing(
    real: Consultant, question: str, opening: str
) -> None:
    assert ask(real, question).startswith(opening)


def test_stock_asked_of_a_provider_gets_its_listing_and_never_a_bare_yes_on_capacity(
    real: Consultant,
) -> None:
    zh = ask(real, "Lambda 的 H100 有现货吗")
    assert zh.startswith("*目录里有报价*：Lambda 出租") and "不记录实时库存" in zh
    en = ask(real, "does AWS have H100s in stock right now?")
    assert en.startswith("*Listed, yes* — AWS rents the NVIDIA H100 SXM5.") and "not live capacity" in en
    # without stock asked, a listing is the plain yes
    assert ask(real, "does Lambda have the B200?").startswith("*Yes* — Lambda rents the NVIDIA B200:")
