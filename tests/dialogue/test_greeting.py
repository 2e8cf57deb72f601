"""A greeting says briefly what the bot answers (a plan, prices, comparisons, memory, serving, FAQ)
with examples, in the user's script; every example it suggests is answered at once in a fresh
conversation, never with a slot question."""

from __future__ import annotations

import re

import pytest

from bot.dialogue.consultant import Consultant
from bot.store.memory import MemoryStore

from .conftest import TODAY


@pytest.mark.parametrize(
    ("greeting", "words"),
    [
        ("hi", ["plan", "prices", "comparison", "memory", "serving"]),
        ("你好", ["方案", "价格", "对比", "显存", "部署"]),
        ("哈囉", ["方案", "價格", "對比", "顯存", "部署"]),
        ("good evening", ["plan", "prices", "serving"]),
    ],
)
def test_a_greeting_says_what_the_bot_can_answer(real: Consultant, greeting: str, words: list[str]) -> None:
    turn = real.handle("s", greeting)
    for word in words:
        assert word in turn.text, (word, turn.text)
    assert turn.payload["pending"] is None


@pytest.mark.parametrize("greeting", ["hi", "你好"])
def test_every_example_the_greeting_suggests_is_answered_directly(real: Consultant, greeting: str) -> None:
    examples = re.findall(r"`([^`]+)`", real.handle("g", greeting).text)
    assert len(examples) >= 8, examples
    for n, example in enumerate(examples):
        fresh = Consultant(real.kb, MemoryStore(session_ttl_s=3600), clock=lambda: TODAY, chart=None)
        turn = fresh.handle(f"e{n}", example)
        assert turn.payload["pending"] is None, (example, turn.text[:300])
