"""A budget what-if re-plans against the budget: a plan that meets it says so, and when no plan meets
both the deadline and the budget the reply says that first, with what the budget does buy."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant
from sizing.types import Budget

from .fakes import ScriptedParse

PRETRAIN_7B = {"params": 7e9, "tokens": 1.4e11, "method": "pretrain", "days": 21.0}


def test_a_budget_far_below_the_plan_is_never_called_already_met(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    nlu.understands("pretrain a 7B model on 140B tokens in 3 weeks", **PRETRAIN_7B)
    nlu.understands("what if the budget is only $5,000?", intent="whatif", budget=Budget(5000.0, "USD"))

    first = consultant.handle("s", "pretrain a 7B model on 140B tokens in 3 weeks")
    turn = consultant.handle("s", "what if the budget is only $5,000?")

    planned = first.payload["recommendation"]["options"][0]["cost"]["amount"]
    assert planned > 5000
    assert "already fits" not in turn.text and "nothing changes" not in turn.text
    assert "No plan meets both the deadline (21 days) and a budget of $5,000" in turn.text
    assert turn.text.index("No plan meets both") < turn.text.index("*Recommended:*")
    # the plan shown still meets the deadline
    assert turn.payload["recommendation"]["options"][0]["days"] <= 21.0


def test_a_budget_the_job_fits_without_its_deadline_names_what_it_buys(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    nlu.understands(
        "pretrain 1B on 20B tokens in 1 day", params=1e9, tokens=2e10, method="pretrain", days=1.0
    )
    nlu.understands("budget $480?", intent="whatif", budget=Budget(480.0, "USD"))

    consultant.handle("s", "pretrain 1B on 20B tokens in 1 day")
    turn = consultant.handle("s", "budget $480?")

    if "No plan meets both" in turn.text:
        line = next(x for x in turn.text.splitlines() if "No plan meets both" in x)
        assert "Within the budget:" in line or "Even with no deadline" in line or "Nothing costs less" in line
    else:
        top = turn.payload["recommendation"]["options"][0]
        assert top["cost"]["amount"] <= 480


def test_a_budget_the_plan_already_meets_says_nothing_changes(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    nlu.understands("LoRA 7B on 50M tokens in 2 days", params=7e9, tokens=5e7, method="lora", days=2.0)
    nlu.understands("预算 1 万美元呢", intent="whatif", budget=Budget(10000.0, "USD"))

    consultant.handle("s", "LoRA 7B on 50M tokens in 2 days")
    turn = consultant.handle("s", "预算 1 万美元呢")

    assert "已在新预算内，无需调整" in turn.text and "没有方案能同时满足" not in turn.text


def test_a_what_if_that_changes_nothing_prints_no_change_line_of_equal_values(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    nlu.understands("LoRA 7B on 50M tokens in 2 days", params=7e9, tokens=5e7, method="lora", days=2.0)
    nlu.understands("what if 3 days?", intent="whatif", days=3.0)

    consultant.handle("s", "LoRA 7B on 50M tokens in 2 days")
    turn = consultant.handle("s", "what if 3 days?")

    changed = next(x for x in turn.text.splitlines() if x.startswith("*What changed*"))
    assert "(+0%)" not in changed
    amounts = [part.strip() for part in changed.split("cost ")[1:]]
    for amount in amounts:
        before, _, after = amount.partition(" → ")
        assert before != after.split(" ")[0].rstrip(".")


def test_a_shorter_deadline_the_plan_already_meets_keeps_it_and_says_when_it_finishes(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    nlu.understands("LoRA 7B on 50M tokens in 2 weeks", params=7e9, tokens=5e7, method="lora", days=14.0)
    nlu.understands("what if only 1 week?", intent="whatif", days=7.0)

    first = consultant.handle("s", "LoRA 7B on 50M tokens in 2 weeks")
    turn = consultant.handle("s", "what if only 1 week?")

    before = first.payload["recommendation"]["options"][0]
    after = turn.payload["recommendation"]["options"][0]
    assert (before["gpu"], before["gpus"]) == (after["gpu"], after["gpus"]) and after["days"] <= 7
    changed = next(x for x in turn.text.splitlines() if x.startswith("*What changed*"))
    assert "14 days → 7 days: still" in changed and "which finishes in" in changed


def test_a_deadline_and_a_budget_neither_met_lead_with_the_fastest_plan_and_say_so(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    job = {"params": 8e9, "tokens": 2e12, "method": "full_finetune", "days": 3.0}
    nlu.understands("full fine-tune 8B on 2T tokens in 3 days", **job)
    nlu.understands("what if the budget is only $15,000?", intent="whatif", budget=Budget(15000.0, "USD"))
    nlu.understands("8B 全参微调，2万亿 token，3 天，预算 1.5 万美元", **job, budget=Budget(15000.0, "USD"))

    consultant.handle("en", "full fine-tune 8B on 2T tokens in 3 days")
    fastest = consultant.handle("en", "full fine-tune 8B on 2T tokens in 3 days").payload["recommendation"]
    turn = consultant.handle("en", "what if the budget is only $15,000?")
    zh = consultant.handle("zh", "8B 全参微调，2万亿 token，3 天，预算 1.5 万美元")

    top = turn.payload["recommendation"]["options"][0]
    assert (top["gpu"], top["gpus"]) == (fastest["options"][0]["gpu"], fastest["options"][0]["gpus"])
    assert top["days"] > 3.0
    assert "The plan below is the fastest there is." in turn.text
    assert "the one that meets the deadline" not in turn.text
    assert "下面是最快的方案。" in zh.text and "能按期完成的那个" not in zh.text


@pytest.mark.parametrize(
    ("opening", "budget"),
    [
        ("fine-tune a 70B model on 300GB in 2 weeks", "set the budget to $30k"),
        ("full fine-tune llama 70b, 300 GB of data, 14 days", "we only have 30000 dollars"),
        ("全参微调 70B，数据 300GB，两周内", "预算只有 3 万美元"),
        ("微調 70B 模型，資料 300GB，兩週", "預算改成 3 萬美元"),
    ],
)
def test_a_budget_no_plan_meets_keeps_the_plan_that_meets_the_deadline_not_a_slower_dearer_one(
    real: Consultant, opening: str, budget: str
) -> None:
    """Under a budget the smallest clusters that fit, months late, joined the candidates, and their being
    within the global batch dropped the only plans that finish in time: the answer became 40 × A100 for
    112 days at $295k instead of 48 × B200 for 12 days at $200k."""
    before = real.handle("b", opening).payload["recommendation"]["options"][0]
    after = real.handle("b", budget)
    top = after.payload["recommendation"]["options"][0]
    assert (top["gpu"], top["gpus"]) == (before["gpu"], before["gpus"]) and top["days"] <= 14
    assert (
        ("no plan meets both" in after.text)
        or ("没有方案能同时满足" in after.text)
        or ("沒有方案能同時滿足" in after.text)
    )
