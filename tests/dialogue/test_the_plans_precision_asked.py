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


def test_an_integer_bit_width_for_training_is_said_back_with_the_precision_kept(real: Consultant) -> None:
    turn = real.handle("p20", "can we train a 3B fully in int4? 2B tokens, 10 days")
    assert turn.payload["recommendation"] is not None
    assert turn.text.rstrip().endswith(
        "_I didn't understand “int4” as a training precision: I size training in FP32, FP16, BF16 or FP8 (an "
        "8-bit optimizer or 4-bit QLoRA, say so by name); kept BF16 (the default)._"
    )


def test_a_bit_width_after_a_precision_held_keeps_that_precision(real: Consultant) -> None:
    real.handle("p21", "全参微调 7B，数据 5 亿 token，FP16，一周")
    turn = real.handle("p21", "改成 8 bit 训练呢")
    assert "没看懂“8 bit”作为训练精度的意思" in turn.text
    assert "仍按 FP16。" in turn.text


def test_an_eight_bit_optimizer_is_not_said_back() -> None:
    from bot.nlu import parse

    assert parse("full finetune 7B with 8-bit adam, 1B tokens").unread_precision is None
    assert parse("LoRA 微调后 int4 部署").unread_precision is None
