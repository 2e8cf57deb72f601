"""'RTX 4090 vs A100 for LoRA on 7B?': a comparison that carries a workload is answered by sizing
that workload on each named GPU (the conversation's deadline if it has one, else none) and
showing time, memory fit and cost side by side. The named GPUs are not chosen: the working
slots keep everything else the user said, and the GPU stays open."""

from __future__ import annotations

import copy
import datetime as dt
from collections.abc import Mapping
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

from bot.dialogue.answers import own_or_rent, worth
from bot.dialogue.answers.base import smallest_rung
from bot.dialogue.answers.prices import per_gpu_hour, quote
from bot.dialogue.hardware import china_prices_apply, main_variant
from bot.dialogue.memo import Planner
from bot.dialogue.plan import build_request, default_method
from bot.dialogue.reply import Reply
from bot.dialogue.state import DialogueState, merge_slots, public_slots
from bot.dialogue.timeline import count_samples
from bot.dialogue.understand import Understood
from bot.nlu.counts import counts_by_gpu
from bot.nlu.lexicon import has_cue
from bot.nlu.question_cues import REPLACE_ASKS, REPLACED_BY
from bot.nlu.text import normalise
from bot.render.formats import fmt_duration
from bot.render.views import option_view
from sizing.errors import SizingError
from sizing.evaluate import COUNT_LADDER, max_gpus, purchasable_counts
from sizing.layout import HEADROOM

if TYPE_CHECKING:
    from knowledge import KnowledgeBase
    from sizing.result import Excluded
    from sizing.types import GpuSpec, SizingRequest

# Plans whose costs are within this ratio cost "about the same": then the faster one is the pick.
SAME_COST = 1.10
# Plans whose time (or GPU-hours) is within this ratio are "about as fast": neither is called faster.
SAME_SPEED = 1.05
# Naming a GPU in a comparison is not choosing it.
NOT_CHOSEN = ("gpu", "gpu_count")
COMPARE_INTENTS = ("size", "gpu_compare", "whatif", "faq")


def compares_workload(u: Understood) -> bool:
    """Two or more GPUs named together with a model size in the same message. A bare "A100 vs
    H100" after a plan stays a datasheet comparison (the user asked about the hardware)."""
    return u.intent in COMPARE_INTENTS and len(set(u.gpus)) >= 2 and u.said.get("params") is not None


def asks_why_gpu(text: str, u: Understood) -> bool:
    """ "为什么不用 H100？", "為什麼選這張卡？", "why that GPU?": why the plan runs on its GPU, with at most
    one other GPU named and nothing else said."""
    from bot.nlu.lexicon import has_cue
    from bot.nlu.question_cues import THIS_GPU, WHY_WORDS
    from bot.nlu.text import normalise

    t = normalise(text).lower
    if len(set(u.gpus)) > 1 or set(u.said) - set(NOT_CHOSEN) or not has_cue(t, WHY_WORDS):
        return False
    return bool(u.gpus) or has_cue(t, THIS_GPU)


# Before any plan, a why about a GPU is about a choice only when it points at one ("why that GPU?", "why did
# you pick the H100?") or is the bare question ("why the B200?", "为什么是 H100？"): longer ones ask about the
# GPU itself ("why is the H100 so expensive?"). The rhetorical "isn't the H100 cheaper?" weighs a plan's.
WHY_ALONE = 22


def asks_why_before_plan(text: str, u: Understood) -> bool:
    """ "why that GPU?", "why the B200?", "为什么选这张卡？" with no plan to explain (asks_why_gpu, and it
    points at a choice)."""
    from bot.nlu.lexicon import has_cue
    from bot.nlu.question_cues import PLAIN_WHY, POINTED_CHOICE

    t = normalise(text).lower
    if not asks_why_gpu(text, u) or not has_cue(t, PLAIN_WHY):
        return False
    return has_cue(t, POINTED_CHOICE) or len(t.strip(" ?？!！。.")) <= WHY_ALONE


def why_no_plan(state: DialogueState, u: Understood, reply: Reply, kb: KnowledgeBase) -> bool:
    """No plan has chosen a GPU yet: what decides the choice when one does (memory, the deadline, the total
    cost), and after a serving answer what decided its GPU (True: it was a serving answer's)."""
    from bot.dialogue import policy

    card = main_variant(kb.catalog, u.gpus[0]) if u.gpus else None
    topic = state.topic if isinstance(state.topic, dict) else {}
    serving = topic.get("kind") in policy.SERVING_TOPICS
    reply.add("why_gpu_no_plan", gpu_name=card.name if card is not None else None, serving=serving)
    return serving


def why_on_plan(
    state: DialogueState,
    u: Understood,
    reply: Reply,
    kb: KnowledgeBase,
    plan: Planner,
    today: dt.date,
) -> bool:
    """Why the plan shown runs on its GPU: the job sized on that GPU beside the one the user named, or
    beside the GPUs of the alternatives shown when none is named. False when there is no other GPU."""
    from bot.dialogue.recommend import plan_options, shown_options

    options = plan_options(state, kb, plan, today)
    if not options:
        return False
    top = str(options[0]["gpu"])
    named = [g for g in u.gpus if (s := main_variant(kb.catalog, g)) is not None and s.id != top]
    shown = [str(o["gpu"]) for o in shown_options(options, state.slots.get("days"))[1:]]
    others = named or [g for g in dict.fromkeys(shown) if g != top]
    if not others:
        return False
    return compare_on_gpus(state, replace(u, gpus=(top, *others), said={}), reply, kb, plan, today, why=top)


def compare_on_gpus(
    state: DialogueState,
    u: Understood,
    reply: Reply,
    kb: KnowledgeBase,
    plan: Planner,
    today: dt.date,
    text: str = "",
    why: str | None = None,
) -> bool:
    """Size the workload on each named GPU and add the side-by-side reply; False if under two
    GPUs resolve to catalog entries (the caller then answers as before)."""
    if state.owned and u.said.get("gpu") and u.said.get("gpu_count"):
        # "We have 4 A100s … or should we rent H100s?": their own GPUs beside the rented ones
        held = copy.deepcopy(state)
        merge_slots(held, u.said)
        if own_or_rent.answer_said(held, u, reply, kb, plan, today, normalise(text).lower):
            merge_slots(state, u.said)
            state.last = held.last
            return True
    # A family name is the part it means ("A100" the A100 80GB SXM, "H100" the H100 SXM), as in the
    # datasheet comparison: not every board of the family with its own odd plan.
    named = [(s, name) for name in dict.fromkeys(u.gpus) if (s := main_variant(kb.catalog, name)) is not None]
    specs = list(dict.fromkeys(s for s, _ in named))
    if len({s.id for s in specs}) < 2:
        return False
    # "1 H100 or 2 A100": each GPU as counted; a GPU named without a count gets the engine's count.
    said_counts = counts_by_gpu(text)
    counted = {s.id: said_counts[name] for s, name in named if name in said_counts}
    # "1 万条数据，每条 500 token": a count and a length are the tokens, as in planning; a count alone waits
    # in the state for its length (asked below), so the reply "每条 500 token" completes it.
    merge_slots(state, count_samples(state, u, {k: v for k, v in u.said.items() if k not in NOT_CHOSEN}))

    def on_counts(counted: dict[str, int]) -> list[dict[str, Any]]:
        rows: list[dict[str, Any]] = []
        for spec in specs:
            slots = {**state.slots, "gpu": spec.id, "gpu_count": counted.get(spec.id)}
            try:
                result = plan(build_request(replace(state, slots=slots), kb.catalog, today), kb.catalog)
            except SizingError as exc:
                rows.append({"gpu": spec.id, "name": spec.name, "error": exc.message})
                continue
            cn = False
            if result.options and not _priced(result) and china_prices_apply(spec.id, reply.lang, u.region):
                # A800, H20 (and in Chinese, the RTX 4090): no global cloud rents it; the public Chinese
                # marketplaces do, as the price answer quotes them (never "no usable price" beside a ¥
                # listing)
                local_catalog = kb.china_plan_catalog
                try:
                    local = plan(
                        build_request(replace(state, slots=slots), local_catalog, today), local_catalog
                    )
                except SizingError:
                    local = None
                if local is not None and local.options and _priced(local):
                    result, cn = local, True
            if result.options:
                engine = result.options[0].to_dict(result.currency)
                row = option_view(engine, kb.catalog)
                row["cn_market"] = cn
                if cn:  # what the marketplace lists, in its yuan
                    cost = engine.get("cost")
                    row["cost_cny"] = cost.get("cost_cny") if isinstance(cost, dict) else None
                # The figures that decide it: compute, and what a GPU-hour of this plan costs.
                row["bf16"] = spec.tflops.bf16 or spec.tflops.fp16
                row["bf16_is_fp16"] = not spec.tflops.bf16
                row["per_gpu_hour"] = _list_price(kb, row)
                # What the driver reports, in GB: a need above the datasheet's round "80 GB" may still fit.
                row["gpu_usable_gb"] = spec.capacity_gb
                headroom = result.options[0].fitted.headroom
                row["tight"] = row.get("fits") and headroom < HEADROOM  # the engine's memory_tight line
                # The engine's speed per GPU (tokens/s, MFU): what decides "which is faster" with no data.
                row["tokens_per_gpu_s"] = engine.get("tokens_per_gpu_s")
                row["mfu"] = engine.get("mfu")
                if cn:  # the marketplace's own list price per GPU-hour, in its yuan
                    row["per_gpu_hour_cny"] = _china_list_price(kb, row)
                elif not row.get("cost") and china_prices_apply(spec.id, reply.lang, u.region):
                    # "A800 跟 H100 训练 70B 哪个省钱" on 32 A800s: the marketplaces rent single machines,
                    # so no plan of that size has a price; their list price per GPU-hour still estimates it.
                    listed = quote(kb, spec, cn=True)
                    if listed is not None and listed["market"] == "cn" and listed["currency"] == "CNY":
                        row["listed_cny"] = listed["per_gpu_hour"]
                        row["estimate_cny"] = listed["per_gpu_hour"] * float(row["gpu_hours"] or 0.0)
                        row["estimate_usd"] = row["estimate_cny"] / kb.catalog.usd_to_cny
                rows.append(row)
            else:
                rows.append(_no_plan_row(state, spec, kb, plan, today, result.excluded))
        return rows

    rows = on_counts(counted)
    basis = None
    if _replaces(text, specs, rows) is not None and not counted:
        # "L40S 能不能取代 A100 做 13B LoRA": like with like, each at the same count, the fewest at which
        # both hold the job (and meet the deadline, if one is said), not 1 L40S against the engine's
        # 8-GPU A100 instance; failing that, with a deadline, each at the count that meets it.
        deadline = state.slots.get("days")
        for n in sorted({int(r["gpus"]) for r in rows if r.get("fits") and r.get("gpus")}):
            same = on_counts({sp.id: n for sp in specs})
            if all(r.get("fits") and (deadline is None or (r.get("days") or 0.0) <= deadline) for r in same):
                rows, basis = same, {"kind": "count", "gpus": n}
                break
        else:
            basis = {"kind": "deadline"} if deadline is not None else None
    fitting = [r for r in rows if r.get("fits")]
    instead = _instead(rows, {s.id for s in specs}) if rows and not fitting else None
    public = public_slots(state)
    # "h100 vs h200 for training a 70b" (pre-training, no data): per GPU too, by speed when that is asked
    per_unit = _pretrains_on_default_data(public, counted) and not _speed_only(public, text, why, fitting)
    if _no_data(public, why, fitting, budget_ok=True) and (_cost_weighed(text) or per_unit):
        # "H20 和 A800 训练 32B 哪个划算" with no data: a total on the engine's default data means nothing;
        # what a billion tokens costs on each (its price per GPU-hour over its speed) decides it. Counts
        # said ("4 张 4090 跟 1 张 A100") are the setups compared; a budget says the tokens it buys on each.
        _unit_costs(kb, fitting)
        spend = _budget_usd(kb, public.get("budget"))
        for r in fitting:
            r["budget_tokens"] = (
                spend / r["per_billion"] * UNIT_TOKENS if spend and r.get("per_billion") else None
            )
            if r.get("currency") == "CNY":  # a budget in yuan plans in yuan: the USD figures shown in it
                rate = kb.catalog.usd_to_cny
                r["per_billion"] = r["per_billion"] * rate if r.get("per_billion") else None
                r["per_gpu_hour"] = r["per_gpu_hour"] * rate if r.get("per_gpu_hour") else None
                r["per_billion_cny"] = None
        priced = [r for r in fitting if r.get("per_billion")]
        view = _speed_view(rows, fitting, public, state, u)
        pick = _unit_pick(priced, view["fastest"]) if len(priced) == len(fitting) else None
        reply.add(
            "workload_speed",
            **view,
            cost_asked=True,
            pick=pick,
            unpriced=[r["name"] for r in fitting if not r.get("per_billion")],
            worth=(pick is not None and pick["gpu"] == specs[0].id) if worth.asks(text) else None,
            budget=public.get("budget") if spend else None,
        )
        return True
    if not counted and _speed_only(public, text, why, fitting):
        # "H20 和 A800 训练 32B 哪个快" with no data: the speed per GPU decides it; days and totals would be
        # the engine's default data (thousands of days), so none are shown.
        reply.add("workload_speed", **_speed_view(rows, fitting, public, state, u))
        return True
    # Plans on different counts (1 H100 against a whole 8-GPU A100 instance): the faster GPU is the
    # one that needs fewer GPU-hours, said as "per GPU"; the rows keep each plan's own time and cost.
    # Counts the user gave for every GPU ("1 H100 or 2 A100") are the setups compared: as they run.
    per_gpu = len({r["gpus"] for r in fitting}) > 1 and len(counted) < len(specs)
    speed = "gpu_hours" if per_gpu else "days"
    fastest = min(fitting, key=lambda r: r[speed] or float("inf"), default=None)
    # A800 against A100 (same compute, a slower link): a few percent apart is not "faster".
    same_speed = (
        fastest is not None
        and len(fitting) > 1
        and all((r[speed] or 0.0) <= (fastest[speed] or 0.0) * SAME_SPEED for r in fitting)
    )
    cheapest = min((r for r in fitting if r.get("cost")), key=lambda r: r["cost"], default=None)
    all_priced = all(r.get("cost") for r in fitting)  # "the cheapest" only among GPUs with a price
    pick = _pick(fastest, cheapest, all_priced, fitting, speed)
    asked = specs[0].id  # "is the H200 worth it over the H100": the first GPU named is the one weighed
    reply.add(
        "workload_compare",
        budget=_budget_view(state.slots.get("budget"), fitting),
        rows=rows,
        slots=public_slots(state),
        sample_word=u.sample_word or "条",
        samples=_samples_unmeasured(state, u),
        instead=instead,
        per_gpu=per_gpu,
        fastest=fastest,
        same_speed=same_speed,
        cheapest=cheapest,
        all_priced=all_priced,
        pick=pick,
        worth=(pick is not None and pick["gpu"] == asked) if worth.asks(text) else None,
        replaces=_replaces(text, specs, rows),
        basis=basis,
        why=why,
    )
    return True


def _replaces(text: str, specs: list[Any], rows: list[dict[str, Any]]) -> dict[str, Any] | None:
    """ "L40S 能不能取代 A100 做 13B 的 LoRA": whether the replacing GPU holds the job, said before the
    comparison; None unless a replacement is asked of two GPUs."""
    t = normalise(text).lower
    if len(specs) != 2 or not has_cue(t, REPLACE_ASKS):
        return None
    spec = specs[1 if REPLACED_BY.search(t) else 0]
    row = next((r for r in rows if r.get("gpu") == spec.id), None)
    if row is None or row.get("error"):
        # no plan of the job on it at all (no count of it in one machine holds it): it does not replace
        return {"name": spec.name, "fits": False, "row": None}
    if row.get("no_plan"):
        # held on no count: its own row below says why; the verdict shows the memory when it was measured
        return {"name": row["name"], "fits": False, "row": row if row.get("memory_per_gpu_gb") else None}
    return {"name": row["name"], "fits": bool(row.get("fits")), "row": row}


# The adapters tried, lightest change first, where the method asked fits on no count of a GPU.
LIGHTER = ("lora", "qlora")


def _no_plan_row(
    state: DialogueState,
    spec: GpuSpec,
    kb: KnowledgeBase,
    plan: Planner,
    today: dt.date,
    excluded: tuple[Excluded, ...],
) -> dict[str, Any]:
    """A GPU on which the engine plans the job on no count ("can a 4090 full fine-tune 13B?"): why not (the
    memory per GPU sharded over the most of them the engine plans, against the card's, and the whole model
    state), the lightest adapter that fits on the fewest of them, and the engine's larger GPUs for the method
    asked (kept for `_instead`)."""
    # What stops the count (the engine's reason): one 8-GPU box of a consumer card, the largest count the
    # catalogue's listings rent exactly ("shape"), or the global batch, one sequence per GPU ("batch").
    reason = next((e.reason for e in excluded if e.gpu == spec.id), None)
    offers = tuple(o for o in kb.catalog.offerings if o.gpu_id == spec.id)
    most = (purchasable_counts(offers, max_gpus(spec)) or (1,))[-1]
    if reason == "batch":
        most = _batch_limit(state, spec, kb, plan, today, most)
    limit = "box" if spec.segment != "datacenter" else reason if reason in ("shape", "batch") else "engine"
    row: dict[str, Any] = {
        "gpu": spec.id,
        "name": spec.name,
        "no_plan": True,
        "fits": False,
        "most": most,
        "limit": limit,
        "gpu_memory_gb": spec.memory_gb,
        "lighter": None,
        "larger": [],
    }
    try:
        forced = plan(_request_on(state, kb, spec, most, None, today), kb.catalog)
    except SizingError:
        forced = None
    verdict = forced.feasibility if forced is not None else None
    if verdict is not None and not verdict.fits:
        row["memory_per_gpu_gb"] = verdict.memory_per_gpu_gb
        row["state_gb"] = verdict.model_states_gb
        data = bool(state.slots.get("tokens") or state.slots.get("data_bytes"))
        row["larger"] = [
            {
                "gpu": o.gpu,
                "name": larger.name,
                "gpus": o.gpus,
                "method": o.method,
                "per_gpu_gb": o.memory_per_gpu_gb,
                "gpu_memory_gb": larger.memory_gb,
                "days": o.days if data else None,
                "cost": o.cost_usd if data else None,
            }
            for o in verdict.options
            if o.kind == "larger_gpu" and (larger := kb.catalog.gpu_or_none(o.gpu)) is not None
        ]
    if state.slots.get("method") not in LIGHTER:
        row["lighter"] = _lighter(state, spec, kb, plan, today, most)
    return row


def _batch_limit(
    state: DialogueState, spec: GpuSpec, kb: KnowledgeBase, plan: Planner, today: dt.date, most: int
) -> int:
    """The most of these GPUs the job's global batch keeps busy (one sequence per GPU): the largest count
    whose plan does not grow the batch (the engine's batch_grown warning), bisected up to `most`."""
    rungs = [n for n in COUNT_LADDER if n <= most]
    found, low, high = rungs[0], 0, len(rungs) - 1
    while low <= high:
        mid = (low + high) // 2
        try:
            result = plan(_request_on(state, kb, spec, rungs[mid], None, today), kb.catalog)
        except SizingError:
            high = mid - 1
            continue
        if any(w.code == "batch_grown" for w in result.warnings):
            high = mid - 1
        else:
            found, low = rungs[mid], mid + 1
    return found


def _request_on(
    state: DialogueState, kb: KnowledgeBase, spec: GpuSpec, count: int, method: str | None, today: dt.date
) -> SizingRequest:
    """The job held, on exactly `count` × `spec` (and `method` when given)."""
    slots = {**state.slots, "gpu": spec.id, "gpu_count": count}
    if method is not None:
        slots["method"] = method
    return build_request(replace(state, slots=slots), kb.catalog, today)


def _lighter(
    state: DialogueState, spec: GpuSpec, kb: KnowledgeBase, plan: Planner, today: dt.date, most: int
) -> dict[str, Any] | None:
    """The lightest adapter (LIGHTER, in order) that fits the fewest of these GPUs, with its memory and,
    with the data said, its time and cost; None when none fits (each method's ladder bisected:
    base.smallest_rung)."""
    data = bool(state.slots.get("tokens") or state.slots.get("data_bytes"))
    rungs = [n for n in COUNT_LADDER if n <= most]
    for method in LIGHTER:
        found = smallest_rung(rungs, partial(_fitting_plan, state, spec, kb, plan, today, method=method))
        if found is not None:
            count, shown = found
            return {
                "method": method,
                "gpus": count,
                "per_gpu_gb": shown.get("memory_per_gpu_gb"),
                "days": shown.get("days") if data else None,
                "cost": shown.get("cost") if data else None,
                "currency": shown.get("currency"),
            }
    return None


def _fitting_plan(
    state: DialogueState,
    spec: GpuSpec,
    kb: KnowledgeBase,
    plan: Planner,
    today: dt.date,
    count: int,
    method: str,
) -> dict[str, Any] | None:
    """The plan of `method` on exactly `count` × `spec` as a reply row, or None when it does not fit."""
    try:
        result = plan(_request_on(state, kb, spec, count, method, today), kb.catalog)
    except SizingError:
        return None
    if not result.options or not result.options[0].fits:
        return None
    return option_view(result.options[0].to_dict(result.currency), kb.catalog)


def _instead(rows: list[dict[str, Any]], named: set[str]) -> dict[str, Any] | None:
    """Where no GPU named fits the method asked: the GPU with the least memory among the engine's larger
    GPUs that fit it (its count, memory per GPU and, with the data said, time and cost)."""
    options = [o for r in rows for o in r.get("larger") or () if o["gpu"] not in named]
    return min(options, key=lambda o: (o["gpu_memory_gb"], o["gpus"])) if options else None


def _speed_view(
    rows: list[dict[str, Any]],
    fitting: list[dict[str, Any]],
    public: dict[str, Any],
    state: DialogueState,
    u: Understood,
) -> dict[str, Any]:
    """The workload_speed reply's rows and speed verdict (fastest, slowest, their ratio), shared by the
    speed answer and the cost-per-billion-tokens answer."""
    quickest = max(fitting, key=lambda r: float(r["tokens_per_gpu_s"]))
    slowest = min(fitting, key=lambda r: float(r["tokens_per_gpu_s"]))
    ratio = float(quickest["tokens_per_gpu_s"]) / float(slowest["tokens_per_gpu_s"])
    return {
        "rows": sorted(rows, key=lambda r: -float(r.get("tokens_per_gpu_s") or 0.0)),
        "slots": public,
        "sample_word": u.sample_word or "条",
        "samples": _samples_unmeasured(state, u),
        "fastest": quickest,
        "slowest": slowest,
        "ratio": ratio,
        "same_speed": ratio <= SAME_SPEED,
        # "A100 跟 H100 比，訓練 13B 哪個快": no method said; the rows are the default one's, said as such
        "assumed_method": default_method(state.slots) if state.slots.get("method") is None else None,
    }


def _samples_unmeasured(state: DialogueState, u: Understood) -> float | None:
    """ "1 万条数据" with no length per sample (timeline holds the count until one comes): the count, so the
    reply asks the length, as planning does, instead of leaving the default data unexplained."""
    if state.slots.get("tokens") is not None or state.slots.get("data_bytes") is not None:
        return None
    samples = u.samples or state.samples
    return float(samples) if isinstance(samples, int | float) and samples > 0 else None


def _no_data(
    slots: dict[str, Any], why: str | None, fitting: list[dict[str, Any]], budget_ok: bool = False
) -> bool:
    """A comparison of GPUs for a job with no data, no budget (unless `budget_ok`: what it buys per GPU)
    and no plan to explain, where every fitting plan has the engine's speed per GPU: totals would be the
    engine's default data, so per GPU it is."""
    if why is not None or slots.get("tokens") or slots.get("data_bytes"):
        return False
    if slots.get("budget") and not (budget_ok and _budget_usd(None, slots["budget"]) is not None):
        return False
    if len(fitting) < 2 or not all(isinstance(r.get("tokens_per_gpu_s"), int | float) for r in fitting):
        return False
    return all(float(r["tokens_per_gpu_s"]) > 0 for r in fitting)


def _pretrains_on_default_data(slots: dict[str, Any], counted: dict[str, int]) -> bool:
    """ "h100 vs h200 for training a 70b": pre-training (said, or assumed with no data) with no data, no
    deadline and no counts said. Its plans would be the engine's default pre-training data, hundreds of
    GPUs for weeks that nobody asked about; the work per GPU-hour, the memory and what a billion tokens
    costs compare the GPUs instead (a fine-tune's default data is small, and its side-by-side plans stay)."""
    if counted or slots.get("days") is not None:
        return False
    return slots.get("method") in (None, "pretrain")


def _cost_weighed(text: str) -> bool:
    """ "哪个划算", "哪個比較省錢", "which is cheaper", "is the H100 worth it over the A100"."""
    from bot.nlu.lexicon import has_cue
    from bot.nlu.question_cues import COST_WEIGHED

    return worth.asks(text) or has_cue(normalise(text).lower, COST_WEIGHED)


def _speed_only(slots: dict[str, Any], text: str, why: str | None, fitting: list[dict[str, Any]]) -> bool:
    """Which GPU is faster for a job, asked with no data and no cost weighed ("H20 和 A800 训练 32B 哪个
    快"): answered per GPU. A comparison that asks nothing of speed keeps the side-by-side plans."""
    from bot.nlu.lexicon import has_cue
    from bot.nlu.question_cues import SPEED_ASKED

    if not _no_data(slots, why, fitting):
        return False
    return has_cue(normalise(text).lower, SPEED_ASKED) and not _cost_weighed(text)


# The unit of work a cost with no data is quoted per: a billion tokens trained.
UNIT_TOKENS = 1e9


def _budget_usd(kb: KnowledgeBase | None, budget: Any) -> float | None:
    """A total budget said ("预算 5000 美元"), in USD (None: none, or a rate per hour or month)."""
    if (
        not isinstance(budget, dict)
        or (budget.get("period") or "total") != "total"
        or not budget.get("amount")
    ):
        return None
    amount = float(budget["amount"])
    if budget.get("currency") == "CNY":
        return amount / kb.catalog.usd_to_cny if kb is not None else amount
    return amount


def _unit_costs(kb: KnowledgeBase, rows: list[dict[str, Any]]) -> None:
    """What a billion tokens trained costs on each plan's GPU: its price per GPU-hour over the engine's
    tokens per second per GPU (USD as "per_billion"; a mainland listing's yuan as "per_billion_cny")."""
    for r in rows:
        hours = UNIT_TOKENS / (float(r["tokens_per_gpu_s"]) * 3600)
        usd, cny = r.get("per_gpu_hour"), r.get("per_gpu_hour_cny")
        if not usd and cny:
            usd = float(cny) / kb.catalog.usd_to_cny
        r["per_billion"] = float(usd) * hours if usd else None
        r["per_billion_cny"] = float(cny) * hours if cny else None


def _unit_pick(priced: list[dict[str, Any]], quickest: dict[str, Any]) -> dict[str, Any] | None:
    """The GPU to take on cost per billion tokens: the cheapest, unless the fastest costs about the same
    (SAME_COST); `why` as _pick's ("both", "same_cost", "cheaper")."""
    if len(priced) < 2:
        return None
    cheapest = min(priced, key=lambda r: float(r["per_billion"]))
    dearest = max(priced, key=lambda r: float(r["per_billion"]))
    if cheapest is quickest:
        return {
            **cheapest,
            "why": "both",
            "other": dearest,
            "saving": 1 - cheapest["per_billion"] / dearest["per_billion"],
        }
    if quickest["per_billion"] <= cheapest["per_billion"] * SAME_COST:
        return {**quickest, "why": "same_cost", "other": cheapest}
    return {
        **cheapest,
        "why": "cheaper",
        "other": quickest,
        "saving": 1 - cheapest["per_billion"] / quickest["per_billion"],
    }


def _priced(result: Any) -> bool:
    """Whether a plan's first option has a cost (the engine returns a cost record with no amount when no
    offering prices the GPU)."""
    cost = result.options[0].to_dict(result.currency).get("cost")
    return isinstance(cost, dict) and cost.get("amount") is not None


def _budget_view(budget: Any, fitting: list[dict[str, Any]]) -> dict[str, Any] | None:
    """A total budget held ("预算 5000 美元"), and the GPUs whose plan costs more: none of them may fit it."""
    if not isinstance(budget, dict) or budget.get("period", "total") != "total" or not budget.get("amount"):
        return None
    amount, currency = float(budget["amount"]), budget.get("currency")
    priced = [r for r in fitting if r.get("cost") and r.get("currency") == currency]
    over = [r["name"] for r in priced if float(r["cost"]) > amount * 1.0001]
    return {
        "amount": amount,
        "currency": currency,
        "over": over,
        "none_fits": bool(priced) and len(over) == len(priced),
    }


def _list_price(kb: KnowledgeBase, row: dict[str, Any]) -> float | None:
    """The on-demand list price per GPU-hour of the instance a plan rents (None: not priced)."""
    for o in kb.catalog.offerings:
        if o.cloud == row.get("cloud") and o.instance_type == row.get("instance") and o.price_usd_per_hour:
            return per_gpu_hour(o)
    return None


def _china_list_price(kb: KnowledgeBase, row: dict[str, Any]) -> float | None:
    """The mainland marketplace's list price per GPU-hour, in CNY, of the listing a plan rents."""
    for o in kb.china_plan_catalog.offerings:
        if o.cloud == row.get("cloud") and o.instance_type == row.get("instance") and o.price_usd_per_hour:
            return per_gpu_hour(o) * kb.catalog.usd_to_cny
    return None


def _pick(
    fastest: dict[str, Any] | None,
    cheapest: dict[str, Any] | None,
    all_priced: bool,
    fitting: list[dict[str, Any]],
    speed: str = "days",
) -> dict[str, Any] | None:
    """The plan to take: the cheaper one, unless the faster one costs about the same (SAME_COST);
    `why` says which ("both", "same_cost", "cheaper"; "fastest_unpriced" where some fitting plan has no
    price, so cost cannot be weighed). None when nothing fits. A cheaper pick whose time (`speed`) is
    within SAME_SPEED of the fastest, or shows as the same, is `as_fast`: never "the other is faster"."""
    if fastest is None:
        return None
    if cheapest is None or not all_priced:
        return {
            **fastest,
            "why": "fastest_unpriced",
            "unpriced": [r["name"] for r in fitting if not r.get("cost")],
        }
    if fastest is cheapest:
        return {**fastest, "why": "both"}
    if fastest.get("cost") and fastest["cost"] <= cheapest["cost"] * SAME_COST:
        return {**fastest, "why": "same_cost", "other": cheapest}
    return {
        **cheapest,
        "why": "cheaper",
        "other": fastest,
        "saving": 1 - cheapest["cost"] / fastest["cost"],
        "as_fast": as_fast(cheapest, fastest, speed),
    }


def as_fast(row: Mapping[str, Any], fastest: Mapping[str, Any], speed: str = "days") -> bool:
    """`row` takes about as long as `fastest`: within SAME_SPEED, or the same time once rounded as shown
    ("约 4.6 小时对约 4.6 小时")."""
    mine, best = row.get(speed), fastest.get(speed)
    if not mine or not best:
        return False
    if float(mine) <= float(best) * SAME_SPEED:
        return True
    return speed == "days" and fmt_duration(mine, "en") == fmt_duration(best, "en")
