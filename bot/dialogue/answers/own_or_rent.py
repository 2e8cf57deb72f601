""" "We have 4 A100s, or should we rent H100s?", "還是應該租 H100？" after a plan on the user's own GPUs: the
job on the GPUs they own (no rental cost) beside the job on the rented GPU they name, and which to take
(their own when it makes the deadline; else the rented one that does; the rented one when theirs cannot
hold the job).
"""

from __future__ import annotations

import copy
import datetime as dt
from typing import TYPE_CHECKING, Any

from bot.dialogue.memo import Planner
from bot.dialogue.plan import summarise
from bot.dialogue.reply import Reply
from bot.dialogue.state import DialogueState, missing
from bot.nlu.intents import proposes
from bot.nlu.lexicon import has_cue
from bot.nlu.question_cues import KEEP_OWN, RENT_ASKS, RENT_WORDS
from sizing.errors import SizingError

if TYPE_CHECKING:
    from bot.dialogue.understand import Understood
    from knowledge import KnowledgeBase


def _same_family(gpu: str, owned: str) -> bool:
    return gpu == owned or gpu.startswith(f"{owned}-") or owned.startswith(f"{gpu}-")


def rented_gpu(state: DialogueState, u: Understood, t: str) -> str | None:
    """The one GPU the message would rent beside the GPUs the user owns (normalised text `t`), or None."""
    owned = state.slots.get("gpu")
    if not state.owned or not isinstance(owned, str) or not state.slots.get("gpu_count"):
        return None
    others = [g for g in dict.fromkeys(u.gpus) if not _same_family(g, owned)]
    if len(others) != 1 or not has_cue(t, RENT_WORDS) or not has_cue(t, RENT_ASKS) or proposes(t):
        return None
    return others[0]


def leaves_own(state: DialogueState, u: Understood, t: str) -> bool:
    """The message moves the plan off the GPUs the user owns ("那就租 H100 吧", "use H100s then"): another
    GPU family said, not as owned and not only weighed (rented_gpu): the plan then prices a rental."""
    owned, gpu = state.slots.get("gpu"), u.said.get("gpu")
    if not state.owned or u.owned or not isinstance(owned, str) or not isinstance(gpu, str):
        return False
    if u.intent not in ("whatif", "correction", "size") and not u.proposes_gpu:
        return False  # "A100 显存多大？": a question about that GPU leaves the plan as it is
    return not _same_family(gpu, owned) and rented_gpu(state, u, t) is None


def beyond_own(state: DialogueState, u: Understood) -> bool:
    """ "what about on 64 of them?", "用 64 张呢" on the 32 A100s the team owns: more GPUs of their family
    than they have. Those are not theirs: the plan rents them (rent_instead) and says how many they own."""
    owned, count, said = state.slots.get("gpu"), state.slots.get("gpu_count"), u.said.get("gpu_count")
    if not state.owned or u.owned or not isinstance(owned, str) or not isinstance(said, int):
        return False
    gpu = u.said.get("gpu")
    if isinstance(gpu, str) and not _same_family(gpu, owned):
        return False  # another GPU: leaves_own
    return isinstance(count, int) and said > _own_count(state, count)


def _own_count(state: DialogueState, count: int) -> int:
    """How many GPUs the team owns: those remembered when a plan used fewer of them ("and on 24?" on
    32 they own), else the count the plan on theirs holds."""
    own, gpu = state.own_gpus or {}, state.slots.get("gpu")
    if not isinstance(gpu, str) or not _same_family(gpu, str(own.get("gpu") or "")):
        return count
    return max(count, int(own.get("count") or 0))


def fewer_than_own(state: DialogueState, u: Understood) -> None:
    """ "and with 16?" on the 32 GPUs they own: still theirs, and how many they own is kept for a count
    said later (beyond_own)."""
    gpu, count, said = state.slots.get("gpu"), state.slots.get("gpu_count"), u.said.get("gpu_count")
    if (
        state.owned
        and isinstance(gpu, str)
        and isinstance(count, int)
        and isinstance(said, int)
        and said < count
    ):
        if u.said.get("gpu") is None or _same_family(str(u.said["gpu"]), gpu):
            state.own_gpus = {"gpu": gpu, "count": _own_count(state, count)}


def rent_instead(state: DialogueState, count_said: bool = False) -> None:
    """A rental from now on: the count was of the GPUs they own, so the plan sizes the rented ones (unless
    the message says the count: beyond_own). The GPUs they own are remembered: taking that GPU again
    makes the plan theirs again (back_to_own)."""
    owned, count = state.slots.get("gpu"), state.slots.get("gpu_count")
    if state.owned and isinstance(owned, str) and count:
        state.own_gpus = {"gpu": owned, "count": _own_count(state, int(count))}
    state.owned = False
    if not count_said:
        state.slots["gpu_count"] = None


def owned_after_topic(state: DialogueState, topic: dict[str, Any]) -> None:
    """A job answer with no plan held ("we have 32 A100s, can we …?" then "what about H800s?"): on GPUs
    other than the team's, their GPUs are no longer the ones asked about (remembered for back_to_own); on
    theirs, they are again."""
    from bot.dialogue.policy import JOB_TOPICS

    slots = topic.get("slots") or {}
    if topic.get("kind") not in JOB_TOPICS or state.slots.get("gpu") is not None:
        return
    held = (state.topic or {}).get("slots") or {}
    if slots.get("owned"):
        state.owned, state.own_gpus = True, None
    elif state.owned and slots.get("gpu") and held.get("owned"):
        if held.get("gpu") and held.get("gpu_count"):
            state.own_gpus = {"gpu": held["gpu"], "count": held["gpu_count"]}
        state.owned = False


def back_to_own(state: DialogueState, u: Understood) -> bool:
    """ "back to the A100s", "那还是用 A100 吧" after a rental on another GPU: the GPU the team owns, said
    with no count or with at most the count they own, is their GPUs again (owned, on the count said or
    the count they have); so is that count alone after more of their GPU were rented (beyond_own)."""
    own = state.own_gpus
    gpu, count = u.said.get("gpu"), u.said.get("gpu_count")
    if gpu is None and isinstance(count, int):
        gpu = state.slots.get("gpu")  # "what about 32?" after 64 rented beside their 32 (beyond_own)
    if state.owned or not own or not isinstance(gpu, str) or not _same_family(gpu, str(own["gpu"])):
        return False
    if count is not None and count > own["count"]:
        return False  # "what about 64 A100s?": more than they own is a rental of that many
    state.owned = True
    topic = state.topic if isinstance(state.topic, dict) else {}
    if state.last is None and topic.get("slots") is not None:
        # no plan held, a job answer before ("we have 32 A100s, can we …" … "what about H800s?" … "and on
        # our A100s?"): the answer is on their GPUs again, as the first was
        topic["slots"].update(gpu=own["gpu"], gpu_count=own["count"], owned=True)
    elif count is None:
        state.slots["gpu_count"] = own["count"]  # a count said is merged as said
    # fewer than they own ("and on 24?" on their 32): how many they own is kept for the next count
    state.own_gpus = own if count and count < own["count"] else None
    return True


def answer(
    state: DialogueState,
    gpu: str,
    reply: Reply,
    kb: KnowledgeBase,
    plan: Planner,
    today: dt.date,
) -> bool:
    """The job on the owned GPUs and on the rented `gpu`, side by side; False when either cannot be."""
    from bot.dialogue.recommend import plan_context, run_plan

    if missing(state):
        return False
    own = copy.deepcopy(state)
    if "days" not in own.skipped:
        own.skipped.append("days")  # on the GPUs they have, the time is the answer
    rent = copy.deepcopy(state)
    rent.owned = False
    rent.slots["gpu"], rent.slots["gpu_count"] = gpu, None
    days = state.slots.get("days") if "days" not in state.skipped else None
    try:
        own_plan = summarise(run_plan(own, kb, plan, today))
        rent_plan = summarise(plan_context(rent, kb, plan, today, reply.lang)[0])
    except SizingError:
        return False
    if own_plan is None or rent_plan is None or not rent_plan.get("fits"):
        return False
    # Their GPUs cannot hold the job as it is (13B full fine-tuning on 32 GB V100s): renting is the answer,
    # or a lighter method on theirs; never the general GPU FAQ instead of the question asked.
    unfit = not own_plan.get("fits")
    late = not unfit and isinstance(days, int | float) and float(own_plan.get("days") or 0) > float(days)
    reply.add("own_or_rent", own=own_plan, rent=rent_plan, days=days, late=late, unfit=unfit)
    if state.last is None:
        state.last = {**own_plan, "owned": True}  # asked in the first message: their GPUs are the plan held
    return True


def keeps_own(state: DialogueState, u: Understood, t: str) -> bool:
    """ "那还是用我们自己的卡吧", "we'll stick with ours then": the plan on their GPUs, nothing else said."""
    return state.owned and not u.said and not u.gpus and has_cue(t, KEEP_OWN)


def answer_said(
    state: DialogueState,
    u: Understood,
    reply: Reply,
    kb: KnowledgeBase,
    plan: Planner,
    today: dt.date,
    t: str,
) -> bool:
    """The side by side when the message (normalised `t`) asks to rent another GPU beside the owned ones."""
    gpu = rented_gpu(state, u, t)
    return gpu is not None and answer(state, gpu, reply, kb, plan, today)


__all__ = [
    "answer",
    "answer_said",
    "beyond_own",
    "fewer_than_own",
    "keeps_own",
    "leaves_own",
    "rent_instead",
    "rented_gpu",
]
