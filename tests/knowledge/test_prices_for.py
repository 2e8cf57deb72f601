"""`kb.prices_for`: the one place an answer reads prices, so every answer agrees with the offerings
files about which GPU has a price where (QA: answers said "no price" for the RTX 4090 and 恒源云
while offerings_cn.yaml lists them)."""

from __future__ import annotations

from pathlib import Path

import pytest

from knowledge import load_knowledge
from knowledge.base import read_yaml
from knowledge.load import DATA_DIR


def cn_rows() -> list[dict[str, object]]:
    data = read_yaml(DATA_DIR / "offerings_cn.yaml")
    assert isinstance(data, dict)
    rows = data["offerings"]
    assert isinstance(rows, list)
    return rows


def test_every_chinese_list_price_in_the_file_is_returned_for_its_gpu_in_yuan() -> None:
    kb = load_knowledge()
    for row in cn_rows():
        gpu, cloud = str(row["gpu"]), str(row["cloud"])
        found = [r for r in kb.prices_for(gpu) if r.cloud == cloud]
        assert found, (gpu, cloud)
        price = row["price_cny_per_hour"]
        assert isinstance(price, float | int)
        count = row["gpu_count"]
        assert isinstance(count, float | int)
        assert found[0].currency == "CNY" and found[0].per_gpu_hour == pytest.approx(price / count)
        assert found[0].market == "cn" and found[0].usd_per_gpu_hour < found[0].per_gpu_hour


def test_a_chinese_marketplace_price_is_not_offered_to_a_plan_outside_china() -> None:
    kb = load_knowledge()
    assert kb.prices_for("rtx4090", market="cn")
    assert kb.prices_for("rtx4090", market="global") == []
    assert all(r.market == "global" for r in kb.prices_for("h100-sxm", market="global"))


def test_rows_come_cheapest_first_and_a_cloud_filter_keeps_only_that_cloud() -> None:
    kb = load_knowledge()
    rows = kb.prices_for("h100-sxm")
    assert [r.usd_per_gpu_hour for r in rows] == sorted(r.usd_per_gpu_hour for r in rows)
    azure = kb.prices_for("h100-sxm", clouds=["azure"])
    assert azure and {r.cloud for r in azure} == {"azure"}


def test_a_flagged_price_or_spot_column_is_never_returned_as_a_price() -> None:
    kb = load_knowledge()
    h200 = kb.prices_for("h200")
    assert h200 and all(r.cloud != "gcp" for r in h200)  # the outlier GCP row
    azure = next(r for r in h200 if r.cloud == "azure")
    assert azure.per_gpu_hour == pytest.approx(10.6) and azure.spot_per_gpu_hour is None


def test_priced_providers_name_the_marketplaces_with_public_chinese_prices() -> None:
    kb = load_knowledge()
    cn = kb.priced_providers("cn")
    assert {str(row["cloud"]) for row in cn_rows()} == set(cn)
    assert {"aws", "gcp", "azure", "lambda"} <= set(kb.priced_providers("global"))
    assert not {"aliyun", "tencent", "volcano"} & set(kb.priced_providers())


def test_an_operators_price_serves_both_markets(tmp_path: Path) -> None:
    ops = tmp_path / "ops.yaml"
    ops.write_text(
        "offerings:\n"
        "  - {id: mycloud/1xh20, cloud: mycloud, instance_type: 1xh20, gpu: h20, gpu_count: 1,\n"
        "     price_cny_per_hour: 9.0, region: cn-north, as_of: 2026-11-01, source: sheet}\n",
        encoding="utf-8",
    )
    kb = load_knowledge(offerings_file=ops)
    assert any(r.cloud == "mycloud" for r in kb.prices_for("h20", market="cn"))
    assert any(r.cloud == "mycloud" for r in kb.prices_for("h20", market="global"))
