"""Spot a GPU figure a user quotes (TFLOPS, memory GB, bandwidth) and correct it against the catalog.

Works on zh-Hans, zh-Hant and English alike: the text is NFKC-normalised and lower-cased, GPU names
are matched by id, alias and family, and each quoted figure is tied to the nearest GPU mention in the
same sentence. A correct quote gives nothing back; a 2:4-sparse headline is named as such.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

from knowledge.base import Bilingual, Source
from knowledge.schema import DTYPES, Erratum, GpuRecord, TflopsFigure

Kind = Literal["wrong", "sparse", "unsupported", "nonexistent"]

_NUM = r"(?<![a-z0-9.])(\d+(?:\.\d+)?)"
_TFLOPS = re.compile(_NUM + r"\s*(pflops?|pflop/s|tflops?|tflop/s|t(?![a-z0-9/]))")
_MEMORY = re.compile(_NUM + r"\s*(?:gb|gib|g)(?![a-z/])")
_BANDWIDTH = re.compile(_NUM + r"\s*(tb/s|gb/s)")  # bytes; the original's lower-case b means bits
_DTYPE = re.compile(r"fp16|bf16|fp8|tf32|fp32|半精度|单精度|單精度")
_DTYPE_ALIASES = {"半精度": "fp16", "单精度": "fp32", "單精度": "fp32"}
_FABRIC = re.compile(r"nvlink|infinity fabric|xgmi|互联|互聯|卡间|卡間")
_SENTENCE = re.compile(r"[。！？!?；;\n]|\.\s")
_MEMORY_WORDS = re.compile(r"显存|顯存|vram|hbm|gddr|memory|版本|version|版")
_NOT_GPU_MEMORY = re.compile(
    r"数据|數據|data|语料|語料|存储|存儲|storage|disk|硬盘|硬碟|ram|内存|記憶體|checkpoint"
)
_COUNTS = re.compile(r"\d\s*[x×卡张張块塊台]|[x×]\s*\d|gpus|nodes|合计|合計|总共|總共|total")


@dataclass(frozen=True, slots=True)
class Correction:
    gpu_id: str
    metric: str  # "tflops.<dtype>", "memory_gb", "memory_bandwidth_tbs" or "scale_up_gbs"
    claimed: float
    correct: float | None
    message: Bilingual
    source: str
    kind: Kind = "wrong"
    erratum_id: str | None = None


@dataclass(frozen=True, slots=True)
class _Mention:
    start: int
    end: int
    gpus: tuple[GpuRecord, ...]


def _fmt(x: float) -> str:
    return f"{x:g}"


def _close(a: float, b: float, rel: float = 0.02, floor: float = 0.6) -> bool:
    """Equal up to rounding: `rel` of the datasheet value, or `floor` units for small figures."""
    return abs(a - b) <= max(rel * b, floor)


def _normalise(text: str) -> str:
    """NFKC (full-width to ASCII) without thousands separators; lower-casing keeps positions."""
    t = unicodedata.normalize("NFKC", text)
    return re.sub(r"(?<=\d),(?=\d{3}(?!\d))", "", t)


def _mentions(text: str, gpus: tuple[GpuRecord, ...]) -> list[_Mention]:
    names: list[tuple[str, tuple[GpuRecord, ...]]] = []
    for g in gpus:
        names += [(n, (g,)) for n in {g.id, *g.aliases} if not n.isdigit()]
    for family in {g.family for g in gpus}:
        names.append((family, tuple(g for g in gpus if g.family == family)))
    names.sort(key=lambda item: -len(item[0]))
    taken = [False] * len(text)
    found: list[_Mention] = []
    for name, members in names:
        pattern = r"[\s_-]*".join(re.escape(part) for part in re.split(r"[\s_-]+", name.lower()))
        for m in re.finditer(rf"(?<![a-z0-9]){pattern}(?![a-z0-9])", text):
            if not any(taken[m.start() : m.end()]):
                taken[m.start() : m.end()] = [True] * (m.end() - m.start())
                found.append(_Mention(m.start(), m.end(), members))
    return sorted(found, key=lambda m: m.start)


def _owner(pos: int, text: str, mentions: list[_Mention]) -> _Mention | None:
    """The GPU mention a figure at `pos` belongs to: nearest in the same sentence, earlier preferred."""
    bounds = [0, *(m.end() for m in _SENTENCE.finditer(text)), len(text)]
    lo = max(b for b in bounds if b <= pos)
    hi = min(b for b in bounds if b > pos)
    same = [m for m in mentions if lo <= m.start < hi]
    before = [m for m in same if m.end <= pos]
    if before:
        return before[-1]
    return same[0] if same else None


def _dtype_near(text: str, pos: int, lo: int) -> str | None:
    best: tuple[int, str] | None = None
    for m in _DTYPE.finditer(text):
        if m.start() < lo:
            continue
        distance = abs(m.start() - pos)
        if distance <= 30 and (best is None or distance < best[0]):
            best = (distance, _DTYPE_ALIASES.get(m.group(), m.group()))
    return best[1] if best else None


class _Checker:
    def __init__(self, errata: tuple[Erratum, ...], sources: Mapping[str, Source]) -> None:
        self.errata = errata
        self.sources = sources

    def source(self, keys: Iterable[str]) -> str:
        refs = [self.sources[k].ref for k in keys if k in self.sources]
        return refs[0] if refs else ", ".join(keys)

    def erratum(self, gpu_id: str, claimed: float) -> Erratum | None:
        for e in self.errata:
            if gpu_id in e.gpus and e.claimed is not None and _close(claimed, e.claimed):
                return e
        return None

    def tflops(self, claimed: float, dtype: str | None, gpus: tuple[GpuRecord, ...]) -> Correction | None:
        dtypes = [dtype] if dtype else list(DTYPES)
        figures = [(g, d, getattr(g.tflops, d)) for g in gpus for d in dtypes]
        if any(f.value is not None and _close(claimed, f.value) for _, _, f in figures):
            return None
        for g, d, f in figures:
            if f.sparse is not None and _close(claimed, f.sparse):
                return self._sparse(g, d, f, claimed)
        shown = dtype or "fp16"
        usable = [(g, getattr(g.tflops, shown)) for g in gpus if getattr(g.tflops, shown).value is not None]
        if not usable:
            return self._unsupported(gpus[0], shown, claimed)
        g, f = max(usable, key=lambda item: item[1].value or 0.0)
        return self._wrong(g, shown, f, claimed, gpus)

    def _sparse(self, g: GpuRecord, d: str, f: TflopsFigure, claimed: float) -> Correction:
        dense, dt = _fmt(f.value or 0.0), d.upper()
        message = Bilingual(
            zh=f"{_fmt(claimed)} TFLOPS 是 {g.name} 在 2:4 结构化稀疏下的 {dt} 数字；"
            f"训练按稠密算力算，应为 {dense} TFLOPS。",
            en=f"{_fmt(claimed)} TFLOPS is the {g.name}'s {dt} figure with 2:4 structured sparsity; "
            f"training runs at the dense rate, {dense} TFLOPS.",
        )
        return self._finish(g, f"tflops.{d}", claimed, f.value, message, f.src, "sparse")

    def _unsupported(self, g: GpuRecord, d: str, claimed: float) -> Correction:
        supported = [(x, getattr(g.tflops, x).value) for x in ("fp16", "bf16", "fp32")]
        alt, value = next((x, v) for x, v in supported if v is not None)
        message = Bilingual(
            zh=f"{g.name} 不支持 {d.upper()}；它的 {alt.upper()} 稠密算力是 {_fmt(value)} TFLOPS。",
            en=f"The {g.name} does not support {d.upper()}; "
            f"its dense {alt.upper()} rate is {_fmt(value)} TFLOPS.",
        )
        return self._finish(g, f"tflops.{d}", claimed, value, message, g.tflops.fp32.src, "unsupported")

    def _wrong(
        self, g: GpuRecord, d: str, f: TflopsFigure, claimed: float, family: tuple[GpuRecord, ...]
    ) -> Correction:
        dense, dt = _fmt(f.value or 0.0), d.upper()
        sparse_zh = f"（带 2:4 稀疏的标称值为 {_fmt(f.sparse)}）" if f.sparse else ""
        sparse_en = f" ({_fmt(f.sparse)} with 2:4 sparsity)" if f.sparse else ""
        others = [(o.name, getattr(o.tflops, d).value) for o in family if o is not g]
        others_txt = ", ".join(f"{name} {_fmt(v)}" for name, v in others if v is not None)
        bw = next(
            (
                o
                for o in family
                if o.memory_bandwidth_tbs.value and _close(claimed, o.memory_bandwidth_tbs.value * 1000)
            ),
            None,
        )
        bw_tbs = _fmt(bw.memory_bandwidth_tbs.value or 0.0) if bw else ""
        hint_zh = f"{_fmt(claimed)} 像是把 {bw.name} 的显存带宽（{bw_tbs} TB/s）当成了算力。" if bw else ""
        hint_en = (
            f" {_fmt(claimed)} looks like the {bw.name}'s memory bandwidth ({bw_tbs} TB/s) taken for compute."
            if bw
            else ""
        )
        message = Bilingual(
            zh=f"{g.name} 的 {dt} 稠密算力是 {dense} TFLOPS{sparse_zh}，不是 {_fmt(claimed)}。"
            + (f"同系列：{others_txt}。" if others_txt else "")
            + hint_zh,
            en=f"The {g.name}'s dense {dt} rate is {dense} TFLOPS{sparse_en}, not {_fmt(claimed)}."
            + (f" Same family: {others_txt}." if others_txt else "")
            + hint_en,
        )
        return self._finish(g, f"tflops.{d}", claimed, f.value, message, f.src, "wrong")

    def memory(
        self, claimed: float, gpus: tuple[GpuRecord, ...], everyone: tuple[GpuRecord, ...]
    ) -> Correction | None:
        if any(_close(claimed, g.memory_gb.value, 0.07) for g in gpus):
            return None
        g = max(gpus, key=lambda x: x.memory_gb.value)
        sizes = ", ".join(f"{x.name} {_fmt(x.memory_gb.value)} GB" for x in gpus)
        other = next(
            (x for x in everyone if x not in gpus and _close(claimed, x.memory_gb.value, 0.01)), None
        )
        message = Bilingual(
            zh=f"没有 {_fmt(claimed)}GB 的 {g.family.upper()}：{sizes}。"
            + (f"{_fmt(claimed)}GB 的是 {other.name}。" if other else ""),
            en=f"There is no {_fmt(claimed)} GB {g.family.upper()}: {sizes}."
            + (f" The {_fmt(claimed)} GB part is the {other.name}." if other else ""),
        )
        return self._finish(
            g, "memory_gb", claimed, g.memory_gb.value, message, g.memory_gb.src, "nonexistent"
        )

    def bandwidth(self, claimed_tbs: float, gpus: tuple[GpuRecord, ...], fabric: bool) -> Correction | None:
        """A TB/s figure: memory bandwidth, or the NVLink/IF figure when the sentence names the fabric."""
        memory = [g.memory_bandwidth_tbs.value for g in gpus]
        links = [(g.scale_up.gbs or 0.0) / 1000 for g in gpus]
        if any(v and _close(claimed_tbs, v, 0.03, 0.005) for v in memory + links):
            return None
        if fabric:
            g = max(gpus, key=lambda x: x.scale_up.gbs or 0.0)
            gbs, claimed_gbs = g.scale_up.gbs, _fmt(claimed_tbs * 1000)
            link = g.scale_up.kind.replace("_", " ")
            if gbs is None:
                zh, en = (
                    f"{g.name} 没有 NVLink，GPU 之间只走 PCIe。",
                    f"The {g.name} has no NVLink; GPUs talk over PCIe.",
                )
            else:
                zh = f"{g.name} 的 {link} 带宽是 {_fmt(gbs)} GB/s（双向），不是 {claimed_gbs} GB/s。"
                en = (
                    f"The {g.name}'s {link} runs at {_fmt(gbs)} GB/s (bidirectional), not {claimed_gbs} GB/s."
                )
            message = Bilingual(zh=zh, en=en)
            return self._finish(g, "scale_up_gbs", claimed_tbs * 1000, gbs, message, g.scale_up.src, "wrong")
        g = max(gpus, key=lambda x: x.memory_bandwidth_tbs.value or 0.0)
        value = g.memory_bandwidth_tbs.value
        if value is None:
            return None
        message = Bilingual(
            zh=f"{g.name} 的显存带宽是 {_fmt(value)} TB/s，不是 {_fmt(claimed_tbs)} TB/s。",
            en=f"The {g.name}'s memory bandwidth is {_fmt(value)} TB/s, not {_fmt(claimed_tbs)} TB/s.",
        )
        src = g.memory_bandwidth_tbs.src
        return self._finish(g, "memory_bandwidth_tbs", claimed_tbs, value, message, src, "wrong")

    def _finish(
        self,
        g: GpuRecord,
        metric: str,
        claimed: float,
        correct: float | None,
        message: Bilingual,
        src: Iterable[str],
        kind: Kind,
    ) -> Correction:
        e = self.erratum(g.id, claimed)
        if e is not None:  # the erratum's explanation is fuller; keep ours only if it lacks the number
            number = _fmt(correct) if correct is not None else ""
            if number in e.explanation.zh and number in e.explanation.en:
                message = e.explanation
            else:
                message = Bilingual(
                    zh=f"{message.zh}{e.explanation.zh}", en=f"{message.en} {e.explanation.en}"
                )
        text_source = self.source(src) if e is None else f"{e.source.ref}; {self.source(src)}"
        return Correction(g.id, metric, claimed, correct, message, text_source, kind, e.id if e else None)


def factcheck(
    text: str, gpus: tuple[GpuRecord, ...], errata: tuple[Erratum, ...], sources: Mapping[str, Source]
) -> list[Correction]:
    """Corrections for every wrong GPU figure quoted in `text`; empty when all quotes are right."""
    original = _normalise(text)
    t = original.lower()
    mentions = _mentions(t, gpus)
    if not mentions:
        return []
    checker = _Checker(errata, sources)
    out: list[Correction] = []
    for m in _TFLOPS.finditer(t):
        owner = _owner(m.start(), t, mentions)
        if owner is not None:
            scale = 1000.0 if m.group(2).startswith("p") else 1.0
            dtype = _dtype_near(t, m.start(), owner.start)
            out += [c for c in [checker.tflops(float(m.group(1)) * scale, dtype, owner.gpus)] if c]
    for m in _MEMORY.finditer(t):
        owner = _owner(m.start(), t, mentions)
        if owner is None or _is_not_gpu_memory(t, m, owner, gpus):
            continue
        for claimed in _listed_before(t, m.start()) + [float(m.group(1))]:
            out += [c for c in [checker.memory(claimed, owner.gpus, gpus)] if c]
    for m in _BANDWIDTH.finditer(t):
        owner = _owner(m.start(), t, mentions)
        if owner is not None and "b" not in original[m.start(2) : m.end(2)]:
            value = float(m.group(1)) / (1000.0 if m.group(2) == "gb/s" else 1.0)
            fabric = bool(_FABRIC.search(t[max(0, m.start() - 30) : m.end() + 10]))
            out += [c for c in [checker.bandwidth(value, owner.gpus, fabric)] if c]
    return out


def _listed_before(text: str, pos: int) -> list[float]:
    """Numbers written as "40/80GB": the ones before the last share its unit."""
    found: list[float] = []
    head = text[:pos]
    while m := re.search(_NUM + r"\s*[/、]\s*$", head):
        found.insert(0, float(m.group(1)))
        head = head[: m.start()]
    return found


def _is_not_gpu_memory(text: str, m: re.Match[str], owner: _Mention, gpus: tuple[GpuRecord, ...]) -> bool:
    window = text[max(0, m.start() - 12) : m.end() + 6]
    if _NOT_GPU_MEMORY.search(window):
        return True
    adjacent = 0 <= m.start() - owner.end <= 12
    if not adjacent and not _MEMORY_WORDS.search(text[max(0, m.start() - 20) : m.end() + 8]):
        return True
    claimed = float(m.group(1))
    multiple = any(
        claimed > g.memory_gb.value and (claimed / g.memory_gb.value).is_integer() for g in owner.gpus
    )
    return multiple and bool(_COUNTS.search(text))
