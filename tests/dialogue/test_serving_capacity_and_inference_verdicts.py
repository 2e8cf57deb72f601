"""Asked about inference, "how big a model can one L4 serve?" lists the largest model per precision (not
what it trains), and "L4 適合拿來做推論嗎" gets a verdict with what one card serves before the plans for a
typical small and large model."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

from .asking import ask


def test_how_big_a_model_a_gpu_serves_is_per_precision_not_per_training_method(real: Consultant) -> None:
    en = ask(real, "how big a model can one L4 serve?")
    assert en.startswith("*The largest model 1 × NVIDIA L4 can serve*") and "• INT4: up to about" in en
    assert "LoRA" not in en
    zh = ask(real, "2 张 4090 能跑多大的模型推理")
    assert zh.startswith("*2 × NVIDIA GeForce RTX 4090 能推理多大的模型*") and "• BF16：约" in zh
    assert "能训多大" in ask(real, "1 张 L4 能训多大的模型")


def test_whether_a_gpu_suits_inference_is_a_verdict_with_what_one_card_serves(real: Consultant) -> None:
    hant = ask(real, "L4 適合拿來做推論嗎")
    assert hant.startswith("*適合，單卡可以推理約") and "頻寬 300 GB/s" in hant
    en = ask(real, "is the L40S good for inference?")
    assert en.startswith("*Yes, for models up to about") and "48 GB at 864 GB/s" in en
    assert "Llama 3.1 8B" in en.split("\n\n", 1)[1]


def test_whether_a_memory_size_serves_a_model_is_answered_first(real: Consultant) -> None:
    en = ask(real, "is 24GB enough to serve Llama 3.1 8B?")
    assert en.startswith("*Yes: 24 GB holds Llama 3.1 8B in BF16*")
    zh = ask(real, "24G 显存够部署 Qwen2.5 14B 吗")
    assert zh.startswith("*不够：24 GB 放不下 Qwen2.5 14B（BF16）*，约需 31.5 GB；用 FP8 放得下")
    hant = ask(real, "48GB 夠跑 Llama 3 70B 推論嗎")
    assert hant.startswith("*不夠：48 GB 放不下 Llama 3 70B（BF16）*") and "INT4" in hant


def test_how_many_requests_some_gpus_carry_is_answered_first_with_the_load_at_chat_speed(
    real: Consultant,
) -> None:
    zh = ask(real, "一张 A100 80G 部署 Qwen2.5-14B 最多能扛多少并发")
    assert zh.startswith("*按对话速度，约能撑 ") and "显存最多同时容纳 166 个" in zh
    assert "同时有多少用户" not in zh and "同时一个请求" not in zh
    en = ask(real, "how many concurrent users can one H100 handle with Llama 3.1 8B?")
    assert en.startswith("*About ") and "requests at once at chat speed* on 1 × NVIDIA H100" in en
    assert "not people online" in en and "Tell me how many users" not in en and "*Yes.*" not in en


def test_where_one_request_alone_misses_the_chat_target_the_load_is_given_at_the_looser_one(
    real: Consultant,
) -> None:
    en = ask(real, "how many concurrent users can 2 L40S handle with Llama 3.1 70B in fp8?")
    assert en.startswith("*About ") and "at 100 ms per token* on 2 × NVIDIA L40S" in en
    assert "The chat default of 50 ms per token is out of reach here" in en
    hant = ask(real, "兩張 L40S 跑 Qwen2.5-32B 可以撐幾個人同時用？")
    assert hant.startswith("*按每個 token 100 毫秒，約能撐 ") and "不是線上人數" in hant


def test_a_capacity_asked_where_the_models_own_precision_does_not_fit_is_given_in_one_that_does(
    real: Consultant,
) -> None:
    text = ask(real, "how many concurrent users can one H100 handle with Llama 3 70B?")
    assert text.startswith("BF16 does not fit on 1 × NVIDIA H100 SXM5; in FP8:\n*About ")
    assert "*Yes.*" not in text and "*No.*" not in text
    said = ask(real, "how many concurrent users can one H100 handle with Llama 3 70B in bf16?")
    assert said.startswith("1 × NVIDIA H100 SXM5 cannot serve Llama 3 70B in BF16") and "*About" not in said


def test_with_no_precision_said_the_verdict_is_yes_in_the_smaller_precision_that_holds_a_pilot_load(
    real: Consultant,
) -> None:
    zh = ask(real, "我们有 2 张 L40S，能跑 Qwen2.5-72B 推理吗？")
    assert zh.startswith(
        "*能，用 FP8。*BF16 的权重要 145 GB，超过 2 × NVIDIA L40S 的 96.6 GB 可用显存；用 FP8 还能同时容纳约"
    )
    assert "更小的精度要能同时容纳至少 10 个请求" in zh
    hant = ask(real, "兩張 L40S 跑得動 Llama 3.1 70B 推論嗎？")
    assert hant.startswith("*能，用 FP8。*BF16 的權重要 141 GB，超過 2 × NVIDIA L40S 的 96.6 GB 可用顯存")
    en = ask(real, "can 4x A100 80GB serve Llama 3.1 405B?")
    assert en.startswith(
        "*Yes, in INT4.* BF16 needs 812 GB of weights, more than the 344 GB usable on 4 × NVIDIA A100"
    )
    assert "• FP8: weights 410 GB" in en  # no FP8 tensor cores on an A100: the step down is 4-bit


def test_a_precision_said_is_answered_as_said_even_when_a_smaller_one_fits(real: Consultant) -> None:
    en = ask(real, "Can we serve Qwen2.5-72B in BF16 on 2 L40S?")
    assert en.startswith("*No.* 2 × NVIDIA L40S cannot serve Qwen2.5 72B in BF16")
    assert "With no precision said" not in en and "• FP8: weights 75.2 GB (37.6 GB per GPU): fits" in en


def test_a_smaller_precision_that_holds_fewer_requests_than_the_pilot_load_is_no_yes(
    real: Consultant,
) -> None:
    en = ask(real, "Can I run Qwen2.5 32B on one 4090 for inference?")
    assert en.startswith("*No.* 1 × NVIDIA GeForce RTX 4090 cannot serve Qwen2.5 32B in BF16")
    assert (
        "INT4 fits, but only 9 requests of 1,500 tokens at once, fewer than the 10 a serving plan needs" in en
    )
