""" "多加一倍的卡能快一倍吗", "does doubling the GPUs halve the time?" after a plan: after the FAQ entry on
scaling (communication, the global batch, pipeline bubbles), the engine's own answer for that plan: the
same GPU at twice the count, its days, training GPU-hours and cost beside the plan's. The speed-up and the
scaling efficiency (GPU-hours before over after) are the engine's scaling model, never a rule of thumb."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from typing import Any

from bot.dialogue.memo import Planner
from bot.dialogue.plan import build_request
from bot.dialogue.reply import Reply
from bot.dialogue.state import DialogueState
from knowledge import KnowledgeBase
from sizing.errors import SizingError

# The FAQ entry the figures follow.
SCALING_FAQ = "faq.multi_node_scaling"
# Times more GPUs the question weighs when it names no count: "一倍", "double".
FACTOR = 2


def on_plan(state: DialogueState, kb: KnowledgeBase, plan: Planner, today: dt.date, reply: Reply) -> None:
    """The plan's GPU at its count and at FACTOR times it, as the engine plans each: one line after the
    FAQ's answer. Nothing when there is no plan or the engine cannot plan either."""
    last = state.last or {}
    gpu, gpus = last.get("gpu"), last.get("gpus")
    if not gpu or not isinstance(gpus, int) or gpus < 1:
        return
    currency = str(last.get("currency") or "USD")
    rows: list[dict[str, Any]] = []
    for count in (gpus, gpus * FACTOR):
        slots = {**state.slots, "gpu": gpu, "gpu_count": count}
        try:
            result = plan(build_request(replace(state, slots=slots), kb.catalog, today), kb.catalog)
        except SizingError:
            return
        if not result.options or not result.options[0].fits:
            return
        top = result.options[0].to_dict(currency)
        raw = top.get("cost")
        cost: dict[str, Any] = raw if isinstance(raw, dict) else {}
        rows.append(
            {
                "gpus": top.get("gpus"),
                "days": top.get("days"),
                "gpu_hours": top.get("gpu_hours"),
                "nodes": top.get("nodes"),
                "cost": cost.get("amount"),
                "currency": cost.get("currency") or currency,
                "name": top.get("gpu_name") or gpu,
            }
        )
    before, after = rows
    if not all(isinstance(r["days"], int | float) and r["days"] for r in rows):
        return
    if not all(isinstance(r["gpu_hours"], int | float) and r["gpu_hours"] for r in rows):
        return
    reply.add(
        "scaling_on_plan",
        before=before,
        after=after,
        speedup=float(before["days"]) / float(after["days"]),
        efficiency=float(before["gpu_hours"]) / float(after["gpu_hours"]),
        factor=float(after["gpus"] or 0) / float(before["gpus"] or 1),
    )
