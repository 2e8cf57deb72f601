"""Dialogue state for the sizing form: which slots are filled, which one is asked next.

The design follows Rasa forms (required slots asked one at a time, a `requested_slot`) and the
CALM repair patterns (correction, skip, digression, cancel): see
../shared/reference/slack-and-nlu.md §4.1-4.3. The state is a typed value (`DialogueState`) that
becomes JSON only at the store (`to_json` / `from_json`); these functions never touch the store
or the clock.
"""

from __future__ import annotations

import copy
import math
import operator
from dataclasses import dataclass, field, fields
from typing import Any

from sizing.workload import (
    CHINCHILLA_TOKENS_PER_PARAM,
)  # Chinchilla's ~20 tokens per parameter: the engine owns it

STATE_VERSION = 1
# Jobs a conversation keeps set aside by new requests ("back to the first one" reaches the oldest).
MAX_SET_ASIDE = 4

# Slot names of the DESIGN.md parse/chat contract, in the order they are shown.
SLOT_NAMES = (
    "params",
    "tokens",
    "data_bytes",
    "precision",
    "method",
    "days",
    "budget",
    "gpu",
    "gpu_count",
    "seq_len",
    "epochs",
)
# What a serving request says (bot/nlu Slots, lanes/interfaces.md): never training-form slots, read
# by the serving answer (bot/dialogue/answers/serve.py) and remembered for its follow-ups.
SERVE_SLOT_NAMES = (
    "model", "concurrency", "qps", "daily_users", "daily_requests", "volume_said", "input_tokens",
    "output_tokens", "ttft_ms", "tpot_ms", "serve_layout", "context_tokens", "serve_use", "serve_engine",
    "batch_requests",
)  # fmt: skip
# The training software the user named (bot/nlu/stack.py): it changes the plan's memory and speed
# (sizing.stack), never asked for; the engine assumes the method's usual stack until said.
TRAINING_SOFTWARE_SLOTS = (
    "stack", "recompute", "offload", "low_memory", "continued", "objective", "micro_batch",
    "global_batch_tokens",
)  # fmt: skip
# How the data size was counted when not in tokens or bytes ("word", "zh_char": bot/nlu Slots.text_unit):
# rides with the data it measured, so new data said another way clears it.
# …and "steps_basis" (bot/nlu Slots.steps_basis): the tokens said as steps × batch, shown as that sum.
DATA_NOTE_SLOTS = ("text_unit", "steps_basis")
# Plausible ranges. Values outside are unit slips (70T parameters, 2 TB of "parameters") and are
# asked back rather than computed (reference/slack-and-nlu.md §4.3 "Validate ranges and units").
# Bounds: the largest published dense/MoE models are ~2e12 params (Switch-C 1.6T), the largest
# published corpora ~1e14 tokens; 1e6 params is below any language model worth renting a GPU for.
PLAUSIBLE: dict[str, tuple[float, float]] = {
    "params": (1e6, 1e13),
    "tokens": (1e5, 1e15),
    "data_bytes": (1e5, 1e17),
    "days": (0.01, 3650.0),
    "gpu_count": (1.0, 65536.0),
    "seq_len": (16.0, 4_194_304.0),
    # Passes over the data: from a fraction of one pass to the engine's bound (sizing.workload).
    "epochs": (0.01, 1000.0),
    # A step's global batch in tokens: from one short sequence to 256M
    # (sizing.workload.MAX_GLOBAL_BATCH_TOKENS, over ten times the largest published: Llama 3 405B 16M,
    # DeepSeek-V3 15.36M tokens).
    "global_batch_tokens": (256.0, 268_435_456.0),
    "concurrency": (1.0, 1e6),
    "qps": (1e-4, 1e6),
    "daily_users": (1.0, 1e9),
    "daily_requests": (1.0, 1e11),
    "input_tokens": (1.0, 1e7),
    "context_tokens": (1.0, 1e7),
    "output_tokens": (1.0, 1e7),
    "ttft_ms": (0.01, 1e7),
    "tpot_ms": (0.01, 1e6),
}


@dataclass(slots=True)
class DialogueState:
    """One conversation between turns: what the user said, what is asked, what was shown."""

    lang: str = ""
    slots: dict[str, Any] = field(default_factory=dict)  # DESIGN slot names (+ active_params)
    pending: str | None = None  # the slot asked last (Rasa's requested_slot)
    reprompts: dict[str, int] = field(default_factory=dict)  # times each slot was asked again
    skipped: list[str] = field(default_factory=list)  # slots answered "skip" ("days": no deadline)
    assumed: list[str] = field(default_factory=list)  # slots filled by an assumption ("tokens")
    last: dict[str, Any] | None = None  # the last plan's summary (dialogue.plan.summarise)
    # The user's own price for a GPU ("我们租的 A100 每卡每天 180 元", "we pay $2.1/hr per H100"): {"gpu",
    # "amount", "currency", "period", "per_hour"}; a plan on that GPU is also priced at it (turn_steps).
    own_rate: dict[str, Any] | None = None
    mentions_spot: bool = False
    data_language: str | None = None
    region: str | None = None  # "cn": mainland-China clouds
    owned: bool = False  # the user's own GPUs: the plan runs on exactly them
    # The cluster network the user says they have ("3.2 Tbps InfiniBand per node", "400G IB per GPU"):
    # {"gbps": per node, "per_gpu": said per GPU}; the plan's network line weighs its need against it.
    cluster_network: dict[str, Any] | None = None
    # The GPUs the team owns while the plan rents others ("we have 32 A100s", then "what about H800s?"):
    # {"gpu", "count"}; taking that GPU again makes the plan theirs again (answers.own_or_rent).
    own_gpus: dict[str, Any] | None = None
    count_limit: bool = False  # slots.gpu_count is a ceiling ("如果只能用 16 张卡"): never more GPUs
    # slots.gpu_count was asked in a what-if ("what if we had 16 H100s?"): planned on as said, and a missed
    # deadline said beside it, not planned away at the count that makes it (dialogue.recommend)
    count_asked: bool = False
    asks_fit: bool = False  # this turn asks whether the hardware it names runs the job ("够不够")
    shown_pitfalls: list[str] | None = None  # fired pitfall ids at the last recommendation
    shown_tips: list[str] = field(default_factory=list)  # tips and pitfalls shown this conversation
    topic: dict[str, Any] | None = None  # the last direct answer's kind and workload (dialogue.policy)
    asap: bool = False  # "ASAP", "越快越好": plan the fastest option within the budget, no deadline
    cheapest: bool = False  # "cheapest please": the plan with the lowest total cost first
    # A turn lowered the deadline of a plan that still meets it ("what if only 1 week?"): a faster plan that
    # costs about the same is put first until the deadline changes otherwise (dialogue.timeline.tighten,
    # dialogue.asap.faster_for_tighter_deadline)
    tightened: bool = False
    clouds: list[str] = field(default_factory=list)  # providers the plan is priced on ("on AWS")
    unpriced_clouds: list[str] = field(default_factory=list)  # named, but the catalogue has no prices
    deadline_date: str | None = None  # ISO date of a calendar deadline ("by 2027-01-31")
    sprints: float | None = None  # the deadline said in sprints ("two sprints"): days holds two weeks each
    samples: float | None = None  # a sample count still waiting for its length per sample
    # The count and length per sample that made `tokens` ({"samples", "per_sample"}), so "其实是 5 万条"
    # or "each is 2k tokens" later changes one factor of it (dialogue.timeline.count_samples).
    sample_basis: dict[str, Any] | None = None
    # A dataset's length said before the rest of it: {"per_sample"} waiting for the count ("each is about
    # 1.5k tokens" … "20k of them"), {"turns"} or {"per_turn"} waiting for the other half of a dialogue's
    # length ("每组 5 轮" … "每轮 200 token").
    sample_parts: dict[str, Any] | None = None
    # Ranges said, planned at their upper end: {"text": "2 到 3 万条", "slot": "samples", "value": 30000.0}
    # while the slot still holds that value (the understood line says so).
    ranges: list[dict[str, Any]] = field(default_factory=list)
    # The one slot the last change of the plan was about ("what if 10 days?": "days"), so a bare number
    # that follows ("and 20?") is another value of it (bot/dialogue/ellipsis.py).
    last_slot: str | None = None
    read_as: list[str] = field(default_factory=list)  # this turn's GPU typos as read ("h10o → H100")
    # "and 20?" right after a plan, read as one slot ({"slot", "number", "before": the slots it changed, as
    # they were}): the next turn saying the other ("20 days") takes that reading back (ellipsis.py).
    number_read: dict[str, Any] | None = None
    lang_asked: str | None = None  # "answer in English": the reply language until another is asked
    rev: int = 0  # commits of this session (bot/dialogue/commit.py)
    # The conversation as it stood before the last turn that changed the plan (to_json, without its own
    # `previous`): "go back to the previous plan" restores it, and a second "undo" returns.
    previous: dict[str, Any] | None = None
    # The first plan of this job ({"slots", "last"}), kept through every change after it: "how does that
    # compare to the first one?" sets it beside the plan now (answers/plan_pair.py). A new job starts afresh.
    first: dict[str, Any] | None = None
    # The job a new request set aside (to_json, without `previous` or its own `aside`): "回到第一个",
    # "back to the first one" brings it back, and sets the newer one aside in its place.
    aside: dict[str, Any] | None = None
    # Jobs set aside before `aside`, oldest first (at most MAX_SET_ASIDE in all): "back to the first one"
    # after two new requests is the oldest of them, "the previous one" is `aside`.
    older: list[dict[str, Any]] = field(default_factory=list)
    # Two values offered for one slot before the job was complete ("7B 还是 13B" while the size is asked):
    # {"slot", "values"}, both planned once it is (bot/dialogue/choices.py).
    choice: dict[str, Any] | None = None
    # Two counts just shown side by side on one board ("8 or 16 GPUs?" on A100s: both on the A100 40GB):
    # {"slot", "values", "gpu"}, so the next turn taking one ("16 then") plans that row's board, not the
    # cheapest board of the family at that count (bot/dialogue/choices.py).
    offered: dict[str, Any] | None = None
    # The last turn answered a question from the notes ("什麼是 LoRA？"): "那 QLoRA 呢？" right after it asks
    # the same about QLoRA, not for the plan on it (bot/dialogue/ellipsis.py: asked_again).
    after_faq: bool = False

    def to_json(self, *, shared: bool = False) -> dict[str, Any]:
        """What the store keeps: plain JSON, versioned. `shared`: the field values themselves instead of
        copies, for the turn's own commit, which hands the dict to the store's update at once (every
        store encodes it there) and drops the state."""
        out: dict[str, Any] = {"v": STATE_VERSION}
        if shared:
            out.update(zip(_FIELD_NAMES, _FIELD_VALUES(self), strict=True))  # every field, read in C
            return out
        for name in _FIELD_NAMES:
            value = getattr(self, name)
            out[name] = value if type(value) in _ATOMIC else _copy(value)
        return out

    @classmethod
    def from_json(cls, raw: Any, lang: str = "") -> DialogueState:
        """The stored state; another version or a malformed one starts afresh rather than crash,
        and a field of the wrong type takes its default."""
        if not isinstance(raw, dict) or raw.get("v") != STATE_VERSION:
            return cls(lang=lang)
        state = cls()
        for name in _FIELD_NAMES:
            if name not in raw:
                continue
            value = _copy(raw[name])
            if _fits(value, getattr(state, name), name):
                setattr(state, name, value)
        state.lang = state.lang or lang
        return state


# The fields in declaration order, read once (dataclasses.fields builds a new tuple on every call).
_FIELD_NAMES = tuple(f.name for f in fields(DialogueState))
_FIELD_VALUES = operator.attrgetter(*_FIELD_NAMES)


# What a plan depends on besides its slots: a turn that changes any of these changes the plan.
_PLAN_FIELDS = (
    "slots", "skipped", "clouds", "asap", "cheapest", "tightened", "count_limit", "count_asked", "owned",
    "region", "data_language",
)  # fmt: skip


def keep_previous(raw: Any, new: DialogueState) -> None:
    """After a turn that presented a plan: keep the conversation as it stood before it (`raw`, the
    stored state) when that held a plan and the turn changed what the plan depends on."""
    if not isinstance(raw, dict) or raw.get("v") != STATE_VERSION or raw.get("last") is None:
        return
    if all(raw.get(name) == getattr(new, name) for name in _PLAN_FIELDS):
        return
    new.previous = {k: _copy(v) for k, v in raw.items() if k != "previous"}


def keep_first(new: DialogueState) -> None:
    """After a turn that presented a plan: the job's first plan, when none is kept yet."""
    if new.first is None and new.last is not None:
        new.first = {"slots": _copy(new.slots), "last": _copy(new.last)}


def _copy(value: Any) -> Any:
    """A deep copy of JSON-shaped state (dicts, lists, strings, numbers), several times cheaper than
    copy.deepcopy, which it falls back to for anything else."""
    kind = type(value)
    if kind in _ATOMIC:
        return value
    if kind is dict:
        return {k: v if type(v) in _ATOMIC else _copy(v) for k, v in value.items()}
    if kind is list:
        return [v if type(v) in _ATOMIC else _copy(v) for v in value]
    return copy.deepcopy(value)


_ATOMIC = frozenset({str, int, float, bool, type(None)})


# Fields that may be None or a value of their kind; the others must match their default's type.
_OPTIONAL = {
    "pending": str,
    "last": dict,
    "data_language": str,
    "region": str,
    "cluster_network": dict,
    "shown_pitfalls": list,
    "topic": dict,
    "deadline_date": str,
    "sprints": float,
    "samples": float,
    "sample_basis": dict,
    "sample_parts": dict,
    "previous": dict,
    "first": dict,
    "aside": dict,
    "last_slot": str,
    "number_read": dict,
    "choice": dict,
    "offered": dict,
    "lang_asked": str,
    "own_rate": dict,
    "own_gpus": dict,
}


def _fits(value: Any, default: Any, name: str) -> bool:
    if name in _OPTIONAL:
        kind = _OPTIONAL[name]
        if kind is float:
            return value is None or (isinstance(value, int | float) and not isinstance(value, bool))
        return value is None or isinstance(value, kind)
    if isinstance(default, bool):
        return isinstance(value, bool)
    if isinstance(default, int):
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, type(default))


def take_ranges(state: DialogueState, ranges: tuple[tuple[str, tuple[str, ...]], ...]) -> None:
    """Remember the ranges a message said with the value each slot took (its upper end)."""
    for text, names in ranges:
        for name in names:
            value = state.samples if name == "samples" else state.slots.get(name)
            if name == "samples" and value is None:
                value = (state.sample_basis or {}).get("samples")
            if value is None:
                continue
            kept = [r for r in state.ranges if r.get("slot") != name]
            state.ranges = [*kept, {"text": text, "slot": name, "value": value}]


def ranges_in_force(state: DialogueState) -> list[str]:
    """The ranges said whose upper end a slot still holds, as written (in the order said, once each)."""
    basis = (state.sample_basis or {}).get("samples")
    out: list[str] = []
    for r in state.ranges:
        name, value = r.get("slot"), r.get("value")
        held = (state.samples, basis) if name == "samples" else (state.slots.get(str(name)),)
        if value in held and r.get("text") not in out:
            out.append(str(r.get("text")))
    return out


def set_aside(state: DialogueState) -> dict[str, Any]:
    """The conversation's job as kept aside by a new request (without its undo step or its own aside)."""
    kept = state.to_json()
    kept.pop("previous", None)
    kept.pop("aside", None)
    kept.pop("older", None)
    return kept


def start_aside(state: DialogueState, lang: str) -> DialogueState:
    """A fresh conversation for a new request, with the current job set aside (when it has a plan) after
    the ones set aside before it."""
    jobs = [*state.older, *([state.aside] if state.aside else [])]
    if state.last:
        jobs.append(set_aside(state))
    new = fresh_state(lang)
    new.shown_tips = list(state.shown_tips)  # the same conversation: a tip read once is not shown again
    if jobs:
        new.aside, new.older = jobs[-1], jobs[:-1][-(MAX_SET_ASIDE - 1) :]
    return new


def swap_aside(state: DialogueState, first: bool = False) -> None:
    """Bring a job set aside back in place of the current one, which is set aside in its turn: the
    latest set aside, or with `first` the oldest."""
    jobs = [*state.older, *([state.aside] if state.aside else [])]
    chosen = jobs.pop(0 if first else len(jobs) - 1)
    back = DialogueState.from_json(chosen, state.lang)
    jobs.append(set_aside(state))
    back.aside, back.older = jobs[-1], jobs[:-1]
    back.shown_tips = list(state.shown_tips)
    back.lang = state.lang
    back.previous = None
    back.topic = None
    for name in _FIELD_NAMES:
        setattr(state, name, getattr(back, name))


def fresh_state(lang: str) -> DialogueState:
    return DialogueState(lang=lang)


@dataclass(frozen=True, slots=True)
class SlotChange:
    slot: str
    old: Any
    new: Any
    # "data" changes between tokens and bytes: the slot each value is in, so each keeps its unit.
    old_slot: str | None = None
    new_slot: str | None = None


def one_data_change(changes: list[SlotChange]) -> list[SlotChange]:
    """The data said in the other unit (tokens for bytes, or back) as one change, as merge_slots reports
    it: "数据 300 GB → 3000亿 tokens", not "300 GB → not set; now 3000亿 tokens"."""
    by_slot = {c.slot: c for c in changes}
    tokens, data = by_slot.get("tokens"), by_slot.get("data_bytes")
    if tokens is None or data is None or (tokens.new is None) == (data.new is None):
        return changes
    gone, came = (tokens, data) if tokens.new is None else (data, tokens)
    if gone.old is None or came.old is not None:
        return changes
    one = SlotChange("data", gone.old, came.new, old_slot=gone.slot, new_slot=came.slot)
    return [one if c is came else c for c in changes if c is not gone]


def replaced(changes: list[SlotChange], said: dict[str, Any]) -> dict[str, tuple[str, Any]]:
    """The values a message says in place of ones held ("300B tokens, not GB" after 300 GB): {the slot
    said: (the slot the old value was in, the old value)}: a reply before any plan names what it replaced."""
    return {
        c.new_slot or c.slot: (c.old_slot or c.slot, c.old)
        for c in changes
        if c.old is not None and c.new is not None and (c.new_slot or c.slot) in said
    }


def implausible(slot: str, value: Any) -> bool:
    """True for a numeric value the engine should never see (negative, non-finite, absurd)."""
    bounds = PLAUSIBLE.get(slot)
    if bounds is None:
        return False
    if isinstance(value, bool) or not isinstance(value, int | float):
        return True
    return not math.isfinite(value) or not bounds[0] <= float(value) <= bounds[1]


def merge_slots(state: DialogueState, said: dict[str, Any]) -> list[SlotChange]:
    """Take every slot the user stated; return the changes to slots that already had a value.

    tokens and data_bytes are two ways to say one thing, so stating one clears the other.
    """
    slots = state.slots
    changes: list[SlotChange] = []
    for name in SLOT_NAMES:
        if name not in said or said[name] is None:
            continue
        new = said[name]
        old = slots.get(name)
        data_change = False
        if name in ("tokens", "data_bytes"):
            other = "data_bytes" if name == "tokens" else "tokens"
            old_other = slots.pop(other, None)
            data_change = old is None and old_other is not None
            if data_change:  # "不是 1.5TB，是 1.5T tokens": one change, "数据 1.5 TB → 1.5万亿 tokens"
                changes.append(SlotChange("data", old_other, new, old_slot=other, new_slot=name))
        # After a recommendation, a slot said for the first time ("what if we use H100s?") changes
        # the plan as much as a corrected one, so it is reported too ("now H100").
        if old != new and (old is not None or state.last) and not data_change:
            changes.append(SlotChange(name, old, new))
        slots[name] = new
        if name in state.skipped:
            state.skipped.remove(name)
        if name in ("tokens", "data_bytes") and "data" in state.skipped:
            state.skipped.remove("data")  # the rough size asked for is given
        if name in ("tokens", "data_bytes") and "tokens" in state.assumed:
            state.assumed.remove("tokens")
        if name in ("tokens", "data_bytes"):
            for note in DATA_NOTE_SLOTS:
                slots[note] = said.get(note) if name == "tokens" else None
    if said.get("params") is not None:
        # A plain "70B" after "47B with 13B active" is a dense model again.
        slots["active_params"] = said.get("active_params")
    for name in TRAINING_SOFTWARE_SLOTS:  # kept until the user names another
        if said.get(name) is not None:
            if said[name] != slots.get(name) and state.last:
                changes.append(SlotChange(name, slots.get(name), said[name]))  # "now DeepSpeed"
            slots[name] = said[name]
    return changes


@dataclass(frozen=True, slots=True)
class SlotSpec:
    """One question of the planning form (Rasa's required_slots): the slots that answer it and
    whether "skip" does ("no deadline" is an answer; there is no default model size)."""

    name: str
    fills: tuple[str, ...]
    skippable: bool = False


# The planning form asks these, in this order, and only these; every other slot has a stated
# default (precision, method, seq_len, epochs) or is the user's to give (budget, GPU).
REQUIRED_SLOTS = (
    SlotSpec("params", ("params",)),
    SlotSpec("data", ("tokens", "data_bytes")),
    SlotSpec("days", ("days",), skippable=True),
)


def missing(state: DialogueState) -> list[str]:
    """Required slots still open, in asking order (a skipped timeline counts as answered)."""
    return [
        spec.name
        for spec in REQUIRED_SLOTS
        if all(state.slots.get(name) is None for name in spec.fills)
        and not (spec.skippable and spec.name in state.skipped)
    ]


def skip_pending(state: DialogueState, tokens_per_image: float | None = None) -> str | None:
    """Apply the user's "skip / don't know" to the pending slot; return how it was resolved.

    - days: plan without a deadline (the engine picks a sensible cluster size and reports days);
    - data counted in images whose tokens per image were asked ("100k images" … "not sure"): the images
      at `tokens_per_image` (LLaVA-1.5's visual tokens, knowledge text_units), flagged as an assumption;
    - data for pre-training: assume Chinchilla-optimal tokens, flagged as an assumption;
    - params, and data for fine-tuning: no honest default exists, so the question stays open
      and is asked again differently (examples and buttons); for data, "data" is noted in `skipped`
      (not an answer: the data question is not skippable) so the rough size that answers it is read.
    Returns "days", "visual_tokens", "chinchilla" or None when nothing could be assumed.
    """
    slot = state.pending
    slots = state.slots
    if slot == "days":
        if "days" not in state.skipped:
            state.skipped.append("days")
        return "days"
    parts = state.sample_parts or {}
    if slot == "data" and tokens_per_image and state.samples and parts.get("media") == "image":
        images = float(state.samples)
        slots["tokens"] = images * tokens_per_image
        state.sample_basis = {"samples": images, "per_sample": float(tokens_per_image), "media": "image"}
        if parts.get("word"):
            state.sample_basis["word"] = parts["word"]
        state.samples = None
        state.sample_parts = None
        if "tokens" not in state.assumed:
            state.assumed.append("tokens")
        return "visual_tokens"
    if slot == "data" and slots.get("params") and (slots.get("method") or "pretrain") == "pretrain":
        slots["tokens"] = float(slots["params"]) * CHINCHILLA_TOKENS_PER_PARAM
        if "tokens" not in state.assumed:
            state.assumed.append("tokens")
        return "chinchilla"
    if slot == "data" and "data" not in state.skipped:
        # asked again for a rough size on disk ("1GB, 10GB or 100M tokens"): a bare "about 2T" answering
        # it is that size, 2 TB (bot/dialogue/understand._rough_size_in_t)
        state.skipped.append("data")
    return None


def public_slots(state: DialogueState, effective: dict[str, Any] | None = None) -> dict[str, Any]:
    """The chat JSON `slots`: every DESIGN slot name, null when unknown.

    `effective` (the defaults the engine actually used) fills the gaps once a plan exists.
    """
    out = dict(zip(SLOT_NAMES, map(state.slots.get, SLOT_NAMES), strict=True))  # None when unset
    for name, value in (effective or {}).items():
        if out.get(name) is None and value is not None:
            out[name] = value
    return out
