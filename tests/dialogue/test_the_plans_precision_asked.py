""" "用的什么精度？" / "what precision does this plan use?" after a plan: the precision that plan runs (FP16
with loss scaling on a T4, BF16 on a GPU with it), not the general BF16-or-FP16 FAQ."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant


def test_a_t4_plan_says_it_runs_fp16_with_loss_scaling(real: Consultant) -> None:
    real.handle("p1", "QLoRA 微调 8B，数据 500 万 token，不急")
    turn = real.handle("p1", "用的什么精度？")
    assert turn.text.startswith("*本方案（1 × NVIDIA T4）的精度*：FP16 混合精度加动态损失缩放")
    assert turn.payload["faq"] == []


def test_a_plan_on_a_gpu_with_bf16_says_bf16(real: Consultant) -> None:
    real.handle("p2", "Full fine-tune a 13B on 5B tokens within 10 days")
    turn = real.handle("p2", "what precision does this plan use?")
    assert "BF16 mixed precision, the default on GPUs that have it" in turn.text


def test_a_question_naming_precisions_is_still_the_faq(real: Consultant) -> None:
    real.handle("p3", "Full fine-tune a 13B on 5B tokens within 10 days")
    turn = real.handle("p3", "what's the difference between bf16 and fp16?")
    assert "faq.bf16_vs_fp16" in turn.payload["faq"]
