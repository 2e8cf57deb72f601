"""An offline batch inference job gets a job's answer: replicas that finish it within the window said (or
the cheapest plan without one), how long it takes, its GPU-hours and the cost of the whole job, and that
latency targets do not apply; never "how many users at once?"."""

from __future__ import annotations

import re

import pytest

from bot.dialogue.consultant import Consultant

from .asking import FORM, ask

LIVE_SERVICE = ("How many users at once", "requests at once (no load given)", "同时多少用户", "并发")


@pytest.mark.parametrize(
    "text",
    ["we have to push 6M documents of about 800 tokens through Llama 3.1 70B in offline batch inference, "
     "within 4 days",
     "batch inference job: Qwen2.5-14B over 1.2M support tickets, 300-token answers, done in 36 hours"],
)  # fmt: skip
def test_a_batch_job_with_a_deadline_is_sized_to_finish_within_it(real: Consultant, text: str) -> None:
    reply = ask(real, text)
    assert reply.startswith("*Offline batch job:")
    assert "latency targets do not apply" in reply and "for the whole job" in reply
    assert "GPU-hours" in reply and not any(w in reply for w in LIVE_SERVICE + FORM)
    assert "output tokens/s plus the prefill of" in reply  # the rate the window asks for


def test_a_labelling_job_without_a_deadline_is_the_cheapest_plan_with_short_answers_assumed(
    real: Consultant,
) -> None:
    reply = ask(real, "label 3M customer reviews with Llama 3.1 8B, no rush")
    assert "no deadline" in reply and "50-token answers (a label or score" in reply
    assert "each replica you add cuts the time" in reply
    assert "*Cheapest" not in reply  # per hour is only slower for a job


def test_a_chinese_batch_job_is_answered_in_chinese_in_both_scripts(real: Consultant) -> None:
    hans = ask(real, "用 Qwen2.5-7B 离线推理 800 万条数据，每条 1.5k token，5 天内跑完")
    assert hans.startswith("*离线批量推理") and "5 天内跑完" in hans and "整个任务" in hans
    assert "不考虑延迟目标" in hans and "卡时" in hans
    hant = ask(real, "離線批次推論：用 Llama 3.1 8B 替 120 萬筆客服紀錄打標籤，不急")
    assert "整個任務" in hant and "不限時間" in hant and "离线" not in hant


def test_a_follow_up_deadline_replans_the_same_job_with_more_replicas(real: Consultant) -> None:
    first = ask(real, "offline inference with Llama 3.1 8B over 20M documents, no rush")
    later = ask(
        real,
        "offline inference with Llama 3.1 8B over 20M documents, no rush",
        "what if it has to be done within 6 hours?",
    )
    assert "no deadline" in first and "to finish within 6 hours" in later
    replicas = re.search(r"× (\d+) replicas", later)
    assert replicas is not None and int(replicas.group(1)) > 1
    assert not any(q in later for q in FORM)


def test_a_batch_job_without_a_count_asks_how_many_and_by_when(real: Consultant) -> None:
    reply = ask(real, "we want to do batch inference with Qwen2.5-7B, what GPUs?")
    assert "How many requests (documents, prompts, samples), and by when?" in reply
    assert "requests at once (no load given)" not in reply


def test_a_total_budget_for_a_batch_job_is_weighed_against_the_whole_jobs_cost(real: Consultant) -> None:
    enough = ask(real, "is $2000 enough to classify 5M support emails with Llama 3.1 8B?")
    assert enough.startswith("*Yes: the budget covers it.* The whole job costs about $")
    short = ask(real, "would $20 cover labelling 5M support emails with Llama 3.1 8B?")
    assert short.startswith("*No: the budget does not cover it.* The cheapest plan for the whole job")
    zh = ask(real, "预算 5000 块，用 Qwen2.5-7B 离线推理 500 万条数据够不够")
    assert zh.startswith("*够*：整个任务")
    assert not any("a month of serving" in r or "按一个月" in r for r in (enough, short, zh))


@pytest.mark.parametrize(
    "text",
    [
        "is $150 enough to label 2M support tickets with Llama 3.1 70B within 5 days?",
        "can we classify 2M support tickets with Llama 3.1 70B in 5 days for $150?",
        "用 Llama 3.1 70B 五天内给 200 万条工单打标签，预算 150 美元够吗？",
    ],
)
def test_a_batch_budget_too_small_for_any_precision_names_the_cheapest_one_fp8(
    real: Consultant, text: str
) -> None:
    reply = ask(real, text)
    first = reply.split("\n")[0]
    assert first.startswith(("*No: the budget does not cover it.*", "*不够*"))
    assert "FP8" in first and "$205" in first  # the FP8 option, not the BF16 one at $442
    assert "FP8" in reply.split("\n", 1)[1]  # and the FP8 option is shown below
    assert "a month of serving" not in reply and "按一个月" not in reply


@pytest.mark.parametrize(
    "text",
    [
        "we label 1M tickets every month with Llama 3.1 70B, is a budget of $300 a month enough?",
        "monthly job: score 1M reviews with Llama 3.1 70B, our budget is $300/month, does that work?",
        "我们每个月用 Llama 3.1 70B 给 100 万条工单打标签，每月预算 300 美元够吗？",
    ],
)
def test_a_monthly_budget_for_a_batch_job_pays_for_the_job_each_month(real: Consultant, text: str) -> None:
    reply = ask(real, text)
    assert reply.startswith(("*Yes: the budget covers it.*", "*够*")), reply[:200]
    assert "$300 a month" in reply or "每月 $300" in reply
    assert "a month of serving" not in reply and "按一个月的推理服务" not in reply


def test_a_total_budget_stated_with_a_batch_job_warns_only_when_the_whole_job_costs_more(
    real: Consultant,
) -> None:
    job = "offline batch inference with Llama 3.1 70B over 2M documents of 1k tokens, 200 out, within 3 days"
    within = ask(real, job + ", budget $400")
    assert "over the budget" not in within and "a month of serving" not in within
    over = ask(real, job + ", budget $200")
    assert (
        "The cheapest option for the whole job, 1 × NVIDIA B200 (FP8), costs $265, over the budget of $200."
        in over
    )


def test_a_batch_job_without_a_model_is_priced_on_a_small_and_a_large_model_and_asks_which(
    real: Consultant,
) -> None:
    en = ask(real, "offline batch inference over 2M documents within 12 hours, which GPUs?")
    assert "Offline batch job over 2,000,000 requests, to finish within 12 hours" in en
    assert en.count("for the whole job") == 2 and "Which model do you mean?" in en
    assert "ms to the first token" not in en and "per token" not in en
    zh = ask(real, "批量推理 1000 万条数据，不急，要什么卡")
    assert "离线批量推理，共 10,000,000 个请求，不限时间" in zh and zh.count("整个任务") == 2


def test_a_batch_job_in_china_is_planned_on_gpus_rentable_there_and_priced_in_yuan(real: Consultant) -> None:
    reply = ask(real, "我们在国内，用 Qwen2.5-7B 离线推理 1000 万条数据，三天内跑完")
    assert "按国内部署规划" in reply and "整个任务 ¥" in reply
    assert "B200" not in reply.split("按国内部署规划")[1].split("\n", 1)[1]


@pytest.mark.parametrize(
    ("text", "expected"),
    [("生成 30 万条合成数据，每条 400 tokens", "共 300,000 个请求"),
     ("把 600 万條評論跑一遍打標籤", "共 6,000,000 個請求"),
     ("label 2M support tickets, how long and how much?", "over 2,000,000 requests")],
)  # fmt: skip
def test_a_counted_job_with_no_model_or_training_word_is_a_batch_job_not_the_training_form(
    real: Consultant, text: str, expected: str
) -> None:
    reply = ask(real, text)
    assert expected in reply and not any(q in reply for q in FORM + ("模型有多少参数", "模型有多少參數"))


@pytest.mark.parametrize("text", ["offline inference", "離線批次推論", "我们想做批量推理"])
def test_naming_an_offline_job_alone_asks_for_the_model_and_the_count(real: Consultant, text: str) -> None:
    reply = ask(real, text)
    assert any(w in reply for w in ("how many requests", "一共多少条", "一共多少條"))
    assert not any(q in reply for q in FORM + ("模型有多少参数", "模型有多少參數"))
