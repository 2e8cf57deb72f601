"""GPU names in a message: "8张A100", "4x H100 80GB", "A100 40GB", "H100 PCIe", "两台8卡H800", "4090".

The names are the catalogue's own (ids, aliases and families in knowledge/data/gpus.yaml, matched by
knowledge.gpu_names): a mention is the catalogue id, or the family ("a100", "h100") when the message
does not say which variant. A memory size or form factor right after a family picks the variant ("A100 80G"),
or the family's boards of that form ("A100 PCIe" -> "a100-pcie", the 40 and 80 GB PCIe cards).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from bot.nlu import lexicon
from knowledge.gpu_names import catalogue_names
from knowledge.names import JOINERS, is_word_char, key
from knowledge.schema import GpuRecord

SEP_KEY = "\x00"  # knowledge.names.key's separator edge

# Words for "GPU" that make a preceding number a count ("16张卡", "8 GPUs", "8块显卡").
GPU_WORDS = ("张显卡", "张卡", "块显卡", "块卡", "张gpu", "块gpu", "个gpu", "张", "卡", "显卡")
GPU_WORDS_EN = (*(w for w in lexicon.GPU_NOUNS if w.isascii()), "accelerators")


@dataclass(frozen=True, slots=True)
class GpuMention:
    start: int
    end: int
    gpu: str


def find_gpus(s: str) -> list[GpuMention]:
    out = []
    families = set()
    for m in catalogue_names().find(s, memory=True):
        if _data_after(s, m.end) and _MEMORY_WORD.search(s, m.start, m.end):
            # "H100 500GB datasets", "A100 80G 的数据": the size is the data's; the name alone is the GPU
            m = next(b for b in catalogue_names().find(s[: m.end]) if b.start == m.start)
        if m.numeric and _looks_like_quantity(s, m.start, m.start + len(s[m.start : m.end].split()[0])):
            continue
        out.append(GpuMention(m.start, m.end, m.name))
        out.extend(_variants_after(s, m.end, m.family, out))
        families.add(m.family)
    if len(families) == 1 and len({g.gpu for g in out}) == 1:
        family = families.pop()
        before = _forms_named_before(s, out[0], family)
        if before:
            return before  # "PCIe or SXM H100 for training?": both boards, not the family's datasheet
        out.extend(_form_named_later(s, out[0], family))
    return out


# Two form factors or memory sizes joined right before a family's name: "PCIe or SXM H100", "the SXM or
# the PCIe H100s", "PCIe 还是 SXM 的 H100", "40gb vs 80gb a100", "40G 和 80G 的 A100".
_BOARD_BEFORE = r"(sxm\d?|pcie|nvl|\d{2,3} ?(?:gb|g|gib))"
_FORMS_BEFORE = re.compile(
    rf"(?<![a-z0-9.])(?:the\s+)?{_BOARD_BEFORE}\s*(?:or|and|vs\.?|versus|还是|或|和|跟|与|/)\s*(?:the\s+)?"
    rf"{_BOARD_BEFORE}\s*(?:版|版本|的)?\s*$"
)
# One memory size right before a family's name: "an 80gb a100", "80G 的 A100" (the board of that memory).
_MEMORY_BEFORE_NAME = re.compile(r"(?<![a-z0-9.$])(\d{2,3} ?(?:gb|g|gib))\s*(?:的\s*)?$")


def _forms_named_before(s: str, first: GpuMention, family: str) -> list[GpuMention]:
    variants = _variant_words().get(family)
    m = _FORMS_BEFORE.search(s, 0, first.start) if variants else None
    if variants is None:
        return []
    if m is None:
        one = _MEMORY_BEFORE_NAME.search(s, 0, first.start)
        board = variants.get(key(one.group(1).replace(" ", ""))) if one is not None else None
        # "80gb a100" is the A100 80GB; "500GB A100 dataset" names no board (no A100 has 500 GB)
        return [GpuMention(one.start(1), first.end, board)] if one is not None and board is not None else []
    boards = [variants.get(key(m.group(i).replace(" ", ""))) for i in (1, 2)]
    if None in boards or boards[0] == boards[1]:
        return []
    # the second board's span runs to the end of the family's name, which it stands for
    return [
        GpuMention(m.start(1), m.end(1), str(boards[0])),
        GpuMention(m.start(2), first.end, str(boards[1])),
    ]


_FORM_WORD = re.compile(r"(?<![a-z0-9])(?:sxm\d?|pcie|nvl)(?![a-z0-9])")


def _form_named_later(s: str, first: GpuMention, family: str) -> list[GpuMention]:
    """A form factor named alone later in a message about one GPU is that board of its family: "the
    SXM" in "is the H100 NVL worth it vs the SXM?", "SXM 版" in "H100 NVL 值得买吗，还是 SXM 版". Only
    after an article or a join, or before a board word ("版"), so "does it use PCIe" names no card."""
    variants = _variant_words().get(family)
    if not variants:
        return []
    for m in _FORM_WORD.finditer(s, first.end):
        gpu = variants.get(key(m.group()))
        if gpu is None or gpu == first.gpu:
            continue
        before = s[first.end : m.start()].rstrip().split(" ")[-1]
        if before in _ARTICLES or before in _JOINS or s[m.end() :].lstrip().startswith(("版", "款")):
            return [GpuMention(m.start(), m.end(), gpu)]
    for m in _MEMORY_WORD.finditer(s, first.end):
        # "the 40GB one" in "is the A100 80GB worth it over the 40GB one?", "40G 版", "40G 那款": a memory
        # size is a board only before a board word ("40GB of data" stays a dataset)
        gpu = variants.get(key(m.group().replace(" ", "")))
        after = s[m.end() :].lstrip()
        if gpu is None or gpu == first.gpu or not _board_word_at(after):
            continue
        return [GpuMention(m.start(), m.end(), gpu)]
    return []


_MEMORY_WORD = re.compile(r"(?<![a-z0-9.])\d+ ?(?:gb|g|gib)(?![a-z0-9])")
# After a memory size, the words that make it a board: "one", "version", "版", "那款", "的卡".
_MEMORY_BOARD_WORDS = ("那款", "那张", "的卡", "的版本", "的那款", "的那张")


def _board_word_at(text: str) -> bool:
    return lexicon.phrase_at(text, 0, (*_MEMORY_BOARD_WORDS, *_BOARD_WORDS)) is not None


def board_named(s: str, gpu: str) -> str | None:
    """The board of `gpu`'s family a message names by its form factor alone ("SXM 版呢", "PCIe 的呢",
    "what about the NVL?"), as a catalogue id: the one with `gpu`'s memory where the family has that
    form in several sizes (the A100 40GB's PCIe board is the A100 40GB PCIe). None when the message
    names no other board of the family."""
    records = catalogue_names().records
    own = next((r for r in records if r.id == gpu), None)
    variants = _variant_words().get(own.family) if own is not None else None
    if own is None or not variants:
        return None
    for m in _FORM_WORD.finditer(s):
        found = variants.get(key(m.group()))
        if found is None or found == gpu:
            continue
        form = m.group().rstrip("0123456789")
        same_size = [
            r.id
            for r in records
            if r.family == own.family and form in r.name.lower() and r.memory_gb.value == own.memory_gb.value
        ]
        return same_size[0] if same_size else found
    return None


# Words that join a GPU name to a second variant of it: "H100 PCIe 和 SXM", "A100 40GB and 80GB".
_JOINS = (
    *JOINERS, "对比", "比", "and the", "or the", "compared to", "compared with",
    # a comparison: "is h100 pcie much slower than sxm", "H100 PCIe 比 SXM 慢多少"
    "than", "than the", "than a", "than an", "faster than", "slower than", "better than", "worse than",
    "cheaper than", "much faster than", "much slower than", "much better than", "a lot slower than",
    "a lot faster than",
    # an upgrade: "从 A100 40GB 升级到 80GB", "from the A100 40GB to the 80GB"
    "到", "升级到", "升到", "换到", "换成", "to", "to the", "to an", "to a",
)  # fmt: skip


_JOINS_LONGEST_FIRST = tuple(sorted(_JOINS, key=len, reverse=True))
_JOIN_STARTS = frozenset(w[0] for w in _JOINS)


def _variants_after(s: str, end: int, family: str, found: list[GpuMention]) -> list[GpuMention]:
    """A bare variant word after a GPU name and a join names that variant of the same family: "SXM"
    in "H100 PCIe 和 SXM 区别" is the H100 SXM, "80GB" in "A100 40GB and 80GB" the A100 80GB."""
    variants = _variant_words().get(family)
    out: list[GpuMention] = []
    while variants:
        j = _skip_board_word(s, end)
        if j >= len(s) or s[j] not in _JOIN_STARTS:
            break
        join = lexicon.phrase_at(s, j, _JOINS_LONGEST_FIRST)
        if join is None:
            break
        k = j + len(join)
        while k < len(s) and s[k] == " ":
            k += 1
        article = lexicon.phrase_at(s, k, _ARTICLES)  # "vs the SXM", "or an 80GB one"
        if article is not None:
            k += len(article)
            while k < len(s) and s[k] == " ":
                k += 1
        e = k
        while e < len(s) and (is_word_char(s[e]) or (s[e] in " -" and e + 1 < len(s) and s[e + 1] in "gG")):
            e += 1
        gpu = variants.get(key(s[k:e]))
        if gpu is None or any(g.start <= k < g.end for g in found):
            break
        out.append(GpuMention(k, e, gpu))
        end = e
    if out and _MEMORY_WORD.fullmatch(s, out[-1].start, out[-1].end) and _data_after(s, out[-1].end):
        return []  # "LoRA 7B on A100, 40GB and 80GB datasets": sizes of data, not boards
    return out


def _data_after(s: str, end: int) -> bool:
    """A word for data right after `end` ("... 80GB datasets", "80G 的数据")."""
    return lexicon.has_cue(s[end : end + 12].lstrip(" 的"), lexicon.DATA_CUES)


# A word for "board" / "version" that may follow a variant before the join: "A100 PCIe 版和 SXM 版",
# "the NVL one or the SXM".
_BOARD_WORDS = ("版本", "版", "款", "one", "version", "card", "board")
_ARTICLES = ("the", "an", "a")


def _skip_board_word(s: str, end: int) -> int:
    """The index after the spaces (and one board word, "版", "one") that follow a GPU name at `end`."""
    j = end
    while j < len(s) and s[j] == " ":
        j += 1
    word = lexicon.phrase_at(s, j, _BOARD_WORDS)
    if word is not None:
        j += len(word)
        while j < len(s) and s[j] == " ":
            j += 1
    return j


@functools.cache
def _variant_words() -> dict[str, dict[str, str]]:
    """Per family with several members: each member's distinguishing word (its alias without the
    family name: "sxm", "pcie", "nvl") and its memory ("80gb", "80g"), as name keys."""
    records = catalogue_names().records
    members: dict[str, list[GpuRecord]] = {}
    for r in records:
        members.setdefault(r.family, []).append(r)
    out: dict[str, dict[str, str]] = {}
    for family, group in members.items():
        if len(group) < 2:
            continue
        words: dict[str, str] = {}
        for r in group:
            for name in (r.id, *r.aliases):
                rest = key(name).removeprefix(key(family)).strip(SEP_KEY)
                if rest and rest != key(name) and not rest.isdigit():
                    words.setdefault(rest, r.id)
            for form in _FORM_WORD.findall(r.name.lower()):
                # "SXM" of the A100 (40 and 80 GB SXM4 boards): the larger, the board "A100" means
                best = max((o for o in group if form in o.name.lower()), key=lambda o: o.memory_gb.value)
                words.setdefault(form, best.id)
                words.setdefault(form.rstrip("0123456789"), best.id)
            size = f"{r.memory_gb.value:g}"
            if sum(1 for o in group if o.memory_gb.value == r.memory_gb.value) == 1:
                for unit in ("gb", "g", "gib"):
                    words.setdefault(key(size + unit), r.id)
        out[family] = words
    return out


def _looks_like_quantity(s: str, start: int, end: int) -> bool:
    """A bare 4090 followed by a unit is a number ("4090 tokens", "4090元"), not a card; so is one
    followed by what training data is counted in ("5090条样本", "4090 samples", "3090 conversations")."""
    if s[start].isalpha():
        return False
    rest = s[end : end + 8].lstrip()
    if rest[:1] in ("元", "块", "天", "%", "$") or rest.startswith(("token", "step", "个", "b ", "m ")):
        return True
    word = lexicon.phrase_at(s, len(s) - len(s[end:].lstrip()), _count_words())
    return word is not None and (
        not word[-1].isascii() or not is_word_char(s[end:].lstrip()[len(word) :][:1])
    )


@functools.cache
def _count_words() -> tuple[str, ...]:
    """The words training data and steps are counted in (lexicon.UNITS), longest first; one-character
    Chinese ones only where they cannot be a verb or an answer ("4090行吗" asks whether a 4090 will do)."""
    kinds = ("samples", "steps", "epochs", "turns")
    words = (w for w, kind, _ in lexicon.UNITS if kind in kinds and (len(w) > 1 or w in _COUNT_CHARS))
    return tuple(sorted(set(words), key=len, reverse=True))


_COUNT_CHARS = frozenset("条笔篇句步遍")


# Names that look like a GPU model but are not in the catalogue ("RTX 5080", "RTX 6000 Ada", "H300",
# "GB300", "MI350X", "L30"): the answer says the catalogue does not have them rather than guessing. Model
# sizes ("70B") and the catalogue's own names never match: the first is digits then a letter, the second
# is excluded.
# What a number counts when it is no card ("a 1050 word essay", "a 2048-token context").
_COUNTED_NOUNS = r"(?:words?|tokens?|samples?|examples?|steps?|rows?|lines?|documents?|docs?|files?|pages?)\b"
_GPU_LIKE = re.compile(
    r"(?<![a-z0-9])(?:(?:rtx|gtx)\s?-?\s?(?:pro\s?)?\d{4}(?:\s?ti|\s?ada|\s?blackwell)?|gb\d{3}|[bh]\d{3}|mi\d{3}x?|l\d{2})(?![a-z0-9])"
    # a bare GeForce number counted as a card: "一张 3060", "两块2080ti"
    r"|(?:(?<=[张块])|(?<=[张块] ))[1-5]0[5-9]0(?:\s?ti)?(?![a-z0-9])"
    # or in English: after an article, a possessive or a count ("is a 3060 ok", "my 4070", "two 3080s"),
    # or followed by "ti" or its memory ("4060 ti", "3060 12gb")
    r"|(?:(?<=\ba )|(?<=\ban )|(?<=\bmy )|(?<=\bour )|(?<=\bthe )|(?<=\bone )|(?<=\btwo )|(?<=single ))"
    r"[1-5]0[5-9]0(?:\s?ti)?(?=s?(?![a-z0-9]))(?![^a-z]*" + _COUNTED_NOUNS + r")"
    r"|(?<![a-z0-9.$,])[1-5]0[5-9]0(?:\s?ti(?![a-z0-9])|(?=\s?\d{1,2}\s?gb(?![a-z])))"
    # or after its memory ("a 12gb 3060", "an 8 GB 3070 ti", "一张 12G 的 3060")
    r"|(?:(?<=\dgb )|(?<=\d gb )|(?<=\dg )|(?<=\dg的)|(?<=\dg的 )|(?<=\dg 的 )|(?<=\dgb的)|(?<=\dgb的 )"
    r"|(?<=\dgb 的 ))[1-5]0[5-9]0(?:\s?ti)?(?=s?(?![a-z0-9]))"
)


# What every _GPU_LIKE name has in it (rtx/gtx, a b/h/i/l before a digit, 张/块 before a bare GeForce
# number, or the bare GeForce number itself, as English writes it): a message with none of these (most)
# skips _GPU_LIKE, which, opening with a look-behind, is tried at every character. Written as
# tx|[bhil]\d|[张块] the hint would be too; opening with a class, this one skips to the candidates in C.
# Every alternative of _GPU_LIKE must contain one of these (tests/nlu: the hint test over GPU-like names).
_GPU_LIKE_HINT = re.compile(r"[bhilt张块](?:(?<=[bhil])\d|(?<=t)x|(?<=[张块]))|[1-5]0[5-9]0")


def unknown_gpu_names(s: str) -> tuple[str, ...]:
    """GPU-like names in `s` (lower-cased, simplified) that the catalogue does not know, as written."""
    return tuple(dict.fromkeys(g.gpu for g in unknown_gpu_mentions(s)))


# The memory said beside a card the catalogue lacks: "3060 12gb", "3080 with 10 GB", "2080 ti (11gb)".
_STATED_MEMORY = re.compile(r"\s*(?:\(|,\s*|with\s+|w/\s*)?(\d{1,3})\s?(?:gb|g|gigs?)(?![a-z0-9])")
# ... or right before it: "a 12gb 3060", "an 8 GB 3070", "12G 的 3060".
_MEMORY_BEFORE = re.compile(r"(?<![a-z0-9.])(\d{1,3})\s?(?:gb|g|gigs?)\s?(?:的\s?)?$")


def unknown_gpu_memory_gb(s: str) -> float | None:
    """The memory, in GB, a message says a GPU the catalogue lacks has ("a 3060 12gb ok for qlora 7b?"),
    when it names one such GPU and glues a size to it; else None."""
    mentions = unknown_gpu_mentions(s)
    if len({m.gpu for m in mentions}) != 1:
        return None
    said = _STATED_MEMORY.match(s, mentions[0].end) or _MEMORY_BEFORE.search(s, 0, mentions[0].start)
    return float(said.group(1)) if said is not None and 1 <= int(said.group(1)) <= 512 else None


def unknown_gpu_mentions(s: str, known: list[GpuMention] | None = None) -> list[GpuMention]:
    """Where `s` names a GPU-like part the catalogue does not know (`gpu`: the name as written);
    `known`: find_gpus(s), when the caller has it."""
    matches = list(_GPU_LIKE.finditer(s)) if _GPU_LIKE_HINT.search(s) else []
    if not matches:
        return []  # most messages: no GPU-like name, so no need to find the known ones
    known = find_gpus(s) if known is None else known
    return [
        GpuMention(m.start(), m.end(), m.group())
        for m in matches
        if not any(g.start < m.end() and m.start() < g.end for g in known)
    ]


# -- GPU names typed with letters for digits ("h10o", "A1OO", "4o90", "b2oo") --------------------------
# A word of up to three letters and then three or four digits mixed with O/l/I (read as 0/1; "h2o" and
# "4o" are too short to tell), optionally plural: each
# way of reading the look-alikes is tried against the catalogue's names; the readings that name a GPU
# decide: one is a correction, several are asked back.
_TYPO_WORD = re.compile(r"(?<![a-z0-9.])([a-z]{0,3})([0-9oli]{3,4})(s?)(?![a-z0-9])")
_LOOKALIKE = {"o": "0", "l": "1", "i": "1"}
# A digit next to a look-alike letter: what every typo below has in it (its digits and letters are one run).
_TYPO_HINT = re.compile(r"[0-9oli](?:(?<=[0-9])[oli]|(?<=[oli])[0-9])")


@dataclass(frozen=True, slots=True)
class GpuTypo:
    start: int
    end: int
    written: str
    gpus: tuple[str, ...]  # the catalogue names its readings match: one is a correction, more are asked


def gpu_typos(s: str) -> list[GpuTypo]:
    """GPU names with look-alike letters for digits in `s` (lower-cased, simplified), each with the
    catalogue names its readings match. A word the catalogue already knows ("l40", "h20") is no typo."""
    if _TYPO_HINT.search(s) is None:
        return []  # no digit beside a look-alike letter (most messages): no word below can be a typo
    names = catalogue_names()
    out: list[GpuTypo] = []
    for m in _TYPO_WORD.finditer(s):
        prefix, body, plural = m.groups()
        if not any(c.isdigit() for c in body) or not any(c in _LOOKALIKE for c in body):
            continue
        if names.find(m.group()):
            continue  # a name as written ("l40s")
        readings = {prefix + body}
        for i, c in enumerate(body):
            if c in _LOOKALIKE:
                readings |= {
                    r[: len(prefix) + i] + _LOOKALIKE[c] + r[len(prefix) + i + 1 :] for r in readings
                }
        found: list[str] = []
        for reading in sorted(readings):
            hits = names.find(reading + plural)
            if len(hits) == 1 and hits[0].start == 0 and hits[0].end >= len(reading):
                found.append(hits[0].name)
        if found:
            out.append(GpuTypo(m.start(), m.end(), m.group(), tuple(dict.fromkeys(found))))
    return out


def typo_read_as(written: str) -> str:
    """How a GPU name typed with look-alikes reads, as the user would write it: "h10o" -> "H100"."""
    m = _TYPO_WORD.fullmatch(written)
    if m is None:
        return written
    return (m.group(1) + "".join(_LOOKALIKE.get(c, c) for c in m.group(2))).upper()


def correct_gpu_typos(s: str) -> tuple[str, list[GpuTypo]]:
    """`s` with each GPU name typed with look-alikes read as the one GPU it names ("h10o" -> "h100"),
    same length, and every such name found (the ambiguous ones left as written)."""
    typos = gpu_typos(s)
    for t in typos:
        m = _TYPO_WORD.fullmatch(t.written)
        if len(t.gpus) == 1 and m is not None:
            body = "".join(_LOOKALIKE.get(c, c) for c in m.group(2))  # the letters before stay ("l" of l40)
            s = s[: t.start] + m.group(1) + body + m.group(3) + s[t.end :]
    return s, typos


# Cards described by their memory, no GPU named: "one 80GB card or two 40GB cards", "一张 96G 的卡和 4 张
# 24G 的卡", "2 張 48GB 和 1 張 80GB", "2x 24 G cards", "48gb 的卡". A count needs its classifier (张, x)
# or an English number word; without a count, the size needs a card word after it.
CARD_COUNT_WORDS = {
    "one": 1, "a": 1, "an": 1, "single": 1, "two": 2, "three": 3, "four": 4, "six": 6, "eight": 8,
    "一": 1, "单": 1, "两": 2, "二": 2, "三": 3, "四": 4, "六": 6, "八": 8,
}  # fmt: skip
_CARD_SIZE = re.compile(
    r"(?:(?<![a-z0-9.])(?P<digits>\d{1,2})\s*(?:x|×|张|块|个|片)\s*(?:of\s+)?"
    r"|(?<![a-z])(?P<word>one|an|a|single|two|three|four|six|eight)\s+"
    r"|(?P<zh>[一单两二三四六八])\s*(?:张|块|个|片)\s*)?"
    r"(?<![a-z0-9.])(?P<gb>\d{1,3})\s*(?:gb|gib|g)(?![a-z0-9])"
    r"(?:\s*(?:的)?\s*(?P<card>显卡|卡|gpus?|cards?|显存|vram))?"
)
CARD_GB = (8.0, 300.0)  # the memory of one accelerator (the catalogue's largest has 192 GB)


def memory_cards(s: str) -> list[tuple[int, float]]:
    """(count, GB per card) for each set of cards a message describes by memory alone, in order; [] when
    it describes none. `s`: normalised, lower-cased text (simplified Chinese)."""
    out: list[tuple[int, float]] = []
    for m in _CARD_SIZE.finditer(s):
        gb = float(m.group("gb"))
        counted = m.group("digits") or m.group("word") or m.group("zh")
        if not CARD_GB[0] <= gb <= CARD_GB[1] or not (counted or m.group("card")):
            continue
        if m.group("digits"):
            count = int(m.group("digits"))
        elif counted:
            count = CARD_COUNT_WORDS[counted]
        else:
            count = 1
        if 1 <= count <= 64:
            out.append((count, gb))
    return out
