""" "what batch size fits for 7b lora on 24gb", "7B LoRA 在 24G 显存上 batch 能开多大", "max micro batch for
QLoRA 13B on a 4090": the largest micro-batch that fits the GPU memory asked about with the usual headroom.

From the engine's memory model: the model state does not depend on the batch, the activations and logits
grow with micro-batch × sequence length, so the micro-batch 1 and 2 probes give the per-sample growth; the
largest micro-batch that fits is then checked with a probe of its own. Said at the sequence length said
(or assumed), with full activation checkpointing (the least memory) and, when it fits at all, without it.
A larger global batch is gradient accumulation's (faq.batch_size), not memory's."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from bot.dialogue.answers.base import Question, probe, said_micro_batch
from bot.dialogue.answers.feasibility import assumptions
from bot.dialogue.hardware import main_variant
from bot.dialogue.reply import Reply
from bot.nlu.question_cues import asks_batch_size
from bot.nlu.text import normalise
from sizing.assumptions import MIN_HEADROOM
from sizing.types import GpuSpec, Method

NEEDS = ("params", "a GPU or its memory")
DEFAULTS = {"method": "full_finetune", "precision": "bf16", "seq_len": 2048, "gpus": 1}
# The micro-batch the answer caps its extrapolation at (nobody sets more per GPU).
MAX_MICRO_BATCH = 256
# The reference GPU a memory size alone is probed on (the memory model does not depend on the card).
PROBE_GPU = "b200"


def asks(text: str) -> bool:
    return asks_batch_size(normalise(text).lower)


@dataclass(frozen=True)
class MemoryTarget:
    """The GPU memory a fit question is about: a named card (probed on itself) or a memory size alone
    (probed on PROBE_GPU), with the count, the method and the GB usable under the usual headroom."""

    spec: GpuSpec
    count: int
    method: Method
    usable_gb: float
    shown_gb: float
    named: str | None


def memory_target(q: Question) -> MemoryTarget | None:
    """What answers/batch_fit.py and answers/seq_fit.py fit the job into; None without a GPU or memory."""
    gpu = q.slot("gpu") or (q.u.gpus[0] if q.u.gpus else None)
    spec: GpuSpec | None
    if gpu is not None:
        spec = main_variant(q.catalog, str(gpu))
        if spec is None:
            return None
        memory_gb, shown_gb = float(spec.capacity_gb), float(spec.memory_gb)
        named: str | None = spec.name
    else:
        floor = q.memory_floor_gb
        spec = q.catalog.gpu_or_none(PROBE_GPU)
        if floor is None or spec is None:
            return None
        memory_gb, named = float(floor), None
        shown_gb = memory_gb
    method: Method = q.slot("method") or "full_finetune"
    return MemoryTarget(
        spec=spec,
        count=int(q.slot("gpu_count") or 1),
        method=method,
        usable_gb=memory_gb * (1 - MIN_HEADROOM),
        shown_gb=shown_gb,
        named=named,
    )


def answer(q: Question, reply: Reply) -> bool:
    params = q.slot("params")
    if params is None or not asks(q.text):
        return False
    target = memory_target(q)
    if target is None:
        return False
    spec, count, method, usable = target.spec, target.count, target.method, target.usable_gb
    named, shown_gb = target.named, target.shown_gb
    full = _largest(q, spec, count, method, usable, recompute=True)
    if full is None:
        return False
    plain = _largest(q, spec, count, method, usable, recompute=False) if full["micro_batch"] else None
    assumed = assumptions(q, full["option"])
    assumed["micro_batch"] = None  # the answer is the micro-batch
    assumed["recompute"] = None  # said per row
    workload = full["option"].get("workload") or {}
    seq_len = int(workload.get("seq_len") or 2048)
    reply.add(
        "batch_fit",
        params=float(params),
        method=method,
        gpu_name=named,
        memory_gb=shown_gb,
        gpus=count,
        seq_len=seq_len,
        min_free=MIN_HEADROOM,
        full=_row(full, seq_len),
        plain=_row(plain, seq_len) if plain is not None else None,
        assumed=assumed,
    )
    reply.add_faq("faq.batch_size")
    return True


def said_misfit(q: Question, spec: GpuSpec, count: int, method: Method) -> dict[str, Any] | None:
    """ "QLoRA 13B on a 4090, batch 8": when the micro-batch said does not fit `count` × `spec` but a smaller
    one does, the largest that does (full activation checkpointing, the usual headroom, as this answer
    finds it) and the gradient-accumulation steps that keep the batch said; None otherwise (none said,
    it fits, or not even micro-batch 1 fits: the verdict's options are the answer then)."""
    said = said_micro_batch(q)
    if said is None or said <= 1:
        return None
    found = _largest(q, spec, count, method, float(spec.capacity_gb) * (1 - MIN_HEADROOM), recompute=True)
    if found is None or not 1 <= found["micro_batch"] < said:
        return None
    return {
        "said": said,
        "micro_batch": found["micro_batch"],
        "gb": found["gb"],
        "accumulation": math.ceil(said / found["micro_batch"]),
        "min_free": MIN_HEADROOM,
    }


def _row(found: dict[str, Any], seq_len: int) -> dict[str, Any]:
    return {
        "micro_batch": found["micro_batch"],
        "tokens": found["micro_batch"] * seq_len,
        "gb": found["gb"],
        "base_gb": found["base_gb"],
        "per_sample_gb": found["per_sample_gb"],
        "capped": found["micro_batch"] >= MAX_MICRO_BATCH,
    }


def _largest(
    q: Question, spec: GpuSpec, count: int, method: Method, usable: float, *, recompute: bool
) -> dict[str, Any] | None:
    """The largest micro-batch whose peak memory per GPU stays within `usable` GB (0 when even 1 does
    not), with that probe's option; None when the engine cannot plan the job on the card at all."""
    one = _probe(q, spec, count, method, 1, recompute)
    two = _probe(q, spec, count, method, 2, recompute)
    if one is None or two is None:
        return None
    m1, m2 = float(one["memory_per_gpu_gb"]), float(two["memory_per_gpu_gb"])
    per_sample = max(m2 - m1, 1e-6)
    found = {
        "option": one,
        "micro_batch": 0,
        "gb": m1,
        "base_gb": m1 - per_sample,
        "per_sample_gb": per_sample,
    }
    if m1 > usable:
        return found
    guess = min(MAX_MICRO_BATCH, 1 + math.floor((usable - m1) / per_sample))
    while guess > 1:
        checked = _probe(q, spec, count, method, guess, recompute)
        if checked is not None and float(checked["memory_per_gpu_gb"]) <= usable:
            return {**found, "micro_batch": guess, "gb": float(checked["memory_per_gpu_gb"])}
        guess -= max(1, guess // 8)
    return {**found, "micro_batch": 1}


def _probe(
    q: Question, spec: GpuSpec, count: int, method: Method, micro_batch: int, recompute: bool
) -> dict[str, Any] | None:
    mode = "full" if recompute else "none"
    return probe(q, spec, count, method, minimal=True, micro_batch=micro_batch, recompute=mode)
