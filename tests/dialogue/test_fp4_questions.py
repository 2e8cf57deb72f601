"""FP4, the 4-bit inference format: a GPU with FP4 tensor cores gets its dense rate (the sparse headline
named), one without gets a no with its fastest format instead of a card or an unrelated FAQ."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

from .asking import ask


def test_the_b200_fp4_rate_is_the_dense_9000_tflops(real: Consultant) -> None:
    zh = ask(real, "B200 FP4 算力多少")
    assert zh.startswith("*支持，稠密 9,000 TFLOPS*") and "18,000" in zh
    en = ask(real, "Does the B200 support FP4?")
    assert en.startswith("*Yes: 9,000 dense TFLOPS.*")


def test_a_gpu_without_fp4_says_no_and_names_its_fastest_format(real: Consultant) -> None:
    zh = ask(real, "H100 的 FP4 是多少")
    assert zh.startswith("*不支持*") and "FP8" in zh and "B200" in zh
    en = ask(real, "does the A100 do nvfp4?")
    assert en.startswith("*No.*") and "16-bit" in en


def test_a_quoted_fp4_figure_is_still_a_figure_check(real: Consultant) -> None:
    assert ask(real, "B200 的 FP4 是 18 PFLOPS 吗").startswith("*不对*")
