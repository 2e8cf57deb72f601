"""A mixture-of-experts model on one GPU runs a token's experts whole, as one grouped GEMM, so one user gets
the speed of its kernels plus the experts it reads (published: 170-210 tokens/s for 3B-active MoE models on
one H100 or H200). The per-expert latency belongs to experts sliced by tensor parallelism: DeepSeek-V3 on
8 GPUs stays at tens of tokens per second, as SGLang and vLLM measure it."""

from __future__ import annotations

from knowledge import KnowledgeBase
from sizing.serve_calibration import CALIBRATED
from sizing.serve_speed import Replica, floor_counts, layer_floor_s, speed


def one_user_tokens_per_second(kb: KnowledgeBase, model: str, gpu: str, tp: int, precision: str) -> float:
    rep = Replica(kb.model_architecture(model), kb.catalog.gpu(gpu), tp, precision)  # type: ignore[arg-type]
    return 1.0 / speed(rep, 1, 1000, 256).tpot_s


def test_one_user_of_a_3b_active_moe_on_one_h100_gets_well_over_a_hundred_tokens_per_second(
    kb: KnowledgeBase,
) -> None:
    rate = one_user_tokens_per_second(kb, "qwen3-30b-a3b", "h100-sxm", 1, "bf16")
    assert 120 <= rate <= 260


def test_tensor_parallel_slices_keep_a_large_moe_at_tens_of_tokens_per_second(kb: KnowledgeBase) -> None:
    rate = one_user_tokens_per_second(kb, "deepseek-v3", "h200", 8, "fp8")
    assert 15 <= rate <= 60


def test_whole_experts_count_no_expert_slots_in_the_floor(kb: KnowledgeBase) -> None:
    arch = kb.model_architecture("qwen3-235b-a22b")
    kernels, slots = floor_counts(arch, sliced=False)
    assert slots == 0
    assert layer_floor_s(arch, CALIBRATED, sliced=False) == kernels * CALIBRATED.kernel_latency_s
    assert layer_floor_s(arch, CALIBRATED) > layer_floor_s(arch, CALIBRATED, sliced=False)


def test_more_requests_touch_more_whole_experts_and_slow_each_step(kb: KnowledgeBase) -> None:
    rep = Replica(kb.model_architecture("qwen3-30b-a3b"), kb.catalog.gpu("h100-sxm"), 1, "bf16")
    one, eight = speed(rep, 1, 1000, 256), speed(rep, 8, 1000, 256)
    assert one.step.floor_s < eight.step.floor_s
    assert one.tpot_s < eight.tpot_s
