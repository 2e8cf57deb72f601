"""A what-if that asks for what the plan already has says "nothing changes" with the plan it keeps,
never a change line of "16 → 16"; a what-if that does change the plan still shows what changed."""

from __future__ import annotations

import re

from bot.dialogue.consultant import Consultant


def test_repeating_a_what_if_says_nothing_changes(real: Consultant) -> None:
    real.handle("s", "full fine-tune a 13B model on 5B tokens within 10 days on H100")
    changed = real.handle("s", "what if we used 16 GPUs?").text
    assert "*What changed*" in changed and "16 × NVIDIA H100 SXM5" in changed
    again = real.handle("s", "what if we used 16 GPUs?").text
    assert again.startswith("*Nothing changes*: the plan already has 16 GPUs (16 × NVIDIA H100 SXM5"), again[
        :200
    ]
    assert not re.search(r"\b(\d+) → \1\b", again)


def test_a_chinese_what_if_that_changes_nothing_says_so(real: Consultant) -> None:
    real.handle("s", "在 8 张 A100 上 LoRA 微调 7B 模型，数据 2GB，一周内")
    text = real.handle("s", "如果用 8 张卡呢").text
    assert text.startswith("*没有变化*：当前方案已经是 8 张卡"), text[:200]


def test_advice_under_a_plan_is_not_repeated_on_every_what_if_on_the_same_gpu(real: Consultant) -> None:
    first = real.handle("s", "full fine-tune a 13B model on 5B tokens within 10 days on H100").text
    assert "low-memory recipe" in first
    for follow_up in ("what if 16 GPUs?", "what if fp8?"):
        assert "low-memory recipe" not in real.handle("s", follow_up).text
    assert "low-memory recipe" in real.handle("s", "switch to A100").text  # a new GPU: said again
