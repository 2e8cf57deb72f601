""" "What is X?" in any script is answered by the entry that defines X, not by one that only mentions it."""

from __future__ import annotations

import pytest

from knowledge.query_text import definition_subject
from knowledge.search import Searcher


@pytest.mark.parametrize(
    ("text", "defining"),
    [
        ("what is LoRA?", "faq.lora_vs_full"),
        ("什麼是 LoRA？", "faq.lora_vs_full"),
        ("LoRA 是什么", "faq.lora_vs_full"),
        ("FLOPs 是什么", "faq.flops"),
        ("what are FLOPs?", "faq.flops"),
        ("什麼是 FLOPs？", "faq.flops"),
        ("sorry, what does MFU mean?", "faq.mfu_vs_peak"),
        ("what is lora rank", "faq.lora_rank"),
        ("什么是 QLoRA", "faq.qlora"),
    ],
)
def test_the_defining_entry_comes_first(searcher: Searcher, text: str, defining: str) -> None:
    assert searcher.search(text)[0].id == defining


@pytest.mark.parametrize(
    "text",
    ["how much memory does LoRA save", "LoRA 和全参微调有什么区别", "we have 8 H100s", "H100 有多少 TFLOPS"],
)
def test_other_questions_are_not_read_as_definitions(text: str) -> None:
    assert definition_subject(text) is None


def test_padding_before_the_question_is_not_the_term() -> None:
    assert definition_subject("抱歉，我刚才说错了，FLOPs 是什么？") == "flop"
