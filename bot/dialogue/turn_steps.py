"""The turn policy: how `Consultant._on_text` answers a message, as one ordered table of steps.

A turn is read once (`read_turn`: the "and 20?" read-back, the figure check, the NLU's reading, the
reply language, the GPU typos), then `STEPS` runs in order. Each step is a detector and its answer in
one small function of one signature, `(ctx) -> DialogueState | None`: a state means the step answered
the turn (the state to commit), None means "not mine, go on". A step may also rewrite the reading
(`ctx.u`), note something on the state, or add a line to the reply, and go on: those are steps too,
so the order of every decision is this table. The last step, the form, always answers.

Why the order is what it is, in short (each step's docstring says more):
- Side-by-side choices come first: "7B 还是 13B" names two values of one slot, which every later step
  would read as a single value.
- Going back to a job set aside comes before everything that reads the message as a change, as the
  rest of "回到第一个，改成 3 个 epoch" changes the job it brings back.
- The rewrites of the reading (added GPUs, a job's cost on other GPUs, a proposed GPU) and the notes
  on the state (spot, region, owned GPUs, a yes/no on hardware) come before the question is framed,
  as the question and the direct-answer kind are read from the rewritten reading.
- Framing the question (direct-answer kind, figure corrections, the not-in-catalogue line) comes
  before the answers, which all read it.
- Reset, lifts, a language asked, assumptions, recap, undo, explain and small talk are commands about
  the conversation itself: they come before the answers about the job or GPUs the message may name.
- Answers about the plan held (two phases, a workload compared on GPUs, why this GPU, its cost on a
  cloud that lists its GPU only at a flagged price, plan questions) come before the direct answers, as
  after a plan a question about GPUs is about the plan on them.
- A data question while the form asks about a sized job ("how many tokens do we need?") comes just before
  the direct answers: the data-amount answer there reads the message's own size, and in the form the
  size is the job's.
- Direct answers (a price, a figure, a feasibility) come before GPU look-ups and the FAQ search, which
  are for what nothing more specific answered; the form comes last and takes what is left (a spot
  question beside a job it still asks about is answered just before it).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from bot.dialogue import policy
from bot.dialogue.answers import data_amount, flagged_cloud, gpu_count, plan_memory, scaling
from bot.dialogue.answers.base import Question
from bot.dialogue.answers.capability import no_link_premise, topic as capability_topic
from bot.dialogue.answers.capacity import capacity_answer
from bot.dialogue.answers.catalogue import answer_gpus, figures_asked
from bot.dialogue.answers.cluster import spot_advice
from bot.dialogue.answers.compare import answer as compare_answer
from bot.dialogue.answers.figure import confirm_figures, corrections
from bot.dialogue.answers.measured import add_measured_time
from bot.dialogue.answers.own_or_rent import (
    back_to_own,
    beyond_own,
    fewer_than_own,
    leaves_own,
    rent_instead,
)
from bot.dialogue.answers.serve import ENOUGH_ASKS
from bot.dialogue.answers.workload_compare import (
    asks_why_before_plan,
    asks_why_gpu,
    compare_on_gpus,
    compares_workload,
    why_no_plan,
    why_on_plan,
)
from bot.dialogue.ask import ask_next, not_started
from bot.dialogue.choices import answer as weigh_choices, take_row
from bot.dialogue.clouds import any_provider, restriction
from bot.dialogue.ellipsis import (
    READ_SLOTS,
    added_gpus,
    as_definition,
    asked_again,
    budget_number_unclear,
    gpu_on_plan,
    other_reading,
    read_back,
    unbound_reading,
    unit_swapped,
)
from bot.dialogue.hardware import main_variant
from bot.dialogue.lift import lift, lifted, unheld_lifts
from bot.dialogue.phases import phased, trial
from bot.dialogue.plan_questions import answer_plan_question
from bot.dialogue.recommend import gpu_name, recommend
from bot.dialogue.reply import Reply
from bot.dialogue.route import (
    BACK_TO_ASIDE,
    FIRST_JOB,
    QUESTION_NEVER_SETS,
    asks_assumptions,
    asks_capacity,
    asks_recap,
    fills_only,
    keep_plan_on_correction,
    language_asked,
    reply_language_asked,
)
from bot.dialogue.state import DialogueState, SlotChange, missing, swap_aside
from bot.dialogue.understand import Understood, understand
from bot.nlu.gpus import typo_read_as
from bot.nlu.intents import QUALITATIVE as QUALITATIVE_SLOTS, asks_spot_beside_job, has_any, notes_query
from bot.nlu.lexicon import COST_FIRST, UNITS, has_cue
from bot.nlu.question_cues import APPLE_SILICON, ASKS, CHEAPEST, DIFFERENCE, PLAIN_WHY, PROPOSES_BETTER
from bot.nlu.text import normalise
from knowledge.currencies import other_currencies

if TYPE_CHECKING:
    from bot.dialogue.consultant import Consultant
    from knowledge import KnowledgeBase
    from knowledge.factcheck import Correction
    from knowledge.search import Hit

GPU_INTENTS = ("gpu_info", "gpu_compare", "list_gpus")


@dataclass
class TurnContext:
    """One turn as the steps see it: the consultant, the state and reply being built, the message, its
    reading `u` (steps may rewrite it), and, once framed, the question and its direct-answer kind."""

    c: Consultant
    state: DialogueState
    reply: Reply
    text: str
    u: Understood
    found_corrections: list[Correction] = field(default_factory=list)
    in_form: bool = False
    framed: Question | None = None
    direct: str | None = None
    outside: tuple[str, bool, bool, bool] | None = None
    read_number: dict[str, Any] | None = None  # "and 20?" right after a plan: DialogueState.number_read
    unclear_budget: dict[str, Any] | None = None  # "and 500?" after $10,000: ellipsis.budget_number_unclear

    @property
    def question(self) -> Question:
        assert self.framed is not None, "the question is framed before the steps that read it"
        return self.framed


TurnStep = Callable[[TurnContext], DialogueState | None]


def read_turn(c: Consultant, state: DialogueState, reply: Reply, text: str) -> TurnContext:
    """The shared reading of a message, before any step: what it says, in which language."""
    read, state.number_read = state.number_read, None
    unclear_budget = budget_number_unclear(text, state)  # "and 500?" after $10,000: asked back
    unbound = unbound_reading(text, state, state.lang or "en")  # "and 20?" right after a plan
    text = read_back(text, state, state.lang or "en") if unbound is None else unbound[0]
    text = unit_swapped(text, state, state.lang or "en") or text  # "I meant tokens, not GB"
    text = gpu_on_plan(text, state, state.lang or "en") or text  # "A100 then?" right after a plan
    found_corrections = list(c.kb.factcheck(text))
    u = understand(text, c._parse, state, c._clock(), corrected=bool(found_corrections))
    if read is not None and other_reading(read, u.said):
        # "and 20?" read as 20 GPUs, then "20 days": the GPUs taken back, the deadline taken instead
        for name, value in (read.get("before") or {}).items():
            if value is None:
                state.slots.pop(name, None)
            else:
                state.slots[name] = value
    after_faq, state.after_faq = state.after_faq, False
    again = asked_again(text) if after_faq and not found_corrections else None
    if again is not None and u.said and set(u.said) <= set(QUALITATIVE_SLOTS) and not u.gpus:
        # "什麼是 LoRA？" … "那 QLoRA 呢？": the same question about QLoRA, not a plan on it
        lang = u.lang
        text = as_definition(again, lang)
        u = replace(understand(text, c._parse, state, c._clock()), lang=lang)
    kept = keep_plan_on_correction(text, u.said, [k.kind for k in found_corrections])
    if kept != u.said:
        u = replace(u, said=kept)
    wanted = reply_language_asked(text)
    if wanted is not None:
        state.lang_asked = wanted  # "answer in English" holds until another language is asked
    if state.lang_asked is not None and u.lang != state.lang_asked:
        u = replace(u, lang=state.lang_asked)  # this turn too ("Please reply in Chinese. …")
    reply.lang = u.lang
    # "h10o", "A1OO": read as the one GPU they can be, and the understood line says so
    state.read_as = [f"{w} → {typo_read_as(w)}" for w, names in u.gpu_typos if len(names) == 1]
    read_number = None
    if unbound is not None:
        before = {name: state.slots.get(name) for name in READ_SLOTS[unbound[1]]}
        read_number = {"slot": unbound[1], "number": unbound[2], "before": before}
    return TurnContext(
        c, state, reply, text, u, found_corrections, read_number=read_number, unclear_budget=unclear_budget
    )


def run_steps(ctx: TurnContext, steps: tuple[TurnStep, ...] | None = None) -> DialogueState | None:
    """The first step that answers the turn gives the state to commit."""
    for step in steps or STEPS:
        result = step(ctx)
        if result is not None:
            return result
    return None  # unreachable: the form always answers


def say_number_reading(ctx: TurnContext, result: DialogueState | None) -> None:
    """ "and 20?" right after a plan, taken as days or GPUs (ellipsis.unbound_reading): when the plan
    changed, the reply opens with the reading taken and how to ask for the other, and the state keeps it
    so that the other said next takes it back."""
    if ctx.read_number is None or result is None or "changes" not in ctx.reply.kinds:
        return
    ctx.reply.prepend("number_read_as", slot=ctx.read_number["slot"], number=ctx.read_number["number"])
    result.number_read = ctx.read_number


def say_unread_precision(ctx: TurnContext, result: DialogueState | None) -> None:
    """ "int8 training?", "8bit 训练 7B": a bit width no training is sized in. The reply ends by saying the
    word was not read and which precision the plan keeps (the one held, else BF16, the default)."""
    word = ctx.u.unread_precision
    if word is None or result is None:
        return
    kept = result.slots.get("precision")
    ctx.reply.add("precision_unread", word=word, kept=kept or "bf16", default=kept is None)


def say_budget_converted(ctx: TurnContext, result: DialogueState | None) -> None:
    """ "預算 50 萬台幣", "HK$20萬": a budget in a currency the plans are not priced in, held in US dollars at
    the sourced, dated rate (knowledge.currencies). The reply ends by saying the conversion and its date."""
    said = ctx.u.budget_said
    budget = result.slots.get("budget") if result is not None else None
    topic = result.topic if result is not None and isinstance(result.topic, dict) else None
    if budget is None and topic is not None:
        budget = (topic.get("slots") or {}).get("budget")  # a direct answer's ("預算一個月 3 萬港幣" serving)
    rate = other_currencies().get(said[1]) if said is not None else None
    if said is None or rate is None or not isinstance(budget, dict) or budget.get("currency") != "USD":
        return
    ctx.reply.add(
        "budget_converted",
        amount=said[0],
        code=rate.code,
        usd=said[0] / rate.per_usd,
        per_usd=rate.per_usd,
        as_of=rate.source.as_of.isoformat(),
        cite=rate.source.citation,
    )


def say_own_rate(ctx: TurnContext, result: DialogueState | None) -> None:
    """ "我们租的 A100 每卡每天 180 元", "we pay $2.1/hr per H100": the user's price for a GPU is held, and a
    plan shown on that GPU (this turn or later) ends with its rental at that price beside the catalogue's;
    a plan on another GPU ends by saying the rate back and how to plan on that GPU."""
    if result is None:
        return
    gpu = ctx.u.said.get("gpu") or next(iter(ctx.u.gpus), None)
    one_gpu = len(set(ctx.u.gpus)) <= 1  # not "the A100 80GB costs $0.80/GPU-hour more than the 40GB"
    if ctx.u.rate_said is not None and ctx.u.quoted_rate is not None and gpu and one_gpu:
        amount, currency, period = ctx.u.rate_said
        result.own_rate = {
            "gpu": str(gpu),
            "amount": amount,
            "currency": currency,
            "period": period,
            "per_hour": ctx.u.quoted_rate[0],
        }
        if not result.slots.get("gpu"):
            result.slots["gpu"] = str(gpu)  # the GPU they rent at that price is the one a plan is on, as said
    rate, last = result.own_rate, result.last
    if rate is None or last is None or "recommendation" not in ctx.reply.kinds:
        return
    if not last.get("gpus") or not last.get("days"):
        return
    if not str(last.get("gpu") or "").startswith(rate["gpu"]):
        # the plan is on another GPU: the rate said back, and how to plan on the GPU it is for
        ctx.reply.add(
            "own_rate",
            rate=rate,
            name=last.get("name"),
            gpu=gpu_name(ctx.c.kb.catalog, rate["gpu"]),
            other=True,
        )
        return
    hours = float(last["days"]) * 24
    ctx.reply.add(
        "own_rate",
        rate=rate,
        name=last.get("name"),
        gpus=last["gpus"],
        hours=hours,
        cost=float(last["gpus"]) * hours * rate["per_hour"],
        other=False,
    )


# -- the steps, in the order of STEPS --------------------------------------------------------------


def budget_number_asked_back(ctx: TurnContext) -> DialogueState | None:
    """ "and 500?" after a budget of $10,000: neither $500 nor $500,000 is near it, so the reply asks which,
    and the plan stands."""
    if ctx.unclear_budget is None:
        return None
    if ctx.unclear_budget.get("unbound"):
        ctx.reply.add("bare_amount_what", **ctx.unclear_budget)  # "and 20k?" with no budget held
        return ctx.state
    ctx.reply.add("budget_number_which", **ctx.unclear_budget, held=ctx.state.slots.get("budget"))
    return ctx.state


def choices_side_by_side(ctx: TurnContext) -> DialogueState | None:
    """ "2 vs 3 epochs", "7B 还是 13B", "全参 vs LoRA 哪个划算": both plans side by side. Taking one of two
    counts shown ("16 then") keeps the board the rows were planned on, for the steps after."""
    u = ctx.u
    if (
        u.intent != "undo"
        and len(set(u.gpus)) < 2
        and weigh_choices(ctx.state, ctx.text, ctx.c._parse, ctx.reply, ctx.c.kb, ctx.c._plan, ctx.c._clock())
    ):
        return ctx.state
    board = take_row(ctx.state, u.said) if u.intent != "undo" else None
    if board is not None and u.said.get("gpu"):
        ctx.u = replace(u, said={**u.said, "gpu": board})  # "16 A100s then": the A100 row shown
    ctx.state.offered = None
    return None


def back_to_aside(ctx: TurnContext) -> DialogueState | None:
    """ "回到第一个，改成 3 个 epoch": the job set aside comes back; the rest of the message changes it."""
    state, u, text, reply = ctx.state, ctx.u, ctx.text, ctx.reply
    back_to_first = bool(FIRST_JOB.search(text))  # "go back to the first one" may read as an undo
    # An undo right after a new request ("回到刚才那个") goes back to the job it set aside, which keeps
    # the jobs set aside before it reachable.
    undo_is_back = (
        state.aside is not None
        and state.previous is not None
        and state.previous.get("slots") == state.aside.get("slots")
    )
    if state.aside is not None and (
        (u.intent != "undo" and BACK_TO_ASIDE.search(text))
        or (u.intent == "undo" and (back_to_first or undo_is_back))
    ):
        # ("回到刚才的方案" after a what-if is an undo of it: _undo)
        swap_aside(state, first=back_to_first)
        other = state.aside or {}
        reply.add(
            "back_to_aside",
            job={"params": state.slots.get("params"), "method": (state.last or {}).get("method")},
            other={
                "params": (other.get("slots") or {}).get("params"),
                "method": (other.get("last") or {}).get("method"),
            },
        )
        if not u.said:
            recommend(state, reply, ctx.c.kb, ctx.c._plan, ctx.c._clock(), [], None)
            return state
    return None


def added_gpus_on_plan(ctx: TurnContext) -> DialogueState | None:
    """ "what if we add 8 more of them?", "再加 8 张卡": the plan's count plus those, on its GPU."""
    state = ctx.state
    more = added_gpus(ctx.text) if state.last is not None and not missing(state) else None
    if more is not None:
        base = state.slots.get("gpu_count") or (state.last or {}).get("gpus") or 0
        said = {**ctx.u.said, "gpu_count": int(base) + more}
        ctx.u = replace(ctx.u, said=said, intent="whatif", kind="whatif")
    return None


def spot_and_region(ctx: TurnContext) -> DialogueState | None:
    """Spot and the region are noted on the state; "换成国内能租到的卡" after a plan: the plan again,
    led by what mainland clouds rent."""
    state, u = ctx.state, ctx.u
    if u.mentions_spot:
        state.mentions_spot = True
    if u.cluster_network is not None:
        gbps, per_gpu = u.cluster_network
        state.cluster_network = {"gbps": gbps, "per_gpu": per_gpu}
    moved_to_china = u.region == "cn" and state.region != "cn"
    if u.region:
        state.region = u.region
    if moved_to_china and ctx.c._replans_in_china(state, u, ctx.text):
        recommend(state, ctx.reply, ctx.c.kb, ctx.c._plan, ctx.c._clock(), [], None)
        return state
    return None


def provider_restriction(ctx: TurnContext) -> DialogueState | None:
    """A provider restriction ("we only use Lambda", "我们只用阿里云"): acknowledged in one line and kept
    for the conversation's plans (bot/dialogue/clouds.restriction)."""
    noted = restriction(ctx.state, ctx.u, ctx.text, ctx.c.kb.catalog)
    if noted is None:
        return None
    ctx.reply.add("clouds_noted", **noted, china=ctx.state.region == "cn")
    return ctx.state


def owned_gpus(ctx: TurnContext) -> DialogueState | None:
    """GPUs the team owns are noted. Another GPU taken instead ("那就租 H100 吧") makes the plan a rental
    again. GPUs fixed by the user, type and count, owned or rented ("pretrain 7B … on 64 H100s", "我们有
    64 张 H100"): the time they take is the answer, so the deadline is not asked (a deadline said, before
    or after, stays: the plan then says whether those GPUs meet it)."""
    state, u = ctx.state, ctx.u
    if u.owned and u.said.get("gpu") and u.said.get("gpu_count"):
        state.owned, state.own_gpus = True, None
        if u.owned_count:  # "we have 8 H100s, how long on 16?": 16 is more than theirs, so rented
            # ("…, pretrain a 1B on 4 of them": fewer than theirs, so on their own, the 8 kept for later)
            state.own_gpus = {"gpu": u.said["gpu"], "count": u.owned_count}
            state.owned = u.said["gpu_count"] < u.owned_count
    elif leaves_own(state, u, normalise(ctx.text).lower):
        rent_instead(state)  # "那就租 H100 吧" after a plan on their A100s: a rental from now on
    elif beyond_own(state, u):
        rent_instead(state, count_said=True)  # "what about on 64 of them?" when they own 32: rented
    elif not back_to_own(state, u):  # "back to the A100s" after a rental on H800s: their own GPUs again
        fewer_than_own(state, u)  # "and with 16?" on their 32: still theirs
    if (u.said.get("gpu") or u.said.get("gpu_count")) and fixes_gpus(state, u):
        if "days" not in state.skipped:
            state.skipped.append("days")
        if state.pending == "days":
            state.pending = None
    return None


def fixes_gpus(state: DialogueState, u: Understood) -> bool:
    """This message leaves the GPU type and count both fixed, no deadline said or held."""
    slots = state.slots
    return bool(
        (u.said.get("gpu") or slots.get("gpu"))
        and (u.said.get("gpu_count") or slots.get("gpu_count"))
        and u.said.get("days") is None
        and slots.get("days") is None
    )


def capacity(ctx: TurnContext) -> DialogueState | None:
    """What the GPUs held (or named) can train in the time."""
    state, u = ctx.state, ctx.u
    if u.intent == "capacity" or (state.owned and asks_capacity(ctx.text)):
        if capacity_answer(state, u, ctx.reply, ctx.c.kb.catalog, ctx.c._clock()):
            return state
    return None


def job_cost_on_gpus(ctx: TurnContext) -> DialogueState | None:
    """ "what would it cost with H200s?" after a plan: the plan on them, not the H200's price list;
    "what would it cost on GCP?": the plan on that cloud, not its price card; "what would it cost on H100 vs
    A100?": the job on each GPU side by side, not on the first one alone."""
    c, state, u = ctx.c, ctx.state, ctx.u
    if c._job_cost_on(state, u, ctx.text) and len(set(u.gpus)) >= 2:
        if compare_on_gpus(state, u, ctx.reply, c.kb, c._plan, c._clock(), ctx.text):
            state.topic = policy.comparison_topic(u.gpus)
            return state
    if c._job_cost_on(state, u, ctx.text) or c._job_cost_at(state, u, ctx.text):
        ctx.u = replace(u, intent="whatif", kind="whatif")
    return None


def proposes_gpu(ctx: TurnContext) -> DialogueState | None:
    """ "用 4090 可以吗", "能用 4090 训练吗" after a plan: the plan on that GPU, not its datasheet nor its
    general training verdict (a feature, "4090 能做多机训练吗", is still about the GPU)."""
    u = ctx.u
    if u.proposes_gpu and ctx.state.last is not None and capability_topic(ctx.text) in (None, "training"):
        ctx.u = replace(u, intent="whatif", kind="whatif")
    return None


def asks_fit(ctx: TurnContext) -> DialogueState | None:
    """ "用 4 张 4090 可以吗" on a plan: a yes/no on that hardware for the job held, answered first.
    ("would an A100 be faster?" weighs it against the plan instead: the change line answers that)."""
    u, state = ctx.u, ctx.state
    state.asks_fit = (
        u.intent == "whatif"
        and u.proposes_gpu
        and state.last is not None
        and not has_any(normalise(ctx.text).lower, PROPOSES_BETTER)
    )
    return None


def timeline_by_cost(ctx: TurnContext) -> DialogueState | None:
    """Asked for the timeline, cost put first answers it: "no rush, cheapest is fine", "沒差，越便宜越好",
    "no deadline, cheapest option" plan without a deadline, instead of the cheapest GPU per hour or the
    billing FAQ with the timeline asked again. A question ("what's the cheapest option?") stays one."""
    state, u = ctx.state, ctx.u
    if state.pending != "days" or u.said or u.intent in ("reset", "undo"):
        return None
    text = normalise(ctx.text).lower
    cost_first = has_cue(text, COST_FIRST)
    if not (u.no_deadline or cost_first) or "?" in text or has_cue(text, ASKS):
        return None
    if cost_first:
        state.cheapest, state.asap = True, False  # the lowest total cost first, as "cheapest please"
    ctx.u = replace(u, intent="size", kind="size", no_deadline=True)
    return None


def why_a_plan_figure(ctx: TurnContext) -> DialogueState | None:
    """ "why 2.6 days?", "why $440?", "为什么要 33 小时？", "為什麼要 $1,054": a why about a figure the plan
    shows is how it was worked out (the plan's math), never a deadline or budget of that value."""
    state, u = ctx.state, ctx.u
    said = u.said
    if (
        state.last is None
        or not said
        or not set(said) <= {"days", "budget"}
        or not has_cue(normalise(ctx.text).lower, _WHY)
    ):
        return None
    last = state.last
    days, budget = said.get("days"), said.get("budget")
    if days is not None and not _near(days, last.get("days")):
        return None
    if budget is not None and not (
        isinstance(budget, dict)
        and budget.get("currency") == last.get("currency")
        and _near(budget.get("amount"), last.get("cost"))
    ):
        return None
    ctx.u = replace(u, said={}, intent="explain", kind="explain")
    return None


_WHY = (*PLAIN_WHY, "怎么要", "怎么会")
FIGURE_SHOWN = 0.06  # a figure as the reply rounds it ("2.6 days" for 2.62, "33 hours" for 1.375 days)


def _near(said: Any, shown: Any) -> bool:
    if not isinstance(said, int | float) or not isinstance(shown, int | float) or shown <= 0:
        return False
    return abs(float(said) - float(shown)) <= FIGURE_SHOWN * float(shown)


def frame_question(ctx: TurnContext) -> DialogueState | None:
    """The question and its direct-answer kind, read after the rewrites above; the figure corrections
    and the line on a GPU the catalogue lacks go first in the reply."""
    c, state, reply = ctx.c, ctx.state, ctx.reply
    ctx.in_form = c._form_in_progress(state)
    if policy.load_on_training_plan(state, ctx.u, ctx.text):
        # "what about 300 users?" after a training plan: the job's model served to them ("最便宜怎么部署给
        # 30 个人用": the cheapest way to)
        asked = ctx.u.task == "serve" and ctx.u.intent not in ("whatif", "correction", "unknown")
        ctx.u = replace(ctx.u, kind=ctx.u.kind if asked else "serve", task="serve")
    if not ctx.in_form:
        u = policy.board_variant(state.topic, ctx.u, ctx.text, c.kb.catalog)
        u = policy.comparison_variant(state.topic, u, state.slots.get("params"))
        u = policy.task_variant(state.topic, u, ctx.text)
        ctx.u = policy.time_variant(state.topic, u)
    question = ctx.framed = c._question(state, ctx.text, ctx.u)
    direct = ctx.direct = policy.kind_of(question, state.topic, ctx.in_form)
    if direct != "figure_check":
        corrections(ctx.found_corrections, reply)  # the figure check answers with them itself
        no_link_premise(question, reply)  # "two 4090s with nvlink": the 4090 has none
        if not ctx.found_corrections and direct is not None:
            confirm_figures(question, reply)  # "is the B200 180GB? also, how many…": yes, then the rest
    outside = ctx.outside = policy.outside_note(question, direct)
    if outside is not None:
        # "… on TPU v5e": planned on the catalogue's GPUs; "MI325X vs H200": answered for the H200
        reply.add(
            "not_in_catalogue",
            name=outside[0],
            gpu=outside[1],
            planning=not outside[2] and not outside[3],
            beside=outside[2],
            instead=outside[3],
            stated_gb=question.memory_floor_gb if outside[1] and outside[3] else None,
        )
    return None


def reset(ctx: TurnContext) -> DialogueState | None:
    """ "start over": a fresh conversation."""
    return ctx.c._reset(ctx.state, ctx.reply) if ctx.u.intent == "reset" else None


def lifts(ctx: TurnContext) -> DialogueState | None:
    """ "预算不限", "forget the budget", "any GPU is fine": that limit goes, and the plan follows;
    "预算上限不用管" with no budget held: nothing to take back, and the plan stands as it is."""
    state, u, text = ctx.state, ctx.u, ctx.text
    taken_back = [n for n in lifted(text, state) if n not in u.said] if u.intent != "undo" else []
    unheld = unheld_lifts(text, state) if not taken_back and not u.said and state.last else []
    if unheld:
        ctx.reply.add("nothing_to_lift", slots=unheld)
        return state
    # "any provider is fine" after a plan priced "on AWS": every cloud again
    clouds = not u.providers and bool(state.clouds) and state.last is not None and u.intent != "undo"
    if clouds and any_provider(text):
        changes = [SlotChange("clouds", list(state.clouds), [])]
        state.clouds = []
        changes += lift(state, taken_back)
    elif taken_back:
        changes = lift(state, taken_back)
    else:
        return None
    said = {k: v for k, v in u.said.items() if k not in QUESTION_NEVER_SETS or u.intent == "whatif"}
    ctx.u = replace(u, said=said, intent="whatif", kind="whatif")
    return ctx.c._form_step(state, ctx.reply, ctx.u, None, text, lifted=changes) or state


def language_asked_for(ctx: TurnContext) -> DialogueState | None:
    """ "can you answer in English?": that language from now on, and what stands said again in it."""
    state, reply = ctx.state, ctx.reply
    asked_lang = language_asked(ctx.text) if not ctx.u.said else None
    if asked_lang is None:
        return None
    reply.lang = asked_lang
    if state.last is not None and not missing(state):
        recommend(state, reply, ctx.c.kb, ctx.c._plan, ctx.c._clock(), [], None)
        return state
    if not_started(state):
        reply.add("greeting")
        return state
    return ask_next(state, reply, said=False)


def assumptions(ctx: TurnContext) -> DialogueState | None:
    """ "what did you assume?": the math, every assumption in it; asked while the form still lacks what
    a plan needs ("你这个是按啥假设算的" before any plan), what it holds so far and the question still
    open."""
    u, state = ctx.u, ctx.state
    if not u.said and u.intent not in ("undo", "reset") and asks_assumptions(ctx.text):
        if state.last is not None:
            return ctx.c._explain(state, ctx.reply)
        if not not_started(state):
            return ctx.c._recap(state, ctx.reply)
    return None


def recap(ctx: TurnContext) -> DialogueState | None:
    """ "where are we?": what the conversation holds so far."""
    u, state = ctx.u, ctx.state
    if not u.said and u.intent not in ("undo", "reset") and asks_recap(ctx.text) and not not_started(state):
        return ctx.c._recap(state, ctx.reply)
    return None


def undo(ctx: TurnContext) -> DialogueState | None:
    """ "undo", "回到刚才的方案": the plan before the last change."""
    return ctx.c._undo(ctx.state, ctx.reply, ctx.text) if ctx.u.intent == "undo" else None


def explain(ctx: TurnContext) -> DialogueState | None:
    """ "show the math": the plan's calculation."""
    return ctx.c._explain(ctx.state, ctx.reply) if ctx.u.intent == "explain" else None


def small_talk(ctx: TurnContext) -> DialogueState | None:
    """Help, a greeting, thanks: said, then back to the form's question (none before the form)."""
    u, state = ctx.u, ctx.state
    if u.intent in ("help", "greeting", "thanks") and not u.said:
        ctx.reply.add(u.intent)
        if not_started(state):
            return state  # the greeting says what to tell; no slot question nobody asked for
        return ask_next(state, ctx.reply, said=False, quiet=u.intent == "thanks", invite=False)
    return None


def two_phases(ctx: TurnContext) -> DialogueState | None:
    """ "先用 A100 试跑，之后上 H100": the full run on the later GPU, the trial on the first beside it."""
    c, state, u, reply = ctx.c, ctx.state, ctx.u, ctx.reply
    job_held = state.last is not None and not missing(state)
    phases = phased(ctx.text, u.gpus, c.kb) if u.said.get("params") is not None or job_held else None
    if phases is None:
        return None
    said = {k: v for k, v in u.said.items() if k != "gpu_count"}
    after = c._form_step(state, reply, replace(u, said={**said, "gpu": phases[1]}, intent="size"))
    if reply.recommendation is not None:
        trial(after or state, reply, c.kb, c._plan, c._clock(), phases[0])
    return after or state


def workload_compare(ctx: TurnContext) -> DialogueState | None:
    """The job compared on the GPUs named (an inference comparison is answered by serve_compare);
    "…大概多久？另外 A800 和 A100 有啥区别？": the datasheet difference too."""
    c, state, u = ctx.c, ctx.state, ctx.u
    if compares_workload(u) and u.task != "serve":
        if compare_on_gpus(state, u, ctx.reply, c.kb, c._plan, c._clock(), ctx.text):
            state.topic = policy.comparison_topic(u.gpus)
            if has_cue(normalise(ctx.text).lower, DIFFERENCE):
                compare_answer(ctx.question, ctx.reply, judge=False)
            return state
    return None


def why_this_gpu(ctx: TurnContext) -> DialogueState | None:
    """ "为什么不用 H100？", "why that GPU?" after a plan: the job on its GPU beside the other. Before any
    plan ("why the B200?"): no GPU is chosen yet, and what decides the choice (after a serving answer, what
    decided its GPU); the form's question follows when one is open. The GPU named sets nothing."""
    c, state = ctx.c, ctx.state
    if ctx.direct is None and state.last is not None and not missing(state) and asks_why_gpu(ctx.text, ctx.u):
        if why_on_plan(state, ctx.u, ctx.reply, c.kb, c._plan, c._clock()):
            return state
    if state.last is None and asks_why_before_plan(ctx.text, ctx.u):
        serving = why_no_plan(state, ctx.u, ctx.reply, c.kb)
        return state if serving and state.pending is None else ask_next(state, ctx.reply, said=False)
    return None


def why_gpu_count(ctx: TurnContext) -> DialogueState | None:
    """ "why 4 GPUs?", "为什么要这么多卡？": after a plan, why it takes its count (memory per GPU, the
    deadline), or its count beside another one named; before any plan, how a GPU count is chosen (the FAQ).
    The number asked about sets nothing."""
    c, state, reply = ctx.c, ctx.state, ctx.reply
    if ctx.direct is not None or not gpu_count.asks_why_count(ctx.text, ctx.u):
        return None
    if state.last is not None and not missing(state):
        count = ctx.u.said.get("gpu_count")
        return state if gpu_count.answer(state, count, reply, c.kb, c._plan, c._clock()) else None
    if state.last is None and gpu_count.general(c.kb, reply):
        return ask_next(state, reply, said=False)
    return None


def flagged_cloud_price(ctx: TurnContext) -> DialogueState | None:
    """ "what would it cost on GCP?" after a plan whose GPU that cloud lists only at a flagged price:
    that price said with its flag, beside the cheapest plan on the cloud's verified prices; the plan
    held stays (bot/dialogue/answers/flagged_cloud.py)."""
    c, state, u = ctx.c, ctx.state, ctx.u
    if not u.providers or ctx.direct is not None or not flagged_cloud.asks(state, u, ctx.text):
        return None
    return state if flagged_cloud.answer(state, u, ctx.reply, c.kb, c._plan, c._clock()) else None


def plan_questions(ctx: TurnContext) -> DialogueState | None:
    """Checkpoints, VRAM, nodes/network/storage, cheapest cloud, watch-outs: from the plan shown."""
    c = ctx.c
    if answer_plan_question(
        ctx.state, ctx.u, ctx.reply, c.kb, c._plan, c._clock(), ctx.text, alone=ctx.direct is None
    ):
        return ctx.state
    return None


def on_plan_question(ctx: TurnContext) -> DialogueState | None:
    """The plan's time, how to get it within the budget, a cheaper plan, its total cost."""
    if ctx.direct is None and ctx.c._on_plan_question(ctx.state, ctx.u, ctx.reply, ctx.text):
        return ctx.state
    return None


def datasheet_follow_up(ctx: TurnContext) -> DialogueState | None:
    """ "那 H200 呢？" after a datasheet: the H200's datasheet (a GPU look-up, below)."""
    if ctx.direct == "gpu_info":
        ctx.u = replace(ctx.u, kind=ctx.direct)
        ctx.direct = None
    return None


def measured_time(ctx: TurnContext) -> DialogueState | None:
    """ "单卡 A100 跑 7B LoRA，每个 epoch 3 小时，训 3 轮要多少钱": the time the user measured, and its
    cost on the GPUs named, open the reply; the answer the message would get anyway follows."""
    if ctx.u.epoch_hours is not None and ctx.u.epoch_hours > 0:
        add_measured_time(ctx.c.kb, ctx.u.said, ctx.u.gpus, ctx.u.region, ctx.u.epoch_hours, ctx.reply)
    return None


# The job held that a data question in the form is answered for.
DATA_AMOUNT_JOB = ("params", "active_params", "method", "continued")


def data_amount_in_form(ctx: TurnContext) -> DialogueState | None:
    """ "how many tokens do we need?", "is 30M tokens enough?", "3000 万 token 够吗" while the form asks
    about a sized training job, before any plan: the data that model and method need (answers/data_amount),
    then the form goes on with what the message said (an amount said is the data) and asks its next
    question. Asked of another size ("how much data for a 3B?"), the direct answer is for that size."""
    state, u = ctx.state, ctx.u
    if state.last is not None or state.pending is None or state.slots.get("params") is None:
        return None
    if u.task == "serve" or u.gpus or u.said.get("params") is not None:
        return None
    if not data_amount.asked_in_form(normalise(ctx.text).lower, u.said):
        return None
    job = {k: state.slots[k] for k in DATA_AMOUNT_JOB if state.slots.get(k) is not None}
    question = Question(ctx.text, u, ctx.c.kb, ctx.c._plan, ctx.c._clock(), job)
    if not data_amount.answer(question, ctx.reply, in_form=True):
        return None
    ctx.u = replace(u, intent="size", kind="size")
    return faq_or_form(ctx)


def direct_answer(ctx: TurnContext) -> DialogueState | None:
    """A price, a figure, a feasibility...: answered from what the question says and stated defaults. A
    training or serving job asked of a Mac ("can I fine-tune llama 8b on my m2 max?", "Mac Studio 能跑 70B
    吗"): what it needs on the catalogue's GPUs, then what a Mac can do locally."""
    if ctx.direct is not None and ctx.c._direct(ctx.state, ctx.reply, ctx.direct, ctx.question):
        if (
            ctx.direct in ("memory", "feasibility", "serve_memory", "serve", "serve_fit")
            and ctx.outside is not None
        ):
            _on_a_mac(ctx, ctx.direct)
        return ctx.state
    return None


def _on_a_mac(ctx: TurnContext, kind: str) -> None:
    """The FAQ on Apple silicon after the answer of `kind`, when the hardware outside the catalogue is a
    Mac."""
    from bot.dialogue.answers.catalogue import APPLE_FAQ
    from bot.render.views import entry_view

    entry = ctx.c.kb.entry(APPLE_FAQ)
    if entry is None or kind not in ctx.reply.kinds or not has_cue(normalise(ctx.text).lower, APPLE_SILICON):
        return
    side = Reply(ctx.reply.lang)
    side.add("faq_answer", entries=[entry_view(entry, ctx.reply.lang)])
    at = ctx.reply.kinds.index(kind) + 1
    ctx.reply.parts[at:at] = side.parts
    ctx.reply.kinds[at:at] = side.kinds
    ctx.reply.add_faq(APPLE_FAQ)


def gpu_look_up(ctx: TurnContext) -> DialogueState | None:
    """A question about GPUs answers it and leaves the plan alone: "A100和H100有什么区别" names a GPU
    without choosing it (choosing one is a size/correction/what-if turn). "MI325X vs H200": the one the
    catalogue holds, after the line on the one it lacks."""
    c, u, outside = ctx.c, ctx.u, ctx.outside
    if not (u.kind in GPU_INTENTS or (outside is not None and outside[2])):
        return None
    names = u.gpus
    if outside is not None and outside[2]:
        # Against a GPU it lacks, a family is its main board ("Gaudi 3 vs H100": the H100 SXM).
        mains = (main_variant(c.kb.catalog, n) for n in u.gpus)
        names = tuple(dict.fromkeys(m.id for m in mains if m is not None)) or u.gpus
    answer_gpus(c.kb, u.kind, names, ctx.reply, asked=figures_asked(ctx.text))
    if u.kind == "gpu_info" and not ctx.in_form:
        ctx.state.topic = policy.topic_after("gpu_info", ctx.question)
    return ask_next(ctx.state, ctx.reply, said=False)


def answers_not_questions(ctx: TurnContext) -> DialogueState | None:
    """Messages the NLU reads as questions that answer the form: "no deadline", "越快越好", a sample's
    length; "一般要多久？" asked for the deadline; "QLoRA 能省多少显存？" during a LoRA form is a question."""
    state, u = ctx.state, ctx.u
    # Half of a dialogue's length answers only a form under way ("每轮 200 token" after "每组 5 轮").
    half = (u.tokens_per_turn or u.turns_per_sample) and ctx.c._form_in_progress(state)
    length = u.tokens_per_sample or half
    if (u.no_deadline or u.asap or length) and u.intent in ("faq", "unknown", "skip"):
        # "no deadline", "越快越好", "each sample is about 2k tokens", "每轮 200 token": answers, not
        # FAQ questions.
        u = replace(u, intent="size")
    if state.pending == "days" and u.asks_time and not u.said and u.intent in ("faq", "unknown"):
        # Asked for the deadline, "一般要多久？", "what's a realistic timeline?": the time is the answer,
        # so plan without one (the reply says how many days it takes), not an FAQ search.
        u = replace(u, intent="size", no_deadline=True)
    if deadline_what_if(state, u, ctx.text, ctx.c.kb):
        # "and 1 day?", "1 天能完成吗", "could it finish in 1 day?" after a plan: that plan with the deadline
        # said, not the notes on tight deadlines
        u = replace(u, intent="whatif")
    if u.kind == "memory" and state.pending is not None and _only_overwrites(state, u.said):
        # "QLoRA 能省多少显存？" while the form asks about a LoRA job: a question about the technique,
        # answered from the notes, not a switch to it; the form keeps what it was told.
        u = replace(u, intent="faq")
    ctx.u = u
    return None


# A duration as said ("1 day", "两天", "36 hours", "一天半"), in lexicon.UNITS' words for one: taken out of
# a deadline what-if before the FAQ is asked what else the message is about.
_DURATION_SAID = re.compile(
    r"(?:\d+(?:\.\d+)?|[一二两三四五六七八九十半〇零]+)\s*(?:"
    + "|".join(
        re.escape(w) for w in sorted({w for w, kind, _ in UNITS if kind == "days"}, key=len, reverse=True)
    )
    + r")(?![a-z])半?"
)
# The notes on deadlines a plan misses: what a deadline-only what-if reads like to the FAQ.
DEADLINE_PITFALL = "pitfall.deadline_too_tight"


def deadline_what_if(state: DialogueState, u: Understood, text: str, kb: KnowledgeBase) -> bool:
    """A question after a plan that says a deadline and nothing else the plan would change ("and 1 day?",
    "那 1 天呢", "could it finish in 1 day?", "ok and what if the deadline moved to just 1 day, would it
    still work?", "如果工期压缩到只有一天的话，这个方案还来得及吗"): the plan asked again with that deadline,
    whatever FAQ its words look like; unless, the duration taken out, the FAQ finds a topic of its own in
    it ("if we only have 2 days, how often should we save checkpoints?"), not the notes on tight deadlines."""
    if state.last is None or u.intent != "faq" or u.said.get("days") is None or u.gpus:
        return False
    if not set(u.said) <= {"days", "data_language"}:
        return False
    hits = kb.search(_DURATION_SAID.sub(" ", normalise(text).lower), 1)
    return not hits or hits[0].id == DEADLINE_PITFALL


def spot_beside_form(ctx: TurnContext) -> DialogueState | None:
    """ "8B LoRA，1 万条，spot 一天被抢占了三十次，要不要换按需": the form takes the job, and while it still
    asks for something the spot question is answered first, not held back until the plan (a plan
    answers it itself, with its spot pitfall)."""
    state, u = ctx.state, ctx.u
    if u.intent != "size" or not asks_spot_beside_job(normalise(ctx.text).lower, u.yes_no):
        return None
    state.mentions_spot = True
    result = faq_or_form(ctx)
    if result is None or result.pending is None:
        return result
    side = Reply(ctx.reply.lang)
    spot_advice(ctx.framed or ctx.c._question(state, ctx.text, u), side)
    ctx.reply.parts[0:0] = side.parts
    ctx.reply.kinds[0:0] = side.kinds
    return result


def budget_enough_beside_plan(ctx: TurnContext) -> DialogueState | None:
    """ "I have 10k usd, is that enough to pretrain a 1b model on 20b tokens": the form plans the job, and
    when it presents a plan the yes or no on the budget opens the reply (a total budget, in the plan's
    currency; over it, the plan's own budget warning says what the budget buys)."""
    u = ctx.u
    budget = u.said.get("budget")
    if u.intent != "size" or not isinstance(budget, dict):
        return None
    period = budget.get("period", "total")
    if period not in ("total", "month"):
        return None
    if not (u.yes_no or has_any(normalise(ctx.text).lower, ENOUGH_ASKS)):
        return None
    result = faq_or_form(ctx)
    last = result.last if result is not None else None
    if ctx.reply.recommendation is None or not last or last.get("cost") is None:
        return result
    if (last.get("currency") or "USD") != (budget.get("currency") or "USD"):
        return result
    cost, amount = float(last["cost"]), float(budget["amount"])
    # A monthly budget ("is $5k/month enough to LoRA a 70B?"): a job done within a month against one month of
    # it, a longer one by what it spends per month.
    months = float(last.get("days") or 0) / DAYS_PER_MONTH if period == "month" else 0.0
    spent = cost / months if months > 1 else cost
    ctx.reply.prepend(
        "budget_enough",
        within=spent <= amount,
        cost=cost,
        amount=amount,
        currency=last.get("currency") or "USD",
        monthly=period == "month",
        per_month=spent if months > 1 else None,
        days=last.get("days"),
    )
    return result


DAYS_PER_MONTH = 365.25 / 12


def faq_or_form(ctx: TurnContext) -> DialogueState | None:
    """The notes' answer to an FAQ question, and the form with what the message says: always answers.

    Whether a message is an FAQ question, a sizing request or a datasheet look-up is the NLU's
    decision (Parse.intent), never the search's. A conceptual question that names a GPU, a precision
    or a size ("is fp8 training production-ready?") is answered from the notes; it starts no form, in
    one that is asking it may only fill what is still empty, and after a plan it changes nothing
    ("FP8 训练能快一倍吗？" is no switch to FP8)."""
    c, state, u, text = ctx.c, ctx.state, ctx.u, ctx.text
    found: list[Hit] | None = None
    # "show me the cheapest option on AWS" after a plan: the plan on that cloud is the answer (the form
    # takes the cloud), not the note on choosing a provider
    on_cloud = state.last is not None and bool(u.providers) and not u.said and not u.gpus
    on_cloud = on_cloud and has_any(normalise(text).lower, CHEAPEST)
    if (u.intent == "faq" or (not u.said and u.intent == "unknown" and not ctx.reply.kinds)) and not on_cloud:
        found = c.kb.search(notes_query(text), limit=3) if text else None
    if found is None and plan_memory.length_faq_first(state, u, text):
        # "if I raise the context length to 16k will memory blow up?" with no model yet: how the length drives
        # memory first, then the form asks for the model so the numbers can be computed
        found = plan_memory.length_faq(c.kb)
    text_bytes = u.said.get("data_bytes") if u.intent == "faq" else None  # "how many tokens is 10GB of text?"
    if u.intent == "faq":
        kept = fills_only(state, u.said, text) if state.pending is not None else {}
        if kept != u.said:  # most questions say nothing to keep or drop: no copy of the whole reading
            u = replace(u, said=kept)
    done = (
        c._form_step(state, ctx.reply, c._job_from_topic(state, u), found, text, text_bytes=text_bytes)
        or state
    )
    done.after_faq = u.intent == "faq" and "faq_answer" in ctx.reply.kinds
    if u.gpus and REGION_FAQ in ctx.reply.faq and "faq_answer" in ctx.reply.kinds:
        _listings_by_region(ctx)
    if state.last is not None and scaling.SCALING_FAQ in ctx.reply.faq and "faq_answer" in ctx.reply.kinds:
        # "多加一倍的卡能快一倍吗" after a plan: the engine's figures for that plan follow the notes
        scaling.on_plan(state, c.kb, c._plan, c._clock(), ctx.reply)
    if done.after_faq and state.pending is None:
        operated = policy.operations_topic(ctx.u.said, u.task, normalise(text).lower)
        if operated is not None:
            done.topic = operated
    return done


# The FAQ on choosing a region: with a GPU named ("should we rent H100s in Japan or the US?"), that GPU's
# listings follow it, each with the region the catalogue lists it in.
REGION_FAQ = "faq.choose_region"


def _listings_by_region(ctx: TurnContext) -> None:
    """The named GPU's listings (cloud, instance, region, price) right after the region FAQ's answer."""
    side = Reply(ctx.reply.lang)
    question = ctx.framed or ctx.c._question(ctx.state, ctx.text, ctx.u)
    if not policy.answer("price", question, side) or not side.parts:
        return
    at = ctx.reply.kinds.index("faq_answer") + 1
    ctx.reply.parts[at:at] = side.parts
    ctx.reply.kinds[at:at] = side.kinds


def _only_overwrites(state: DialogueState, said: dict[str, object]) -> bool:
    """Everything `said` names already holds another value: a message that adds nothing to the form."""
    return bool(said) and all(
        state.slots.get(k) is not None and state.slots.get(k) != v for k, v in said.items()
    )


# The turn policy. The order is the policy: see the module docstring for why, each step's docstring
# for what it answers. README "Architecture" lists these names in this order (a test keeps it so).
STEPS: tuple[TurnStep, ...] = (
    budget_number_asked_back,
    choices_side_by_side,
    back_to_aside,
    added_gpus_on_plan,
    spot_and_region,
    provider_restriction,
    owned_gpus,
    capacity,
    job_cost_on_gpus,
    proposes_gpu,
    asks_fit,
    timeline_by_cost,
    why_a_plan_figure,
    frame_question,
    reset,
    lifts,
    language_asked_for,
    assumptions,
    recap,
    undo,
    explain,
    small_talk,
    two_phases,
    workload_compare,
    why_gpu_count,
    why_this_gpu,
    flagged_cloud_price,
    plan_questions,
    on_plan_question,
    datasheet_follow_up,
    measured_time,
    data_amount_in_form,
    direct_answer,
    gpu_look_up,
    answers_not_questions,
    spot_beside_form,
    budget_enough_beside_plan,
    faq_or_form,
)
