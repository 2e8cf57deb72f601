"""Model names: published sizes of models whose name does not carry one, and mixture-of-experts
total and active parameters (from the name, a known model or as stated)."""

from __future__ import annotations

import pytest

from bot.nlu import parse
from tests.nlu.said import said


@pytest.mark.parametrize(
    ("name", "params"),
    [("DeepSeek-V2-Lite", 15.7e9), ("DeepSeek-V2", 236e9), ("Phi-3-mini", 3.82e9), ("Phi-3-medium", 14e9),
     ("BLOOMZ-7b1", 7.1e9), ("Qwen1.5-MoE-A2.7B", 14.3e9), ("Qwen2.5-72B-Instruct", 72e9),
     ("Gemma-2-9B", 9e9), ("Yi-1.5-34B", 34e9), ("Mixtral-8x22B", 141e9), ("GLM-4-9B", 9e9)],
)  # fmt: skip
def test_a_model_name_gives_its_published_size(name: str, params: float) -> None:
    assert said(f"LoRA {name}")["params"] == pytest.approx(params)


@pytest.mark.parametrize(
    ("text", "total", "active"),
    [("Mixtral 8x22B LoRA", 141e9, 39e9), ("deepseek-v3 全参微调", 671e9, 37e9),
     ("Qwen2-57B-A14B QLoRA", 57e9, 14e9), ("LoRA on Qwen1.5-MoE-A2.7B", 14.3e9, 2.7e9)],
)  # fmt: skip
def test_a_known_moe_model_gives_total_and_active_parameters(text: str, total: float, active: float) -> None:
    got = parse(text).slots
    assert got.params == pytest.approx(total)
    assert got.active_params == pytest.approx(active)


def test_a_dense_model_or_a_corrected_size_has_no_active_parameters() -> None:
    assert parse("Llama 3 70B LoRA").slots.active_params is None
    assert parse("不是Mixtral-8x7B，改成70B").slots.active_params is None


@pytest.mark.parametrize(
    ("text", "total", "active"),
    [("pretrain an MoE with 141B total params and 39B active, 2TB corpus", 141e9, 39e9),
     ("235B total and 22B activated parameters", 235e9, 22e9),
     ("总参数2350亿，激活参数220亿，继续预训练", 235e9, 22e9),
     ("總參數 1410 億、激活 390 億", 141e9, 39e9),
     ("a 57B MoE, 14B active per token, 500B tokens", 57e9, 14e9)],
)  # fmt: skip
def test_a_stated_active_size_is_the_moes_active_params_and_the_total_is_params(
    text: str, total: float, active: float
) -> None:
    slots = parse(text).slots
    assert slots.params == pytest.approx(total)
    assert slots.active_params == pytest.approx(active)


def test_an_active_parameter_count_is_never_read_as_tokens() -> None:
    slots = parse("Qwen3-style MoE 235B, 22B active per token").slots
    assert slots.tokens is None
    assert slots.active_params == pytest.approx(22e9)


def test_a_token_count_next_to_an_active_size_is_still_the_token_count() -> None:
    slots = parse("a 57B MoE, 14B active per token, 500B tokens").slots
    assert slots.tokens == pytest.approx(500e9)


def test_active_gpus_are_no_model_size() -> None:
    assert parse("we have 8 active GPUs for a 7B model").slots.active_params is None


@pytest.mark.parametrize(
    ("text", "model"),
    [("部署通义千问2.5-72B做推理", "qwen2.5-72b"),
     ("meta-llama/Llama-3.3-70B-Instruct on 4 H100s", "llama-3.3-70b"),
     ("LoRA on Qwen2.5-7B-Instruct", "qwen2.5-7b"), ("serve DeepSeek R1 满血版", "deepseek-r1"),
     ("Mistral-7B-Instruct-v0.3 QLoRA", "mistral-7b-v0.3"), ("微调 glm4-9b", "glm-4-9b"),
     ("Llama 3 8B vs Llama 3.1 8B", "llama-3-8b")],
)  # fmt: skip
def test_a_named_open_model_is_its_model_card(text: str, model: str) -> None:
    assert parse(text).slots.model == model


def test_a_size_in_the_name_is_the_size_meant_and_a_moe_card_gives_both_counts() -> None:
    assert parse("LoRA Qwen2.5-7B").slots.params == pytest.approx(7e9)
    scout = parse("Llama 4 Scout inference").slots
    assert (scout.params, scout.active_params) == (pytest.approx(109e9), pytest.approx(17e9))


def test_a_corrected_size_names_no_card_and_an_unknown_name_none() -> None:
    assert parse("不是Qwen2.5-7B，改成70B").slots.model is None
    assert parse("LoRA on FooLM-13B").slots.model is None
    assert parse("LoRA on FooLM-13B").slots.params == pytest.approx(13e9)


def test_plain_gpt2_is_the_124m_checkpoint_of_that_name_and_the_sized_ones_keep_their_sizes() -> None:
    assert said("how long to train a gpt2 sized model from scratch on 10b tokens")["params"] == pytest.approx(
        124e6
    )
    assert said("pretrain gpt-2 medium on 5b tokens")["params"] == pytest.approx(355e6)
    assert said("gpt2-xl from scratch on 20b tokens")["params"] == pytest.approx(1.5e9)
