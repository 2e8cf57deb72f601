"""The name trie (knowledge/names.py): where a name can start, and how it is written there."""

from __future__ import annotations

import pytest

from knowledge.names import NameTrie


def _trie(*names: str) -> NameTrie[str]:
    trie: NameTrie[str] = NameTrie(plural=True)
    for name in names:
        trie.add(name, name)
    return trie


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("fine-tune on h100 sxm", ["H100 SXM"]),
        ("fine-tune on h100sxm", ["H100 SXM"]),  # the separator inside a name is optional
        ("q 7 and q-7 and q7", ["Q 7", "Q 7", "Q 7"]),  # a name with a separator after its first character
        ("8 l4s or 2 l40s", ["L4", "L40S"]),
        ("x on a box", ["X"]),  # a one-character name
        ("hello, lovely model", []),  # words that open with a name's first character only
    ],
)
def test_names_are_found_however_their_opening_is_written(text: str, found: list[str]) -> None:
    trie = _trie("H100 SXM", "L4", "L40S", "X", "Q 7")
    assert [hit.value for hit in trie.find(text)] == found


def test_a_name_added_later_is_found_where_the_earlier_ones_did_not_open() -> None:
    trie = _trie("H100")
    assert trie.find("a b200 here") == []
    trie.add("B200", "B200")
    assert [hit.value for hit in trie.find("a b200 here")] == ["B200"]
