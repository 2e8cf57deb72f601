"""A training job reported out of memory on a GPU the user names ("3090 训 7B 爆显存了", "OOM on my 3090")
is answered with whether that GPU holds the job and what does fit there, not with the planning form's
question about the data."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant

from .asking import FORM, ask


@pytest.mark.parametrize(
    ("message", "verdict", "fits"),
    [
        ("3090 训 7B 爆显存了怎么办", "不能全参训练；用 LoRA 可以", "放得下的方案"),
        (
            "请问显存不够的话有哪些办法？我现在 3090 训 7B 爆显存了",
            "不能全参训练；用 LoRA 可以",
            "放得下的方案",
        ),
        ("用 A100 40G 全參微調 13B 一直爆顯存，怎麼辦", "普通 AdamW 放不下", "放得下的方案"),
        (
            "I'm getting OOM training a 7B model on my 3090, what can I do?",
            "No, not in full; yes with LoRA",
            "What does fit",
        ),
        (
            "fine-tuning llama 3 8b on a single 4090 runs out of memory",
            "Full fine-tuning of an 8B",
            "What does fit",
        ),
    ],
)
def test_out_of_memory_on_a_named_gpu_says_what_fits_on_it(
    real: Consultant, message: str, verdict: str, fits: str
) -> None:
    text = ask(real, message)
    assert verdict in text.split("\n")[0], (message, text[:160])
    assert fits in text, message
    assert not any(f in text for f in (*FORM, "訓練資料有多少")), message
