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


@pytest.mark.parametrize(
    ("first", "on_cloud", "what_if", "cloud", "note"),
    [
        (
            "how many H100s to serve Llama 3.3 70B to 300 concurrent users?",
            "what about on AWS?",
            "what about fp8?",
            "AWS",
            "Still priced on AWS only, as asked before",
        ),
        (
            "what GPUs to serve Qwen2.5 14B to 80 users?",
            "and on Azure?",
            "and 250 users?",
            "Azure",
            "Still priced on Azure only, as asked before",
        ),
        (
            "部署 Qwen2.5 72B 给 200 个并发用户要几张 H100",
            "那放在 Azure 上呢",
            "如果用 FP8 呢",
            "Azure",
            "仍按你之前说的，只用 Azure 的报价",
        ),
        (
            "部署 Llama 3.1 8B 給 100 個並發用戶要幾張卡",
            "改在 AWS 上呢",
            "那 300 個用戶呢",
            "AWS",
            "仍按你之前說的，只用 AWS 的報價",
        ),
    ],
)
def test_a_cloud_asked_for_stays_the_pricing_cloud_of_the_next_what_if(
    real: Consultant, first: str, on_cloud: str, what_if: str, cloud: str, note: str
) -> None:
    real.handle("s", first)
    real.handle("s", on_cloud)
    text = real.handle("s", what_if).text
    assert note in text, text
    low = text.lower().replace(note.lower(), "")
    assert cloud.lower() in low
    others = [c for c in ("aws", "azure", "google cloud", "lambda", "runpod") if c != cloud.lower()]
    assert not [c for c in others if c in low], text


@pytest.mark.parametrize(
    ("lift", "note"),
    [
        ("any provider is fine", "Priced on every cloud the catalogue holds again, as asked."),
        ("cheapest anywhere?", "Priced on every cloud the catalogue holds again, as asked."),
        ("哪家云都行", "按你说的，重新按目录里所有云报价。"),
        ("不限雲廠商", "按你說的，重新按目錄裡所有"),
    ],
)
def test_any_provider_prices_the_serving_plan_everywhere_again(
    real: Consultant, lift: str, note: str
) -> None:
    real.handle("s", "how many H100s to serve Llama 3.3 70B to 300 concurrent users?")
    real.handle("s", "what about on AWS?")
    text = real.handle("s", lift).text
    assert note in text, text
    assert "Lambda" in text
    after = real.handle("s", "what about 100 users?").text
    assert "Lambda" in after and "as asked" not in after, after


def test_a_new_model_to_serve_is_priced_everywhere_again(real: Consultant) -> None:
    real.handle("s", "how many H100s to serve Llama 3.3 70B to 300 concurrent users?")
    real.handle("s", "what about on AWS?")
    text = real.handle("s", "how many H100s to serve Qwen2.5 72B to 300 concurrent users?").text
    assert "as asked" not in text and "Lambda" in text, text


def test_a_training_plan_asked_on_a_cloud_keeps_it_for_a_new_deadline(real: Consultant) -> None:
    real.handle("s", "how long to LoRA fine-tune Llama 3.1 8B on 2B tokens on AWS?")
    text = real.handle("s", "what if 2 weeks?").text
    assert "on AWS." in text and "Lambda" not in text, text


@pytest.mark.parametrize(
    ("first", "lift", "change"),
    [
        (
            "how long to LoRA fine-tune Llama 3.1 8B on 2B tokens on AWS?",
            "any provider is fine",
            "on AWS → any cloud: 1 ×",
        ),
        (
            "how long to LoRA fine-tune Llama 3.1 8B on 2B tokens on AWS?",
            "cheapest anywhere?",
            "on AWS → any cloud",
        ),
        ("用 LoRA 微调 Qwen2.5 7B，10亿 tokens，5 天内，放在 AWS 上", "哪家云都行", "只用 AWS → 不限云"),
        ("用 LoRA 微調 Qwen2.5 7B，10億 tokens，5 天內，放在 AWS 上", "不限雲廠商", "只用 AWS → 不限雲"),
    ],
)
def test_any_provider_replans_a_training_job_on_every_cloud(
    real: Consultant, first: str, lift: str, change: str
) -> None:
    real.handle("s", first)
    text = real.handle("s", lift).text
    assert change in text, text
    later = real.handle("s", "what if 10 days?" if first.isascii() else "如果 10 天呢").text
    assert "AWS" not in later, later


@pytest.mark.parametrize(
    ("first", "what_if"),
    [
        ("在国内部署 Qwen2.5 32B 给 100 个并发用户，要几张卡", "那如果用 FP8 呢"),
        ("在國內部署 Qwen2.5 32B 給 100 個並發用戶，要幾張卡", "改用 FP8 的話呢"),
        ("serve Qwen2.5 32B to 100 users in mainland China, how many GPUs?", "what about fp8?"),
    ],
)
def test_a_mainland_serving_plan_stays_in_mainland_china_for_its_what_ifs(
    real: Consultant, first: str, what_if: str
) -> None:
    real.handle("s", first)
    text = real.handle("s", what_if).text
    assert "FP8" in text and "¥" in text, text
    assert "Lambda" not in text and "AWS" not in text, text


def test_a_cloud_named_after_a_mainland_serving_plan_prices_it_there(real: Consultant) -> None:
    real.handle("s", "在国内部署 Qwen2.5 32B 给 100 个并发用户，要几张卡")
    text = real.handle("s", "换成 AWS 呢").text
    assert "只用 AWS 的报价" in text and "¥" not in text, text
