""" "Is the A100 still worth renting?": a verdict that weighs the GPU's price per unit of training work
against the newer GPUs the catalogue prices, with the price at which it breaks even; and "which is
better for fine-tuning" between two GPUs, decided by work per dollar and by what each card holds."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

from .asking import FORM, ask


def test_is_the_a100_still_worth_renting_says_no_with_the_newer_gpus_and_its_break_even_price(
    real: Consultant,
) -> None:
    text = ask(real, "Is the A100 still worth renting in 2026?")
    assert text.startswith("*No — not worth it for training at today's list prices")
    assert "H100 SXM5" in text and "TFLOPS per $/hour" in text and "breaks even only at about" in text
    assert not any(f in text for f in FORM)


def test_a_gpu_without_bf16_is_not_worth_renting_and_the_reply_says_it_has_no_bf16(real: Consultant) -> None:
    text = ask(real, "V100 在 2026 年还值得租吗")
    assert text.startswith("*按现在的标价用来训练不值得") and "不支持 BF16" in text


def test_the_cheapest_gpu_hour_is_still_worth_it_for_short_experiments(real: Consultant) -> None:
    text = ask(real, "T4 still worth renting for anything?")
    assert text.startswith("*No — not worth it") and "light inference" in text


def test_a_consumer_card_priced_in_a_chinese_marketplace_is_weighed_in_that_market(real: Consultant) -> None:
    text = ask(real, "4090 現在還值得拿來做微調嗎")
    assert text.startswith("*值得") and "國內算力市場" in text and "24 GB" in text
    assert "PCIe" in text and not any(f in text for f in ("模型有多少參數", "模型有多少参数"))


def test_worth_it_between_two_gpus_says_worth_it_or_not_about_the_first(real: Consultant) -> None:
    assert ask(real, "B200 值得租吗 还是继续用 H100").startswith("*值得：NVIDIA B200 训练性价比更高*")
    assert ask(real, "is the A100 worth it over the H100").startswith("*Not worth it: the NVIDIA H100 SXM5")


def test_which_gpu_suits_fine_tuning_picks_by_work_per_dollar_and_says_what_the_other_holds(
    real: Consultant,
) -> None:
    text = ask(real, "which is better for fine-tuning, L40S or A100?")
    assert text.startswith("*For fine-tuning: the NVIDIA L40S for the models it holds, the NVIDIA A100 80GB")
    assert "$1.86/GPU-hour" in text and "80 GB against 48 GB" in text and "LoRA up to about" in text


def test_a_serving_comparison_picks_one_gpu_first(real: Consultant) -> None:
    text = ask(real, "MI300X vs H100 for serving llama 70b, which should we pick")
    # Like for like: both on 2 GPUs per copy, the MI300X (rented as 8-GPU instances) per GPU-hour.
    assert "*Pick the AMD Instinct MI300X*: both meet the latency targets" in text
    assert "Like for like: each on 2 GPUs per copy" in text


def test_a_gpu_with_nothing_newer_in_its_market_is_weighed_against_the_others_there(real: Consultant) -> None:
    text = ask(real, "H20 值不值得租来训练")
    assert text.startswith("*按现在的标价用来训练不值得") and "148" in text and "同一市场里的其他卡" in text


def test_an_either_or_question_for_a_job_gets_a_pick(real: Consultant) -> None:
    text = ask(real, "H100 or A100 for fine-tuning?")
    assert (
        text.startswith("*For fine-tuning, pick the NVIDIA H100 SXM5.*") and "989" in text and "312" in text
    )


def test_worth_it_for_inference_weighs_memory_bandwidth_per_dollar(real: Consultant) -> None:
    text = ask(real, "is the H200 worth it for inference?")
    assert text.startswith("*No — not worth it for serving") and "memory bandwidth" in text
    assert "GB/s per $/hour" in text


def test_the_best_gpu_for_a_sized_job_ranks_plans_per_reference_data_not_the_form(real: Consultant) -> None:
    text = ask(real, "what's the best gpu for fine-tuning a 7B model?")
    assert text.startswith("*For full fine-tuning of a 7B model, the best value is")
    assert "per 1B tokens" in text and not any(f in text for f in FORM)
    zh = ask(real, "哪张卡最适合微调 13B")
    assert zh.startswith("*130亿参数模型的全参数微调，最划算的是") and "每 10亿 tokens" in zh
    # "需要什么卡" is what a plan needs: still the plan's question for the data
    assert "训练数据有多少" in ask(real, "帮我算下预训练 1.3B 需要什么卡")


def test_a_cheaper_gpu_than_the_one_named_for_a_job_gets_the_cheapest_that_hold_it(real: Consultant) -> None:
    text = ask(real, "有没有比 H100 便宜但够用的卡做 LoRA 13B")
    assert text.startswith("*LoRA 130亿参数模型，最便宜的 GPU：NVIDIA RTX A6000*")
