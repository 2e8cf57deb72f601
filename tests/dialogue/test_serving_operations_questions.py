"""Questions about operating a deployment (autoscaling replicas, balancing requests over them, how long a
replica takes to start) get that answer, with its sources and an offer to size the peak; a load said with
them is still sized."""

from __future__ import annotations

import uuid

import pytest

from bot.dialogue.consultant import Consultant

NOT_A_PLAN = ("requests at once (no load given)", "Recommended:", "同时 10 个请求", "推荐：")


def _turn(real: Consultant, text: str) -> dict[str, object]:
    return real.handle("ops-" + uuid.uuid4().hex, text).payload


@pytest.mark.parametrize(
    "text",
    ["how do I autoscale vLLM replicas for an 8B model?",
     "what metric should our k8s autoscaler use for the sglang pods?",
     "Qwen2.5-72B 部署在 K8s 上怎么做自动扩缩容",
     "我們的推理服務要怎麼隨流量自動加減副本"],
)  # fmt: skip
def test_autoscaling_is_answered_with_the_engine_metrics_not_a_default_plan(
    real: Consultant, text: str
) -> None:
    turn = _turn(real, text)
    reply = str(turn["reply"])
    assert "faq.serving_autoscaling" in turn["faq"]  # type: ignore[operator]
    assert "vllm:num_requests_waiting" in reply and not any(w in reply for w in NOT_A_PLAN)
    assert any(w in reply for w in ("GPU utilization", "GPU 利用率"))
    assert any(w in reply for w in ("how many users or requests per second", "每秒请求数", "每秒請求數"))


@pytest.mark.parametrize(
    "text",
    ["多副本怎么做负载均衡", "is round robin fine in front of four vllm replicas?",
     "幾個 vLLM 實例之間的流量要怎麼分"],
)  # fmt: skip
def test_load_balancing_across_replicas_is_answered(real: Consultant, text: str) -> None:
    turn = _turn(real, text)
    assert "faq.serving_load_balancing" in turn["faq"]  # type: ignore[operator]
    assert not any(w in str(turn["reply"]) for w in NOT_A_PLAN)


@pytest.mark.parametrize(
    "text",
    [
        "冷启动要多久",
        "how long does a new vllm replica take to start with a 70B?",
        "推理服務冷啟動太慢怎麼辦",
    ],
)
def test_cold_start_time_is_answered_with_what_it_is_made_of(real: Consultant, text: str) -> None:
    turn = _turn(real, text)
    reply = str(turn["reply"])
    assert "faq.serving_cold_start" in turn["faq"]  # type: ignore[operator]
    assert "140 GB" in reply and not any(w in reply for w in NOT_A_PLAN)


def test_a_load_said_beside_replicas_is_still_sized(real: Consultant) -> None:
    reply = str(_turn(real, "how many replicas of Llama 3.1 70B for 300 concurrent users?")["reply"])
    assert "to 300 concurrent users" in reply and "Recommended" in reply


@pytest.mark.parametrize(
    ("question", "peak", "headline"),
    [("how do I autoscale vLLM replicas for Llama 3.1 8B?", "peak is about 200 concurrent users",
      "Serving Llama 3.1 8B (BF16) to 200 concurrent users"),
     ("Qwen2.5-72B 部署在 K8s 上怎么做自动扩缩容", "高峰大概 100 个并发", "推理部署 Qwen2.5 72B")],
)  # fmt: skip
def test_the_peak_said_after_an_autoscaling_answer_sizes_the_model_it_named(
    real: Consultant, question: str, peak: str, headline: str
) -> None:
    session = "ops-" + uuid.uuid4().hex
    real.handle(session, question)
    reply = real.handle(session, peak).text
    assert reply.startswith("*" + headline) and "it depends most on the model" not in reply


def test_busy_hours_lead_with_what_stopping_the_gpus_outside_them_saves(real: Consultant) -> None:
    en = real.handle(
        "s-" + uuid.uuid4().hex,
        "Our traffic is only busy 9am to 6pm on weekdays. What do we save scaling down GPUs for a 13B?",
    ).text
    assert en.startswith(
        "*Stopping the GPUs outside the busy hours saves about 73%*: 9 hours a day, 5 days"
    ), en
    assert "How much training data" not in en and "\n*Serving a 13B-parameter model" in en
    zh = real.handle("s-" + uuid.uuid4().hex, "我们白天 9 点到 6 点才有流量，晚上能关机省多少钱？").text
    assert zh.startswith("*忙时以外把卡停掉，大约能省 62%*：每天 9 小时"), zh
    assert "约为全天候运行时的 38%" in zh


def test_busy_hours_after_a_serving_plan_price_that_plan_and_keep_it(real: Consultant) -> None:
    session = "s-" + uuid.uuid4().hex
    real.handle(session, "部署 Qwen2.5-14B，100 个并发")
    hant = real.handle(session, "我們只有工作日白天 9 點到 6 點有流量，晚上關機能省多少？").text
    assert hant.startswith("*忙時以外把卡停掉，大約能省 73%*"), hant
    assert "每月約 $" in hant and "而全天候執行要 $" in hant
    assert "上面的方案不變" in hant
