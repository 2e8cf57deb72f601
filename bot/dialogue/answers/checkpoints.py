""" "为什么要留这么多检查点储存？", "why do checkpoints need so much space?" after a plan: the checkpoint of
that plan (its size, what is in it for the method, how many to keep and what that totals), not the
general pitfall about forgetting checkpoint storage.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from bot.dialogue.memo import Planner
from bot.dialogue.reply import Reply
from bot.dialogue.state import DialogueState

if TYPE_CHECKING:
    from knowledge import KnowledgeBase

# Checkpoints kept by a usual rotation: the latest (resume after a crash or preemption) and one or
# two before it (in case a run diverges), the rest deleted automatically.
KEPT = (2, 3)
# Bytes per parameter of the exported model alone (BF16 weights): what the final model needs.
EXPORT_BYTES_PER_PARAM = 2.0


def answer(state: DialogueState, reply: Reply, kb: KnowledgeBase, plan: Planner, today: dt.date) -> bool:
    from bot.dialogue.recommend import planned_top

    top = planned_top(state, kb, plan, today, reply.lang)
    if top is None:
        return False
    size = top.get("checkpoint_gb")
    params = state.slots.get("params")
    if not size or not params:
        return False
    method = state.slots.get("method") or "full_finetune"
    reply.add(
        "checkpoints",
        top=top,
        method=method,
        size_gb=float(size),
        params=float(params),
        per_param=float(size) * 1e9 / float(params),
        export_gb=float(params) * EXPORT_BYTES_PER_PARAM / 1e9,
        kept=KEPT,
        owned=bool(state.owned),
    )
    reply.add_faq("faq.checkpoint_storage")
    return True
