"""A training run out of memory asked about with no job named ("训练 OOM 了怎么办", "訓練時 OOM 怎麼辦",
"跑 LoRA 一直 CUDA out of memory") gets the how-to first and asks for nothing it does not need: the answer's
own offer (the model size and method) is the only question, not the data and the deadline of a plan."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant


@pytest.mark.parametrize(
    ("question", "how_to"),
    [
        ("训练 OOM 了怎么办", "打开梯度检查点"),
        ("训练时 OOM 怎么办", "打开梯度检查点"),
        ("訓練時 OOM 怎麼辦", "開啟梯度檢查點"),
        ("微调的时候显存不够报 OOM，怎么处理", "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True"),
        ("跑 LoRA 一直 CUDA out of memory", "ZeRO-3 / FSDP"),
        ("training keeps OOMing, what do I do", "expandable_segments:True"),
    ],
)
def test_an_oom_question_gets_the_how_to_first_and_no_data_question(
    real: Consultant, question: str, how_to: str
) -> None:
    turn = real.handle("o1", question)
    assert turn.payload["faq"][0] == "faq.training_oom"
    assert how_to in turn.text
    for asked in (
        "数据量和工期",
        "資料量和工期",
        "the data and a deadline",
        "训练数据有多少",
        "訓練資料有多少",
    ):
        assert asked not in turn.text
