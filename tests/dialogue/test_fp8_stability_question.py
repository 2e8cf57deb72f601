"""Whether FP8 training is stable, or costs model quality, is answered by the stability entry (published runs,
per-tensor scaling, compare loss curves against BF16), never by the speed entry, whose first word "No." would
read as "not stable"; how much faster FP8 is still gets the speed entry."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant


@pytest.mark.parametrize(
    ("message", "title", "lead"),
    [
        ("is fp8 training stable?", "Is FP8 training stable, and does it cost model quality?",
         "In published runs, yes"),
        ("will training in fp8 diverge?", "Is FP8 training stable", "In published runs, yes"),
        ("does fp8 hurt model quality?", "Is FP8 training stable", "In published runs, yes"),
        ("is it safe to pretrain in fp8?", "Is FP8 training stable", "In published runs, yes"),
        ("fp8 训练会不会不稳定", "FP8 训练稳定吗？会掉精度吗？", "在公开的运行里是稳定的"),
        ("FP8 訓練穩定嗎？會掉精度嗎", "FP8 訓練穩定嗎？會掉精度嗎？", "在公開的執行裡是穩定的"),
    ],
)  # fmt: skip
def test_an_fp8_stability_question_gets_the_stability_answer(
    real: Consultant, message: str, title: str, lead: str
) -> None:
    text = real.handle("p", message).text.replace("*", "")
    assert text.startswith(title), text
    # the stability answer first; the speed entry may follow it as a related answer
    first = text.split("\n")[1]
    assert first.startswith(lead) and "twice" not in first and "两倍" not in first


@pytest.mark.parametrize("message", ["how much faster is fp8 training?", "fp8真的比bf16快两倍吗"])
def test_an_fp8_speed_question_still_gets_the_speed_answer(real: Consultant, message: str) -> None:
    text = real.handle("p", message).text.replace("*", "")
    assert text.startswith(("Does FP8 training make things twice as fast?", "FP8 训练能快一倍吗？")), text
