""" "Which provider is cheapest for this?", "哪家云最便宜？" after a plan: the job planned on each cloud of
the catalogue alone (the GPU the user chose kept), cheapest first, instead of the provider checklist.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from bot.dialogue.clouds import restricted
from bot.dialogue.memo import Planner
from bot.dialogue.plan import build_request
from bot.dialogue.reply import Reply
from bot.dialogue.state import DialogueState
from bot.render.views import option_view
from sizing.errors import SizingError

if TYPE_CHECKING:
    from knowledge import KnowledgeBase


def answer(state: DialogueState, reply: Reply, kb: KnowledgeBase, plan: Planner, today: dt.date) -> bool:
    clouds = sorted({o.cloud for o in kb.catalog.offerings})
    rows: list[dict[str, Any]] = []
    for cloud in clouds:
        catalog = restricted(kb.catalog, [cloud])
        try:
            result = plan(build_request(replace(state, clouds=[cloud]), catalog, today), catalog)
        except SizingError:
            continue
        fitting = [o for o in result.options if o.fits]
        if not fitting:
            continue
        row = option_view(fitting[0].to_dict(result.currency), kb.catalog)
        if row.get("cost") is None:
            continue
        rows.append({**row, "provider": cloud})
    if len(rows) < 2:
        return False
    rows.sort(key=lambda r: float(r["cost"]))
    deadline = state.slots.get("days")
    reply.add("plan_clouds", rows=rows, deadline=deadline, slots=state.slots)
    return True
