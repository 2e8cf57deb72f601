"""A monthly or hourly budget in the pitfall context: it agrees with the engine's own verdict."""

from __future__ import annotations

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
