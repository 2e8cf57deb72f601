"""Whether twice the GPUs train twice as fast is a question about scaling (communication, the global batch,
pipeline bubbles), never the FP8 speed note; after a plan the engine's own figures for that plan follow."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant


@pytest.mark.parametrize(
    "question",
    [
        "多加一倍的卡能快一倍吗",
        "卡数翻倍速度能翻倍吗",
        "从8卡加到16卡，训练能快一倍吗",
        "卡多一倍，时间能少一半吗",
        "加倍GPU會不會快兩倍",
        "GPU 數量加倍，訓練時間能不能砍半？",
        "does doubling the GPUs halve the time?",
        "will twice as many GPUs make it twice as fast?",
        "if we double the number of GPUs, does it finish in half the time?",
    ],
)
def test_twice_the_gpus_asked_in_any_script_gets_the_scaling_answer(real: Consultant, question: str) -> None:
    turn = real.handle("s", question)
    assert turn.payload["faq"][:1] == ["faq.multi_node_scaling"]
    assert "FP8" not in turn.text
    assert any(w in turn.text for w in ("流水线气泡", "流水線氣泡", "pipeline bubble"))


@pytest.mark.parametrize(
    ("opening", "question", "line"),
    [
        (
            "预训练 7B，2000亿 tokens，用 16 张 H100，不急",
            "多加一倍的卡能快一倍吗",
            "按您当前的方案算*：16 → 32 × NVIDIA H100 SXM5",
        ),
        (
            "預訓練 7B，2000億 tokens，用 16 張 H100，不急",
            "GPU 翻倍訓練時間能減半嗎",
            "按您當前的方案算*：16 → 32 × NVIDIA H100 SXM5",
        ),
        (
            "pretrain 7B on 200B tokens on 16 H100s, no deadline",
            "does doubling the GPUs halve the time?",
            "*On your plan*: 16 → 32 × NVIDIA H100 SXM5",
        ),
    ],
)
def test_after_a_plan_the_engine_gives_that_plans_speedup_and_scaling_efficiency(
    real: Consultant, opening: str, question: str, line: str
) -> None:
    real.handle("s", opening)
    text = real.handle("s", question).text
    figures = next(x for x in text.splitlines() if line in x)
    assert any(w in figures for w in ("扩展效率约", "擴展效率約", "scaling efficiency of about"))
    assert any(w in figures for w in ("快 1.", "1.9"))  # a measured speed-up, not a flat "2×"


def test_before_any_plan_there_are_no_plan_figures(real: Consultant) -> None:
    text = real.handle("s", "多加一倍的卡能快一倍吗").text
    assert "按您当前的方案算" not in text


def test_twice_as_many_gpus_after_a_plan_is_still_a_what_if_on_it(real: Consultant) -> None:
    real.handle("s", "pretrain 7B on 200B tokens on 16 H100s, no deadline")
    turn = real.handle("s", "what if we had twice as many GPUs?")
    assert turn.payload["recommendation"]["options"][0]["gpus"] == 32
