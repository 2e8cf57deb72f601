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
from bot.nlu.lexicon import has_cue
from bot.nlu.text import normalise
from knowledge.names import EITHER_OR, VERSUS, alternation
from sizing.errors import SizingError

if TYPE_CHECKING:
    from knowledge import KnowledgeBase

# The word between two choices. " or " only between two quantities or methods said on both sides.
_CHOICE_WORDS = (*VERSUS, *EITHER_OR)
_BETWEEN = re.compile(r"\s*(?:" + alternation(_CHOICE_WORDS) + r")\s*")
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
    if not has_cue(low, _CHOICE_WORDS):
        # no choice word (the turn's cue reading of the message, instead of a regex tried at every character)
        return None
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
    found = offered(text, parse, today)
    if found is None:
        return False
    slot, first, second, rest = found
    if state.previous is not None and all(
        plan_pair.names_the_plans(state, {slot: v}) for v in (first, second)
    ):
        return False  # "the 1-week or the 2-week one?": the two plans already shown (plan_pair)
    trial = _trial(state, {**rest, slot: first})
    if missing(trial) and slot not in missing(trial):
        # The job is not complete with either: hold both, take the first for now and ask what is missing
        state.choice = {"slot": slot, "values": [first, second]}
        return False
    return _both(state, slot, first, second, rest, reply, kb, plan, today)


def why_count(
    state: DialogueState,
    count: int,
    reply: Reply,
    kb: KnowledgeBase,
    plan: Planner,
    today: dt.date,
) -> bool:
    """ "why do we need 8 GPUs?" when the plan uses another count: the plan's count beside that one, side by
    side (the plan is not changed to the count asked about)."""
    planned = (state.last or {}).get("gpus")
    if not isinstance(planned, int) or planned == count or missing(state):
        return False
    return _both(state, "gpu_count", planned, count, {}, reply, kb, plan, today)


def answer_held(
    state: DialogueState,
    said: dict[str, Any],
    reply: Reply,
    kb: KnowledgeBase,
    plan: Planner,
    today: dt.date,
) -> bool:
    """Both plans of a choice held ("7B 还是 13B" while the job was incomplete) once the job is complete
    (`said`: what this turn said, merged already); a turn that takes one of them lets the choice go."""
    held = state.choice
    if held is None:
        return False
    slot, (first, second) = held["slot"], held["values"]
    if slot in said or state.slots.get(slot) not in (None, first):
        state.choice = None
        return False
    if missing(state):
        return False
    state.choice = None
    if not _both(state, slot, first, second, {}, reply, kb, plan, today):
        return False
    state.slots.pop(slot, None)  # the first was only taken to ask the rest: the choice stays open
    return True


def _both(
    state: DialogueState,
    slot: str,
    first: Any,
    second: Any,
    rest: dict[str, Any],
    reply: Reply,
    kb: KnowledgeBase,
    plan: Planner,
    today: dt.date,
) -> bool:
    """The job planned with each value, side by side, and which to take; False when either cannot be."""
    from bot.dialogue.recommend import plan_context

    rows = []
    no_fp8 = None  # "bf16 or fp8" on a GPU without FP8: the two plans are one
    no_bf16 = False
    # "8 or 16 GPUs?" after a plan: both counts of the plan's GPU, so only the count differs
    pinned = _plan_gpu(state, slot, rest)
    for value in (first, second):
        trial = _trial(state, {**rest, **pinned, slot: value})
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
        if slot == "precision" and value == "fp8" and _has_warning(rec, "no_fp8"):
            no_fp8 = len(rows) - 1
        no_bf16 = no_bf16 or (slot == "precision" and (value == "fp16" or _has_warning(rec, "no_bf16")))
    merge_slots(state, rest)  # what else the message said holds for the job
    if no_fp8 is not None:
        # FP8 would run at the GPU's 16-bit rate: one plan, and why (not two equal rows, "either will do")
        reply.add(
            "plan_pair",
            rows=[rows[1 - no_fp8]],
            pick={"which": None},
            choice=True,
            no_fp8="fp16" if no_bf16 else "bf16",
        )
        return True
    reply.add("plan_pair", rows=rows, pick=_pick(rows, slot), choice=True)
    state.last_slot = slot  # "16 then", "3 吧": a bare number takes that value of the choice (ellipsis)
    state.offered = {"slot": slot, "values": [first, second], **pinned} if pinned else None
    return True


def take_row(state: DialogueState, said: dict[str, Any]) -> str | None:
    """After two counts shown on one board, a turn that takes one of them ("16 then", "就 16 卡吧", "16
    A100s then") plans that board: the row shown, not the cheapest board of the family at that count. The
    offer lasts one turn. The board taken, or None."""
    offered, state.offered = state.offered, None
    if offered is None or said.get(offered["slot"]) not in offered["values"]:
        return None
    board, named = offered.get("gpu"), said.get("gpu")
    if not isinstance(board, str) or not (named is None or board == named or board.startswith(f"{named}-")):
        return None
    state.slots["gpu"] = board
    return board


def _trial(state: DialogueState, slots: dict[str, Any]) -> DialogueState:
    """A copy of the conversation with these slots; on the GPUs given, the time is the answer."""
    trial = copy.deepcopy(state)
    merge_slots(trial, slots)
    if trial.slots.get("gpu") and trial.slots.get("gpu_count") and "days" not in trial.skipped:
        trial.skipped.append("days")
    return trial


def _plan_gpu(state: DialogueState, slot: str, rest: dict[str, Any]) -> dict[str, Any]:
    """{"gpu": the last plan's GPU} for a choice of GPU count that names no GPU; else {}. A family asked
    for ("A100") is pinned to the board the plan took (A100 40GB), not another board at each count."""
    if slot != "gpu_count" or rest.get("gpu") or not state.last:
        return {}
    gpu, asked = state.last.get("gpu"), state.slots.get("gpu")
    if not isinstance(gpu, str) or (asked and not (gpu == asked or gpu.startswith(f"{asked}-"))):
        return {}
    return {"gpu": gpu}


def _has_warning(rec: dict[str, Any], code: str) -> bool:
    return any(w.get("code") == code for w in rec.get("warnings") or [])


def _pick(rows: list[dict[str, Any]], slot: str) -> dict[str, Any]:
    """The one that runs on the GPUs given when the other does not; else the two plans weighed."""
    over = [r["over"] is not None for r in rows]
    if over[0] != over[1]:
        return {"which": over.index(False), "fits": True}
    weighed = plan_pair.pick(rows[0]["plan"], rows[1]["plan"])
    if slot in JOB_SIZE and weighed.get("which") is not None and weighed.get("cheaper"):
        # More epochs or a bigger model is a different job, not a worse plan: the cost of it, no pick
        return {"which": None, "dearer": 1 - weighed["which"], "saving": weighed["saving"]}
    if slot in JOB_SIZE and weighed.get("trade"):
        # The bigger job on more GPUs ends sooner, yet it is no "faster" choice: what it costs more
        return {"which": None, "dearer": 1 - weighed["cheaper"], "saving": weighed["saving"]}
    return weighed
