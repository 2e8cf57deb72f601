"""A right figure the user quoted is confirmed as the datasheet states it, not rounded into another
number ("112 GB/s" for a 112.5 GB/s link would misstate the figure being confirmed)."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

from .asking import ask


def test_a_confirmed_link_speed_keeps_its_half(real: Consultant) -> None:
    text = ask(real, "RTX 3090 有 NVLink 吗？112.5 GB/s？")
    assert text.startswith("*对*") and "112.5 GB/s" in text


def test_a_confirmed_rate_keeps_its_decimal_and_thousands_separator(real: Consultant) -> None:
    assert "1,670.5 dense FP8 TFLOPS" in ask(real, "H100 NVL FP8 1670.5 TFLOPS right?")
    assert "1,979 dense FP8 TFLOPS" in ask(real, "H200 FP8 1979 right?")


def test_a_memory_size_quoted_after_another_figure_of_the_gpu_is_confirmed_not_read_as_data(
    real: Consultant,
) -> None:
    text = ask(real, "H200 is 4.8 TB/s and 141 GB, right?")
    assert text.startswith("*Yes.*") and "141 GB of memory" in text and "of data" not in text
    text = ask(real, "H100 是 989 TFLOPS、80GB 对吧")
    assert text.startswith("*对*") and "80 GB 显存" in text


def test_a_size_another_board_of_the_family_has_names_that_board(real: Consultant) -> None:
    text = ask(real, "H100 NVL 是 80GB 吧")
    assert "94 GB" in text and "H100 PCIe" in text and "没有 80GB" not in text
