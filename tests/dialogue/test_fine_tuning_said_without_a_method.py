"""A job said as plain fine-tuning ("微调 8B", "想微调一个 8B 模型", "微調 Llama 3.1 8B", "fine-tune an 8B")
is sized as full fine-tuning, and the echo says that is a default and that LoRA/QLoRA are the cheaper choice;
a method the user named is echoed as said."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant


@pytest.mark.parametrize(
    ("message", "echo"),
    [
        ("微调 8B", "全参数微调（你只说了“微调”，默认按最保守的全参数估算；LoRA/QLoRA 显存和费用都低得多"),
        ("想微调一个 8B 模型", "默认按最保守的全参数估算"),
        ("微調 Llama 3.1 8B，資料 5 萬條", "全參數微調（你只說了“微調”，預設按最保守的全參數估算"),
        (
            "fine-tune an 8B",
            "full fine-tuning (you said fine-tune only, so the most conservative default; LoRA or QLoRA",
        ),
    ],
)
def test_plain_fine_tuning_is_echoed_as_a_default_with_lora_offered(
    real: Consultant, message: str, echo: str
) -> None:
    assert echo in real.handle("f1", message).text


@pytest.mark.parametrize(
    ("message", "echo"),
    [("全参微调 8B", "全参数微调。"), ("LoRA 微调 8B", "LoRA 微调。"), ("fine-tune an 8B in 4-bit", "QLoRA")],
)
def test_a_named_method_is_echoed_as_said(real: Consultant, message: str, echo: str) -> None:
    text = real.handle("f2", message).text
    assert echo in text and "默认按最保守" not in text and "conservative default" not in text
