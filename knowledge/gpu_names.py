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
import re
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
    # The form factor the text named after a family ("A100 PCIe" -> "pcie") when it leaves several
    # boards (the A100 PCIe comes as 40 and 80 GB): the mention is that family's boards of this form.
    board: str | None = None

    @property
    def name(self) -> str:
        """What the mention names: the catalogue id when one, the family's boards of a named form
        factor ("a100-pcie"), else the family ("a100")."""
        if len(self.ids) == 1:
            return self.ids[0]
        return f"{self.family}-{self.board}" if self.board else self.family


class GpuNames:
    """Every way the catalogue lets a GPU be named, lower-case. `find` expects lower-cased text."""

    def __init__(self, records: Iterable[GpuRecord]) -> None:
        self.records = tuple(records)
        self._memory_gb = {r.id: float(r.memory_gb.value) for r in self.records}
        self._variant_of = {r.id: r.variant_of for r in self.records if r.variant_of}
        self._form = {r.id: r.form_factor for r in self.records}
        self._members: dict[str, tuple[str, ...]] = {}
        for r in self.records:
            self._members[r.family] = (*self._members.get(r.family, ()), r.id)
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
        """Non-overlapping names, leftmost then longest. With `memory`, a memory size and a form factor
        right after a name ("A100 80G", "A100 PCIe", "A100 80G PCIe", "A100 PCIe 40G") are part of the
        mention and narrow it to the boards they describe: one member when exactly one, a form-factor
        variant giving way to the card it varies when only the memory is named ("A100 80 GiB" ->
        a100-80gb, not its PCIe variant; "H100 80GB" stays the h100 family)."""
        out: list[NameMatch] = []
        for hit in self._trie.find(text):
            (ids, family), end = hit.value, hit.end
            numeric = text[hit.start : end].rstrip("s").isdigit()
            board = None
            if memory:
                end, ids, board = self._qualified(text, end, ids, family)
            out.append(NameMatch(hit.start, end, ids, family, numeric, board))
        return out

    def _qualified(
        self, text: str, end: int, ids: tuple[str, ...], family: str
    ) -> tuple[int, tuple[str, ...], str | None]:
        """The boards a name and the qualifiers after it (at most a memory size and a form factor, in
        either order) describe, with the end of the mention and the form factor when it was named."""
        size: float | None = None
        form: str | None = None
        pool = ids
        for _ in range(2):
            got = self._size_at(text, end) if size is None else None
            if got is not None:
                end, size = got
                continue
            word = self._form_at(text, end) if form is None else None
            if word is None:
                break
            # The form factor's boards: of the family named, or the variants of the one card named.
            base = ids if len(ids) > 1 else self._members.get(family, ids)
            if len(ids) == 1:
                base = tuple(g for g in base if self._memory_gb.get(g) == self._memory_gb.get(ids[0]))
            formed = tuple(g for g in base if self._form.get(g) == word[1])
            if not formed:
                break
            end, form, pool = word[0], word[1], formed
        if size is not None:
            same = tuple(g for g in pool if self._memory_gb.get(g) == size)
            if form is None:
                same = tuple(g for g in same if self._variant_of.get(g) not in same)
            pool = same if len(same) == 1 or (form is not None and same) else pool
        board = form if len(pool) > 1 and form is not None else None
        return end, pool, board

    @staticmethod
    def _size_at(text: str, end: int) -> tuple[int, float] | None:
        j = end + 1 if end < len(text) and text[end] in SEPARATORS else end
        k = j
        while k < len(text) and text[k].isdigit() and k - j < 3:
            k += 1
        if k - j < 2:
            return None
        m = k + 1 if k < len(text) and text[k] == " " else k
        for unit in ("gib", "gb", "g"):
            after = m + len(unit)
            if text.startswith(unit, m) and (after >= len(text) or not is_word_char(text[after])):
                return after, float(text[j:k])
        return None

    @staticmethod
    def _form_at(text: str, end: int) -> tuple[int, str] | None:
        """A form-factor word right after a name ("pcie", "sxm", "sxm4", "oam"): (its end, the form)."""
        j = end + 1 if end < len(text) and text[end] in SEPARATORS else end
        m = _FORM_WORD.match(text, j)
        return (m.end(), m.group(1)) if m else None


_FORM_WORD = re.compile(r"(pcie|sxm|oam)\d?(?![a-z0-9])")


@functools.cache
def catalogue_names() -> GpuNames:
    """The packaged catalogue's names (knowledge/data/gpus.yaml), read and validated once."""
    from knowledge.load import DATA_DIR, load_gpus  # load imports search, which uses this module

    records, _ = load_gpus(DATA_DIR / "gpus.yaml")
    return GpuNames(records)


__all__ = ["GpuNames", "NameMatch", "catalogue_names"]
