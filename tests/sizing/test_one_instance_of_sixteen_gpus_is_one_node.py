"""Sixteen GPUs sold as one instance (GCP's a2-megagpu-16g: 16 A100 40GB joined by NVSwitch) are one
node: no scale-out network slows them, so 16 finish well before 8, and a larger count shown beside a plan
is faster."""

from __future__ import annotations

import dataclasses
import datetime as dt

from sizing_catalog import CATALOG

from sizing import SizingRequest, plan
from sizing.types import Offering

SIXTEEN = Offering(
    id="gcp/a2-megagpu-16g",
    cloud="gcp",
    instance_type="a2-megagpu-16g",
    gpu_id="a100-40gb",
    gpu_count=16,
    vcpus=96,
    ram_gib=1360.0,
    price_usd_per_hour=55.7395,
    spot_usd_per_hour=None,
    region="us-east5",
    network_gbps=None,
    as_of=dt.date(2026, 7, 30),
    source="Google Cloud Billing Catalog API, as in knowledge/data/offerings.yaml",
)
WITH_SIXTEEN = dataclasses.replace(CATALOG, offerings=(*CATALOG.offerings, SIXTEEN))


def _top(gpus: int) -> dict[str, object]:
    request = SizingRequest(params=7e9, tokens=1e9, method="full_finetune", gpu="a100-40gb", gpus=gpus)
    top = plan(request, WITH_SIXTEEN).to_dict()["options"][0]  # type: ignore[index]
    assert isinstance(top, dict)
    return top


def test_sixteen_a100_40gb_on_one_instance_are_one_node_with_no_network_slowdown() -> None:
    top = _top(16)
    assert top["cost"]["instance"] == "a2-megagpu-16g"  # type: ignore[index]
    assert top["nodes"] == 1
    assert top["network"]["comm_slowdown"] == 1.0  # type: ignore[index]
    assert "network_unknown" not in top["warnings"]  # type: ignore[operator]


def test_sixteen_a100_40gb_finish_in_well_under_the_time_of_eight() -> None:
    assert float(_top(16)["days"]) < 0.7 * float(_top(8)["days"])  # type: ignore[arg-type]


def test_no_alternative_with_more_gpus_of_the_same_type_is_slower_than_the_plan() -> None:
    for days in (None, 3.0, 14.0):
        for gpu in ("a100-40gb", "a100-80gb", "h100-sxm"):
            request = SizingRequest(params=7e9, tokens=1e10, method="full_finetune", gpu=gpu, days=days)
            options = plan(request, WITH_SIXTEEN).to_dict()["options"]
            assert isinstance(options, list)
            top = options[0]
            for o in options[1:]:
                if o["gpus"] > top["gpus"]:
                    assert o["days"] < top["days"], (gpu, days, o["gpus"], o["days"], top["days"])
