"""One-message questions: each answer says what was asked, in the
quantity asked, and never claims a difference the figures do not show.

- A provider comparison for several GPUs or a period ("8 卡一个月", "for a year") gives that total
  at both providers, not only the price per GPU-hour.
- One GPU's yearly rent on an 8-GPU instance is the price per GPU, with the whole instance as a note:
  never "the whole 8-GPU instance per hour" at the one-GPU price.
- A list filtered by memory lists the largest memory first.
- Two GPUs with the same compute are "about as fast", never "faster"; equal compute is not "more
  compute", the faster GPU-to-GPU link decides; asking how they differ beside a job shows the
  datasheet comparison too.
- The FP64 remark is left out of a comparison asked for LLM training or serving.
- A serving answer for a bare parameter count names "a 70B-parameter model", not an engine label.
- A spot-price answer for a family names the family, not every board joined with slashes."""

from __future__ import annotations

import re

import pytest

from bot.dialogue.consultant import Consultant
from tests.dialogue.asking import ask


@pytest.mark.parametrize(
    ("question", "heading", "clouds"),
    [
        (
            "Lambda vs AWS: what do 16 H100s cost for a week?",
            "*16 × NVIDIA H100 SXM5 for a week",
            ("Lambda", "AWS"),
        ),
        (
            "GCP 和 Azure 的 A100 80GB，租 4 张一个月哪家便宜？",
            "*4 张 NVIDIA A100 80GB (SXM4) 租一个月",
            ("Azure", "GCP"),
        ),
        ("Azure or GCP for 8 A100 80GB GPUs?", "*8 × NVIDIA A100 80GB (SXM4) per hour", ("Azure", "GCP")),
    ],
)
def test_a_provider_comparison_for_several_gpus_or_a_period_gives_both_totals(
    real: Consultant, question: str, heading: str, clouds: tuple[str, str]
) -> None:
    text = ask(real, question)
    line = next((ln for ln in text.splitlines() if ln.startswith(heading)), None)
    assert line is not None, text
    for cloud in clouds:
        assert cloud in line, line
    assert len(re.findall(r"\$[\d,]+", line)) >= 3, line  # two totals and the difference


def test_a_provider_comparison_by_the_hour_for_one_gpu_keeps_to_the_per_gpu_figures(real: Consultant) -> None:
    text = ask(real, "is GCP cheaper than Azure for an A100?")
    assert " per hour*" not in text and "for a month" not in text, text


@pytest.mark.parametrize(
    ("question", "per_gpu", "wrong"),
    [
        (
            "租一张 H100 一整年要多少钱",
            "1 张每小时 $3.99；按整台 8 卡出租",
            "整台 8 卡（按台出租）每小时 $3.99",
        ),
        ("what does a single H100 cost over a year?", "$3.99/hour; rented as a whole 8-GPU instance", None),
    ],
)
def test_one_gpus_rent_on_a_whole_instance_quotes_the_price_per_gpu(
    real: Consultant, question: str, per_gpu: str, wrong: str | None
) -> None:
    text = ask(real, question)
    assert per_gpu in text, text
    if wrong:
        assert wrong not in text, text


def test_gpus_filtered_by_memory_are_listed_largest_memory_first(real: Consultant) -> None:
    text = ask(real, "which GPUs have at least 90 GB of memory?")
    sizes = [float(m) for m in re.findall(r"TFLOPS, ([\d.]+) GB", text)]
    assert len(sizes) >= 4 and sizes == sorted(sizes, reverse=True), text


def test_a_job_on_two_gpus_of_the_same_compute_is_about_as_fast_and_how_they_differ_is_shown(
    real: Consultant,
) -> None:
    text = ask(real, "用 8 张 A800 全参微调 7B 要多久？A800 跟 A100 差别在哪")
    # the A800 priced on the Chinese marketplaces: the cheaper one, at about the same speed
    assert text.startswith("*选 NVIDIA A800 80GB SXM：速度差不多"), text[:200]
    assert "单卡更快" not in text, text
    assert "NVLink 400 GB/s 对 NVLink 600 GB/s" in text, text  # the datasheet difference, too


def test_equal_compute_is_not_more_compute_the_link_decides(real: Consultant) -> None:
    text = ask(real, "H800 or H100 for fine-tuning?")
    assert "It has more compute (989 against 989" not in text, text
    assert "900 GB/s against 400 GB/s" in text, text


@pytest.mark.parametrize(
    "question",
    ["Which trains faster, an L40S or an A100?", "RTX 4090 跟 A100 40GB 哪个适合微调"],
)
def test_a_comparison_for_llm_work_leaves_out_the_fp64_remark(real: Consultant, question: str) -> None:
    text = ask(real, question)
    assert "FP64 differs" not in text and "FP64 相差" not in text, text


@pytest.mark.parametrize(
    ("question", "named"),
    [
        ("A100 vs H100 to serve a 34B model?", "a 34B-parameter model"),
        ("部署一个 14B 的模型，A10 和 L4 哪个好？", "140亿参数的模型"),
        ("what's the cheapest way to serve a 20B model?", "a 20B-parameter model"),
    ],
)
def test_serving_a_bare_parameter_count_names_it_plainly(real: Consultant, question: str, named: str) -> None:
    text = ask(real, question)
    assert named in text and "standard shape" not in text, text


def test_a_spot_price_for_a_family_names_the_family(real: Consultant) -> None:
    text = ask(real, "what's the cheapest A100 on spot right now?")
    assert text.startswith("*The cheapest NVIDIA A100 on spot:"), text[:200]
    assert " / " not in text.splitlines()[0], text


@pytest.mark.parametrize(
    ("question", "single"),
    [
        ("how many A100s does a full fine-tune of a 13B model take?", ", one GPU,"),
        ("全参微调 14B 要几张 H100？", "、单卡"),
    ],
)
def test_asked_how_many_gpus_the_answer_does_not_assume_one(
    real: Consultant, question: str, single: str
) -> None:
    text = ask(real, question)
    assumed = next(ln for ln in text.splitlines() if ln.startswith(("_Assumed", "_假设")))
    assert single not in assumed, text


@pytest.mark.parametrize(
    ("question", "lead", "differs"),
    [
        ("H200 跟 H100 差別在哪裡？", "*NVIDIA H200 SXM 和 NVIDIA H100 SXM5 的區別*：", "141 GB 對 80 GB"),
        (
            "How do the A800 and the A100 differ?",
            "*How the NVIDIA A800 80GB SXM and the NVIDIA A100",
            "400 GB/s against",
        ),
    ],
)
def test_asked_how_two_gpus_differ_the_answer_opens_with_what_differs(
    real: Consultant, question: str, lead: str, differs: str
) -> None:
    text = ask(real, question)
    assert text.startswith(lead), text[:200]
    first = text.splitlines()[0]
    assert differs in first, first


@pytest.mark.parametrize(
    ("question", "opening"),
    [
        (
            "will 16 A100s finish pretraining a 13B model on 2T tokens within 60 days?",
            "*No — it fits, but not in time.*",
        ),
        ("16 张 A100 两个月内能用 2T tokens 预训练 13B 吗？", "*不能：放得下，但工期内跑不完*。"),
    ],
)
def test_a_job_that_fits_but_misses_the_deadline_is_a_no(
    real: Consultant, question: str, opening: str
) -> None:
    text = ask(real, question)
    assert text.startswith(opening), text[:300]


@pytest.mark.parametrize(
    ("question", "opening"),
    [
        ("does AWS rent out H200s?", "*Yes* — AWS rents the NVIDIA H200 SXM:"),
        ("Azure 有没有 MI300X？", "*有*：Azure 出租 AMD Instinct MI300X："),
    ],
)
def test_asked_whether_a_provider_has_a_gpu_it_lists_the_answer_is_yes_first(
    real: Consultant, question: str, opening: str
) -> None:
    text = ask(real, question)
    assert text.startswith(opening), text[:200]


def test_a_provider_without_a_listing_gets_no_bare_yes(real: Consultant) -> None:
    text = ask(real, "does GCP have the RTX 4090?")
    assert not text.startswith("*Yes*"), text[:200]


@pytest.mark.parametrize(
    ("question", "opening", "figure"),
    [
        ("would you train on H20s?", "*It trains, but slowly.*", "148 dense BF16 TFLOPS"),
        ("H20 適合拿來訓練嗎？", "*能訓，但慢*。", "148 TFLOPS"),
    ],
)
def test_a_gpu_with_a_fraction_of_an_a100s_compute_is_not_called_a_training_gpu(
    real: Consultant, question: str, opening: str, figure: str
) -> None:
    text = ask(real, question)
    assert text.startswith(opening), text[:200]
    assert figure in text and "training GPU" not in text and "訓練卡" not in text, text


def test_offloading_reads_as_taiwan_ml_wording(real: Consultant) -> None:
    text = ask(real, "兩張 3090 能全參微調 3B 的模型嗎？")
    assert "卸載到 CPU" in text and "解除安裝" not in text, text


@pytest.mark.parametrize(
    ("question", "price_heading"),
    [
        (
            "用 4 张 A100 全参微调 7B，数据 5 亿 token，要几天？另外 A100 一个月租金多少？",
            "*NVIDIA A100 80GB (SXM4) 按需价（每卡）*",
        ),
        (
            "how long would 16 H100s take to pretrain a 3B model on 60B tokens? btw what's an H100 per hour?",
            "*NVIDIA H100 SXM5, on demand, per GPU*",
        ),
    ],
)
def test_a_plan_with_a_gpu_price_asked_after_it_answers_the_price_per_gpu_too(
    real: Consultant, question: str, price_heading: str
) -> None:
    text = ask(real, question)
    assert text.startswith(("*推荐方案*", "*Recommended:*")), text[:200]
    assert price_heading in text, text  # one GPU's price: the plan's count is not a rental to total


def test_the_cost_of_the_plan_asked_beside_it_is_not_a_gpu_price_list(real: Consultant) -> None:
    text = ask(real, "8 张 H100 训 7B 模型 1T tokens 要多久？多少钱？")
    assert "按需价（每卡）" not in text and "租一小时" not in text, text
