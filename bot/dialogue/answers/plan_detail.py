""" "How many nodes is that?", "what network do we need between them?", "需要什么存储？" after a plan: the
plan's own layout, network or storage line, not the general note on single vs multi-GPU or networks.
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


def answer(
    state: DialogueState, reply: Reply, kb: KnowledgeBase, plan: Planner, today: dt.date, part: str
) -> bool:
    from bot.dialogue.recommend import plan_context

    try:
        _rec, _fired, context = plan_context(state, kb, plan, today, reply.lang)
    except SizingError:
        return False
    top = context["options"][0]
    reply.add(
        "plan_detail",
        top=top,
        part=part,
        owned=bool(context.get("owned")),
        cluster_network=state.cluster_network,
    )
    return True
