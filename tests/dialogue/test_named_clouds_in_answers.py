"""A cloud named in a question about a job ("on AWS", "用 Lambda") prices the answer there, as it
does a training plan: the cheapest GPU for a job and a serving plan quote only that cloud's
offerings and say so; a cloud that sells nothing that does it is said, and the whole catalogue used."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant


@pytest.mark.parametrize(
    ("question", "cloud", "note"),
    [
        ("cheapest GPU on Azure to LoRA fine-tune a 13B model?", "Azure", "Priced on Azure only, as asked."),
        ("how many GPUs to serve Qwen2.5 14B on AWS to 200 users?", "aws", "Priced on AWS only, as asked."),
        ("在 Lambda 上部署 Llama 3 8B 推理最便宜用什么卡", "Lambda", "只用 Lambda 的报价"),
    ],
)
def test_a_named_cloud_prices_the_answer_there(
    real: Consultant, question: str, cloud: str, note: str
) -> None:
    text = real.handle("s", question).text
    assert note in text, text
    low = text.lower()
    assert cloud.lower() in low.replace(note.lower(), "")
    others = [c for c in ("aws", "azure", "google cloud", "gcp", "lambda") if c != cloud.lower()]
    assert not [c for c in others if c in low], text


def test_without_a_named_cloud_nothing_is_said_about_clouds(real: Consultant) -> None:
    text = real.handle("s", "cheapest GPU to LoRA fine-tune a 13B model?").text
    assert "as asked" not in text


@pytest.mark.parametrize(
    ("first", "follow_up", "note"),
    [
        (
            "what GPUs to serve Llama 3 70B to 100 users?",
            "what about on AWS?",
            "Priced on AWS only, as asked.",
        ),
        ("cheapest GPU to LoRA fine-tune a 13B model?", "and on Azure?", "Priced on Azure only, as asked."),
        ("部署 Qwen2.5 14B 给 50 个并发用户用什么卡", "用 Lambda 呢", "只用 Lambda 的报价"),
    ],
)
def test_a_follow_up_naming_a_cloud_reprices_the_same_answer_there(
    real: Consultant, first: str, follow_up: str, note: str
) -> None:
    heading = real.handle("s", first).text.split("\n")[0][:20]
    text = real.handle("s", follow_up).text
    assert text.startswith(heading), (heading, text[:200])
    assert note in text, text


def test_a_follow_up_naming_a_cloud_replans_a_training_job_there_without_a_digression(
    real: Consultant,
) -> None:
    real.handle("s", "LoRA fine-tune a 13B model on 10GB of data within a week")
    text = real.handle("s", "what about on AWS?").text
    assert text.startswith("*What changed*: now on AWS"), text[:200]


@pytest.mark.parametrize(
    ("first", "second", "ack"),
    [
        ("LoRA fine-tune 13B on 10GB of data", "on AWS", "Got it: on AWS."),
        ("LoRA 微调 13B，数据 10GB", "用 Lambda 呢", "好的：只用 Lambda。"),
    ],
)
def test_a_cloud_named_while_the_form_asks_is_acknowledged_and_kept(
    real: Consultant, first: str, second: str, ack: str
) -> None:
    real.handle("s", first)
    asked = real.handle("s", second)
    assert asked.text.startswith(ack), asked.text[:200]
    plan = real.handle("s", "2 weeks" if first.isascii() else "两周").text
    assert "on AWS" in plan or "只用 Lambda" in plan, plan[:400]


@pytest.mark.parametrize(
    ("said", "noted"),
    [
        ("remember that we only use lambda", "Noted: plans on Lambda only."),
        ("we only use Lambda", "Noted: plans on Lambda only."),
        ("我们只用 Lambda", "记下了：之后的方案只用 Lambda。"),
    ],
)
def test_a_stated_provider_restriction_is_acknowledged_in_one_line_and_kept_for_later_plans(
    real: Consultant, said: str, noted: str
) -> None:
    first = real.handle("r-" + said, said).text
    assert noted in first and len(first.strip().splitlines()) == 1
    plan = real.handle("r-" + said, "fine-tune Llama 3 8B with LoRA on 100M tokens in 2 days").text
    assert plan.splitlines()[0].endswith("on Lambda.")


def test_a_restriction_to_a_cloud_without_prices_is_acknowledged_and_says_where_prices_come_from(
    real: Consultant,
) -> None:
    text = real.handle("r-aliyun", "我们只用阿里云").text
    assert text.startswith("好的，记下了：你们用阿里云。目录里没有阿里云的价格")
    assert "good answer" not in text and "可靠性" not in text


def test_a_question_about_what_a_provider_only_does_restricts_nothing(real: Consultant) -> None:
    assert "Noted" not in real.handle("r-q", "does lambda only bill by the hour?").text


@pytest.mark.parametrize(
    ("message", "changed"),
    [
        ("show me the cheapest option on AWS", "What changed: now on AWS"),
        ("what's the cheapest on AWS?", "What changed: now on AWS"),
        ("and the cheapest on GCP?", "What changed: now on Google Cloud (GCP)"),
        ("AWS 上最便宜的方案是什么？", "变化：新增只用 AWS"),
    ],
)
def test_the_cheapest_on_a_cloud_after_a_plan_is_the_plan_there_with_no_note_on_choosing_providers(
    real: Consultant, message: str, changed: str
) -> None:
    real.handle("cl", "LoRA llama 3 8b on 20M tokens, no deadline")
    text = real.handle("cl", message).text.replace("*", "")
    assert text.startswith(changed), text
    assert "choosing the provider" not in text and "挑选" not in text


@pytest.mark.parametrize(
    ("message", "changed"),
    [
        # GCP lists the plan's B200 only at a flagged price: that price beside GCP's cheapest verified plan
        # (tests/dialogue/test_a_cloud_selling_the_plans_gpu_only_at_a_flagged_price.py).
        ("what would it cost on GCP?", "Google Cloud (GCP) lists NVIDIA B200 only at a flagged price"),
        ("how much would that be on AWS?", "What changed: now on AWS"),
        ("what does it cost on Azure", "What changed: now on Azure"),
        ("price it on GCP", "Google Cloud (GCP) lists NVIDIA B200 only at a flagged price"),
        ("GCP 上要多少钱？", "Google Cloud（GCP）的 NVIDIA B200 只有被标记的价格"),
        ("在 Azure 上要花多少", "变化：新增只用 Azure"),
        ("如果在 AWS 上跑要多少錢？", "變化：新增只用 AWS"),
    ],
)
def test_the_cost_on_a_cloud_after_a_plan_is_the_plan_priced_there_not_the_clouds_price_list(
    real: Consultant, message: str, changed: str
) -> None:
    real.handle("cc", "fine-tune llama 3 8B with LoRA on 1B tokens in 3 days")
    text = real.handle("cc", message).text.replace("*", "")
    assert text.startswith(changed), text
    assert "GPUs priced" not in text and "款 GPU 的报价" not in text


def test_a_clouds_prices_asked_after_a_plan_are_still_its_price_list(real: Consultant) -> None:
    real.handle("cp", "fine-tune llama 3 8B with LoRA on 1B tokens in 3 days")
    assert "Lambda: " in real.handle("cp", "Lambda prices?").text.replace("*", "")
