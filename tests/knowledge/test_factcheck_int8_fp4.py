"""INT8 and FP4 figures, and figures claimed for a GPU named earlier in a comparison or sentence: the
user gets the dense datasheet rate back, with the sparse headline named as such."""

from __future__ import annotations

import pytest

from knowledge import Correction, load_knowledge


def only(text: str) -> Correction:
    found = load_knowledge().factcheck(text)
    assert len(found) == 1, found
    return found[0]


@pytest.mark.parametrize(
    ("text", "gpu", "dense"),
    [
        ("L4 的 INT8 是 485 TOPS 吗", "l4", 242.5),
        ("H200 INT8 3958 TOPS?", "h200", 1979),
        ("B200 的 INT8 是 9000 TOPS 對嗎", "b200", 4500),
        ("RTX 4090 does 1321 TOPS of INT8, right?", "rtx4090", 660.6),
        ("3090 INT8 568 TOPS 吧", "rtx3090", 284),
        ("A40 INT8 598.6 TOPS?", "a40", 299.3),
        ("A6000 的 INT8 是 619.4 TOPS 吗", "rtx-a6000", 309.7),
        ("MI300X INT8 5229.8 TOPS?", "mi300x", 2614.9),
    ],
)
def test_a_sparse_int8_headline_is_named_sparse_with_the_dense_rate(
    text: str, gpu: str, dense: float
) -> None:
    c = only(text)
    assert (c.gpu_id, c.metric, c.kind, c.correct) == (gpu, "tflops.int8", "sparse", dense)
    assert f"{dense:g}" in c.message.zh and f"{dense:g}" in c.message.en and c.source


def test_a_right_dense_int8_figure_is_not_corrected() -> None:
    kb = load_knowledge()
    for text in ("H20 INT8 296 TOPS 对吗", "H200 INT8 1979 TOPS?", "MI250X INT8 383 TOPS?"):
        assert kb.factcheck(text) == [], text


def test_the_b200_fp4_headline_in_pflops_is_sparse_and_the_dense_rate_is_9000_tflops() -> None:
    c = only("B200 的 FP4 是 18 PFLOPS 吗")
    assert (c.gpu_id, c.metric, c.kind, c.correct) == ("b200", "tflops.fp4", "sparse", 9000)
    assert "9000" in c.message.zh and "训练" not in c.message.zh


def test_an_fp4_figure_for_a_gpu_without_fp4_says_it_has_none() -> None:
    c = only("H100 的 FP4 算力是 4000 TFLOPS 吗")
    assert (c.gpu_id, c.kind) == ("h100-sxm", "unsupported")
    assert "不支持 FP4" in c.message.zh and "989" in c.message.zh


def test_a_link_speed_said_to_be_the_same_as_another_gpus_is_checked_for_both() -> None:
    c = only("H800 的 NVLink 带宽和 H100 一样是 900GB/s 吗")
    assert (c.gpu_id, c.metric, c.correct) == ("h800", "scale_up_gbs", 400)


def test_a_memory_size_said_to_be_the_same_as_another_gpus_is_checked_for_both() -> None:
    c = only("H20 显存和 H100 一样是 80GB 吗")
    assert (c.gpu_id, c.metric, c.correct) == ("h20", "memory_gb", 96)


def test_a_figure_asked_in_its_own_short_sentence_belongs_to_the_gpu_just_named() -> None:
    c = only("What is the A40's INT8? 598.6 TOPS?")
    assert (c.gpu_id, c.correct) == ("a40", 299.3)
    assert load_knowledge().factcheck("We rent A40s. 598.6 TOPS? Who knows.") != []
    assert load_knowledge().factcheck("What is the A40's INT8? We need 600 TOPS of it.") == []


def test_a_wrong_pcie_generation_is_corrected_and_a_card_name_with_pcie_is_no_claim() -> None:
    c = only("H100 PCIe 是 PCIe 4.0 的卡吗")
    assert (c.gpu_id, c.metric, c.correct) == ("h100-pcie", "pcie_gen", 5)
    assert "PCIe Gen5" in c.message.zh and "PCIe Gen4" in c.message.en
    kb = load_knowledge()
    assert kb.factcheck("L4 is PCIe Gen4, right?") == []
    assert kb.factcheck("A100 PCIe 40GB 多少钱") == []
    assert only("Is the L4 a pcie5 card?").correct == 4


def test_gpu_memory_said_in_terabytes_is_corrected_to_gigabytes() -> None:
    c = only("A100 有 80 TB 显存对吧？")
    assert (c.gpu_id, c.metric, c.correct) == ("a100-80gb", "memory_gb", 80)
    assert "80 GB" in c.message.zh and "单位应是 GB" in c.message.zh
    assert "141 GB of memory, not 141 TB" in only("Does the H200 have 141 TB of memory?").message.en
    kb = load_knowledge()
    assert kb.factcheck("H100 训练数据 2TB 要多久") == []
    assert kb.factcheck("我们 H100 集群有 2 TB 的存储") == []
