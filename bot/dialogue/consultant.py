"""The consultant: the service layer Slack and the terminal share.

`Consultant.handle(session_id, text)` computes one user turn from a snapshot of the session and
commits it with a short compare-and-set `store.update` (bot/dialogue/commit.py), so two turns of
one session never lose an update and no lock is held while planning; it returns a Turn (text,
Block Kit, chat JSON) and holds no Slack types. The dialogue is a deterministic Rasa-style form
with CALM repair patterns (reference/slack-and-nlu.md §4.1-4.3): see bot/dialogue/state.py.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from bot.dialogue import policy
from bot.dialogue.answers import (
    budget as budget_answer,
    own_or_rent,
    plan_cost as cost_answer,
    plan_memory,
    serve,
)
from bot.dialogue.answers.base import Question
from bot.dialogue.answers.cluster import reserved_on_plan, spot_on_plan
from bot.dialogue.answers.faq import answer_search, pooled_memory
from bot.dialogue.ask import ask_next, not_started
from bot.dialogue.choices import answer_held
from bot.dialogue.clouds import take_clouds
from bot.dialogue.commit import commit_turn, revision
from bot.dialogue.data_language import keeps_token_count, language_already_planned, take_data_language
from bot.dialogue.hardware import main_variant
from bot.dialogue.home import home_view
from bot.dialogue.memo import MemoPlanner
from bot.dialogue.plan import effective_slots
from bot.dialogue.plan_questions import PLAN_QUESTION_INTENTS
from bot.dialogue.recommend import (
    Planner,
    gpu_name,
    over_budget,
    plan_context,
    recommend,
    run_plan,
    shown_options,
    with_own_math,
)
from bot.dialogue.reply import Reply, Turn
from bot.dialogue.route import (
    FIRST_JOB,
    SWITCH_WORDS,
    count_on_current_gpu,
    starts_over,
)
from bot.dialogue.state import (
    SLOT_NAMES,
    DialogueState,
    SlotChange,
    fresh_state,
    keep_first,
    keep_previous,
    missing,
    one_data_change,
    public_slots,
    replaced,
    skip_pending,
    start_aside,
    take_ranges,
)
from bot.dialogue.timeline import count_samples, tighten, timeline
from bot.dialogue.turn_steps import (
    read_turn,
    run_steps,
    say_budget_converted,
    say_number_reading,
    say_own_rate,
    say_unread_precision,
)
from bot.dialogue.understand import ParseFn, Understood, clean_text, plan_cost
from bot.nlu.intents import PER_PERIOD, WHATIF as WHATIF_CUES, has_any
from bot.nlu.lexicon import SPOT_WORDS
from bot.nlu.parser import unqualified_fine_tune
from bot.nlu.question_cues import (
    BEFORE_THEN,
    JOB_COST_ON,
    MAKE_IT_FIT,
    MEMORY_SAVED,
    OTHER_DURATIONS,
    PLAN_CHEAPER,
    POOL_ASKS,
    THE_JOB_MODEL,
)
from bot.nlu.text import normalise
from bot.ports import TurnLike
from bot.render.views import entry_view, explain_items, find_entry
from bot.store.base import SessionState, Store
from knowledge.text_units import text_units
from sizing.errors import SizingError
from sizing.workload import DEFAULT_SEQ_LEN

if TYPE_CHECKING:
    from knowledge import KnowledgeBase
    from knowledge.search import Hit

__all__ = ["Consultant", "Turn"]

ChartFn = Callable[[dict[str, Any], str], bytes]
Step = Callable[[DialogueState, Reply], DialogueState | None]
# A message the bot could not use is quoted back, up to this many characters.
NOT_UNDERSTOOD_CHARS = 80
# "计算过程" / "how is that calculated?" before any plan: the FAQ entry on how estimates are made.
HOW_ESTIMATES_WORK = "faq.how_estimates_work"
# A message with a number that changed nothing after a plan ("use h10o"): said not to be understood.
UNREAD_VALUE_INTENTS = ("unknown", "whatif", "correction", "size")
# The fields of the latest plan that App Home shows, kept in its entry (with the cost's amount and currency).
HOME_PLAN_KEYS = ("gpu", "gpus", "days", "cost")
# What a serving question takes from the training job it points at ("同一个模型"): the model.
JOB_MODEL_SLOTS = ("params", "model", "active_params")
# What a message planning training before serving says of the training run (not the serving's GPUs,
# precision or budget): the form starts from these.
TRAINED_BEFORE_SERVING = (
    *JOB_MODEL_SLOTS, "method", "tokens", "data_bytes", "epochs", "days", "seq_len", "stack", "recompute",
    "offload", "low_memory", "text_unit",
)  # fmt: skip
# The question kinds that ask whether hardware holds a job ("能放下吗", "is 12 GB enough for QLoRA?").
FIT_KINDS = ("feasibility", "memory")


def _default_parse() -> ParseFn:
    from bot.nlu import parse

    return parse


def _default_plan() -> Planner:
    from sizing import plan

    return plan


def _default_chart() -> ChartFn | None:
    """The chart renderer, or None without matplotlib (the optional `chart` extra): no chart then."""
    import importlib.util

    if importlib.util.find_spec("matplotlib") is None:
        return None
    from bot.render.chart import cost_time_png

    return cost_time_png


class Consultant:
    def __init__(
        self,
        kb: KnowledgeBase,
        store: Store,
        *,
        clock: Callable[[], dt.date] = dt.date.today,
        parse: ParseFn | None = None,
        plan: Planner | None = None,
        chart: ChartFn | None = None,
    ) -> None:
        self.kb = kb
        self.store = store
        self._clock = clock
        self._parse = parse or _default_parse()
        # Memoised per request: plan is pure, and retries, explain and what-ifs repeat requests.
        self._plan: Planner = MemoPlanner(plan or _default_plan())
        self._chart = chart if chart is not None else _default_chart()

    # -- entry points ---------------------------------------------------------------------------

    def handle(
        self, session_id: str, text: str, *, user_id: str | None = None, lang_hint: str | None = None
    ) -> Turn:
        """One user message. `lang_hint`: the language the surface knows the user by (a Slack
        locale), for a new conversation whose first message does not say (Chinese that reads the
        same in both scripts, a bare number)."""
        clean = clean_text(text)
        turn = self._commit(
            session_id, lambda state, reply: self._on_text(state, reply, clean), lang_hint=lang_hint
        )
        self.remember(user_id, turn)
        return turn

    def handle_action(
        self, session_id: str, action: str, value: str = "", *, user_id: str | None = None
    ) -> Turn:
        if action == "answer":
            return self.handle(session_id, value, user_id=user_id)
        if action == "explain":
            return self._commit(session_id, self._explain)
        if action == "reset":
            return self._commit(session_id, self._reset)
        return self._commit(session_id, lambda state, reply: ask_next(state, reply, said=False))

    def handle_form(self, session_id: str, fields: dict[str, str], *, user_id: str | None = None) -> Turn:
        from bot.dialogue.form import form_said, validate_form

        def step(state: DialogueState, reply: Reply) -> DialogueState | None:
            reply.lang = state.lang or "en"
            errors = validate_form(fields, self._parse, reply.lang)
            if errors:
                reply.add("form_errors", errors=errors)
                return state
            said = form_said(fields, self._parse)
            if "days" not in said and "days" not in state.skipped:
                state.skipped.append("days")  # an empty deadline field means "no deadline"
            understood = Understood(intent="size", lang=reply.lang, said=said)
            return self._form_step(state, reply, understood)

        turn = self._commit(session_id, step)
        self.remember(user_id, turn)
        return turn

    def validate_form(self, fields: dict[str, str], lang: str = "en") -> dict[str, str]:
        from bot.dialogue.form import validate_form

        return validate_form(fields, self._parse, lang)

    def home_view(self, user_id: str, lang: str = "en") -> dict[str, Any]:
        return home_view(self.kb, self.store.get(f"home:{user_id}"), lang)

    # -- turn machinery -------------------------------------------------------------------------

    def _commit(self, session_id: str, step: Step, *, lang_hint: str | None = None) -> Turn:
        return commit_turn(self.store, session_id, lambda raw: self._compute(raw, step, lang_hint))

    def _compute(
        self, raw: SessionState | None, step: Step, lang_hint: str | None = None
    ) -> tuple[SessionState, Turn]:
        state = DialogueState.from_json(raw, lang_hint or "")
        state.read_as = []  # said of the turn that read them only
        reply = Reply(state.lang or "en")
        new_state = step(state, reply) or state
        if reply.recommendation is not None and "undo" not in reply.kinds:
            keep_previous(raw, new_state)
            keep_first(new_state)
        new_state.lang = reply.lang
        new_state.rev = revision(raw) + 1
        standing = self._standing(new_state) if reply.recommendation is None else None
        turn = reply.finish(self._payload(new_state), self._chart, standing=standing)
        return new_state.to_json(shared=True), turn  # new_state is dropped: nothing changes it now

    def _standing(self, state: DialogueState) -> dict[str, Any] | None:
        """The plan still in effect after a turn that did not change it (a question, thanks): the
        chat JSON's `recommendation` is the conversation's current plan, `recommended` says
        whether this reply presented it. Memoised, so this costs no second engine run."""
        if state.last is None or missing(state):
            return None
        try:
            return run_plan(state, self.kb, self._plan, self._clock())
        except SizingError:
            return None

    def _payload(self, state: DialogueState) -> dict[str, Any]:
        effective = effective_slots(state, self.kb.catalog) if state.last else None
        return {
            "slots": public_slots(state, effective),
            "missing": missing(state),
            "pending": state.pending,
            "assumed": list(state.assumed or []),
        }

    def remember(self, user_id: str | None, turn: TurnLike) -> None:
        """Keep the plan a turn presented as the user's latest, for App Home. `handle` does it for a
        caller that passes user_id; the Slack runner passes none and, once the answer is shown,
        writes `home_entry` with the turn's finish, so the write is not between the user and the answer."""
        home = self.home_entry(user_id, turn)
        if home is not None:
            key, entry = home
            self.store.update(key, lambda _old: (entry, None))

    def home_entry(self, user_id: str | None, turn: TurnLike) -> tuple[str, dict[str, Any]] | None:
        """What `remember` writes: App Home's session id for the user and the turn's plan as their
        latest; None when there is no user or the turn presented no plan."""
        rec = turn.payload.get("recommendation")
        if not user_id or not rec:
            return None
        option = rec["options"][0]
        # What App Home shows of it (templates/*/home.md.j2): the whole option, with its layout, memory
        # and network figures, was several times the JSON to encode on every answer with a plan.
        top = {key: option[key] for key in HOME_PLAN_KEYS if key in option}
        cost = option.get("cost")
        if isinstance(cost, dict):
            top["cost"] = {key: cost[key] for key in ("amount", "currency") if key in cost}
        return f"home:{user_id}", {
            "slots": turn.payload["slots"],
            "top": top,
            "as_of": self._clock().isoformat(),
        }

    def _on_text(self, state: DialogueState, reply: Reply, text: str) -> DialogueState | None:
        """One message: read once, then the turn policy's steps in order (bot/dialogue/turn_steps.py)."""
        ctx = read_turn(self, state, reply, text)
        result = run_steps(ctx)
        say_number_reading(ctx, result)
        say_unread_precision(ctx, result)
        say_budget_converted(ctx, result)
        say_own_rate(ctx, result)
        return result

    @staticmethod
    def _job_from_topic(state: DialogueState, u: Understood) -> Understood:
        """ "we have 20M tokens, 3 days" after "how much VRAM to fine-tune Llama 3 8B?": the plan is of
        the model that answer was about, when the message names none and no form holds one. After a
        feasibility or memory answer on GPUs the team owns ("we've got 2 H100s, can we fine-tune a
        70B?" … "ok, LoRA then, 10GB, one week"), the plan runs on those GPUs, as if the first message
        had stated the job on them; the data the question said is kept when the follow-up says none."""
        topic = state.topic if isinstance(state.topic, dict) else None
        if topic is not None and topic.get("kind") in policy.SERVING_TOPICS:
            return Consultant._served_model_trained(state, u, dict(topic.get("slots") or {}))
        if topic is None or topic.get("kind") not in policy.TRAINING_JOB_TOPICS:
            return u
        if not any(u.said.get(k) is not None for k in policy.PLAN_DATA_SLOTS):
            return u
        held = dict(topic.get("slots") or {})
        carried: dict[str, object] = {}
        if state.slots.get("params") is None and u.said.get("params") is None:
            workload = {k: held[k] for k in policy.JOB_WORKLOAD_SLOTS if held.get(k) is not None}
            carried = workload if "params" in workload else {}
        data_free = all(state.slots.get(k) is None and u.said.get(k) is None for k in policy.DATASET_SLOTS)
        if carried and data_free:
            # "我们有4张4090，能LoRA微调70亿模型吗？数据1GB" … "三天内": the data said with the question stays
            data = {k: held[k] for k in policy.JOB_DATA_SLOTS if k != "days" and held.get(k) is not None}
            carried.update(data)
            if data and held.get("data_language"):
                u = replace(u, data_language=held["data_language"])
        owned = {k: held.get(k) for k in policy.OWNED_HARDWARE_SLOTS}
        hardware_free = all(state.slots.get(k) is None and u.said.get(k) is None for k in owned)
        on_owned = state.owned and bool(held.get("owned"))  # the answer before was on their GPUs
        if on_owned and topic.get("kind") in policy.JOB_TOPICS and all(owned.values()) and hardware_free:
            carried.update(owned)
            u = replace(u, gpus=(str(owned["gpu"]),))
        return replace(u, said={**carried, **u.said}) if carried else u

    @staticmethod
    def _served_model_trained(state: DialogueState, u: Understood, held: dict[str, Any]) -> Understood:
        """ "actually we also want to fine-tune it with LoRA on 200M tokens" after the serving plan of
        Llama 3.3 70B, "我们还想先用 LoRA 微调它，数据 1 亿 token": a training job that names no model is of
        the model served (never "How many parameters does the model have?"); its serving precision is not
        the training's."""
        trains = u.task == "train" or u.said.get("method") is not None
        if not trains or held.get("params") is None:
            return u
        if state.slots.get("params") is not None or u.said.get("params") is not None or u.said.get("model"):
            return u
        if not any(u.said.get(k) is not None for k in (*policy.PLAN_DATA_SLOTS, "method")):
            return u
        carried = {k: held[k] for k in ("params", "active_params", "model") if held.get(k) is not None}
        return replace(u, said={**carried, **u.said})

    @staticmethod
    def _job_cost_on(state: DialogueState, u: Understood, text: str) -> bool:
        """A price question about named GPUs that asks what the job held would cost on them (with two GPUs
        or more, a what-if too: "换成 H100 或 A100 的话各要多少钱")."""
        several = len(set(u.gpus)) >= 2 and u.kind in ("whatif", "correction")
        if state.last is None or (u.kind != "price" and not several) or not u.gpus or u.price_period:
            return False
        return set(u.said) <= {"gpu", "gpu_count"} and has_any(normalise(text).lower, JOB_COST_ON)

    @staticmethod
    def _job_cost_at(state: DialogueState, u: Understood, text: str) -> bool:
        """ "what would it cost on GCP?", "how much would that be on AWS?", "在 Azure 上要花多少" after a
        plan: the cost of the plan held on that one provider (re-priced there, as "and on Azure?"), not
        the provider's price list. A GPU or any other value said, or two providers weighed, is not this."""
        if state.last is None or u.gpus or u.said or u.price_period or len(set(u.providers)) != 1:
            return False
        if u.intent in ("whatif", "correction", "reset"):
            return False
        return u.asks_cost or has_any(normalise(text).lower, JOB_COST_ON)

    def _question(self, state: DialogueState, text: str, u: Understood) -> Question:
        topic = state.topic
        context = dict(topic.get("slots") or {}) if isinstance(topic, dict) else {}
        if u.said.get("params") is not None and u.said.get("model") is None:
            # "and for 72B?" after an answer about Qwen2.5 7B: another size, so not that model any more
            context.pop("model", None)
            context.pop("active_params", None)
        elif (
            u.task == "serve"
            and u.said.get("model") is None
            and (self._serves_the_job(state, text) or policy.load_on_training_plan(state, u, text))
        ):
            # "训完以后要部署上线，同一个模型": the model of the training job held, not a typical one
            context.update({k: state.slots[k] for k in JOB_MODEL_SLOTS if state.slots.get(k) is not None})
            context["job_model"] = True  # the serving answer says whose model it serves
        elif u.task != "serve" and u.said.get("model") is None and self._fits_the_job(state, u, text):
            # "训练一个7B模型" … "is a 3060 with 12gb enough for qlora of that?": whether the hardware holds
            # the model of the job held, not a question that names no model
            context.update({k: state.slots[k] for k in JOB_MODEL_SLOTS if state.slots.get(k) is not None})
        elif u.task != "serve" and self._cheaper_before_a_plan(state, u, text):
            # "全参微调 14B" … "有便宜点的吗" while the form asks for the data: the job held, for its
            # cheapest GPUs
            slots = (*JOB_MODEL_SLOTS, "method")
            context.update({k: state.slots[k] for k in slots if state.slots.get(k) is not None})
        return Question(text, u, self.kb, self._plan, self._clock(), context)

    def _on_plan_question(self, state: DialogueState, u: Understood, reply: Reply, text: str) -> bool:
        """A question about the plan shown that says nothing new: what to watch out for in it
        ("有什么要注意的？"), or, over its budget, how to get within it ("any way to make that work?"), or
        what it costs in all ("一共要花多少钱？", "how much is that in RMB?")."""
        if state.last is None or missing(state) or u.said or u.gpus or u.intent not in PLAN_QUESTION_INTENTS:
            return False
        then = state.slots.get("days") is not None and has_any(normalise(text).lower, BEFORE_THEN)
        if then or (
            u.asks_time and state.pending is None and not has_any(normalise(text).lower, OTHER_DURATIONS)
        ):
            # "那大概要跑多久" after the plan: its time, not "the plan above still stands";
            # "在那之前训完就行", "before then?": whether it makes the deadline held
            last = state.last or {}
            reply.add(
                "plan_time",
                plan=last,
                owned=bool(state.owned),
                deadline=state.slots.get("days"),
                deadline_date=state.deadline_date,
                confirm=then,
            )
            return True
        if has_any(normalise(text).lower, MAKE_IT_FIT):
            return self._budget_on_plan(state, u, reply, text)
        if has_any(normalise(text).lower, PLAN_CHEAPER) and not u.providers and not state.owned:
            return self._cheaper_plan(state, reply)
        if cost_answer.asks(text):
            if not state.owned and SPOT_WORDS.search(text):
                # "how much would that cost on spot?", "用竞价实例要多少钱": its spot prices and the risk
                if self._saving_on_plan(state, reply, self._question(state, text, u), "spot"):
                    return True
            # "那一共要花多少钱？", "how much is that in RMB?": the plan's total, in that currency
            return cost_answer.answer(state, reply, self.kb, self._plan, self._clock(), text)
        return False

    def _cheaper_plan(self, state: DialogueState, reply: Reply) -> bool:
        """ "cheaper?" after a plan: the plan of the lowest total on-demand cost that meets the deadline,
        said as a change; or that the plan shown already is that one, and what would cost less still."""
        # A GPU the user chose ("那 H200 呢") is let go: the cheaper plan may well be on another one.
        slots = {**state.slots, "gpu": None, "gpu_count": None}
        cheap = replace(state, cheapest=True, slots=slots, count_limit=False)
        try:
            rec, _fired, _context = plan_context(cheap, self.kb, self._plan, self._clock(), reply.lang)
        except SizingError:
            return False
        top, last = rec["options"][0], state.last or {}
        if top.get("gpu") == last.get("gpu") and top.get("gpus") == last.get("gpus"):
            reply.add(
                "cheapest_already",
                plan=last,
                deadline=state.slots.get("days"),
                spot=(top.get("cost") or {}).get("spot_usd"),
                method=state.slots.get("method"),
            )
            return True
        state.cheapest, state.slots, state.count_limit = True, slots, False
        change = SlotChange("cheapest", None, True)
        recommend(state, reply, self.kb, self._plan, self._clock(), [change], None)
        return True

    def _budget_on_plan(self, state: DialogueState, u: Understood, reply: Reply, text: str) -> bool:
        """What the budget held buys for the job, when the plan shown costs more than it."""
        budget, last = state.slots.get("budget"), state.last or {}
        if not isinstance(budget, dict) or budget.get("period", "total") not in ("total", "month"):
            return False
        try:
            over = over_budget(run_plan(state, self.kb, self._plan, self._clock()))
        except SizingError:
            return False
        if last.get("cost") is None:
            return False
        if not over:
            # "how do we get this under budget?" on a plan that already is: say so, not the mismatch pitfall
            reply.add("budget_met", cost=last["cost"], currency=last.get("currency"), budget=budget)
            return True
        said = {k: state.slots[k] for k in ("params", "method") if state.slots.get(k) is not None}
        asked = replace(u, said={**said, "budget": budget}, kind="budget", yes_no=False)
        q = Question(text, asked, self.kb, self._plan, self._clock(), {})
        return budget_answer.answer(q, reply, over={"cost": last["cost"], "currency": last.get("currency")})

    @staticmethod
    def _replans_in_china(state: DialogueState, u: Understood, text: str) -> bool:
        """ "换成国内能租到的卡", "換成中國大陸租得到的卡呢", "what about GPUs we can rent in China?" after a
        plan: a switch to the mainland's GPUs that says nothing else (not a question about one GPU)."""
        if state.last is None or missing(state) or u.said or u.gpus or u.task == "serve":
            return False
        t = text.strip().lower()
        return (
            bool(SWITCH_WORDS.search(t)) or has_any(t, WHATIF_CUES) or t.rstrip("？?。.！! ").endswith("呢")
        )

    @staticmethod
    def _fits_the_job(state: DialogueState, u: Understood, text: str) -> bool:
        """A question whether some hardware holds a training job ("is a 3060 with 12 GB enough for QLoRA?",
        "一张 4090 够不够做 QLoRA？") that names the hardware but no model, while a job's model is held (in
        the form or in the plan). A question about a method alone ("how much memory does QLoRA save?") is
        not about it."""
        from bot.dialogue.answers.catalogue import unknown_gpu

        if u.kind not in FIT_KINDS or u.said.get("params") is not None or state.slots.get("params") is None:
            return False
        return bool(u.gpus) or u.gpu_memory is not None or unknown_gpu(text) is not None

    @staticmethod
    def _cheaper_before_a_plan(state: DialogueState, u: Understood, text: str) -> bool:
        """ "cheaper?" said alone while the form asks about a training job and no plan is shown yet."""
        from bot.nlu.text import normalise

        if state.last is not None or state.pending is None or state.slots.get("params") is None or u.gpus:
            return False
        return not any(v is not None for v in u.said.values()) and has_any(
            normalise(text).lower, PLAN_CHEAPER
        )

    @staticmethod
    def _serves_the_job(state: DialogueState, text: str) -> bool:
        """A serving question that points at the model of the training job held and names no other, or
        asks only how fast it would answer ("what's the latency on an L4?" after planning Llama 3 8B)."""
        from bot.nlu.serving import asks_serving_speed
        from bot.nlu.text import normalise

        if state.slots.get("params") is None:
            return False
        t = normalise(text).lower
        return has_any(t, THE_JOB_MODEL) or asks_serving_speed(t)

    @staticmethod
    def _form_in_progress(state: DialogueState) -> bool:
        return state.pending is not None or state.last is not None

    def _direct(self, state: DialogueState, reply: Reply, kind: str, q: Question) -> bool:
        """Answer a direct question (price, feasibility, a figure...) from what it says plus stated
        defaults; False when its answer cannot be given (the turn then goes on as before)."""
        if kind in ("spot", "reserved") and self._saving_on_plan(state, reply, q, kind):
            return True
        if not policy.answer(kind, q, reply):
            return False
        remembered = policy.topic_after(kind, q)
        if remembered is not None:
            own_or_rent.owned_after_topic(state, remembered)
            state.topic = remembered
        if kind == "serve" and q.u.trains_first and not self._form_in_progress(state):
            self._train_before_serving(state, reply, q)
            return True
        kept: dict[str, Any] = {}
        if kind in policy.OFFERS_PLAN and not self._form_in_progress(state):
            kept = self._start_offered_plan(state, kind, q)
        if state.pending is not None or kind in policy.INVITE_AFTER:
            # In the middle of the form: back to its question; before any: one invitation line (after a
            # price, what the message said of its job is said back above the plan's next question).
            if kind in policy.SAYS_OFFERED and kept.get("gpu"):
                kept = {**kept, "gpu_name": gpu_name(self.kb.catalog, kept["gpu"])}
            ask_next(state, reply, said=False, understood=kept if kind in policy.SAYS_OFFERED else None)
        return True

    def _train_before_serving(self, state: DialogueState, reply: Reply, q: Question) -> None:
        """ "we fine-tune an 8B model every month and then serve it to 200 users": after the serving answer,
        the training run before it, as the form from what the message says of it (the model, the method,
        the data, a deadline): its plan when that is all it needs, else the form's next question."""
        said = {k: v for k, v in q.u.said.items() if k in TRAINED_BEFORE_SERVING and v is not None}
        reply.add("train_before_serving", method=said.get("method"))
        trainer = replace(q.u, said=said, task="train", intent="size", kind="size", gpus=())
        serving = state.topic
        self._form_step(state, reply, trainer, None, q.text)
        # Neither the question it asks nor the plan holds the next turn: "what about 500 users?" is still
        # about the serving answer, and the data or deadline said next fills the training run's form.
        state.pending = None
        state.topic = serving

    def _saving_on_plan(self, state: DialogueState, reply: Reply, q: Question, kind: str) -> bool:
        """ "How much would spot save?", "包月能省多少" after a plan: the saving on that plan's options
        (before any plan, the FAQ entry answers)."""
        if state.last is None or missing(state):
            return False
        try:
            rec, _fired, context = plan_context(state, self.kb, self._plan, self._clock(), reply.lang)
        except SizingError:
            return False
        if kind == "spot":
            shown = shown_options(rec["options"], state.slots.get("days"))
            return spot_on_plan(q, reply, context["options"], context["spot_at_scale"], shown)
        shown = shown_options(rec["options"], state.slots.get("days"))
        return reserved_on_plan(q, reply, shown, context["options"])

    @staticmethod
    def _start_offered_plan(state: DialogueState, kind: str, q: Question) -> dict[str, Any]:
        """The answer offered a plan of what it computed: the form starts from that workload, so
        "plan it" or a deadline is all the next turn needs. The workload kept is returned."""
        from bot.dialogue.state import merge_slots

        kept = policy.OFFERS_PLAN[kind](q)
        merge_slots(state, kept)
        for slot in policy.ASSUMED_IN_OFFER.get(kind, ()):
            if state.slots.get(slot) is not None and slot not in state.assumed:
                state.assumed.append(slot)
        return kept

    def _form_step(
        self,
        state: DialogueState,
        reply: Reply,
        u: Understood,
        found: list[Hit] | None = None,
        text: str = "",
        lifted: list[SlotChange] | None = None,
        text_bytes: float | None = None,
    ) -> DialogueState | None:
        """`text_bytes`: an amount of text an FAQ question asks about ("how many tokens is 10GB of text?")."""
        from bot.dialogue.state import merge_slots

        if starts_over(state, u, text):
            before = dict(state.last or {}) or None
            state = start_aside(state, reply.lang)  # "回到第一个" brings it back
            reply.add("new_request", before=before, earlier=len(state.older))
        on_gpu = count_on_current_gpu(state, u)
        said = count_samples(state, u, on_gpu)
        last = state.last
        no_budget = state.slots.get("budget") is None
        no_days = state.slots.get("days") is None
        changes = list(lifted or [])
        changes += merge_slots(state, said) + timeline(state, u) + take_clouds(state, u, self.kb.catalog)
        take_ranges(state, u.ranges)  # "20 到 30 万条": planned at 30万, and the understood line says so
        if no_budget and "budget" in u.scaled and (cost := plan_cost(state)):
            # "预算砍半" with no budget held: the plan's cost was scaled, and the change says so.
            changes = [
                SlotChange("budget", cost, c.new, old_slot="plan_cost") if c.slot == "budget" else c
                for c in changes
            ]
        if no_days and "days" in u.scaled and last and last.get("days"):
            # "half the time" with no deadline held: the plan's duration was scaled, and the change says so.
            changes = [
                SlotChange("days", last["days"], c.new, old_slot="plan_days", new_slot="deadline")
                if c.slot == "days"
                else c
                for c in changes
            ]
        tighten(state, changes)  # "what if only 1 week?": time matters more than the plan assumed
        if said.get("gpu_count") is not None:
            # "如果只用 8 张要多久？", "with only 8 of them, how long?" after a plan: the time on those 8 is
            # asked, not the cheapest plan under a ceiling of 8
            state.count_limit = u.count_limit and not (
                last and u.asks_time and state.slots.get("days") is None
            )
            # after a plan, a count tried ("what if we had 16?", "換成 16 張呢", "16 张 H100 要多久") is the
            # count asked about, planned as said, not moved to the count that makes the deadline
            asked_count = (
                bool(last) and (u.intent in ("whatif", "correction") or u.asks_time) and not state.count_limit
            )
            if asked_count and not state.count_asked and last and last.get("gpus") != said["gpu_count"]:
                # "what if we had 16 H100s?" on a plan moved to 128 to make the deadline: now the 16, a change
                if not any(c.slot == "gpu_count" for c in changes):
                    changes.append(SlotChange("gpu_count", last.get("gpus"), said["gpu_count"]))
            state.count_asked = asked_count
        if said.get("budget") is not None:
            # No currency said: the one of the budget held or the language's, said in the understood line.
            state.assumed = [a for a in state.assumed if a != "currency"] + (
                ["currency"] if u.currency_assumed else []
            )
        if on_gpu is not u.said and last:
            # "what if only 8 GPUs?" keeps the current GPU: report the count against the last plan's,
            # not the GPU the user never named.
            changes = [c for c in changes if c.slot not in ("gpu", "gpu_count")]
            if last.get("gpus") != said["gpu_count"]:  # the plan's own count is no change ("4 → 4")
                changes.append(SlotChange("gpu_count", last.get("gpus"), said["gpu_count"]))
        language_before = state.data_language
        language_changed = take_data_language(
            state, u, any(c.slot in ("data_bytes", "tokens") for c in changes)
        )
        changes += language_changed
        if language_changed:
            found = None  # "其实数据都是英文的" changes the plan: no FAQ on storing data beside it
        elif keeps_token_count(state, u):
            # "the data is Chinese" with 2B tokens held: one line, the count kept, no FAQ on the words
            reply.add("language_keeps_tokens", tokens=state.slots["tokens"], language=u.data_language)
            found = None
        elif language_already_planned(state, u, language_before):
            # "数据是中文的" on a plan that already reads its 300GB as Chinese text: one line, no FAQ
            reply.add("language_keeps_tokens", data_bytes=state.slots["data_bytes"], language=u.data_language)
            found = None
        if u.asks:
            reply.asks = u.asks
            currency_only = all(
                a.get("slot") == "budget" and a.get("reason") == "unsupported_currency" for a in u.asks
            )
            # "seq len 5": a length no one trains at, asked back; the next bare number answers it ("4096").
            length_only = all(a.get("slot") == "seq_len" for a in u.asks)
            stops = not ((currency_only or length_only) and u.said and not missing(state))
            rough = next((a for a in u.asks if a.get("reason") == "vague_count"), None)
            # "LoRA 7B，资料几万笔": the question about the rough count alone ends this turn, so it says back
            # what else the message said
            reply.add(
                "ask_back",
                asks=[_with_default_length(a, state) for a in u.asks],
                understood=said if stops and rough is not None else {},
            )
            if stops:
                if length_only:
                    state.pending = "seq_len"
                elif rough is not None:
                    # "about 40k", "大概 30 万": the next bare number answers the rough count asked about
                    state.pending = "sample_count" if rough.get("slot") == "samples" else "data"
                return state
            # "農曆年前完成，預算每月 3 萬台幣": the deadline is used and the plan shown, without that budget;
            # "…, seq len 5, 14 days": the plan at the default length, the length asked back above it.
        skipped = None
        if u.intent == "skip" and not u.said:
            skipped = skip_pending(state, text_units().visual_tokens_per_image) or "none"
            reply.add(
                "skip", resolution=skipped, pending=state.pending, slots=state.slots, basis=state.sample_basis
            )
        digressed = False
        if found is not None:
            # "两张能当一张卡用吗": no, said first; then the FAQ on multi-GPU cards, if any matches
            pooled = u.intent == "faq" and bool(u.gpus) and has_any(normalise(text).lower, POOL_ASKS)
            if pooled:
                pooled_memory(self.kb.catalog, u.gpus, u.said.get("gpu_count"), reply)
            digressed = (
                answer_search(
                    self.kb,
                    found,
                    reply,
                    explicit=u.intent == "faq" and not pooled,
                    card=main_variant(self.kb.catalog, gpu)
                    if (gpu := (*u.gpus, state.slots.get("gpu"))[0])
                    else None,
                    data_bytes=text_bytes,
                    text=text,
                )
                or pooled
            )
        if not missing(state):
            # "skip" with nothing left to skip says so and does not present the plan again.
            if state.choice is not None and answer_held(
                state, said, reply, self.kb, self._plan, self._clock()
            ):
                return state  # "7B 还是 13B" while the size was asked, then the deadline: both plans now
            if u.said or changes or skipped not in (None, "none") or state.last is None:
                if isinstance(state.topic, dict) and state.topic.get("kind") in policy.SERVING_TOPICS:
                    # A training plan now: "show the math" explains it, not the serving answer.
                    state.topic = None
                asked = u.said if u.intent == "whatif" else None
                memory = bool(text) and has_any(normalise(text).lower, MEMORY_SAVED)
                if any(c.slot == "seq_len" for c in changes) and plan_memory.asks_at_length(u, text):
                    # "will memory blow up at 16k?" on a plan: the plan's GPUs at that length, fits or not
                    memory = plan_memory.at_length(state, reply, self.kb, self._plan, self._clock()) or memory
                recommend(state, reply, self.kb, self._plan, self._clock(), changes, asked, memory)
                if state.last is not None and cost_answer.repeated_cost_asked(text, u.asks_cost):
                    # "cost per month vs per run for a 7B LoRA retrained weekly": the runs over the period
                    # first, then the plan of one run
                    cost_answer.answer(state, reply, self.kb, self._plan, self._clock(), text, first=True)
                if u.asks and all(a.get("slot") == "seq_len" for a in u.asks):
                    state.pending = "seq_len"  # the length asked back above the plan
                per_period = u.price_period is not None or has_any(normalise(text).lower, PER_PERIOD)
                if u.also_price and per_period and u.gpus:
                    # "…要多久？顺便问下 H100 现在多少钱一小时": the GPU's unit price after the plan; the
                    # count, deadline and budget are the plan's, not a rental to total
                    unit = {k: v for k, v in u.said.items() if k not in ("gpu_count", "days", "budget")}
                    policy.ANSWERS["price"](self._question(state, text, replace(u, said=unit)), reply)
            elif not reply.kinds:
                if any(ch.isdigit() for ch in text) and u.intent in UNREAD_VALUE_INTENTS:
                    # "use h10o", a value the bot could not read: said, not only "the plan above still stands"
                    reply.add("not_understood", text=text[:NOT_UNDERSTOOD_CHARS], kept={}, scope=False)
                reply.add("anything_else")
            return state
        understood = {**said, "deadline_date": u.deadline_date} if u.deadline_date else said
        if u.jobs_at_once and said.get("gpu_count") is not None:
            understood = {**understood, "jobs_at_once": u.jobs_at_once}  # "同时跑两个": each job's share
        if u.working_days and said.get("days") is not None:
            understood = {**understood, "working_days": u.working_days}  # "10 working days ≈ 2 weeks"
        if u.sprints and said.get("days") is not None:
            understood = {**understood, "sprints": u.sprints}  # "2 sprints ≈ 4 weeks"
        if said.get("gpu"):
            # "RTX 4090" mid-form: said back by its name ("NVIDIA GeForce RTX 4090"), not the catalogue id
            understood = {**understood, "gpu_name": gpu_name(self.kb.catalog, said["gpu"])}
        if said.get("method") == "full_finetune" and unqualified_fine_tune(text):
            understood = {**understood, "method_unqualified": True}  # "微调 8B": full fine-tuning, a default
        was = replaced(changes, said)
        if was:
            understood = {
                **understood,
                "was": was,
            }  # "300B tokens, not GB" mid-form: "300B tokens (instead of 300 GB)"
        unused = not u.said and not reply.kinds and u.intent == "unknown" and bool(text)
        if unused and not_started(state):
            # Off-topic before any sizing ("best laptop for gaming?"): say what this bot covers,
            # not a slot question about a job nobody described.
            reply.add("not_understood", text=text[:NOT_UNDERSTOOD_CHARS], kept={}, scope=True)
            return state
        named_clouds = bool(u.providers) and bool(state.clouds) and set(state.clouds) <= set(u.providers)
        if named_clouds:
            understood = {**understood, "clouds": list(state.clouds)}  # "on AWS" before the plan: kept, said
        counted = bool(u.samples or u.tokens_per_sample or u.tokens_per_turn or u.turns_per_sample)
        said_any = bool(u.said) or digressed or named_clouds or counted
        if u.epoch_hours and "measured_time" in reply.kinds and state.slots.get("gpu"):
            # "单卡 A100 跑 7B LoRA，每个 epoch 3 小时，训 3 轮要多少钱": the time measured on the GPU named,
            # priced above, is the answer; what the form still lacks is offered for other GPUs, not asked
            # for (the next amount said still fills it)
            state.pending = missing(state)[0]
            reply.add("measured_next", slot=state.pending)
            return state
        # "context length 16k, will it OOM?": after how the length drives memory, the model it is computed for
        invite = not (said.get("seq_len") is not None and plan_memory.LENGTH_FAQ in reply.faq)
        ask_next(state, reply, said=said_any, understood=understood, invite=invite)
        held = state.choice
        if held is not None and said.get(held["slot"]) == held["values"][0]:
            # "7B 还是 13B" with the job incomplete: the first is taken to ask the rest; both come later
            reply.add("choice_held", slot=held["slot"], values=held["values"])
        if unused and state.pending is not None:
            # Say what could not be used and what is kept, before asking again.
            kept = {k: v for k, v in state.slots.items() if v is not None}
            if kept.get("gpu"):
                kept["gpu_name"] = gpu_name(self.kb.catalog, kept["gpu"])  # said by its name, as above
            reply.prepend("not_understood", text=text[:NOT_UNDERSTOOD_CHARS], kept=kept, scope=False)
        return state

    def _explain(self, state: DialogueState, reply: Reply) -> DialogueState:
        if self._explain_topic(state, reply):
            return state
        if state.last is None or missing(state):
            # "训练的时候 GPU 小时怎么算的" before any plan: how every estimate is made, not a bare "nothing
            # to explain"
            entry = find_entry(self.kb, HOW_ESTIMATES_WORK)
            reply.add("explain", items=[], workload={}, method=entry is not None)
            if entry is not None:
                reply.add("faq_answer", entries=[entry_view(entry, reply.lang)])
                reply.add_faq(HOW_ESTIMATES_WORK)
            return ask_next(state, reply, said=False)
        try:
            rec, _fired, context = plan_context(state, self.kb, self._plan, self._clock(), reply.lang)
        except SizingError as exc:
            reply.add("error", code=exc.code, message=exc.message, params=exc.params)
            return state
        rec = with_own_math(rec, state, self.kb, self._plan, self._clock())  # of the plan recommended
        reply.add("explain", items=explain_items(rec), **context)
        return state

    def _explain_topic(self, state: DialogueState, reply: Reply) -> bool:
        """ "Show the math" right after a direct answer that has one (serving): its own lines."""
        topic = state.topic
        if not isinstance(topic, dict) or topic.get("kind") not in policy.SERVING_TOPICS:
            return False
        u = Understood(intent="explain", lang=reply.lang)
        q = Question("", u, self.kb, self._plan, self._clock(), dict(topic.get("slots") or {}))
        return serve.explain(q, reply)

    def _undo(self, state: DialogueState, reply: Reply, text: str = "") -> DialogueState:
        """Back to the plan before the last change, said as a change; a second undo returns. "Go back to
        the first plan", "回到最开始的方案": the job as it was first planned (DialogueState.first), however
        many changes ago."""
        first = state.first if FIRST_JOB.search(text) and state.last is not None else None
        if first is not None and first.get("slots") not in (state.slots, (state.previous or {}).get("slots")):
            current = state.to_json()
            current.pop("previous", None)
            back = DialogueState.from_json(current, reply.lang)
            back.slots = dict(first["slots"])
        elif state.previous is None or state.last is None:
            reply.add("undo", restored=False)
            return ask_next(state, reply, said=False) if missing(state) else state
        else:
            first = None
            back = DialogueState.from_json(state.previous, reply.lang)
            current = state.to_json()
            current.pop("previous", None)
        back.previous = current
        back.topic = None
        back.last = state.last  # the change line compares against the plan shown last
        changes = [
            SlotChange(name, state.slots.get(name), back.slots.get(name))
            for name in SLOT_NAMES
            if state.slots.get(name) != back.slots.get(name)
        ]
        changes = one_data_change(changes)  # "300B tokens → 300 GB of data", not "→ not set; now 300 GB"
        if (state.data_language or "en") != (back.data_language or "en"):
            changes.append(
                SlotChange("data_language", state.data_language or "en", back.data_language or "en")
            )
        reply.add("undo", restored=True, first=first is not None)
        recommend(back, reply, self.kb, self._plan, self._clock(), changes, None)
        return back

    def _recap(self, state: DialogueState, reply: Reply) -> DialogueState:
        """ "What did you assume?", "总结一下我的需求": everything held, with the plan it gives (or the
        question still open), so the user sees nothing was lost."""
        reply.add("recap", planned=state.last is not None and not missing(state))
        if state.last is not None and not missing(state):
            recommend(state, reply, self.kb, self._plan, self._clock(), [], None)
            return state
        held = {k: v for k, v in state.slots.items() if v is not None and k in SLOT_NAMES}
        return ask_next(state, reply, said=bool(held), understood=held)

    def _reset(self, state: DialogueState, reply: Reply) -> DialogueState:
        reply.add("reset")
        new = fresh_state(reply.lang)
        return ask_next(new, reply, said=False)


def _with_default_length(ask: dict[str, Any], state: DialogueState) -> dict[str, Any]:
    """A sequence length asked back, with the engine's default for the job's method (what the plan uses
    until the length is said)."""
    method = state.slots.get("method")
    if ask.get("slot") != "seq_len" or method not in DEFAULT_SEQ_LEN:
        return ask
    return {**ask, "default": DEFAULT_SEQ_LEN[method]}
