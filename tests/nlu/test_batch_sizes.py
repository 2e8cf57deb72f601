"""The batch a message states: one GPU's micro-batch ("micro batch 4", "bs=8 per GPU", "每卡 batch 4",
"每張卡 4 條") is the micro_batch slot; a global batch ("global batch 512", "全局 batch 1024") is the
step's, never the micro-batch. A bare "batch 16" / "批大小 8" is one GPU's up to 64 sequences (what
fine-tuning scripts call the batch size, and what memory depends on); larger, or beside the steps, it is
the step's global batch."""

from __future__ import annotations

import pytest

from bot.nlu import parse


@pytest.mark.parametrize(
    ("text", "micro_batch"),
    [
        ("QLoRA 70B, seq 8k, batch 4 - how much memory?", 4),
        ("bs=8 per GPU", 8),
        ("micro batch 2", 2),
        ("micro-batch 4 per GPU", 4),
        ("batch size of 4", 4),
        ("a per-device batch size of 16 and 4k context", 16),
        ("per_device_train_batch_size=2, lora on llama 8b", 2),
        ("7B lora, bs 8, rank 16", 8),
        ("batch 32 per GPU", 32),
        ("we set the batch size to 8 on each GPU", 8),
        ("bs 开到 12", 12),
        ("每卡 batch 4", 4),
        ("batch size 16，序列长度 4096", 16),
        ("批大小 8", 8),
        ("微批 4，序列 8k", 4),
        ("每卡 4 条序列", 4),
        ("单卡 batch size 设成 6", 6),
        ("每張卡 batch 4", 4),
        ("批次大小 8，序列長度 4096", 8),
        ("每卡 4 條", 4),
    ],
)
def test_a_batch_said_per_gpu_or_bare_and_small_is_the_micro_batch(text: str, micro_batch: int) -> None:
    assert parse(text).slots.micro_batch == micro_batch


@pytest.mark.parametrize(
    "text",
    [
        "global batch 512",
        "global batch size of 1024 sequences",
        "全局 batch 512",
        "全局批大小 256",
        "batch size 1024",
        "effective batch size 256",
        "lr 2e-4, rank 64, epochs 3",
        "单卡 1 万条样本",
        "serve llama 70B to 100 users, batch size 32",
        "推理服务 batch 16，70B 模型",
    ],
)
def test_a_global_batch_or_another_setting_is_no_micro_batch(text: str) -> None:
    assert parse(text).slots.micro_batch is None


def test_a_global_and_a_per_gpu_batch_said_together_keep_each_its_own() -> None:
    assert parse("全局 batch 512，每卡 batch 2").slots.micro_batch == 2
    assert parse("global batch 512, batch 4").slots.micro_batch == 4


def test_a_bare_batch_beside_the_steps_is_still_the_steps_batch() -> None:
    slots = parse("5000 steps at batch 16 and seq 8192").slots
    assert slots.micro_batch is None
    assert slots.tokens == pytest.approx(5000 * 16 * 8192)
    product = parse("batch 1024 x 2048, 10k steps").slots
    assert product.seq_len == 2048 and product.tokens == pytest.approx(1024 * 2048 * 10_000)
