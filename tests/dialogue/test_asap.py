"""ASAP with a budget: the shortest deadline the engine can meet within the budget, asked of a planner."""

from __future__ import annotations

from typing import Any

from bot.dialogue.asap import ASAP_COST_SLACK, ASAP_MAX_SCALE, fastest_within_budget, implied_budget
from bot.dialogue.consultant import Consultant

from .asking import ask

BUDGET = {"budget": {"amount": 10_000.0, "currency": "USD", "period": "total"}}


def _option(days: float, gpus: int, usd: float) -> dict[str, Any]:
    return {"days": days, "gpus": gpus, "fits": True, "cost": {"on_demand_usd": usd}}


def _planner(asked: list[float]) -> Any:
    """A fake engine: meeting a deadline of d days takes 40/d GPUs at $100 per GPU-day plus $50 per GPU
    (a larger cluster costs a little more in total), never faster than 1.5 days."""

    def plan_for(days: float) -> dict[str, Any]:
        asked.append(days)
        finish = max(days, 1.5)
        gpus = max(1, round(40 / finish))
        return {"options": [_option(finish, gpus, 100.0 * gpus * finish + 50.0 * gpus)], "warnings": []}

    return plan_for


OPEN = {"options": [_option(20.0, 2, 4_100.0), _option(10.0, 10, 4_200.0)]}


def test_the_shortest_deadline_met_within_the_budget_is_planned() -> None:
    asked: list[float] = []
    found = fastest_within_budget(_planner(asked), OPEN, BUDGET, 7.2)
    assert found is not None
    top = found["options"][0]
    assert top["days"] == 2.0 and top["cost"]["on_demand_usd"] <= 10_000
    assert len(asked) <= 4  # bisection, not every rung


def test_a_tighter_budget_plans_a_slower_job() -> None:
    tight = {"budget": {"amount": 4_800.0, "currency": "USD", "period": "total"}}
    found = fastest_within_budget(_planner([]), OPEN, tight, 7.2)
    assert found is not None and found["options"][0]["days"] == 3.0


def test_without_a_budget_the_open_plan_stands() -> None:
    assert fastest_within_budget(_planner([]), OPEN, {}, 7.2) is None


def test_no_plan_uses_more_than_the_scale_cap_over_the_open_plans_largest_option() -> None:
    small_open = {"options": [_option(20.0, 2, 4_100.0)]}
    rich = {"budget": {"amount": 1e9, "currency": "USD", "period": "total"}}
    found = fastest_within_budget(_planner([]), small_open, rich, 7.2)
    assert found is not None and found["options"][0]["gpus"] <= ASAP_MAX_SCALE * 2
    assert found["options"][0]["days"] == 5.0  # 3 days would take 13 GPUs


def test_a_deadline_warning_of_a_deadline_the_user_never_set_is_dropped() -> None:
    def plan_for(days: float) -> dict[str, Any]:
        return {"options": [_option(days, 8, 1_000.0)], "warnings": [{"code": "deadline_tight"}]}

    found = fastest_within_budget(plan_for, OPEN, BUDGET, 7.2)
    assert found is not None and found["warnings"] == []


def test_asap_with_a_budget_finishes_sooner_than_any_plan_without_a_deadline(real: Consultant) -> None:
    job = "全参微调 8B，数据 500GB，预算 10 万美元"
    open_days = [o["days"] for o in _options(real, job + "，不急") if o["fits"]]
    text = ask(real, job + "，越快越好")
    assert "越快越好（预算内最快的方案）" in text
    fast = _options(real, job + "，越快越好")[0]
    assert fast["days"] < min(open_days) and fast["cost"]["on_demand_usd"] <= 100_000


def _options(consultant: Consultant, text: str) -> list[dict[str, Any]]:
    import uuid

    turn = consultant.handle("s-" + uuid.uuid4().hex, text)
    return list(turn.payload["recommendation"]["options"])


def test_asap_without_a_budget_pays_at_most_the_stated_slack_over_the_cheapest_plan() -> None:
    cap = implied_budget(OPEN)
    assert cap is not None and cap["cheapest"] == 4_100.0
    found = fastest_within_budget(_planner([]), OPEN, {"budget": cap}, 7.2)
    assert found is not None
    top = found["options"][0]
    assert top["days"] < 10.0 and top["cost"]["on_demand_usd"] <= 4_100.0 * ASAP_COST_SLACK


def test_asap_without_a_budget_says_the_default_it_used_and_is_never_slower_than_the_open_plan(
    real: Consultant,
) -> None:
    job = "pretrain a 1B model on 100B tokens"
    open_days = min(o["days"] for o in _options(real, job + ", no deadline") if o["fits"])
    text = ask(real, job + ", asap")
    assert "no budget given: the fastest plan costing at most 20% more than the cheapest" in text
    assert _options(real, job + ", asap")[0]["days"] <= open_days


def test_asap_after_a_deadline_says_how_much_sooner_the_bigger_plan_finishes(real: Consultant) -> None:
    real.handle("asap-change", "全参微调 7B，10亿 token，5天")
    turn = real.handle("asap-change", "越快越好")
    assert turn.text.startswith("*变化*：5 天 → 越快越好：1 → 4 × NVIDIA B200，20 小时 → 5.6 小时，费用")
