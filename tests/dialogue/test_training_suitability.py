"""'Is the L40S good for training?' / 'T4 適合訓練嗎': a verdict on the GPU first, from what decides it
(NVLink for sharding, BF16, memory), then the largest model each method fits on one card."""

from __future__ import annotations

import re

from bot.dialogue.consultant import Consultant, Turn


def ask(consultant: Consultant, text: str) -> Turn:
    return consultant.handle("s", text)


def _largest(text: str, method: str) -> str:
    match = re.search(rf"{method}: up to about ([\d.]+[BM])", text)
    assert match, text
    return match.group(1)


def test_a_gpu_with_nvlink_is_a_training_gpu(real: Consultant) -> None:
    turn = ask(real, "Is the H100 good for fine-tuning?")
    assert turn.text.startswith("*Yes.*") and "NVLink at 900 GB/s" in turn.text
    assert "How many parameters" not in turn.text


def test_a_pcie_only_gpu_suits_jobs_that_fit_on_one_card_and_says_how_large(real: Consultant) -> None:
    turn = ask(real, "Is an L40S good for training?")
    assert turn.text.startswith("*For jobs that fit on one card, yes; for sharding a large model, no.*")
    # QLoRA holds a larger model than LoRA, and LoRA a larger one than full fine-tuning.
    sizes = [float(_largest(turn.text, m)[:-1]) for m in ("full fine-tuning", "LoRA", "QLoRA")]
    assert sizes == sorted(sizes)


def test_a_gpu_without_bf16_is_only_for_small_jobs_in_traditional_chinese(real: Consultant) -> None:
    turn = ask(real, "T4 適合訓練嗎")
    assert turn.text.startswith("*只適合小任務*") and "不支援 BF16" in turn.text


def test_a_suitability_question_with_a_model_size_is_a_feasibility_question(real: Consultant) -> None:
    turn = ask(real, "Is the H100 good for fine-tuning a 70B model?")
    assert "70B-parameter model" in turn.text and "What does fit" in turn.text
