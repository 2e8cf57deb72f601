"""A serving message that names how to lay out an MoE replica sets serve_layout; one that does not
leaves it to the planner."""

from __future__ import annotations

import pytest

from bot.nlu import parse


@pytest.mark.parametrize(
    ("text", "layout"),
    [
        ("serve Qwen3-235B-A22B on 8 H200s with expert parallelism", "ep"),
        ("deploy DeepSeek-V3 on 8 H200 with attention DP and expert parallel", "ep"),
        ("用 8 张 H200 部署 Qwen3-235B，专家并行", "ep"),
        ("serve Qwen3-235B-A22B on 8 H200s, tensor parallel", "tp"),
        ("8 张 H200 张量并行部署 Llama 4 Maverick", "tp"),
        ("serve Qwen3-235B-A22B on 8 H200s", None),
    ],
)
def test_the_layout_a_serving_message_names_is_read(text: str, layout: str | None) -> None:
    p = parse(text)
    assert p.intent == "serve" and p.slots.serve_layout == layout


@pytest.mark.parametrize(
    "text",
    [
        "what is expert parallel?",
        "什么是专家并行",
        "專家並行和張量並行差在哪",
        "how do i pick between tensor parallel and fsdp",
    ],
)
def test_a_question_about_a_layout_is_a_question_not_a_plan_to_fill(text: str) -> None:
    assert parse(text).intent == "faq"


def test_naming_expert_parallel_in_a_throughput_question_does_not_ask_the_model_card() -> None:
    p = parse("Qwen3-235B 用 8 张 H200 部署，专家并行，能跑多少 token/s")
    assert p.intent != "model_info" and p.slots.serve_layout == "ep"
