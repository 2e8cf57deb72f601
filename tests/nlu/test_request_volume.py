"""A serving load said as a number of requests a day, a month or an hour ("50k requests a day",
"日均 10 万次调用", "每月 300 萬次請求") is a request volume: requests a day, a month over the engine's
average month and an hour as an average busy hour. Said as traffic without serving, it is no load."""

from __future__ import annotations

import pytest

from bot.nlu import parse
from sizing.assumptions import DAYS_PER_MONTH
from sizing.serve_load import BUSY_HOURS_PER_DAY


@pytest.mark.parametrize(
    ("text", "per_day"),
    [("host a 13B assistant for our helpdesk, roughly 40k requests per day — which GPU?", 40_000),
     ("inference for Llama 3.1 8B at 120,000 API calls a day", 120_000),
     ("serve Qwen2.5-7B, we expect 25k daily requests", 25_000),
     ("我们要部署一个 14B 的客服模型，每天大约 8 万次请求，需要几张卡", 80_000),
     ("上线 Qwen2.5-7B 做问答，日均 3 万次调用", 30_000),
     ("部署 7B 模型，一天 6 万次推理，用什么显卡", 60_000),
     ("部署一個 7B 客服模型，每天約 5 萬次請求，要用幾張卡", 50_000),
     ("上線 13B 模型，日均 2 萬次調用", 20_000),
     ("我們要上線 8B 模型，每天 4 萬次呼叫", 40_000)],
)  # fmt: skip
def test_requests_a_day_in_a_serving_message_are_its_daily_request_volume(text: str, per_day: int) -> None:
    parsed = parse(text)
    assert parsed.task == "serve"
    assert parsed.slots.daily_requests == per_day
    assert parsed.slots.days is None  # "一天" is the period of the count, not a deadline


@pytest.mark.parametrize(
    ("text", "per_month"),
    [("deploy Mistral 7B for support, about 3 million requests a month", 3_000_000),
     ("部署 32B 模型做客服，每月 450 万次调用", 4_500_000),
     ("部署 Qwen2.5-14B 推論服務，每個月 120 萬次請求，要幾張卡", 1_200_000),
     ("部署 7B 模型，月调用量 900 万次", 9_000_000),
     ("部署 7B 客服模型，每月大约 90 万次对话", 900_000)],
)  # fmt: skip
def test_requests_a_month_are_spread_over_the_engines_average_month(text: str, per_month: int) -> None:
    assert parse(text).slots.daily_requests == round(per_month / DAYS_PER_MONTH)


@pytest.mark.parametrize(
    "text", ["serve a 70B chatbot handling 1500 requests per hour", "部署一个 70B 模型，每小时 1500 次请求"]
)
def test_requests_an_hour_are_an_average_busy_hour(text: str) -> None:
    assert parse(text).slots.daily_requests == 1500 * BUSY_HOURS_PER_DAY


@pytest.mark.parametrize(
    ("text", "qps"),
    [
        ("serve Qwen2.5 7B at about 900 requests per minute", 15.0),
        ("部署 7B 客服模型，每分钟 120 次调用", 2.0),
    ],
)
def test_requests_a_minute_are_a_request_rate(text: str, qps: float) -> None:
    slots = parse(text).slots
    assert slots.qps == pytest.approx(qps) and slots.daily_requests is None


def test_conversations_a_day_count_as_requests_only_when_serving() -> None:
    assert parse("deploy a 7B support bot, 60k conversations a day").slots.daily_requests == 60_000
    training = parse("fine-tune a 7B model on 60k conversations").slots
    assert training.daily_requests is None and training.samples == 60_000


@pytest.mark.parametrize(
    "text",
    ["we handle 2 million requests a month on our website",
     "our app gets 40k requests per day from customers",
     "我们网站每月 300 万次请求，想了解一下 GPU 的价格"],
)  # fmt: skip
def test_traffic_said_without_serving_is_no_load_and_no_model_size(text: str) -> None:
    slots = parse(text).slots
    assert slots.daily_requests is None
    assert slots.params is None  # "2 million requests" is no 2M-parameter model


def test_requests_without_a_period_are_no_volume() -> None:
    slots = parse("serve Llama 3.1 8B with 64 concurrent requests").slots
    assert slots.daily_requests is None and slots.concurrency == 64


def test_a_what_if_with_a_request_volume_is_a_serving_follow_up() -> None:
    assert parse("how about 200k requests a day?").slots.daily_requests == 200_000
    assert parse("那如果一个月 600 万次调用呢？").slots.daily_requests == round(6_000_000 / DAYS_PER_MONTH)


@pytest.mark.parametrize(
    "text",
    ["serve a 7B chatbot for 2000 daily users, each user sends ~10 requests a day",
     "部署 7B 客服模型，日活 5000，每个用户每天大约 8 次请求",
     "部署 7B，日活一万，人均每天 15 次调用",
     "serve Llama 3.1 8B for 3000 daily users making 20 requests per user per day",
     "host a 7B bot for 4000 daily users; they typically send about 6 requests a day"],
)  # fmt: skip
def test_one_users_requests_a_day_are_no_request_volume(text: str) -> None:
    slots = parse(text).slots
    assert slots.daily_requests is None and slots.daily_users is not None
    assert slots.input_tokens is None


def test_users_and_requests_said_together_are_both_read() -> None:
    slots = parse("部署 7B 客服模型，日活 3000，每天大约 2 万次请求").slots
    assert (slots.daily_users, slots.daily_requests) == (3000, 20_000)


def test_a_load_counted_over_a_month_is_kept_as_said_beside_its_day() -> None:
    slots = parse("每月 600 万次请求，部署 Qwen2.5-32B").slots
    assert slots.volume_said == (6_000_000, "month", "requests", slots.daily_requests)
    assert parse("每天 5 万次请求，部署 7B").slots.volume_said is None


@pytest.mark.parametrize(
    ("text", "per_day"),
    [("部署 14B 模型，每天要处理 200 万次请求", 2_000_000),
     ("Llama 3.1 8B 每天会收到 80 万次调用，需要几张 4090？", 800_000),
     ("serve Qwen2.5-14B, 500k queries per day", 500_000),
     ("a 14B model handling 3 million requests a day: how many GPUs?", 3_000_000)],
)  # fmt: skip
def test_a_verb_between_the_period_and_the_count_and_queries_a_day_are_the_volume(
    text: str, per_day: int
) -> None:
    parsed = parse(text)
    assert parsed.task == "serve"
    assert parsed.slots.daily_requests == per_day


def test_queries_counted_for_an_offline_job_stay_its_items() -> None:
    parsed = parse("score 2M queries with Qwen2.5-7B offline")
    assert parsed.slots.daily_requests is None
    assert parsed.slots.samples == 2_000_000
