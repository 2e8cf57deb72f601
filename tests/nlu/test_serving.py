"""Serving slots: concurrency, request rate, prompt and answer lengths, latency targets, precision."""

from __future__ import annotations

import pytest

from bot.nlu import parse
from tests.nlu.said import said


@pytest.mark.parametrize(
    ("text", "expected"),
    [("serve Llama 3 70B to 100 concurrent users", {"concurrency": 100}),
     ("部署Qwen2.5-72B，50个并发", {"concurrency": 50}), ("a chatbot for 100 users", {"concurrency": 100}),
     ("并发数 64，推理 13B", {"concurrency": 64}), ("20 requests per second", {"qps": 20}),
     ("QPS 20", {"qps": 20}), ("峰值QPS为35", {"qps": 35}), ("每秒 10 个请求，部署7B", {"qps": 10}),
     ("1k-token prompts, 500-token answers", {"input_tokens": 1000, "output_tokens": 500}),
     ("输入2000 token 输出500", {"input_tokens": 2000, "output_tokens": 500}),
     ("serve with 1000 in / 300 out", {"input_tokens": 1000, "output_tokens": 300}),
     ("first token under 500 ms", {"ttft_ms": 500}), ("TTFT < 300ms", {"ttft_ms": 300}),
     ("推理，首token延迟1秒以内", {"ttft_ms": 1000}), ("30 tokens/s per user", {"tpot_ms": 1000 / 30}),
     ("inference with per-token latency 50 ms", {"tpot_ms": 50})],
)  # fmt: skip
def test_serving_slots(text: str, expected: dict[str, float]) -> None:
    got = said(text)
    for slot, value in expected.items():
        assert got.get(slot) == pytest.approx(value), (slot, got)


@pytest.mark.parametrize(
    ("text", "precision"),
    [("serve Llama 3 70B in int4", "int4"), ("AWQ 量化部署 Qwen2.5-32B", "int4"), ("GPTQ 4-bit", "int4"),
     ("inference in 8-bit", "int8"), ("部署，INT8 量化", "int8"), ("serve it in FP8", "fp8")],
)  # fmt: skip
def test_serving_precision_includes_integer_formats(text: str, precision: str) -> None:
    assert parse(text).slots.precision == precision


@pytest.mark.parametrize(
    "text", ["4-bit LoRA on 13B", "QLoRA 70B with an 8-bit optimizer", "train 7B in 8-bit Adam"]
)
def test_training_bit_widths_are_not_serving_precisions(text: str) -> None:
    assert parse(text).slots.precision is None


def test_a_serving_message_is_task_serve_and_its_token_lengths_are_no_dataset() -> None:
    got = parse("serve Llama 3 8B with 4k tokens of context per request, 20 users")
    assert got.task == "serve"
    assert got.slots.tokens is None and not got.asks
    assert parse("LoRA 7B on 2GB").task == "train"
    assert parse("hello").task is None


def test_an_aggregate_throughput_is_no_per_user_latency() -> None:
    assert parse("we need 5000 tokens/s in total").slots.tpot_ms is None


def test_users_of_a_product_are_no_serving_load_outside_a_serving_question() -> None:
    got = parse("our platform has 2000 users and we want to fine-tune a 7B model on their chats")
    assert got.slots.concurrency is None and got.task == "train"


def test_seconds_are_a_latency_or_nothing_never_a_training_timeline() -> None:
    assert parse("the model should answer in under 2 seconds").slots.days is None
    assert parse("推理，首字延迟2秒以内").slots.ttft_ms == pytest.approx(2000)
