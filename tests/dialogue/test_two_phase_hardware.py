"""A plan in two phases ("先用 A100 试跑，之后上 H100", "prototype on A100s first, then move to H100s")
plans the full run on the later GPU and sizes a short trial on the first beside it; a message that
weighs the two GPUs stays a comparison."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant


def test_a_trial_then_full_run_in_chinese_prices_both_phases(real: Consultant) -> None:
    turn = real.handle("p1", "先用A100试跑，之后上H100：预训练1B模型，200亿tokens，两周")
    first, plan = turn.text.split("\n\n")[:2]
    assert first.startswith("*分两阶段*：先在 NVIDIA A100") and "1% 的数据" in first and "$" in first
    assert "再在 NVIDIA H100 SXM5 上正式训练" in first
    assert plan.startswith("*推荐方案*：") and "H100" in plan.splitlines()[0]
    assert turn.payload["slots"]["gpu"] == "h100" and turn.payload["slots"]["days"] == 14


def test_prototype_first_then_move_in_english_plans_the_full_run_on_the_second_gpu(real: Consultant) -> None:
    text = (
        "We will prototype on A100s first and then move to H100s for the full run: "
        "pretrain 1B on 20B tokens in 2 weeks"
    )
    turn = real.handle("p2", text)
    assert turn.text.startswith("*Two phases*: first a trial on NVIDIA A100")
    assert "H100" in turn.text.split("*Recommended:*")[1].splitlines()[0]


def test_a_what_if_after_a_two_phase_plan_changes_the_full_run(real: Consultant) -> None:
    real.handle("p3", "先在4090上調試，再換H100正式訓練，LoRA微調7B，資料5GB，三天")
    turn = real.handle("p3", "如果只有兩天呢")
    assert turn.payload["slots"]["gpu"] == "h100" and turn.payload["slots"]["days"] == 2
    assert not turn.text.startswith("*分兩階段*")


def test_weighing_the_two_gpus_is_still_a_comparison(real: Consultant) -> None:
    turn = real.handle(
        "p4", "pretrain a 1B model on 20B tokens: A100 or H100? we start on one and then decide"
    )
    assert "Two phases" not in turn.text


def test_phases_named_after_a_plan_apply_to_the_job_held(real: Consultant) -> None:
    real.handle("p5", "LoRA微调 Llama 3 8B，2万条对话，每条约1200 token，三天")
    turn = real.handle("p5", "先用 4090 调通，然后上 A100 正式跑")
    assert turn.text.startswith("*分两阶段*：先在 NVIDIA GeForce RTX 4090 上试跑")
    assert turn.payload["slots"]["gpu"] == "a100" and turn.payload["slots"]["tokens"] == 2.4e7
