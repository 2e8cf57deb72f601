"""A serving answer planned in FP8 with its replicas full tells a vLLM or SGLang user that those engines keep
the KV cache in 16 bits by default, and how many of the planned requests a replica would then hold."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant


def test_the_english_answer_names_the_flag_and_the_requests_a_replica_would_hold(real: Consultant) -> None:
    text = real.handle(
        "k1", "Serve Llama 3.1 70B in FP8 on 2 H100s for 100 concurrent users with 4000-token prompts"
    ).text
    line = next(line for line in text.splitlines() if "--kv-cache-dtype fp8" in line)
    assert "vLLM and SGLang keep it in 16 bits" in line
    assert "of the 100 requests planned on it" in line


def test_the_chinese_answer_says_the_same(real: Consultant) -> None:
    text = real.handle("k2", "用 2 张 H100 以 FP8 部署 Llama 3.1 70B，100 人同时用，每次输入 4000 token").text
    line = next(line for line in text.splitlines() if "--kv-cache-dtype fp8" in line)
    assert "默认把 KV 缓存存成 16 位" in line
    assert "而不是方案里的 100 个" in line


def test_a_bf16_answer_does_not_mention_it(real: Consultant) -> None:
    text = real.handle("k3", "Serve Llama 3.1 8B in BF16 on 1 H100 for 20 users").text
    assert "--kv-cache-dtype" not in text


def test_a_kv_heavy_fp8_answer_says_how_many_tokens_per_second_a_16_bit_kv_cache_leaves(
    real: Consultant,
) -> None:
    text = real.handle(
        "k4",
        "Serve Qwen3 8B in FP8 on 1 H100 for 52 concurrent users, 2048-token prompts and 2048-token answers",
    ).text
    line = next(line for line in text.splitlines() if "--kv-cache-dtype fp8" in line)
    assert "then a replica makes about" in line and "output tokens/s instead of" in line
    assert "requests planned on it" not in line


def test_the_chinese_kv_heavy_answer_says_the_same(real: Consultant) -> None:
    text = real.handle(
        "k5", "用 1 张 H100 以 FP8 部署 Qwen3 8B，52 人同时用，输入 2048 token，输出 2048 token"
    ).text
    line = next(line for line in text.splitlines() if "--kv-cache-dtype fp8" in line)
    assert "每秒约输出" in line and "个 token，而不是" in line
