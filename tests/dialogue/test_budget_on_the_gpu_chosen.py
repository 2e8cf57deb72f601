"""A GPU named with a budget no plan on it meets ("H200, $300"): the conflict line points at the cheaper
plan on another GPU that does fit, with its figures, and the plan keeps the GPU the user chose."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant


def test_over_budget_on_the_gpu_chosen_points_at_another_gpu_within_it(real: Consultant) -> None:
    turn = real.handle("b1", "full fine-tune 8B on 1B tokens on H200, budget $300")
    first, plan = turn.text.splitlines()[:2]
    assert first.startswith("⚠️ *No plan on the NVIDIA H200 SXM fits a budget of $300; another GPU does:* 1 ×")
    assert "on demand. The plan below keeps the GPU you chose" in first
    assert plan.startswith("*Recommended:*") and "H200" in plan


def test_the_same_in_chinese_with_a_deadline_that_plan_also_meets(real: Consultant) -> None:
    turn = real.handle("b2", "全参微调 8B，10 亿 tokens，用 H200，预算 300 美元，三天内")
    assert turn.text.startswith("⚠️ *NVIDIA H200 SXM 上没有方案在预算 $300 之内；换卡可以*：")
    assert "没有方案能同时满足工期" not in turn.text


def test_a_budget_the_gpu_chosen_meets_gets_no_such_line(real: Consultant) -> None:
    turn = real.handle("b3", "LoRA 8B on 500M tokens on H200, budget $300")
    assert "another GPU does" not in turn.text
