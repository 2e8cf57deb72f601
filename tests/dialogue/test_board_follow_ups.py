"""A board named alone in a later message ("SXM 版呢", "PCIe 的呢", "what about the SXM?") asks the last
question again about that board of the GPU the last answer was about, not the NVLink FAQ."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant
from bot.nlu.gpus import board_named

from .asking import ask


def test_the_sxm_after_a_datasheet_is_that_family_s_sxm_datasheet(real: Consultant) -> None:
    zh = ask(real, "H100 NVL 显存多大", "SXM 版呢")
    assert zh.startswith("*NVIDIA H100 SXM5*：显存 80 GB") and "NVLink 和 PCIe 有什么区别" not in zh


def test_the_pcie_after_a_price_is_that_board_s_price(real: Consultant) -> None:
    zh = ask(real, "H100 SXM 多少钱一小时", "PCIe 的呢")
    assert zh.startswith("*NVIDIA H100 PCIe 按需价（每卡）*")
    hant = ask(real, "A100 40GB 的規格", "PCIe 的呢")
    assert hant.startswith("*NVIDIA A100 40GB PCIe*：顯存 40 GB")


def test_a_board_after_a_capability_answer_asks_the_same_of_it(real: Consultant) -> None:
    en = ask(real, "is the H100 NVL good for training?", "what about the SXM?")
    assert en.startswith("*Yes.* The NVIDIA H100 SXM5 is a training GPU")


def test_a_board_word_names_the_board_of_the_same_size() -> None:
    assert board_named("pcie 的呢", "a100-40gb") == "a100-40gb-pcie"
    assert board_named("sxm 版呢", "h100-nvl") == "h100-sxm"
    assert board_named("does it use pcie?", "h100-pcie") is None
