"""Invariants every shipped knowledge record must satisfy (the gpuhunt habit: test each record)."""

from __future__ import annotations

from pathlib import Path

import pytest

from knowledge import KnowledgeBase, load_knowledge
from knowledge.schema import DTYPES, GpuRecord
from sizing.plan import plan
from sizing.types import SizingRequest

DESIGN_IDS = (
    "t4 v100-32gb a10 a10g a30 a40 rtx-a6000 a100-40gb a100-80gb l4 l40s rtx3090 rtx4090 "
    "h100-pcie h100-sxm h100-nvl h800 h20 h200 b200 mi250x mi300x"
).split()


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return load_knowledge()


def gpus() -> list[GpuRecord]:
    return list(load_knowledge().gpu_records)


def test_every_gpu_id_named_in_the_design_is_in_the_catalog(kb: KnowledgeBase) -> None:
    ids = [g.id for g in kb.gpu_records]
    assert set(DESIGN_IDS) <= set(ids)
    assert len(ids) == len(set(ids))


def test_the_engine_catalog_mirrors_every_gpu_record(kb: KnowledgeBase) -> None:
    assert [g.id for g in kb.catalog.gpus] == [g.id for g in kb.gpu_records]
    assert kb.catalog.gpu("h100-sxm").tflops.bf16 == 989


def test_a_gpu_looked_up_by_id_is_the_catalogs_and_a_missing_id_is_none(kb: KnowledgeBase) -> None:
    assert kb.catalog.gpu_or_none("h100-sxm") is kb.catalog.gpu("h100-sxm")
    assert kb.catalog.gpu_or_none("rtx3060") is None and kb.catalog.gpu_or_none(None) is None
    with pytest.raises(KeyError):
        kb.catalog.gpu("rtx3060")


@pytest.mark.parametrize("gpu", gpus(), ids=lambda g: g.id)
def test_every_figure_is_positive_and_names_a_known_source(gpu: GpuRecord, kb: KnowledgeBase) -> None:
    assert gpu.memory_gb.value > 0
    assert gpu.tflops.fp32.value and gpu.tflops.fp32.value > 0
    for d in DTYPES:
        value = getattr(gpu.tflops, d).value
        assert value is None or value > 0
    assert gpu.figure_sources() <= set(kb.gpu_sources)
    for key in gpu.figure_sources():
        assert kb.gpu_sources[key].as_of.year >= 2020


@pytest.mark.parametrize("gpu", gpus(), ids=lambda g: g.id)
def test_sparse_headlines_are_exactly_twice_the_dense_rate(gpu: GpuRecord) -> None:
    for d in DTYPES:
        figure = getattr(gpu.tflops, d)
        if figure.sparse is not None:
            assert figure.value is not None
            assert figure.sparse == pytest.approx(2 * figure.value, rel=0.015), d


@pytest.mark.parametrize("gpu", gpus(), ids=lambda g: g.id)
def test_precision_support_follows_the_architecture(gpu: GpuRecord, kb: KnowledgeBase) -> None:
    arch = next(a for a in kb.software.architectures if a.id == gpu.architecture)
    assert (gpu.tflops.bf16.value is not None) == arch.bf16
    assert (gpu.tflops.fp8.value is not None) == arch.fp8
    if arch.id in ("volta", "turing"):
        assert gpu.tflops.tf32.value is None


@pytest.mark.parametrize("gpu", gpus(), ids=lambda g: g.id)
def test_lower_precisions_are_never_slower(gpu: GpuRecord) -> None:
    t = gpu.tflops
    ladder = [v for v in (t.fp32.value, t.tf32.value, t.bf16.value, t.fp8.value) if v is not None]
    assert ladder == sorted(ladder)


@pytest.mark.parametrize("gpu", gpus(), ids=lambda g: g.id)
def test_the_reported_memory_is_the_nominal_size_read_as_gb_or_gib(gpu: GpuRecord) -> None:
    # nvidia-smi prints MiB; the datasheet's "80 GB" is sometimes GB, sometimes GiB, so the
    # reported bytes sit between 90% of the GB reading and 110% of the GiB reading.
    if gpu.usable_memory_mib is None or gpu.usable_memory_mib.value is None:
        return
    reported = gpu.usable_memory_mib.value * 2**20
    nominal = gpu.memory_gb.value
    assert 0.9 * nominal * 1e9 <= reported <= 1.1 * nominal * 2**30


@pytest.mark.parametrize("gpu", gpus(), ids=lambda g: g.id)
def test_no_pcie_only_gpu_claims_a_multi_gpu_fabric(gpu: GpuRecord) -> None:
    if gpu.scale_up.kind == "none":
        assert gpu.scale_up.domain == 1
    else:
        assert gpu.scale_up.domain >= 2


def test_every_offering_rents_a_catalog_gpu_on_a_cloud_that_gpu_lists(kb: KnowledgeBase) -> None:
    ids = [o.id for o in kb.offering_records]
    assert len(ids) == len(set(ids))
    for o in kb.offering_records:
        assert o.cloud in kb.gpu_record(o.gpu).clouds.value, o.id
        assert o.source and (o.as_of is None or o.as_of.year >= 2025)


def test_every_csv_row_is_either_an_offering_or_excluded_with_a_reason(kb: KnowledgeBase) -> None:
    from_csv = [o for o in kb.offering_records if kb.providers[o.cloud].market == "global"]
    assert len(from_csv) + len(kb.excluded_offerings) == 120
    assert all(row.reason for row in kb.excluded_offerings)
    assert {row.gpu for row in kb.excluded_offerings if not row.gpu.startswith("tpu")} == {"GH200", "RTX6000"}


def test_data_quality_flags_survive_the_conversion(kb: KnowledgeBase) -> None:
    flags = {o.id: set(o.flags) for o in kb.offering_records}
    assert "spot_equals_ondemand" in flags["azure/Standard_ND96isr_H200_v5"]
    assert "capacity_block_only" in flags["aws/p5e.48xlarge"]
    assert "fractional_gpu" in flags["azure/Standard_NV6ads_A10_v5"]
    assert "price_outlier" in flags["gcp/a3-ultragpu-8g"]  # by the documented-spot-range rule
    assert "snapshot_predates_price_cut" in flags["aws/g5.xlarge"]
    assert {"placeholder", "unverified_price"} <= flags["gcp/a4-highgpu-8g"]
    p5e = next(o for o in kb.catalog.offerings if o.id == "aws/p5e.48xlarge")
    assert p5e.price_usd_per_hour is None


def test_lambda_h100_instances_map_to_the_right_form_factor(kb: KnowledgeBase) -> None:
    gpu_of = {o.id: o.gpu for o in kb.offering_records}
    assert gpu_of["lambda/gpu_1x_h100_pcie"] == "h100-pcie"
    assert gpu_of["lambda/gpu_8x_h100_sxm5"] == "h100-sxm"
    assert gpu_of["gcp/a3-megagpu-8g"] == "h100-sxm"
    assert gpu_of["lambda/gpu_1x_a6000"] == "rtx-a6000"
    assert gpu_of["aws/p3.2xlarge"] == "v100-16gb"


def test_azure_nc_a100_v4_and_lambdas_small_a100_machines_carry_the_pcie_card(kb: KnowledgeBase) -> None:
    gpu_of = {o.id: o.gpu for o in kb.offering_records}
    for size in ("NC24ads", "NC48ads", "NC96ads"):
        assert gpu_of[f"azure/Standard_{size}_A100_v4"] == "a100-80gb-pcie"
    assert gpu_of["azure/Standard_ND96amsr_A100_v4"] == "a100-80gb"  # the SXM4 HGX machine
    for n in (1, 2, 4):
        assert gpu_of[f"lambda/gpu_{n}x_a100"] == "a100-40gb-pcie"
    assert gpu_of["lambda/gpu_1x_a100_sxm4"] == gpu_of["lambda/gpu_8x_a100"] == "a100-40gb"
    for pcie in ("a100-80gb-pcie", "a100-40gb-pcie"):
        record = kb.gpu_record(pcie)
        assert record.form_factor == "pcie" and record.scale_up.kind == "none"
        assert record.variant_of is not None and kb.gpu_record(record.variant_of).form_factor == "sxm"


UNPRICED_NEW_BOARDS = ("b300", "gb200", "mi325x", "mi355x", "l20", "rtx5090", "rtx-pro-6000")


def test_the_boards_without_a_price_are_never_a_free_choice_but_are_planned_when_named(
    kb: KnowledgeBase,
) -> None:
    pretrain = plan(SizingRequest(params=70e9, tokens=1e12, method="pretrain"), kb.catalog).to_dict()
    assert not {o["gpu"] for o in pretrain["options"]} & set(UNPRICED_NEW_BOARDS)
    reasons = {e["gpu"]: e for e in pretrain["excluded"]}
    for gid in UNPRICED_NEW_BOARDS:
        assert reasons[gid]["reason"] == "no_price" and "catalogue" in reasons[gid]["message"]
    # a consumer card stays within one 8-GPU box (no NVLink switch, no RDMA): named for a 70B
    # pre-training run, it does not fit whatever its price
    named = plan(
        SizingRequest(params=70e9, tokens=1e12, method="pretrain", gpu="rtx5090"), kb.catalog
    ).to_dict()
    assert not named["options"] and named["excluded"][0]["message"] == "does not fit even on 8 × 34.2 GB"
    owned = plan(SizingRequest(params=7e9, tokens=5e7, method="qlora", gpu="rtx5090", gpus=1), kb.catalog)
    option = owned.to_dict()["options"][0]
    assert option["gpu"] == "rtx5090" and option["fits"] and option["cost"]["on_demand_usd"] is None
    assert {"consumer_gpu", "no_price"} <= {w["code"] for w in owned.to_dict()["warnings"]}


def test_a_plan_on_azures_pcie_a100s_never_claims_nvlink(kb: KnowledgeBase) -> None:
    request = SizingRequest(params=7e9, tokens=2e9, method="lora", gpu="a100-80gb-pcie", gpus=2)
    option = plan(request, kb.catalog).to_dict()["options"][0]
    assert option["gpu"] == "a100-80gb-pcie" and option["network"]["scale_up"] == "pcie"
    assert option["cost"]["cloud"] == "azure"


def test_every_reference_text_has_chinese_and_english(kb: KnowledgeBase) -> None:
    texts = [e.explanation for e in kb.errata] + [c.text for c in kb.checklist]
    texts += [t for s in kb.scenarios for t in (s.title, s.summary, s.corrections, s.storage, s.users)]
    texts += [n for f in kb.software.features for n in (f.when_supported, f.when_unsupported) if n]
    for text in texts:
        assert text.zh.strip() and text.en.strip()
        assert any("\u4e00" <= ch <= "\u9fff" for ch in text.zh)


def test_published_runs_reference_catalog_gpus_and_are_dated(kb: KnowledgeBase) -> None:
    usable = [r for r in kb.published_runs if r.usable_for_calibration]
    assert len(usable) >= 8
    for r in usable:
        assert r.gpu is not None and r.gpu_hours is not None
        assert r.source.as_of.year >= 2022
    assert {m.method for m in kb.finetune_measurements} >= {"full_finetune", "lora", "qlora"}


def test_exchange_rate_is_plausible_and_dated(kb: KnowledgeBase) -> None:
    assert 6.0 < kb.catalog.usd_to_cny < 8.0
    assert kb.catalog.usd_to_cny_as_of == kb.exchange_rate.source.as_of


def test_two_providers_sharing_an_alias_fail_at_load_naming_the_file_and_field(tmp_path: Path) -> None:
    from knowledge.base import KnowledgeError
    from knowledge.load import load_providers

    path = tmp_path / "providers.yaml"
    path.write_text(
        "providers:\n"
        "  - {id: a, name: {zh: A, en: A}, aliases: [cloud one], market: global, kind: cloud}\n"
        "  - {id: b, name: {zh: B, en: B}, aliases: [cloud one], market: cn, kind: cloud}\n",
        encoding="utf-8",
    )
    with pytest.raises(KnowledgeError, match=r"providers.yaml: entry 'b': field 'aliases'"):
        load_providers(path)


def test_a_provider_alias_in_capitals_fails_validation(tmp_path: Path) -> None:
    from knowledge.base import KnowledgeError
    from knowledge.load import load_providers

    path = tmp_path / "providers.yaml"
    path.write_text(
        "providers:\n  - {id: a, name: {zh: A, en: A}, aliases: [RunPod], market: global, kind: cloud}\n",
        encoding="utf-8",
    )
    with pytest.raises(KnowledgeError, match="aliases"):
        load_providers(path)


def test_no_source_in_the_knowledge_data_is_dated_after_today() -> None:
    # A snapshot or a reading date cannot lie in the future: it would make a stale price look fresh.
    import datetime as dt
    import re
    from pathlib import Path

    data = Path(__file__).resolve().parents[2] / "knowledge" / "data"
    today = dt.date.today()
    future = [
        f"{path.name}: {m.group(1)}"
        for path in sorted(data.glob("*.yaml"))
        for m in re.finditer(r"\bas_of:\s*['\"]?(\d{4}-\d{2}-\d{2})", path.read_text(encoding="utf-8"))
        if dt.date.fromisoformat(m.group(1)) > today
    ]
    assert not future, future
