"""Small models are not first sent to top-tier GPUs (seed guide §4.1 pitfall 1, §3 scenarios)."""

from __future__ import annotations

import dataclasses

from sizing_catalog import CATALOG

from bot.render.sizing_words import worded
from sizing import SizingRequest, plan
from sizing.warnings import top_tier


def _result(**kw: object) -> dict[str, object]:
    return worded(plan(SizingRequest(**kw), CATALOG).to_dict())  # type: ignore[arg-type]


def _codes(d: dict[str, object]) -> list[str]:
    return [w["code"] for w in d["warnings"]]  # type: ignore[attr-defined]


def _top_tier(gpu_id: str) -> bool:
    return top_tier(CATALOG.gpu(gpu_id))


def test_a_1b_pretrain_is_first_recommended_on_a_gpu_below_top_tier() -> None:
    d = _result(params=1e9, tokens=2e10, days=14)
    first = d["options"][0]  # type: ignore[index]
    assert not _top_tier(first["gpu"]) and first["fits"] and first["days"] <= 14
    assert "overbuying_top_gpu" not in _codes(d)
    assert any("Under 2B parameters" in line for line in d["explain"])  # type: ignore[attr-defined]


def test_the_top_tier_plan_stays_listed_as_the_faster_alternative() -> None:
    options = _result(params=1e9, tokens=2e10, days=14)["options"]
    first, rest = options[0], options[1:]  # type: ignore[index]
    faster_top = [o for o in rest if _top_tier(o["gpu"]) and o["days"] < first["days"]]
    assert faster_top


def test_asking_for_an_h100_for_a_1b_model_keeps_it_and_warns_about_overbuying() -> None:
    d = _result(params=1e9, tokens=2e9, gpu="h100-sxm")
    assert d["options"][0]["gpu"] == "h100-sxm"  # type: ignore[index]
    assert "overbuying_top_gpu" in _codes(d)


def test_no_overbuying_warning_when_only_a_top_tier_gpu_can_run_the_job() -> None:
    # T4 (one-GPU VMs only) cannot hold a 1.5B full pre-training; H100 is all that is left.
    only = tuple(o for o in CATALOG.offerings if o.gpu_id in ("t4", "h100-sxm"))
    catalog = dataclasses.replace(CATALOG, offerings=only)
    d = worded(plan(SizingRequest(params=1.5e9, tokens=1e9), catalog).to_dict())
    first = d["options"][0]  # type: ignore[index]
    assert first["gpu"] == "h100-sxm"
    assert "overbuying_top_gpu" not in _codes(d)


def test_a_7b_model_may_still_be_first_on_a_top_tier_gpu_when_it_is_cheapest() -> None:
    d = _result(params=7e9, tokens=1e12, days=7)
    assert _top_tier(d["options"][0]["gpu"])  # type: ignore[index]


def test_a_cheaper_top_tier_plan_for_a_1b_model_is_listed_second_with_the_trade_off_spelled_out() -> None:
    # One H100 at $1.50/h (a hypothetical discount) undercuts every A100 plan for this job.
    h100 = next(o for o in CATALOG.offerings if o.gpu_id == "h100-sxm" and o.gpu_count == 1)
    cheap = dataclasses.replace(h100, id="test/cheap-h100", price_usd_per_hour=1.5)
    catalog = dataclasses.replace(CATALOG, offerings=(*CATALOG.offerings, cheap))
    d = worded(plan(SizingRequest(params=1e9, tokens=2e10, days=14), catalog).to_dict())
    options = d["options"]
    assert isinstance(options, list)
    first, second = options[0], options[1]
    assert first["label"] == "recommended" and not _top_tier(first["gpu"])
    assert second["label"] == "cheapest_top_tier" and _top_tier(second["gpu"])
    assert second["cost"]["amount"] < first["cost"]["amount"]
    line = next(x for x in d["explain"] if x.startswith("Trade-off:")).lower()  # type: ignore[attr-defined]
    assert second["gpu"] in line and f"{first['gpus']} × {first['gpu']}" in line
