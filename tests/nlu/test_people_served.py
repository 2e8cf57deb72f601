"""People a model is for ("for 400 developers", "服务 80 位同事", "给全公司 300 人用"): a serving request
whose count is its daily users (the people who use it, not all at once; said so in the answer), unless the
message trains a model; said to use it at once ("300 人同时用") they are concurrent users."""

from __future__ import annotations

import pytest

from bot.nlu import parse
from tests.nlu.said import said


@pytest.mark.parametrize(
    ("text", "users"),
    [("內部助手，預計服務 80 位同事，要幾張卡？", 80),
     ("code completion model (~7B) for 400 developers, first token under 200 ms", 400),
     ("给全公司 300 人用的内部助手", 300),
     ("we're rolling out an internal copilot to 800 engineers, what hardware?", 800),
     ("a RAG bot for our 2,000 employees on an 8B", 2000),
     ("上線一個 32B 模型給 150 個客服用", 150),
     ("我們公司大約 600 名員工會用這個聊天機器人", 600),
     ("deploy llama 3 8b for 250 students in a course", 250),
     ("服务大约 2000 个客户的客服机器人，7B 模型", 2000)],
)  # fmt: skip
def test_people_a_model_is_for_make_a_serving_request_with_that_many_daily_users(
    text: str, users: int
) -> None:
    parsed = parse(text)
    assert parsed.task == "serve"
    assert parsed.slots.daily_users == users and parsed.slots.concurrency is None


@pytest.mark.parametrize(
    ("text", "users"),
    [("部署 Qwen2.5-14B，300 人同时用", 300), ("部署 7B 助手，50 个同事同时用", 50),
     ("給 50 位同事同時使用的 7B 助手", 50),
     ("deploy a 7B for 200 engineers, about 20 concurrent users", 20)],
)  # fmt: skip
def test_people_said_to_use_it_at_once_are_concurrent_users(text: str, users: int) -> None:
    assert parse(text).slots.concurrency == users


@pytest.mark.parametrize(
    "text",
    ["we're a team of 5 engineers and want to fine-tune a 7B on 2B tokens",
     "LoRA 微调 7B，给 300 人用的客服模型，数据 5 万条"],
)  # fmt: skip
def test_people_in_a_training_request_keep_it_a_training_request(text: str) -> None:
    parsed = parse(text)
    assert parsed.task == "train"
    assert parsed.slots.concurrency is None


def test_people_sharing_the_gpus_are_not_users_of_a_model() -> None:
    assert said("4 张 A100 给 3 个人共用做实验，能跑 13B 吗").get("concurrency") is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [("serve a 13B; DAU around 20k", {"daily_users": 20000}),
     ("部署 7B，用户大约 1000", {"concurrency": 1000}),
     ("模型 7B，高峰期每秒大概 5 个请求", {"qps": 5}),
     ("serve a 14B, context window 16k but prompts usually under 2k",
      {"context_tokens": 16384, "input_tokens": 2000}),
     ("部署 32B，上下文要 64k", {"context_tokens": 65536}),
     ("部署 DeepSeek-V3，上下文窗口 32k，但一般 prompt 只有 4k",
      {"context_tokens": 32768, "input_tokens": 4000})],
)  # fmt: skip
def test_a_serving_label_is_read_across_a_hedge(text: str, expected: dict[str, float]) -> None:
    got = said(text)
    for slot, value in expected.items():
        assert got.get(slot) == pytest.approx(value, rel=0.03), slot


@pytest.mark.parametrize(
    ("text", "users", "qps"),
    [("用户大约 1000 人，高峰期每秒 20 个请求", 1000, 20),
     ("使用者大約 500 人，尖峰每秒 10 個請求", 500, 10),
     ("about 300 users, peak 15 requests per second", 300, 15)],
)  # fmt: skip
def test_users_said_before_a_request_rate_are_counted_when_only_the_rate_says_serving(
    text: str, users: int, qps: int
) -> None:
    parsed = parse(text)
    assert parsed.task == "serve"
    assert parsed.slots.concurrency == users
    assert parsed.slots.qps == qps
