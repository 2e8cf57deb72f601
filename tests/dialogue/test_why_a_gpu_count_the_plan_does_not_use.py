""" "Why do we need 8 GPUs?" / "为什么要 4 张卡？" when the plan uses another count: the plan's count and that
one side by side, and the plan is not changed to the count asked about."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant


def test_why_another_count_shows_both_and_keeps_the_plan(real: Consultant) -> None:
    plan = real.handle("w1", "Full fine-tune a 7B on 15GB of text within 5 days")
    gpus = plan.payload["recommendation"]["options"][0]["gpus"]
    assert gpus == 1
    turn = real.handle("w1", "为什么要 4 张卡？")
    assert "• *1 张卡*：1 ×" in turn.text and "• *4 张卡*：4 ×" in turn.text
    assert "变化" not in turn.text
    assert turn.payload["slots"].get("gpu_count") is None


def test_why_the_plans_own_count_is_not_a_pair(real: Consultant) -> None:
    real.handle("w2", "Pretrain a 7B model on 100B tokens in a month")
    turn = real.handle("w2", "why 8 GPUs?")
    assert "Both choices" not in turn.text
