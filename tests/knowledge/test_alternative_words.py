"""The words that join or weigh alternatives ("A or B", "A 还是 B", "A vs. B") are one list, and the
pattern built from them matches an English word only whole."""

from __future__ import annotations

import re

from knowledge.names import BARE_OR, BOTH, EITHER_OR, JOINERS, LIST_MARKS, VERSUS, alternation


def test_every_group_of_alternative_words_is_among_the_joiners() -> None:
    assert set(JOINERS) == {*EITHER_OR, BARE_OR, *VERSUS, *BOTH, *LIST_MARKS}


def test_an_english_word_matches_only_whole_whatever_script_is_beside_it() -> None:
    pattern = re.compile(alternation(("or", "and", "vs")))
    assert pattern.search("before the command") is None
    assert pattern.search("versus") is None
    assert [m.group() for m in pattern.finditer("全参or LoRA, h100 vs. a100")] == ["or", "vs"]


def test_the_longer_word_wins_where_one_starts_another() -> None:
    pattern = re.compile(alternation((*EITHER_OR, BARE_OR, *VERSUS)))
    assert pattern.search("A100 或是 H100").group() == "或是"
    assert pattern.search("h100 vs. a100").group() == "vs."


def test_a_word_after_a_letter_or_digit_is_no_match_at_the_start_of_the_text_or_anywhere_else() -> None:
    pattern = re.compile(alternation(("bf16", "or", "8位浮点", "半精度")))
    assert [m.group() for m in pattern.finditer("bf16 xbf16 1bf16 _bf16 -bf16")] == ["bf16", "bf16", "bf16"]
    assert [m.group() for m in pattern.finditer("x8位浮点 8位浮点 a半精度")] == ["8位浮点", "半精度"]
    assert pattern.match("or") is not None and pattern.search("for") is None
