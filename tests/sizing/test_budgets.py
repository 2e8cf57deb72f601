"""What a budget is compared with: total -> the job's cost, hour -> the cluster's hourly price,
month -> the job's cost when it ends within a month, else the cluster's cost per 30 days."""

from __future__ import annotations

import math

from sizing_catalog import CATALOG

from sizing import Budget, SizingRequest, plan
from sizing.plan import spend


def _first(req: SizingRequest):  # type: ignore[no-untyped-def]
    option = plan(req, CATALOG).options[0]
    assert option.quote is not None
    return option


def _codes(req: SizingRequest) -> list[str]:
    return [w.code for w in plan(req, CATALOG).warnings]


def test_a_monthly_budget_for_a_three_day_job_is_compared_with_the_jobs_cost() -> None:
    req = SizingRequest(
        params=70e9, method="lora", data_bytes=1e10, days=3, budget=Budget(5000, "USD", "month")
    )
    o = _first(req)
    assert o.days < 30 and math.isclose(spend(o, req) or 0, o.quote.on_demand_usd)
    assert o.quote.on_demand_usd < 5000 and "over_budget" not in _codes(req)


def test_a_monthly_budget_for_a_two_month_job_is_compared_with_one_month_of_the_cluster() -> None:
    req = SizingRequest(
        params=7e9, tokens=2e11, days=60, gpu="a100-80gb", budget=Budget(1000, "USD", "month")
    )
    o = _first(req)
    assert o.days > 30
    assert math.isclose(spend(o, req) or 0, o.quote.hourly_usd * 730)  # 365/12 days
    assert "over_budget" in _codes(req)


def test_an_hourly_budget_is_compared_with_the_clusters_hourly_price() -> None:
    req = SizingRequest(params=7e9, method="lora", days=5, budget=Budget(10, "USD", "hour"))
    o = _first(req)
    assert math.isclose(spend(o, req) or 0, o.quote.hourly_usd)
    assert o.quote.hourly_usd <= 10 and "over_budget" not in _codes(req)


def test_a_total_budget_below_the_jobs_cost_is_reported_with_the_jobs_cost() -> None:
    req = SizingRequest(params=70e9, method="lora", data_bytes=1e10, days=3, budget=Budget(100, "USD"))
    result = plan(req, CATALOG)
    warning = next(w for w in result.warnings if w.code == "over_budget")
    assert math.isclose(float(dict(warning.params)["cost_usd"]), round(result.options[0].cost_usd or 0, 2))
