"""A memory question with a sequence length ("if I raise the context length to 16k will memory blow up?",
"序列长度16k显存会爆吗"): before a model is known, how the length drives memory first, then the model asked
for; on a plan, that plan's GPUs at the new length, fits or not, with the memory per GPU."""

from __future__ import annotations

import re

import pytest

from bot.dialogue.consultant import Consultant


@pytest.mark.parametrize(
    ("message", "faq", "asked", "length"),
    [
        (
            "if I raise the context length to 16k will memory blow up?",
            "How does sequence length (context length) affect training memory?",
            "How many parameters",
            "16,384",
        ),
        (
            "with a 32k context are we going to run out of memory?",
            "How does sequence length (context length) affect training memory?",
            "How many parameters",
            "32,768",
        ),
        (
            "上下文拉到32k会不会OOM",
            "序列长度（上下文长度）对训练显存有多大影响？",
            "模型有多少参数",
            "32,768",
        ),
        (
            "序列長度加到16k顯存會不會爆",
            "序列長度（上下文長度）對訓練顯存有多大影響？",
            "模型有多少參數",
            "16,384",
        ),
    ],
)
def test_a_memory_question_at_a_length_explains_it_then_asks_for_the_model(
    real: Consultant, message: str, faq: str, asked: str, length: str
) -> None:
    text = real.handle("fresh", message).text.replace("*", "")
    assert text.index(faq) < text.index(length) < text.index(asked)


def test_the_length_said_with_it_is_kept_for_the_plan(real: Consultant) -> None:
    real.handle("kept", "will a 16k context OOM?")
    text = real.handle("kept", "LoRA a 7B on 1B tokens in 3 days").text
    assert "sequence length 16,384" in text


@pytest.mark.parametrize(
    ("job", "question", "verdict"),
    [
        (
            "LoRA fine-tune a 7B on 1B tokens in 2 days",
            "if we go to 16k context will memory blow up?",
            "Fits",
        ),
        ("LoRA 微调 7B，10 亿 token，2 天", "序列长度改成 16k 显存会爆吗", "放得下"),
        ("LoRA 微調 7B，10 億 token，2 天", "上下文加到16k顯存撐得住嗎", "放得下"),
    ],
)
def test_on_a_plan_it_is_the_plans_memory_at_the_new_length(
    real: Consultant, job: str, question: str, verdict: str
) -> None:
    real.handle("plan", job)
    text = real.handle("plan", question).text.replace("*", "")
    assert text.startswith(verdict), text
    first = text.splitlines()[0]
    figures = [float(x) for x in re.findall(r"([\d.]+) GB", first)]
    # the memory per GPU at the new length, the GPU's own, and what it was: larger now
    assert len(figures) == 3 and figures[2] < figures[0] < figures[1]


def test_a_length_the_plans_gpus_cannot_hold_says_so(real: Consultant) -> None:
    real.handle("owned", "we have one RTX 4090, QLoRA a 7B on 100M tokens")
    text = real.handle("owned", "what about 64k context, will it OOM?").text.replace("*", "")
    assert text.startswith("Does not fit: at sequence length 65,536, your 1 × NVIDIA GeForce RTX 4090")
    assert "has 24 GB" in text


def test_a_length_change_without_a_memory_question_has_no_verdict(real: Consultant) -> None:
    real.handle("plain", "LoRA fine-tune a 7B on 1B tokens in 2 days")
    text = real.handle("plain", "what if seq len 16k?").text.replace("*", "")
    assert not text.startswith("Fits") and "What changed" in text
