"""Plans that need no deadline question: the message asks how long the job takes on given hardware or
what it costs, gives a budget and no date, or asks for the cheapest way; and plans on the clouds the
user named."""

from __future__ import annotations

import uuid

import pytest

from bot.dialogue.consultant import Consultant
from sizing.types import Budget

from .fakes import ScriptedParse


def test_how_long_on_given_hardware_is_answered_with_the_time_not_a_deadline_question(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    text = "full finetune 7B on 5B tokens, 8x A100 80G, how long?"
    nlu.understands(
        text, params=7e9, tokens=5e9, method="full_finetune", gpu="a100-80gb", gpu_count=8,
        flags={"asks_time": True},
    )  # fmt: skip

    turn = consultant.handle("s", text)

    top = turn.payload["recommendation"]["options"][0]
    assert (top["gpu"], top["gpus"]) == ("a100-80gb", 8) and top["days"] > 0
    assert turn.payload["pending"] is None and "How long can training take" not in turn.text
    assert "the time on these GPUs is the answer" in turn.text


def test_a_budget_without_a_deadline_is_planned_within_the_budget(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    text = "budget $20k, pretrain 1.3B on 30B tokens, what should we rent?"
    nlu.understands(text, params=1.3e9, tokens=3e10, method="pretrain", budget=Budget(20000.0, "USD"))

    turn = consultant.handle("s", text)

    top = turn.payload["recommendation"]["options"][0]
    assert top["cost"]["amount"] <= 20000
    assert turn.payload["pending"] is None and "How long" not in turn.text
    assert "the plan that fits the budget" in turn.text


def test_cheapest_please_with_the_data_given_plans_the_lowest_total_cost(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    text = "Pretrain a 350M model on 10B tokens, no deadline, cheapest please"
    nlu.understands(
        text, intent="cheapest_gpu", params=3.5e8, tokens=1e10, method="pretrain", flags={"no_deadline": True}
    )

    turn = consultant.handle("s", text)

    options = turn.payload["recommendation"]["options"]
    fitting = [o["cost"]["on_demand_usd"] for o in options if o["fits"]]
    assert options[0]["cost"]["on_demand_usd"] == min(fitting)
    assert "training data" not in turn.text.lower() and "lowest total cost" in turn.text


def test_a_plan_on_a_named_cloud_is_priced_on_that_cloud_only(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    text = "LoRA Llama 3 8B on AWS, 20M tokens, 2 days"
    nlu.understands(
        text, params=8e9, tokens=2e7, method="lora", days=2.0, flags={"providers_mentioned": ("aws",)}
    )

    turn = consultant.handle("s", text)

    options = turn.payload["recommendation"]["options"]
    assert {o["cost"]["cloud"] for o in options if o["cost"].get("cloud")} == {"aws"}
    assert "on AWS" in turn.text


def test_a_cloud_without_catalogue_prices_is_said_plainly(consultant: Consultant, nlu: ScriptedParse) -> None:
    text = "LoRA 8B on CoreWeave, 20M tokens, 2 days"
    nlu.understands(
        text, params=8e9, tokens=2e7, method="lora", days=2.0, flags={"providers_mentioned": ("coreweave",)}
    )

    turn = consultant.handle("s", text)

    assert "no prices for CoreWeave" in turn.text and turn.payload["recommendation"] is not None


def test_switching_clouds_in_a_what_if_reports_the_change(consultant: Consultant, nlu: ScriptedParse) -> None:
    nlu.understands("LoRA 8B, 20M tokens, 2 days", params=8e9, tokens=2e7, method="lora", days=2.0)
    nlu.understands("what about on Google Cloud?", intent="whatif", flags={"providers_mentioned": ("gcp",)})

    consultant.handle("s", "LoRA 8B, 20M tokens, 2 days")
    turn = consultant.handle("s", "what about on Google Cloud?")

    assert turn.payload["recommendation"]["options"][0]["cost"]["cloud"] == "gcp"
    assert "*What changed*" in turn.text and "Google Cloud" in turn.text


def test_what_a_job_costs_is_answered_with_a_plan_not_a_deadline_question(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    text = "what would it cost to pre-train a 3B model on 600B tokens?"
    nlu.understands(text, params=3e9, tokens=6e11, method="pretrain", flags={"asks_cost": True})

    turn = consultant.handle("s", text)

    assert turn.payload["recommendation"]["options"][0]["cost"]["amount"] > 0
    assert turn.payload["pending"] is None and "How long can training take" not in turn.text


def test_years_on_the_gpus_said_with_no_deadline_are_called_rare_with_the_ways_out(
    real: Consultant,
) -> None:
    zh = real.handle("z", "想用 8 卡 H800 训 34B，数据 1T token，要多久").text
    assert "⚠️ *8 × NVIDIA H800 SXM 要跑约 1,297 天*（约 3.6 年）：这么长的训练很少见" in zh
    assert "要更快就加卡；或者告诉我工期" in zh
    en = real.handle("e", "pretrain a 34B model on 1T tokens on 8 H100s, how long?").text
    assert "would take about 1,297 days* (~3.6 years)" in en and "Add GPUs, or give me a deadline" in en
    # days on the GPUs said: nothing to warn about
    assert "很少見" not in real.handle("t", "用 8 張 H100 訓練 7B 模型，資料 50B tokens，要幾天？").text


def test_a_cost_asked_with_its_currency_is_answered_with_a_plan_not_a_deadline_question(
    real: Consultant,
) -> None:
    zh = real.handle("z", "用 LoRA 微调一下 qwen2.5-7b 大概要多少 $？数据 2 万条，每条 1k token 左右").text
    assert zh.startswith("*推荐方案*") and "训练周期多长" not in zh
    hant = real.handle("t", "全參微調 8B 資料 1 億 token 要多少美金").text
    assert hant.startswith("*推薦方案*") and "$" in hant.splitlines()[0]
    assert real.handle("p", "4090 多少块一小时").text.startswith("*NVIDIA GeForce RTX 4090 按需价（每卡）*")


def test_gpus_fixed_by_type_and_count_are_planned_with_their_time_not_a_deadline_question(
    real: Consultant,
) -> None:
    for text in (
        "pretrain 7B on 1T tokens on 64 H100s",
        "we're renting 32 A100 80GB to fully fine-tune a 13B model on 20B tokens",
        "我们租 64 张 H100 预训练一个 7B 模型，数据 1T tokens",
        "我們用 32 張 A100 做 13B 全量微調，資料 200 億 tokens",
    ):
        turn = real.handle(text, text)
        assert turn.payload["recommendation"] is not None, text
        assert turn.payload["pending"] is None and "How long can training take" not in turn.text, text
        assert "训练周期多长" not in turn.text and "訓練週期多長" not in turn.text, text
        assert any(w in turn.text for w in ("the time on these GPUs", "算的是这些卡", "算的是這些卡")), text


def test_gpus_fixed_before_the_data_is_said_plan_once_the_data_comes(real: Consultant) -> None:
    real.handle("g1", "pretrain a 7B model on 64 H100s")
    turn = real.handle("g1", "1T tokens")
    top = turn.payload["recommendation"]["options"][0]
    assert (top["gpu"], top["gpus"]) == ("h100-sxm", 64) and "How long" not in turn.text


def test_gpus_said_as_the_answer_to_the_deadline_question_are_planned_on(real: Consultant) -> None:
    real.handle("g2", "預訓練 7B，1T tokens")
    turn = real.handle("g2", "我們有預算租 64 張 H100")
    assert turn.payload["recommendation"]["options"][0]["gpus"] == 64 and "按需約" in turn.text
    assert turn.payload["pending"] is None


def test_a_deadline_beside_fixed_gpus_says_whether_they_meet_it(real: Consultant) -> None:
    turn = real.handle("g3", "pretrain 7B on 1T tokens on 64 H100s, it has to finish in 10 days")
    assert "Your 64 × NVIDIA H100 SXM5 would take about 28 days, past your deadline of 10 days" in turn.text
    later = real.handle("g4", "我们租 64 张 H100 预训练 7B，1T tokens")
    assert later.payload["recommendation"]["options"][0]["gpus"] == 64
    turn = real.handle("g4", "两周内要跑完")
    assert "64 × NVIDIA H100 SXM5 约需 28 天，赶不上 14 天的期限" in turn.text


def test_fixed_gpus_too_few_to_hold_the_job_say_the_plan_is_the_count_that_holds_it(real: Consultant) -> None:
    for text, said in (
        (
            "full fine-tune a 70B model on 2B tokens on 2 A100s",
            "no deadline (the count of that GPU that holds the job;",
        ),
        ("用 2 张 A100 全参微调 70B，数据 2B tokens", "不限工期（按装得下任务的卡数算；"),
    ):
        turn = real.handle(text, text)
        assert said in turn.text and "the time on these GPUs" not in turn.text, text
        assert turn.payload["recommendation"]["options"][0]["gpus"] > 2, text


def test_fixed_gpus_that_make_the_deadline_say_so(real: Consultant) -> None:
    for text, line in (
        ("pretrain 7B on 1T tokens on 64 H100s, must finish in 60 days",
         "Your 64 × NVIDIA H100 SXM5 finish in about 28 days, within your deadline of 60 days."),
        ("我们租 64 张 H100 预训练 7B，1T tokens，两个月内完成",
         "您计划的 64 × NVIDIA H100 SXM5 约需 28 天，在 60 天的期限内。"),
        ("我們租 64 張 H100 預訓練 7B，1T tokens，兩個月內完成",
         "您計劃的 64 × NVIDIA H100 SXM5 約需 28 天，在 60 天的期限內。"),
    ):  # fmt: skip
        turn = real.handle(text, text)
        assert line in turn.text, text
        assert turn.payload["recommendation"]["options"][0]["gpus"] == 64, text


def test_a_deadline_said_later_on_fixed_gpus_is_said_to_be_made_once(real: Consultant) -> None:
    for opening, deadline, change in (
        ("we'll rent 64 H100s to pretrain a 7B model on 1T tokens", "it has to be done within 60 days",
         "*What changed*: now 60 days: still 64 × NVIDIA H100 SXM5, which finishes in 28 days."),
        ("我们租 64 张 H100 预训练 7B 模型，1T tokens", "要在 60 天内完成",
         "*变化*：期限定为 60 天：仍是 64 × NVIDIA H100 SXM5，28 天就能跑完。"),
        ("我們租 64 張 H100 預訓練 7B 模型，1T tokens", "兩個月內要完成",
         "*變化*：期限定為 60 天：仍是 64 × NVIDIA H100 SXM5，28 天就能跑完。"),
    ):  # fmt: skip
        real.handle(opening, opening)
        turn = real.handle(opening, deadline)
        assert turn.text.startswith(change), opening
        assert "within your deadline" not in turn.text and "的期限内" not in turn.text, opening
        assert "的期限內" not in turn.text, opening


def test_fixed_gpus_that_miss_the_deadline_do_not_say_they_make_it(real: Consultant) -> None:
    turn = real.handle("late", "pretrain 7B on 1T tokens on 64 H100s, must finish in 10 days")
    assert "within your deadline" not in turn.text and "past your deadline of 10 days" in turn.text


LOWEST = "no deadline (the lowest total cost"


@pytest.mark.parametrize(
    ("job", "answer", "says"),
    [
        ("LoRA fine-tune an 8B on 200M tokens", "no rush, cheapest is fine", LOWEST),
        ("QLoRA 70B, 20k samples of 1k tokens", "the cheaper the better", LOWEST),
        ("LoRA 7B on 80M tokens", "no deadline, just keep costs down", LOWEST),
        ("微调 7B 用 LoRA，数据 1 亿 tokens", "不赶时间，省钱就好", "不限工期（按总费用最低的方案"),
        ("全参微调 3B，数据 2 万条，每条 1k", "越便宜越好", "不限工期（按总费用最低的方案"),
        ("全參微調 13B，資料 50GB", "沒差，越便宜越好", "不限工期（按總費用最低的方案"),
        ("LoRA 微調 8B，資料 3 萬筆，每筆 800 token", "便宜就好", "不限工期（按總費用最低的方案"),
    ],
)  # fmt: skip
def test_cost_put_first_answers_the_timeline_question_with_the_cheapest_plan(
    real: Consultant, job: str, answer: str, says: str
) -> None:
    session = "s-" + uuid.uuid4().hex
    asked = real.handle(session, job)
    assert asked.payload["missing"] == ["days"]
    turn = real.handle(session, answer)
    options = turn.payload["recommendation"]["options"]
    assert says in turn.text and turn.payload["missing"] == []
    assert options[0]["cost"]["amount"] == min(o["cost"]["amount"] for o in options)
    assert not any(q in turn.text for q in ("How long can training take", "训练周期多长", "訓練週期多長"))


def test_a_cheapest_question_asked_for_the_timeline_is_still_answered_as_a_question(real: Consultant) -> None:
    session = "s-" + uuid.uuid4().hex
    real.handle(session, "LoRA 7B, 100M tokens")
    turn = real.handle(session, "what's the cheapest option?")
    assert "The cheapest GPU for LoRA" in turn.text and "How long can training take" in turn.text
    assert turn.payload["recommendation"] is None


@pytest.mark.parametrize(
    ("cheapest", "count", "gpu", "gpus"),
    [
        (["Pretrain a 350M model on 10B tokens, no deadline, cheapest please"], "what if we use 8 A100s?",
         "a100-40gb", 8),
        (["預訓練一個 10 億參數的模型，資料 200 億 tokens", "時間不重要，省錢就好"], "如果用 8 張 A100 呢？",
         "a100-40gb", 8),
        (["QLoRA 70B, 20k samples of 1k tokens", "no deadline, cheapest option"],
         "what about on 2 A100 80GB?", "a100-80gb", 2),
    ],
)  # fmt: skip
def test_a_gpu_count_asked_after_a_cheapest_plan_is_planned_on_exactly_that_hardware(
    real: Consultant, cheapest: list[str], count: str, gpu: str, gpus: int
) -> None:
    session = "s-" + uuid.uuid4().hex
    for text in cheapest:
        planned = real.handle(session, text)
    assert "lowest total cost" in planned.text or "總費用最低" in planned.text
    top = real.handle(session, count).payload["recommendation"]["options"][0]
    assert (top["gpu"], top["gpus"]) == (gpu, gpus)
