"""LoRA never needs more memory per GPU than full fine-tuning on the same GPUs: when the fastest LoRA layout
keeps every activation and full fine-tuning has to checkpoint them to fit, the LoRA verdict also says what it
takes with full activation checkpointing, and that figure is below full fine-tuning's."""

from __future__ import annotations

import re

from bot.dialogue.consultant import Consultant


def test_lora_states_a_checkpointed_figure_below_full_fine_tuning(real: Consultant) -> None:
    lora = real.handle("m1", "LoRA fine-tune a 13B model on 4 A100 80GB, how much memory per GPU?").text
    full = real.handle("m2", "full fine-tune a 13B model on 4 A100 80GB, how much memory per GPU?").text
    assert "with full activation checkpointing ~" in lora.splitlines()[0]
    checkpointed = float(re.search(r"checkpointing ~([\d.]+) GB", lora).group(1))  # type: ignore[union-attr]
    full_gb = float(re.search(r"~([\d.]+) GB per GPU", full).group(1))  # type: ignore[union-attr]
    assert checkpointed < full_gb


def test_the_chinese_verdict_says_the_same(real: Consultant) -> None:
    text = real.handle("m3", "用 4 张 A100 对 Llama 2 13B 做 LoRA 微调，每张卡显存多少").text
    assert "开完整激活检查点约" in text.splitlines()[0]


def test_a_verdict_already_checkpointed_adds_nothing(real: Consultant) -> None:
    text = real.handle("m4", "full fine-tune a 13B model on 4 A100 80GB, how much memory per GPU?").text
    assert "with full activation checkpointing" not in text
