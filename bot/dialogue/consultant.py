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
    plan_cost as cost_answer,
    serve,
)
from bot.dialogue.answers.base import Question
from bot.dialogue.answers.capability import topic as capability_topic
from bot.dialogue.answers.capacity import capacity_answer
from bot.dialogue.answers.catalogue import answer_gpus
from bot.dialogue.answers.cluster import reserved_on_plan, spot_on_plan
from bot.dialogue.answers.compare import answer as compare_answer
from bot.dialogue.answers.faq import answer_search, pooled_memory
from bot.dialogue.answers.figure import confirm_figures, corrections
from bot.dialogue.answers.own_or_rent import leaves_own, rent_instead
from bot.dialogue.answers.workload_compare import (
    asks_why_gpu,
    compare_on_gpus,
    compares_workload,
    why_on_plan,
)
from bot.dialogue.ask import ask_next, not_started
from bot.dialogue.choices import answer as weigh_choices, answer_held
from bot.dialogue.clouds import take_clouds
from bot.dialogue.commit import commit_turn, revision
from bot.dialogue.ellipsis import added_gpus, read_back
from bot.dialogue.hardware import main_variant
from bot.dialogue.home import home_view
from bot.dialogue.lift import lift, lifted, unheld_lifts
from bot.dialogue.memo import MemoPlanner
from bot.dialogue.phases import phased, trial
from bot.dialogue.plan import effective_slots
from bot.dialogue.plan_questions import PLAN_QUESTION_INTENTS, answer_plan_question
from bot.dialogue.recommend import (
    Planner,
    over_budget,
    plan_context,
    recommend,
    run_plan,
    shown_options,
)
from bot.dialogue.reply import Reply, Turn
from bot.dialogue.route import (
    BACK_TO_ASIDE,
    FIRST_JOB,
    QUESTION_NEVER_SETS,
    SWITCH_WORDS,
    asks_assumptions,
    asks_capacity,
    asks_recap,
    count_on_current_gpu,
    fills_only,
    keep_plan_on_correction,
    language_asked,
    reply_language_asked,
    starts_over,
)
from bot.dialogue.state import (
    SLOT_NAMES,
    DialogueState,
    SlotChange,
    fresh_state,
    keep_previous,
    missing,
    public_slots,
    skip_pending,
    start_aside,
    swap_aside,
    take_ranges,
)
from bot.dialogue.timeline import count_samples, timeline
from bot.dialogue.understand import ParseFn, Understood, clean_text, plan_cost, understand
from bot.nlu.gpus import typo_read_as
from bot.nlu.intents import PER_PERIOD, WHATIF as WHATIF_CUES, has_any
from bot.nlu.lexicon import has_cue
from bot.nlu.question_cues import (
    BEFORE_THEN,
    DIFFERENCE,
    JOB_COST_ON,
    MAKE_IT_FIT,
    MEMORY_SAVED,
    OTHER_DURATIONS,
    PLAN_CHEAPER,
    POOL_ASKS,
    PROPOSES_BETTER,
    THE_JOB_MODEL,
)
from bot.nlu.text import normalise
from bot.ports import TurnLike
from bot.render.views import explain_items
from bot.store.base import SessionState, Store
from sizing.errors import SizingError

if TYPE_CHECKING:
    from knowledge import KnowledgeBase
    from knowledge.search import Hit

__all__ = ["Consultant", "Turn"]

ChartFn = Callable[[dict[str, Any], str], bytes]
Step = Callable[[DialogueState, Reply], DialogueState | None]
GPU_INTENTS = ("gpu_info", "gpu_compare", "list_gpus")
# A message the bot could not use is quoted back, up to this many characters.
NOT_UNDERSTOOD_CHARS = 80
# A message with a number that changed nothing after a plan ("use h10o"): said not to be understood.
UNREAD_VALUE_INTENTS = ("unknown", "whatif", "correction", "size")
# The fields of the latest plan that App Home shows, kept in its entry (with the cost's amount and currency).
HOME_PLAN_KEYS = ("gpu", "gpus", "days", "cost")
# What a serving question takes from the training job it points at ("同一个模型"): the model.
JOB_MODEL_SLOTS = ("params", "model", "active_params")


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


def _only_overwrites(state: DialogueState, said: dict[str, Any]) -> bool:
    """Everything `said` names already holds another value: a message that adds nothing to the form."""
    return bool(said) and all(
        state.slots.get(k) is not None and state.slots.get(k) != v for k, v in said.items()
    )


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
        new_state.lang = reply.lang
        new_state.rev = revision(raw) + 1
        standing = self._standing(new_state) if reply.recommendation is None else None
        turn = reply.finish(self._payload(new_state), self._chart, standing=standing)
        return new_state.to_json(), turn

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
        text = read_back(text, state, state.lang or "en")  # "and 20?" after "what if 10 days?"
        found_corrections = list(self.kb.factcheck(text))
        u = understand(text, self._parse, state, self._clock(), corrected=bool(found_corrections))
        kept = keep_plan_on_correction(text, u.said, [c.kind for c in found_corrections])
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
        if (
            u.intent != "undo"
            and len(set(u.gpus)) < 2
            and weigh_choices(state, text, self._parse, reply, self.kb, self._plan, self._clock())
        ):
            return state  # "2 vs 3 epochs", "7B 还是 13B", "全参 vs LoRA 哪个划算": both plans side by side
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
            # "回到第一个，改成 3 个 epoch": the job set aside comes back; the rest of the message changes it
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
                recommend(state, reply, self.kb, self._plan, self._clock(), [], None)
                return state
        more = added_gpus(text) if state.last is not None and not missing(state) else None
        if more is not None:
            # "what if we add 8 more of them?", "再加 8 张卡": the plan's count plus those, on its GPU
            base = state.slots.get("gpu_count") or (state.last or {}).get("gpus") or 0
            u = replace(u, said={**u.said, "gpu_count": int(base) + more}, intent="whatif", kind="whatif")
        if u.mentions_spot:
            state.mentions_spot = True
        moved_to_china = u.region == "cn" and state.region != "cn"
        if u.region:
            state.region = u.region
        if moved_to_china and self._replans_in_china(state, u, text):
            # "换成国内能租到的卡" after a plan: the plan again, led by what mainland clouds rent
            recommend(state, reply, self.kb, self._plan, self._clock(), [], None)
            return state
        if u.owned and u.said.get("gpu") and u.said.get("gpu_count"):
            state.owned = True
            if u.said.get("days") is None and state.slots.get("days") is None and "days" not in state.skipped:
                # "多久" on owned GPUs: the time is the answer (a deadline said before stays)
                state.skipped.append("days")
        elif leaves_own(state, u, normalise(text).lower):
            rent_instead(state)  # "那就租 H100 吧" after a plan on their A100s: a rental from now on
        if u.intent == "capacity" or (state.owned and asks_capacity(text)):
            if capacity_answer(state, u, reply, self.kb.catalog, self._clock()):
                return state
        if self._job_cost_on(state, u, text):
            # "what would it cost with H200s?" after a plan: the plan on them, not the H200's price list
            u = replace(u, intent="whatif", kind="whatif")
        if u.proposes_gpu and state.last is not None and capability_topic(text) in (None, "training"):
            # "用 4090 可以吗", "能用 4090 训练吗" after a plan: the plan on that GPU, not its datasheet
            # nor its general training verdict (a feature, "4090 能做多机训练吗", is still about the GPU)
            u = replace(u, intent="whatif", kind="whatif")
        # "用 4 张 4090 可以吗" on a plan: a yes/no on that hardware for the job held, answered first.
        # ("would an A100 be faster?" weighs it against the plan instead: the change line answers that).
        state.asks_fit = (
            u.intent == "whatif"
            and u.proposes_gpu
            and state.last is not None
            and not has_any(normalise(text).lower, PROPOSES_BETTER)
        )
        in_form = self._form_in_progress(state)
        if not in_form:
            u = policy.board_variant(state.topic, u, text, self.kb.catalog)
            u = policy.comparison_variant(state.topic, u, state.slots.get("params"))
            u = policy.time_variant(state.topic, u)
        question = self._question(state, text, u)
        direct = policy.kind_of(question, state.topic, in_form)
        if direct != "figure_check":
            corrections(found_corrections, reply)  # the figure check answers with them itself
            if not found_corrections and direct is not None:
                confirm_figures(question, reply)  # "is the B200 180GB? also, how many…": yes, then the rest
        outside = policy.outside_note(question, direct)
        if outside is not None:
            # "… on TPU v5e": planned on the catalogue's GPUs; "MI325X vs H200": answered for the H200
            reply.add(
                "not_in_catalogue",
                name=outside[0],
                gpu=outside[1],
                planning=not outside[2] and not outside[3],
                beside=outside[2],
                instead=outside[3],
            )
        if u.intent == "reset":
            return self._reset(state, reply)
        taken_back = [n for n in lifted(text, state) if n not in u.said] if u.intent != "undo" else []
        unheld = unheld_lifts(text, state) if not taken_back and not u.said and state.last else []
        if unheld:
            # "预算上限不用管" with no budget held: nothing to take back, and the plan stands as it is
            reply.add("nothing_to_lift", slots=unheld)
            return state
        if taken_back:
            # "预算不限", "forget the budget", "any GPU is fine": that limit goes, and the plan follows
            changes = lift(state, taken_back)
            said = {k: v for k, v in u.said.items() if k not in QUESTION_NEVER_SETS or u.intent == "whatif"}
            u = replace(u, said=said, intent="whatif", kind="whatif")
            return self._form_step(state, reply, u, None, text, lifted=changes)
        asked_lang = language_asked(text) if not u.said else None
        if asked_lang is not None:
            # "can you answer in English?": that language from now on, and what stands said again in it
            reply.lang = asked_lang
            if state.last is not None and not missing(state):
                recommend(state, reply, self.kb, self._plan, self._clock(), [], None)
                return state
            if not_started(state):
                reply.add("greeting")
                return state
            return ask_next(state, reply, said=False)
        if (
            not u.said
            and u.intent not in ("undo", "reset")
            and asks_assumptions(text)
            and state.last is not None
        ):
            return self._explain(state, reply)  # "what did you assume?": the math, every assumption in it
        if not u.said and u.intent not in ("undo", "reset") and asks_recap(text) and not not_started(state):
            return self._recap(state, reply)
        if u.intent == "undo":
            return self._undo(state, reply)
        if u.intent == "explain":
            return self._explain(state, reply)
        if u.intent in ("help", "greeting", "thanks") and not u.said:
            reply.add(u.intent)
            if not_started(state):
                return state  # the greeting says what to tell; no slot question nobody asked for
            return ask_next(state, reply, said=False, quiet=u.intent == "thanks", invite=False)
        job_held = state.last is not None and not missing(state)
        phases = phased(text, u.gpus, self.kb) if u.said.get("params") is not None or job_held else None
        if phases is not None:
            # "先用 A100 试跑，之后上 H100": the full run on the later GPU, the trial on the first beside it
            said = {k: v for k, v in u.said.items() if k != "gpu_count"}
            after = self._form_step(state, reply, replace(u, said={**said, "gpu": phases[1]}, intent="size"))
            if reply.recommendation is not None:
                trial(after or state, reply, self.kb, self._plan, self._clock(), phases[0])
            return after
        if compares_workload(u) and u.task != "serve":  # an inference comparison is answered by serve_compare
            if compare_on_gpus(state, u, reply, self.kb, self._plan, self._clock(), text):
                state.topic = policy.comparison_topic(u.gpus)
                if has_cue(normalise(text).lower, DIFFERENCE):
                    # "…大概多久？另外 A800 和 A100 有啥区别？": the datasheet difference too
                    compare_answer(question, reply, judge=False)
                return state
        if direct is None and state.last is not None and not missing(state) and asks_why_gpu(text, u):
            # "为什么不用 H100？", "why that GPU?" after a plan: the job on its GPU beside the other
            if why_on_plan(state, u, reply, self.kb, self._plan, self._clock()):
                return state
        # checkpoints, VRAM, nodes/network/storage, cheapest cloud, watch-outs: from the plan shown
        if answer_plan_question(
            state, u, reply, self.kb, self._plan, self._clock(), text, alone=direct is None
        ):
            return state
        if direct is None and self._on_plan_question(state, u, reply, text):
            return state
        if direct == "gpu_info":
            u = replace(u, kind=direct)  # "那 H200 呢？" after a datasheet: the H200's datasheet
            direct = None
        if direct is not None and self._direct(state, reply, direct, question):
            return state
        if u.kind in GPU_INTENTS or (outside is not None and outside[2]):
            # "MI325X vs H200": the one the catalogue holds, after the line on the one it lacks.
            # A question about GPUs answers it and leaves the plan alone: "A100和H100有什么区别"
            # names a GPU without choosing it. Choosing one is a size/correction/what-if turn.
            names = u.gpus
            if outside is not None and outside[2]:
                # Against a GPU it lacks, a family is its main board ("Gaudi 3 vs H100": the H100 SXM).
                mains = (main_variant(self.kb.catalog, n) for n in u.gpus)
                names = tuple(dict.fromkeys(m.id for m in mains if m is not None)) or u.gpus
            answer_gpus(self.kb, u.kind, names, reply)
            if u.kind == "gpu_info" and not in_form:
                state.topic = policy.topic_after("gpu_info", question)
            return ask_next(state, reply, said=False)
        # Half of a dialogue's length answers only a form under way ("每轮 200 token" after "每组 5 轮").
        half = (u.tokens_per_turn or u.turns_per_sample) and self._form_in_progress(state)
        length = u.tokens_per_sample or half
        if (u.no_deadline or u.asap or length) and u.intent in ("faq", "unknown", "skip"):
            # "no deadline", "越快越好", "each sample is about 2k tokens", "每轮 200 token": answers, not
            # FAQ questions.
            u = replace(u, intent="size")
        if state.pending == "days" and u.asks_time and not u.said and u.intent in ("faq", "unknown"):
            # Asked for the deadline, "一般要多久？", "what's a realistic timeline?": the time is the answer,
            # so plan without one (the reply says how many days it takes), not an FAQ search.
            u = replace(u, intent="size", no_deadline=True)
        if u.kind == "memory" and state.pending is not None and _only_overwrites(state, u.said):
            # "QLoRA 能省多少显存？" while the form asks about a LoRA job: a question about the technique,
            # answered from the notes, not a switch to it; the form keeps what it was told.
            u = replace(u, intent="faq")
        found: list[Hit] | None = None
        if u.intent == "faq" or (not u.said and u.intent == "unknown" and not reply.kinds):
            found = self.kb.search(text, limit=3) if text else None
        # Whether a message is an FAQ question, a sizing request or a datasheet look-up is the NLU's
        # decision (Parse.intent), never the search's. A conceptual question that names a GPU, a
        # precision or a size ("is fp8 training production-ready?") is answered from the notes; it starts
        # no form, in one that is asking it may only fill what is still empty, and after a plan it changes
        # nothing ("FP8 训练能快一倍吗？" is no switch to FP8).
        if u.intent == "faq":
            kept = fills_only(state, u.said, text) if state.pending is not None else {}
            u = replace(u, said=kept)
        return self._form_step(state, reply, self._job_from_topic(state, u), found, text)

    @staticmethod
    def _job_from_topic(state: DialogueState, u: Understood) -> Understood:
        """ "we have 20M tokens, 3 days" after "how much VRAM to fine-tune Llama 3 8B?": the plan is of
        the model that answer was about, when the message names none and no form holds one."""
        topic = state.topic if isinstance(state.topic, dict) else None
        if topic is None or topic.get("kind") not in policy.TRAINING_JOB_TOPICS:
            return u
        if state.slots.get("params") is not None or u.said.get("params") is not None:
            return u
        if not any(u.said.get(k) is not None for k in policy.PLAN_DATA_SLOTS):
            return u
        held = dict(topic.get("slots") or {})
        carried = {k: held[k] for k in policy.JOB_WORKLOAD_SLOTS if held.get(k) is not None}
        return replace(u, said={**carried, **u.said}) if "params" in carried else u

    @staticmethod
    def _job_cost_on(state: DialogueState, u: Understood, text: str) -> bool:
        """A price question about named GPUs that asks what the job held would cost on them."""
        if state.last is None or u.kind != "price" or not u.gpus or u.price_period:
            return False
        return set(u.said) <= {"gpu", "gpu_count"} and has_any(normalise(text).lower, JOB_COST_ON)

    def _question(self, state: DialogueState, text: str, u: Understood) -> Question:
        topic = state.topic
        context = dict(topic.get("slots") or {}) if isinstance(topic, dict) else {}
        if u.said.get("params") is not None and u.said.get("model") is None:
            # "and for 72B?" after an answer about Qwen2.5 7B: another size, so not that model any more
            context.pop("model", None)
            context.pop("active_params", None)
        elif u.task == "serve" and u.said.get("model") is None and self._serves_the_job(state, text):
            # "训完以后要部署上线，同一个模型": the model of the training job held, not a typical one
            context.update({k: state.slots[k] for k in JOB_MODEL_SLOTS if state.slots.get(k) is not None})
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
    def _serves_the_job(state: DialogueState, text: str) -> bool:
        """A serving question that points at the model of the training job held and names no other."""
        from bot.nlu.text import normalise

        if state.slots.get("params") is None:
            return False
        return has_any(normalise(text).lower, THE_JOB_MODEL)

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
            state.topic = remembered
        if kind in policy.OFFERS_PLAN and not self._form_in_progress(state):
            self._start_offered_plan(state, kind, q)
        if state.pending is not None or kind in policy.INVITE_AFTER:
            # In the middle of the form: back to its question; before any: one invitation line.
            ask_next(state, reply, said=False)
        return True

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
    def _start_offered_plan(state: DialogueState, kind: str, q: Question) -> None:
        """The answer offered a plan of what it computed: the form starts from that workload, so
        "plan it" or a deadline is all the next turn needs."""
        from bot.dialogue.state import merge_slots

        merge_slots(state, policy.OFFERS_PLAN[kind](q))
        for slot in policy.ASSUMED_IN_OFFER.get(kind, ()):
            if state.slots.get(slot) is not None and slot not in state.assumed:
                state.assumed.append(slot)

    def _form_step(
        self,
        state: DialogueState,
        reply: Reply,
        u: Understood,
        found: list[Hit] | None = None,
        text: str = "",
        lifted: list[SlotChange] | None = None,
    ) -> DialogueState | None:
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
        if said.get("gpu_count") is not None:
            state.count_limit = u.count_limit
        if said.get("budget") is not None:
            # No currency said: the one of the budget held or the language's, said in the understood line.
            state.assumed = [a for a in state.assumed if a != "currency"] + (
                ["currency"] if u.currency_assumed else []
            )
        if on_gpu is not u.said and last:
            # "what if only 8 GPUs?" keeps the current GPU: report the count against the last plan's,
            # not the GPU the user never named.
            changes = [c for c in changes if c.slot not in ("gpu", "gpu_count")]
            changes.append(SlotChange("gpu_count", last.get("gpus"), said["gpu_count"]))
        if u.said and u.data_language:
            state.data_language = u.data_language
        if u.asks:
            reply.asks = u.asks
            reply.add("ask_back", asks=u.asks)
            currency_only = all(
                a.get("slot") == "budget" and a.get("reason") == "unsupported_currency" for a in u.asks
            )
            if not (currency_only and u.said and not missing(state)):
                return state
            # "農曆年前完成，預算每月 3 萬台幣": the deadline is used and the plan shown, without that budget.
        skipped = None
        if u.intent == "skip" and not u.said:
            skipped = skip_pending(state) or "none"
            reply.add("skip", resolution=skipped, pending=state.pending, slots=state.slots)
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
                recommend(state, reply, self.kb, self._plan, self._clock(), changes, asked, memory)
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
        if u.working_days and said.get("days") is not None:
            understood = {**understood, "working_days": u.working_days}  # "10 working days ≈ 2 weeks"
        if u.sprints and said.get("days") is not None:
            understood = {**understood, "sprints": u.sprints}  # "2 sprints ≈ 4 weeks"
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
        ask_next(state, reply, said=said_any, understood=understood)
        held = state.choice
        if held is not None and said.get(held["slot"]) == held["values"][0]:
            # "7B 还是 13B" with the job incomplete: the first is taken to ask the rest; both come later
            reply.add("choice_held", slot=held["slot"], values=held["values"])
        if unused and state.pending is not None:
            # Say what could not be used and what is kept, before asking again.
            kept = {k: v for k, v in state.slots.items() if v is not None}
            reply.prepend("not_understood", text=text[:NOT_UNDERSTOOD_CHARS], kept=kept, scope=False)
        return state

    def _explain(self, state: DialogueState, reply: Reply) -> DialogueState:
        if self._explain_topic(state, reply):
            return state
        if state.last is None or missing(state):
            reply.add("explain", items=[], workload={})
            return ask_next(state, reply, said=False)
        try:
            rec, _fired, context = plan_context(state, self.kb, self._plan, self._clock(), reply.lang)
        except SizingError as exc:
            reply.add("error", code=exc.code, message=exc.message, params=exc.params)
            return state
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

    def _undo(self, state: DialogueState, reply: Reply) -> DialogueState:
        """Back to the plan before the last change, said as a change; a second undo returns."""
        if state.previous is None or state.last is None:
            reply.add("undo", restored=False)
            return ask_next(state, reply, said=False) if missing(state) else state
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
        reply.add("undo", restored=True)
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
