"""Two values offered as choices for one slot of a job: "2 vs 3 epochs", "7B 还是 13B", "1 周还是 2 周",
"1 week or 2 weeks, which is cheaper?", "7B 全参 vs LoRA 哪个划算": the job planned with each, side by side
(the two-plans answer, answers/plan_pair.py), and which to take, instead of taking the first value.

It answers only when the job is complete with either value; with the GPUs and their count known a
deadline is not needed (the time on those GPUs is the answer). What the message says besides the
choice ("数据 2B tokens") is kept for the job; the choice itself stays open for the user to take.
"""

from __future__ import annotations

import copy
import datetime as dt
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.dialogue.answers import plan_pair
from bot.dialogue.memo import Planner
from bot.dialogue.plan import summarise
from bot.dialogue.reply import Reply
from bot.dialogue.state import DialogueState, merge_slots, missing
from bot.dialogue.understand import said_slots
from bot.nlu.text import normalise
from sizing.errors import SizingError

if TYPE_CHECKING:
    from knowledge import KnowledgeBase

# The word between two choices. " or " only between two quantities or methods said on both sides.
_BETWEEN = re.compile(r"\s*(?:\bvs\.?|\bversus\b|还是|或者|或是|\bor\b)\s*")
# A side that is only a number ("2" of "2 vs 3 epochs"): it takes the other side's unit.
_NUMBER_ONLY = re.compile(r"^\s*(\d[\d,.]*)\s*(?:个|個)?\s*$")
_FIRST_NUMBER = re.compile(r"\d[\d,.]*")
# Slots a choice can be about (a GPU choice is the GPU comparison's: answers/workload_compare.py).
CHOICE_SLOTS = (
    "params",
    "tokens",
    "data_bytes",
    "epochs",
    "days",
    "method",
    "precision",
    "gpu_count",
    "budget",
)
MAX_CHOICE_CHARS = 120
# Choices that change the job itself (what is trained, how much): the difference is said, not a pick.
JOB_SIZE = ("params", "tokens", "data_bytes", "epochs")

ParseFn = Callable[..., Any]


def offered(text: str, parse: ParseFn, today: dt.date | None) -> tuple[str, Any, Any, dict[str, Any]] | None:
    """(slot, first value, second value, what else was said) when the message offers two values of one
    slot as choices; None otherwise."""
    if len(text) > MAX_CHOICE_CHARS:
        return None
    low = normalise(text).lower
    parts = _BETWEEN.split(low, maxsplit=1)
    if len(parts) != 2 or not parts[0].strip() or not parts[1].strip():
        return None
    left, right = parts
    # The left side is its last clause ("…，7B 全参" → "7B 全参"); the right side runs to the end.
    left = re.split(r"[，,。;；:：]", left)[-1]
    bare = _NUMBER_ONLY.match(left)
    if bare is not None:
        left = _FIRST_NUMBER.sub(bare.group(1), _first_clause(right), count=1)
    a = said_slots(parse(left, today=today))
    b = said_slots(parse(right, today=today))
    differ = [k for k in CHOICE_SLOTS if k in a and k in b and a[k] != b[k]]
    if len(differ) != 1 or any(
        k in a and k in b and a[k] != b[k] for k in set(a) & set(b) if k not in differ
    ):
        return None
    slot = differ[0]
    rest = {k: v for k, v in {**a, **b}.items() if k != slot}
    return slot, a[slot], b[slot], rest


def _first_clause(text: str) -> str:
    return re.split(r"[，,。;；？?！!]", text, maxsplit=1)[0]


def answer(
    state: DialogueState,
    text: str,
    parse: ParseFn,
    reply: Reply,
    kb: KnowledgeBase,
    plan: Planner,
    today: dt.date,
) -> bool:
    """Both plans side by side when the message offers two choices and the job is complete with either."""
    from bot.dialogue.recommend import plan_context

    found = offered(text, parse, today)
    if found is None:
        return False
    slot, first, second, rest = found
    if state.previous is not None and all(
        plan_pair.names_the_plans(state, {slot: v}) for v in (first, second)
    ):
        return False  # "the 1-week or the 2-week one?": the two plans already shown (plan_pair)
    rows = []
    for value in (first, second):
        trial = copy.deepcopy(state)
        merge_slots(trial, {**rest, slot: value})
        if trial.slots.get("gpu") and trial.slots.get("gpu_count") and "days" not in trial.skipped:
            trial.skipped.append("days")  # on the GPUs given, the time is the answer
        if missing(trial):
            return False
        try:
            rec, _fired, _context = plan_context(trial, kb, plan, today, reply.lang)
        except SizingError:
            return False
        summary = summarise(rec)
        if summary is None:
            return False
        count = trial.slots.get("gpu_count")
        # Not on the GPUs given: the job needs more of them (or does not fit at all)
        over = bool(count) and (summary.get("gpus") != count or not summary.get("fits"))
        rows.append({"plan": summary, "said": [(slot, value)], "over": count if over else None})
    merge_slots(state, rest)  # what else the message said holds for the job
    reply.add("plan_pair", rows=rows, pick=_pick(rows, slot), choice=True)
    return True


def _pick(rows: list[dict[str, Any]], slot: str) -> dict[str, Any]:
    """The one that runs on the GPUs given when the other does not; else the two plans weighed."""
    over = [r["over"] is not None for r in rows]
    if over[0] != over[1]:
        return {"which": over.index(False), "fits": True}
    weighed = plan_pair.pick(rows[0]["plan"], rows[1]["plan"])
    if slot in JOB_SIZE and weighed.get("which") is not None and weighed.get("cheaper"):
        # More epochs or a bigger model is a different job, not a worse plan: the cost of it, no pick
        return {"which": None, "dearer": 1 - weighed["which"], "saving": weighed["saving"]}
    return weighed
