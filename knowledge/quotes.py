"""Find GPU names and the figures quoted about them in free text (zh-Hans, zh-Hant, English).

The text is NFKC-normalised (full-width to ASCII) and lower-cased; GPU names match by id, alias and
family; each figure belongs to the nearest GPU mention in its sentence, an earlier one preferred.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from knowledge.gpu_names import GpuNames
from knowledge.hardware_words import (
    NETWORK_WORDS,
    NETWORK_WORDS_HANT,
    STORAGE_WORDS,
    STORAGE_WORDS_HANT,
    has_before,
)
from knowledge.names import JOINERS, alternation
from knowledge.schema import GpuRecord

_NUM = r"(?<![a-z0-9.])(\d+(?:\.\d+)?)"
# A bare "T" after a number is TFLOPS ("算力65T") unless a count of tokens, parameters or data follows
# ("1T token", "1T 参数", "2T 数据"): that is a trillion of something, not a claim about compute.
_TRILLION_OF = (
    r"(?!\s*(?:tokens?|toks?|个?token|個?token|词元|詞元|参数|參數|params?|parameters?|数据|數據|data|"
    r"语料|語料|corpus|字节|位元組|bytes?|条|條|样本|樣本|samples?|的(?:数据|數據|token|语料|語料|参数|參數)))"
)
_TFLOPS = re.compile(
    _NUM
    + r"\s*(petaflops?|pflops?|pflop/s|pf(?![a-z0-9])|tflops?|tflop/s|tops(?![a-z0-9])|t(?![a-z0-9/])"
    + _TRILLION_OF
    + ")"
)
# A rate quoted with no unit right after its data type, as a claim to confirm: "FP16 是 1513 吧",
# "BF16 989 right?", "fp8 of 3958?". Only before a question or the end of the sentence, so "bf16, 2 weeks",
# "FP16 训练 7B" and "BF16 3天" stay what they are.
_BARE_RATE = re.compile(
    r"(?:fp16|bf16|fp8|fp4|tf32|半精度)\s*(?:的)?\s*(?:算力|性能|tensor|compute|throughput)?\s*"
    r"(?:是|为|為|有|达到|達到|大概|大约|大約|约|約|is|of|=|:|at|about|around|~)?\s*"
    + _NUM
    + r"(?=\s*(?:吧|吗|嗎|么|麼|呢|对吧|對吧|对吗|對嗎|\?|right|correct|yes|$))"
)
# A PCIe generation: "PCIe 4.0", "PCIe Gen5", "pcie5", "PCIe 第5代" (not "PCIe 40GB", a card's name and size).
_PCIE = re.compile(r"pcie\s*(?:gen\.?\s*|第\s*)?([2-6])(?:\.0)?(?![\d.])")
# GPU memory said in terabytes ("A100 有 80 TB 显存"): a unit slip, read only with a memory word beside it.
_MEMORY_TB = re.compile(_NUM + r"\s*(?:tb|tib|terabytes?)(?![a-z/])")
_GPU_MEMORY_WORDS = re.compile(r"显存|顯存|vram|hbm|gpu memory|memory")
_MEMORY = re.compile(_NUM + r"\s*(?:gb|gib|gigabytes?|gigs?|g)(?![a-z/])")
_BANDWIDTH = re.compile(_NUM + r"\s*(tb/s|gb/s)")  # bytes; the original's lower-case b means bits
# Power in watts: "700W", "1.2 kW", "300 瓦". A bare lower-case "w" is also 万 in Chinese chat ("3w条数据"),
# so it counts only with a power word near it (TDP, 功耗) or written as a capital W, and never before a
# count of things.
_POWER = re.compile(
    _NUM
    + r"\s*(kw|w|watts?|瓦)(?![a-z0-9])"
    + r"(?!\s*(?:条|條|个|個|token|样本|樣本|笔|筆|行|字|人|用户|用戶|samples?|rows?))"
)
# More than any one accelerator draws (the largest boards are rated near 1.2-1.4 kW): a figure above it is a
# server's or a rack's power, never a claim about a GPU's TDP.
MAX_GPU_WATTS = 3000.0
_POWER_WORDS = re.compile(r"tdp|tgp|功耗|功率|耗电|耗電|用电|用電|power|watt|瓦|电源|電源|draws?|uses|consum")
_DTYPE = re.compile(r"fp16|bf16|fp8|tf32|fp32|fp64|int8|(?:nv|mx)?fp4|半精度|单精度|單精度|双精度|雙精度")
_DTYPE_ALIASES = {
    "半精度": "fp16",
    "单精度": "fp32",
    "單精度": "fp32",
    "双精度": "fp64",
    "雙精度": "fp64",
    "nvfp4": "fp4",
    "mxfp4": "fp4",
}
_FABRIC = re.compile(r"nvlink|infinity fabric|xgmi|互联|互聯|卡间|卡間")
# Where a sentence or clause ends (full-width and ASCII punctuation, a line break): the NLU uses it too.
SENTENCE_END = re.compile(r"[。！？!?；;\n]|\.\s")
_MEMORY_WORDS = re.compile(r"显存|顯存|vram|hbm|gddr|memory|版本|version|版")
# The training data, a server's RAM or disk, or a link speed ("100G 網路", "25G 网卡", "100g ethernet").
_NOT_GPU_MEMORY = re.compile(
    r"数据|數據|资料|資料|data|语料|語料|checkpoint|"
    + alternation(STORAGE_WORDS + STORAGE_WORDS_HANT + NETWORK_WORDS + NETWORK_WORDS_HANT)
)
# A range ("16-32GB", "16GB~32GB", "16 至 32G") or a figure tied to a tier word names a bracket the
# user is asking about, not a spec of the GPU in the sentence (QA: "RTX 3090 适合 16-32GB 档的训练吗").
_RANGE_BEFORE = re.compile(r"\d(?:\.\d+)?\s*(?:gb|gib|g|tflops?|t)?\s*(?:-|~|～|–|—|至|到|to)\s*$")
_RANGE_AFTER = re.compile(r"^\s*(?:-|~|～|–|—|至|到|to)\s*\d")
_TIER_AFTER = re.compile(
    r"^\s*(?:显存|顯存|vram|memory)?\s*(?:档|檔|级|級|tier|class|bracket|段|以上|以下|起)"
)
_THRESHOLD_BEFORE = re.compile(r"(?:≥|≤|>=|<=|>|<|至少|最少|最多|at least|at most|over|under)\s*$")
_COUNTS = re.compile(
    r"\d\s*[x×卡张張块塊台]|(?<![a-z])[x×]\s*\d|gpus|nodes|合计|合計|总共|總共|total"
    r"|(?:two|three|four|six|eight)\s+[a-z]*\d+[a-z0-9]*s\b|[两兩二三四六八]\s*[张張块塊卡]|pool|combined|合成|合起来"
    r"|合起來"
)
# A memory size joined to a GPU name by "and/or/vs/和" lists a variant ("A100 40GB and 80GB"), and one
# compared with it names the other ("A100 80GB 比 40GB 贵多少", "the 80GB over the 40GB"): no claim.
_COMPARED = (
    "比",
    "对比",
    "對比",
    "than",
    "over",
    "到",
    "升级到",
    "升級到",
    "升到",
    "换到",
    "換到",
    "换成",
    "換成",
    "to",
    "to the",
)
_JOINED = re.compile(r"^\s*(?:" + "|".join(map(re.escape, (*JOINERS, "還是", "與", *_COMPARED))) + r")\s*$")


@dataclass(frozen=True, slots=True)
class Mention:
    start: int
    end: int
    gpus: tuple[GpuRecord, ...]


@dataclass(frozen=True, slots=True)
class Quote:
    """One figure a user quoted about a GPU; `value` in TFLOPS, GB, TB/s, W or a PCIe generation by `kind`."""

    kind: Literal["tflops", "memory", "bandwidth", "power", "pcie"]
    value: float
    gpus: tuple[GpuRecord, ...]
    dtype: str | None = None  # tflops only, when the text names one
    fabric: bool = False  # bandwidth only: the sentence talks about NVLink / Infinity Fabric
    unit: str = "gb"  # memory only: "tb" when the user wrote terabytes (the value stays as written)


def _normalise(text: str) -> str:
    """NFKC (full-width to ASCII) without thousands separators; lower-casing keeps positions."""
    t = unicodedata.normalize("NFKC", text)
    return _THOUSANDS_COMMA.sub("", t)


# A comma between a digit and exactly three more: "1,000,000". The comma comes first so the regex
# engine jumps from comma to comma (a literal prefix) instead of trying every position.
_THOUSANDS_COMMA = re.compile(r",(?<=\d,)(?=\d{3}(?!\d))")


# After a bare-number GPU name these make it a quantity ("4090 tokens", "3090元", "4090 hours").
_QUANTITY_AFTER = re.compile(
    r"\s*(?:tokens?|toks?|steps?|[kmbt]\b|gb|g\b|tb|mb|hours?|hrs?|h\b|days?|个|個|张|張|元|块|塊|天|小时|小時|%|\$|"
    r"美元|usd|rmb|cny|samples?|条|條|rows?|\.\d|,\d)"
)


def _mentions(text: str, gpus: tuple[GpuRecord, ...]) -> list[Mention]:
    """GPU names by the catalogue's one matcher; a bare number ("4090") names a GPU unless a unit
    makes it a quantity ("4090 tokens") or it is part of a longer number."""
    names, by_id = _names(gpus)
    return [
        Mention(m.start, m.end, tuple(by_id[i] for i in m.ids))
        for m in names.find(text)
        if not m.numeric or _bare_name(text, m.start, m.end)
    ]


def _bare_name(text: str, start: int, end: int) -> bool:
    before = text[start - 1] if start else " "
    return before not in "$¥.,-+" and not _QUANTITY_AFTER.match(text, end)


_NAMES: dict[int, tuple[tuple[GpuRecord, ...], GpuNames, dict[str, GpuRecord]]] = {}


def _names(gpus: tuple[GpuRecord, ...]) -> tuple[GpuNames, dict[str, GpuRecord]]:
    """The matcher for this catalogue and its records by id, built once per catalogue object
    (hashing the records would cost more than the match)."""
    cached = _NAMES.get(id(gpus))
    if cached is None or cached[0] is not gpus:
        if len(_NAMES) > 8:
            _NAMES.clear()
        cached = _NAMES[id(gpus)] = (gpus, GpuNames(gpus), {g.id: g for g in gpus})
    return cached[1], cached[2]


# The head of a sentence that names no GPU but only labels the figure after it: the metric, its type, a
# copula ("bf16 算力", "而且顯存是", "and its memory bandwidth is"). Figures follow their GPU across it.
_LABEL_HEAD = re.compile(
    r"(?:[\s,，、]|bf16|fp16|fp8|fp32|tf32|fp64|int8|的|算力|显存|顯存|記憶體|记忆体|带宽|帶寬|頻寬|频宽|稠密|"
    r"是|有|那|而且|还有|還有|memory|vram|compute|bandwidth|dense|its|it|is|has|and|the)*"
)


def _owner(pos: int, text: str, mentions: list[Mention]) -> Mention | None:
    """The GPU mention a figure at `pos` belongs to: nearest in the same sentence, earlier preferred."""
    bounds = [0, *(m.end() for m in SENTENCE_END.finditer(text)), len(text)]
    lo = max(b for b in bounds if b <= pos)
    hi = min(b for b in bounds if b > pos)
    same = [m for m in mentions if lo <= m.start < hi]
    before = [m for m in same if m.end <= pos]
    if before:
        return before[-1]
    if not same and lo > 0 and _LABEL_HEAD.fullmatch(text, lo, pos):
        # "What is the A40's INT8? 598.6 TOPS?": a sentence that is only the figure goes on the one before,
        # and so does one that only labels it ("H100 是 80G 显存吧？bf16 算力 1979 TFLOPS 对不对")
        prev = max(b for b in bounds if b < lo)
        earlier = [m for m in mentions if prev <= m.start and m.end <= lo]
        return earlier[-1] if earlier else None
    return same[0] if same else None


# "H20 算力跟 H100 一样是 989 TFLOPS 吗", "is the H800's NVLink the same as the H100's, 900 GB/s?": the
# figure is claimed for every GPU the sentence names before it, not only the nearest.
_SAME_AS = re.compile(r"一样|一樣|相同|同样|同樣|一致|same as|the same|as much as|just like")


def _owners(pos: int, text: str, mentions: list[Mention]) -> list[Mention]:
    """The mentions a figure at `pos` is claimed for: its owner, and with "the same as" in the
    sentence, every GPU named before the figure in it."""
    owner = _owner(pos, text, mentions)
    if owner is None:
        return []
    bounds = [0, *(m.end() for m in SENTENCE_END.finditer(text)), len(text)]
    lo = max(b for b in bounds if b <= pos)
    before = [m for m in mentions if lo <= m.start and m.end <= pos]
    if len(before) < 2 or not _SAME_AS.search(text[lo:pos]):
        return [owner]
    return [owner, *(m for m in before if m is not owner)]


def _dtype_near(text: str, pos: int, lo: int) -> str | None:
    best: tuple[int, str] | None = None
    for m in _DTYPE.finditer(text):
        if m.start() < lo:
            continue
        distance = abs(m.start() - pos)
        if distance <= 30 and (best is None or distance < best[0]):
            best = (distance, _DTYPE_ALIASES.get(m.group(), m.group()))
    return best[1] if best else None


def dtypes_named(text: str) -> tuple[str, ...]:
    """The number types a text names ("MI355X 的 FP64 多少", "5090 的单精度"), in the order written, each
    once: which of a card's rates a figure question asks for."""
    found = (_DTYPE_ALIASES.get(m.group(), m.group()) for m in _DTYPE.finditer(_normalise(text).lower()))
    return tuple(dict.fromkeys(found))


@dataclass(frozen=True, slots=True)
class Reading:
    """A text as the fact check reads it, normalised and searched for GPU names once for all its
    questions (the figures quoted, the claims each sentence makes)."""

    original: str  # NFKC, without thousands separators
    lower: str  # `original` lower-cased (same positions)
    mentions: list[Mention]
    catalogue: tuple[GpuRecord, ...] = ()  # every GPU, for sizes that name another variant


def read(text: str, gpus: tuple[GpuRecord, ...]) -> Reading:
    original = _normalise(text)
    lower = original.lower()
    return Reading(original, lower, _mentions(lower, gpus), gpus)


def quotes(text: str, gpus: tuple[GpuRecord, ...]) -> Iterator[Quote]:
    return quotes_in(read(text, gpus))


def quotes_in(reading: Reading) -> Iterator[Quote]:
    original, t, mentions = reading.original, reading.lower, reading.mentions
    if not mentions:
        return
    for m in _TFLOPS.finditer(t):
        if is_bracket(t, m) or _a_name(m, mentions):
            continue
        for named in _owners(m.start(), t, mentions):
            scale = 1000.0 if m.group(2).startswith("p") else 1.0
            # TOPS are integer operations: an INT8 figure ("T4 130 TOPS"), whatever type is named near it
            dtype = "int8" if m.group(2) == "tops" else _dtype_near(t, m.start(), named.start)
            yield Quote("tflops", float(m.group(1)) * scale, named.gpus, dtype=dtype)
    for m in _BARE_RATE.finditer(t):
        if is_bracket(t, m) or _a_name(m, mentions):
            continue
        for named in _owners(m.start(1), t, mentions):
            dtype = _dtype_near(t, m.start(), named.start)
            yield Quote("tflops", float(m.group(1)), named.gpus, dtype=dtype)
    for m in _MEMORY.finditer(t):
        if is_bracket(t, m) or _a_name(m, mentions):
            continue
        for owner in _owners(m.start(), t, mentions):
            if _is_not_gpu_memory(t, m, owner) and not _had_size(t, m, owner, reading.catalogue):
                continue
            if _names_a_variant(t, m, owner, reading.catalogue):
                continue
            for claimed in _listed_before(t, m.start()) + [float(m.group(1))]:
                yield Quote("memory", claimed, owner.gpus)
    for m in _MEMORY_TB.finditer(t):
        window = t[max(0, m.start() - 12) : m.end() + 14]
        if is_bracket(t, m) or not _GPU_MEMORY_WORDS.search(window) or _NOT_GPU_MEMORY.search(window):
            continue
        for owner in _owners(m.start(), t, mentions):
            if 0 <= m.start() - owner.end <= 12:
                yield Quote("memory", float(m.group(1)), owner.gpus, unit="tb")
    for m in _BANDWIDTH.finditer(t):
        if "b" in original[m.start(2) : m.end(2)]:
            continue
        value = float(m.group(1)) / (1000.0 if m.group(2) == "gb/s" else 1.0)
        fabric = bool(_FABRIC.search(t[max(0, m.start() - 30) : m.end() + 10]))
        for owner in _owners(m.start(), t, mentions):
            yield Quote("bandwidth", value, owner.gpus, fabric=fabric)
    for m in _PCIE.finditer(t):
        if _a_name(m, mentions):
            continue
        for named in _owners(m.start(), t, mentions):
            yield Quote("pcie", float(m.group(1)), named.gpus)
    for m in _POWER.finditer(t):
        if is_bracket(t, m) or _a_name(m, mentions):
            continue
        unit = m.group(2)
        said = _POWER_WORDS.search(t[max(0, m.start() - 20) : m.end() + 8]) is not None
        watts = float(m.group(1)) * (1000.0 if unit == "kw" else 1.0)
        if watts > MAX_GPU_WATTS:
            continue  # "our rack is capped at 15 kW": a server's or a rack's power, no GPU's TDP
        if said or unit != "w" or original[m.start(2)] == "W":
            for named in _owners(m.start(), t, mentions):
                yield Quote("power", watts, named.gpus)


def is_bracket(text: str, m: re.Match[str]) -> bool:
    """The figure is one end of a range, a threshold or a tier label, not a claim about one GPU."""
    head, tail = text[max(0, m.start() - 12) : m.start()], text[m.end() : m.end() + 12]
    return bool(
        _RANGE_BEFORE.search(head)
        or _RANGE_AFTER.search(tail)
        or _TIER_AFTER.search(tail)
        or _THRESHOLD_BEFORE.search(head)
    )


def sentences(text: str, gpus: tuple[GpuRecord, ...]) -> Iterator[tuple[str, tuple[GpuRecord, ...]]]:
    """Each sentence of the normalised, lower-cased text with the GPUs it names (claims without numbers)."""
    return sentences_in(read(text, gpus))


def sentences_in(reading: Reading) -> Iterator[tuple[str, tuple[GpuRecord, ...]]]:
    t, mentions = reading.lower, reading.mentions
    bounds = [0, *(m.end() for m in SENTENCE_END.finditer(t)), len(t)]
    for lo, hi in zip(bounds, bounds[1:], strict=False):
        named = tuple(g for mention in mentions if lo <= mention.start < hi for g in mention.gpus)
        if named:
            yield t[lo:hi], tuple(dict.fromkeys(named))


def _a_name(m: re.Match[str], mentions: list[Mention]) -> bool:
    """The figure's number is a GPU's name ("a 4090 TFLOPS benchmark"), not a figure."""
    return any(n.start <= m.start(1) < n.end for n in mentions)


def _names_a_variant(text: str, m: re.Match[str], owner: Mention, gpus: tuple[GpuRecord, ...]) -> bool:
    """ "A100 40GB and 80GB", "V100 16GB 还是 32GB": a size joined to a GPU name that another member of
    its family has names that member (a choice, not a claim). "A100 40GB and 160GB" still is one."""
    if owner.end > m.start() or not _JOINED.match(text[owner.end : m.start()]):
        return False
    families = {g.family for g in owner.gpus}
    claimed = float(m.group(1))
    return any(
        g.family in families and abs(g.memory_gb.value - claimed) <= 0.07 * g.memory_gb.value for g in gpus
    )


def _had_size(text: str, m: re.Match[str], owner: Mention, gpus: tuple[GpuRecord, ...]) -> bool:
    """ "The L4 does 121 TFLOPS and has 24GB": a size some GPU has, right after "has", later in the
    sentence of the GPU it is claimed for (a size that is no GPU's stays unread: "has 500GB")."""
    if owner.end > m.start() or _NOT_GPU_MEMORY.search(text[m.start() : m.end() + 12]):
        return False
    claimed = float(m.group(1))
    return has_before(text, m.start()) and any(
        abs(g.memory_gb.value - claimed) <= 0.07 * g.memory_gb.value for g in gpus
    )


def _listed_before(text: str, pos: int) -> list[float]:
    """Numbers written as "40/80GB": the ones before the last share its unit."""
    found: list[float] = []
    head = text[:pos]
    while m := re.search(_NUM + r"\s*[/、]\s*$", head):
        found.insert(0, float(m.group(1)))
        head = head[: m.start()]
    return found


# 内存 / 記憶體 is a server's RAM, except right after a GPU's name: Taiwan calls GPU memory 記憶體 ("B200
# 的記憶體是 192GB"), and "A100 内存 80G" is said too.
_GPU_OWNS_RAM_WORD = re.compile(r"\s*(?:的|之)?\s*(?:内存|記憶體|记忆体)")
# ... or right after a size that a GPU named just before could have: "H200 有 192GB 記憶體？" (a server's
# RAM is larger than any GPU's memory: "H100 主機有 2TB 記憶體").
_SIZE_OWNS_HANT_WORD = re.compile(r"\s*(?:的)?\s*(?:記憶體|记忆体)")
GPU_SIZED_GB = 300.0  # above any GPU's memory (the catalogue's largest, the B300 and MI355X, have 288 GB)


_OTHER_FIGURE = re.compile(r"\d+(?:\.\d+)?\s*(?:tb/s|gb/s|tflops|pflops|tops)(?![a-z])")


def _is_not_gpu_memory(text: str, m: re.Match[str], owner: Mention) -> bool:
    window = text[max(0, m.start() - 12) : m.end() + 6]
    found = _NOT_GPU_MEMORY.search(window)
    if (
        found
        and found.group() in ("内存", "記憶體")
        and (
            _GPU_OWNS_RAM_WORD.match(text, owner.end)
            or (
                _SIZE_OWNS_HANT_WORD.match(text, m.end())
                and 0 <= m.start() - owner.end <= 12
                and float(m.group(1)) <= GPU_SIZED_GB
            )
        )
    ):
        found = _NOT_GPU_MEMORY.search(window, found.end())
    if found:
        return True
    # Other figures of the same GPU between its name and the size do not part them: "H200 is 4.8 TB/s and
    # 141 GB, right?", "H100 是 989 TFLOPS、80GB 对吧".
    adjacent = m.start() >= owner.end and len(_OTHER_FIGURE.sub("", text[owner.end : m.start()])) <= 12
    if not adjacent and not _MEMORY_WORDS.search(text[max(0, m.start() - 20) : m.end() + 8]):
        return True
    claimed = float(m.group(1))
    multiple = any(
        claimed > g.memory_gb.value and (claimed / g.memory_gb.value).is_integer() for g in owner.gpus
    )
    return multiple and bool(_COUNTS.search(text))
