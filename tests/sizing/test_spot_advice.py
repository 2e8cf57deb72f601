"""Spot is suggested only where the answer does not also say to plan on on-demand capacity:
with spot_at_scale (more than 4 spot nodes) neither the budget nor the deadline advice names spot."""

from __future__ import annotations

import pytest
from sizing_catalog import CATALOG

from knowledge import load_knowledge
from sizing import Budget, SizingRequest, plan
from sizing.result import SizingWarning


def _warnings(req: SizingRequest) -> dict[str, SizingWarning]:
    return {w.code: w for w in plan(req, CATALOG).warnings}


def _suggests_spot(w: SizingWarning) -> bool:
    advice = dict(w.params).get("advice") or []
    return "spot" in list(advice) or "spot" in w.message.lower()  # type: ignore[call-overload]


@pytest.mark.parametrize(
    "req",
    [
        SizingRequest(params=70e9, tokens=1e11, days=5, budget=Budget(1000, "USD")),
        SizingRequest(params=13e9, tokens=1e11, days=3, budget=Budget(5000, "USD")),
        SizingRequest(params=70e9, tokens=2e11, days=7, budget=Budget(200, "USD", "hour")),
        SizingRequest(params=34e9, tokens=2e11, days=5, budget=Budget(20000, "USD", "month")),
    ],
)
def test_a_large_cluster_over_budget_is_never_told_to_use_spot_instances(req: SizingRequest) -> None:
    warnings = _warnings(req)
    assert "spot_at_scale" in warnings and "over_budget" in warnings
    advice = [w for code, w in warnings.items() if code in ("over_budget", "deadline_impossible")]
    assert not [w.code for w in advice if _suggests_spot(w)]
    assert dict(warnings["over_budget"].params)["spot_usd"] is None


def test_a_single_node_over_budget_with_a_spot_price_still_mentions_spot() -> None:
    warnings = _warnings(SizingRequest(params=7e9, tokens=5e9, gpu="h200", budget=Budget(100, "USD")))
    assert "spot_at_scale" not in warnings
    assert _suggests_spot(warnings["over_budget"])


def test_a_plan_quoted_where_spot_is_not_sold_names_the_same_gpus_on_spot_elsewhere() -> None:
    # The real catalogue: Lambda sells the 8 × B200 plan on demand only; AWS lists the same machine on spot.
    req = SizingRequest(params=13e9, tokens=2.6e11, budget=Budget(50000, "USD"))
    result = plan(req, load_knowledge().catalog)
    top = result.options[0]
    assert top.quote is not None and top.quote.spot_usd is None
    params = dict({w.code: w for w in result.warnings}["over_budget"].params)
    assert params["spot_cloud"] is not None and params["spot_cloud"] != top.quote.offering.cloud
    assert 0 < params["spot_usd"] < params["cost_usd"]  # type: ignore[operator]


def test_a_total_budget_with_no_deadline_is_not_told_a_longer_timeline_would_help() -> None:
    req = SizingRequest(params=13e9, tokens=2.6e11, budget=Budget(50000, "USD"))
    advice = dict(_warnings(req)["over_budget"].params)["advice"]
    assert "longer_timeline" not in advice  # type: ignore[operator]
    monthly = SizingRequest(params=13e9, tokens=2.6e11, budget=Budget(5000, "USD", "month"))
    assert "longer_timeline" in dict(_warnings(monthly)["over_budget"].params)["advice"]  # type: ignore[operator]
