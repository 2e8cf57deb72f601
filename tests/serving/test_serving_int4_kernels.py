"""4-bit weight-only kernels (AWQ/GPTQ) dequantise every weight as they read it: one request at a time,
a 4-bit model decodes faster than its 16-bit original, but well short of the 4x its bytes alone would
give (vLLM 0.6.3 on one A100 80GB: Qwen2.5-7B 84 tokens/s in BF16, 154 in GPTQ-Int4)."""

from __future__ import annotations

import dataclasses

from knowledge import KnowledgeBase
from sizing.serve_calibration import CALIBRATED
from sizing.serve_speed import Replica, speed


def one_request_tokens_per_second(
    kb: KnowledgeBase, model: str, gpu: str, precision: str, int4_read_factor: float | None = None
) -> float:
    rep = Replica(kb.model_architecture(model), kb.catalog.gpu(gpu), 1, precision)  # type: ignore[arg-type]
    constants = CALIBRATED
    if int4_read_factor is not None:
        constants = dataclasses.replace(CALIBRATED, int4_read_factor=int4_read_factor)
    return 1.0 / speed(rep, 1, 1, 2048, constants).tpot_s


def test_a_4_bit_model_for_one_user_is_faster_than_16_bit_but_not_by_its_bytes(kb: KnowledgeBase) -> None:
    bf16 = one_request_tokens_per_second(kb, "qwen2.5-7b", "a100-80gb", "bf16")
    int4 = one_request_tokens_per_second(kb, "qwen2.5-7b", "a100-80gb", "int4")
    # Published: 154 / 84 = 1.8x. Reading 4-bit weights at the 16-bit rate said 3x.
    assert 1.4 < int4 / bf16 < 2.4


def test_the_read_factor_only_touches_4_bit_weights(kb: KnowledgeBase) -> None:
    # BF16 runs natively, FP8 on FP8 tensor cores, INT8 as W8A8: none of them is slowed.
    for precision in ("bf16", "fp8", "int8"):
        plain = one_request_tokens_per_second(kb, "llama-3.1-8b", "h100-sxm", precision, int4_read_factor=1.0)
        shipped = one_request_tokens_per_second(kb, "llama-3.1-8b", "h100-sxm", precision)
        assert shipped == plain
    int4_plain = one_request_tokens_per_second(kb, "llama-3.1-8b", "h100-sxm", "int4", int4_read_factor=1.0)
    int4_shipped = one_request_tokens_per_second(kb, "llama-3.1-8b", "h100-sxm", "int4")
    assert int4_shipped < int4_plain
