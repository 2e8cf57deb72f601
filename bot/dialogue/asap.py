""" "ASAP", "越快越好" with a budget: the fastest plan the budget buys, found by asking the engine for
shorter deadlines.

Without a deadline the engine sizes a cluster for a sensible length of job, and its options hold
nothing much faster (full fine-tuning 8B on 500 GB with $100k: 40 × A100 in 13 days for $35k, while 64 ×
B200 finish in 2 days for $33k). With a budget, as fast as possible means the shortest deadline the
engine can meet within it. Without one, a consultant would not spend without limit, nor stop at a
sensible size when speed is nearly free: more GPUs buy about the same GPU-hours, so the default is the
fastest plan that costs at most ASAP_COST_SLACK times the cheapest plan without a deadline (and uses at
most ASAP_MAX_SCALE times its GPUs). The reply states that default and that a budget buys more speed.
Deadlines are tried from ASAP_DEADLINES_DAYS by bisection, so a turn asks the engine a handful of times.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.dialogue.answers.workload_compare import as_fast
from bot.dialogue.plan import budget_usd_total
from sizing.assumptions import SIMILAR_DAYS

# Deadlines tried, in days: a day to about a year, roughly 1.5x apart.
ASAP_DEADLINES_DAYS = (1.0, 2.0, 3.0, 5.0, 7.0, 10.0, 14.0, 21.0, 30.0, 45.0, 60.0, 90.0, 135.0, 200.0, 300.0)
# Our stated default, not a sourced figure: however large the budget, no more than this many times the
# GPUs of the largest option the engine offers without a deadline (its sensible cluster sizes).
ASAP_MAX_SCALE = 4
# Our stated default, not a sourced figure: "ASAP" without a budget pays at most 20% more than the cheapest
# plan for the speed (implied_budget; the reply says so).
ASAP_COST_SLACK = 1.2
# Our stated default, not a sourced figure: a turn that tightens the deadline of a plan that still meets it
# says time matters more than we assumed. More GPUs buy about the same GPU-hours, so a faster plan often
# costs only a little more: the fastest one within 10% of the cheapest is then worth recommending
# (faster_for_tighter_deadline; the reply says what it costs more).
TIGHTER_COST_SLACK = 1.10
# Warnings about the deadline tried, which the user never set.
TRIED_DEADLINE_WARNINGS = ("deadline_impossible", "deadline_tight")

PlanFor = Callable[[float], dict[str, Any] | None]  # the engine's result for a deadline in days


def fastest_within_budget(
    plan_for: PlanFor, open_plan: Mapping[str, Any], slots: Mapping[str, Any], usd_to_cny: float
) -> dict[str, Any] | None:
    """The plan for the shortest deadline whose top option fits, finishes in time, costs no more than
    the budget and uses at most ASAP_MAX_SCALE times the GPUs of the open plan's largest option; None
    without a budget, or when nothing beats the fastest option of the plan without a deadline."""
    budget = slots.get("budget")
    if not isinstance(budget, Mapping) or not budget.get("amount"):
        return None
    fitting = [o for o in open_plan.get("options") or [] if o.get("fits") and o.get("days")]
    if not fitting:
        return None
    quickest_open = min(float(o["days"]) for o in fitting)
    most_gpus = ASAP_MAX_SCALE * max(int(o.get("gpus") or 1) for o in fitting)
    rungs = [d for d in ASAP_DEADLINES_DAYS if d < quickest_open]

    def good(rec: Mapping[str, Any] | None, days: float) -> bool:
        options = (rec or {}).get("options") or []
        if not options:
            return False
        top = options[0]
        spent = (top.get("cost") or {}).get("on_demand_usd")
        cap = budget_usd_total(slots, top.get("days"), usd_to_cny)
        return (
            bool(top.get("fits"))
            and float(top.get("days") or float("inf")) <= days * 1.001
            and int(top.get("gpus") or 1) <= most_gpus
            and spent is not None
            and (cap is None or float(spent) <= cap)
        )

    found: dict[str, Any] | None = None
    low, high = 0, len(rungs) - 1
    while low <= high:  # shorter deadlines cost more: the first good rung is the fastest plan
        mid = (low + high) // 2
        rec = plan_for(rungs[mid])
        if rec is not None and good(rec, rungs[mid]):
            found, high = rec, mid - 1
        else:
            low = mid + 1
    if found is None:
        return None
    # The plan met its deadline; one of its other options may be quicker still within the budget.
    found["options"] = fastest_first(found.get("options") or [], slots, usd_to_cny, most_gpus=most_gpus)
    found["warnings"] = [
        w for w in found.get("warnings") or [] if w.get("code") not in TRIED_DEADLINE_WARNINGS
    ]
    return found


def implied_budget(open_plan: Mapping[str, Any]) -> dict[str, Any] | None:
    """ "ASAP" with no budget: ASAP_COST_SLACK times the cheapest fitting option's on-demand cost, as a
    total budget in USD with the cheapest cost beside it ({"amount", "currency", "period", "cheapest"});
    None when no option that fits has a price."""
    costs = [
        float(c)
        for o in open_plan.get("options") or []
        if o.get("fits") and (c := (o.get("cost") or {}).get("on_demand_usd")) is not None
    ]
    if not costs:
        return None
    cheapest = min(costs)
    return {"amount": cheapest * ASAP_COST_SLACK, "currency": "USD", "period": "total", "cheapest": cheapest}


def faster_for_tighter_deadline(
    options: list[dict[str, Any]], slots: Mapping[str, Any], usd_to_cny: float
) -> list[dict[str, Any]] | None:
    """A tightened deadline the first option still meets: the options with the fastest one first among
    those that fit, meet the deadline, cost at most TIGHTER_COST_SLACK times the cheapest of them (and the
    budget, when there is one) and use at most ASAP_MAX_SCALE times the first option's GPUs; None when
    that one is not really faster than the first (workload_compare.as_fast: about as fast is no reason
    to pay more) or the options have no price to weigh."""
    if not options:
        return None
    top = options[0]
    deadline = slots.get("days")
    if not top.get("fits") or not isinstance(deadline, int | float):
        return None

    def usd(o: Mapping[str, Any]) -> float | None:
        spent = (o.get("cost") or {}).get("on_demand_usd")
        return None if spent is None else float(spent)

    in_time = [
        o
        for o in options
        if o.get("fits") and usd(o) is not None and float(o.get("days") or float("inf")) <= deadline * 1.001
    ]
    if not any(o is top for o in in_time):
        return None
    cap = TIGHTER_COST_SLACK * min(float(usd(o) or 0.0) for o in in_time)
    nearly_free = [o for o in in_time if float(usd(o) or 0.0) <= cap]
    most_gpus = ASAP_MAX_SCALE * int(top.get("gpus") or 1)
    fastest = fastest_first(nearly_free, slots, usd_to_cny, most_gpus=most_gpus)[0]
    if fastest is top or as_fast(top, fastest):
        return None
    return [fastest] + [o for o in options if o is not fastest]


def fastest_first(
    options: list[dict[str, Any]],
    slots: Mapping[str, Any],
    usd_to_cny: float,
    *,
    most_gpus: int | None = None,
) -> list[dict[str, Any]]:
    """The options with the fastest one that fits (and the budget, when there is one, and at most
    `most_gpus`) first."""

    def affordable(o: Mapping[str, Any]) -> bool:
        cap = budget_usd_total(slots, o.get("days"), usd_to_cny)
        spent = (o.get("cost") or {}).get("on_demand_usd")
        return cap is None or spent is None or float(spent) <= cap

    candidates = [
        o
        for o in options
        if o.get("fits") and affordable(o) and (most_gpus is None or int(o.get("gpus") or 1) <= most_gpus)
    ]
    if not candidates:
        return options
    # Plans within SIMILAR_DAYS of the quickest count as equally fast (as in the engine's own
    # "fastest" pick): the first of them in the engine's order wins, so 8 × MI300X in 3.46 days for
    # $3,983 never displaces 4 × B200 in 3.48 days for $2,267.
    quickest = min(float(o.get("days") or float("inf")) for o in candidates)
    fastest = next(o for o in candidates if float(o.get("days") or float("inf")) <= quickest * SIMILAR_DAYS)
    return [fastest] + [o for o in options if o is not fastest]
