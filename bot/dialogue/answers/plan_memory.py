""" "How much VRAM per GPU does that need?", "这个方案每张卡要多少显存？" after a plan: that plan's memory per
GPU, term by term, against the GPU's, instead of the general note on estimating training memory.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from bot.dialogue.memo import Planner
from bot.dialogue.reply import Reply
from bot.dialogue.state import DialogueState
from sizing.errors import SizingError

if TYPE_CHECKING:
    from knowledge import KnowledgeBase

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
