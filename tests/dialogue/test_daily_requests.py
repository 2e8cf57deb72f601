"""Requests a day, a month or an hour reach the serving engine: the answer is sized for their peak-hour rate
and says so (requests a day, requests/s, the traffic shape assumed), in English, simplified and traditional
Chinese; said with daily users, the requests are sized and the answer says the users were not used."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant


def test_requests_a_day_size_the_serving_plan_at_their_peak_rate(real: Consultant) -> None:
    text = real.handle("s", "we want to serve a 7B chatbot, 50k requests per day").text
    headline = text.split("\n")[0]
    assert headline.startswith(
        "*Serving a 7B-parameter model (BF16) for 50,000 requests a day (~3.47 requests/s"
    ), text
    assert "no load given" not in text
    assert "50,000 requests a day over 8 busy hours with a peak at twice the average" in text


def test_requests_a_day_in_simplified_chinese(real: Consultant) -> None:
    text = real.handle("s", "部署一个 7B 模型做客服，日均 10 万次调用，用什么卡").text
    assert text.startswith(
        "*推理部署 70亿参数的模型（BF16），每天 100,000 次请求（高峰约每秒 6.94 个请求）*"
    ), text
    assert "未给出负载" not in text


def test_requests_a_month_in_traditional_chinese_are_shown_a_month_with_the_day_beside(
    real: Consultant,
) -> None:
    text = real.handle("s", "部署 Qwen2.5-14B 推論服務，每月 300 萬次請求，要幾張卡").text
    # "要幾張卡" asks the count: it leads the first line, then what it serves
    first = text.split("\n")[0]
    assert first.startswith("*") and first[1].isdigit(), first
    assert (
        "推理部署 Qwen2.5 14B（BF16），每月 3,000,000 次請求≈每天 98,630 次（高峰約每秒 6.85 個請求）"
        in first
    )
    assert "集中在 8 個忙時" in text


def test_more_requests_need_more_gpus(real: Consultant) -> None:
    small = real.handle("a", "serve Llama 3.1 70B, 5k requests a day").text
    large = real.handle("b", "serve Llama 3.1 70B, 2 million requests a day").text
    assert "replicas" not in small.split("\n")[1], small
    assert "replicas" in large.split("\n")[1], large


def test_users_and_requests_together_size_the_requests_and_say_so(real: Consultant) -> None:
    text = real.handle("s", "serve a 7B assistant to 800 daily active users, about 30k requests per day").text
    assert "for 30,000 requests a day" in text.split("\n")[0], text
    assert "sized by the requests, the more direct measure, not the 800 daily users" in text
    zh = real.handle("z", "部署 7B 客服模型，日活 3000，每天大约 2 万次请求").text
    assert "每天 20,000 次请求" in zh.split("\n")[0], zh
    assert "按请求量估算，它比日活 3,000 更直接" in zh


def test_a_follow_up_with_requests_replaces_the_earlier_load(real: Consultant) -> None:
    real.handle("s", "serve Qwen2.5 7B for 40 concurrent users")
    text = real.handle("s", "what about 200k requests a day?").text
    assert text.startswith("*What changed*: 40 concurrent users → 200,000 requests a day: "), text
    assert "\n*Serving Qwen2.5 7B (BF16) for 200,000 requests a day" in text, text


def test_requests_said_before_the_model_are_kept_for_the_follow_up(real: Consultant) -> None:
    first = real.handle("s", "we need to deploy a chatbot handling 80k requests a day, what do we need?")
    assert "80,000 requests a day" in first.text, first.text
    second = real.handle("s", "Llama 3.1 8B")
    assert "for 80,000 requests a day" in second.text.split("\n")[0], second.text


def test_website_traffic_is_not_sized_as_a_model(real: Consultant) -> None:
    text = real.handle("s", "we handle 2 million requests a month on our website").text
    assert "2M parameters" not in text and "requests a day" not in text


def test_the_other_serving_answers_say_the_request_volume(real: Consultant) -> None:
    fit = real.handle("f", "can one L40S serve Qwen2.5 7B for 30k requests a day?").text
    assert "for 30,000 requests a day (~" in fit and "requests in flight at the peak hour" in fit, fit
    cheapest = real.handle("c", "cheapest way to serve Llama 3.1 8B for 50k requests a day?").text
    assert "to 50,000 requests a day" in cheapest.split("\n")[0], cheapest
    typical = real.handle("t", "部署客服机器人，每天 5 万次请求，需要什么卡").text
    assert typical.startswith("*推理部署（serving），每天 50,000 次请求（高峰约每秒 3.47 个请求）"), typical


def test_users_a_month_are_shown_a_month_never_as_daily_active_users(real: Consultant) -> None:
    text = real.handle("s", "一个月 20 万个用户，部署 13B 聊天机器人要几张卡").text
    assert "每月 200,000 个用户≈每天 6,575 个" in text.split("\n")[0], text
    assert "日活 200,000" not in text and "天" not in text.split("\n")[0].split("个用户")[0]


def test_requests_an_hour_in_a_fit_question_are_shown_an_hour(real: Consultant) -> None:
    text = real.handle("s", "1500 requests per hour, can 2 L4 serve Llama 3.1 8B?").text
    assert "for 1,500 requests an hour ≈ 12,000 a day (~" in text, text


def test_a_follow_up_a_day_replaces_a_load_said_a_month(real: Consultant) -> None:
    first = real.handle("s", "serve a 7B chatbot, 2M requests per month").text
    assert "for 2,000,000 requests a month ≈ 65,753 a day" in first.split("\n")[0], first
    text = real.handle("s", "what about 50k requests a day?").text
    headline = next(line for line in text.split("\n") if line.startswith("*Serving"))
    assert "for 50,000 requests a day (~" in headline, text
    assert "a month" not in headline


def test_a_load_alone_is_shown_as_said_never_a_bare_number(real: Consultant) -> None:
    zh = real.handle("z", "那如果一个月 600 万次调用呢？").text
    assert "每月 6,000,000 次请求≈每天 197,260 次" in zh.split("\n")[0], zh
    en = real.handle("e", "what about 50k requests a day?").text
    assert "50,000 requests a day" in en.split("\n")[0], en


@pytest.mark.parametrize(
    ("text", "headline"),
    [
        (
            "we handle 2 million requests a day with a 14B model, how many GPUs?",
            "for 2,000,000 requests a day",
        ),
        ("Qwen2.5-14B with 500k queries a day: how many L40S do we need?", "for 500,000 requests a day"),
        ("每天要处理 200 万次请求，模型是 14B，要几张卡？", "每天 2,000,000 次请求"),
        ("每天要處理 200 萬次請求，模型是 14B，要幾張 GPU？", "每天 2,000,000 次請求"),
    ],
)
def test_requests_a_day_with_a_model_and_the_gpus_asked_are_a_serving_load_not_a_training_job(
    real: Consultant, text: str, headline: str
) -> None:
    reply = real.handle("s-" + text, text).text
    assert headline in reply.split("\n")[0], reply
    assert "full fine-tuning" not in reply and "全參數微調" not in reply and "全参数微调" not in reply
