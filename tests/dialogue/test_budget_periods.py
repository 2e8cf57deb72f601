"""A monthly or hourly budget in the pitfall context: it agrees with the engine's own verdict; the period of a
budget held corrected on its own ("其实是每月预算", "the budget is monthly")."""

from __future__ import annotations

import uuid

import pytest

from bot.dialogue.consultant import Consultant
from sizing.types import Budget

from .fakes import ScriptedParse

FULL_FINETUNE_7B_IN_A_DAY = {"params": 7e9, "tokens": 2e9, "method": "full_finetune", "days": 1}


@pytest.mark.parametrize(
    "budget", [Budget(500.0, "USD", "month"), Budget(40.0, "USD", "hour")], ids=["month", "hour"]
)
def test_a_one_day_job_within_a_periodic_budget_does_not_warn_that_the_budget_is_too_small(
    consultant: Consultant, nlu: ScriptedParse, budget: Budget
) -> None:
    nlu.understands("plan it", budget=budget, **FULL_FINETUNE_7B_IN_A_DAY)

    turn = consultant.handle("s", "plan it").payload

    top = turn["recommendation"]["options"][0]
    # The job costs far more than a day's share of the month (500 / 30.4 ≈ $16), yet less than
    # the month's budget; an hourly budget is compared with the cluster's hourly price.
    assert 20 < top["cost"]["amount"] < 500 and top["cost"]["hourly_usd"] < 40
    assert "over_budget" not in {w["code"] for w in turn["recommendation"]["warnings"]}
    assert "pitfall.budget_too_small" not in turn["pitfalls"]


def test_a_job_over_its_monthly_budget_warns_that_the_budget_is_too_small(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    nlu.understands("plan it", budget=Budget(50.0, "USD", "month"), **FULL_FINETUNE_7B_IN_A_DAY)

    turn = consultant.handle("s", "plan it").payload

    assert "over_budget" in {w["code"] for w in turn["recommendation"]["warnings"]}
    assert "pitfall.budget_too_small" in turn["pitfalls"]


def test_a_total_budget_no_plan_fits_is_said_in_the_understood_line_and_spot_elsewhere_named(
    real: Consultant,
) -> None:
    real.handle("ob", "Train 13B from scratch on 260B tokens")
    text = real.handle("ob", "budget is 50k USD").text
    assert "no deadline (the cheapest plan: none fits the budget;" in text
    assert "the same GPUs on AWS `p6-b200.48xlarge`" in text and "a longer timeline" not in text


@pytest.mark.parametrize(
    ("job", "budget", "period", "says"),
    [
        ("全参微调 13B，数据 5 亿 tokens，两周", "预算 3000 美元", "其实是每月预算",
         "预算 $3,000 → 预算 $3,000/月"),
        ("全参微调 13B，数据 5 亿 tokens，两周", "预算 3000 美元", "不是总预算，是每个月的",
         "预算 $3,000/月"),
        ("全參微調 7B，資料 5 億 tokens，十天", "預算 2 萬人民幣", "預算是每月的",
         "預算 ¥20,000 → 預算 ¥20,000/月"),
        ("full fine-tune 13B on 500M tokens, 2 weeks", "budget is $3000", "sorry, the budget is monthly",
         "a budget of $3,000 → a budget of $3,000 per month"),
        ("full fine-tune 13B on 500M tokens, 2 weeks", "budget is $3000", "the $3000 is per month",
         "a budget of $3,000 per month"),
        ("LoRA 70B on 1B tokens, 10 days", "budget $2000 a month", "that budget is in total, not per month",
         "a budget of $2,000 per month → a budget of $2,000"),
        ("全参微调 13B，数据 5 亿 tokens，两周", "预算 3000 美元", "预算是按月的", "预算 $3,000/月"),
        ("全参微调 13B，数据 5 亿 tokens，两周", "预算每月 3000 美元", "预算是一次性的，不是每月",
         "预算 $3,000/月 → 预算 $3,000："),
    ],
)  # fmt: skip
def test_the_period_said_of_the_budget_held_corrects_it_and_keeps_its_amount(
    real: Consultant, job: str, budget: str, period: str, says: str
) -> None:
    session = "s-" + uuid.uuid4().hex
    real.handle(session, job)
    held = real.handle(session, budget).payload["slots"]["budget"]
    turn = real.handle(session, period)
    now = turn.payload["slots"]["budget"]
    assert (now["amount"], now["currency"]) == (held["amount"], held["currency"])
    assert (
        now["period"] == ("total" if "total" in period or "一次性" in period else "month") != held["period"]
    )
    assert says in turn.text and turn.payload["recommendation"] is not None


def test_a_question_about_a_monthly_budget_changes_nothing(real: Consultant) -> None:
    session = "s-" + uuid.uuid4().hex
    real.handle(session, "全参微调 13B，数据 5 亿 tokens，两周")
    real.handle(session, "预算 3000 美元")
    for question in ("每月预算多少合适？", "is that budget per month?"):
        assert real.handle(session, question).payload["slots"]["budget"]["period"] == "total"
