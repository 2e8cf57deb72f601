"""The word-list helpers the readers share: what is found at a place in a message."""

from __future__ import annotations

import itertools

import pytest

from bot.nlu import lexicon

WORDS = ("gpus", "gpu", "卡", "张卡", "h100", "tb", "t", "of the", "of those", "-gpu")


@pytest.mark.parametrize(
    ("text", "pos", "found"),
    [
        ("8 gpus", 2, "gpus"),
        ("8 gpu nodes", 2, "gpu"),
        ("8 gpuserver", 2, None),  # an English word is whole: "gpu" glued to more letters is not it
        ("8卡", 1, "卡"),
        ("8张卡", 1, "张卡"),
        ("1tb", 1, "tb"),
        ("1t tokens", 1, "t"),
        ("4 of those h100", 2, "of those"),
        ("an 8-gpu box", 4, "-gpu"),
        ("8 gpus", 0, None),
    ],
)
def test_the_first_listed_word_at_a_place_is_the_one_found(text: str, pos: int, found: str | None) -> None:
    assert lexicon.phrase_at(text, pos, WORDS) == found


def test_finding_a_word_at_a_place_agrees_with_checking_each_word_in_turn() -> None:
    pieces = [*WORDS, " ", "s", "8", "x", "é"]
    for parts in itertools.product(pieces, repeat=3):
        text = "".join(parts)
        for pos in range(len(text) + 1):
            expected = next((w for w in WORDS if lexicon.match_at(text, pos, w)), None)
            assert lexicon.phrase_at(text, pos, WORDS) == expected, (text, pos)
