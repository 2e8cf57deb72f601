"""GPU names as people write them, built from the catalogue (knowledge/data/gpus.yaml): each GPU's id,
its aliases and its family. The one matcher of GPU names in free text: the parser (bot/nlu) and the
fact check (knowledge/quotes.py) both read names through it, so a new alias in the catalogue is
understood everywhere at once.

Matching is knowledge/names.py's trie (linear in the text): spaces, hyphens and underscores inside a
name are interchangeable and optional ("H100 SXM", "h100-sxm", "h100sxm"); a trailing plural "s" is
allowed ("8 H100s"); names match whole words.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass

from knowledge.names import SEPARATORS, NameTrie, is_word_char, key
from knowledge.schema import GpuRecord


@dataclass(frozen=True, slots=True)
class NameMatch:
    start: int
    end: int
    ids: tuple[str, ...]  # catalogue ids the name covers: one for an id or alias, all of a family
    family: str
    numeric: bool  # a name that is only digits ("4090"): callers decide whether it is a quantity


class GpuNames:
    """Every way the catalogue lets a GPU be named, lower-case. `find` expects lower-cased text."""

    def __init__(self, records: Iterable[GpuRecord]) -> None:
        self.records = tuple(records)
        self._memory_gb = {r.id: float(r.memory_gb.value) for r in self.records}
        self._variant_of = {r.id: r.variant_of for r in self.records if r.variant_of}
        exact: dict[str, list[str]] = {}  # spelling key -> ids
        families: dict[str, list[str]] = {}
        spelled: dict[str, str] = {}  # spelling key -> a name with that key
        family_of: dict[str, str] = {}
        for r in self.records:
            family_of[r.id] = r.family
            for name in (r.id, *r.aliases):
                exact.setdefault(key(name), []).append(r.id)
                spelled.setdefault(key(name), name)
            families.setdefault(key(r.family), []).append(r.id)
            spelled.setdefault(key(r.family), r.family)
        # An id or alias names its GPU; a family name that is not also one names every member.
        names = {**{k: v for k, v in families.items() if k not in exact}, **exact}
        self._trie: NameTrie[tuple[tuple[str, ...], str]] = NameTrie(plural=True, glued_count=True)
        for k, ids in names.items():
            unique = tuple(dict.fromkeys(ids))
            self._trie.add(spelled[k], (unique, family_of[unique[0]]))

    def find(self, text: str, *, memory: bool = False) -> list[NameMatch]:
        """Non-overlapping names, leftmost then longest. With `memory`, a memory size right after a
        family name is part of the mention and picks the one member with that memory when there is
        exactly one, a form-factor variant giving way to the card it varies ("A100 80 GiB" ->
        a100-80gb, not its PCIe variant; "H100 80GB" stays the h100 family)."""
        out: list[NameMatch] = []
        for hit in self._trie.find(text):
            (ids, family), end = hit.value, hit.end
            numeric = text[hit.start : end].rstrip("s").isdigit()
            if memory:
                end, ids = self._with_memory(text, end, ids)
            out.append(NameMatch(hit.start, end, ids, family, numeric))
        return out

    def _with_memory(self, text: str, end: int, ids: tuple[str, ...]) -> tuple[int, tuple[str, ...]]:
        j = end + 1 if end < len(text) and text[end] in SEPARATORS else end
        k = j
        while k < len(text) and text[k].isdigit() and k - j < 3:
            k += 1
        if k - j < 2:
            return end, ids
        m = k + 1 if k < len(text) and text[k] == " " else k
        for unit in ("gib", "gb", "g"):
            after = m + len(unit)
            if text.startswith(unit, m) and (after >= len(text) or not is_word_char(text[after])):
                size = float(text[j:k])
                same = tuple(g for g in ids if self._memory_gb.get(g) == size)
                same = tuple(g for g in same if self._variant_of.get(g) not in same)
                return m + len(unit), same if len(same) == 1 else ids
        return end, ids


@functools.cache
def catalogue_names() -> GpuNames:
    """The packaged catalogue's names (knowledge/data/gpus.yaml), read and validated once."""
    from knowledge.load import DATA_DIR, load_gpus  # load imports search, which uses this module

    records, _ = load_gpus(DATA_DIR / "gpus.yaml")
    return GpuNames(records)


__all__ = ["GpuNames", "NameMatch", "catalogue_names"]
