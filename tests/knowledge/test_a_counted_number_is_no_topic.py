"""A number that counts GPUs, cards or machines ("为什么要 4 张卡", "why 8 GPUs?") is a quantity, not a topic:
the "4" of "4比特" in the QLoRA entry no longer makes it the answer to any question about four cards; a
number that names something (a 4090) or a 4-bit precision still counts."""

from __future__ import annotations

import pytest
from search_cases import top_id

from knowledge.search import Searcher


@pytest.mark.parametrize(
    "question", ["为什么要 4 张卡？", "為什麼要4張卡", "为啥要用 4 块显卡", "为什么要 8 张卡？"]
)
def test_a_why_question_about_a_card_count_finds_the_single_or_multi_gpu_note(
    searcher: Searcher, question: str
) -> None:
    hits = searcher.search(question, limit=3)
    assert hits and hits[0].id == "faq.single_vs_multi_gpu"
    assert "faq.qlora" not in [h.id for h in hits[:2]]  # the two a reply may show


@pytest.mark.parametrize(
    ("question", "entry"),
    [
        ("4比特量化微调能省多少显存", "faq.qlora"),
        ("is 4-bit fine-tuning much slower", "faq.qlora"),
        ("4090 能不能拿来训练", "faq.consumer_gpus"),
    ],
)
def test_numbers_that_name_a_precision_or_a_card_still_count(
    searcher: Searcher, question: str, entry: str
) -> None:
    assert top_id(searcher, question) == entry
