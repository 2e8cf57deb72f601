"""Choose a parallel layout (DP × TP × PP, ZeRO stage, recompute, micro-batch) for n GPUs.

Rules: TP stays inside the NVLink/Infinity-Fabric domain (≤ 8 on HGX/OAM boards; Megatron
guidance, arXiv 2104.04473 takeaway #1); PP spans nodes; DP/ZeRO takes the rest. Among layouts
whose peak fits, the fastest wins, preferring ≥20% free memory; recompute is chosen automatically
as the cheapest mode that fits.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from sizing import calibration as cal
from sizing.compute import effective_precision, recompute_factor
from sizing.memory import Layout, MemoryBreakdown, Recompute, breakdown
from sizing.types import GpuSpec
from sizing.workload import Workload

SPEED_SLACK = 0.10
HEADROOM = 0.20  # keep 20-30% of GPU memory free (DESIGN.md; fragmentation and spikes)
_NO_FLASH = ("turing", "volta")  # FlashAttention-2 needs Ampere or newer (Dao-AILab README)


@dataclass(frozen=True, slots=True)
class Fitted:
    layout: Layout
    memory: MemoryBreakdown
    fits: bool
    headroom: float  # fraction of GPU memory left free (negative when it does not fit)


def _powers(limit: int) -> list[int]:
    out, p = [], 1
    while p <= limit:
        out.append(p)
        p *= 2
    return out


def _grad_accum(w: Workload, dp: int, micro_batch: int) -> int:
    return max(1, round(w.global_batch_tokens / (dp * micro_batch * w.seq_len)))


def max_tp(gpu: GpuSpec) -> int:
    return max(1, min(8, gpu.scale_up_domain)) if gpu.scale_up_gbs else 1


def _modes(gpu: GpuSpec) -> tuple[Recompute, Recompute]:
    return ("none" if gpu.architecture in _NO_FLASH else "selective", "full")


def _speed(w: Workload, tp: int, pp: int, zero: int, rec: str, grad_accum: int) -> float:
    """Relative speed of a layout (same losses as compute.throughput, without the constants)."""
    speed = 1.0 - cal.TP_LOSS_PER_DOUBLING * math.log2(tp)
    speed /= 1.0 + (pp - 1) / grad_accum
    if zero >= 3:
        speed *= 1.0 - cal.ZERO3_LOSS
    return speed / recompute_factor(w, rec)


def choose(w: Workload, gpu: GpuSpec, gpus: int) -> Fitted:
    """The best layout on `gpus` GPUs of this type; if nothing fits, the one with least memory."""
    precision = effective_precision(gpu, w.precision)
    capacity = gpu.memory_gb
    mbs = [w.micro_batch] if w.micro_batch else [b for b in _powers(w.default_micro_batch)[::-1]]
    candidates: list[tuple[float, int, int, int, int, Recompute]] = []
    for tp in _powers(min(max_tp(gpu), gpus)):
        for pp in _powers(min(gpus // tp, w.arch.layers)):
            if gpus % (tp * pp):
                continue
            dp = gpus // (tp * pp)
            for zero in (0,) if dp == 1 else (1, 2, 3):
                for rec in _modes(gpu):
                    ga = _grad_accum(w, dp, mbs[0])
                    speed = _speed(w, tp, pp, zero, rec, ga)
                    candidates.append((-speed, zero, tp, pp, dp, rec))
    candidates.sort(key=lambda c: (round(c[0], 6), c[1], c[2], c[3]))
    # Fastest layout that fits; among those within SPEED_SLACK of it, the one with >=20% free
    # memory (a 33% full-recompute slowdown is not worth headroom; a few percent is).
    best: Fitted | None = None
    best_speed = 0.0
    smallest: Fitted | None = None
    for neg_speed, zero, tp, pp, dp, rec in candidates:
        if best is not None and -neg_speed < best_speed * (1.0 - SPEED_SLACK):
            break
        for mb in mbs:
            lay = Layout(gpus, dp, tp, pp, zero, rec, mb, _grad_accum(w, dp, mb))
            mem = breakdown(w, lay, precision)
            headroom = 1.0 - mem.total_gb / capacity
            fitted = Fitted(lay, mem, headroom >= 0.0, headroom)
            if headroom >= HEADROOM:
                return fitted
            if fitted.fits and best is None:
                best, best_speed = fitted, -neg_speed
            if smallest is None or mem.total_gb < smallest.memory.total_gb:
                smallest = fitted
    if best is not None:
        return best
    assert smallest is not None
    return smallest
