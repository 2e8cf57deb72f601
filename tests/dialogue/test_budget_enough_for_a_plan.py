"""Asking whether a total budget is enough for a training job opens the plan with yes or no."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

from .asking import ask


def test_a_budget_that_covers_the_plan_is_a_yes_before_it(real: Consultant) -> None:
    text = ask(real, "I have 10k usd, is that enough to pretrain a 1b model on 20b tokens")
    assert text.startswith("*Yes: $10,000 covers it.* The plan below costs about $440")
    assert "*Recommended:*" in text
    zh = ask(real, "预算 5 万元，够不够全参微调 7B，数据 10 亿 token，两周内")
    assert zh.startswith("*够*：下面的方案约 ¥") and "预算 ¥50,000" in zh.split("\n")[0]


def test_a_budget_the_plan_exceeds_is_a_no_before_it(real: Consultant) -> None:
    text = ask(real, "is $500 enough to pretrain a 7b on 1T tokens?")
    assert text.startswith("*No: $500 does not cover it.* The plan below costs about $")


def test_a_budget_said_without_asking_about_it_adds_no_verdict(real: Consultant) -> None:
    text = ask(real, "pretrain a 1b model on 20b tokens, budget $10k")
    assert not text.startswith("*Yes") and "covers it" not in text.split("\n")[0]
