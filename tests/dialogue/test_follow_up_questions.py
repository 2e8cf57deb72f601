"""Short follow-ups after an answer: another GPU, a new question."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

from .asking import ask


def test_a_follow_up_naming_only_another_gpu_repeats_the_last_answer_on_it(real: Consultant) -> None:
    assert ask(real, "H100 多少钱一小时", "A100 呢？").startswith("*NVIDIA A100 80GB (SXM4) 按需价（每卡）*")
    replanned = ask(real, "LoRA 8B on 100M tokens, no deadline", "and on L40S?")
    assert replanned.startswith("*What changed*: now L40S") and "*Recommended:* 1 × NVIDIA L40S" in replanned
    capable = ask(real, "is the H100 good for fine-tuning?", "and the L40S?")
    assert "NVIDIA L40S" in capable and "How many parameters" not in capable
    assert ask(real, "7B 全参微调要多少显存", "那 A100 呢").startswith("*放不下*")


def test_a_new_question_after_a_price_or_capability_answer_does_not_inherit_its_gpu(real: Consultant) -> None:
    text = ask(real, "4090 能做多机训练吗", "DeepSeek-V3 全参微调要多少显存？")
    assert "4090" not in text and text.startswith("*训练 6710亿参数模型需要的显存*")
    assert ask(real, "H100 多少钱一小时", "7B 全参微调要多少显存").startswith("*训练 70亿参数模型需要的显存*")
