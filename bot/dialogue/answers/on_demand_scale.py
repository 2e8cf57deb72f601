""" "pretrain 13B on 1T tokens by tomorrow" planned on 1,536 × B200: a count no cloud rents on demand. Said
once per conversation, after the plan: such counts take a reserved or contracted cluster, or a longer
deadline on the largest count rented without a contract (knowledge/data/settings.yaml `on_demand_scale`),
with how long the job takes there. Ordinary plans, and the GPUs a team owns, get nothing."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from bot.dialogue.memo import Planner
from bot.dialogue.reply import Reply
from bot.dialogue.state import DialogueState
from knowledge.cluster_scale import on_demand_scale
from sizing.errors import SizingError

if TYPE_CHECKING:
    from knowledge import KnowledgeBase

# The note's key among the tips shown (said once per conversation), and the FAQ on getting capacity.
SHOWN = "note:on_demand_scale"
CAPACITY_FAQ = "faq.quotas_capacity"


def answer(
    state: DialogueState,
    summary: Mapping[str, Any] | None,
    reply: Reply,
    kb: KnowledgeBase,
    plan: Planner,
    today: dt.date,
) -> bool:
    limit = on_demand_scale()
    gpus = int((summary or {}).get("gpus") or 0)
    if summary is None or gpus <= limit.max_gpus or state.owned or summary.get("owned"):
        return False
    if SHOWN in (state.shown_tips or []):
        return False
    from bot.dialogue.recommend import run_plan

    at_most = None
    fewer = replace(
        state,
        slots={**state.slots, "gpu": summary.get("gpu"), "gpu_count": limit.max_gpus, "days": None},
        count_limit=False,
        asap=False,
    )
    try:
        top = (run_plan(fewer, kb, plan, today).get("options") or [{}])[0]
    except SizingError:
        top = {}
    if top.get("gpus") == limit.max_gpus and top.get("days") and top.get("fits", True):
        at_most = {"gpus": limit.max_gpus, "name": summary.get("name"), "days": float(top["days"])}
    reply.add(
        "on_demand_scale",
        gpus=gpus,
        name=summary.get("name"),
        limit=limit.max_gpus,
        cite=limit.citation,
        at_most=at_most,
    )
    reply.add_faq(CAPACITY_FAQ)
    state.shown_tips = sorted({*(state.shown_tips or []), SHOWN})
    return True
