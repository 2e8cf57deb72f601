"""An operator's offerings file and exchange rate change the catalog the engine sees."""

from __future__ import annotations

from pathlib import Path

import pytest

from knowledge import KnowledgeError, load_knowledge

OPERATOR_FILE = """\
offerings:
  - id: aws/p5.48xlarge
    cloud: aws
    instance_type: p5.48xlarge
    gpu: h100-sxm
    gpu_count: 8
    price_usd_per_hour: 40.0
    region: us-east-1
    as_of: 2026-11-01
    source: negotiated contract price
  - id: yidian/8xh800
    cloud: yidian
    instance_type: 8xh800
    gpu: h800
    gpu_count: 8
    price_usd_per_hour: 18.5
    spot_usd_per_hour: 9.0
    region: cn-beijing
    network_gbps: 1600
    as_of: 2026-11-20
    source: provider quote 2026-11-20
"""


@pytest.fixture
def operator_file(tmp_path: Path) -> Path:
    path = tmp_path / "offerings.yaml"
    path.write_text(OPERATOR_FILE, encoding="utf-8")
    return path


def test_add_mode_keeps_shipped_offerings_and_replaces_same_ids(operator_file: Path) -> None:
    shipped = load_knowledge().catalog.offerings
    merged = load_knowledge(offerings_file=operator_file, offerings_mode="add").catalog.offerings
    by_id = {o.id: o for o in merged}
    assert len(merged) == len(shipped) + 1
    assert by_id["aws/p5.48xlarge"].price_usd_per_hour == 40.0
    assert by_id["yidian/8xh800"].gpu_id == "h800"
    assert "gcp/a3-highgpu-8g" in by_id


def test_replace_mode_offers_only_the_operators_instances(operator_file: Path) -> None:
    offerings = load_knowledge(offerings_file=operator_file, offerings_mode="replace").catalog.offerings
    assert sorted(o.id for o in offerings) == ["aws/p5.48xlarge", "yidian/8xh800"]


def test_the_exchange_rate_override_reaches_the_catalog() -> None:
    assert load_knowledge(usd_to_cny=7.25).catalog.usd_to_cny == 7.25
    assert load_knowledge().catalog.usd_to_cny == load_knowledge().exchange_rate.usd_to_cny


def test_an_operator_offering_of_an_unknown_gpu_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(OPERATOR_FILE.replace("gpu: h800", "gpu: h900"), encoding="utf-8")
    with pytest.raises(KnowledgeError, match=r"bad\.yaml.*yidian/8xh800.*'gpu'.*h900"):
        load_knowledge(offerings_file=path)


def test_an_unknown_merge_mode_is_refused(operator_file: Path) -> None:
    with pytest.raises(KnowledgeError, match="offerings_mode"):
        load_knowledge(offerings_file=operator_file, offerings_mode="merge")


def test_loading_twice_with_the_same_arguments_returns_the_cached_base(operator_file: Path) -> None:
    assert load_knowledge() is load_knowledge()
    assert load_knowledge(offerings_file=operator_file) is not load_knowledge()
