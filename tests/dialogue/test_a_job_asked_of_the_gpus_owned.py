"""GPUs the team owns said first ("we have 32 A100s"), then a job asked of them ("can we full fine-tune a
13B model on them?"): the job with its method as said, and the form goes on to the data; no FAQ entry on
choosing between LoRA and full fine-tuning, which the message has already chosen."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant

CASES = [
    (
        "we have 32 A100s",
        "can we full fine-tune a 13B model on them?",
        "full fine-tuning",
        "How much training data?",
    ),
    (
        "we have 32 A100s",
        "would a 13B full fine-tune fit on those?",
        "full fine-tuning",
        "How much training data?",
    ),
    ("我们有 32 张 A100", "这些卡能不能全参微调 13B？", "全参数微调", "训练数据有多少？"),
    ("我們有 32 張 A100", "這些卡能全參微調 13B 嗎？", "全參數微調", "訓練資料有多少？"),
]


@pytest.mark.parametrize(("owned", "asked", "method", "next_question"), CASES)
def test_a_full_fine_tune_asked_of_the_owned_gpus_asks_for_the_data_not_which_method(
    real: Consultant, owned: str, asked: str, method: str, next_question: str
) -> None:
    real.handle(asked, owned)
    turn = real.handle(asked, asked)
    assert turn.payload["slots"]["method"] == "full_finetune"
    assert turn.payload["slots"]["gpu_count"] == 32
    assert method in turn.text and next_question in turn.text
    assert "LoRA or full" not in turn.text and "怎么选" not in turn.text and "怎麼選" not in turn.text
