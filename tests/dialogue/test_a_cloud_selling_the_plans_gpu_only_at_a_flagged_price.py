"""After a plan on B200, the job's cost asked on GCP, whose one B200 listing (a4-highgpu-8g) the catalogue
flags: the same GPUs at that listed price, with what is uncertain and the source said, then the cheapest
plan on GCP's verified prices. A one-turn comparison: the plan held stays on its GPU and cloud. A cloud
that lists the GPU at a usable price is asked as before (the plan moves there)."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant

JOB = "full fine-tune a 70B model on 20B tokens within 5 days"
JOB_ZH = "全参微调 70B 模型，20B tokens，5 天内完成"
JOB_HANT = "全參微調 70B 模型，20B tokens，5 天內完成"


@pytest.mark.parametrize(
    "asked",
    [
        "what would it cost on GCP?",
        "how much on Google Cloud?",
        "how much would this be on GCP",
        "how much will it cost on Google Cloud?",
    ],
)
def test_the_cost_asked_on_gcp_gives_the_flagged_b200_price_and_the_cheapest_verified_plan(
    real: Consultant, asked: str
) -> None:
    plan = real.handle("f1", JOB)
    assert plan.text.startswith("*Recommended:* 32 × NVIDIA B200")
    turn = real.handle("f1", asked)
    assert turn.text.startswith(
        "*Google Cloud (GCP) lists NVIDIA B200 only at a flagged price*: `a4-highgpu-8g` at $8.05/GPU-hour."
    )
    assert "the snapshot marks it uncertain" in turn.text
    assert "part of it is a placeholder (the host VM's price is missing from the snapshot)" in turn.text
    assert "Source: anycloud-sh/catalog:gcp/vms.csv (SkyPilot v7 format), as of 2026-05-20." in turn.text
    assert "this plan's 32 × NVIDIA B200 for about 4.9 days would cost about $" in turn.text
    assert "against $53,694 on AWS" in turn.text
    assert "*Cheapest on Google Cloud (GCP)'s verified prices*: 256 × NVIDIA A100 40GB (SXM4)" in turn.text
    assert "What changed" not in turn.text


def test_the_plan_held_stays_on_its_gpu_and_cloud_after_the_comparison(real: Consultant) -> None:
    real.handle("f2", JOB)
    real.handle("f2", "what would it cost on GCP?")
    turn = real.handle("f2", "and on GCP?")  # a move there, from the plan held: still 32 × B200 on AWS
    assert turn.text.startswith("*What changed*: now on Google Cloud (GCP): 32 × NVIDIA B200 → ")


SIMPLIFIED = (
    "*Google Cloud（GCP）的 NVIDIA B200 只有被标记的价格*",
    "*按 Google Cloud（GCP）已核实价格最便宜的方案*",
)
TRADITIONAL = (
    "*Google Cloud（GCP）的 NVIDIA B200 只有被標記的價格*",
    "*按 Google Cloud（GCP）已核實價格最便宜的方案*",
)


@pytest.mark.parametrize(
    ("job", "asked", "words"),
    [
        (JOB_ZH, "GCP 上要多少钱？", SIMPLIFIED),
        (JOB_ZH, "放在谷歌云上要花多少钱", SIMPLIFIED),
        (JOB_HANT, "在 GCP 上要花多少錢？", TRADITIONAL),
        (JOB_HANT, "用谷歌雲的話多少錢", TRADITIONAL),
    ],
)
def test_the_same_comparison_reads_in_chinese(
    real: Consultant, job: str, asked: str, words: tuple[str, str]
) -> None:
    opening, verified = words
    real.handle("f3", job)
    turn = real.handle("f3", asked)
    assert turn.text.startswith(opening)
    assert "来源：anycloud-sh/catalog" in turn.text or "來源：anycloud-sh/catalog" in turn.text
    assert verified in turn.text


def test_a_cloud_that_lists_the_gpu_at_a_usable_price_is_planned_on_as_before(real: Consultant) -> None:
    real.handle("f4", JOB)
    turn = real.handle("f4", "what would it cost on Lambda?")
    assert turn.text.startswith("*What changed*: now on Lambda")
    assert "flagged price" not in turn.text


def test_an_h200_plan_asked_on_gcp_says_why_its_listed_price_is_doubted(real: Consultant) -> None:
    # GCP's a3-ultragpu-8g lists spot only 14% below on-demand, where GCP documents 60-91% off.
    real.handle("f5", "LoRA fine-tune a 70B model on 5B tokens on H200 in 3 days")
    turn = real.handle("f5", "how much would it cost on GCP?")
    assert turn.text.startswith("*Google Cloud (GCP) lists NVIDIA H200 SXM only at a flagged price*")
    assert "its spot price is too close to it for the spot discount the cloud documents" in turn.text
    assert "*Cheapest on Google Cloud (GCP)'s verified prices*: " in turn.text
