"""Small jobs on bigger models are right-sized: a job using a small share of a top-tier GPU's memory
goes first on a GPU sized to it, within a cost premium (seed guide §4.1; assumptions.SMALL_JOB_*)."""

from __future__ import annotations

import dataclasses

from sizing_catalog import CATALOG

from bot.render.sizing_words import worded
from sizing import SizingRequest, plan
from sizing.assumptions import SMALL_JOB_COST_PREMIUM, SMALL_JOB_MEMORY_SHARE
from sizing.types import Catalog
from sizing.warnings import top_tier


def _only(*gpu_ids: str, a100_price_factor: float = 1.0) -> Catalog:
    """The test catalog cut to these GPUs, A100 prices scaled to set up the cost comparison."""
    offerings = tuple(
        dataclasses.replace(o, price_usd_per_hour=(o.price_usd_per_hour or 0.0) * a100_price_factor)
        if o.gpu_id.startswith("a100")
        else o
        for o in CATALOG.offerings
        if o.gpu_id in gpu_ids
    )
    return dataclasses.replace(CATALOG, offerings=offerings)


def _options(catalog: Catalog, **kw: object) -> list[dict[str, object]]:
    return worded(plan(SizingRequest(**kw), catalog).to_dict())["options"]  # type: ignore[arg-type,return-value]


def _qlora_13b(catalog: Catalog, **kw: object) -> dict[str, object]:
    return worded(plan(SizingRequest(params=13e9, method="qlora", data_bytes=1e9, **kw), catalog).to_dict())  # type: ignore[arg-type]


def test_a_qlora_13b_job_goes_first_on_an_a100_rather_than_a_slightly_cheaper_h100() -> None:
    d = _qlora_13b(_only("h100-sxm", "a100-40gb"))
    first, second = d["options"][0], d["options"][1]  # type: ignore[index]
    assert first["gpu"] == "a100-40gb" and first["label"] == "right_sized"
    assert first["memory_headroom"] >= 0.20 and first["fits"]
    assert second["gpu"] == "h100-sxm" and second["label"] == "cheapest_top_tier"
    assert (
        second["cost"]["amount"]
        < first["cost"]["amount"]
        <= SMALL_JOB_COST_PREMIUM * second["cost"]["amount"]
    )
    assert second["memory_per_gpu_gb"] < SMALL_JOB_MEMORY_SHARE * 80


def test_the_right_sized_plan_explains_what_the_top_tier_alternative_would_save() -> None:
    d = _qlora_13b(_only("h100-sxm", "a100-40gb"))
    line = next(e for e in d["explain"] if e.startswith("Right-sized")).lower()  # type: ignore[attr-defined]
    assert "a100-40gb" in line and "h100-sxm" in line and "§4.1" in line and "less" in line


def test_the_top_tier_plan_stays_first_when_the_smaller_gpu_costs_more_than_the_premium() -> None:
    options = _qlora_13b(_only("h100-sxm", "a100-40gb", a100_price_factor=1.5))["options"]
    assert top_tier(CATALOG.gpu(options[0]["gpu"]))  # type: ignore[index]
    assert all(o["label"] != "right_sized" for o in options)  # type: ignore[attr-defined]


def test_the_top_tier_plan_stays_first_when_no_smaller_gpu_meets_the_deadline() -> None:
    # An A10G or L4 holds a QLoRA 13B but needs 6-9 days; the deadline is one day.
    options = _qlora_13b(_only("h100-sxm", "a10g", "l4"), days=1)["options"]
    assert options[0]["gpu"] == "h100-sxm"  # type: ignore[index]


def test_a_job_using_more_than_a_quarter_of_a_top_tier_gpu_stays_on_it_when_cheapest() -> None:
    # LoRA 7B needs ~37 GB, over a quarter of an H100's 80 GB: the A100-80GB, 12% dearer with the
    # same headroom, is not moved ahead of it.
    options = _options(
        _only("h100-sxm", "a100-80gb", a100_price_factor=1.2), params=7e9, method="lora", data_bytes=1e9
    )
    first, other = options[0], next(o for o in options if o["gpu"] == "a100-80gb")
    assert first["gpu"] == "h100-sxm" and first["memory_per_gpu_gb"] > SMALL_JOB_MEMORY_SHARE * 80  # type: ignore[operator]
    assert other["cost"]["amount"] < SMALL_JOB_COST_PREMIUM * first["cost"]["amount"]  # type: ignore[index]
