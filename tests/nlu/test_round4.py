"""Round-4 rules (QA review): explicitly stated MoE total/active sizes, Cantonese and Taiwan
possession cues, GPU memory tiers that are not training data, and availability-in-China questions."""

from __future__ import annotations

import pytest

from bot.nlu import parse


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
    ("text", "gpu", "count"),
    [("我哋自己有8張H100，夠唔夠？", "h100", 8), ("我地有32張A100 80GB", "a100-80gb", 32),
     ("我們自己有 2 張 4090，想微調 7B", "rtx4090", 2)],
)  # fmt: skip
def test_cantonese_and_taiwan_possession_cues_mean_the_gpus_are_owned(
    text: str, gpu: str, count: int
) -> None:
    got = parse(text)
    assert got.owned is True
    assert (got.slots.gpu, got.slots.gpu_count) == (gpu, count)


@pytest.mark.parametrize(
    "text",
    [
        "4090 適合24GB檔位嗎",
        "A6000 算 40-48GB 档位吗",
        "is the L40S in the 48GB tier?",
        "A100 属于80GB级别吗",
    ],
)
def test_a_gb_tier_label_is_no_training_data_and_the_message_is_a_gpu_question(text: str) -> None:
    got = parse(text)
    assert got.slots.data_bytes is None
    assert got.intent == "gpu_info"


def test_data_described_as_terabyte_scale_is_still_data() -> None:
    assert parse("10TB级的数据，训练7B").slots.data_bytes == pytest.approx(10e12)


@pytest.mark.parametrize(
    "text", ["国内租得到H200吗", "大陸能買到 H100 嗎？", "Can I rent H200s in mainland China?"]
)
def test_asking_whether_a_gpu_can_be_rented_in_china_goes_to_the_faq(text: str) -> None:
    got = parse(text)
    assert got.intent == "faq"
    assert got.region == "cn"


def test_a_sizing_request_in_china_stays_a_sizing_request() -> None:
    got = parse("能不能在国内租8张H100跑70B预训练？")
    assert got.intent == "size"
    assert got.region == "cn"
