""" "Why 4 GPUs?", "为什么要 4 张卡？", "why so many GPUs?", "為什麼要這麼多張卡": why a plan takes its GPU
count. After a plan, the count is explained from that plan: memory per GPU against the GPU's on its count
and on fewer (half as many, or the count asked about: the job sized on those, exactly), and the training
GPU-hours against the deadline (GPU-hours ÷ (days × 24) GPUs at least). A larger count than the plan's is
the two counts side by side (choices.why_count). Before any plan, how a GPU count is chosen in general: the
FAQ on one GPU or several. The bare number never reaches the FAQ search as a topic (knowledge/search.py
reads a counted number as a quantity)."""

from __future__ import annotations

import copy
import datetime as dt
from typing import TYPE_CHECKING, Any

from bot.dialogue.memo import Planner
from bot.dialogue.reply import Reply
from bot.dialogue.state import DialogueState, merge_slots, missing
from bot.nlu.lexicon import has_cue
from bot.nlu.question_cues import SO_MANY_GPUS, WHY_WORDS
from bot.nlu.text import normalise
from bot.render.views import entry_view, find_entry

if TYPE_CHECKING:
    from bot.dialogue.understand import Understood
    from knowledge import KnowledgeBase

FAQ_MULTI_GPU = "faq.single_vs_multi_gpu"
# A plan on fewer GPUs that costs at most this much more than the plan is "about the same" (the engine's own
# tie between counts is of this order: sizing.evaluate.cheapest_of).
SAME_COST = 1.05


def asks_why_count(text: str, u: Understood) -> bool:
    """A why-question about a number of GPUs and nothing else: "why 4 GPUs?", "为什么要 8 张卡", "why do we
    need so many GPUs?", "為什麼要這麼多張卡" (no GPU named: "why H100s?" asks about the GPU,
    workload_compare)."""
    t = normalise(text).lower
    if u.gpus or not has_cue(t, WHY_WORDS):
        return False
    said = set(u.said)
    return said == {"gpu_count"} or (not said and has_cue(t, SO_MANY_GPUS))


def answer(
    state: DialogueState,
    count: Any,
    reply: Reply,
    kb: KnowledgeBase,
    plan: Planner,
    today: dt.date,
) -> bool:
    """Why the plan shown takes its count (`count`: the number asked about, None when none was said); the
    plan's count beside another one asked about. False when there is no plan to explain."""
    from bot.dialogue.choices import why_count
    from bot.dialogue.recommend import cost_difference, planned_top

    if state.last is None or missing(state):
        return False
    planned = state.last.get("gpus")
    if isinstance(count, int) and isinstance(planned, int) and count > planned:
        return why_count(state, count, reply, kb, plan, today)  # "why 8?" on a 4-GPU plan: both, side by side
    top = planned_top(state, kb, plan, today, reply.lang)
    if top is None:
        return False
    gpus = top.get("gpus")
    if not isinstance(gpus, int) or not top.get("memory_per_gpu_gb"):
        return False
    deadline = state.slots.get("days") if "days" not in state.skipped else None
    hours = top.get("gpu_hours")
    needed = float(hours) / (float(deadline) * 24.0) if hours and deadline else None
    # "why not just 4?" on an 8-GPU plan: the job on the 4 asked about; else on half as many
    asked = count if isinstance(count, int) and 0 < count < gpus else max(1, gpus // 2)
    fewer = _on_fewer(state, top, asked, kb, plan, today) if gpus > 1 else None
    reason = _reason(top, fewer, deadline)
    # Within SAME_COST the plan may still cost a few dollars more than on fewer: said as it is ("for $6 (1%)
    # more"), "no more money" only when the difference rounds away
    difference = (
        cost_difference(float(top["cost"]), float(fewer["cost"])) if reason == "cost" and fewer else None
    )
    reply.add(
        "gpu_count",
        top=top,
        fewer=fewer,
        deadline=deadline,
        needed=needed,
        reason=reason,
        difference=difference,
    )
    return True


def general(kb: KnowledgeBase, reply: Reply) -> bool:
    """Before any plan: how the number of GPUs is chosen (the FAQ on one GPU or several)."""
    entry = find_entry(kb, FAQ_MULTI_GPU)
    if entry is None:
        return False
    reply.add("faq_answer", entries=[entry_view(entry, reply.lang)])
    reply.add_faq(FAQ_MULTI_GPU)
    return True


def _on_fewer(
    state: DialogueState,
    top: dict[str, Any],
    count: int,
    kb: KnowledgeBase,
    plan: Planner,
    today: dt.date,
) -> dict[str, Any] | None:
    """The job on `count` of the plan's GPUs (fewer), exactly that hardware: its memory per GPU, whether it
    fits, its days and cost (no deadline: on given GPUs the time is the answer). None when it cannot be
    sized."""
    from bot.dialogue.recommend import plan_options

    trial = copy.deepcopy(state)
    merge_slots(trial, {"gpu": top["gpu"], "gpu_count": count})
    if "days" not in trial.skipped:
        trial.skipped.append("days")
    options = plan_options(trial, kb, plan, today)
    if not options or options[0].get("gpu") != top["gpu"]:
        return None
    option = options[0]
    cost = option.get("cost") or {}
    return {
        "gpus": option.get("gpus"),
        "memory_per_gpu_gb": option.get("memory_per_gpu_gb"),
        "fits": bool(option.get("fits")),
        "days": option.get("days"),
        "cost": cost.get("amount"),
        "currency": cost.get("currency") or "USD",
    }


def _reason(top: dict[str, Any], fewer: dict[str, Any] | None, deadline: Any) -> str:
    """What sets the count: "one" (a single GPU), "memory" (fewer cannot hold the job), "deadline" (fewer
    would finish late), "cost" (fewer cost more or no less, and take longer), "speed" (fewer would do for
    somewhat less; the plan buys time), or "plan" (nothing to weigh it against)."""
    if top.get("gpus") == 1:
        return "one"
    if fewer is None:
        return "plan"
    if not fewer["fits"]:
        return "memory"
    if deadline and fewer.get("days") is not None and float(fewer["days"]) > float(deadline):
        return "deadline"
    mine, theirs = top.get("cost"), fewer.get("cost")
    if mine is not None and theirs is not None and top.get("currency") == fewer.get("currency"):
        return "cost" if float(mine) <= float(theirs) * SAME_COST else "speed"
    return "plan"
