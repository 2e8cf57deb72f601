"""Run the engine on complete slots and render the recommendation (and what changed)."""

from __future__ import annotations

import datetime as dt
import operator
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from bot.dialogue.asap import (
    ASAP_COST_SLACK,
    faster_for_tighter_deadline,
    fastest_first,
    fastest_within_budget,
    implied_budget,
)
from bot.dialogue.clouds import restricted
from bot.dialogue.hardware import china_options, rented_in_china
from bot.dialogue.memo import plan_dict
from bot.dialogue.pitfall_context import pitfall_context
from bot.dialogue.plan import PAIRED_OBJECTIVES, build_request, effective_slots, global_batch_said, summarise
from bot.dialogue.reply import Reply
from bot.dialogue.state import DialogueState, SlotChange, ranges_in_force
from bot.render.text import render_json
from bot.render.views import (
    entry_view,
    find_entry,
    num,
    option_view,
    pick,
    stale_view,
    warning_views,
)
from knowledge.cluster_scale import on_demand_scale
from sizing.errors import SizingError
from sizing.result import SizingResult
from sizing.types import Catalog, SizingRequest

if TYPE_CHECKING:
    from knowledge import KnowledgeBase

Planner = Callable[[SizingRequest, Catalog], SizingResult]
_ID_AND_NAME = operator.attrgetter("id", "name")  # a catalogue GPU's (id, name)

# FAQ entries worth quoting next to a plan: billing advice always, the single-vs-multi-GPU
# answer when the plan spans several GPUs (seed guide §6 Q2/Q3).
FAQ_COST = "faq.cost_control"
FAQ_MULTI_GPU = "faq.single_vs_multi_gpu"


def run_plan(state: DialogueState, kb: KnowledgeBase, plan: Planner, today: dt.date) -> dict[str, Any]:
    """The engine's result as the DESIGN.md `size` dict; raises SizingError. "ASAP" puts the
    fastest option within the budget first."""
    request = build_request(state, kb.catalog, today)
    rec: dict[str, Any] | None = None
    if state.clouds:
        # Only the clouds the user named; none of them with an offering that fits leaves the plan
        # to the whole catalogue (the reply says so: clouds_view).
        try:
            rec = plan_dict(plan, request, restricted(kb.catalog, state.clouds))
        except SizingError:
            rec = None
        if rec is not None and not any(o.get("fits") for o in rec.get("options") or []):
            rec = None
    if rec is None:
        rec = plan_dict(plan, request, kb.catalog)
        rec = _priced_in_china(rec, request, kb, plan) or rec
    if state.asap:
        # No budget: the stated default cap (asap.implied_budget), said in the reply as `asap_default`.
        cap = implied_budget(rec) if state.slots.get("budget") is None else None
        slots = {**state.slots, "budget": cap} if cap is not None else state.slots
        fast = fastest_within_budget(
            lambda days: _plan_for(
                replace(state, slots={**state.slots, "days": days}, asap=False), kb, plan, today
            ),
            rec,
            slots,
            kb.catalog.usd_to_cny,
        )
        if fast is None:
            rec["options"] = fastest_first(rec.get("options") or [], slots, kb.catalog.usd_to_cny)
        rec = fast if fast is not None else rec
        if cap is not None:
            rec["asap_default"] = {"cheapest_usd": cap["cheapest"], "slack": ASAP_COST_SLACK - 1}
    elif state.cheapest and state.slots.get("gpu_count") is None:
        # (a count asked, "8 張 A100 呢", plans exactly that hardware first, as `size --gpu --gpus` does)
        rec["options"] = cheapest_first(rec.get("options") or [])
    elif state.tightened and not state.owned and not state.slots.get("gpu_count"):
        # A deadline lowered on a plan that still met it (timeline.tighten): a faster option that costs about
        # the same goes first, and `tighter` keeps the engine's own for the reply to weigh it against. GPUs
        # the user fixed are not second-guessed.
        options = rec.get("options") or []
        faster = faster_for_tighter_deadline(options, state.slots, kb.catalog.usd_to_cny)
        if faster is not None:
            rec["options"], rec["tighter"] = faster, {"kept": options[0]}
    return rec


# What the engine says of its plan's own top option: "explain" shows it.
MATH_KEYS = ("explain", "explain_items")


def with_own_math(
    rec: dict[str, Any], state: DialogueState, kb: KnowledgeBase, plan: Planner, today: dt.date
) -> dict[str, Any]:
    """`rec` with the engine's math (MATH_KEYS) of the option it puts first: when run_plan put a faster one
    before the engine's own pick (a tighter deadline), that option planned on its GPU type and count.
    Asked only by "explain": planning turns never pay for it."""
    options = rec.get("options") or []
    if not rec.get("tighter") or not options:
        return rec
    return {**rec, **_math_on(options[0], state, kb, plan, today)}


def _math_on(
    option: Mapping[str, Any], state: DialogueState, kb: KnowledgeBase, plan: Planner, today: dt.date
) -> dict[str, Any]:
    """The engine's math (MATH_KEYS) for an option other than its own pick, planned on that option's GPU
    type and count; {} when the engine plans that otherwise."""
    pinned = {**state.slots, "gpu": option.get("gpu"), "gpu_count": option.get("gpus")}
    rec = _plan_for(replace(state, slots=pinned, tightened=False), kb, plan, today) or {}
    top = (rec.get("options") or [{}])[0]
    days, want = top.get("days"), option.get("days")
    same = (top.get("gpu"), top.get("gpus")) == (option.get("gpu"), option.get("gpus"))
    if not same or not isinstance(days, int | float) or not isinstance(want, int | float):
        return {}
    if abs(float(days) - float(want)) > 1e-3 * float(want):
        return {}
    return {key: rec[key] for key in MATH_KEYS if key in rec}


def plan_options(
    state: DialogueState, kb: KnowledgeBase, plan: Planner, today: dt.date
) -> list[dict[str, Any]]:
    """run_plan's options, or none when the engine plans nothing for these slots (SizingError)."""
    try:
        return list(run_plan(state, kb, plan, today).get("options") or [])
    except SizingError:
        return []


def _priced_in_china(
    rec: dict[str, Any], request: SizingRequest, kb: KnowledgeBase, plan: Planner
) -> dict[str, Any] | None:
    """The plan on a GPU the global catalogue has no price for (RTX 4090, H20, A800...) priced as the
    price answer quotes it: from the public mainland-China marketplace list (kb.china_plan_catalog),
    in the CNY it is listed in; None when the plan has a price, that list has none for its GPU, or its
    plan misses a deadline the unpriced one makes."""
    options = rec.get("options") or []
    top = options[0] if options else None
    if top is None or (top.get("cost") or {}).get("amount") is not None:
        return None
    if not kb.prices_for(str(top.get("gpu")), market="cn"):
        return None
    try:
        china = plan_dict(plan, request, kb.china_plan_catalog)
    except SizingError:
        return None
    china_top = (china.get("options") or [None])[0]
    if not china_top or not china_top.get("fits") or (china_top.get("cost") or {}).get("amount") is None:
        return None
    if _misses(china, request.days) and float(top.get("days") or 0) < float(china_top.get("days") or 0):
        # The marketplace rents too few of them (one machine of 8 A800s takes 20 days) while more make the
        # deadline, or come closer to it: that plan stands, said without a price (as `size` gives it).
        return None
    # Shown in yuan, the marketplace's own currency (the engine's dicts are shared: new ones, not edits).
    china["options"] = [{**o, "cost": _in_cny(o.get("cost"))} for o in china.get("options") or []]
    return china


def _in_cny(cost: Any) -> Any:
    """An engine cost dict shown in CNY (its `cost_cny`) instead of USD."""
    if not isinstance(cost, Mapping) or cost.get("cost_cny") is None:
        return cost
    return {**cost, "amount": cost["cost_cny"], "currency": "CNY"}


def _plan_for(
    state: DialogueState, kb: KnowledgeBase, plan: Planner, today: dt.date
) -> dict[str, Any] | None:
    try:
        return run_plan(state, kb, plan, today)
    except SizingError:
        return None


def _missed_deadline(deadline: Any, days: Any) -> float | None:
    """The deadline in days when the plan takes longer than it, else None."""
    if not isinstance(deadline, (int, float)) or not isinstance(days, (int, float)):
        return None
    return float(deadline) if days > float(deadline) * 1.0001 else None


def cheapest_first(options: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The options with the one that fits at the lowest total on-demand cost first."""
    priced = [o for o in options if o.get("fits") and (o.get("cost") or {}).get("on_demand_usd") is not None]
    if not priced:
        return options
    low = min(priced, key=lambda o: (float(o["cost"]["on_demand_usd"]), float(o.get("days") or 0.0)))
    return [low] + [o for o in options if o is not low]


# Warnings the reply already says in its own line (billing) or in its footer (price date).
# no_bf16: the understood line says the plan runs FP16 with loss scaling on a GPU with no BF16.
SHOWN_ELSEWHERE = ("billing_reserved", "stale_prices", "spot_at_scale", "no_bf16")
# On the user's own GPUs the answer is time and fit: advice about renting (which GPU or provider to buy
# time from, spot, what a rental costs) does not apply to hardware already paid for.
RENTAL_ONLY_PITFALLS = frozenset(
    {
        "pitfall.overbuying_top_gpu",
        "pitfall.provider_selection",
        "pitfall.spot_without_checkpointing",
        "pitfall.budget_too_small",
    }
)
RENTAL_ONLY_WARNINGS = frozenset({"overbuying_top_gpu", "no_price", "network_unknown", "unused_gpus"})
MAX_PITFALLS_SHOWN = 3
# The GPUs said and no deadline: a run past this many days is said to be unrealistic, with the two ways out
# (more GPUs, or a deadline to size the cluster for). Half a year: well past the longest wall time among the
# published pre-training runs (knowledge/data/published_runs.yaml: BLOOM-176B, 118 days on 384 A100s).
LONG_RUN_DAYS = 180


def planned_top(
    state: DialogueState, kb: KnowledgeBase, plan: Planner, today: dt.date, lang: str
) -> dict[str, Any] | None:
    """The first option of the conversation's plan as the templates see it (plan_context), or None when
    the slots plan nothing: what a question about the plan ("why 8 GPUs?", its checkpoints) answers from."""
    try:
        _rec, _fired, context = plan_context(state, kb, plan, today, lang)
    except SizingError:
        return None
    top: dict[str, Any] = context["options"][0]
    return top


def plan_context(
    state: DialogueState, kb: KnowledgeBase, plan: Planner, today: dt.date, lang: str
) -> tuple[dict[str, Any], list[str], dict[str, Any]]:
    """(engine result, fired pitfall ids, template context) for complete slots; raises SizingError.

    One context feeds both the concise recommendation and the `explain` view."""
    rec = run_plan(state, kb, plan, today)
    rec, not_runnable = _without_the_gpu(state, rec, kb, plan, today)
    if not rec.get("options"):
        raise SizingError("no_option", "", {})
    catalog: Catalog = kb.catalog
    # A deadline the user's GPUs cannot make is planned at the count that does (their own plan is
    # kept to say how long it would take); owned hardware is then only the smaller comparison.
    rec, limit = _within_the_limit(state, rec, kb, plan, today)
    # A count asked in a what-if is planned on as asked: the engine's warning says it misses the deadline
    # and the alternatives show the count that makes it.
    # (only a count that holds the job: "what about 4 T4s?" says why not and plans on another GPU)
    as_asked = state.count_asked and not state.owned and bool(rec["options"][0].get("fits"))
    rec, user_plan = (
        _meet_the_deadline(state, rec, kb, plan, today) if limit is None and not as_asked else (rec, None)
    )
    rec, unfit = (rec, None) if limit or user_plan else _fit_in_memory(state, rec, kb, plan, today)
    if not_runnable is None and user_plan is None and limit is None and not as_asked:
        rec, not_runnable = _late_on_any_count(state, rec, kb, plan, today)
    # "H200, $300" when no H200 plan is within it: the plan on another GPU that is (and then the deadline
    # does not conflict with the budget: that plan meets both).
    other_gpu = gpu_budget_conflict(state, rec, kb, plan, today)
    conflict = None if other_gpu else budget_conflict(state, rec, kb, plan, today)
    effective = effective_slots(state, catalog)
    triggers = pitfall_context(state, effective, rec, kb.gpu_records, catalog)
    fired = list(kb.fired_pitfalls(triggers))
    contradicting = against_own_plan(kb, triggers, fired)
    options = [option_view(o, catalog) for o in shown_options(rec["options"], state.slots.get("days"))]
    top = options[0]
    # The plan runs on GPUs they own (not rented to make a deadline or to hold the job, and not another
    # GPU planned when their own are no longer in the slots).
    own_hardware = bool(state.owned) and user_plan is None and unfit is None and _on_owned(top, state.slots)
    if own_hardware:
        options = options[:1]  # the alternatives are rentals
        contradicting |= RENTAL_ONLY_PITFALLS
    related = ([FAQ_MULTI_GPU] if (top["gpus"] or 1) > 1 else []) + ([] if own_hardware else [FAQ_COST])
    # One version of each piece of advice: a FAQ twin of a fired pitfall is not shown again.
    shown = kb.distinct_advice([*fired, *related])
    faq = [entry_view(e, lang) for i in related if i in shown and (e := find_entry(kb, i)) is not None]
    pitfalls = [
        entry_view(e, lang)
        for i in fired
        if i in shown and i not in contradicting and (e := find_entry(kb, i)) is not None
    ]
    names = dict(map(_ID_AND_NAME, catalog.gpus))  # id -> name, built in C
    warnings = warning_views(rec.get("warnings") or [], names)
    feasibility = rec.get("feasibility")
    verdict = (
        _named(feasibility, names)
        if not top["fits"] and feasibility and not feasibility.get("fits")
        else None
    )
    china = china_options(state, kb.china_plan_catalog, plan, today) if state.region == "cn" else None
    # "换到阿里云呢" on a B200 plan: the GPU named is not rented in mainland China; the list above is
    # of cards that are (said first)
    named = state.slots.get("gpu")
    unrented = (
        str(top["name"])
        if china is not None and named and not rented_in_china(kb.china_plan_catalog, str(named))
        else None
    )
    for option in china or []:
        provider = kb.provider(str(option.get("cloud")))
        option["provider"] = pick(provider.name, lang) if provider else option.get("cloud")
    context = {
        "slots": effective,
        "text_unit": state.slots.get("text_unit"),  # data counted in words or 字: the ratio is stated
        # Data counted in samples: how the tokens were made ("2 万条 × 1,000 token").
        "basis": _basis(state),
        # …or in optimizer steps ("5,000 steps × a global batch of 256 sequences × 8,192 tokens").
        "steps_basis": _steps_basis(state),
        "assumed": list(state.assumed) + [s for s in ("precision", "method") if state.slots.get(s) is None],
        "days_skipped": "days" in state.skipped,
        "asap": bool(state.asap),
        # "ASAP" with no budget: the fastest plan within ASAP_COST_SLACK of the cheapest, said as such.
        "asap_default": rec.get("asap_default"),
        # Continued pre-training from a base model: said as such in the understood line.
        "continued": bool(state.slots.get("continued")) and effective.get("method") == "pretrain",
        # "DPO on a 7B …": the objective, with its reference model and pairs, said in the understood line
        "objective": state.slots.get("objective"),
        # "bs=4 per GPU": the micro-batch said, planned at and said in the understood line
        "micro_batch": state.slots.get("micro_batch"),
        # "global batch 4M tokens", "全局 batch 512 条": the batch said, planned at and said back
        "global_batch": global_batch_said({**state.slots, "method": effective.get("method")}),
        "paired_tokens": bool(state.sample_basis) and state.slots.get("objective") in PAIRED_OBJECTIVES,
        "cheapest": bool(state.cheapest),
        "over_budget": any(w["code"] == "over_budget" for w in warnings),  # no plan fits the budget
        "deadline_date": state.deadline_date,
        "sprints": state.sprints,
        "ranges": ranges_in_force(state),  # "20 到 30 万条": the understood line says the upper end was used
        "read_as": list(state.read_as),  # "h10o → H100": a GPU typed with look-alikes, as read
        "workload": rec.get("workload") or {},
        "options": options,
        "warnings": [
            w
            for w in warnings
            if w["code"] not in SHOWN_ELSEWHERE
            and not (verdict and w["code"] == "does_not_fit")
            and not (own_hardware and w["code"] in RENTAL_ONLY_WARNINGS)
            # the limit line names the count that makes the deadline: not a second, larger one beside it
            and not (limit and limit.get("needed") and w["code"] == "requested_misses_deadline")
        ],
        # Hardware kept (theirs, or no count of it fits) that cannot hold the job: the answer is the engine's
        # verdict and what does fit, never a plan headlined as "Recommended" (issue 12: feasibility first).
        "verdict": verdict,
        # The billing line says it instead of advertising spot savings nobody can rent at that scale.
        "spot_at_scale": next((w for w in warnings if w["code"] == "spot_at_scale"), None),
        "pitfalls": pitfalls,
        "faq": faq,
        "scenario": _scenario(kb, effective, lang),
        "software": _software(kb, top["gpu"], effective, lang, top.get("gpus")),
        # The quoted offering's own date (None: the snapshot has none, "date unknown").
        "price_date": top.get("prices_as_of"),
        # One rule (sizing.cost.price_is_stale) over every price this answer shows.
        # On their own GPUs no price is shown, unless the verdict lists rentals that do fit.
        "prices_stale": None
        if own_hardware and not verdict
        else stale_view([*options, *(china or [])], today),
        "fx": catalog.usd_to_cny,
        "user_plan": option_view(user_plan, catalog) if user_plan else None,
        # QLoRA where memory is not the constraint: LoRA fits the same GPUs and is faster and cheaper
        "lora_instead": _lora_instead(state, rec, kb, plan, today),
        "limit": limit,
        # More GPUs than clouds rent on demand (answers/on_demand_scale says so once): the billing line never
        # recommends pay-as-you-go for such a plan, in this answer or a later one.
        "contracted": not own_hardware and int(top.get("gpus") or 0) > on_demand_scale().max_gpus,
        # "4 张 4090" that cannot hold the job: the count of that GPU that does, and how short theirs is.
        "unfit": option_view(unfit, catalog) if unfit else None,
        # …and what does fit on those very GPUs (also when no count of them holds the job and the plan
        # keeps them): LoRA/QLoRA instead of full fine-tuning.
        "unfit_lighter": lighter_on_same(
            unfit or (None if top["fits"] else {"feasibility": rec.get("feasibility")}),
            catalog,
            str(options[0].get("currency") or "USD"),
            state.slots.get("days"),
        ),
        # "如果用 A10 呢" where no A10 plan exists: why, and the plan without that GPU below it.
        "not_runnable": not_runnable,
        # "我们有 8 个 GPU" with no type: the plan picks one at that count and says so.
        "unnamed_count": bool(state.slots.get("gpu_count"))
        and not state.slots.get("gpu")
        and limit is None
        and user_plan is None,  # a count that misses the deadline is not the plan's: user_plan says so
        "user_plan_typed": bool(state.slots.get("gpu")),
        # "pretrain 7B on 64 H100s, done within 60 days": the GPUs said, planned as said, make the deadline
        # (their own GPUs say it in the headline)
        "on_time": _on_time(state, top)
        and not own_hardware
        and limit is None
        and unfit is None
        and not not_runnable,
        "owned": own_hardware,
        # Their own GPUs miss the deadline: the plan rents the count that makes it (said as such).
        "own_gpus_late": bool(state.owned) and user_plan is not None,
        "china": china,
        "china_unrented": unrented,
        # "想用 8 卡 H800 训 34B，数据 1T token，要多久": 1,297 days on the GPUs said, and no deadline
        "long_run": effective.get("days") is None
        and bool(state.slots.get("gpu_count"))
        and not own_hardware
        and not verdict
        and float(top.get("days") or 0.0) > LONG_RUN_DAYS,
        "budget_conflict": conflict,
        "other_gpu": other_gpu,
        "clouds": clouds_view(state, rec),
    }
    return rec, fired, context


def _beyond_own(state: DialogueState, summary: Mapping[str, Any]) -> int | None:
    """How many of the plan's GPUs the team owns when the plan rents more of their GPU than they have
    ("what about on 64 of them?" on the 32 A100s they own), else None."""
    own = state.own_gpus
    if not own or state.owned or summary.get("owned"):
        return None
    gpu, owned, count = str(summary.get("gpu") or ""), str(own.get("gpu") or ""), int(own.get("count") or 0)
    same = gpu == owned or gpu.startswith(f"{owned}-")
    return count if same and count and int(summary.get("gpus") or 0) > count else None


def _on_owned(top: Mapping[str, Any], slots: Mapping[str, Any]) -> bool:
    """Whether the plan's top option is the owned GPUs the slots hold (a family such as "h100" covers
    its catalogue ids)."""
    owned, count = slots.get("gpu"), slots.get("gpu_count")
    gpu = str(top.get("gpu") or "")
    if not isinstance(owned, str) or not count or int(top.get("gpus") or 0) != int(count):
        return False
    return gpu == owned or gpu.startswith(f"{owned}-")


def _basis(state: DialogueState) -> dict[str, Any] | None:
    """The sample count and length the tokens held were made of, when they still make them."""
    basis, tokens = state.sample_basis, state.slots.get("tokens")
    if not basis or not isinstance(tokens, int | float):
        return None
    if not basis.get("samples") or not basis.get("per_sample"):
        return None
    made = float(basis["samples"]) * float(basis["per_sample"])
    return dict(basis) if abs(made - float(tokens)) <= 1e-6 * max(made, 1.0) else None


def _steps_basis(state: DialogueState) -> dict[str, Any] | None:
    """The steps and batch the tokens held were said as, while they still make them (with the epochs held)."""
    basis, tokens = state.slots.get("steps_basis"), state.slots.get("tokens")
    if not isinstance(basis, Mapping) or not isinstance(tokens, int | float):
        return None
    epochs = state.slots.get("epochs") or 1.0
    made = float(basis.get("steps") or 0.0) * float(basis.get("tokens_per_step") or 0.0)
    return dict(basis) if abs(made - float(tokens) * float(epochs)) <= 1e-6 * max(made, 1.0) else None


def clouds_view(state: DialogueState, rec: Mapping[str, Any]) -> dict[str, Any] | None:
    """The providers the plan was asked on: `fallback` when none of them had an offering that fits
    (the plan is then priced elsewhere); `unpriced`: named providers without catalogue prices."""
    if not state.clouds and not state.unpriced_clouds:
        return None
    top = (rec.get("options") or [{}])[0]
    cloud = (top.get("cost") or {}).get("cloud")
    return {
        "asked": list(state.clouds),
        "fallback": bool(state.clouds) and cloud not in state.clouds,
        "unpriced": list(state.unpriced_clouds),
    }


def over_budget(rec: Mapping[str, Any]) -> bool:
    return any(w.get("code") == "over_budget" for w in rec.get("warnings") or [])


def gpu_budget_conflict(
    state: DialogueState, rec: Mapping[str, Any], kb: KnowledgeBase, plan: Planner, today: dt.date
) -> dict[str, Any] | None:
    """With a GPU the user chose and a budget no plan on it meets: the cheapest plan on any GPU, when it
    is within the budget (and the deadline held), with the GPU chosen; None otherwise."""
    if not state.slots.get("gpu") or state.owned or not over_budget(rec):
        return None
    relaxed = replace(state, slots={**state.slots, "gpu": None, "gpu_count": None}, cheapest=True, asap=False)
    try:
        alt = run_plan(relaxed, kb, plan, today)
    except SizingError:
        return None
    options = [o for o in alt.get("options") or [] if o.get("fits")]
    if not options or over_budget(alt):
        return None
    planned = (rec.get("options") or [{}])[0]
    if options[0].get("gpu") == planned.get("gpu"):
        return None
    return {
        "chosen": planned.get("gpu_name") or state.slots.get("gpu"),
        "option": option_view(options[0], kb.catalog),
    }


def budget_conflict(
    state: DialogueState, rec: Mapping[str, Any], kb: KnowledgeBase, plan: Planner, today: dt.date
) -> dict[str, Any] | None:
    """When no plan meets both the deadline and the budget, what the budget does buy: the fastest
    plan within it once the deadline is let go, or (when even that is over) the cheapest plan at
    all. None when the plan meets its budget or there is no deadline to let go."""
    days = state.slots.get("days")
    if not isinstance(days, int | float) or not over_budget(rec):
        return None
    relaxed = replace(state, slots={**state.slots, "days": None}, asap=True, cheapest=False)
    try:
        alt = run_plan(relaxed, kb, plan, today)
    except SizingError:
        return None
    options = alt.get("options") or []
    if not options:
        return None
    top: dict[str, Any] | None = option_view(options[0], kb.catalog)
    within = not over_budget(alt)
    planned = (rec.get("options") or [{}])[0]
    cost, planned_cost = num((top or {}).get("cost")), num((planned.get("cost") or {}).get("amount"))
    if not within and cost is not None and planned_cost is not None and cost >= planned_cost:
        top = None  # nothing is cheaper than the plan that meets the deadline
    late = (num(planned.get("days")) or 0.0) > float(days) * 1.0001  # nothing meets the deadline either
    return {"deadline_days": float(days), "option": top, "within": within, "late": late}


# Alternatives listed under the plan: two at most, none past the deadline, and without one none
# more than ALTERNATIVE_SLOWDOWN times slower than the plan (a 526-day "alternative" helps nobody).
ALTERNATIVES_SHOWN = 2
ALTERNATIVE_SLOWDOWN = 3.0


def shown_options(options: list[dict[str, Any]], deadline: Any) -> list[dict[str, Any]]:
    top, rest = options[0], options[1:]
    limit = float(deadline) * 1.001 if isinstance(deadline, int | float) else None
    if limit is None:
        limit = ALTERNATIVE_SLOWDOWN * float(top.get("days") or 0.0)
    shown = [o for o in rest if float(o.get("days") or float("inf")) <= limit]
    return [top, *shown[:ALTERNATIVES_SHOWN]]


# Pitfalls that advise against a choice of hardware. When only the bot's own plan makes that choice
# (the user fixed none), the engine made it knowingly (a top-tier GPU that is cheapest in total),
# and the advice under the plan would contradict it: it is left out of the reply.
CHOICE_PITFALLS = (
    "pitfall.overbuying_top_gpu",
    "pitfall.consumer_multi_gpu",
    "pitfall.h20_for_training",
    "pitfall.no_nvlink_multi_gpu",
)


def against_own_plan(kb: KnowledgeBase, triggers: Mapping[str, object], fired: list[str]) -> set[str]:
    """Fired choice pitfalls that would not fire on what the user chose alone."""
    choices = [p for p in fired if p in CHOICE_PITFALLS]
    if not choices:
        return set()
    users_only = {k: (None if k.startswith("plan_") else v) for k, v in triggers.items()}
    return set(choices) - set(kb.fired_pitfalls(users_only))


def _misses(rec: Mapping[str, Any], days: Any) -> bool:
    options = rec.get("options") or []
    return bool(options) and isinstance(days, int | float) and float(options[0]["days"]) > days * 1.001


def _meet_the_deadline(
    state: DialogueState, rec: dict[str, Any], kb: KnowledgeBase, plan: Planner, today: dt.date
) -> tuple[dict[str, Any], Mapping[str, Any] | None]:
    """When the GPU count the user named cannot make their deadline ("4 A100s, two days"), plan
    that GPU type at the count that does, and keep their plan to say how long it would take.
    Returns (the result to present, the user's own top option or None)."""
    slots = state.slots
    days = slots.get("days")
    if not slots.get("gpu_count") or not _misses(rec, days):
        return rec, None
    # Their own GPUs missing it: renting anyway, so the plan that makes it on any GPU (the cheapest);
    # GPUs they only named keep their type.
    let_go = {"gpu": None, "gpu_count": None} if state.owned else {"gpu_count": None}
    relaxed = replace(state, slots={**slots, **let_go})
    try:
        alt = run_plan(relaxed, kb, plan, today)
    except SizingError:
        return rec, None
    if not alt.get("options") or _misses(alt, days):
        return rec, None
    return alt, rec["options"][0]


def _lora_instead(
    state: DialogueState, rec: dict[str, Any], kb: KnowledgeBase, plan: Planner, today: dt.date
) -> dict[str, Any] | None:
    """A QLoRA plan whose memory is not the constraint: LoRA with the same deadline and budget fits on
    no more of the same GPUs and costs less (QLoRA is slower per token: dequantising, and the activation
    checkpointing of its recipe, so it needs more GPUs for a deadline). LoRA's top option then; else None."""
    options = rec.get("options") or []
    if state.slots.get("method") != "qlora" or not options or not options[0].get("fits") or state.owned:
        return None
    try:
        lora = run_plan(replace(state, slots={**state.slots, "method": "lora"}), kb, plan, today)
    except SizingError:
        return None
    top, other = options[0], (lora.get("options") or [None])[0]
    if not other or not other.get("fits") or _misses(lora, state.slots.get("days")):
        return None
    if other.get("gpu") != top.get("gpu") or int(other.get("gpus") or 0) > int(top.get("gpus") or 0):
        return None  # LoRA needs more memory than these GPUs give: memory is what QLoRA saves here
    if any(w.get("code") == "memory_tight" for w in lora.get("warnings") or []):
        return None  # LoRA fits, but without the headroom QLoRA leaves: memory is a constraint after all
    cost, other_cost = (top.get("cost") or {}).get("amount"), (other.get("cost") or {}).get("amount")
    if cost is None or other_cost is None or other_cost >= cost:
        return None
    return option_view(other, kb.catalog)


def _named(feasibility: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
    """The engine's verdict with each GPU's name beside its id, as the chat names GPUs."""
    return {
        **feasibility,
        "gpu_name": names.get(str(feasibility.get("gpu"))),
        "options": [
            {**o, "gpu_name": names.get(str(o.get("gpu")))} for o in feasibility.get("options") or []
        ],
    }


def _fit_in_memory(
    state: DialogueState, rec: dict[str, Any], kb: KnowledgeBase, plan: Planner, today: dt.date
) -> tuple[dict[str, Any], Mapping[str, Any] | None]:
    """The GPU count the user named cannot hold the job ("4 张 4090" for a 7B full fine-tune): plan that
    GPU type at a count that does, and keep their plan to say what it lacks. Owned GPUs keep theirs.
    Returns (the result to present, the user's own top option or None)."""
    options = rec.get("options") or []
    if not state.slots.get("gpu_count") or state.owned or not options or options[0].get("fits"):
        return rec, None
    try:
        alt = run_plan(replace(state, slots={**state.slots, "gpu_count": None}), kb, plan, today)
    except SizingError:
        return rec, None
    if not alt.get("options") or not alt["options"][0].get("fits"):
        return rec, None
    return alt, {**options[0], "feasibility": rec.get("feasibility")}


# The ways sizing.feasibility finds to fit the job on the very GPUs the user named that the chat offers
# beside a larger count: adapters instead of full fine-tuning (QLoRA only when LoRA does not fit).
SAME_HARDWARE_KINDS = ("lora", "qlora")


def lighter_on_same(
    unfit: Mapping[str, Any] | None, catalog: Catalog, currency: str, deadline: Any
) -> list[dict[str, Any]]:
    """LoRA/QLoRA on the GPUs the user named that cannot hold the job as asked, from the engine's
    verdict on them (sizing.feasibility, the same options the feasibility answer lists), with the
    time and cost of this job in the plan's currency, and whether it misses the deadline."""
    verdict = (unfit or {}).get("feasibility")
    out: list[dict[str, Any]] = []
    for o in (verdict or {}).get("options") or []:
        if o.get("kind") not in SAME_HARDWARE_KINDS:
            continue
        spec = catalog.gpu_or_none(o.get("gpu"))
        usd = num(o.get("cost_usd"))
        out.append(
            {
                "method": o["kind"],
                "gpus": o.get("gpus"),
                "name": spec.name if spec else o.get("gpu"),
                "memory_per_gpu_gb": o.get("memory_per_gpu_gb"),
                "gpu_memory_gb": spec.memory_gb if spec else None,
                "days": o.get("days"),
                "late": _misses({"options": [o]}, deadline) if o.get("days") is not None else False,
                "slowdown": o.get("slowdown"),
                "cost": None if usd is None else usd * (catalog.usd_to_cny if currency == "CNY" else 1.0),
                "currency": currency,
            }
        )
    return out


def fit_verdict(state: DialogueState, context: Mapping[str, Any], catalog: Catalog) -> dict[str, Any] | None:
    """The answer to "用 4 张 4090 可以吗" / "would 8 A100s work?" on the job held: whether the named
    hardware runs it ({"ok": True} with its plan) or why not ("memory", "deadline" or the engine's
    exclusion), said before the plan. None when the turn asks no such question."""
    gpu, count = state.slots.get("gpu"), state.slots.get("gpu_count")
    if not state.asks_fit or not gpu or state.count_limit:
        return None
    named = {"gpu": gpu_name(catalog, gpu), "count": count}
    if context.get("not_runnable"):
        gone = context["not_runnable"]
        return {**named, "ok": False, "reason": gone.get("reason"), "days": gone.get("days")}
    if context.get("unfit"):
        return {
            **named,
            "ok": False,
            "reason": "memory",
            "option": context["unfit"],
            "lighter": context.get("unfit_lighter") or [],
            "planned": context["options"][0],
            "method": context["slots"].get("method"),
        }
    if context.get("user_plan"):
        return {**named, "ok": False, "reason": "deadline", "option": context["user_plan"]}
    top = context["options"][0]
    if not str(top.get("gpu", "")).startswith(str(gpu)) or (count and top.get("gpus") != count):
        return None
    if not top.get("fits"):
        # No count of that GPU holds the job as asked: the plan below keeps the hardware named (DESIGN.md).
        return {
            **named,
            "ok": False,
            "reason": "memory",
            "option": top,
            "lighter": context.get("unfit_lighter") or [],
            "method": context["slots"].get("method"),
            "planned_fits": False,
        }
    if _misses({"options": [top]}, state.slots.get("days")):
        return {**named, "ok": False, "reason": "deadline", "option": top}
    return {**named, "ok": True, "option": top, "deadline": state.slots.get("days")}


def _on_time(state: DialogueState, top: Mapping[str, Any]) -> bool:
    """The GPU type and count the user fixed are the plan, and it finishes within the deadline they gave."""
    gpu, count, days = state.slots.get("gpu"), state.slots.get("gpu_count"), state.slots.get("days")
    if not (gpu and count and isinstance(days, int | float)) or state.count_limit:
        return False
    took = top.get("days")
    return (
        str(top.get("gpu") or "").startswith(str(gpu))
        and top.get("gpus") == count
        and isinstance(took, int | float)
        and float(took) <= float(days) * 1.0001
    )


def _without_the_gpu(
    state: DialogueState, rec: dict[str, Any], kb: KnowledgeBase, plan: Planner, today: dt.date
) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """The GPU the user named cannot run the job at all (no instance holds it, it does not fit, it
    cannot make the deadline on any count): the plan without it, and why (the engine's exclusion).
    Returns (the result to present, {"gpu", "reason"} or None when the named GPU has a plan)."""
    named = state.slots.get("gpu")
    if rec.get("options") or not named:
        return rec, None
    try:
        alt = run_plan(replace(state, slots={**state.slots, "gpu": None, "gpu_count": None}), kb, plan, today)
    except SizingError:
        return rec, None
    if not alt.get("options"):
        return rec, None
    why = next((e for e in rec.get("excluded") or [] if str(e.get("gpu", "")).startswith(str(named))), None)
    name = str(named).upper()
    return alt, {
        "gpu": name,
        "reason": (why or {}).get("reason"),
        "count": state.slots.get("gpu_count"),
        "days": None,
    }


def _late_on_any_count(
    state: DialogueState, rec: dict[str, Any], kb: KnowledgeBase, plan: Planner, today: dt.date
) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """A GPU the user asks about ("what about 4 T4s?") that misses the deadline on any count it can be
    rented in: the plan on any GPU, and how long theirs would take. Their own GPUs (owned) keep the plan."""
    named, days = state.slots.get("gpu"), state.slots.get("days")
    if not named or state.owned or not _misses(rec, days):
        return rec, None
    try:
        alt = run_plan(replace(state, slots={**state.slots, "gpu": None, "gpu_count": None}), kb, plan, today)
    except SizingError:
        return rec, None
    if not alt.get("options") or _misses(alt, days):
        return rec, None
    top = rec["options"][0]
    gone = {
        "gpu": str(named).upper(),
        "reason": "deadline",
        "count": top.get("gpus"),
        "days": top.get("days"),
    }
    return alt, gone


def _within_the_limit(
    state: DialogueState, rec: dict[str, Any], kb: KnowledgeBase, plan: Planner, today: dt.date
) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """A GPU count said as a ceiling ("如果只能用 16 张卡", "at most 8 GPUs"): never more GPUs than it.
    The plan the job would get without the ceiling stands when it fits under it; otherwise the plan at
    the ceiling (`rec`), and when that misses the deadline the reply says so and what count would
    make it. Returns (the result to present, what to say about the limit or None when none is set)."""
    slots = state.slots
    limit = slots.get("gpu_count")
    if not (state.count_limit and limit):
        return rec, None
    try:
        free = run_plan(replace(state, slots={**slots, "gpu_count": None}), kb, plan, today)
    except SizingError:
        return rec, {"limit": int(limit), "within": False, "late": _misses(rec, slots.get("days"))}
    top = (free.get("options") or [{}])[0]
    if top.get("gpus") and int(top["gpus"]) <= int(limit):
        return free, {"limit": int(limit), "within": True, "late": False}
    late = _misses(rec, slots.get("days"))
    needed = (
        option_view(top, kb.catalog)
        if late and top.get("gpus") and not _misses(free, slots.get("days"))
        else None
    )
    return rec, {"limit": int(limit), "within": False, "late": late, "needed": needed}


def recommend(
    state: DialogueState,
    reply: Reply,
    kb: KnowledgeBase,
    plan: Planner,
    today: dt.date,
    changes: list[SlotChange],
    asked: Mapping[str, Any] | None = None,
    memory_asked: bool = False,
) -> None:
    """`asked`: the values a what-if said; when they change nothing the reply says so first.
    `memory_asked`: the turn asked about memory ("QLoRA 能省多少显存"): the change line says it."""
    if changes:
        named = {c.slot for c in changes}
        state.last_slot = next(iter(named)) if len(named) == 1 else None
    try:
        rec, fired, context = plan_context(state, kb, plan, today, reply.lang)
    except SizingError as exc:
        reply.add("error", code=exc.code, message=exc.message, params=exc.params)
        return
    summary = summarise(rec)
    if summary is not None:
        # On the user's own GPUs (the plan the reply says is theirs): no rental cost to compare.
        summary["owned"] = bool(context.get("owned"))
    before = state.last
    beyond = _beyond_own(state, summary) if summary is not None and before is None else None
    if beyond is not None:
        # "we have 8 H100s, how long on 16?": more than they own, so the plan below rents them all
        reply.add("beyond_own", own=beyond, plan=summary)
    verdict = fit_verdict(state, context, kb.catalog)
    if verdict is not None:
        reply.add("fit_verdict", **verdict)
    if verdict is not None:
        context["unfit_lighter"] = []  # the verdict above lists them
        context["verdict"] = None  # and answers whether they fit: not said twice
    changes = [_from_default(c, before) for c in changes]
    if before and summary and changes and _count_already(changes, before, summary, state):
        # "what about 8 GPUs?" on a plan of 8 that stays: nothing changes, and no "now 8: still 8 ×"
        asked, changes = {**(asked or {}), "gpu_count": changes[0].new}, []
    if before and summary and changes:
        hardware = _hardware_view(state, changes, before, summary, context, kb.catalog)
        reply.add(
            "changes",
            changes=[_change_view(c) for c in changes if hardware is None or c.slot not in HARDWARE_SLOTS],
            hardware=hardware,
            before={"name": before.get("gpu"), **before},
            after=summary,
            over_budget=over_budget(rec),
            deadline=state.slots.get("days") is not None,
            # The deadline the plan misses ("仍是 32 × H100，要 51 天，赶不上 40 天的期限"), else None.
            late_for=_missed_deadline(state.slots.get("days"), summary.get("days")),
            memory=memory_asked and before.get("memory") is not None and summary.get("memory") is not None,
            beyond_own=_beyond_own(state, summary),
            tighter=_tighter_view(rec, changes, before, context, state.slots.get("days"), kb.catalog),
        )
        reply.changes = [{"slot": c.slot, "old": c.old, "new": c.new} for c in changes]
        if (
            hardware is None
            and any(c.slot == "days" for c in changes)
            and (before.get("gpu"), before.get("gpus")) == (summary.get("gpu"), summary.get("gpus"))
        ):
            # A deadline said on the same GPUs: the change line says they make it ("now 60 days: still
            # 64 × H100, which finishes in 28 days"), not a second line after the plan
            context["on_time"] = False
    elif before and summary and asked:
        # "what if 16 GPUs?" on a plan of 16 GPUs: nothing to compare, and no "16 → 16".
        reply.add("no_change", said=dict(asked), after=summary)
    related = context["faq"]
    # A tip or pitfall is shown once per conversation, and again only when a new plan fires it
    # after the previous one did not (the payload lists every fired id each time).
    seen = set(state.shown_tips or [])
    before_fired = set(state.shown_pitfalls or [])
    same = state.shown_pitfalls is not None and before_fired == set(fired)
    context["pitfalls"] = [
        p for p in context["pitfalls"] if not same and (p["id"] not in seen or p["id"] not in before_fired)
    ][:MAX_PITFALLS_SHOWN]
    context["faq"] = [f for f in related if f["id"] not in seen][:1]
    # Advice that does not change the plan is said once per conversation and GPU, like a tip.
    advice = {_advice_key(w) for w in context["warnings"] if w["code"] in ADVICE_ONCE}
    context["warnings"] = [w for w in context["warnings"] if _advice_key(w) not in seen]
    state.shown_pitfalls = list(fired)
    state.shown_tips = sorted(seen | advice | {e["id"] for e in (*context["pitfalls"], *context["faq"])})
    from bot.dialogue.answers import on_demand_scale

    on_demand_scale.answer(state, summary, reply, kb, plan, today)  # 1,536 GPUs: not there on demand
    reply.add("recommendation", **context, cluster_network=state.cluster_network)
    reply.recommendation = rec
    reply.pitfalls = fired
    # Every related entry stays in the payload: the reply quotes one, its billing line the other.
    reply.add_faq(*(f["id"] for f in related))
    top = context["options"][0]
    reply.card = render_json("card", reply.lang, top=top, price_date=context["price_date"])
    reply.action_buttons()
    state.last = summary
    state.pending = None


# Engine warnings that are advice about the plan rather than a problem with it: shown once per
# conversation for a GPU (a what-if on the same GPU does not repeat them); problems (over budget,
# does not fit, a missed deadline) are shown every time.
ADVICE_ONCE = (
    "low_memory_full_finetune", "tokens_below_chinchilla", "qlora_slower", "network_unknown",
    "billing_reserved",
)  # fmt: skip


def _advice_key(w: Mapping[str, Any]) -> str:
    gpu = (w.get("params") or {}).get("gpu") if isinstance(w.get("params"), Mapping) else None
    return f"warning:{w['code']}:{gpu or ''}"


HARDWARE_SLOTS = ("gpu", "gpu_count")


def _tighter_view(
    rec: Mapping[str, Any],
    changes: list[SlotChange],
    before: Mapping[str, Any],
    context: Mapping[str, Any],
    deadline: Any,
    catalog: Catalog,
) -> dict[str, Any] | None:
    """A turn that lowered the deadline, answered with a faster plan than the engine's own (run_plan):
    that plan (`kept`, the cheapest that meets it; `still`: it is the plan before), the deadline, and what
    the faster one costs more (`extra`, in its currency, and `share` of the kept plan's cost; None without
    both prices). None otherwise, and when the plan before was that faster one already (the change line
    says it stays)."""
    tighter = rec.get("tighter")
    if not tighter or not any(c.slot == "days" for c in changes):
        return None
    kept, top = option_view(tighter["kept"], catalog), context["options"][0]
    if (before.get("gpu"), before.get("gpus")) == (top["gpu"], top["gpus"]):
        return None
    kept["still"] = (before.get("gpu"), before.get("gpus")) == (kept["gpu"], kept["gpus"])
    priced = bool(kept["cost"]) and top["cost"] is not None and kept["currency"] == top["currency"]
    if not priced:
        return {"kept": kept, "deadline": deadline, "extra": None, "currency": top["currency"]}
    return {
        "kept": kept,
        "deadline": deadline,
        **cost_difference(float(top["cost"]), float(kept["cost"])),
        "currency": top["currency"],
    }


def cost_difference(mine: float, theirs: float) -> dict[str, Any]:
    """What `mine` costs more than `theirs` as the two are shown: `extra` (sums of 100 and more are shown in
    whole units, fmt_money, so "$440" and "$448" differ by "$8", not "$8.69"; `whole` says so) and its
    `share` of `theirs`."""
    whole = min(mine, theirs) >= 100
    extra = round(mine) - round(theirs) if whole else mine - theirs
    return {"extra": extra, "whole": whole, "share": (mine - theirs) / theirs if theirs else 0.0}


def gpu_name(catalog: Catalog, gpu: Any) -> str:
    """How a GPU the user named is said back: a catalogue board by its name ("NVIDIA GeForce RTX
    4090"), a family as named ("A100": its boards differ, the plan says which one it took)."""
    spec = catalog.gpu_or_none(gpu)
    return spec.name if spec is not None else str(gpu).upper()


def _hardware_view(
    state: DialogueState,
    changes: list[SlotChange],
    before: Mapping[str, Any],
    after: Mapping[str, Any],
    context: Mapping[str, Any],
    catalog: Catalog,
) -> dict[str, Any] | None:
    """The GPU type and count a turn said, as one item of the change line: the GPU by its display
    name, the count asked for, and when the plan uses another count of that GPU, why (it cannot hold
    the job, or cannot make the deadline). None when the turn changed neither."""
    # A GPU or count taken back (an undo) is an ordinary change: "A100 → any GPU".
    said = {c.slot: c for c in changes if c.slot in HARDWARE_SLOTS and c.new is not None}
    if not said:
        return None
    gpu = said["gpu"].new if "gpu" in said else None
    name = gpu_name(catalog, gpu) if gpu else None
    count = said["gpu_count"].new if "gpu_count" in said else None
    why = None
    if gpu and not str(after.get("gpu") or "").startswith(str(gpu)):
        # the GPU named cannot run the job, or cannot make the deadline (their own, or on any count it is
        # rented in: the warning below says how long it would take): planned on another
        late = (context.get("not_runnable") or {}).get("reason") == "deadline"
        why = "late_elsewhere" if context.get("user_plan") or late else "elsewhere"
    elif count is not None and after.get("gpus") != count and not state.count_limit:
        why = "memory" if context.get("unfit") else "deadline" if context.get("user_plan") else None
    # the count before: the one said, else the one the last plan chose ("4 → 16 GPUs", not "now 16")
    old_count = said["gpu_count"].old if "gpu_count" in said else None
    if old_count is None and before.get("gpus") != count:
        old_count = before.get("gpus")
    return {
        "name": name,
        "count": count,
        "old_count": old_count if "gpu_count" in said and not gpu else None,
        "limit": bool(state.count_limit) and count is not None,
        "planned": after.get("gpus"),
        "why": why,
    }


# Slots the plan fills with a default when not said: a first value said changes the default shown.
DEFAULTED_SLOTS = ("precision", "method")


def _count_already(
    changes: list[SlotChange], before: Mapping[str, Any], after: Mapping[str, Any], state: DialogueState
) -> bool:
    """The turn said only a GPU count, the one the plan already used, and the plan stays as it was."""
    if len(changes) != 1 or changes[0].slot != "gpu_count" or state.count_limit:
        return False
    same_plan = (before.get("gpu"), before.get("gpus")) == (after.get("gpu"), after.get("gpus"))
    return same_plan and changes[0].new is not None and changes[0].new == before.get("gpus")


def _from_default(change: SlotChange, before: Mapping[str, Any] | None) -> SlotChange:
    """ "改成 FP8" on a plan that took the default BF16: "BF16（默认）→ FP8", not "新增 FP8"."""
    if change.old is not None or change.slot not in DEFAULTED_SLOTS or not before:
        return change
    assumed = before.get(change.slot)
    if assumed is None or assumed == change.new:
        return change
    return SlotChange(
        change.slot, assumed, change.new, old_slot=f"default_{change.slot}", new_slot=change.slot
    )


def _change_view(change: SlotChange) -> dict[str, Any]:
    return {
        "slot": change.slot,
        "old": change.old,
        "new": change.new,
        "old_slot": change.old_slot or change.slot,
        "new_slot": change.new_slot or change.slot,
    }


def _scenario(kb: KnowledgeBase, slots: Mapping[str, Any], lang: str) -> dict[str, str] | None:
    if slots.get("params") is None:
        return None
    scenario = kb.scenario_for(float(slots["params"]))
    return {"id": scenario.id, "title": pick(scenario.title, lang), "summary": pick(scenario.summary, lang)}


def _software(kb: KnowledgeBase, gpu: str, slots: Mapping[str, Any], lang: str, gpus: Any = 1) -> list[str]:
    try:
        found = kb.software_notes(
            gpu, method=slots.get("method"), precision=slots.get("precision"), gpus=int(gpus or 1)
        )
    except KeyError:  # a GPU id the knowledge base has no record for (an operator's offering)
        return []
    return [pick(n, lang) for n in found]
