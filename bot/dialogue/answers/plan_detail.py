""" "How many nodes is that?", "what network do we need between them?", "需要什么存储？" after a plan: the
plan's own layout, network or storage line, not the general note on single vs multi-GPU or networks.
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

ASPECTS = {
    "nodes": re.compile(
        r"how many (?:nodes|machines|servers|instances|boxes|hosts)"
        r"|(?:几|多少)(?:台|个节点|个机器|个服务器|节点)"
    ),
    "network": re.compile(
        r"\b(?:network|networking|interconnect|infiniband|bandwidth|nvlink|nic)s?\b|网络|带宽|互联|网卡|组网"
    ),
    "storage": re.compile(r"\b(?:storage|disk|filesystem|file system)s?\b|存储|硬盘|磁盘|文件系统"),
}
_ASKS = re.compile(r"[?？]|how|what|which|do we need|吗|什么|多少|几|哪|怎么|要不要|需不需要")


def aspect(text: str) -> str | None:
    """Which part of the plan the question is about, or None."""
    t = normalise(text).lower
    if not _ASKS.search(t):
        return None
    return next((name for name, cue in ASPECTS.items() if cue.search(t)), None)


def answer(
    state: DialogueState, reply: Reply, kb: KnowledgeBase, plan: Planner, today: dt.date, part: str
) -> bool:
    from bot.dialogue.recommend import plan_context

    try:
        _rec, _fired, context = plan_context(state, kb, plan, today, reply.lang)
    except SizingError:
        return False
    top = context["options"][0]
    reply.add("plan_detail", top=top, part=part, owned=bool(context.get("owned")))
    return True
