"""Claims without a number (tier, positioning, features) get the erratum back; brackets are not claims."""

from __future__ import annotations

import re

import pytest

from knowledge import load_knowledge
from knowledge.gpu_names import catalogue_names
from knowledge.quotes import quotes


def kinds(text: str) -> list[tuple[str, str]]:
    return [(c.gpu_id, c.kind) for c in load_knowledge().factcheck(text)]


def test_a_memory_tier_range_is_not_read_as_a_3090_memory_size() -> None:
    found = load_knowledge().factcheck("我的 RTX 3090 放在 8-16GB 档还是 16-32GB 档？")
    assert all(c.metric != "memory_gb" for c in found), found


@pytest.mark.parametrize(
    "text",
    [
        "RTX 3090 适合 16-32GB 档的训练吗",
        "RTX 3090 適合 16GB~32GB 檔的訓練嗎",
        "Is the RTX 3090 recommended for training in the 16-32 GB tier?",
    ],
)
def test_the_3090_recommended_for_the_16_to_32gb_tier_returns_the_positioning_erratum(text: str) -> None:
    found = load_knowledge().factcheck(text)
    assert [(c.kind, c.erratum_id) for c in found] == [("claim", "erratum.rtx3090_tier")]
    assert "LoRA" in found[0].message.en and found[0].claimed is None


@pytest.mark.parametrize(
    "text", ["A30 是入门级高性能卡吗", "A30 是入門級高性能卡嗎", "Is the A30 an entry-level training card?"]
)
def test_calling_the_a30_entry_level_is_corrected_in_every_script(text: str) -> None:
    found = load_knowledge().factcheck(text)
    assert [(c.gpu_id, c.kind) for c in found] == [("a30", "claim")]
    assert "不是入门级" in found[0].message.zh and "not entry-level" in found[0].message.en


@pytest.mark.parametrize(
    "text", ["H100 支持 InfiniBand 互联吗", "H100 支援 InfiniBand 嗎", "Does the H100 support InfiniBand?"]
)
def test_infiniband_as_an_h100_feature_is_explained_as_a_cluster_network(text: str) -> None:
    found = load_knowledge().factcheck(text)
    assert [(c.gpu_id, c.kind, c.metric) for c in found] == [("h100-sxm", "claim", "feature")]
    assert "not a GPU spec" in found[0].message.en


@pytest.mark.parametrize(
    "text", ["A30 有多少显存", "H100 集群的网络怎么选", "What is the 3090's memory bandwidth?", "A30 vs L4"]
)
def test_questions_that_make_no_claim_get_no_correction(text: str) -> None:
    assert kinds(text) == []


def test_a_wrong_single_memory_size_is_still_corrected() -> None:
    assert kinds("RTX 3090 有 32GB 显存") == [("rtx3090", "nonexistent")]


def test_citations_users_read_name_no_internal_path_or_full_commit_hash() -> None:
    kb = load_knowledge()
    texts = [
        "T4 FP16 89 TFLOPS",
        "H100 有 160GB 版本",
        "A30 是入门级吗",
        "H100 supports InfiniBand",
        "L4 242 FP16",
    ]
    cited = [c.source for t in texts for c in kb.factcheck(t)]
    cited += [s.citation for s in kb.gpu_sources.values()] + [e.source.citation for e in kb.errata]
    assert len(cited) > 10
    for text in cited:
        assert "reference/" not in text and not re.search(r"[0-9a-f]{12,}", text), text


@pytest.mark.parametrize(
    ("text", "metric"),
    [
        ("isnt the 4090 like 330 tflops bf16?", "tflops.bf16"),
        ("这张4090有48G显存吗", "memory_gb"),
        ("RTX 4090 has 48GB of VRAM?", "memory_gb"),  # the x of "RTX" is no "x 4090" multiplier
    ],
)
def test_a_wrong_4090_figure_is_corrected_when_the_card_is_named(text: str, metric: str) -> None:
    (correction,) = load_knowledge().factcheck(text)
    assert correction.gpu_id == "rtx4090" and correction.metric == metric


@pytest.mark.parametrize(
    "text",
    [
        "What's the price difference between A100 40GB and 80GB on Lambda?",  # two variants, no claim
        "we have 4090 samples of 24GB data",  # a bare number is a quantity
        "2x RTX 4090 = 48GB",  # a total over two cards
    ],
)
def test_naming_variants_or_quantities_draws_no_correction(text: str) -> None:
    assert load_knowledge().factcheck(text) == []


def test_a_disk_size_beside_a_gpu_is_not_quoted_as_its_memory() -> None:
    # "SSD" joined the storage words here when knowledge.hardware_words became their one list.
    said = quotes("H100 80GB 配 960GB SSD，对吗？", catalogue_names().records)
    assert [(q.kind, q.value) for q in said] == [("memory", 80.0)]


def test_a_wrong_gpu_to_gpu_link_speed_names_the_link_as_its_maker_writes_it() -> None:
    (b200,) = load_knowledge().factcheck("B200 NVLink is 900 GB/s right?")
    assert b200.message.en.startswith("The NVIDIA B200's NVLink runs at 1800 GB/s")
    (mi300x,) = load_knowledge().factcheck("MI300X 的 Infinity Fabric 是 300 GB/s 吗")
    assert "的 Infinity Fabric 带宽是" in mi300x.message.zh
