"""DPO, IPO, KTO, ORPO, SimPO, GRPO and PPO named with a job ("DPO on a 7B model with 20k preference pairs",
"ORPO 训 Qwen2.5 7B", "GRPO on Qwen 7B"): the understood line says the objective, a frozen reference model
where it has one (its weights and forward), two sequences per preference pair, and for RL with generation
that the rollouts are not in the plan; the plan's memory and tokens trained follow."""

from __future__ import annotations

import re

import pytest

from bot.dialogue.consultant import Consultant


def _memory(text: str) -> float:
    found = re.search(r"~([\d.]+) GB per GPU", text.replace("*", ""))
    assert found is not None, text
    return float(found.group(1))


@pytest.mark.parametrize(
    ("message", "said"),
    [
        ("DPO on a 7B model with 20k preference pairs", "DPO (a frozen reference model beside the policy"),
        ("we want to run KTO on mistral 7b", "KTO (a frozen reference model beside the policy"),
        ("用 DPO 对齐一个 7B 模型，2 万对偏好数据", "DPO（旁边还有一个冻结的参考模型"),
        ("SimPO 微調 8B 模型", "SimPO（不需要參考模型）"),
    ],
)
def test_the_objective_and_its_reference_model_are_in_the_understood_line(
    real: Consultant, message: str, said: str
) -> None:
    assert said in real.handle("p1", message).text


def test_a_full_dpo_plan_holds_more_memory_than_the_same_fine_tune_and_trains_both_sequences(
    real: Consultant,
) -> None:
    sft = real.handle("p2", "full fine-tune a 7B model on 20k samples of about 1k tokens, 3 days").text
    dpo = real.handle("p3", "DPO on a 7B model with 20k preference pairs of about 1k tokens, 3 days").text
    assert _memory(dpo) > _memory(sft) + 10  # the reference's 14 GB of bf16 weights
    assert "each pair two sequences (chosen and rejected): 40M tokens trained" in dpo


def test_orpo_has_no_reference_model_but_still_two_sequences_a_pair(real: Consultant) -> None:
    text = real.handle("p4", "ORPO 训 Qwen2.5 7B，3 万对偏好数据，每条 1k token，一周").text
    assert "ORPO（不需要参考模型），每对是两条序列（chosen 和 rejected）：共训练 6000万 tokens" in text


@pytest.mark.parametrize(
    "message",
    [
        "GRPO on Qwen 7B with 10k prompts of 500 tokens, 5 days",
        "用 PPO 做 RLHF，7B 模型，1 万条 prompt，每条 500 token，一周",
    ],
)
def test_rl_with_generation_says_the_plan_does_not_cover_the_rollouts(real: Consultant, message: str) -> None:
    text = real.handle("p5", message).text
    assert "not generating the rollouts" in text or "不含生成 rollout" in text


def test_a_memory_or_speed_question_about_dpo_counts_the_reference_model(real: Consultant) -> None:
    memory = real.handle("p6", "how much VRAM for full DPO of a 7B?").text
    plain = real.handle("p7", "how much VRAM for full fine-tuning of a 7B?").text
    assert "DPO with a frozen reference model" in memory and "DPO" not in plain
    one_gpu = r"Full fine-tuning\*?: ~([\d.]+) GB in all on one GPU"
    assert float(re.search(one_gpu, memory).group(1)) > float(re.search(one_gpu, plain).group(1))  # type: ignore[union-attr]
    speed = real.handle("p8", "how many tokens/s does an H100 do for DPO on a 7B with LoRA").text
    assert "2N for the reference model's forward" in speed
