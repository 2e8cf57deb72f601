"""The time model's fitted constants, the model they belong to, and the fit itself (pure).

Model (compute.throughput): the time per token is matmul time plus memory-bound time (norms,
activations, softmax, optimizer step) whose share grows with the GPU's ridge point (dense TFLOPS ÷
memory TB/s) and shrinks with the model's width h (matmul work per layer ∝ h², elementwise ∝ h):

    base = MAMF / (1 + C_RIDGE · MAMF · ridge · (H_REF / h) ** ALPHA_WIDTH)

then the layout's losses (tensor parallel, pipeline bubble, ZeRO-3, recompute), the stack's
efficiency and the goodput of the cluster size multiply it. MFU is on the model-FLOPs basis with
PaLM's attention term (arXiv 2204.02311 App. B: 6·N + 12·L·H·Q·T per token).

C_RIDGE and ALPHA_WIDTH are fitted by `fit` on the published pre-training runs in
knowledge/data/published_runs.yaml (usable_for_calibration: true; 58 runs on A100-40GB,
A100-80GB, H100 and H800 from 70M to 405B parameters, 2022-2026). The fit minimises the sum of
absolute log errors (a median fit: a few runs far off, such as phi-2's implied 70% MFU, do not pull
it). `gpu-advisor validate` refits without each run in turn (leave-one-out) and reports how the
model does on runs it never saw; LOG_BAND is the 90th percentile of those out-of-sample errors,
so the stated GPU-hour range is meant to hold ~90% of runs like them (the promise is 4 in 5; at the
85th percentile the 44 runs came out at 84%, too close to it for a handful of new runs). tests/sizing/
test_calibration.py checks that these constants are what `fit` gives on the file.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

C_RIDGE = 0.0064  # fitted
ALPHA_WIDTH = 0.2  # fitted; 0 would mean width does not matter, 1 the pure h²/h argument
H_REF = 4096.0
# ln of the half-width of the stated range: 90th percentile of the leave-one-out |ln(pred/actual)|
# (gpu-advisor validate prints it; 0.394 on 49 runs, 0.446 on 55 and 57 since the 2026-12-02 hold-outs added
# Trillion-7B and nanochat d24, both ~1.7x faster than predicted; rounded up). exp(0.45) ≈ 1.57.
LOG_BAND = 0.45
BAND_QUANTILE = 0.90

# Goodput: restarts, evaluation and checkpointing. Llama 3 kept >90% effective training time on
# 16K H100s with 419 unexpected interruptions in 54 days (arXiv 2407.21783 §3.3.4): 1 - 0.007·log2(n)
# gives 0.90 at 16,384 GPUs and ~0.98 on one node.
GOODPUT_PER_DOUBLING = 0.007

# Measured best-case matmul fraction of dense peak (MAMF) when the catalog has none:
# stas00/ml-engineering MAMF table (A100 86%, H100 80%, B200 78%, MI300X 60%).
DEFAULT_MAMF_NVIDIA = 0.80
DEFAULT_MAMF_AMD = 0.60

# FP8 realised speed-up over BF16 on FP8 GPUs: MosaicML H100 benchmarks ≈1.27-1.33×
# (mosaicml/llm-foundry benchmarking README, derived in reference/sizing.md §1.5).
FP8_SPEEDUP = 1.3
# QLoRA dequantisation: torchtune README 2,413 vs 3,083 tok/s for LoRA (≈1.28× slower).
QLORA_SLOWDOWN = 1.28
# CPU offload is costed from what a step streams and what the host computes (sizing.offload, at the
# rates of knowledge/data/settings.yaml `cpu_offload`), not by a flat factor.
# The low-memory full fine-tuning recipe (paged 8-bit AdamW, optimizer step in backward; sizing.lowmem):
# torchtune README, Llama 3.1 8B on one RTX 4090, both with activation checkpointing: full fine-tuning
# 1,650 tok/s, LoRA 3,083 tok/s; at 6N vs 4N FLOPs per token plain full fine-tuning would run at
# 3,083 / 1.5 = 2,055 tok/s, so the recipe costs 2,055 / 1,650 ≈ 1.25× (read 2026-12-01).
LOW_MEMORY_SLOWDOWN = 1.25
# Tensor parallelism inside NVLink, per doubling of TP. Fitted: 0. It was a 3% assumption (Korthikanti
# Table 5: 41.5-56% MFU with TP 8); refitted with C_RIDGE and ALPHA_WIDTH in every leave-one-out fold
# over 0, 1.5%, 3% and 5% (44 runs, 2026-12-01), every fold chose 0, and the runs the fit never saw
# came out better (within ±25%: 68% -> 75%, median error 14% -> 11%): the published runs that use
# TP 8 (Llama 2/3 70B, LLaMA-65B, Falcon-180B, Llama 3.1 405B) were predicted too slow, and the
# calibrated base MFU already carries what TP costs on the runs it was fitted on. Communication a
# slow link cannot hide is network.comm_slowdown's, not this.
TP_LOSS_PER_DOUBLING = 0.0
# ZeRO-3 moves 3Ψ instead of 2Ψ per step (ZeRO paper §7.2); EleutherAI found its overhead too high
# at scale (Transformer Math 101). 5% when multi-GPU [assumption].
ZERO3_LOSS = 0.05

# The search space of `fit` (a grid: deterministic, no optimiser library, fine at this size).
_C_GRID = tuple(i * 0.0002 for i in range(5, 101))  # 0.001 … 0.02
_ALPHA_GRID = tuple(i * 0.05 for i in range(21))  # 0 … 1


def base_efficiency(mamf: float, ridge: float, hidden: int, c_ridge: float, alpha: float) -> float:
    """The calibrated part of the MFU (see the module doc)."""
    width = (H_REF / hidden) ** alpha
    return float(mamf / (1.0 + c_ridge * mamf * ridge * width))


@dataclass(frozen=True, slots=True)
class RunPoint:
    """One published run as the fit sees it: the GPU's MAMF and ridge point, the model's width,
    and the base efficiency that would have reproduced the published GPU-hours exactly."""

    mamf: float
    ridge: float
    hidden: int
    needed: float

    def log_error(self, c_ridge: float, alpha: float) -> float:
        """ln(predicted GPU-hours / published) at these constants."""
        return math.log(self.needed / base_efficiency(self.mamf, self.ridge, self.hidden, c_ridge, alpha))


def fit(points: Sequence[RunPoint]) -> tuple[float, float]:
    """(C_RIDGE, ALPHA_WIDTH) minimising the sum of |ln(predicted / published)| over the runs."""
    if not points:
        raise ValueError("no runs to fit")
    best: tuple[float, float, float] | None = None
    for c in _C_GRID:
        for a in _ALPHA_GRID:
            loss = sum(abs(p.log_error(c, a)) for p in points)
            if best is None or loss < best[0] - 1e-12:
                best = (loss, c, a)
    assert best is not None
    return round(best[1], 6), round(best[2], 4)


def leave_one_out(points: Sequence[RunPoint]) -> list[float]:
    """ln(predicted / published) for each run with the constants fitted on all the others."""
    out = []
    for i, p in enumerate(points):
        c, a = fit([q for j, q in enumerate(points) if j != i])
        out.append(p.log_error(c, a))
    return out


def band_from(log_errors: Sequence[float], quantile: float = BAND_QUANTILE) -> float:
    """The ln half-width that holds `quantile` of these errors."""
    ordered = sorted(abs(e) for e in log_errors)
    if not ordered:
        raise ValueError("no errors")
    index = min(len(ordered) - 1, max(0, math.ceil(quantile * len(ordered)) - 1))
    return ordered[index]
