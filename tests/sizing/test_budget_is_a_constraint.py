"""A budget limits the plan; it does not re-optimise it. The plan recommended without a budget stays
first when it fits the budget (total, per month, per hour); only otherwise does a cheaper one replace it."""

from __future__ import annotations

from sizing_catalog import CATALOG

from sizing import Budget, SizingRequest, plan
from sizing.evaluate import Evaluator
from sizing.plan import spend
from sizing.workload import normalise


def _shown(req: SizingRequest) -> list[tuple[str, int]]:
    return [(o.gpu.id, o.gpus) for o in plan(req, CATALOG).options]


def _with_budget(req: SizingRequest, budget: Budget) -> SizingRequest:
    return SizingRequest(
        params=req.params,
        tokens=req.tokens,
        method=req.method,
        days=req.days,
        budget=budget,
        continued=req.continued,
    )


def test_a_generous_total_budget_leaves_the_recommendation_unchanged() -> None:
    req = SizingRequest(params=7e9, tokens=5e9)
    assert _shown(_with_budget(req, Budget(3000, "USD"))) == _shown(req)


def test_a_monthly_budget_a_four_day_job_fits_keeps_its_eight_gpus_rather_than_one_gpu_for_a_month() -> None:
    req = SizingRequest(params=3e9, tokens=2e10)
    free = plan(req, CATALOG).options[0]
    assert free.days < 30 and (free.cost_usd or 0) < 3000
    budgeted = plan(_with_budget(req, Budget(3000, "USD", "month")), CATALOG).options[0]
    assert (budgeted.gpu.id, budgeted.gpus, round(budgeted.days, 2)) == (
        free.gpu.id,
        free.gpus,
        round(free.days, 2),
    )


def test_a_monthly_budget_a_two_month_plan_fits_per_month_keeps_that_plan() -> None:
    req = SizingRequest(params=7e9, tokens=3e11, days=90)
    free = plan(req, CATALOG).options[0]
    budget = Budget(60000, "USD", "month")
    assert free.days > 30 and (spend(free, _with_budget(req, budget)) or 0) <= 60000 < (free.cost_usd or 0)
    assert _shown(_with_budget(req, budget))[0] == (free.gpu.id, free.gpus)


def test_an_hourly_budget_the_recommended_cluster_fits_keeps_it() -> None:
    req = SizingRequest(params=7e9, tokens=1e11)
    free = plan(req, CATALOG).options[0]
    assert free.quote is not None and free.quote.hourly_usd < 100
    assert _shown(_with_budget(req, Budget(100, "USD", "hour")))[0] == (free.gpu.id, free.gpus)


def test_an_hourly_budget_below_the_recommended_cluster_picks_a_plan_within_it() -> None:
    req = SizingRequest(params=7e9, tokens=1e11)
    free = plan(req, CATALOG).options[0]
    assert free.quote is not None and free.quote.hourly_usd > 40
    first = plan(_with_budget(req, Budget(40, "USD", "hour")), CATALOG).options[0]
    assert first.quote is not None and first.quote.hourly_usd <= 40
    assert first.label != "closest_to_budget"


def test_a_total_budget_below_the_recommended_plan_picks_the_closest_when_none_fits() -> None:
    req = SizingRequest(params=7e9, tokens=1e11)
    result = plan(_with_budget(req, Budget(1000, "USD")), CATALOG)
    assert result.options[0].label == "closest_to_budget"
    assert "over_budget" in [w.code for w in result.warnings]


def test_a_total_budget_the_default_month_plan_exceeds_gets_a_slower_plan_within_it() -> None:
    """No deadline: the plan aims at a month. When that costs more than the budget and fewer GPUs of
    the same type would fit it (one machine instead of two, say), the answer is within the budget."""
    req = SizingRequest(params=8e9, tokens=3e11, method="pretrain", continued=True)
    free = plan(req, CATALOG).options[0]
    assert free.cost_usd is not None and free.days <= 30
    ev = Evaluator(normalise(req), CATALOG, strict_batch=True)
    fewer = [ev.offered(free.gpu, n) for n in ev.ladder(free.gpu) if n < free.gpus]
    cheaper = [
        o for o in fewer if o is not None and o.fits and o.cost_usd is not None and o.cost_usd < free.cost_usd
    ]
    assert cheaper  # the premise: a slower count of the same GPU costs less
    budget = (min(o.cost_usd or 0.0 for o in cheaper) + free.cost_usd) / 2
    first = plan(_with_budget(req, Budget(budget, "USD")), CATALOG).options[0]
    assert first.label != "closest_to_budget"
    assert first.cost_usd is not None and first.cost_usd <= budget


def test_a_monthly_budget_without_a_deadline_keeps_no_plan_of_years_on_a_board_of_the_family() -> None:
    # "H100s only" (the family), no deadline, $20k a month: the PCIe board sold one to an instance would
    # take two years; the SXM board within the monthly budget costs less and takes months.
    from knowledge import load_knowledge

    req = SizingRequest(
        params=3e9, tokens=6e11, method="pretrain", gpu="h100", budget=Budget(20000, "USD", "month")
    )
    first = plan(req, load_knowledge().catalog).options[0]
    assert first.gpu.id == "h100-sxm" and first.days < 200
    assert (spend(first, req) or 0.0) <= 20000


def test_a_deadline_no_plan_meets_gets_the_fastest_plan_with_a_budget_as_without_one() -> None:
    # Full fine-tuning 34B on 500B tokens in 3 days: nothing finishes in time, not even on a bigger
    # global batch, and nothing costs under $13k. The deadline comes first either way; the smallest
    # cluster that fits, for most of a year, is never the plan. (On 100B tokens 256 × H200 on a 4×
    # batch now make the deadline: sizing.bigger_batch.)
    req = SizingRequest(params=34e9, tokens=5e11, method="full_finetune", days=3)
    free = plan(req, CATALOG).options[0]
    budgeted = plan(_with_budget(req, Budget(13_000, "USD")), CATALOG)
    top = budgeted.options[0]
    assert free.days > 3
    assert (top.gpu.id, top.gpus, top.label) == (free.gpu.id, free.gpus, "fastest")
    assert {"deadline_impossible", "over_budget"} <= {w.code for w in budgeted.warnings}


def test_a_budget_no_plan_meets_keeps_the_plan_that_meets_the_deadline_over_late_smaller_clusters() -> None:
    # 70B full fine-tuning on 75B tokens in 14 days: only a large cluster beyond the recipe's global batch
    # finishes in time. Under a budget nothing meets, the smallest clusters that fit (within the batch, but
    # months late) join the candidates; they must not screen out the plan that meets the deadline.
    from knowledge import load_knowledge

    catalog = load_knowledge().catalog
    req = SizingRequest(params=70e9, tokens=75e9, method="full_finetune", days=14)
    free = plan(req, catalog).options[0]
    budgeted = plan(_with_budget(req, Budget(30_000, "USD")), catalog).options[0]
    assert free.days <= 14
    assert (budgeted.gpu.id, budgeted.gpus) == (free.gpu.id, free.gpus) and budgeted.days <= 14
