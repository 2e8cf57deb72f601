"""plan(): candidate plans per GPU type, ranked into cheapest / balanced / fastest options."""

from __future__ import annotations

from dataclasses import replace

from sizing.assumptions import (
    COST_TIE,
    DEFAULT_TARGET_DAYS,
    FASTEST_COST_CAP,
    SIMILAR_DAYS,
    SMALL_MODEL_PARAMS,
)
from sizing.errors import SizingError
from sizing.evaluate import Evaluator, max_gpus
from sizing.explain import assumption_lines, lines, small_model_tradeoff
from sizing.layout import HEADROOM
from sizing.result import Excluded, Option, SizingResult, SizingWarning
from sizing.screen import batch_screen, network_ok, network_screen, within_batch
from sizing.types import Catalog, GpuSpec, SizingRequest
from sizing.warnings import collect, top_tier
from sizing.workload import Workload, normalise

MAX_OPTIONS = 5
TIGHT_PENALTY = 1.1  # ranking prefers ≥20% free memory: tight plans rank as if 10% dearer
# The "fastest" option is a current datacenter training part: datacenter segment, NVLink/Infinity
# Fabric for multi-GPU training, launched 2020 or later (Ampere/CDNA2 onwards; this leaves out
# T4/V100-era GPUs and PCIe inference cards such as L4/A10). Its other limits: within_batch here,
# FASTEST_COST_CAP and SIMILAR_DAYS in sizing.assumptions.
TRAINING_PART_SINCE = 2020


def resolve_gpus(catalog: Catalog, query: str | None) -> tuple[GpuSpec, ...]:
    if query is None:
        return catalog.gpus
    q = query.strip().lower()
    exact = tuple(g for g in catalog.gpus if g.id == q)
    if exact:
        return exact
    family = tuple(g for g in catalog.gpus if g.id.startswith(q + "-") or g.id.split("-")[0] == q)
    if not family:
        raise SizingError("unknown_gpu", f"unknown GPU '{query}'", {"gpu": query})
    return family


def _budget_usd(req: SizingRequest, catalog: Catalog) -> float | None:
    if req.budget is None:
        return None
    amount = req.budget.amount / catalog.usd_to_cny if req.budget.currency == "CNY" else req.budget.amount
    return amount


BUDGET_MONTH_DAYS = 30.0  # a monthly budget buys 30 days of the cluster


def spend(o: Option, req: SizingRequest) -> float | None:
    """What the budget is compared with, on demand: a total budget with the job's cost; an hourly
    one with the cluster's hourly price; a monthly one with the job's cost when the job ends within
    a month, else with what the cluster costs per 30 days."""
    if o.quote is None:
        return None
    period = req.budget.period if req.budget else "total"
    if period == "hour":
        return o.quote.hourly_usd
    if period == "month" and o.days > BUDGET_MONTH_DAYS:
        return o.quote.hourly_usd * 24.0 * BUDGET_MONTH_DAYS
    return o.quote.on_demand_usd


def _rank_cost(o: Option) -> float:
    usd = o.cost_usd if o.cost_usd is not None else float("inf")
    return usd * (TIGHT_PENALTY if o.fitted.headroom < HEADROOM else 1.0)


def plan(request: SizingRequest, catalog: Catalog) -> SizingResult:
    w = normalise(request)
    types = resolve_gpus(catalog, request.gpu)
    ev = Evaluator(w, catalog, strict_batch=request.gpus is None)
    budget = _budget_usd(request, catalog)
    target = request.days or DEFAULT_TARGET_DAYS
    excluded: list[Excluded] = []
    pool: list[Option] = []
    fastest_possible: list[Option] = []
    forced: Option | None = None
    if request.gpu is not None and request.gpus is not None:
        forced = replace(ev(types[0], request.gpus), label="requested")

    primary: set[tuple[str, int]] = set()  # per GPU type, the count that plan prefers
    for g in types:
        if not ev.ladder(g):
            excluded.append(Excluded(g.id, "shape", "no purchasable instance shape in the catalog"))
            continue
        if request.gpus is not None:
            o = ev(g, request.gpus)
            if o.fits:
                pool.append(o)
                primary.add((g.id, o.gpus))
            elif forced is None:
                excluded.append(
                    Excluded(g.id, "memory", f"does not fit in {g.memory_gb:g} GB on {request.gpus} GPUs")
                )
            if request.gpu is None or forced is None:
                continue
        small = ev.smallest_fitting(g)
        if small is None:
            excluded.append(_too_small(ev, g))
            continue
        if request.gpus is not None and request.gpu is None:
            continue
        meet = ev.meeting(g, small.gpus, target)
        if meet is None:
            biggest = ev.fastest(g)
            fastest_possible.append(biggest)
            if request.days is not None:
                excluded.append(
                    Excluded(g.id, "deadline", f"needs {biggest.days:.1f} days even on {biggest.gpus} GPUs")
                )
                continue
            meet = biggest
        pick = ev.preferred(g, meet, COST_TIE)
        pool.append(pick)
        primary.add((g.id, pick.gpus))
        ladder = ev.ladder(g)
        for step in (1, 2):  # faster variants: further rungs of this GPU's ladder
            idx = ladder.index(pick.gpus) + 2 * step
            if idx < len(ladder):
                faster = ev.offered(g, ladder[idx])
                if faster is not None and faster.fits:
                    pool.append(faster)

    if request.gpu is None:
        priced = [o for o in pool if o.quote is not None]
        for gid in sorted({o.gpu.id for o in pool} - {o.gpu.id for o in priced}):
            if ev.priced(catalog.gpu(gid)):
                excluded.append(
                    Excluded(gid, "shape", f"not sold as {request.gpus} GPUs on one instance or 8-GPU nodes")
                )
            else:
                excluded.append(Excluded(gid, "no_price", "no usable on-demand price in the catalog"))
        pool = priced
    if request.gpus is None:
        pool = batch_screen(pool, w)
    pool, dropped = network_screen(pool)
    excluded.extend(dropped)

    options = _rank(pool, primary, request, budget, w)
    small_first = request.gpu is None and request.gpus is None and w.params < SMALL_MODEL_PARAMS
    if small_first:
        options = _not_top_first(options, pool, primary, request, budget)
    if forced is not None:
        options = [forced] + [o for o in options if (o.gpu.id, o.gpus) != (forced.gpu.id, forced.gpus)]
    if not options and fastest_possible:
        best = min(fastest_possible, key=lambda o: o.days)
        options = [replace(best, label="fastest")]
    options = options[:MAX_OPTIONS]

    warnings, tagged = collect(w, request, catalog, options, fastest_possible, budget, spend)
    if forced is not None:
        warnings.extend(_fewer_is_faster(ev, forced))
    workload = _workload(w, request, budget)
    return SizingResult(
        workload=tuple(workload.items()),
        options=tuple(tagged),
        warnings=tuple(warnings),
        explain=lines(w, tagged[0] if tagged else None)
        + assumption_lines(
            request.days, tagged[0] if tagged else None, request.gpu is None and bool(tagged), small_first
        )
        + small_model_tradeoff(tagged),
        excluded=tuple(sorted(excluded, key=lambda e: e.gpu)),
        currency=request.budget.currency if request.budget else "USD",
    )


def training_part(g: GpuSpec) -> bool:
    return g.segment == "datacenter" and g.scale_up_gbs is not None and g.launch_year >= TRAINING_PART_SINCE


def _fastest(affordable: list[Option], w: Workload) -> Option:
    sensible = [o for o in affordable if training_part(o.gpu) and within_batch(o, w)] or affordable
    quickest = min(o.days for o in sensible)
    similar = [o for o in sensible if o.days <= quickest * SIMILAR_DAYS]
    return min(similar, key=lambda o: (o.gpus, -o.gpu.launch_year, _rank_cost(o), o.gpu.id))


def _fewer_is_faster(ev: Evaluator, forced: Option) -> list[SizingWarning]:
    """A requested count that a smaller count of the same GPU beats on time (its GPUs do not divide
    into the layout that made the smaller count fast)."""
    if not forced.fits:
        return []
    smaller = [ev(forced.gpu, n) for n in ev.ladder(forced.gpu) if n < forced.gpus]
    better = [o for o in smaller if o.fits and o.days < forced.days * 0.9999]
    if not better:
        return []
    best = min(better, key=lambda o: (o.gpus, o.days))
    return [
        SizingWarning(
            "fewer_gpus_faster",
            f"{best.gpus} × {forced.gpu.id} would finish sooner ({best.days:.2f} vs {forced.days:.2f} days) "
            f"than the requested {forced.gpus}: {forced.gpus} GPUs do not split into as fast a layout.",
            (
                ("gpu", forced.gpu.id),
                ("gpus", forced.gpus),
                ("better_gpus", best.gpus),
                ("better_days", round(best.days, 3)),
                ("days", round(forced.days, 3)),
            ),
        )
    ]


def _too_small(ev: Evaluator, g: GpuSpec) -> Excluded:
    """Why no count of this GPU holds the job: memory, or the instance shapes it is sold in."""
    most = ev.ladder(g)[-1]
    if most < max_gpus(g):
        return Excluded(
            g.id, "shape", f"sold as at most {most} GPUs per instance, without multi-node shapes; too small"
        )
    return Excluded(g.id, "memory", f"does not fit even on {most} × {g.memory_gb:g} GB")


def _cheapest(candidates: list[Option]) -> Option:
    """The cheapest; plans within COST_TIE of it count as equally cheap and fewer GPUs win."""
    low = min(_rank_cost(o) for o in candidates)
    close = [o for o in candidates if _rank_cost(o) <= low * (1.0 + COST_TIE)]
    return min(close, key=lambda o: (o.gpus, _rank_cost(o), o.days, o.gpu.id))


def _rank(
    pool: list[Option], primary: set[tuple[str, int]], req: SizingRequest, budget: float | None, w: Workload
) -> list[Option]:
    if not pool:
        return []
    meets = [o for o in pool if req.days is None or o.days <= req.days * 1.0001] or pool
    firsts = [o for o in meets if (o.gpu.id, o.gpus) in primary] or meets
    cheapest = _cheapest(firsts)
    limit = budget if budget is not None else FASTEST_COST_CAP * (cheapest.cost_usd or float("inf"))
    affordable = [o for o in meets if (spend(o, req) or 0.0) <= limit] or [cheapest]
    fastest = _fastest(affordable, w)
    c0, d0 = max(_rank_cost(cheapest), 1e-9), max(fastest.days, 1e-9)
    balanced = min(affordable, key=lambda o: (_rank_cost(o) / c0 + o.days / d0, o.gpus, o.gpu.id))
    ordered = [
        replace(cheapest, label="cheapest"),
        replace(balanced, label="balanced"),
        replace(fastest, label="fastest"),
    ]
    seen: set[tuple[str, int]] = set()
    out: list[Option] = []
    # Alternatives: cheapest first, those whose cluster network is unlisted or short last.
    rest = sorted(meets, key=lambda o: (not network_ok(o), _rank_cost(o)))
    for o in ordered + [replace(o, label="alternative") for o in rest]:
        key = (o.gpu.id, o.gpus)
        if key in seen or (o.label == "alternative" and o.gpu.id in {x.gpu.id for x in out}):
            continue
        seen.add(key)
        out.append(o)
    return out


def _not_top_first(
    options: list[Option],
    pool: list[Option],
    primary: set[tuple[str, int]],
    req: SizingRequest,
    budget: float | None,
) -> list[Option]:
    """A small model's first option: the cheapest non-top-tier plan that fits, meets the deadline
    and the budget (assumptions.SMALL_MODEL_PARAMS); the top-tier plan stays as an alternative."""
    if not options or not top_tier(options[0].gpu):
        return options
    ok = [
        o
        for o in pool
        if (o.gpu.id, o.gpus) in primary
        and not top_tier(o.gpu)
        and o.fits
        and (req.days is None or o.days <= req.days * 1.0001)
        and (budget is None or (spend(o, req) or 0.0) <= budget)
    ]
    # ...preferring GPUs that run the requested precision (a V100 runs BF16 work as FP16 with loss
    # scaling: a compromise, not a recommendation).
    ok = [o for o in ok if o.throughput.precision == req.precision] or ok
    if not ok:
        return options
    first = replace(_cheapest(ok), label="recommended")
    rest = [o for o in options if (o.gpu.id, o.gpus) != (first.gpu.id, first.gpus)]
    # The trade-off stays visible: the cheapest top-tier plan, when it undercuts the recommended
    # one, is listed second and labelled so.
    cheaper = [o for o in rest if top_tier(o.gpu) and _rank_cost(o) < _rank_cost(first)]
    if cheaper:
        low = min(cheaper, key=_rank_cost)
        rest = [replace(low, label="cheapest_top_tier")] + [o for o in rest if o is not low]
    return [first] + rest


def _workload(w: Workload, req: SizingRequest, budget: float | None) -> dict[str, object]:
    a = w.arch
    return {
        "params": w.params,
        "params_exact": a.params_exact,
        "architecture": {
            "layers": a.layers,
            "hidden": a.hidden,
            "heads": a.heads,
            "kv_heads": a.kv_heads,
            "ffn": a.ffn,
            "vocab": a.vocab,
            "tied_embeddings": a.tied_embeddings,
        },
        "method": w.method,
        "precision": w.precision,
        "optimizer": w.optimizer,
        "optimizer_bytes_per_param": 16,
        "tokens": w.tokens,
        "tokens_source": w.tokens_source,
        "data_bytes": w.data_bytes,
        "bytes_per_token": w.bytes_per_token,
        "data_language": req.data_language,
        "seq_len": w.seq_len,
        "seq_len_default": w.seq_len_default,
        "micro_batch": w.micro_batch,
        "global_batch_tokens": w.global_batch_tokens,
        "trainable_params": w.trainable_params,
        "lora_rank": w.lora_rank,
        "days": req.days,
        "target_days": req.days or DEFAULT_TARGET_DAYS,
        "budget": None
        if req.budget is None
        else {
            "amount": req.budget.amount,
            "currency": req.budget.currency,
            "period": req.budget.period,
            "usd": round(budget or 0.0, 2),
        },
        "gpu": req.gpu,
        "gpus": req.gpus,
        "gb_unit": "1e9 bytes",
    }
