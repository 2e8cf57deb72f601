"""What micro-batch fits ("what batch size fits for 7b lora on 24gb", "4090 上 QLoRA 13B，batch size 设多少",
"全參微調 8B 用 8 張 H100，每卡 batch 最大能開多少"): the largest micro-batch the memory model puts within the
GPU memory asked about with the usual headroom, at the sequence length said or assumed, never a plan that
reads the memory as data."""

from __future__ import annotations

import re

import pytest

from bot.dialogue.consultant import Consultant


def largest(text: str) -> int:
    found = re.search(r"[Mm]icro-batch (?:最大约 |最大約 )?(\d+)", text.replace("*", ""))
    assert found is not None, text
    return int(found.group(1))


@pytest.mark.parametrize(
    ("message", "said"),
    [
        ("what batch size fits for 7b lora on 24gb", "on 24 GB of GPU memory at sequence length 2,048"),
        ("what batch size can I use for a 7b lora on a 24GB card?", "on 24 GB of GPU memory"),
        ("max micro batch for 7b lora on 24 GB of vram", "on 24 GB of GPU memory"),
        ("7B LoRA 在 24G 显存上 batch size 能开多大", "24 GB 显存上跑70亿参数模型的 LoRA"),
        ("7B LoRA 用 24G 顯存，micro batch 最多能開多少", "24 GB 顯存上跑70億參數模型的 LoRA"),
    ],
)
def test_a_micro_batch_asked_for_a_memory_size_is_the_largest_that_fits_it(
    real: Consultant, message: str, said: str
) -> None:
    text = real.handle("b1", message).text
    assert said in text.replace("*", "") and largest(text) >= 1
    assert "of data" not in text and "How long can training take" not in text


def test_a_larger_card_or_a_shorter_sequence_fits_a_larger_micro_batch(real: Consultant) -> None:
    small = largest(real.handle("b2", "what batch size fits for 7b lora on 24gb").text)
    large = largest(real.handle("b3", "what batch size fits for 7b lora on an A100 80GB").text)
    short = largest(real.handle("b4", "what batch size fits for 7b lora on 24gb at 1k context").text)
    assert large > small and short > small


def test_on_gpus_named_the_micro_batch_is_per_gpu_with_the_model_state_sharded(real: Consultant) -> None:
    text = real.handle("b5", "全參微調 8B 用 8 張 H100，每卡 batch 最大能開多少").text
    assert "8 張 NVIDIA H100 SXM5 上跑80億參數模型的全參數微調" in text and largest(text) > 1
    assert "訓練資料有多少" not in text


def test_when_not_even_one_sequence_fits_it_says_so_with_the_memory_needed(real: Consultant) -> None:
    text = real.handle("b6", "what batch size can I use for 70b full fine-tuning on a 24GB card").text
    assert text.replace("*", "").startswith("No micro-batch fits: full fine-tuning of a 70B model needs ~")


def test_the_larger_global_batch_is_gradient_accumulation(real: Consultant) -> None:
    text = real.handle("b7", "max micro batch for qlora 13b on a 4090").text
    assert "gradient-accumulation steps" in text and "sequence length 2,048" in text


@pytest.mark.parametrize(
    ("message", "says"),
    [
        (
            "QLoRA 13B on one RTX 4090, seq 4096, batch 8, how much memory?",
            "Your micro-batch of 8 per GPU is what does not fit. "
            "The largest that fits one NVIDIA GeForce RTX 4090",
        ),
        (
            "can I run a 13b qlora on a 4090 with micro batch 8 per GPU at 4k context?",
            "Your micro-batch of 8 per GPU is what does not fit.",
        ),
        (
            "13B QLoRA，一张 4090，序列长度 4096，每卡 batch 8，放得下吗？",
            "放不下的是你说的每卡 micro-batch 8。",
        ),
        ("13B QLoRA，一張 4090，序列長度 4096，批大小 8，放得下嗎？", "放不下的是你說的每卡 micro-batch 8。"),
    ],
)
def test_a_stated_micro_batch_that_does_not_fit_says_so_with_the_largest_that_does(
    real: Consultant, message: str, says: str
) -> None:
    text = real.handle("b8", message).text.replace("*", "")
    assert says in text
    fits = largest(text.split(says)[1])
    assert 1 <= fits < 8
    assert f"{fits} × {-(-8 // fits)}" in text  # the batch said kept by gradient accumulation


def test_a_stated_micro_batch_that_fits_gets_no_such_line(real: Consultant) -> None:
    text = real.handle("b9", "QLoRA 13B on one A100 80GB, seq 4096, batch 8, does it fit?").text
    assert "what does not fit" not in text and "micro-batch 8 per GPU (as you said)" in text


def test_when_only_the_micro_batch_said_keeps_the_job_off_the_gpus_the_verdict_says_so(
    real: Consultant,
) -> None:
    en = real.handle("b10", "LoRA 13B on 2 A100 80GB, seq 8192, batch 64, does it fit?").text.replace("*", "")
    assert "Nothing in the catalogue holds it at this micro-batch; micro-batch 8 fits these GPUs" in en
    assert "a smaller model or LoRA/QLoRA is the way" not in en
    zh = real.handle("b11", "13B LoRA，2 张 A100 80G，序列长度 8192，每卡 batch 64，放得下吗").text
    assert "这些卡放得下 micro-batch 8" in zh
