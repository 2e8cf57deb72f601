""" "Cheaper?" said while the form still asks about a training job (no plan shown yet) gets the cheapest
GPUs that hold the job said so far, and the form's question again; not the general FAQ on cutting costs."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant

from .asking import ask


@pytest.mark.parametrize(
    ("job", "cheaper", "opening", "asked_again"),
    [
        (
            "全参微调 Qwen2.5-14B，给个方案",
            "有便宜点的吗",
            "*全参数微调 140亿参数模型，最便宜的 GPU：",
            "训练数据有多少",
        ),
        ("LoRA 微调 Llama-3-70B", "能再便宜一点吗", "*LoRA 700亿参数模型，最便宜的 GPU：", "训练数据有多少"),
        (
            "全參數微調 Qwen2.5-7B，幫我規劃一下",
            "有更便宜的方案嗎",
            "*全參數微調 70億參數模型，最便宜的 GPU：",
            "訓練資料有多少",
        ),
        (
            "full fine-tune Qwen2.5-14B, give me a plan",
            "anything cheaper?",
            "*The cheapest GPU for full fine-tuning of a 14B-parameter model:",
            "How much training data",
        ),
    ],
)
def test_cheaper_while_the_form_asks_gets_the_cheapest_gpus_for_the_job(
    real: Consultant, job: str, cheaper: str, opening: str, asked_again: str
) -> None:
    text = ask(real, job, cheaper)
    assert text.startswith(opening), (cheaper, text[:160])
    assert asked_again in text, cheaper
    assert "包年包月" not in text and "Pay-as-you-go or monthly" not in text, cheaper
