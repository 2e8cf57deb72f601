"""Names in free text: a character trie over lower-case names whose spaces, hyphens and underscores are
interchangeable and optional ("H100 SXM" = "h100-sxm" = "h100sxm", "Llama 3.1 8B" = "llama-3.1-8b").
The one name matcher of the project: GPU names (knowledge/gpu_names.py) and model names (bot/nlu/models.py)
are built on it.

One left-to-right pass: at each position at most the longest name's length of work (a separator edge
is taken or skipped), so matching is linear in the text. Names match whole words: an ASCII letter or
digit may not touch either end.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

V = TypeVar("V")
SEPARATORS = frozenset(" -_")
# The words that join or weigh alternatives, in simplified Chinese and lower case: the one word list that
# every reader of "A or B", "A vs B", "A 和 B" builds its pattern from (each adds what only it needs:
# comparisons "比"/"than", Taiwan's spellings, filler words). Bare 或 stands apart: it is also the first
# character of 或许 ("maybe"), so only readers that have a name on each side take it.
EITHER_OR = ("还是", "或者", "或是", "or")
BARE_OR = "或"
VERSUS = ("vs", "vs.", "versus")
BOTH = ("和", "与", "跟", "及", "and")
LIST_MARKS = ("/", ",", "，", "、")
# Words that join two names in a list ("H100 和 A100", "RunPod or Vast", "A100 40GB and 80GB").
JOINERS = (*BOTH, BARE_OR, *EITHER_OR, *VERSUS, *LIST_MARKS)


def alternation(words: Iterable[str]) -> str:
    """A regex alternation of `words`, longest first; an English word matches whole ("or" never inside
    "for", "and" never inside "command"), whatever script stands next to it ("全参or LoRA")."""
    out = []
    for w in sorted(set(words), key=lambda w: (-len(w), w)):
        p = re.escape(w)
        if is_word_char(w[0]):
            # The boundary before the word, checked once its first character has matched: the same test as
            # `(?<![A-Za-z0-9])` in front (that character is a letter or digit, never a newline), but each
            # branch then opens with a literal, so the regex engine skips in C to the places one of the
            # first characters stands instead of trying every branch at every character.
            p = re.escape(w[0]) + r"(?<![A-Za-z0-9].)" + re.escape(w[1:])
        if is_word_char(w[-1]):
            p += r"(?![A-Za-z0-9])"
        out.append(p)
    return "|".join(out)


_SEP = "\x00"  # trie edge: an optional separator inside a name


@dataclass
class _Node(Generic[V]):
    children: dict[str, _Node[V]] = field(default_factory=dict)
    value: V | None = None


@dataclass(frozen=True, slots=True)
class Hit(Generic[V]):
    start: int
    end: int
    value: V


def is_word_char(ch: str) -> bool:
    return ch.isascii() and ch.isalnum()


def key(name: str) -> str:
    """A name with each run of separators as one optional-separator edge: "h100 sxm" -> h100<SEP>sxm."""
    out: list[str] = []
    for ch in name.lower().strip():
        if ch in SEPARATORS:
            if out and out[-1] != _SEP:
                out.append(_SEP)
        else:
            out.append(ch)
    return "".join(out).strip(_SEP)


class NameTrie(Generic[V]):
    """`plural`: a trailing "s" may follow a name ("8 H100s"). `glued_count`: a name may follow a
    count glued on with x ("8xH100"), or come before one ("H100x8", "3090x2")."""

    def __init__(self, *, plural: bool = False, glued_count: bool = False) -> None:
        self._root: _Node[V] = _Node()
        self._plural = plural
        self._glued_count = glued_count
        self.max_len = 0
        self._starts: re.Pattern[str] | None = None  # see _candidates
        self._openings: tuple[frozenset[str], frozenset[str]] | None = None  # see _opening

    def add(self, name: str, value: V) -> None:
        """Adds `name` (the first value added for a spelling wins)."""
        k = key(name)
        if not k:
            return
        node = self._root
        for ch in k:
            node = node.children.setdefault(ch, _Node())
        if node.value is None:
            node.value = value
        self.max_len = max(self.max_len, 2 * len(k) + 2)
        self._starts = None
        self._openings = None

    def find(self, text: str) -> list[Hit[V]]:
        """Non-overlapping names in `text` (lower-cased), leftmost then longest."""
        out: list[Hit[V]] = []
        i = 0
        pairs, single = self._opening()
        for m in self._candidates().finditer(text):
            j = m.start()
            if (
                j < i
                or (text[j : j + 2] not in pairs and m.group() not in single)
                or not self._starts_word(text, j)
            ):
                continue  # no name starts there, or none opens with these two characters
            got = self.longest(text, j)
            if got is not None:
                out.append(Hit(j, got[0], got[1]))
                i = got[0]
        return out

    def _opening(self) -> tuple[frozenset[str], frozenset[str]]:
        """The two characters some name can open with as written (for a name with a separator after its
        first character, that separator or the character after it: "q 7", "q-7", "q7"), and the names of
        one character: a place where neither stands starts no name, and `longest` is not asked."""
        if self._openings is None:
            pairs: set[str] = set()
            single: set[str] = set()
            for first, node in self._root.children.items():
                if node.value is not None:
                    single.add(first)
                seconds = {ch for ch in node.children if ch != _SEP}
                sep = node.children.get(_SEP)
                if sep is not None:
                    seconds |= SEPARATORS | {ch for ch in sep.children if ch != _SEP}
                pairs.update(first + ch for ch in seconds)
            self._openings = (frozenset(pairs), frozenset(single))
        return self._openings

    def _candidates(self) -> re.Pattern[str]:
        """Where a name may start, found in C: a first character of some name that no ASCII letter
        or digit precedes, or (glued counts) that an x precedes; _starts_word has the last word."""
        if self._starts is None:
            first = "".join(sorted(re.escape(ch) for ch in self._root.children))
            # The character first and what precedes it checked behind it (two characters back): a pattern
            # that opens with a class is searched in C from candidate to candidate, one that opens with a
            # look-behind is tried at every character.
            before = "(?:(?<![A-Za-z0-9].)|(?<=x.))" if self._glued_count else "(?<![A-Za-z0-9].)"
            self._starts = re.compile(f"[{first}]{before}" if first else "(?!)")
        return self._starts

    def _starts_word(self, text: str, i: int) -> bool:
        if i == 0 or not is_word_char(text[i - 1]):
            return True
        return self._glued_count and text[i - 1] == "x" and i >= 2 and text[i - 2].isdigit()

    def _count_after(self, text: str, e: int) -> bool:
        return self._glued_count and text.startswith("x", e) and text[e + 1 : e + 2].isdigit()

    def longest(self, text: str, i: int) -> tuple[int, V] | None:
        """(end, value) of the longest name starting at `i` that ends on a word boundary."""
        best: tuple[int, bool, V] | None = None  # end, exact (no plural s), value
        stack: list[tuple[int, _Node[V]]] = [(i, self._root)]
        limit = min(len(text), i + self.max_len)
        while stack:
            j, node = stack.pop()
            if node.value is not None:
                plural = self._plural and j < len(text) and text[j] == "s"
                for e in (j + 1, j) if plural else (j,):
                    if e >= len(text) or not is_word_char(text[e]) or self._count_after(text, e):
                        if best is None or e > best[0] or (e == best[0] and e == j and not best[1]):
                            best = (e, e == j, node.value)
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
        return (best[0], best[2]) if best else None


__all__ = ["SEPARATORS", "Hit", "NameTrie", "is_word_char", "key"]
