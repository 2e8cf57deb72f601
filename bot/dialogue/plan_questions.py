"""Questions about the plan shown that say nothing new, in one table: the cue that asks each and the
answer from that plan ("compare the two plans", "为什么要留这么多检查点储存？", "how much VRAM per GPU does
that need?", "how many nodes is that?", "which provider is cheapest for this?", "有什么要注意的？"). The
cues live in bot/nlu/question_cues.py; the first entry whose cue matches and whose answer has something
to say wins.
Other questions about the plan (its time, its cost, fitting a budget, a cheaper one) stay in
Consultant._on_plan_question, which runs right after this table.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.dialogue.answers import (
    checkpoints,
    own_or_rent,
    plan_clouds,
    plan_cost,
    plan_detail,
    plan_memory,
    plan_pair,
    watch_out,
)
from bot.dialogue.memo import Planner
from bot.dialogue.reply import Reply
from bot.dialogue.state import DialogueState, missing
from bot.nlu.lexicon import MACHINE_CUES, has_cue
from bot.nlu.question_cues import (
    FIRST_PLAN,
    PLAN_ASPECT_ASKS,
    PLAN_ASPECTS,
    PLAN_CHEAPEST,
    PLAN_CHECKPOINT,
    PLAN_CHECKPOINT_ASKS,
    PLAN_COMPARED,
    PLAN_MEMORY,
    PLAN_MEMORY_HOW_MUCH,
    PLAN_PAIR,
    PLAN_RUNS,
    PLAN_RUNS_FILLERS,
    PLAN_TWO_GPUS,
    PLAN_TWO_GPUS_ASKS,
    PLAN_WHICH_PROVIDER,
    PREVIOUS_PLAN,
    WATCH_OUT,
    WATCH_OUT_WORDS,
)
from bot.nlu.text import normalise

if TYPE_CHECKING:
    from bot.dialogue.understand import Understood
    from knowledge import KnowledgeBase

# What the NLU calls a message that may be a question about the plan (not a sizing turn, a what-if, …).
PLAN_QUESTION_INTENTS = ("faq", "unknown", "skip")

Answer = Callable[[DialogueState, Reply, "KnowledgeBase", Planner, dt.date, str], bool]


def _asks_checkpoints(t: str) -> str | None:
    return "checkpoints" if PLAN_CHECKPOINT.search(t) and PLAN_CHECKPOINT_ASKS.search(t) else None


def _asks_memory(t: str) -> str | None:
    """The plan's GPU memory ("每張卡的記憶體夠嗎", "显存要多少", or bare "那能跑吗", "will it fit?"), not a
    server's RAM ("伺服器要配多少記憶體")."""
    core = t.strip(" ?？!！.。~，,")
    for filler in PLAN_RUNS_FILLERS:
        core = core.removeprefix(filler)
    if core.strip(" ?？!！.。~，,") in PLAN_RUNS:
        return "memory"
    if not (PLAN_MEMORY.search(t) and PLAN_MEMORY_HOW_MUCH.search(t)):
        return None
    return None if has_cue(t, MACHINE_CUES) else "memory"


def aspect(t: str) -> str | None:
    """Which line of the plan ("nodes", "network", "storage") the question is about, or None."""
    if not PLAN_ASPECT_ASKS.search(t):
        return None
    return next((name for name, cue in PLAN_ASPECTS.items() if cue.search(t)), None)


def _asks_clouds(t: str) -> str | None:
    return "clouds" if PLAN_WHICH_PROVIDER.search(t) and PLAN_CHEAPEST.search(t) else None


def _asks_pair(t: str) -> str | None:
    """ "compare the two plans", "how does that compare to the previous one?", "跟第一個方案比呢"
    ("first": the job's first plan)."""
    if PLAN_PAIR.search(t):
        return "pair"
    if not PLAN_COMPARED.search(t):
        return None
    if FIRST_PLAN.search(t):
        return "first"
    return "pair" if PREVIOUS_PLAN.search(t) else None


def _asks_two_gpus(t: str, u: Understood) -> bool:
    """The two cards of the plans asked about; the "two" is no GPU count, and no GPU is named."""
    said = {k: v for k, v in u.said.items() if not (k == "gpu_count" and v == 2)}
    return not said and not u.gpus and bool(PLAN_TWO_GPUS.search(t) and PLAN_TWO_GPUS_ASKS.search(t))


def _asks_watch_out(t: str) -> str | None:
    return "watch_out" if t.strip(" ?？!！.。~") in WATCH_OUT_WORDS or has_cue(t, WATCH_OUT) else None


@dataclass(frozen=True)
class PlanQuestion:
    """One question about the plan: its cue (normalised text → what it asks, or None), its answer, and
    when it applies."""

    cue: Callable[[str], str | None]
    answer: Answer
    only_questions: bool = False  # only when the NLU reads no request (PLAN_QUESTION_INTENTS)
    with_providers: bool = True  # also when the message names a provider
    on_owned: bool = True  # also on GPUs the user owns
    alone: bool = False  # only when no other answer is due for the message
    names_plans: bool = False  # also when what it says are the two plans' own values ("the 1-week one")
    month_said: bool = False  # also when the month it asks about reads as a 30-day deadline ("一个月要多少")


def _plain(answer: Callable[[DialogueState, Reply, KnowledgeBase, Planner, dt.date], bool]) -> Answer:
    return lambda state, reply, kb, plan, today, _asked: answer(state, reply, kb, plan, today)


TABLE: tuple[PlanQuestion, ...] = (
    PlanQuestion(
        _asks_pair,
        lambda state, reply, _kb, _plan, _today, asked: plan_pair.answer(
            state, reply, first=asked == "first"
        ),
        names_plans=True,
    ),
    PlanQuestion(_asks_checkpoints, _plain(checkpoints.answer)),
    PlanQuestion(
        plan_cost.asks_kept_monthly,
        lambda state, reply, kb, plan, today, _asked: plan_cost.answer(
            state, reply, kb, plan, today, "", monthly=True
        ),
        with_providers=False,
        month_said=True,
    ),
    PlanQuestion(_asks_memory, _plain(plan_memory.answer), only_questions=True),
    PlanQuestion(aspect, plan_detail.answer, only_questions=True, with_providers=False),
    PlanQuestion(_asks_clouds, _plain(plan_clouds.answer), with_providers=False, on_owned=False),
    PlanQuestion(_asks_watch_out, _plain(watch_out.answer), only_questions=True, alone=True),
)


def answer_plan_question(
    state: DialogueState,
    u: Understood,
    reply: Reply,
    kb: KnowledgeBase,
    plan: Planner,
    today: dt.date,
    text: str,
    *,
    alone: bool,
) -> bool:
    """Answer a question about the plan shown from the table; False when the message is none of them
    (or the plan cannot answer it). `alone`: no other answer is due for the message."""
    if state.last is None or missing(state):
        return False
    t = normalise(text).lower
    if _asks_two_gpus(t, u) and plan_pair.two_gpus(state, u, reply, kb, plan, today, text):
        return True
    if own_or_rent.answer_said(state, u, reply, kb, plan, today, t):
        return True  # "还是应该租 H100？" on the GPUs they own: theirs beside the rented ones
    if own_or_rent.keeps_own(state, u, t):
        from bot.dialogue.recommend import recommend

        recommend(state, reply, kb, plan, today, [], None)  # "还是用自己的卡吧": the plan on their GPUs
        return True
    if plan_clouds.unpriced_provider(state, u, reply, kb, plan, today):
        return True  # "what would it cost on CoreWeave?": no prices there; the GPU-hours to price it with
    plain = not u.said and not u.gpus
    a_month = not u.gpus and set(u.said) == {"days"} and 28 <= float(u.said["days"]) <= 31
    for entry in TABLE:
        if (
            not plain
            and not (entry.names_plans and plan_pair.names_the_plans(state, u.said))
            and not (entry.month_said and a_month)
        ):
            continue
        if entry.only_questions and u.intent not in PLAN_QUESTION_INTENTS:
            continue
        if (not entry.with_providers and u.providers) or (not entry.on_owned and state.owned):
            continue
        if entry.alone and not alone:
            continue
        asked = entry.cue(t)
        if asked is not None and entry.answer(state, reply, kb, plan, today, asked):
            return True
    return False
