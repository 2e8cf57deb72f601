"""A plan that takes longer than the user's deadline says so wherever it states its days against that
deadline: the change line after a new deadline and the time answer, in English, zh-Hans and zh-Hant."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant

LIMITED = {
    "en": "pretrain 13B on 500B tokens, at most 32 H100s, no deadline",
    "zh-Hans": "最多用 32 张 H100 预训练 13B，5000亿 tokens，不急",
    "zh-Hant": "最多用 32 張 H100 預訓練 13B，5000億 tokens，不急",
}


def changed(text: str) -> str:
    return next(x for x in text.splitlines() if x.startswith(("*What changed*", "*变化*", "*變化*")))


@pytest.mark.parametrize(
    ("script", "deadline", "miss"),
    [
        ("en", "make the deadline 40 days", "which takes 51 days: past the deadline of 40 days"),
        ("en", "we need it done within 6 weeks", "past the deadline of 42 days"),
        ("zh-Hans", "工期改成 40 天", "要 51 天，赶不上 40 天的期限"),
        ("zh-Hans", "一个月内要训完", "赶不上 30 天的期限"),
        ("zh-Hant", "工期改成 40 天", "要 51 天，趕不上 40 天的期限"),
    ],
)
def test_a_new_deadline_the_plan_misses_is_said_as_a_miss(
    real: Consultant, script: str, deadline: str, miss: str
) -> None:
    real.handle("s", LIMITED[script])
    line = changed(real.handle("s", deadline).text)
    assert miss in line
    assert "就能跑完" not in line and "which finishes in" not in line


@pytest.mark.parametrize(
    ("script", "deadline", "met"),
    [
        ("en", "make the deadline 60 days", "which finishes in 51 days"),
        ("zh-Hans", "工期改成 60 天", "51 天就能跑完"),
    ],
)
def test_a_new_deadline_the_plan_meets_still_reads_as_met(
    real: Consultant, script: str, deadline: str, met: str
) -> None:
    real.handle("s", LIMITED[script])
    line = changed(real.handle("s", deadline).text)
    assert met in line and "deadline of" not in line and "赶不上" not in line


@pytest.mark.parametrize(
    ("opening", "ask", "miss"),
    [
        (
            "pretrain 13B on 500B tokens, at most 32 H100s, deadline 40 days",
            "how long will it take?",
            "*Not on this plan*",
        ),
        ("最多用 32 张 H100 预训练 13B，5000亿 tokens，工期 40 天", "要多久", "*赶不上*："),
        ("最多用 32 張 H100 預訓練 13B，5000億 tokens，工期 40 天", "要跑多久？", "*趕不上*："),
    ],
)
def test_the_time_answer_on_a_plan_past_the_deadline_leads_with_the_miss(
    real: Consultant, opening: str, ask: str, miss: str
) -> None:
    real.handle("s", opening)
    assert real.handle("s", ask).text.startswith(miss)
