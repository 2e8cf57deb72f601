"""A question about a technique is a knowledge question, not a sizing request."""

from __future__ import annotations

import pytest

from bot.nlu import parse


@pytest.mark.parametrize(
    "text",
    [
        "What is LoRA?",
        "what's QLoRA",
        "什麼是QLoRA",
        "LoRA和全参微调有什么区别",
        "BF16和FP16哪个好",
        "FP8 vs BF16",
    ],
)
def test_asking_what_a_technique_is_is_an_faq_question(text: str) -> None:
    assert parse(text).intent == "faq"


@pytest.mark.parametrize(
    "text", ["LoRA", "用QLoRA", "我们想用LoRA微调，需要什么GPU", "LoRA微调70亿参数模型", "bf16"]
)
def test_naming_a_technique_as_an_answer_or_request_is_still_sizing(text: str) -> None:
    assert parse(text).intent == "size"
