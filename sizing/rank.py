"""Ranking plans into the options shown: cheapest / balanced / fastest, the small-model rule,
and what a budget is compared with."""

from __future__ import annotations

import math

from sizing.assumptions import (
    COST_TIE,
    DAYS_PER_MONTH,
    FASTEST_COST_CAP,
    HOURS_PER_MONTH,
    SIMILAR_DAYS,
    SMALL_JOB_COST_PREMIUM,
    SMALL_JOB_MEMORY_SHARE,
)
from sizing.evaluate import cheapest_of, rank_cost
from sizing.layout import HEADROOM
from sizing.result import Option
from sizing.screen import network_ok, within_batch
from sizing.types import GpuSpec, SizingRequest
from sizing.warnings import top_tier
from sizing.workload import Workload

# The "fastest" option is a current datacenter training part: datacenter segment, NVLink/Infinity
# Fabric for multi-GPU training, launched 2020 or later (Ampere/CDNA2 onwards; this leaves out
# T4/V100-era GPUs and PCIe inference cards such as L4/A10). Its other limits: within_batch here,
# FASTEST_COST_CAP and SIMILAR_DAYS in sizing.assumptions.
TRAINING_PART_SINCE = 2020


def spend(o: Option, req: SizingRequest) -> float | None:
    """What the budget is compared with, on demand: a total budget with the job's cost; an hourly
    one with the cluster's hourly price; a monthly one with the job's cost when the job ends within
    a month, else with what the cluster costs per month (DAYS_PER_MONTH)."""
    if o.quote is None:
        return None
    period = req.budget.period if req.budget else "total"
    if period == "hour":
        return o.quote.hourly_usd
    if period == "month" and o.days > DAYS_PER_MONTH:
        return o.quote.hourly_usd * HOURS_PER_MONTH
    return o.quote.on_demand_usd


def within_budget(o: Option, req: SizingRequest, budget: float | None) -> bool:
    return budget is None or (spend(o, req) or 0.0) <= budget * 1.0001


def over_ratio(o: Option, req: SizingRequest, budget: float) -> float:
    """How far over the budget a plan is (1.0 = on it); unpriced plans last."""
    s = spend(o, req)
    return float("inf") if s is None else s / max(budget, 1e-9)


def training_part(g: GpuSpec) -> bool:
    return g.segment == "datacenter" and g.scale_up_gbs is not None and g.launch_year >= TRAINING_PART_SINCE


def fastest(affordable: list[Option], w: Workload) -> Option:
    sensible = [o for o in affordable if training_part(o.gpu) and within_batch(o, w)] or affordable
    quickest = min([o.days for o in sensible])
    similar = [o for o in sensible if o.days <= quickest * SIMILAR_DAYS]
    if len(similar) == 1:
        return similar[0]
    return min(similar, key=lambda o: (o.gpus, -o.gpu.launch_year, rank_cost(o), o.gpu.id))


def beats(p: Option, o: Option) -> bool:
    """`p` costs no more than `o` and finishes sooner. Unpriced plans cost "inf" alike: equal
    unknowns say nothing, so an unpriced plan beats none."""
    return math.isfinite(rank_cost(p)) and rank_cost(p) <= rank_cost(o) and p.days < o.days


def cheapest(candidates: list[Option]) -> Option:
    """The cheapest; plans within COST_TIE of it count as equally cheap and fewer GPUs win, unless
    a larger plan costs no more and finishes sooner."""
    return _cheapest([(rank_cost(o), o) for o in candidates])[1]


def _cheapest(costed: list[tuple[float, Option]]) -> tuple[float, Option]:
    """cheapest() over (rank_cost, plan) pairs, with the pick's rank_cost (evaluate.cheapest_of)."""
    return cheapest_of(costed, COST_TIE)


def rank(pool: list[Option], req: SizingRequest, budget: float | None, w: Workload) -> list[Option]:
    if not pool:
        return []
    meets = [o for o in pool if req.days is None or o.days <= req.days * 1.0001] or pool
    # Each plan's rank_cost, worked out once for the picks below and the alternatives' order.
    costed = [(rank_cost(o), o) for o in meets]
    if budget is not None and not any(within_budget(o, req, budget) for o in meets):
        # Nothing within the budget (hourly, monthly or total): the closest plan goes first and
        # the over_budget warning says by how much.
        closest = min(meets, key=lambda o: (over_ratio(o, req, budget), o.days, o.gpu.id))
        return _ordered([("closest_to_budget", closest)], costed)
    # The cheapest over every plan, not only each type's preferred count: a larger count that is
    # more than COST_TIE cheaper is also faster and wins (cheapest()).
    affordable = costed if budget is None else [co for co in costed if within_budget(co[1], req, budget)]
    low_cost, low = _cheapest(affordable)
    if budget is None:
        limit = FASTEST_COST_CAP * (low.cost_usd or float("inf"))
        affordable = [co for co in affordable if (co[1].cost_usd or 0.0) <= limit] or [(low_cost, low)]
    quick = fastest([co[1] for co in affordable], w)
    c0, d0 = max(low_cost, 1e-9), max(quick.days, 1e-9)
    balanced = (
        affordable[0][1]
        if len(affordable) == 1
        else min(affordable, key=lambda co: (co[0] / c0 + co[1].days / d0, co[1].gpus, co[1].gpu.id))[1]
    )
    return _ordered([("cheapest", low), ("balanced", balanced), ("fastest", quick)], costed)


def _ordered(ordered: list[tuple[str, Option]], costed: list[tuple[float, Option]]) -> list[Option]:
    """The picks under their labels (a plan picked twice keeps its first), then one alternative per
    GPU type not shown yet from the (rank_cost, plan) pairs."""
    seen: set[tuple[str, int]] = set()
    out: list[Option] = []
    # Alternatives: cheapest first, those whose cluster network is unlisted or short last.
    rest = sorted(costed, key=lambda co: (not network_ok(co[1]), co[0]))
    types: set[str] = set()
    for label, o in ordered:
        key = (o.gpu.id, o.gpus)
        if key in seen:
            continue
        seen.add(key)
        types.add(o.gpu.id)
        out.append(o.relabel(label))
    for _, o in rest:
        if o.gpu.id in types:  # every plan seen so far is of a type in `types`
            continue
        types.add(o.gpu.id)
        out.append(o.relabel("alternative"))
    return out


def _meets(o: Option, req: SizingRequest, budget: float | None) -> bool:
    return (req.days is None or o.days <= req.days * 1.0001) and (
        budget is None or (spend(o, req) or 0.0) <= budget
    )


def not_top_first(
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
    limit = _premium_limit(options, pool, req, budget)
    dominated = _Dominance(pool, req, budget)
    ok = [
        o
        for o in pool
        if (o.gpu.id, o.gpus) in primary
        and not top_tier(o.gpu)
        and o.fits
        and _meets(o, req, budget)
        and rank_cost(o) <= limit
        and not dominated(o)
    ]
    # ...preferring GPUs that run the requested precision (a V100 runs BF16 work as FP16 with loss
    # scaling: a compromise, not a recommendation).
    ok = [o for o in ok if o.throughput.precision == req.precision] or ok
    if not ok:
        return options
    return _put_first(cheapest(ok).relabel("recommended"), options)


def _premium_limit(
    options: list[Option], pool: list[Option], req: SizingRequest, budget: float | None
) -> float:
    """The most a plan below top tier may cost to go first: SMALL_JOB_COST_PREMIUM times the
    cheapest top-tier plan that meets the deadline and the budget. The pitfall the rule comes from
    is paying for more GPU than the job needs; a smaller GPU that costs far more is the same waste."""
    top = [rank_cost(o) for o in pool if top_tier(o.gpu) and o.fits and _meets(o, req, budget)]
    if not top:
        return float("inf")
    return SMALL_JOB_COST_PREMIUM * min(top)


class _Dominance:
    """Whether a plan of this pool is dominated: another plan that fits and meets the same
    constraints beats it (costs no more and finishes sooner, rank.beats), so heading the answer
    with it would ask the user to pay as much or more for a slower job. The plans that could beat
    one are listed once, with their rank_cost, when first asked."""

    def __init__(self, pool: list[Option], req: SizingRequest, budget: float | None) -> None:
        self._args = (pool, req, budget)
        self._rivals: list[tuple[float, float, Option]] | None = None

    def __call__(self, o: Option) -> bool:
        rivals = self._rivals
        if rivals is None:
            pool, req, budget = self._args
            # beats(p, o) needs a finite rank_cost for p: the others never dominate.
            rivals = self._rivals = [
                (c, p.days, p)
                for p in pool
                if p.fits and _meets(p, req, budget) and math.isfinite(c := rank_cost(p))
            ]
        cost, days = rank_cost(o), o.days
        return any(c <= cost and d < days and p is not o for c, d, p in rivals)


def small_job(options: list[Option]) -> bool:
    """The first plan is top-tier and uses under SMALL_JOB_MEMORY_SHARE of its GPU's memory."""
    if not options or not top_tier(options[0].gpu):
        return False
    first = options[0]
    return first.fitted.memory.total_gb < SMALL_JOB_MEMORY_SHARE * first.gpu.capacity_gb


def right_sized_first(
    options: list[Option],
    pool: list[Option],
    primary: set[tuple[str, int]],
    req: SizingRequest,
    budget: float | None,
) -> list[Option]:
    """A small job's first option (assumptions.SMALL_JOB_MEMORY_SHARE): the cheapest non-top-tier
    plan with the recommended headroom that meets the deadline and the budget, at no more than
    SMALL_JOB_COST_PREMIUM times the top-tier plan; the top-tier plan stays as an alternative."""
    if not small_job(options) or options[0].cost_usd is None:
        return options
    limit = SMALL_JOB_COST_PREMIUM * options[0].cost_usd
    dominated = _Dominance(pool, req, budget)
    ok = [
        o
        for o in pool
        if (o.gpu.id, o.gpus) in primary
        and not top_tier(o.gpu)
        and o.fitted.headroom >= HEADROOM
        and o.throughput.precision == req.precision
        and o.cost_usd is not None
        and o.cost_usd <= limit
        and _meets(o, req, budget)
        and not dominated(o)
    ]
    if not ok:
        return options
    return _put_first(cheapest(ok).relabel("right_sized"), options)


def _put_first(first: Option, options: list[Option]) -> list[Option]:
    rest = [o for o in options if (o.gpu.id, o.gpus) != (first.gpu.id, first.gpus)]
    # The trade-off stays visible: the cheapest top-tier plan, when it undercuts the first one,
    # is listed second and labelled so.
    cheaper = [o for o in rest if top_tier(o.gpu) and rank_cost(o) < rank_cost(first)]
    if cheaper:
        top = min(cheaper, key=rank_cost)
        rest = [top.relabel("cheapest_top_tier")] + [o for o in rest if o is not top]
    return [first] + rest
