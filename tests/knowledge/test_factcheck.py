"""Users quoting GPU figures in zh-Hans, zh-Hant or English get the dense datasheet value back."""

from __future__ import annotations

import pytest

from knowledge import Correction, load_knowledge


def corrections(text: str) -> list[tuple[str, str, str]]:
    return [(c.gpu_id, c.metric, c.kind) for c in load_knowledge().factcheck(text)]


def only(text: str) -> Correction:
    found = load_knowledge().factcheck(text)
    assert len(found) == 1, found
    return found[0]


def test_a_made_up_t4_rate_in_simplified_chinese_is_corrected_to_65() -> None:
    c = only("听说T4半精度有89T算力，真的吗")
    assert (c.gpu_id, c.metric, c.correct) == ("t4", "tflops.fp16", 65)
    assert "65" in c.message.zh and "65" in c.message.en
    assert c.source


def test_the_a100_sparse_headline_in_english_is_named_as_sparse() -> None:
    c = only("Our vendor says the A100 80GB does 624 TFLOPS of BF16")
    assert c.kind == "sparse" and c.correct == 312
    assert "312" in c.message.en and "sparsity" in c.message.en


def test_the_h100_bandwidth_mistaken_for_compute_is_explained() -> None:
    c = only("H100的FP16是3,351 TFLOPS？")
    assert c.gpu_id == "h100-sxm" and c.correct == 989
    assert "989" in c.message.zh and "3.35" in c.message.en


def test_a_non_existent_h100_memory_size_in_traditional_chinese_is_flagged() -> None:
    c = only("我想租H100 160GB顯存的版本")
    assert (c.metric, c.kind) == ("memory_gb", "nonexistent")
    assert "80" in c.message.en and "94" in c.message.en


@pytest.mark.parametrize(
    ("text", "gpu", "names"),
    [("H100 NVL 是 80GB 吧", "h100-nvl", ("H100 PCIe", "H100 SXM5")),
     ("H100 PCIe has 94GB?", "h100-pcie", ("H100 NVL",))],
)  # fmt: skip
def test_a_size_another_card_of_the_family_has_corrects_the_card_named_and_names_the_other(
    text: str, gpu: str, names: tuple[str, ...]
) -> None:
    c = only(text)
    assert (c.gpu_id, c.metric, c.kind) == (gpu, "memory_gb", "wrong")
    assert "no " not in c.message.en.lower() and "没有" not in c.message.zh
    assert all(n in c.message.en and n in c.message.zh for n in names)


def test_each_size_in_a_slash_list_is_checked() -> None:
    assert corrections("H200 有 141GB/192GB 两种吗") == [("h200", "memory_gb", "nonexistent")]


def test_a_dtype_the_gpu_lacks_is_called_unsupported_with_the_rate_it_has() -> None:
    c = only("V100 BF16 is 125 TFLOPS right?")
    assert c.kind == "unsupported" and "125" in c.message.en and "BF16" in c.message.en


def test_pflops_are_converted_before_comparing() -> None:
    assert corrections("B200 FP8 is 4.5 PFLOPS") == []
    assert only("B200 FP8 is 9 PFLOPS").kind == "sparse"


def test_the_mi250x_package_rate_is_corrected() -> None:
    c = only("MI250X雙芯FP16有4800 TFLOPS")
    assert c.correct == 383 and "383" in c.message.zh


def test_a_wrong_memory_bandwidth_is_corrected() -> None:
    c = only("the L4 has 1.2 TB/s of memory bandwidth")
    assert c.metric == "memory_bandwidth_tbs" and "0.3" in c.message.en


def test_a_wrong_nvlink_figure_is_corrected_as_interconnect_not_memory() -> None:
    c = only("H800的NVLink互联带宽也是900 GB/s吗")
    assert (c.gpu_id, c.metric, c.correct) == ("h800", "scale_up_gbs", 400)
    assert "400" in c.message.zh


def test_a_gpu_without_nvlink_says_so() -> None:
    c = only("Does the L40S NVLink run at 900 GB/s?")
    assert c.correct is None and "PCIe" in c.message.en


@pytest.mark.parametrize(
    "text",
    [
        "A100 FP16 312 TFLOPS对吧",
        "H100 SXM has 989 TFLOPS BF16 and 3.35 TB/s",
        "L40S 48GB, 362 TFLOPS FP16",
        "H200 141GB 显存够不够",
        "MI300X: 192GB, 1307 TFLOPS BF16",
        "RTX 4090 24GB 165 TFLOPS",
        "H100 NVLink 900 GB/s",
        "H100 nodes with 400 Gb/s InfiniBand per GPU",
        "A10G / A10（24GB）够用吗",
        "我有100GB数据，想用A100训练",
        "我們有 8 張 A100 80GB，想微調 13B，資料 100GB",
        "我们有 8 张 A100，想微调 13B，资料 100GB",
        "8张H100 一共640GB显存",
        "租 8 T4 GPUs for a week",
        "How much does a 4090 TFLOPS benchmark cost?",
    ],
)
def test_correct_or_unrelated_figures_produce_no_correction(text: str) -> None:
    assert corrections(text) == []


def test_a_figure_far_from_any_gpu_name_is_left_alone() -> None:
    assert corrections("I read that some chip does 89 TFLOPS. Anyway, is the T4 cheap?") == []


@pytest.mark.parametrize(
    ("text", "gpu", "correct"),
    [
        ("H100 是 80G 显存吧？bf16 算力 1979 TFLOPS 对不对", "h100-sxm", 989),
        ("A100 80G 對吧？BF16 算力 624 TFLOPS 嗎", "a100-80gb", 312),
        ("The H100 has 80GB. Its bf16 is 1979 TFLOPS, right?", "h100-sxm", 989),
    ],
)
def test_a_next_sentence_that_only_labels_a_figure_is_about_the_gpu_named_before(
    text: str, gpu: str, correct: float
) -> None:
    c = only(text)
    assert (c.gpu_id, c.correct, c.kind) == (gpu, correct, "sparse")


def test_a_next_sentence_about_something_else_keeps_its_figure_off_the_gpu() -> None:
    assert corrections("H100 多少钱一小时？我们的数据有 500GB") == []


@pytest.mark.parametrize(
    "text",
    [
        "用 16 张 H100 预训练 7B，2T token 要多久",
        "A800 上全参微调，1T 参数的模型放得下吗",
        "H20 跑 3T 的数据要几天",
        "Llama 3 was trained on 15T tokens on H100s",
    ],
)
def test_a_trillion_tokens_parameters_or_data_is_no_tflops_claim(text: str) -> None:
    assert corrections(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "What do the V100 16GB and 32GB cost per hour?",
        "A100 40GB 还是 80GB 划算",
        "H100 80GB or 94GB for serving?",
    ],
)
def test_a_second_variant_joined_to_a_gpu_name_is_a_choice_not_a_claim(text: str) -> None:
    assert corrections(text) == []


def test_a_joined_size_no_variant_has_is_still_corrected() -> None:
    assert corrections("A100 40GB and 120GB, which is cheaper?") == [
        ("a100-40gb", "memory_gb", "nonexistent")
    ]


@pytest.mark.parametrize(
    ("text", "gpu", "metric", "kind"),
    [
        ("the 3090 has 48GB, right?", "rtx3090", "memory_gb", "nonexistent"),
        ("4090 的 FP8 是 660 TFLOPS 吧", "rtx4090", "tflops.fp8", "sparse"),
        ("RTX 4090 comes with 32GB of VRAM?", "rtx4090", "memory_gb", "nonexistent"),
    ],
)
def test_a_gpu_named_by_its_bare_number_or_full_name_has_its_figures_checked(
    text: str, gpu: str, metric: str, kind: str
) -> None:
    assert corrections(text) == [(gpu, metric, kind)]


def test_a_bare_number_with_a_unit_is_a_quantity_not_a_gpu() -> None:
    assert corrections("we have 4090 tokens of eval data and 48GB of logs") == []


@pytest.mark.parametrize("text", ["H200 fp8 is 4 petaflops?", "H200 的 FP8 有 4 PF 吗"])
def test_petaflops_written_out_or_as_pf_are_converted(text: str) -> None:
    c = only(text)
    assert (c.gpu_id, c.metric, c.claimed, c.kind) == ("h200", "tflops.fp8", 4000, "sparse")


def test_taiwan_memory_wording_right_after_a_gpu_is_its_gpu_memory() -> None:
    c = only("B200 的記憶體是 96GB 對吧？")
    assert (c.gpu_id, c.metric) == ("b200", "memory_gb")


def test_a_servers_ram_is_not_taken_for_gpu_memory() -> None:
    assert corrections("A100 服务器内存 512GB") == []


def test_fp8_quoted_for_a_gpu_without_fp8_says_it_has_none_not_the_guides_fp16_erratum() -> None:
    # 624 is also the seed guide's sparse FP16 figure for the A100: that erratum is about FP16, not FP8.
    c = only("the A100 does FP8 at 624 TFLOPS")
    assert c.kind == "unsupported" and c.erratum_id is None
    assert "does not support FP8" in c.message.en and "NVLink" not in c.message.en


def test_a_rate_quoted_without_a_unit_after_its_data_type_is_still_checked() -> None:
    c = only("H100 PCIe 的 FP16 是 1513 吧")
    assert (c.gpu_id, c.metric, c.kind, c.correct) == ("h100-pcie", "tflops.fp16", "sparse", 756)
    assert only("is the A10 fp16 250?").kind == "sparse"


@pytest.mark.parametrize(
    "text",
    [
        "H100 bf16, 2 weeks",
        "A100 FP16 训练 7B 模型",
        "H100 BF16 3天能训完吗",
        "B200 的 FP8 是 4500 吗",
    ],
)
def test_a_number_that_is_not_a_rate_claim_or_is_right_is_left_alone(text: str) -> None:
    assert corrections(text) == []
