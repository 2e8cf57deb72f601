"""A job and the hardware for it asked with nothing to plan ("qlora llama 3.1 70b on a single 4090?",
"QLoRA 70B 单张 4090？", "全參微調 8B 一張 A100 80G？") asks whether it runs there: the yes/no
answer with what does fit, not the form's question for the data. With data said it is still a plan."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant


@pytest.mark.parametrize(
    ("message", "verdict"),
    [
        ("qlora llama 3.1 70b on a single 4090?", "No. QLoRA of a 70B-parameter model needs ~42.3 GB"),
        ("fine-tune llama 3 8b on 4 H100s?", "Yes. 4 × NVIDIA H100 SXM5 can hold full fine-tuning"),
        ("QLoRA 70B 单张 4090？", "不能。700亿参数模型的 QLoRA"),
        ("全參微調 8B 一張 A100 80G？", "普通 AdamW 放不下——用低顯存方案可以。"),
    ],
)
def test_a_bare_job_on_hardware_gets_whether_it_fits(real: Consultant, message: str, verdict: str) -> None:
    text = real.handle("b", message).text.replace("*", "")
    assert text.startswith(verdict), text
    assert "How much training data?" not in text and "多少训练数据" not in text


def test_the_same_with_data_is_a_plan(real: Consultant) -> None:
    text = real.handle("b", "LoRA llama 3 8b on 20M tokens on 2 A100s?").text.replace("*", "")
    assert "Recommended:" in text or "Understood:" in text or "Got it:" in text, text
