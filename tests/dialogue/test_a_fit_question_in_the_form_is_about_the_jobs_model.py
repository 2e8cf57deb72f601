""" "训练一个7B模型" and then "is a 3060 with 12gb enough for qlora of that?": the fit verdict on the
conversation's model, at once, on the memory the user gave for a card the catalogue lacks (not the form's
next question, and not a verdict on another GPU); a short English question after a Chinese turn is answered
in English."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant


@pytest.mark.parametrize(
    "question",
    [
        "is a 3060 with 12gb enough for qlora of that?",
        "would a 12GB 3060 handle QLoRA on it?",
        "a 3060 12gb ok for qlora 7b?",
    ],
)
def test_a_fit_question_on_an_unlisted_card_in_the_form_gets_the_verdict_on_its_memory(
    real: Consultant, question: str
) -> None:
    real.handle("f1", "训练一个7B模型")
    turn = real.handle("f1", question)
    assert "Yes: 12 GB holds QLoRA of a 7B model" in turn.text
    assert "H100" not in turn.text
    assert "How much training data?" in turn.text  # and the form's question after it, in English too


@pytest.mark.parametrize("question", ["一張 12G 的 3060 跑 QLoRA 夠嗎？", "12G的3060能跑QLoRA吗"])
def test_the_memory_said_before_an_unlisted_card_in_chinese_is_its_memory(
    real: Consultant, question: str
) -> None:
    real.handle("f4", "训练一个7B模型")
    turn = real.handle("f4", question)
    assert "12 GB 放得下 70" in turn.text
    assert "QLoRA" in turn.text and turn.payload["slots"].get("data_bytes") is None


@pytest.mark.parametrize(
    ("question", "verdict"),
    [
        ("一张4090够不够做QLoRA？", "*能*。单张 NVIDIA GeForce RTX 4090 放得下 70亿参数模型的 QLoRA"),
        ("一張 4090 夠不夠跑 QLoRA？", "*能*。單張 NVIDIA GeForce RTX 4090 放得下 70億參數模型的 QLoRA"),
    ],
)
def test_a_fit_question_on_a_catalogue_card_in_the_form_is_about_the_jobs_model(
    real: Consultant, question: str, verdict: str
) -> None:
    real.handle("f2", "训练一个7B模型")
    turn = real.handle("f2", question)
    assert verdict in turn.text


def test_a_bare_ok_after_a_chinese_turn_stays_in_chinese(real: Consultant) -> None:
    real.handle("f3", "训练一个7B模型")
    turn = real.handle("f3", "ok")
    assert "ok" in turn.text and "训练数据" in turn.text
