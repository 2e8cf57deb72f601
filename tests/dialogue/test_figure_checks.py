"""Checking a GPU figure: the verdict first, the datasheet value with its source, and a quoted size
that is the GPU's memory never read as training data."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant

from .asking import FORM, ask


def test_a_rate_that_is_the_fp8_one_is_yes_with_the_training_rate_beside_it(real: Consultant) -> None:
    reply = ask(real, "the L4 does 242 TFLOPS right?")
    assert reply.startswith("*Yes, as its FP8 rate.*")
    assert "121" in reply and "BF16" in reply


def test_an_untyped_rate_in_chinese_says_which_type_it_is_and_the_bf16_rate(real: Consultant) -> None:
    reply = ask(real, "H20 算力 296 TFLOPS 对吗")
    assert reply.startswith("*对，但这是 FP8 的数字*") and "148" in reply


def test_a_memory_size_said_after_has_later_in_the_sentence_is_checked_not_taken_as_data(
    real: Consultant,
) -> None:
    reply = ask(real, "the L4 does 121 TFLOPS and has 24GB right?")
    assert reply.startswith("*Yes.*") and "24 GB of memory" in reply
    assert not any(q in reply for q in FORM)
    wrong = ask(real, "the L4 does 121 TFLOPS and has 48GB right?")
    assert wrong.startswith("*No.*") and "24 GB" in wrong


def test_a_sparse_rate_quoted_without_a_unit_is_named_as_sparse(real: Consultant) -> None:
    reply = ask(real, "H100 PCIe 的 FP16 是 1513 吧")
    assert reply.startswith("*不对*") and "756" in reply and "稀疏" in reply


def test_the_boards_of_a_family_listed_together_are_checked_not_taken_as_data(real: Consultant) -> None:
    for text in (
        "A100 comes in 40GB and 80GB, right?",
        "A100的显存是40G和80G两种对吧",
        "V100 有 16G 和 32G 吗",
    ):
        reply = ask(real, text)
        assert reply.startswith(("*Yes.*", "*对*。")), text
        assert not any(q in reply for q in FORM), text
    both = ask(real, "H100 有 80G 和 94G 两种吗")
    assert "H100 SXM5 是 80 GB" in both and "H100 NVL 是 94 GB" in both


def test_sizes_listed_as_data_stay_data_beside_a_gpu(real: Consultant) -> None:
    reply = ask(real, "用 A100 训练 7B，数据 40GB 和 80GB 两份")
    assert "数据 40 GB" in reply


def test_taiwans_word_for_memory_after_a_gpu_sized_figure_is_checked(real: Consultant) -> None:
    assert ask(real, "聽說 H200 有 192GB 記憶體？").startswith("*不對*")
    # a server's RAM is larger than any GPU's memory: neither a claim about the GPU nor the data
    reply = ask(real, "我們有 8 張 H100，伺服器 1TB 記憶體")
    assert "資料" not in reply.splitlines()[0] and "不對" not in reply


@pytest.mark.parametrize(
    ("text", "opens"),
    [("H200 显存是多少？141G 对吧", "*对*。NVIDIA H200 SXM 是 141 GB 显存"),
     ("L40S 的显存多少？64G 吗？", "*不对*"),
     ("B200 記憶體多少？180G 沒錯吧", "*對*。NVIDIA B200 是 180 GB 顯存"),
     ("How much memory does the H200 have? 141GB right?", "*Yes.* The NVIDIA H200 SXM has 141 GB")],
)  # fmt: skip
def test_a_size_put_up_after_asking_the_memory_is_checked_not_taken_as_data(
    real: Consultant, text: str, opens: str
) -> None:
    reply = ask(real, text)
    assert reply.startswith(opens), reply
    assert not any(q in reply for q in FORM) and "数据 " not in reply


def test_one_figure_said_to_be_the_same_on_two_gpus_is_compared_on_that_figure(real: Consultant) -> None:
    link = ask(real, "The H800 has the same NVLink bandwidth as the H100, yes?")
    assert link.startswith("*No.*") and "400 GB/s" in link and "900 GB/s" in link
    memory = ask(real, "does the A800 have the same memory bandwidth as the A100?")
    assert memory.startswith("*Yes.*") and "2.04 TB/s" in memory


def test_a_figure_of_a_part_outside_the_catalogue_is_not_taken_as_data(real: Consultant) -> None:
    for text, missing in (
        ("GB300 有 576GB 吗", "目录里没有 GB300"),
        ("does the MI350X have 256GB?", "No MI350X"),
    ):
        reply = ask(real, text)
        assert reply.startswith((f"*{missing}", missing)), reply
        assert "576 GB" not in reply and "256 GB of data" not in reply and not any(q in reply for q in FORM)
    assert "数据 32 GB" in ask(real, "用 RTX 5080 训练 7B，数据 32GB")


def test_two_quoted_figures_that_are_one_fact_get_that_figure_once_not_both_exist(real: Consultant) -> None:
    en = real.handle("s-h200-either", "is the H200 141GB or 144GB?").text
    assert en.startswith("*141 GB.* The NVIDIA H200 SXM has 141 GB of memory") and "Both exist" not in en
    assert en.count("has 141 GB") == 1
    zh = real.handle("s-h200-either-zh", "H200 显存是 141G 还是 144G").text
    assert zh.startswith("*是 141 GB*。") and "两种都有" not in zh


def test_a_size_asked_with_dui_bu_dui_is_a_figure_check_not_a_correction(real: Consultant) -> None:
    reply = ask(real, "T4 是16GB显存 对不对")
    assert reply.startswith("*对*") and "16 GB" in reply


def test_an_fp64_figure_is_checked_against_the_fp64_rates_not_another_type(real: Consultant) -> None:
    tensor = ask(real, "H100 SXM FP64 is 67 TFLOPS?")
    assert tensor.startswith("*Yes.*") and "FP64 Tensor Core" in tensor and "FP32" not in tensor
    wrong = ask(real, "H800 的双精度是 34 TFLOPS 吗")
    assert wrong.startswith("*不对*") and "1 TFLOPS" in wrong


def test_a_wrong_size_that_another_board_of_the_family_has_names_that_board(real: Consultant) -> None:
    reply = ask(real, "H100 NVL is 80 gigs?")
    assert reply.startswith("*No.*") and "94 GB" in reply and "H100 SXM5" in reply
    assert "There is no 80 GB H100" not in reply and "A100" not in reply


def test_the_gpu_card_names_its_int8_and_fp4_rates_where_the_datasheet_has_them(real: Consultant) -> None:
    assert "INT8 242 TOPS" in ask(real, "what's the INT8 TOPS of the L4?")
    card = ask(real, "B200 规格")
    assert "FP4 9,000 TFLOPS" in card and "INT8 4,500 TOPS" in card


@pytest.mark.parametrize(
    ("text", "start", "shown"),
    [
        ("B300 has 288GB right?", "*Yes.*", "288 GB"),
        ("RTX PRO 6000 96GB?", "*Yes.*", "96 GB"),
        ("is the RTX5090 32 GB?", "*Yes.*", "32 GB"),
        ("L20显存是48G吗", "*对*", "48 GB"),
        ("MI325X 的显存带宽是 5.3 TB/s 对吧", "*不对*", "6 TB/s"),
        ("GB200 每颗GPU的FP8是 10 PFLOPS 吗", "*不对*", "5000 TFLOPS"),
        ("B300 bf16 dense is 5 PFLOPS?", "*No.*", "2250 TFLOPS"),
        ("MI355X 功耗 1400W 對嗎", "*對*", "1,400 W"),
    ],
)
def test_figures_of_the_newer_boards_are_checked_against_their_datasheets(
    real: Consultant, text: str, start: str, shown: str
) -> None:
    reply = ask(real, text)
    assert reply.startswith(start) and shown in reply, reply


def test_a_workstation_rtx_pro_card_outside_the_catalogue_is_said_so_not_read_as_data(
    real: Consultant,
) -> None:
    reply = ask(real, "RTX PRO 5000 has 48GB right?")
    assert reply.startswith("*No RTX PRO 5000 in the catalogue*") and "of data" not in reply


def test_an_int8_figure_for_a_gpu_without_a_published_int8_rate_is_not_confirmed_nor_a_form(
    real: Consultant,
) -> None:
    en = ask(real, "V100 INT8 is 250 TOPS?")
    assert en.startswith("*I can't confirm that.*") and "125 TFLOPS" in en
    zh = ask(real, "A10G 的 INT8 是 250 TOPS 吗")
    assert zh.startswith("*没法确认*") and "INT8" in zh and not any(f in zh for f in FORM)


def test_a_compute_rate_is_not_a_price_question(real: Consultant) -> None:
    reply = ask(real, "is the T4 BF16 rate 65 TFLOPS?")
    assert reply.startswith("*No.*") and "does not support BF16" in reply and "GPU-hour" not in reply


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("MI355X 的 FP64 多少", "• FP64：78.6 TFLOPS"),
        ("H100 SXM 的双精度是多少", "• FP64：34 TFLOPS（用 FP64 Tensor Core：67）"),
        ("5090 的 FP32 算力是多少", "• FP32（CUDA 核心，非 Tensor Core）：104.8 TFLOPS"),
        ("what's the TF32 rate of the A100 80GB?", "• TF32 (dense): 156 TFLOPS."),
        (
            "B300 的 INT8 算力多少",
            "• INT8（稠密）：目录里没有这个速率。B300 的 INT8 张量核心速率来源互相矛盾",
        ),
        ("what is the usable memory of an RTX PRO 6000 in nvidia-smi", "• Usable memory: 97,887 MiB"),
        ("MI300X 用 rocm-smi 看实际可用显存多少", "rocm-smi 显示 196,288 MiB"),
        ("MI355X 實際可用顯存多少", "目錄裡沒有有來源的 rocm-smi 總量，估算方案按標稱的 288 GB"),
    ],
)
def test_a_card_question_names_the_figure_it_asks_for_under_the_card(
    real: Consultant, text: str, line: str
) -> None:
    reply = ask(real, text)
    assert line in reply, reply


def test_a_rate_the_card_already_shows_is_not_said_twice(real: Consultant) -> None:
    reply = ask(real, "what's the INT8 TOPS of the L4?")
    assert reply.count("INT8") == 1, reply


def test_the_accumulator_of_a_rate_is_not_a_figure_asked_and_a_geforce_card_names_its_accumulate(
    real: Consultant,
) -> None:
    reply = ask(real, "5090 fp16 with fp32 accumulate tflops?")
    assert "FP16 210 (both with FP32 accumulate, as training uses)" in reply and "CUDA cores" not in reply, (
        reply
    )
    assert "（均为训练所用的 FP32 累加速率）" in ask(real, "4090 显存多大")
    assert "FP32 accumulate" not in ask(real, "L40S specs")  # a data-centre card has one 16-bit rate


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("GB200 一张卡的 FP8 稠密算力是多少", "FP8 5,000 TFLOPS"),
        ("H100 SXM 一张卡的 FP8 算力多少", "FP8 1,979 TFLOPS"),
        ("單卡 MI325X 的 bf16 算力多少？", "BF16 1,307 TFLOPS"),
    ],
)
def test_a_rate_asked_of_one_card_is_its_datasheet_not_a_plan_nor_a_pitfall(
    real: Consultant, text: str, shown: str
) -> None:
    reply = ask(real, text)
    assert shown in reply and "误区" not in reply, reply
    assert not any(q in reply for q in (*FORM, "模型有多少参数", "模型有多少參數")), reply
