"""An opening that only says the team wants to train ("我想训个模型", "想炼个丹", "we wanna train a model") is
the start of a plan: the reply asks the first question (the model's size), not FAQ answers on memory or AMD
GPUs."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant


@pytest.mark.parametrize(
    ("opening", "question"),
    [
        ("我想训个模型", "*模型有多少参数？*"),
        ("我们想训个大模型", "*模型有多少参数？*"),
        ("想炼个丹，训一个大模型", "*模型有多少参数？*"),
        ("我想搞个模型训练", "*模型有多少参数？*"),
        ("我想訓個模型", "*模型有多少參數？*"),
        ("想自己練個模型", "*模型有多少參數？*"),
        ("we wanna train a model", "*How many parameters does the model have?*"),
        ("thinking about training a model", "*How many parameters does the model have?*"),
        ("we're looking to train our own LLM", "*How many parameters does the model have?*"),
    ],
)
def test_an_opening_that_wants_to_train_asks_the_model_size(
    real: Consultant, opening: str, question: str
) -> None:
    turn = real.handle("o-" + opening, opening)
    assert question in turn.text
    assert turn.payload["faq"] == []
    assert turn.payload["recommendation"] is None


def test_a_question_about_training_memory_is_still_the_faq(real: Consultant) -> None:
    turn = real.handle("o-faq", "训练一个模型需要多少显存？")
    assert "faq.gpu_memory_estimate" in turn.payload["faq"]


@pytest.mark.parametrize(
    ("opening", "question"),
    [
        ("hi! can you help me figure out gpus for training", "*How many parameters does the model have?*"),
        ("can you help us pick hardware for fine-tuning?", "*How many parameters does the model have?*"),
        ("help me choose gpus for training pls", "*How many parameters does the model have?*"),
        ("帮我选一下训练用的卡", "*模型有多少参数？*"),
        ("幫我挑一下微調用的卡", "*模型有多少參數？*"),
    ],
)
def test_an_opening_that_asks_for_help_picking_gpus_to_train_asks_the_model_size(
    real: Consultant, opening: str, question: str
) -> None:
    turn = real.handle("h-" + opening, opening)
    assert question in turn.text
    assert turn.payload["faq"] == []
    assert turn.payload["recommendation"] is None
