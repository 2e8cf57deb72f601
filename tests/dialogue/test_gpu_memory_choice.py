"""Asking which memory a GPU has ("40G or 80G?") is answered with its boards, never the planning form."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

from .asking import ask


def test_which_of_two_memory_sizes_a_gpu_has_gets_each_board_of_it(real: Consultant) -> None:
    zh = ask(real, "A100显存是40G还是80G")
    assert "显存 40 GB" in zh and "显存 80 GB" in zh
    assert "模型有多少参数" not in zh and "数据" not in zh.split("\n")[0]
    hant = ask(real, "A100 的顯存是 40GB 還是 80GB？")
    assert "40 GB" in hant and "80 GB" in hant and "模型有多少參數" not in hant
