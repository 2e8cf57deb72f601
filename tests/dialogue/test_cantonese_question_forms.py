"""Cantonese question forms (夠唔夠, 得唔得, 使唔使, 幾多錢, 要幾耐) in an otherwise Chinese message are read
like the Mandarin ones (够不够, 行不行, 要不要, 多少钱, 要多久): the same answer, in the script written."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant

from .asking import ask


@pytest.mark.parametrize(
    ("cantonese", "mandarin", "opens"),
    [
        ("8 張 A100 夠唔夠 fine-tune 70B", "8 張 A100 夠不夠 fine-tune 70B", "不能全參訓練"),
        ("4 张 4090 够唔够做 13B 嘅 LoRA", "4 张 4090 够不够做 13B 嘅 LoRA", "能。"),
        ("單張 H100 得唔得 fine-tune 70B", "單張 H100 行不行 fine-tune 70B", "不能全參訓練"),
        ("H100 租一個月幾多錢", "H100 租一個月多少錢", "NVIDIA H100 SXM5 按需價（每卡）"),
        ("A100 一个钟几多钱", "A100 一个钟多少钱", "NVIDIA A100 80GB (SXM4) 按需价（每卡）"),
        ("LoRA 7B 訓練要幾耐", "LoRA 7B 訓練要多久", "好的：70億參數，LoRA 微調。"),
        ("微调 13B 用 8 张 H100 要几耐", "微调 13B 用 8 张 H100 要多久", ""),
    ],
)
def test_a_cantonese_question_form_gets_the_answer_of_the_mandarin_one(
    real: Consultant, cantonese: str, mandarin: str, opens: str
) -> None:
    reply = ask(real, cantonese)
    assert reply == ask(real, mandarin), cantonese
    assert reply.replace("*", "").startswith(opens), cantonese


def test_a_cantonese_yes_no_on_hardware_is_a_verdict_not_the_planning_form(real: Consultant) -> None:
    for text in ("8 張 A100 夠唔夠 fine-tune 70B", "兩張 4090 得唔得跑 7B QLoRA"):
        reply = ask(real, text)
        verdict = reply.replace("*", "").split("。")[0]
        assert "訓練資料有多少" not in reply and verdict in ("能", "不能全參訓練；用 LoRA 可以"), text
