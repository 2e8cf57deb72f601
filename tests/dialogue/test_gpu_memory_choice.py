"""Asking which memory a GPU has ("40G or 80G?") is answered with its boards, never the planning form."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

from .asking import ask


def test_which_of_two_memory_sizes_a_gpu_has_gets_each_board_of_it(real: Consultant) -> None:
    zh = ask(real, "A100显存是40G还是80G")
    assert "40 GB 显存" in zh and "80 GB 显存" in zh
    assert "模型有多少参数" not in zh and "数据" not in zh.split("\n")[0]
    hant = ask(real, "A100 的顯存是 40GB 還是 80GB？")
    assert "40 GB" in hant and "80 GB" in hant and "模型有多少參數" not in hant


def test_an_either_or_memory_question_says_both_boards_exist_without_a_yes(real: Consultant) -> None:
    bare = ask(real, "A100 是 40G 还是 80G 的")
    assert bare.startswith("*两种都有*：") and "40 GB 显存" in bare and "80 GB 显存" in bare
    assert "模型有多少参数" not in bare
    hant = ask(real, "A100 的顯存是 40GB 還是 80GB？")
    assert hant.startswith("*兩種都有*：") and not hant.startswith("*對*")
    assert hant.count("另有") == 0
    en = ask(real, "is the H100 80gb or 94gb?")
    assert en.startswith("*Both exist:*") and "94 GB" in en and "80 GB" in en


def test_an_either_or_with_one_wrong_size_names_the_right_one_first(real: Consultant) -> None:
    text = ask(real, "H200 显存是141G还是192G")
    assert text.startswith("*是 141 GB*。") and "没有 192GB 的 H200" in text
