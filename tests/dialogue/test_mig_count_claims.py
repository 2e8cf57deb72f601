"""A MIG instance count the user quotes is checked against NVIDIA's MIG User Guide: more than the GPU
allows gets a no with the real maximum, a count within it the usual yes."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

from .asking import ask


def test_more_mig_instances_than_the_guide_allows_is_answered_no_with_the_maximum(real: Consultant) -> None:
    zh = ask(real, "A30 能切 7 个 MIG 实例吧")
    assert zh.startswith("*不行，最多 4 个。*") and "不是 7 个" in zh
    en = ask(real, "Can the A30 do 7 MIG instances?")
    assert en.startswith("*No: at most 4.*") and "not 7" in en


def test_a_mig_count_within_the_maximum_is_a_plain_yes(real: Consultant) -> None:
    assert ask(real, "A100 能切 7 个 MIG 吗").startswith("*可以。*")
    assert ask(real, "A30 切 2 个 MIG 可以吗").startswith("*可以。*")
