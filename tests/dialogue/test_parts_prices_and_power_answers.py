"""One-message questions on unknown parts, prices, power, MIG and pooled GPUs (what users ask once they
know the bot).

- A GPU the catalogue lacks but that looks like one it holds ("GB300", "RTX 5080") is answered with the
  nearest parts it holds, not the whole catalogue, and with a priced one among them when the nearest
  have no price.
- A catalogued GPU with no price (the B300, GB200, MI355X, L20, RTX 5090) says so, with the nearest
  priced parts.
- A monthly price heading says what it lists, with no note to itself about the order it lists it in.
- Two GPUs with the same power draw, or the same work per watt, are said to be the same: never "draws
  less (700 W against 700 W)"."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant
from tests.dialogue.asking import ask


@pytest.mark.parametrize(
    ("question", "near", "far"),
    [
        ("How much does a GB300 cost per hour?", "NVIDIA B200", "NVIDIA T4"),
        ("RTX 5080 租一小时多少钱", "RTX 4090", "NVIDIA H100"),
    ],
)
def test_an_unknown_gpu_like_a_known_one_lists_the_nearest_parts(
    real: Consultant, question: str, near: str, far: str
) -> None:
    text = ask(real, question)
    assert "The nearest it holds:" in text or "目录里最接近的" in text, text
    assert near in text and far not in text, text


@pytest.mark.parametrize(
    ("question", "start", "priced"),
    [
        (
            "How much does a GB200 cost per hour?",
            "*NVIDIA GB200 (per GPU, NVL72)*: the catalogue has no price",
            "B200",
        ),
        ("L20 多少钱一小时", "*NVIDIA L20*：目录里没有它的价格", "$"),
        ("RTX 5090 租一小时多少钱", "*NVIDIA GeForce RTX 5090*：目录里没有它的价格", "RTX 4090"),
    ],
)
def test_a_catalogued_gpu_without_a_price_says_so_and_names_priced_ones(
    real: Consultant, question: str, start: str, priced: str
) -> None:
    text = ask(real, question)
    assert text.startswith(start) and priced in text, text


def test_an_accelerator_that_is_no_gpu_still_gets_the_whole_list(real: Consultant) -> None:
    text = ask(real, "Do you support TPU v5e?")
    assert "The GPUs it knows:" in text and "NVIDIA T4" in text and "NVIDIA B200" in text, text
    assert "NVIDIA V100 16GB" in text and "NVIDIA GeForce RTX 5090" in text, text  # all of it, priced or not


@pytest.mark.parametrize("question", ["What does an L40S cost per month?", "L40S 包月大概多少钱"])
def test_a_monthly_price_heading_has_no_note_about_its_order(real: Consultant, question: str) -> None:
    text = ask(real, question)
    assert "per month first" not in text and "先列月价" not in text, text
    assert "L40S" in text.splitlines()[0], text


@pytest.mark.parametrize(
    ("question", "same"),
    [
        ("Does the H200 use more power than the H100?", "draw the same per GPU* (700 W each)"),
        ("H200 和 H100 哪个更费电", "单卡功耗相同*（都是 700 W）"),
    ],
)
def test_two_gpus_with_the_same_draw_are_said_to_draw_the_same(
    real: Consultant, question: str, same: str
) -> None:
    text = ask(real, question)
    assert same in text, text
    assert "against 700 W" not in text and "700 W 对 700 W" not in text, text
    assert "against 1.41" not in text and "对 1.41" not in text, text


def test_two_gpus_with_different_draws_still_name_the_lower_one(real: Consultant) -> None:
    text = ask(real, "A100 vs H100 power consumption per GPU")
    assert "draws less per GPU* (400 W against 700 W)" in text, text


@pytest.mark.parametrize(
    ("question", "opening", "big_data"),
    [
        (
            "Which GPU should I use for a QLoRA of Qwen2.5 14B?",
            "*For QLoRA of a 14B model, 1 × NVIDIA",
            "For a large dataset, the best value is",
        ),
        (
            "想 LoRA 一下 Llama 3 8B，用什么卡",
            "*80亿参数模型的 LoRA，1 张 NVIDIA",
            "数据量很大时，最划算的是",
        ),
    ],
)
def test_what_gpu_a_fine_tune_needs_leads_with_the_cheapest_hour_that_holds_it(
    real: Consultant, question: str, opening: str, big_data: str
) -> None:
    text = ask(real, question)
    first = text.splitlines()[0]
    assert first.startswith(opening), text
    assert "B200" not in first and ("will do*" in first or "就够*" in first), first
    assert ("No dataset size said" in first) or ("没说数据量" in first), first
    assert big_data in text, text


def test_the_best_gpu_for_a_fine_tune_still_leads_with_the_best_value(real: Consultant) -> None:
    text = ask(real, "What is the best GPU for a LoRA of a 7B model?")
    assert text.startswith("*For LoRA of a 7B model, the best value is"), text


@pytest.mark.parametrize(
    ("question", "placed", "span"),
    [
        (
            "Is an A100 pricey on AWS?",
            "*AWS's $3.43/GPU-hour for the NVIDIA A100 80GB (SXM4) is in the lower half",
            "$2.79–$5.07",
        ),
        ("Azure 的 H100 贵吗", "*Azure 的 NVIDIA H100 SXM5 每卡时 $12.29，是目录里最高的*", "$3.99–$12.29"),
    ],
)
def test_asked_whether_a_price_is_dear_the_answer_places_it_in_the_catalogue_range(
    real: Consultant, question: str, placed: str, span: str
) -> None:
    text = ask(real, question)
    assert text.startswith(placed), text
    assert span in text.splitlines()[0], text


def test_asked_how_a_price_moved_the_answer_says_no_history_is_kept(real: Consultant) -> None:
    en = ask(real, "Did the A100 get cheaper than last month?")
    assert en.startswith("_The catalogue keeps one dated price per listing, not a price history"), en
    assert "$2.79/GPU-hour" in en, en
    zh = ask(real, "L40S 最近降价了吗")
    assert zh.startswith("_价格目录每条报价只存一个带日期的快照，没有历史价格"), zh
    # a quote called too dear is judged, not read as a price history
    assert "没有历史价格" not in ask(real, "4090 一小时 3 块钱是不是太贵了")


@pytest.mark.parametrize(
    ("question", "gap"),
    [
        (
            "How big is the price gap between the A100 40GB and 80GB at Lambda?",
            "*The NVIDIA A100 80GB (SXM4) costs $0.80/GPU-hour more than the NVIDIA A100 40GB (SXM4)* "
            "on Lambda",
        ),
        ("H200 跟 H100 的租金相差多少", "*在 AWS，NVIDIA H200 SXM 每卡时比 NVIDIA H100 SXM5 贵 $1.03*"),
    ],
)
def test_a_price_difference_asked_is_stated(real: Consultant, question: str, gap: str) -> None:
    text = ask(real, question)
    assert text.startswith(gap), text


@pytest.mark.parametrize(
    ("question", "opening", "slice_"),
    [
        (
            "How many MIG slices can an H100 be cut into?",
            "*Yes.* The NVIDIA H100 SXM5 splits into up to 7 MIG",
            "10 GB of 80 GB",
        ),
        ("A30 能开 MIG 吗", "*可以。*NVIDIA A30 最多切成 4 个 MIG 实例", "1/4 显存，约 6 GB / 24 GB"),
    ],
)
def test_a_mig_question_says_how_many_instances_and_the_smallest_ones_memory(
    real: Consultant, question: str, opening: str, slice_: str
) -> None:
    text = ask(real, question)
    assert text.startswith(opening), text
    assert slice_ in text and "Multi-Instance GPU User Guide" in text, text


def test_a_gpu_without_mig_is_a_no_with_the_catalogue_gpus_that_have_it(real: Consultant) -> None:
    text = ask(real, "Can I use MIG on an RTX 4090?")
    assert text.startswith("*No.* The NVIDIA GeForce RTX 4090 has no MIG"), text
    assert "NVIDIA A100 80GB (SXM4)" in text and "NVIDIA L40S" not in text, text


@pytest.mark.parametrize(
    ("question", "opening", "link"),
    [
        ("3090 是 24G 的，两张 3090 加起来 48G 能当成一张卡吗？", "*不能当一张卡用*", "NVLink"),
        (
            "Can 2 H100s be used as a single GPU with 160GB?",
            "*No, they stay separate GPUs*",
            "NVLink (900 GB/s)",
        ),
    ],
)
def test_asked_whether_gpus_pool_into_one_the_answer_is_no_before_anything_else(
    real: Consultant, question: str, opening: str, link: str
) -> None:
    text = ask(real, question)
    assert text.startswith(opening), text
    assert link in text.splitlines()[0], text
    assert "对" not in text.splitlines()[0] and "Yes" not in text.splitlines()[0], text


@pytest.mark.parametrize(
    ("question", "counted"),
    [
        (
            "How many hours would a QLoRA of Mistral 7B take on 20k samples on one L40S?",
            "20K samples × 1,000 tokens, a length I assumed",
        ),
        (
            "2万条样本，单张 A100 做 LoRA 微调 Llama 3 8B 要多久",
            "2万条 × 每条 1,000 tokens，每条长度是我假设的",
        ),
    ],
)
def test_a_time_question_with_samples_but_no_length_assumes_one_and_says_so(
    real: Consultant, question: str, counted: str
) -> None:
    text = ask(real, question)
    assert counted in text, text
    assert "2000万 tokens" in text or "20M tokens" in text, text
    assert "per 1B tokens" not in text and "10亿 tokens 约需" not in text, text


@pytest.mark.parametrize(
    ("question", "time_said"),
    [
        ("How long would it take to fine tune Gemma 2 9B on 1M examples on 8 H100?", "*Time:* about"),
        ("how long will a lora of llama 3 8b on 50k samples take on 2 A100s", "*Time:* about"),
        ("8 张 H100 微调 9B 模型，100 万条样本要多久？", "*时间*：在 8 张"),
        ("用 2 張 A100 做 8B 的 LoRA，5 萬筆資料要跑多久？", "*時間*：在 2 張"),
    ],
)
def test_how_long_a_job_takes_on_the_gpus_named_is_answered_with_the_time_first_and_the_memory_after(
    real: Consultant, question: str, time_said: str
) -> None:
    lines = ask(real, question).splitlines()
    assert lines[0].startswith(time_said), lines[0]
    assert lines[1].startswith(("*Fits.*", "*放得下*")), lines[1]


def test_whether_the_gpus_can_do_the_job_still_gets_the_verdict_first(real: Consultant) -> None:
    text = ask(real, "can 8 H100 full finetune a 9B on 1M samples?")
    assert text.startswith("*Yes.*") and "*Time:* about" in text.splitlines()[1]


@pytest.mark.parametrize(
    ("question", "serving"),
    [
        ("不是训练，是推理：Llama 3 8B 最便宜用什么卡跑", "推理部署 Llama 3 8B"),
        ("not for fine-tuning, only inference - cheapest GPU for Qwen2.5 7B?", "to serve Qwen2.5 7B"),
    ],
)
def test_a_task_ruled_out_first_is_not_a_correction_of_nothing(
    real: Consultant, question: str, serving: str
) -> None:
    text = ask(real, question)
    assert serving in text.splitlines()[0], text
    assert "训练数据有多少" not in text and "How much training data" not in text, text


def test_a_gpu_rented_only_on_chinese_marketplaces_is_priced_there_in_a_workload_comparison(
    real: Consultant,
) -> None:
    text = ask(real, "A800 还是 A100：8 卡全参微调 7B，20B tokens，哪个划算？")
    assert "暂无可用价格" not in text and "没法比较费用" not in text, text
    assert "国内算力市场公开价" in text and "¥" in text, text
    first = text.splitlines()[0]
    assert "速度差不多" in first and "更快" not in first, first


def test_asked_whether_a_providers_price_went_down_the_answer_is_not_a_yes_it_rents_it(
    real: Consultant,
) -> None:
    text = ask(real, "Did GCP's A100 price drop since last year?")
    assert not text.startswith("*Yes*"), text
    assert text.startswith("_The catalogue keeps one dated price per listing"), text


def test_a_memory_a_model_must_fit_in_is_no_dataset() -> None:
    from bot.nlu.parser import parse

    assert parse("can a 13B model at 8-bit fit into 24 GB?").slots.data_bytes is None
    assert parse("13B 的模型 int8 能塞进 16G 吗").slots.data_bytes is None
    assert parse("fine-tune a 7B on 16GB of data").slots.data_bytes == 16e9
