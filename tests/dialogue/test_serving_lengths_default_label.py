"""The Assumed line of a serving answer marks as a default only the length the user did not give: a prompt
length said with no answer length is the user's, and only the answer length is the default (en and zh, in
the plan, the cheapest and the comparison answers)."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant


def assumed(text: str, word: str = "Assumed") -> str:
    return next(line for line in text.splitlines() if word in line)


def test_a_given_prompt_length_is_not_called_a_default(real: Consultant) -> None:
    line = assumed(real.handle("l1", "Serve Llama 3.1 8B for 100 users with 4000-token prompts").text)
    assert "4,000-token prompts and 500-token answers (default answer length)" in line
    assert "(defaults)" not in line.split(";")[0]


def test_a_given_answer_length_leaves_only_the_prompt_as_the_default(real: Consultant) -> None:
    line = assumed(real.handle("l2", "Serve Llama 3.1 8B for 100 users, answers of 800 tokens").text)
    assert "1,000-token prompts (default) and 800-token answers" in line


def test_nothing_given_keeps_both_defaults(real: Consultant) -> None:
    line = assumed(real.handle("l3", "Serve Llama 3.1 8B for 100 users").text)
    assert "1,000-token prompts and 500-token answers (defaults)" in line


def test_the_cheapest_answer_and_the_chinese_answer_say_the_same(real: Consultant) -> None:
    cheapest = assumed(
        real.handle("l4", "cheapest way to serve Llama 3.1 8B for 100 users with 4000-token prompts").text
    )
    assert "4,000-token prompts and 500-token answers (default answer length)" in cheapest
    zh = assumed(real.handle("l5", "Llama 3.1 8B 推理，100 人同时用，每次输入 4000 token").text, "假设")
    assert "输入 4,000 token、输出 500 token（输出为默认值）" in zh
