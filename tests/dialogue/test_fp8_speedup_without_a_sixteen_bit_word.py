"""How much faster FP8 training is on a GPU, asked without naming BF16/FP16, is the FP8 speed-up answer (a
wrong premise, "since the A100 supports FP8", gets the no), not the datasheets of every board."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

from .asking import ask


def test_the_fp8_speedup_asked_alone_gets_the_verdict(real: Consultant) -> None:
    en = ask(real, "the A100 does FP8 right? how much faster would FP8 training be?")
    assert en.startswith("*No speed-up on the NVIDIA A100 80GB (SXM4):* it has no FP8 tensor cores")
    zh = ask(real, "H100 用 FP8 训练能快多少")
    assert zh.startswith("*峰值快 2 倍*：NVIDIA H100 SXM5 的稠密 FP8 算力是 1,979 TFLOPS")
