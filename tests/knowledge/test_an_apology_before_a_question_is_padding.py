"""An apology or a hesitation before a question ("sorry, what is LoRA?", "不好意思，FSDP 是什么", "um, what is
LoRA exactly?") finds the same FAQ entries as the bare question; on its own it finds none."""

from __future__ import annotations

import pytest

from knowledge.search import Searcher


@pytest.mark.parametrize(
    ("padded", "bare"),
    [
        ("sorry, what is LoRA?", "what is LoRA?"),
        ("oops, what is FSDP?", "what is FSDP?"),
        ("um, what is LoRA exactly?", "what is LoRA?"),
        ("quick question: what is FSDP?", "what is FSDP?"),
        ("不好意思，FSDP 是什么", "FSDP 是什么"),
        ("抱歉，我刚才说错了，LoRA 是什么？", "LoRA 是什么？"),
        ("MFU 指的是什么", "MFU 是什么"),
        ("What is a FLOP anyway", "what is a FLOP?"),
        ("what is MFU again? lol", "what is MFU?"),
        ("tbh is spot worth it for training", "is spot worth it for training"),
    ],
)
def test_a_padded_question_finds_what_the_bare_one_finds(searcher: Searcher, padded: str, bare: str) -> None:
    found = [h.id for h in searcher.search(padded)]
    assert found and found[0] == searcher.search(bare)[0].id


@pytest.mark.parametrize("chatter", ["sorry", "不好意思", "sorry, what time is it in Tokyo?"])
def test_an_apology_alone_finds_nothing(searcher: Searcher, chatter: str) -> None:
    assert searcher.search(chatter) == []
