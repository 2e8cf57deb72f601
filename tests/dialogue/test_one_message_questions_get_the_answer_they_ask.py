"""One-message questions answered directly: a serving choice where one GPU has no price still picks on
what is known; GPUs that hold the model but miss the latency target are told what fixes it; counted GPUs
serve as separate copies where copies serve more; a bit width alone is a serving question; the catalogue
lists the GPUs with MIG, or within a power bound."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant
from bot.nlu.slots import power_bound

from .asking import FORM, ask


def test_a_serving_choice_with_an_unpriced_gpu_picks_on_speed_and_says_the_price_is_missing(
    real: Consultant,
) -> None:
    text = ask(real, "4090 vs L40S for serving Llama 3 8B, which should I pick?")
    assert text.startswith("*Pick the ")
    assert "The catalogue has no cloud price to weigh for the NVIDIA GeForce RTX 4090" in text
    assert "pick is on speed, not on cost per token" in text


def test_a_chinese_serving_comparison_prices_consumer_cards_from_the_mainland_marketplaces(
    real: Consultant,
) -> None:
    hans = ask(real, "4090 跟 3090 跑 7B 推理，哪个性价比高")
    assert hans.startswith("*选 NVIDIA GeForce RTX 3090*：两者都满足延迟目标，它按 token 算更便宜。")
    assert "每小时 ¥1.24，每百万输出 token ¥0.86（算家云，国内人民币标价）" in hans
    assert "目录里没有" not in hans
    hant = ask(real, "部署 Qwen2.5-7B 推理，3090 升級到 4090 值得嗎")
    assert hant.startswith("*不值得（按這個負載）") and "（每百萬輸出 token ¥0.70，對 ¥0.90）" in hant


def test_one_gpu_that_holds_the_model_but_misses_the_latency_target_is_told_fp8_fixes_it(
    real: Consultant,
) -> None:
    fit = ask(real, "can one H200 serve Llama 3 70B in BF16 for 10 users?")
    assert "misses the assumed latency target" in fit
    assert "FP8 on the same 1 × NVIDIA H200 SXM meets it" in fit
    plan = ask(real, "serve Llama 3 70B BF16 on 1 H200 for 10 concurrent users")
    assert (
        plan.startswith("*Serving Llama 3 70B") and "and so does FP8 on the same 1 × NVIDIA H200 SXM" in plan
    )
    hans = ask(real, "一张 H200 部署 70B BF16，10 个并发可以吗")
    assert "换成 FP8 能达到" in hans


def test_counted_gpus_serve_a_model_that_fits_one_as_separate_copies_when_copies_serve_more(
    real: Consultant,
) -> None:
    text = ask(real, "we have 8 H100s, serve Llama 3 8B to 2000 concurrent users")
    assert "*As asked:* 8 × NVIDIA H100 SXM5:" in text
    assert "• *As separate copies*: 1 × NVIDIA H100 SXM5 × 8 replicas (8 GPUs)" in text
    assert "serve this load better as 8 separate copies of the model, 1 GPU each" in text
    # a load the split copy carries about as well: no copies line
    small = ask(real, "2 H100 for Llama 3.1 8B at 5 requests per second, enough?")
    assert small.startswith("*Yes.* 2 × NVIDIA H100 SXM5") and "separate copies" not in small


def test_a_bit_width_with_a_size_and_a_gpu_is_a_serving_question_not_a_training_form(
    real: Consultant,
) -> None:
    text = ask(real, "4-bit 70B on one 4090?")
    assert "(inference, not training)" in text and "cannot serve" in text
    assert not any(f.lower() in text.lower() for f in FORM)


def test_which_gpus_support_mig_lists_them_with_their_most_instances(real: Consultant) -> None:
    text = ask(real, "which GPUs support MIG?")
    assert text.startswith("*GPUs that split into MIG instances*")
    assert "NVIDIA A30: up to 4 instances" in text and "NVIDIA H100 SXM5: up to 7 instances" in text
    assert "RTX 4090" not in text
    hant = ask(real, "哪些卡支援 MIG？")
    assert "NVIDIA A100 80GB (SXM4)：最多切成 7 個執行個體" in hant


def test_gpus_asked_for_by_a_power_bound_are_only_those_within_it(real: Consultant) -> None:
    assert power_bound("list gpus under 100w") == ("<=", 100.0)
    assert power_bound("功耗 300 瓦以下的卡有哪些") == ("<=", 300.0)
    assert power_bound("which gpus draw more than 700 w?") == (">", 700.0)
    text = ask(real, "list GPUs under 100W")
    assert text.startswith("*GPUs with a TDP of at most 100 W*")
    assert "NVIDIA T4" in text and "NVIDIA L4" in text and "H100" not in text
    hans = ask(real, "哪些卡功耗低于100W")
    assert hans.startswith("*功耗（TDP）不超过 100 W 的 GPU*") and "H100" not in hans


def test_which_of_two_gpus_is_cheaper_per_hour_opens_with_the_gap(real: Consultant) -> None:
    text = ask(real, "L40S 和 A100 80G 每小时哪个便宜")
    assert text.startswith("*在 AWS，NVIDIA A100 80GB (SXM4) 每卡时比 NVIDIA L40S 贵 ")
