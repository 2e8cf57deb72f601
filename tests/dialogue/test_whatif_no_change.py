"""A what-if that asks for what the plan already has says "nothing changes" with the plan it keeps,
never a change line of "16 → 16"; a what-if that does change the plan still shows what changed."""

from __future__ import annotations

import re

import pytest

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


@pytest.mark.parametrize(
    ("opening", "what_if", "planned", "late"),
    [
        ("pretrain a 7B model on 300B tokens on 16 H100s within 5 days", "what if we had 16 H100s?",
         "*Recommended:* 16 × NVIDIA H100 SXM5", "16 × NVIDIA H100 SXM5 takes 33 days, past the 5 days"),
        ("pretrain a 7B model on 300B tokens within 5 days", "what about 16 H100s?",
         "*Recommended:* 16 × NVIDIA H100 SXM5", "128 × H100-SXM, listed below, finishes in 4.3 days"),
        ("pretrain a 7B model on 300B tokens within 5 days", "how long on 16 H100s?",
         "*Recommended:* 16 × NVIDIA H100 SXM5", "16 × NVIDIA H100 SXM5 takes 33 days"),
        ("预训练 7B 模型，3000亿 token，用 16 张 H100，5 天内", "如果有 16 张 H100 呢",
         "*推荐方案*：16 × NVIDIA H100 SXM5", "16 × NVIDIA H100 SXM5 约需 33 天，超过 5 天的期限"),
        ("預訓練 7B 模型，3000億 token，5 天內", "換成 16 張 H100 呢",
         "*推薦方案*：16 × NVIDIA H100 SXM5", "下面列出的 128 × H100-SXM 約 4.3 天就能完成"),
    ],
)  # fmt: skip
def test_a_gpu_count_tried_after_a_plan_is_planned_on_and_says_it_misses_the_deadline(
    real: Consultant, opening: str, what_if: str, planned: str, late: str
) -> None:
    """It was planned away at the count that makes the deadline, or answered "Nothing changes" beside a
    plan on 128."""
    real.handle("w", opening)
    text = real.handle("w", what_if).text
    assert planned in text and late in text
    assert "Nothing changes" not in text and "so this plan uses the count that makes it" not in text
    assert "按能按时完成的卡数" not in text and "按能按時完成的卡數" not in text


def test_a_count_that_cannot_hold_the_job_still_says_why_and_plans_on_another_gpu(real: Consultant) -> None:
    real.handle("w", "pretrain 7B on 300B tokens in 30 days")
    text = real.handle("w", "what about 4 T4s?").text
    assert "4 × T4 cannot run this job (about" in text


@pytest.mark.parametrize(
    ("what_if", "said"),
    [
        ("what about 4 GPUs?", "*Nothing changes*: the plan already has 4 GPUs (4 × NVIDIA B200"),
        ("and with 4 cards?", "*Nothing changes*: the plan already has 4 GPUs (4 × NVIDIA B200"),
        ("那用 4 张呢", "*没有变化*：当前方案已经是 4 张卡（4 × NVIDIA B200"),
        ("如果用 4 張卡呢", "*沒有變化*：當前方案已經是 4 張卡（4 × NVIDIA B200"),
    ],
)
def test_a_count_the_engine_already_chose_is_no_change_and_keeps_the_plan(
    real: Consultant, what_if: str, said: str
) -> None:
    first = real.handle("s", "full fine-tune a 13B model on 5B tokens within 2 days").text
    assert first.startswith("*Recommended:* 4 × NVIDIA B200")
    text = real.handle("s", what_if).text
    assert text.startswith(said), text[:200]
    assert not re.search(r"\b(\d+) (?:GPUs|张卡|張卡) → \1\b", text) and "still 4 ×" not in text
    assert re.search(r"\*(?:Recommended:|推荐方案|推薦方案)\*：? ?4 × NVIDIA B200", text)  # the plan kept


@pytest.mark.parametrize("what_if", ["what about 8 of them?", "用 8 张呢", "那 8 張 H100 呢"])
def test_the_count_of_the_gpu_named_that_the_plan_already_uses_is_no_change(
    real: Consultant, what_if: str
) -> None:
    real.handle("s", "LoRA fine-tune a 70B model on 1B tokens on H100s within 5 days")
    text = real.handle("s", what_if).text
    assert text.startswith(("*Nothing changes*", "*没有变化*", "*沒有變化*")), text[:200]
    assert "8 × NVIDIA H100 SXM5" in text and "still 8" not in text and "仍是" not in text
