"""A PCIe generation the user quotes about a GPU is a figure check: a wrong one gets No and the
catalogue's generation with its source, a right one Yes."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

from .asking import ask


def test_a_wrong_pcie_generation_gets_no_and_the_right_one(real: Consultant) -> None:
    text = ask(real, "H100 PCIe 是 PCIe 4.0 的卡吗")
    assert text.startswith("*不对*。") and "PCIe Gen5" in text and "来源" in text


def test_a_right_pcie_generation_gets_yes_in_english(real: Consultant) -> None:
    text = ask(real, "The RTX 4090 is PCIe 4.0, right?")
    assert text.startswith("*Yes.*") and "PCIe Gen4 host interface" in text
