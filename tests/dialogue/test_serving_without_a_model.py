"""Serving and inference questions, with or without a model or a load."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

from .asking import ask


def test_a_serving_question_without_a_model_is_sized_for_a_small_and_a_large_model_at_once(
    real: Consultant,
) -> None:
    text = ask(real, "we want a support bot for about 3000 users a day, how many GPUs do we need?")
    assert text.startswith("*Serving (inference), 3,000 daily users")
    assert "Llama 3.1 8B" in text and "Llama 3.3 70B" in text and "Which model do you mean?" in text
    zh = ask(real, "上线一个聊天机器人，日活一万，要几张卡")
    assert "Llama 3.1 8B" in zh and "Llama 3.3 70B" in zh and "你用的是哪个模型" in zh


def test_two_gpus_offered_as_alternatives_are_compared_for_serving(real: Consultant) -> None:
    text = ask(real, "H200 or MI300X to host a 70B model?")
    assert "NVIDIA H200 SXM" in text and "AMD Instinct MI300X" in text


def test_a_serving_question_without_a_model_in_china_is_priced_in_yuan_on_gpus_rentable_there(
    real: Consultant,
) -> None:
    text = ask(real, "国内上线客服机器人，日活两万，需要几张卡")
    assert "按国内部署规划" in text and "¥" in text and "suanjiayun" not in text


def test_a_gpu_named_for_inference_without_a_model_or_load_is_sized_for_the_pilot_load(
    real: Consultant,
) -> None:
    text = ask(real, "is the L4 any good for inference?")
    assert "10 requests at once (no load given)" in text and "Llama 3.1 8B" in text


def test_inference_in_taiwan_wording_is_a_serving_question(real: Consultant) -> None:
    text = ask(real, "推論 Llama 3 8B 用一張 L4 夠嗎")
    assert "微調" not in text and "KV 快取" in text


def test_wanting_to_serve_a_chatbot_is_sized_for_typical_models_at_a_stated_load(real: Consultant) -> None:
    text = ask(real, "we want to serve a chatbot")
    assert text.startswith("*Serving (inference), 10 requests at once (no load given)")
    assert "Llama 3.1 8B" in text
    assert ask(real, "我们想部署一个聊天机器人").startswith("*推理部署（serving）")


def test_which_gpu_suits_inference_is_picked_by_memory_then_bandwidth(real: Consultant) -> None:
    assert ask(real, "L4 跟 T4 哪個比較適合推論？").startswith("*NVIDIA L4 更適合推理部署*")
    text = ask(real, "which is better for inference, L40S or A100?")
    assert text.startswith("*The NVIDIA A100 80GB (SXM4) is the better pick for serving.*")
    assert "80 GB at 2.04 TB/s" in text
    assert ask(real, "is the H200 better than the H100 for serving?").startswith("*Yes.* For serving")


def test_which_gpu_is_cheaper_to_serve_on_without_a_model_is_weighed_per_token_on_a_stated_model(
    real: Consultant,
) -> None:
    hans = ask(real, "A10G 和 L4 推理哪个便宜")
    assert hans.startswith("*选 ") and "NVIDIA L4" in hans and "NVIDIA A10G (AWS)" in hans
    assert "先按一个典型的小模型 Llama 3.1 8B 估算" in hans and "每百万输出 token" in hans
    en = ask(real, "What's cheaper for inference, L4 or A10G?")
    assert (
        en.startswith("*Pick ") and "No model named: sized for a typical small open model, Llama 3.1 8B" in en
    )
    assert "per million output tokens" in en
    hant = ask(real, "L4 還是 A10G 做推論比較省錢？")
    assert hant.startswith("*選 ") and "典型的小模型" in hant and "每百萬輸出 token" in hant


def test_every_wording_of_a_serving_cost_comparison_picks_the_same_gpu(real: Consultant) -> None:
    picks = {
        ask(real, text).split("*")[1].removeprefix("Pick the ").removeprefix("选 ")
        for text in (
            "A10G 和 L4 推理哪个便宜",
            "A10G vs L4 for serving, which costs less per token?",
            "What's cheaper for inference, L4 or A10G?",
        )
    }
    assert picks == {"NVIDIA A10G (AWS)"}
    # value for money is weighed by bandwidth per dollar, and lands on the same card
    assert ask(real, "L4 和 A10G 跑推理哪个更划算").startswith("*NVIDIA A10G (AWS) 推理部署更划算*")


def test_a_latency_target_without_a_model_is_said_back_and_a_model_that_misses_it_is_marked(
    real: Consultant,
) -> None:
    text = ask(real, "200 QPS, p95 under 500ms, how many L4s?")
    assert "at most 500 ms to the first token (your target) and 50 ms per token (default)" in text
    assert "at most 2 s to the first token" not in text
    big = next(line for line in text.splitlines() if "70B" in line)
    assert "misses your latency target" in big
    zh = ask(real, "每秒 200 个请求，P95 延迟 500 毫秒以内，要几张 L4？")
    assert "首 token 不超过 500 毫秒（您的目标）" in zh
    per_token = ask(real, "chatbot, 30 tokens/s per user, 100 concurrent users")
    assert "at most 33.3 ms per token (your target)" in per_token


def test_no_latency_target_keeps_the_chat_defaults(real: Consultant) -> None:
    text = ask(real, "chatbot for 2000 users")
    assert "at most 2 s to the first token and 50 ms per token;" in text
    assert "misses your latency target" not in text
