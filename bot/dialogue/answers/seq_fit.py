""" "max sequence length for a 7B LoRA on an A10G", "how long a context can I train QLoRA 13B on 24 GB",
"7B LoRA 在 A10G 上序列长度最长能开多少": the longest sequence whose activations fit the GPU memory asked
about at micro-batch 1, with the usual headroom.

The twin of answers/batch_fit.py, along the other axis: the model state does not depend on the sequence,
the activations and logits grow with micro-batch × sequence length, so probes at two lengths give the
per-token growth; the longest length that fits (rounded down to a multiple of ROUND) is then checked with a
probe of its own. Said with full activation checkpointing (the least memory) and, when it fits, without it."""

from __future__ import annotations

import math
from typing import Any

from bot.dialogue.answers.base import Question, probe
from bot.dialogue.answers.batch_fit import memory_target
from bot.dialogue.answers.feasibility import assumptions
from bot.dialogue.reply import Reply
from bot.nlu.question_cues import asks_seq_len
from bot.nlu.text import normalise
from sizing.assumptions import MIN_HEADROOM
from sizing.types import GpuSpec, Method

NEEDS = ("params", "a GPU or its memory")
# The two lengths the per-token growth is read from, the step a length found is rounded down to, and
# the longest length the answer extrapolates to (past it the model's own window is the limit).
PROBE_LENGTHS = (1024, 2048)
ROUND = 256
MAX_SEQ_LEN = 131_072
# Words that make a context question a training one when no method is said ("how long a context can I train").
TRAINING_WORDS = ("train", "fine-tun", "finetun", "fine tun", "训", "微调")


def asks(text: str) -> bool:
    return asks_seq_len(normalise(text).lower)


def trains(q: Question) -> bool:
    """A training job is named (a method, or a training verb): "what's the longest context llama 3.1 70b
    can handle on 2 H100s?" is the serving window's question (answers/model_info.py), not this one."""
    if q.u.said.get("method") is not None:
        return True
    low = normalise(q.text).lower
    return any(w in low for w in TRAINING_WORDS)


def answer(q: Question, reply: Reply) -> bool:
    params = q.slot("params")
    if params is None or not asks(q.text):
        return False
    target = memory_target(q)
    if target is None:
        return False
    spec, count, method, usable = target.spec, target.count, target.method, target.usable_gb
    named, shown_gb = target.named, target.shown_gb
    full = _longest(q, spec, count, method, usable, recompute=True)
    if full is None:
        return False
    plain = _longest(q, spec, count, method, usable, recompute=False) if full["seq_len"] else None
    assumed = assumptions(q, full["option"])
    assumed["seq_len"] = None  # the answer is the sequence length
    assumed["micro_batch"] = None  # said: micro-batch 1
    assumed["recompute"] = None  # said per row
    reply.add(
        "seq_fit",
        params=float(params),
        method=method,
        gpu_name=named,
        memory_gb=shown_gb,
        gpus=count,
        min_free=MIN_HEADROOM,
        full=_row(full),
        plain=_row(plain) if plain is not None else None,
        assumed=assumed,
    )
    reply.add_faq("faq.batch_size")
    return True


def _row(found: dict[str, Any]) -> dict[str, Any]:
    return {
        "seq_len": found["seq_len"],
        "gb": found["gb"],
        "base_gb": found["base_gb"],
        "per_1k_gb": found["per_token_gb"] * 1000,
        "capped": found["seq_len"] >= MAX_SEQ_LEN,
    }


def _longest(
    q: Question, spec: GpuSpec, count: int, method: Method, usable: float, *, recompute: bool
) -> dict[str, Any] | None:
    """The longest sequence (a multiple of ROUND) whose peak memory per GPU at micro-batch 1 stays within
    `usable` GB (0 when even the shortest probe does not), with that probe's option; None when the
    engine cannot plan the job on the card at all. The engine may pick another layout (ZeRO stage) for a
    longer sequence, so the linear guess is only where the search starts: it is bisected on probes."""
    short, long = (_probe(q, spec, count, method, n, recompute) for n in PROBE_LENGTHS)
    if short is None or long is None:
        return None
    m1, m2 = float(short["memory_per_gpu_gb"]), float(long["memory_per_gpu_gb"])
    per_token = max((m2 - m1) / (PROBE_LENGTHS[1] - PROBE_LENGTHS[0]), 1e-9)
    base = m1 - per_token * PROBE_LENGTHS[0]
    found: dict[str, Any] = {
        "option": short,
        "seq_len": 0,
        "gb": m1,
        "base_gb": base,
        "per_token_gb": per_token,
    }
    if m1 > usable:
        return found
    best, best_option = PROBE_LENGTHS[0], short
    over: int | None = None

    def fits(n: int) -> dict[str, Any] | None:
        checked = _probe(q, spec, count, method, n, recompute)
        return checked if checked is not None and float(checked["memory_per_gpu_gb"]) <= usable else None

    guess = min(MAX_SEQ_LEN, max(best + ROUND, math.floor((usable - base) / per_token / ROUND) * ROUND))
    while over is None and best < MAX_SEQ_LEN:
        checked = fits(guess)
        if checked is None:
            over = guess
        else:
            best, best_option = guess, checked
            guess = min(MAX_SEQ_LEN, guess * 2)
    while over is not None and over - best > ROUND:
        mid = (best + over) // 2 // ROUND * ROUND
        checked = fits(mid)
        if checked is None:
            over = mid
        else:
            best, best_option = mid, checked
    peak = float(best_option["memory_per_gpu_gb"])
    found.update(option=best_option, seq_len=best, gb=peak)
    half = best // 2 // ROUND * ROUND
    layout = (best_option.get("layout") or {}).get("zero_stage")
    shorter = _probe(q, spec, count, method, half, recompute) if half >= ROUND else None
    if shorter is not None and (shorter.get("layout") or {}).get("zero_stage") == layout:
        # the split of the answer's own layout: what does not grow with the length, and what does
        growth = max((peak - float(shorter["memory_per_gpu_gb"])) / (best - half), 1e-9)
        found.update(per_token_gb=growth, base_gb=peak - growth * best)
    return found


def _probe(
    q: Question, spec: GpuSpec, count: int, method: Method, seq_len: int, recompute: bool
) -> dict[str, Any] | None:
    mode = "full" if recompute else "none"
    return probe(q, spec, count, method, minimal=True, micro_batch=1, recompute=mode, seq_len=seq_len)
