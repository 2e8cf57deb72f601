"""The low-memory full fine-tuning recipe: a plan option with its memory and speed cost, and the plan
itself when the request asks for it (`SizingRequest.low_memory`).

torchtune's single-device full fine-tuning configs train all of Llama 3.1 8B on one GPU: 18.9 GiB
peak on an RTX 4090 and 37.4 GiB on an A6000 (pytorch/torchtune README, batch 2, packed 2,048-token
sequences; reference/sizing.md §3.2). Their memory comes from three choices, modelled term by term in
sizing.memory:
- pure bf16 weights, no fp32 master copy: 2 B/param;
- paged 8-bit AdamW (bitsandbytes PagedAdamW8bit): m and v at 1 byte each, in pageable (unified)
  memory that moves to CPU memory under pressure, so they never make the GPU run out; we count them
  off the GPU, which is what the 4090's 18.9 GiB implies (8B × 2 B of weights alone is 16 GB);
- the optimizer step fused into the backward pass (torchtune `optimizer_in_bwd`), so gradients are
  freed as they are made and at most one layer's are held. It steps every micro-batch: no gradient
  accumulation.
Activation checkpointing is chosen as for any plan (only where memory needs it): on, the 8B recipe
comes to ~19 GB on the 4090; off, ~41 GB, the A6000's 37.4 GiB (40.2 GB).
It runs ~1.25× slower per step (calibration.LOW_MEMORY_SLOWDOWN) and pure-bf16 updates and 8-bit states
can cost some accuracy, so the engine plans plain mixed-precision AdamW unless asked: PEFT's README
reports OOM for a 12B full fine-tune with plain AdamW on one A100-80GB, which this recipe would fit.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from sizing import calibration as cal
from sizing.layout import choose
from sizing.result import Option, SizingWarning
from sizing.types import GpuSpec
from sizing.workload import Workload


def applies(w: Workload) -> bool:
    """A plain mixed-precision AdamW full fine-tune, which the recipe can shrink."""
    return (
        w.method == "full_finetune" and not w.low_memory and w.optimizer == "adamw" and w.precision != "fp32"
    )


def suggestion(
    w: Workload, top: Option, fits: Callable[[GpuSpec, int], bool] | None = None
) -> SizingWarning | None:
    """When plain AdamW full fine-tuning does not fit on one GPU of the plan's type, say whether the
    low-memory recipe would, with its memory and speed cost. The plan, and its `fits`, are unchanged.
    `fits`: whether some layout of `w` fits on so many GPUs of a type (plan()'s Evaluator.fits,
    which knows; without it a layout search of its own answers)."""
    if not applies(w):
        return None
    if top.fits and top.gpus == 1 or (fits(top.gpu, 1) if fits is not None else choose(w, top.gpu, 1).fits):
        return None
    low = choose(replace(w, low_memory=True), top.gpu, 1)
    if not low.fits:
        return None
    return SizingWarning(
        "low_memory_full_finetune",
        params=(
            ("gpu", top.gpu.id),
            ("memory_gb", round(low.memory.total_gb, 1)),
            ("gpu_memory_gb", top.gpu.capacity_gb),
            ("gpu_sold_memory_gb", top.gpu.memory_gb),
            ("optimizer", "paged_adamw_8bit"),
            ("paged", True),
            ("recompute", low.layout.recompute),
            ("slowdown", cal.LOW_MEMORY_SLOWDOWN),
        ),
    )
