"""After a change to a plan, "compare the two plans", "which one would you pick?", "这两个方案比一下" or
"which was cheaper, the 1-week or the 2-week one?" show the plan before and the plan now side by side,
named by what differs, and say which to take; "how many months will it take?" is the plan's time."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant


def test_compare_the_two_plans_after_a_gpu_change_names_each_and_picks_one(real: Consultant) -> None:
    real.handle("p1", "LoRA 8B on 200M tokens within 5 days on A100")
    real.handle("p1", "now the same on H100")
    turn = real.handle("p1", "compare the two plans")
    lines = turn.text.splitlines()
    assert lines[0] == "*The two plans side by side*"
    assert lines[1].startswith("• *Before* (A100): 1 × NVIDIA A100")
    assert lines[2].startswith("• *Now* (H100): 1 × NVIDIA H100")
    assert lines[3].startswith("I'd take the H100 plan: it is both cheaper")
    again = real.handle("p1", "which one would you pick?")
    assert again.text == turn.text
    assert "*Recommended:*" not in turn.text


def test_plans_named_by_their_deadlines_are_compared_not_changed(real: Consultant) -> None:
    real.handle("p2", "fine-tune 7B fully on 1B tokens, 1 week")
    real.handle("p2", "what if 2 weeks?")
    turn = real.handle("p2", "which was cheaper, the 1-week or the 2-week one?")
    assert turn.text.startswith("*The two plans side by side*")
    assert "• *Before* (7 days)" in turn.text and "• *Now* (14 days)" in turn.text
    assert turn.payload["slots"]["days"] == 14


def test_the_two_plans_in_chinese(real: Consultant) -> None:
    real.handle("p3", "预训练 3B，300B tokens，一个月")
    real.handle("p3", "如果两个月，预算 5 万美元呢")
    turn = real.handle("p3", "这两个方案比一下")
    assert turn.text.startswith("*两个方案对比*")
    assert "• *之前*（30 天、不限预算）" in turn.text and "• *现在*（60 天、预算 $50,000）" in turn.text


def test_with_one_plan_only_there_is_nothing_to_compare_it_with(real: Consultant) -> None:
    real.handle("p4", "LoRA 8B on 200M tokens within 5 days")
    turn = real.handle("p4", "compare the two plans")
    assert "*The two plans side by side*" not in turn.text


def test_how_many_months_after_a_plan_is_its_time(real: Consultant) -> None:
    real.handle("p5", "pretrain 1B on 50B tokens, we can spend $10k per month, no hard deadline")
    turn = real.handle("p5", "how many months will it take?")
    assert turn.text.startswith("*On this plan (2 × NVIDIA B200) it takes about")


def test_a_plan_on_any_gpu_is_named_by_its_gpu_beside_the_one_chosen(real: Consultant) -> None:
    real.handle("p6", "QLoRA 70B, 300M tokens, 4 days")
    real.handle("p6", "try it on H200 instead")
    turn = real.handle("p6", "which plan is better?")
    assert "• *Before* (NVIDIA B200): 1 × NVIDIA B200" in turn.text
    assert "any GPU" not in turn.text


def test_in_chinese_the_pick_names_the_gpu_plan_and_gpu_words_are_not_a_plan_comparison(
    real: Consultant,
) -> None:
    real.handle("p7", "LoRA 8B on 200M tokens within 5 days on A100")
    real.handle("p7", "换成 H100 呢")
    assert "*两个方案对比*" not in real.handle("p7", "这两个卡有什么区别？").text
    turn = real.handle("p7", "这两个方案哪个好？")
    assert "建议选 H100 的方案：更便宜" in turn.text
