""" "How much VRAM per GPU does that need?", "这个方案每张卡要多少显存？" after a plan: that plan's memory per
GPU, term by term, against the GPU's, instead of the general note on estimating training memory.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import TYPE_CHECKING

from bot.dialogue.memo import Planner
from bot.dialogue.reply import Reply
from bot.dialogue.state import DialogueState
from bot.nlu.text import normalise
from sizing.errors import SizingError

if TYPE_CHECKING:
    from knowledge import KnowledgeBase

_MEMORY = re.compile(r"\b(?:vram|gpu memory|memory)\b|显存|内存")
_HOW_MUCH = re.compile(r"how much|how many gb|per gpu|per card|each gpu|多少|多大|几g|每张|每卡|每块")
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


def asks(text: str) -> bool:
    t = normalise(text).lower
    return bool(_MEMORY.search(t) and _HOW_MUCH.search(t))


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
