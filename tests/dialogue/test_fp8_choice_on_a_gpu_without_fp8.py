""" "bf16 or fp8?" on GPUs without FP8 tensor cores (A100, V100, T4…) says the GPU has no FP8 and what
FP8 needs, with the one plan in 16-bit, instead of two identical rows and "either will do"."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant


def test_bf16_or_fp8_on_the_a100_says_it_has_no_fp8(real: Consultant) -> None:
    real.handle("p1", "全参微调 Qwen2.5 7B，2B tokens，两周内，用 8 张 A100 80G")
    turn = real.handle("p1", "bf16 还是 fp8？")
    assert turn.text.startswith("*NVIDIA A100 80GB (SXM4) 不支持 FP8*")
    assert "Hopper（H100/H200）" in turn.text and "Blackwell" in turn.text
    assert "• *BF16*：8 × NVIDIA A100 80GB" in turn.text
    assert "*FP8*：" not in turn.text
    assert "选哪个都行" not in turn.text


def test_on_the_v100_the_16_bit_plan_is_fp16(real: Consultant) -> None:
    real.handle("p2", "Full fine-tune Llama 3 8B on 1B tokens within 2 weeks on 8 V100s")
    turn = real.handle("p2", "bf16 or fp8?")
    assert turn.text.startswith("*The NVIDIA V100 32GB (SXM2) has no FP8:*")
    assert "so train in FP16:" in turn.text
    assert "• *FP16*: 8 × NVIDIA V100" in turn.text
    assert "either will do" not in turn.text


def test_on_a_gpu_with_fp8_both_plans_are_still_shown(real: Consultant) -> None:
    real.handle("p3", "Full fine-tune Llama 3 8B on 1B tokens within 2 weeks on 8 H100s")
    turn = real.handle("p3", "bf16 or fp8?")
    assert turn.text.startswith("*Both choices planned side by side*")
    assert "• *BF16*: 8 × NVIDIA H100" in turn.text
    assert "• *FP8*: 8 × NVIDIA H100" in turn.text
