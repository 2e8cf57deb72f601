""" "Compare the two plans", "which one would you pick?", "这两个方案比一下", "which was cheaper, the
1-week or the 2-week one?" after a change to a plan: the plan before the change and the plan now side by
side, each named by what differs between them, and which to take (cheaper and no slower wins; else the
trade-off).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.dialogue.reply import Reply
from bot.dialogue.state import DialogueState

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


def answer(state: DialogueState, reply: Reply) -> bool:
    plans = pair(state)
    if plans is None:
        return False
    before, now = plans
    old = dict((state.previous or {}).get("slots") or {})
    new = dict(state.slots)
    differ = [k for k in NAMING_SLOTS if old.get(k) != new.get(k)]
    if not differ and (before.get("gpu"), before.get("gpus")) == (now.get("gpu"), now.get("gpus")):
        return False
    rows = [
        {"plan": before, "said": [(k, old.get(k)) for k in differ]},
        {"plan": now, "said": [(k, new.get(k)) for k in differ]},
    ]
    reply.add("plan_pair", rows=rows, pick=_pick(before, now))
    return True


def _pick(a: Mapping[str, Any], b: Mapping[str, Any]) -> dict[str, Any]:
    """Which of the two to take: 0 or 1 and why ("both": cheaper and no slower), or the trade-off."""
    figures = (a.get("cost"), b.get("cost"), a.get("days"), b.get("days"))
    if any(not isinstance(x, int | float) for x in figures) or a.get("currency") != b.get("currency"):
        return {"which": None}
    ca, cb, da, db = (float(x or 0) for x in figures)
    cheaper = 0 if ca < cb else 1 if cb < ca else None
    faster = 0 if da < db else 1 if db < da else None
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
