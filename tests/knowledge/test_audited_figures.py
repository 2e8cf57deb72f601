"""The figures an audit (issue 14) found wrong or inconsistent, each checked against its source and
against every knowledge text that repeats it."""

from __future__ import annotations

import re

import pytest

from knowledge import load_knowledge
from knowledge.base import Bilingual
from sizing.network import GPUS_PER_NODE, seed_tier
from sizing.plan import plan
from sizing.types import SizingRequest


def texts() -> list[tuple[str, str]]:
    """(entry id, text) for every text a user can read in the FAQ, pitfalls, scenarios and errata."""
    kb = load_knowledge()
    out: list[tuple[str, str]] = []
    parts: list[tuple[str, Bilingual]] = []
    for f in kb.faq:
        parts += [(f.id, f.title), (f.id, f.answer)]
    for p in kb.pitfalls:
        parts += [(p.id, p.title), (p.id, p.description), (p.id, p.advice)]
    for s in kb.scenarios:
        parts += [(s.id, s.summary), (s.id, s.storage), (s.id, s.corrections)]
    for e in kb.errata:
        parts.append((e.id, e.explanation))
    for entry_id, text in parts:
        out += [(entry_id, text.zh), (entry_id, text.en)]
    return out


def test_b200_fp32_is_the_hgx_figure_of_75_tflops_not_the_gb200_figure_of_80() -> None:
    b200 = load_knowledge().gpu_record("b200")
    assert b200.tflops.fp32.value == 75
    assert "HGXB200" in b200.tflops.fp32.src


def test_b200_dense_tf32_is_1100_with_2200_sparse() -> None:
    tf32 = load_knowledge().gpu_record("b200").tflops.tf32
    assert (tf32.value, tf32.sparse) == (1100, 2200)


def test_b200_power_cites_a_system_description_not_only_a_third_party_page() -> None:
    tdp = load_knowledge().gpu_record("b200").tdp_w
    assert tdp.value == 1000 and "MLPB200" in tdp.src and tdp.conf == "V"


def test_mi300x_matmul_efficiency_is_51_percent_and_every_text_about_it_agrees() -> None:
    kb = load_knowledge()
    efficiency = kb.gpu_record("mi300x").matmul_efficiency
    assert efficiency is not None and efficiency.value == 0.51
    stated = [
        (entry, text)
        for entry, text in texts()
        if re.search(r"mi300x", text, re.I) and re.search(r"峰值|peak", text, re.I) and "%" in text
    ]
    assert {entry for entry, _ in stated} >= {"faq.amd_rocm"}
    for entry, text in stated:
        near = re.search(r"MI300X[^。.;；]*?(\d+)%", text)
        assert near is not None and near.group(1) == "51", (entry, text)


_BASIS = {
    "gpu": re.compile(r"每卡|每张卡|per gpu|each gpu"),
    "node": re.compile(r"每节点|每台|节点间|per node|per vm|per instance|8-gpu node"),
}


def _gbps_mentions(text: str) -> list[tuple[float, str]]:
    """(Gb/s value, its basis) per figure: "node" or "gpu" when its clause names exactly one of them,
    "" when it names neither or both (ambiguous)."""
    found = []
    for clause in re.split(r"[，；;。]|, ", text):
        bases = {basis for basis, pattern in _BASIS.items() if pattern.search(clause.lower())}
        for m in re.finditer(r"(\d[\d,]*)(?:\s*[–-]\s*(\d[\d,]*))?\s*Gb/s", clause):
            value = float((m.group(2) or m.group(1)).replace(",", ""))
            found.append((value, bases.pop() if len(bases) == 1 else ""))
            bases = {basis for basis, pattern in _BASIS.items() if pattern.search(clause.lower())}
    return found


def test_every_network_figure_in_the_knowledge_says_in_its_clause_whether_it_is_per_node_or_per_gpu() -> None:
    unqualified = [
        (entry, value)
        for entry, text in texts()
        for value, basis in _gbps_mentions(text)
        if not basis and value >= 100  # tens of Gb/s of plain Ethernet need no basis
    ]
    assert unqualified == []


def test_a_per_gpu_network_figure_is_one_eighth_of_the_per_node_figure_beside_it() -> None:
    for entry, text in texts():
        mentions = _gbps_mentions(text)
        per_gpu = {v for v, b in mentions if b == "gpu"}
        per_node = {v for v, b in mentions if b == "node"}
        for value in per_gpu:
            assert value * GPUS_PER_NODE in per_node or not per_node, (entry, text)


def test_the_large_scenario_network_tier_is_the_engines_per_node_tier_for_32_gpus() -> None:
    large = next(s for s in load_knowledge().scenarios if s.id == "scenario.large")
    assert tuple(large.network_gbps) == seed_tier(32)[1]
    assert "每节点" in large.summary.zh and "per node" in large.summary.en


def test_the_infiniband_faq_quotes_the_per_node_network_of_the_instances_it_names() -> None:
    kb = load_knowledge()
    p5 = next(o for o in kb.offering_records if o.id == "aws/p5.48xlarge")
    answer = next(f for f in kb.faq if f.id == "faq.infiniband_roce").answer.en
    assert p5.network_gbps == 3200
    assert "3,200 Gb/s" in answer and f"{p5.network_gbps / GPUS_PER_NODE:.0f} Gb/s per GPU" in answer


def _engine_model_state_bytes_per_param() -> float:
    kb = load_knowledge()
    request = SizingRequest(params=7e9, tokens=1e9, method="full_finetune", gpu="h100-sxm", gpus=8)
    workload = plan(request, kb.catalog).to_dict()["workload"]
    return float(workload["optimizer_bytes_per_param"])


def test_every_7b_full_training_figure_is_the_engines_16_bytes_per_parameter() -> None:
    expected_gb = 7e9 * _engine_model_state_bytes_per_param() / 1e9
    assert expected_gb == pytest.approx(112)
    checked = 0
    for entry, text in texts():
        if not re.search(r"16\s*(?:字节|bytes)", text):
            continue
        for m in re.finditer(r"7B", text):
            figures = [float(x) for x in re.findall(r"(\d+)\s*GB", text[m.end() : m.end() + 40])]
            large = [x for x in figures if x >= 100]
            if large:
                assert large[0] == expected_gb, (entry, text)
                checked += 1
    assert checked >= 5
    assert not any(re.search(r"\b126\s*GB", text) for _, text in texts())


def test_the_h100_vs_a100_price_range_covers_the_examples_it_gives_from_the_catalogue() -> None:
    kb = load_knowledge()
    price = {o.id: (o.price_usd_per_hour or 0) / o.gpu_count for o in kb.offering_records}
    ratios = [
        price["lambda/gpu_8x_h100_sxm5"] / price["lambda/gpu_8x_a100_80gb_sxm4"],
        price["gcp/a3-highgpu-8g"] / price["gcp/a2-ultragpu-8g"],
    ]
    answer = next(f for f in kb.faq if f.id == "faq.h100_vs_a100").answer
    low, high = (float(x) for x in re.search(r"1\.(\d)–2\.(\d)", answer.zh).group(0).split("–"))  # type: ignore[union-attr]
    assert all(low - 0.05 <= r <= high + 0.05 for r in ratios), ratios
    assert f"{price['lambda/gpu_8x_h100_sxm5']:.2f}" in answer.en


def test_the_h800_faq_cites_the_h800_datasheet_and_dates_the_export_rules() -> None:
    kb = load_knowledge()
    entry = next(f for f in kb.faq if f.id == "faq.h800_h20_export")
    assert any("H800 GPU datasheet" in s.ref for s in entry.sources)
    assert "2023 年 10 月 17 日" in entry.answer.zh and "17 October 2023" in entry.answer.en
    assert "2025 年 4 月" in entry.answer.zh and "April 2025" in entry.answer.en
    assert "Neither has a full public NVIDIA datasheet" not in entry.answer.en
    h800 = kb.gpu_record("h800")
    assert "H800DS" in h800.memory_gb.src and h800.memory_gb.conf == "V"
