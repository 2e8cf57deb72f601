"""The longest sequence that fits ("max sequence length for a 7B LoRA on an A10G", "4090 上做 8B 的 LoRA，
上下文最長能跑多長"): the length at micro-batch 1 whose activations the memory model puts within the GPU
memory asked about with the usual headroom, never the data question of a plan."""

from __future__ import annotations

import re

import pytest

from bot.dialogue.consultant import Consultant


def longest(text: str) -> int:
    found = re.search(r"(?:About|最长约|最長約) ([\d,]+) (?:tokens|token)", text.replace("*", ""))
    assert found is not None, text
    return int(found.group(1).replace(",", ""))


@pytest.mark.parametrize(
    ("message", "said"),
    [
        ("max sequence length for a 7B LoRA on an A10G", "fits LoRA of a 7B model on one NVIDIA A10G"),
        (
            "what's the longest context I can train a 7b lora with on an A10G?",
            "LoRA of a 7B model on one NVIDIA A10G",
        ),
        ("how long a sequence can a 7B LoRA fit on a 24GB card", "LoRA of a 7B model on 24 GB of GPU memory"),
        ("7B LoRA 在 A10G 上序列长度最长能开多少", "单张 NVIDIA A10G (AWS) 上跑70亿参数模型的 LoRA"),
        ("A10G 上做 7B 的 LoRA，上下文最長能跑多長", "單張 NVIDIA A10G (AWS) 上跑70億參數模型的 LoRA"),
    ],
)
def test_a_sequence_length_asked_for_a_gpu_is_the_longest_that_fits_it(
    real: Consultant, message: str, said: str
) -> None:
    text = real.handle("s1", message).text
    assert said in text.replace("*", "") and longest(text) > 2048
    assert "micro-batch 1" in text
    assert (
        "How much training data" not in text and "训练数据有多少" not in text and "訓練資料有多少" not in text
    )


def test_a_larger_card_or_a_lighter_method_fits_a_longer_sequence(real: Consultant) -> None:
    small = longest(real.handle("s2", "max sequence length for a 7B LoRA on an A10G").text)
    large = longest(real.handle("s3", "max sequence length for a 7B LoRA on an A100 80GB").text)
    lighter = longest(real.handle("s4", "max sequence length for a 7B QLoRA on an A10G").text)
    assert large > small and lighter > small


def test_when_not_even_a_short_sequence_fits_it_says_so_and_what_would(real: Consultant) -> None:
    text = real.handle("s5", "max seq len for full fine-tuning a 70B on 8 H100s").text.replace("*", "")
    assert text.startswith("No useful sequence length fits: full fine-tuning of a 70B model needs ~")
    assert "more GPUs" in text


def test_a_sequence_length_said_in_a_plan_is_a_setting_not_a_question(real: Consultant) -> None:
    text = real.handle("s6", "7B LoRA on an A10G with max sequence length 4096").text
    assert "is the longest sequence that fits" not in text
