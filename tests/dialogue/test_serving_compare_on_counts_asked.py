"""A choice between two counted GPU sets for serving ("one B200 or two H100s?") is a serving comparison
on exactly the GPUs asked for, never a training table."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant
from bot.nlu.counts import counts_by_gpu

from .asking import ask


def test_counts_written_as_words_belong_to_the_gpu_after_them() -> None:
    assert counts_by_gpu("a single B200 or two H100s?") == {"b200": 1, "h100": 2}
    assert counts_by_gpu("一张 H200 还是两张 H100") == {"h200": 1, "h100": 2}
    # an article is not a count
    assert counts_by_gpu("an H100 or an A100?") == {}


def test_one_card_or_two_for_serving_is_weighed_on_the_counts_asked(real: Consultant) -> None:
    text = ask(real, "for serving Qwen2.5 72B, a single B200 or two H100s?")
    assert text.startswith("*Pick 1× NVIDIA B200*")
    assert "*1× NVIDIA B200 vs 2× NVIDIA H100 SXM5 for serving Qwen2.5 72B" in text
    assert "• *NVIDIA B200*: 1 GPU per copy" in text and "• *NVIDIA H100 SXM5*: 2 GPUs per copy" in text
    assert "per million output tokens" in text and "GPU-hours" not in text


def test_which_serves_better_is_a_serving_question_not_a_training_table(real: Consultant) -> None:
    text = ask(real, "which serves Llama 3.1 70B better, one H200 or two H100s?")
    assert text.startswith("*Pick ") and "(inference, not training)" in text
    assert "1× NVIDIA H200 SXM vs 2× NVIDIA H100 SXM5" in text and "days" not in text
    # one H200 out of an 8-GPU instance is priced per GPU-hour, and says so
    assert "1 of its 8" in text


def test_a_set_that_cannot_hold_the_model_on_its_count_leaves_the_pick_to_the_other(real: Consultant) -> None:
    text = ask(real, "serve Llama 3.1 70B on one L4 or two H100s?")
    assert text.startswith("*Pick 2× NVIDIA H100 SXM5*: it is the only one that holds the model")
    assert "• *NVIDIA L4*: does not hold it on 1 GPU" in text


def test_counted_serving_choices_in_chinese_name_each_count(real: Consultant) -> None:
    hans = ask(real, "部署 Llama 3.1 70B，一张 H200 还是两张 H100？")
    assert hans.startswith("*选 ") and "1 张 NVIDIA H200 SXM 和 2 张 NVIDIA H100 SXM5 部署" in hans
    assert "（推理，不是训练）" in hans
    hant = ask(real, "上線 Qwen2.5-32B 推論服務，2 張 L40S 還是 1 張 H100？")
    assert hant.startswith("*選 1 張 NVIDIA H100 SXM5*")
    assert "每份模型 2 張卡" in hant and "每份模型 1 張卡" in hant and "（推理，不是訓練）" in hant


def test_the_cost_on_two_gpus_after_a_serving_answer_compares_that_deployment(real: Consultant) -> None:
    # Was: each GPU's price list per GPU-month, not the 500-user deployment on it.
    for opening, follow_up, heading in (
        (
            "serve mistral 7b for 500 concurrent users",
            "how much per month on H100 vs L40S?",
            "*NVIDIA H100 SXM5 vs NVIDIA L40S for serving Mistral 7B v0.1 (BF16) to 500 concurrent users",
        ),
        (
            "给 500 个并发用户部署 mistral 7b",
            "H100 和 L40S 每月各要多少钱？",
            "*NVIDIA H100 SXM5 和 NVIDIA L40S 部署 Mistral 7B v0.1（BF16，500 个并发用户）对比",
        ),
        (
            "給 500 個並發用戶部署 mistral 7b",
            "H100 跟 L40S 每個月各要多少錢？",
            "*NVIDIA H100 SXM5 和 NVIDIA L40S 部署 Mistral 7B v0.1（BF16，500 個併發使用者）對比",
        ),
    ):
        text = ask(real, opening, follow_up)
        assert heading in text, follow_up
        assert "$6,117/month" in text or "每月 $6,117" in text, follow_up
        assert "per GPU-month" not in text and "To size a training run" not in text, follow_up


def test_two_gpus_named_bare_after_a_serving_answer_stay_a_datasheet_comparison(real: Consultant) -> None:
    text = ask(real, "serve llama 3.1 8b to 100 users", "H100 vs L40S?")
    assert "*NVIDIA H100 SXM5 vs NVIDIA L40S*" in text and "for serving" not in text


def test_a_price_asked_per_gpu_after_a_serving_answer_is_still_the_price_list(real: Consultant) -> None:
    for follow_up, head in (
        ("what's the per-GPU price of H100 vs L40S?", "*NVIDIA H100 SXM5, on demand, per GPU*"),
        ("H100 vs L40S list prices?", "*NVIDIA H100 SXM5, on demand, per GPU*"),
        ("H100 和 L40S 每卡单价多少？", "*NVIDIA H100 SXM5 按需价（每卡）*"),
    ):
        text = ask(real, "serve mistral 7b for 500 concurrent users", follow_up)
        assert head in text and "for serving" not in text and "部署 Mistral" not in text, follow_up
