"""A low-memory single-GPU full fine-tuning recipe, offered as a suggestion, never as the plan.

torchtune's single-device low-memory recipe fine-tunes all of Llama 3.1 8B on one GPU: 37.4 GiB
peak on an A6000 and 18.9 GiB on an RTX 4090 (pytorch/torchtune README, batch 2, packed 2,048-token
sequences; reference/sizing.md §3.2). Its memory comes from four choices, modelled term by term:
- pure bf16 weights, no fp32 master copy: 2 B/param;
- 8-bit AdamW (bitsandbytes): m and v at 1 byte each, 2 B/param;
- the optimizer step fused into the backward pass (torchtune `optimizer_in_bwd`), so gradients are
  freed as they are made and at most one layer's are held;
- activation checkpointing (full recompute).
A paged optimizer (bitsandbytes paged AdamW) lets its states page out to CPU memory under pressure;
we count them off the GPU, which is what the 4090's 18.9 GiB implies (8B × 2 B of weights alone is
16 GB). Pure-bf16 updates and 8-bit states can cost some accuracy, and the plain AdamW plan stays the
engine's answer: PEFT's README reports OOM for a 12B full fine-tune with plain AdamW on one A100-80GB.
"""

from __future__ import annotations

from sizing.layout import choose
from sizing.memory import CUDA_CONTEXT_GB, FRAGMENTATION, GB, MemoryModel
from sizing.result import Option, SizingWarning
from sizing.workload import Workload

BF16_WEIGHT_BYTES = 2.0
ADAM_8BIT_STATE_BYTES = 2.0  # m and v, one byte each (bitsandbytes 8-bit optimizers)


def single_gpu_gb(w: Workload, paged: bool) -> float:
    """Peak GB on one GPU for the low-memory recipe; `paged`: optimizer states off the GPU."""
    a = w.arch
    mb = w.micro_batch or w.default_micro_batch
    weights = a.params_exact * BF16_WEIGHT_BYTES
    states = 0.0 if paged else a.params_exact * ADAM_8BIT_STATE_BYTES
    gradients = a.largest_layer_params * BF16_WEIGHT_BYTES
    activations, logits = MemoryModel(w, "bf16").activations_and_logits(1, "full", mb)
    subtotal = weights + states + gradients + activations + logits
    return (CUDA_CONTEXT_GB * GB + (1.0 + FRAGMENTATION) * subtotal) / GB


def suggestion(w: Workload, top: Option) -> SizingWarning | None:
    """When plain AdamW full fine-tuning does not fit on one GPU of the plan's type, say whether the
    low-memory recipe would. The plan, and its `fits`, are unchanged."""
    if w.method != "full_finetune" or w.optimizer != "adamw" or w.precision == "fp32":
        return None
    if top.fits and top.gpus == 1 or choose(w, top.gpu, 1).fits:
        return None
    capacity = top.gpu.capacity_gb
    on_gpu, paged = single_gpu_gb(w, paged=False), single_gpu_gb(w, paged=True)
    if on_gpu <= capacity:
        need = on_gpu
    elif paged <= capacity:
        need = paged
    else:
        return None
    return SizingWarning(
        "low_memory_full_finetune",
        params=(
            ("gpu", top.gpu.id),
            ("memory_gb", round(need, 1)),
            ("gpu_memory_gb", capacity),
            ("optimizer", "adamw_8bit"),
            ("paged", need == paged and on_gpu > capacity),
            ("recompute", "full"),
        ),
    )
