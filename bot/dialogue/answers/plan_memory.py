""" "How much VRAM per GPU does that need?", "这个方案每张卡要多少显存？" after a plan: that plan's memory per
GPU, term by term, against the GPU's, instead of the general note on estimating training memory.
"Will memory blow up at 16k context?" (a length said with a memory question): before a model is known, the
FAQ on how the sequence length drives memory, then the form; on a plan, that plan's memory at the new length
on the same GPUs, fits or not, before the plan at that length.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from typing import TYPE_CHECKING

from bot.dialogue.memo import Planner
from bot.dialogue.reply import Reply
from bot.dialogue.state import DialogueState
from bot.nlu.lexicon import has_cue
from bot.nlu.question_cues import LENGTH_MEMORY
from bot.nlu.text import normalise
from knowledge.search import Hit
from sizing.errors import SizingError
from sizing.layout import HEADROOM

if TYPE_CHECKING:
    from bot.dialogue.understand import Understood
    from knowledge import KnowledgeBase

# The FAQ on how the sequence length drives training memory.
LENGTH_FAQ = "faq.sequence_length_memory"

# The terms of the engine's memory breakdown, in the order shown.
TERMS = (
    "weights_gb",
    "gradients_gb",
    "optimizer_gb",
    "activations_gb",
    "logits_gb",
    "buffers_gb",
    "overhead_gb",
)


def answer(state: DialogueState, reply: Reply, kb: KnowledgeBase, plan: Planner, today: dt.date) -> bool:
    from bot.dialogue.recommend import plan_context

    try:
        rec, _fired, context = plan_context(state, kb, plan, today, reply.lang)
    except SizingError:
        return False
    raw = (rec.get("options") or [{}])[0]
    memory = raw.get("memory") or {}
    top = context["options"][0]
    if not memory or not top.get("memory_per_gpu_gb"):
        return False
    terms = [(name[:-3], float(memory[name])) for name in TERMS if float(memory.get(name) or 0) >= 0.05]
    reply.add("plan_memory", top=top, terms=terms, method=state.slots.get("method"))
    return True


def asks_at_length(u: Understood, text: str) -> bool:
    """A sequence length said with a memory question ("context length 16k, will it OOM?",
    "序列长度16k显存会爆吗"). The length said is the cheap precondition: most messages say none."""
    return u.said.get("seq_len") is not None and has_cue(normalise(text).lower, LENGTH_MEMORY)


def length_faq_first(state: DialogueState, u: Understood, text: str) -> bool:
    """The memory question at a length, with no model known yet: the FAQ answers it before the form asks."""
    if state.last is not None or u.said.get("params") is not None or state.slots.get("params") is not None:
        return False
    return u.task != "serve" and asks_at_length(u, text)


def length_faq(kb: KnowledgeBase) -> list[Hit] | None:
    entry = kb.entry(LENGTH_FAQ)
    return None if entry is None else [Hit(LENGTH_FAQ, 1.0, entry.title)]


def at_length(state: DialogueState, reply: Reply, kb: KnowledgeBase, plan: Planner, today: dt.date) -> bool:
    """ "if I raise the context length to 16k will memory blow up?" on a plan (the length already taken into
    `state`): the memory per GPU of the plan's own GPUs and count at that length, and whether it fits, said
    before the plan at the new length (which moves to other GPUs when these no longer hold it)."""
    from bot.dialogue.recommend import run_plan

    last = state.last
    seq_len = state.slots.get("seq_len")
    if last is None or not last.get("gpu") or not last.get("gpus") or seq_len is None:
        return False
    gpu, count = last["gpu"], last["gpus"]
    same = replace(state, slots={**state.slots, "gpu": gpu, "gpu_count": count})
    try:
        rec = run_plan(same, kb, plan, today)
    except SizingError:
        return False
    top = next(
        (o for o in rec.get("options") or [] if o.get("gpu") == gpu and o.get("gpus") == count),
        None,
    )
    spec = kb.catalog.gpu_or_none(gpu)
    if top is None or spec is None or not top.get("memory_per_gpu_gb"):
        return False
    headroom = top.get("memory_headroom")
    reply.add(
        "length_memory",
        seq_len=seq_len,
        gpus=count,
        name=spec.name,
        per_gpu_gb=float(top["memory_per_gpu_gb"]),
        before_gb=last.get("memory"),
        gpu_memory_gb=spec.memory_gb,
        fits=bool(top.get("fits", True)),
        headroom=headroom,
        tight=headroom is not None and float(headroom) < HEADROOM,
        owned=state.owned,
    )
    return True
