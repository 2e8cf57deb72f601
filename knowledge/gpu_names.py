"""GPU names as people write them, built from the catalogue (knowledge/data/gpus.yaml): each GPU's id,
its aliases and its family. The one matcher of GPU names in free text: the parser (bot/nlu) and the
fact check (knowledge/quotes.py) both read names through it, so a new alias in the catalogue is
understood everywhere at once.

Matching is one left-to-right pass over a character trie (no regular expressions): at most the
longest name's length of work per position, so linear in the text. Spaces, hyphens and underscores
inside a name are interchangeable and optional ("H100 SXM", "h100-sxm", "h100sxm"); a trailing
plural "s" is allowed ("8 H100s"); names match whole words.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass, field

from knowledge.schema import GpuRecord

SEPARATORS = frozenset(" -_")
_SEP = "\x00"  # trie edge: an optional separator inside a name


@dataclass(frozen=True, slots=True)
class NameMatch:
    start: int
    end: int
    ids: tuple[str, ...]  # catalogue ids the name covers: one for an id or alias, all of a family
    family: str
    numeric: bool  # a name that is only digits ("4090"): callers decide whether it is a quantity


@dataclass
class _Node:
    children: dict[str, _Node] = field(default_factory=dict)
    ids: tuple[str, ...] = ()
    family: str = ""


def _is_word_char(ch: str) -> bool:
    return ch.isascii() and ch.isalnum()


class GpuNames:
    """Every way the catalogue lets a GPU be named, lower-case. `find` expects lower-cased text."""

    def __init__(self, records: Iterable[GpuRecord]) -> None:
        self.records = tuple(records)
        self._root = _Node()
        self._memory_gb = {r.id: float(r.memory_gb.value) for r in self.records}
        exact: dict[str, list[str]] = {}
        families: dict[str, list[str]] = {}
        family_of: dict[str, str] = {}
        for r in self.records:
            family_of[r.id] = r.family
            for name in {r.id, *r.aliases}:
                exact.setdefault(_key(name), []).append(r.id)
            families.setdefault(_key(r.family), []).append(r.id)
        # An id or alias names its GPU; a family name that is not also one names every member.
        names = {**{k: v for k, v in families.items() if k not in exact}, **exact}
        for key, ids in names.items():
            if key:
                self._add(key, tuple(dict.fromkeys(ids)), family_of[ids[0]])
        self.max_len = 2 * max((len(k) for k in names), default=0) + 2

    def _add(self, key: str, ids: tuple[str, ...], family: str) -> None:
        node = self._root
        for ch in key:
            node = node.children.setdefault(ch, _Node())
        node.ids, node.family = ids, family

    def find(self, text: str, *, memory: bool = False) -> list[NameMatch]:
        """Non-overlapping names, leftmost then longest. With `memory`, a memory size right after a
        family name is part of the mention and picks the one member with that memory when there is
        exactly one ("A100 80G" -> a100-80gb; "H100 80GB" stays the h100 family)."""
        out: list[NameMatch] = []
        i, n = 0, len(text)
        while i < n:
            if text[i] not in self._root.children or not self._starts_word(text, i):
                i += 1
                continue
            got = self._longest(text, i)
            if got is None:
                i += 1
                continue
            end, node = got
            ids, numeric = node.ids, text[i:end].rstrip("s").isdigit()
            if memory:
                end, ids = self._with_memory(text, end, ids)
            out.append(NameMatch(i, end, ids, node.family, numeric))
            i = end
        return out

    @staticmethod
    def _starts_word(text: str, i: int) -> bool:
        if i == 0 or not _is_word_char(text[i - 1]):
            return True
        # "8xH100", "8×A100": a count glued on with x
        return text[i - 1] == "x" and i >= 2 and text[i - 2].isdigit()

    def _longest(self, text: str, i: int) -> tuple[int, _Node] | None:
        """The longest name starting at `i` that ends on a word boundary (a plural "s" allowed)."""
        best: tuple[int, _Node] | None = None
        stack: list[tuple[int, _Node]] = [(i, self._root)]
        limit = min(len(text), i + self.max_len)
        while stack:
            j, node = stack.pop()
            if node.ids:
                plural = j < len(text) and text[j] == "s"
                for e in (j + 1, j) if plural else (j,):
                    if e >= len(text) or not _is_word_char(text[e]):
                        if best is None or e > best[0] or (e == best[0] and e == j):
                            best = (e, node)
                        break
            if j >= limit:
                continue
            sep = node.children.get(_SEP)
            if sep is not None:
                if text[j] in SEPARATORS:
                    stack.append((j + 1, sep))
                stack.append((j, sep))  # the separator is optional: "h100sxm"
            nxt = node.children.get(text[j])
            if nxt is not None:
                stack.append((j + 1, nxt))
        return best

    def _with_memory(self, text: str, end: int, ids: tuple[str, ...]) -> tuple[int, tuple[str, ...]]:
        j = end + 1 if end < len(text) and text[end] in SEPARATORS else end
        k = j
        while k < len(text) and text[k].isdigit() and k - j < 3:
            k += 1
        if k - j < 2:
            return end, ids
        m = k + 1 if k < len(text) and text[k] == " " else k
        for unit in ("gib", "gb", "g"):
            if text.startswith(unit, m) and (
                m + len(unit) >= len(text) or not _is_word_char(text[m + len(unit)])
            ):
                size = float(text[j:k])
                same = tuple(g for g in ids if self._memory_gb.get(g) == size)
                return m + len(unit), same if len(same) == 1 else ids
        return end, ids


def _key(name: str) -> str:
    """A name with each run of separators as one optional-separator edge: "h100 sxm" -> h100<SEP>sxm."""
    out: list[str] = []
    for ch in name.lower().strip():
        if ch in SEPARATORS:
            if out and out[-1] != _SEP:
                out.append(_SEP)
        else:
            out.append(ch)
    return "".join(out).strip(_SEP)


@functools.cache
def catalogue_names() -> GpuNames:
    """The packaged catalogue's names (knowledge/data/gpus.yaml), read and validated once."""
    from knowledge.load import DATA_DIR, load_gpus  # load imports search, which uses this module

    records, _ = load_gpus(DATA_DIR / "gpus.yaml")
    return GpuNames(records)


__all__ = ["GpuNames", "NameMatch", "catalogue_names"]
