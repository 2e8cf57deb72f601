"""A latency question about serving a model gets the time to the first token and per token."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant

from .asking import ask


def test_a_latency_asked_beside_a_fit_question_is_answered_with_the_verdict(real: Consultant) -> None:
    text = ask(real, "llama3 70b 用 fp8 部署，首 token 延迟大概多少？2张H100够吗")
    first = text.split("\n")[0]
    assert first.startswith("*能。*2 × NVIDIA H100 SXM5") and "*首 token 约" in first and "毫秒" in first
    plain = ask(real, "can one L4 serve llama 3 8b?")
    assert "to the first token*" not in plain.split("\n")[0]


def test_a_latency_question_naming_a_model_and_a_gpu_is_about_serving(real: Consultant) -> None:
    text = ask(real, "whats the latency of llama 3 8b on one L4?")
    assert text.startswith("*Serving Llama 3 8B") and "ms to the first token" in text
    assert "How much training data" not in text


def test_a_yes_no_on_serving_then_how_fast_gets_the_verdict_first(real: Consultant) -> None:
    en = ask(real, "can a 24 gig card run llama 13b in 4bit? and how fast")
    assert en.startswith("*Yes: 24 GB holds Llama 2 13B in INT4*")
    zh = ask(real, "一张4090能跑qwen 14b int4吗？速度怎么样")
    assert zh.startswith("*能。*1 × NVIDIA GeForce RTX 4090") and "*首 token 约" in zh


def test_a_latency_on_a_gpu_named_with_an_article_is_on_one_of_it(real: Consultant) -> None:
    text = ask(real, "whats the time to first token for llama 3 8b on an L4 with 2k prompt?")
    assert "*As asked:* 1 × NVIDIA L4:" in text and "ms to the first token" in text


def test_a_serving_memory_question_with_a_monthly_price_asked_gets_both(real: Consultant) -> None:
    text = ask(real, "4090跑qwen2.5 7b推理要多少显存？一个月租下来多少钱")
    assert text.startswith("*能。*1 × NVIDIA GeForce RTX 4090 可以用 BF16 部署 Qwen2.5 7B")
    assert "*NVIDIA GeForce RTX 4090 按需价（每卡）*" in text and "每卡每月约" in text


@pytest.mark.parametrize(
    "question",
    [
        "what's the latency on an L4?",
        "what kind of response time would an L40S give?",
        "how many tokens per second does an A10G do?",
        "L4 的延迟多少？",
        "L4 的延遲大概多少？",
    ],
)
def test_a_latency_asked_of_a_gpu_alone_is_a_typical_model_served_on_it(
    real: Consultant, question: str
) -> None:
    text = ask(real, question)
    assert text.startswith(("*Serving (inference)", "*推理部署（serving）"))
    assert "Llama 3.1 8B" in text and (
        "ms to the first token" in text or "首 token 约" in text or "首 token 約" in text
    )
    assert "dense TFLOPS" not in text and "稠密" not in text  # not the card's datasheet


@pytest.mark.parametrize(
    "question",
    ["how fast is llama 3 8b on an L4?", "how quickly does Qwen2.5 7B answer on one A10G?"],
)
def test_how_fast_a_named_model_is_on_a_gpu_is_its_serving_speed(real: Consultant, question: str) -> None:
    text = ask(real, question)
    assert "ms to the first token" in text and "tokens/s" in text
    assert "fine-tuning" not in text.split("\n")[0]


def test_a_latency_question_after_a_training_plan_is_about_the_plan_model(real: Consultant) -> None:
    text = ask(real, "LoRA fine-tune an 8B model on 20M tokens within 2 days", "what's the latency on an L4?")
    assert text.startswith("*Serving a 8B-parameter model") and "ms to the first token" in text
    assert "You named none" not in text


def test_a_sub_second_percentile_latency_is_read_as_the_first_tokens_target(real: Consultant) -> None:
    text = ask(real, "serve llama 8B at 200 QPS, p99 latency under 300 ms, on L4")
    assert "Your p99 target of 300 ms to the first token" in text
    slow = ask(real, "serve llama 70B on L4 for 50 users, latency under 500 ms")
    assert "No option meets the latency target" in slow and "500 ms to the first token" in slow
    zh = ask(real, "部署 Llama 3.1 8B，200 QPS，P95 延迟 500 毫秒以内，要几张 L4？")
    assert "您的 P95 首 token 延迟目标是 500 毫秒" in zh


@pytest.mark.parametrize(
    ("text", "first"),
    [
        (
            "Our 30B model needs first token under 500ms and 30 tokens/s per user for 64 concurrent chats, "
            "which GPU?",
            "*Serving a 30B-parameter model (BF16) to 64 concurrent users*",
        ),
        (
            "我们自己训练的 30B 模型，首 token 要在 500ms 内，64 个并发，用什么卡？",
            "*推理部署 300亿参数的模型（BF16），64 个并发用户*",
        ),
        (
            "我們的 30B 模型首 token 要 500ms 以內，64 個並發，用什麼卡？",
            "*推理部署 300億參數的模型（BF16），64 個併發使用者*",
        ),
    ],
)
def test_a_model_given_by_size_with_a_first_token_target_is_sized_not_asked_for(
    real: Consultant, text: str, first: str
) -> None:
    reply = real.handle("s", text).text
    assert reply.startswith(first), reply
