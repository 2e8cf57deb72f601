""" "Compare the two plans", "which one would you pick?", "这两个方案比一下", "which was cheaper, the
1-week or the 2-week one?" after a change to a plan: the plan before the change and the plan now side by
side, each named by what differs between them, and which to take (cheaper and no slower wins; else the
trade-off).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from bot.dialogue.memo import Planner
from bot.dialogue.reply import Reply
from bot.dialogue.state import DialogueState
from bot.render.formats import fmt_duration

if TYPE_CHECKING:
    from bot.dialogue.understand import Understood
    from knowledge import KnowledgeBase

# What tells two plans apart, in the order their names say it.
NAMING_SLOTS = (
    "gpu",
    "gpu_count",
    "method",
    "params",
    "tokens",
    "data_bytes",
    "epochs",
    "precision",
    "days",
    "budget",
)


def pair(state: DialogueState) -> tuple[Mapping[str, Any], Mapping[str, Any]] | None:
    """The plan before the last change and the plan now, when both are held and differ."""
    before = (state.previous or {}).get("last")
    now = state.last
    if not isinstance(before, dict) or not isinstance(now, dict):
        return None
    return before, now


def names_the_plans(state: DialogueState, said: Mapping[str, Any]) -> bool:
    """ "the 1-week or the 2-week one": every value said is one of the two plans' own."""
    old = (state.previous or {}).get("slots") or {}
    return bool(said) and all(v in (old.get(k), state.slots.get(k)) for k, v in said.items())


def answer(state: DialogueState, reply: Reply, *, first: bool = False) -> bool:
    """The two plans side by side; with `first`, the job's first plan (state.first) instead of the plan
    before the last change ("how does that compare to the first one?"), unless that is the same."""
    plans = _first_pair(state) if first else None
    if first and plans is None and state.previous is None and isinstance(state.last, dict):
        reply.add("plan_pair", rows=[], pick={}, still_first=state.last)  # no change made since the first
        return True
    first = plans is not None
    old = dict(((state.first if first else state.previous) or {}).get("slots") or {})
    plans = plans or pair(state)
    if plans is None:
        return False
    before, now = plans
    new = dict(state.slots)
    differ = [k for k in NAMING_SLOTS if old.get(k) != new.get(k)]
    if not differ and (before.get("gpu"), before.get("gpus")) == (now.get("gpu"), now.get("gpus")):
        return False
    rows = [
        {"plan": before, "said": [(k, old.get(k)) for k in differ]},
        {"plan": now, "said": [(k, new.get(k)) for k in differ]},
    ]
    reply.add("plan_pair", rows=rows, pick=pick(before, now), first=first)
    return True


def _first_pair(state: DialogueState) -> tuple[Mapping[str, Any], Mapping[str, Any]] | None:
    """The job's first plan and the plan now, when the first is held and is not the plan now."""
    first = (state.first or {}).get("last")
    now = state.last
    if (
        not isinstance(first, dict)
        or not isinstance(now, dict)
        or (state.first or {}).get("slots") == state.slots
    ):
        return None
    return first, now


def two_gpus(
    state: DialogueState,
    u: Understood,
    reply: Reply,
    kb: KnowledgeBase,
    plan: Planner,
    today: dt.date,
    text: str,
) -> bool:
    """ "这两个卡有什么区别？" after an A100 → H100 change: the datasheet comparison of the GPUs the two
    plans run on (the plan before the change first), the job held as its context."""
    from bot.dialogue.answers import compare
    from bot.dialogue.answers.base import Question

    plans = pair(state)
    if plans is None:
        return False
    gpus = tuple(str(p.get("gpu") or "") for p in plans)
    if not all(gpus) or gpus[0] == gpus[1]:
        return False
    said = {k: v for k, v in u.said.items() if k != "gpu_count"}
    asked = replace(u, said=said, gpus=gpus, kind="gpu_compare")
    context = {k: v for k, v in state.slots.items() if k not in ("gpu", "gpu_count")}
    return compare.answer(Question(text, asked, kb, plan, today, context), reply)


def pick(a: Mapping[str, Any], b: Mapping[str, Any]) -> dict[str, Any]:
    """Which of the two to take: 0 or 1 and why ("both": cheaper and no slower), or the trade-off."""
    figures = (a.get("cost"), b.get("cost"), a.get("days"), b.get("days"))
    if any(not isinstance(x, int | float) for x in figures) or a.get("currency") != b.get("currency"):
        return {"which": None}
    ca, cb, da, db = (float(x or 0) for x in figures)
    cheaper = 0 if ca < cb else 1 if cb < ca else None
    # Times that read the same ("29 hours" and "29 hours") are the same: neither is said to finish sooner
    faster = None if fmt_duration(da) == fmt_duration(db) else 0 if da < db else 1
    saving = abs(ca - cb)
    if cheaper is None and faster is None:
        return {"which": None, "same": True}
    if cheaper is None or faster is None or cheaper == faster:
        which = cheaper if cheaper is not None else faster
        return {
            "which": which,
            "cheaper": cheaper is not None,
            "faster": faster is not None,
            "saving": saving,
        }
    return {"which": None, "cheaper": cheaper, "faster": faster, "saving": saving, "trade": True}
