"""A plan the engine puts on a GPU with no BF16 (a T4 for a small QLoRA job) says on its understood line what
it runs, FP16 with loss scaling, never "BF16 (default)" beside a warning that the GPU has no BF16."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant


def _understood(text: str, head: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(head))


def test_the_default_precision_on_a_t4_is_fp16_with_loss_scaling(real: Consultant) -> None:
    turn = real.handle("b1", "Fine-tune Llama 3 8B with QLoRA on 3M tokens, no deadline")
    assert turn.payload["recommendation"]["options"][0]["gpu"] == "t4"
    line = _understood(turn.text, "*Understood:*")
    assert "FP16 with loss scaling (the NVIDIA T4 has no BF16" in line
    assert "BF16 (default)" not in turn.text
    assert "has no BF16 units" not in turn.text  # said once, on the understood line


def test_bf16_asked_for_on_a_t4_says_what_runs_instead(real: Consultant) -> None:
    turn = real.handle("b2", "QLoRA fine-tune an 8B on 3M tokens in BF16, on a T4, no deadline")
    assert "FP16 with loss scaling (the NVIDIA T4 has no BF16)" in _understood(turn.text, "*Understood:*")


def test_the_chinese_plan_says_fp16_too(real: Consultant) -> None:
    turn = real.handle("b3", "用 QLoRA 微调 Llama 3 8B，数据 300 万 token，不限时间")
    line = _understood(turn.text, "*理解的需求*")
    assert "FP16 加损失缩放（NVIDIA T4 不支持 BF16" in line
    assert "BF16（默认）" not in turn.text


def test_a_gpu_with_bf16_keeps_the_default_line(real: Consultant) -> None:
    turn = real.handle("b4", "Full fine-tune a 13B on 5B tokens within 10 days")
    assert "BF16 (default)" in _understood(turn.text, "*Understood:*")
