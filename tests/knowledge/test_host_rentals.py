"""A Chinese marketplace lists a price per GPU of a host; a plan rents several GPUs of one host at
that many times the price, and never a cluster of such hosts."""

from __future__ import annotations

from pathlib import Path

import pytest

from knowledge import KnowledgeError, load_knowledge
from sizing import plan
from sizing.types import SizingRequest

PER_GPU_SHEET = """\
offerings:
  - id: somemarket/a800
    cloud: somemarket
    instance_type: A800 80GB (per GPU)
    gpu: a800
    gpu_count: 1
    gpus_per_host: 8
    price_cny_per_hour: 6.0
    region: cn
    as_of: 2026-11-01
    source: a test sheet
"""


def test_every_per_gpu_row_rents_two_four_and_eight_gpus_of_one_host_at_that_many_times_its_price() -> None:
    kb = load_knowledge()
    listed = {o.id: o for o in kb.china_catalog.offerings}
    rentals = [o for o in kb.china_plan_catalog.offerings if o.id not in listed]
    per_gpu_rows = [r for r in kb.offering_records if r.gpus_per_host is not None]
    assert per_gpu_rows and len(rentals) == 3 * len(per_gpu_rows)
    for rental in rentals:
        base_id, _, count = rental.id.rpartition("x")
        base = listed[base_id]
        assert rental.gpu_count == int(count) in (2, 4, 8)
        assert base.price_usd_per_hour is not None and rental.price_usd_per_hour is not None
        assert rental.price_usd_per_hour == pytest.approx(base.price_usd_per_hour * int(count))
        assert rental.currency == base.currency and rental.source == base.source
        assert rental.instance_type == f"{count} × {base.instance_type}"


def test_eight_a800s_of_one_host_are_priced_and_sixteen_are_not() -> None:
    kb = load_knowledge()
    eight = plan(SizingRequest(params=7e9, tokens=2e10, gpu="a800", gpus=8), kb.china_plan_catalog)
    quote = eight.options[0].quote
    assert quote is not None and quote.instances == 1 and quote.offering.gpu_count == 8
    sixteen = plan(SizingRequest(params=7e9, tokens=2e10, gpu="a800", gpus=16), kb.china_plan_catalog)
    assert sixteen.options[0].quote is None


def test_a_host_size_on_a_row_that_is_not_priced_per_gpu_fails_at_load_naming_the_field(
    tmp_path: Path,
) -> None:
    sheet = tmp_path / "ops.yaml"
    sheet.write_text(PER_GPU_SHEET.replace("gpu_count: 1", "gpu_count: 8"), encoding="utf-8")
    with pytest.raises(KnowledgeError, match=r"ops\.yaml.*somemarket/a800.*gpus_per_host"):
        load_knowledge(offerings_file=sheet)
