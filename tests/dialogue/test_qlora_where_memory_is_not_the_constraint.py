"""QLoRA is slower per token than LoRA (dequantising the 4-bit weights, and the activation checkpointing of
its recipe): under a deadline a QLoRA plan of a 70B needs more GPUs than full fine-tuning. When memory is not
what limits the plan, the reply says LoRA fits too and is faster and cheaper, with its plan; when the 16-bit
weights do not fit the GPUs named, it says nothing of the kind."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant


@pytest.mark.parametrize(
    ("turns", "line"),
    [
        (("fine-tune a 70B model on 20B tokens in 5 days", "what if QLoRA?"),
         "LoRA in 16-bit fits too and is faster and cheaper: 24 × NVIDIA B200, about 4.4 days, $35,937"),
        (("QLoRA fine-tune a 70B model on 20B tokens in 5 days",),
         "Memory is not what limits this plan, so QLoRA only makes it slower"),
        (("微调 70B，200亿 token，5 天", "用 QLoRA 呢"),
         "16 位 LoRA 同样装得下，而且更快、更便宜：24 × NVIDIA B200"),
        (("用 QLoRA 微調 70B 模型，200億 token，5 天內",),
         "這個方案的瓶頸不在顯存，QLoRA 只會更慢"),
    ],
)  # fmt: skip
def test_a_qlora_plan_not_limited_by_memory_says_lora_is_faster_and_cheaper(
    real: Consultant, turns: tuple[str, ...], line: str
) -> None:
    for said in turns:
        turn = real.handle("q", said)
    assert line in turn.text
    assert turn.payload["slots"]["method"] == "qlora"


def test_qlora_on_a_gpu_the_16_bit_weights_do_not_fit_gets_no_lora_line(real: Consultant) -> None:
    real.handle("q", "QLoRA fine-tune a 70B model on 100M tokens on one A100 80GB")
    turn = real.handle("q", "no deadline")
    assert turn.payload["recommendation"] is not None
    assert "LoRA in 16-bit fits too" not in turn.text


def test_lora_itself_gets_no_such_line(real: Consultant) -> None:
    turn = real.handle("q", "LoRA fine-tune a 70B model on 20B tokens in 5 days")
    assert "Memory is not what limits this plan" not in turn.text
