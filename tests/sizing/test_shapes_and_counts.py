"""GPU counts a user can rent: purchasable instance shapes, the fewest GPUs that meet the deadline,
and a minimum billed hour per instance."""

from __future__ import annotations

import dataclasses
import datetime as dt

import pytest
from sizing_catalog import CATALOG

from sizing import SizingRequest, plan
from sizing.cost import quote
from sizing.fixed import MIN_EVAL_HOURS, PROVISION_HOURS, SETUP_HOURS
from sizing.types import Catalog, Offering


def _offer(itype: str, gpu: str, count: float, price: float, net: float | None = None) -> Offering:
    return Offering(
        id=f"test/{itype}",
        cloud="test",
        instance_type=itype,
        gpu_id=gpu,
        gpu_count=count,
        vcpus=None,
        ram_gib=None,
        price_usd_per_hour=price,
        spot_usd_per_hour=None,
        region="us",
        network_gbps=net,
        as_of=dt.date(2026, 5, 20),
        source="hand-made for this test",
    )


def _catalog(*offers: Offering) -> Catalog:
    return dataclasses.replace(CATALOG, offerings=offers)


def _options(**kw: object) -> list[dict[str, object]]:
    options = plan(SizingRequest(**kw), CATALOG).to_dict()["options"]  # type: ignore[arg-type]
    assert isinstance(options, list)
    return options


def test_a_shorter_deadline_never_gives_fewer_gpus_of_the_same_type() -> None:
    counts = []
    for days in (60.0, 30.0, 14.0, 7.0, 3.0, 1.0):
        top = _options(params=7e9, tokens=2e11, days=days, gpu="a100-80gb")[0]
        counts.append(int(top["gpus"]))  # type: ignore[call-overload]
    assert counts == sorted(counts) and counts[-1] > counts[0]


def test_two_weeks_and_one_week_give_different_plans_for_a_1b_pretrain() -> None:
    two_weeks = _options(params=1e9, tokens=2e10, days=14)[0]
    one_week = _options(params=1e9, tokens=2e10, days=7)[0]
    assert float(one_week["days"]) <= 7  # type: ignore[arg-type]
    same_gpu = two_weeks["gpu"] == one_week["gpu"]
    assert not same_gpu or int(one_week["gpus"]) > int(two_weeks["gpus"])  # type: ignore[call-overload]


def test_a_job_that_one_gpu_finishes_in_time_is_not_spread_over_two_nodes() -> None:
    top = _options(params=1e9, tokens=2e10, days=14, gpu="h100-sxm")[0]
    assert top["nodes"] == 1 and top["gpus"] == 1


def test_a_six_minute_job_pays_for_its_setup_download_and_evaluation_hours_too() -> None:
    top = _options(params=1e8, tokens=1e8, method="full_finetune", gpu="a100-80gb")[0]
    cost, fixed = top["cost"], top["fixed_costs"]
    assert isinstance(cost, dict) and isinstance(fixed, dict)
    assert float(top["training_days"]) * 24 < 0.2  # type: ignore[arg-type]
    assert fixed["total_hours"] >= PROVISION_HOURS + SETUP_HOURS + MIN_EVAL_HOURS
    billed = float(top["training_days"]) * 24 + fixed["total_hours"]  # type: ignore[arg-type]
    assert cost["on_demand_usd"] == pytest.approx(cost["hourly_usd"] * billed, rel=0.01)


def test_two_gpus_of_a_type_sold_as_one_or_eight_rent_the_eight_gpu_instance_and_say_so() -> None:
    d = plan(SizingRequest(params=7e9, method="lora", gpu="a100-80gb", gpus=2), CATALOG).to_dict()
    top = d["options"][0]  # type: ignore[index]
    assert top["cost"]["instance"] == "a2-ultragpu-8g" and top["cost"]["instances"] == 1
    unused = next(w for w in d["warnings"] if w["code"] == "unused_gpus")  # type: ignore[attr-defined]
    assert unused["params"]["unused_gpus"] == 6


def test_without_a_requested_count_no_option_pays_for_idle_gpus() -> None:
    for kw in ({"params": 7e9, "method": "lora"}, {"params": 13e9, "tokens": 3e11, "days": 20}):
        for o in _options(**kw):
            assert "unused_gpus" not in o["warnings"]  # type: ignore[operator]


def test_a_gpu_sold_only_as_single_gpu_vms_is_excluded_when_the_job_needs_several() -> None:
    d = plan(SizingRequest(params=13e9, method="full_finetune"), CATALOG).to_dict()
    t4 = next(e for e in d["excluded"] if e["gpu"] == "t4")  # type: ignore[attr-defined]
    assert t4["reason"] == "shape"
    assert all(o["gpu"] != "t4" for o in d["options"])  # type: ignore[attr-defined]


def test_multi_node_jobs_prefer_instances_with_a_known_scale_out_network() -> None:
    catalog = _catalog(
        _offer("cheap_8x", "h100-sxm", 8, 30.0),
        _offer("networked_8x", "h100-sxm", 8, 55.0, net=3200),
    )
    one_node = quote(catalog, "h100-sxm", 8, 1.0)
    two_nodes = quote(catalog, "h100-sxm", 16, 1.0)
    assert one_node is not None and one_node.offering.instance_type == "cheap_8x"
    assert two_nodes is not None and two_nodes.offering.instance_type == "networked_8x"
    assert two_nodes.instances == 2 and two_nodes.network_known


def test_many_gpus_are_never_priced_as_many_single_gpu_vms() -> None:
    catalog = _catalog(_offer("one", "h100-sxm", 1, 3.0), _offer("four", "h100-sxm", 4, 13.0))
    assert quote(catalog, "h100-sxm", 16, 1.0) is None
    two = quote(catalog, "h100-sxm", 2, 1.0)
    assert two is not None and two.offering.instance_type == "four" and two.unused_gpus == 2


def test_partitioned_gpus_are_not_quoted_for_training() -> None:
    catalog = _catalog(_offer("sixth", "a10", 1 / 6, 0.45))
    assert quote(catalog, "a10", 1, 1.0) is None
