"""Correct GPU figures a user quotes (TFLOPS, memory GB, bandwidth, TDP watts) against the catalog.

`knowledge.quotes` finds the figures; this module judges them. A correct quote gives nothing back; a
2:4-sparse headline is named as such; every message states the dense datasheet value and its source.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

from knowledge.base import Bilingual, Source
from knowledge.hardware_words import SCALE_UP_LINK_NAMES
from knowledge.quotes import Reading, quotes_in, read, sentences_in
from knowledge.schema import DTYPES, Erratum, GpuRecord, TflopsFigure

Kind = Literal["wrong", "sparse", "unsupported", "nonexistent", "claim"]


@dataclass(frozen=True, slots=True)
class Correction:
    gpu_id: str
    # "tflops.<dtype>", "memory_gb", "memory_bandwidth_tbs", "scale_up_gbs", "tdp_w", "pcie_gen";
    # claims: "feature"/"positioning"
    metric: str
    claimed: float | None  # None for a claim without a number (kind "claim")
    correct: float | None
    message: Bilingual
    source: str
    kind: Kind = "wrong"
    erratum_id: str | None = None


def _fmt(x: float) -> str:
    return f"{x:g}"


def _close(a: float, b: float, rel: float = 0.02, floor: float = 0.6) -> bool:
    """Equal up to rounding: `rel` of the datasheet value, or `floor` units for small figures."""
    return abs(a - b) <= max(rel * b, floor)


class _Checker:
    def __init__(self, errata: tuple[Erratum, ...], sources: Mapping[str, Source]) -> None:
        self.errata = errata
        self.sources = sources

    def source(self, keys: Iterable[str]) -> str:
        refs = [self.sources[k].citation for k in keys if k in self.sources]
        return refs[0] if refs else ", ".join(keys)

    def erratum(self, gpu_id: str, claimed: float, metric: str | None = None) -> Erratum | None:
        """The seed guide's erratum on this figure of this GPU (`metric` as _finish names it: "tflops.fp16"
        is a "tflops" erratum), if the claimed number is the one it corrects."""
        for e in self.errata:
            if metric is not None and e.metric != metric.split(".")[0]:
                continue
            if gpu_id in e.gpus and e.claimed is not None and _close(claimed, e.claimed):
                return e
        return None

    def tflops(self, claimed: float, dtype: str | None, gpus: tuple[GpuRecord, ...]) -> Correction | None:
        if dtype == "int8":
            return self.int8(claimed, gpus)
        if dtype == "fp64":
            return self.fp64(claimed, gpus)
        if dtype == "fp4" and all(g.tflops.fp4 is None for g in gpus):
            # FP4 tensor cores came with Blackwell; a family name means its fastest board here
            return self._unsupported(max(gpus, key=lambda g: g.tflops.fp16.value or 0.0), dtype, claimed)
        dtypes = [dtype] if dtype else list(DTYPES)
        figures = [(g, d, f) for g in gpus for d in dtypes if (f := getattr(g.tflops, d)) is not None]
        if any(f.value is not None and _close(claimed, f.value) for _, _, f in figures):
            return None
        for g, d, f in figures:
            if f.sparse is not None and _close(claimed, f.sparse):
                return self._sparse(g, d, f, claimed)
        if dtype is None:
            # "T4 有 130 TFLOPS 对吧": its INT8 rate in TOPS (integer operations), taken for floating point
            for g in gpus:
                int8 = g.tflops.int8
                if int8 is not None and int8.value is not None and _close(claimed, int8.value):
                    return self._int8_as_float(g, int8, claimed)
        shown = dtype or "fp16"
        usable = [(g, f) for g in gpus if (f := getattr(g.tflops, shown)) is not None and f.value is not None]
        if not usable:
            return self._unsupported(gpus[0], shown, claimed)
        g, f = max(usable, key=lambda item: item[1].value or 0.0)
        return self._wrong(g, shown, f, claimed, gpus)

    def int8(self, claimed: float, gpus: tuple[GpuRecord, ...]) -> Correction | None:
        """An INT8 figure in TOPS ("T4 130 TOPS INT8"): right at the dense rate; the 2:4-sparse headline
        named as such; not judged for a GPU whose INT8 rate the catalogue does not hold."""
        rated = [(g, g.tflops.int8) for g in gpus if g.tflops.int8 is not None and g.tflops.int8.value]
        if not rated or any(_close(claimed, f.value or 0.0) for _, f in rated):
            return None
        for g, f in rated:
            if f.sparse is not None and _close(claimed, f.sparse):
                dense = _fmt(f.value or 0.0)
                message = Bilingual(
                    zh=f"{_fmt(claimed)} TOPS 是 {g.name} 在 2:4 结构化稀疏下的 INT8 数字；"
                    f"稠密 INT8 是 {dense} TOPS。",
                    en=f"{_fmt(claimed)} TOPS is the {g.name}'s INT8 figure with 2:4 structured sparsity; "
                    f"the dense INT8 rate is {dense} TOPS.",
                )
                return self._finish(g, "tflops.int8", claimed, f.value, message, f.src, "sparse")
        g, f = max(rated, key=lambda item: item[1].value or 0.0)
        dense = _fmt(f.value or 0.0)
        message = Bilingual(
            zh=f"{g.name} 的稠密 INT8 算力是 {dense} TOPS，不是 {_fmt(claimed)}。",
            en=f"The {g.name}'s dense INT8 rate is {dense} TOPS, not {_fmt(claimed)}.",
        )
        return self._finish(g, "tflops.int8", claimed, f.value, message, f.src, "wrong")

    def fp64(self, claimed: float, gpus: tuple[GpuRecord, ...]) -> Correction | None:
        """An FP64 figure ("H100 FP64 67 TFLOPS"): right at either the plain (vector) rate or the FP64
        Tensor Core rate; not judged for a GPU whose FP64 rate the catalogue does not hold."""
        rated = [g for g in gpus if g.fp64.vector.value]
        rates = [v for g in rated for v in (g.fp64.vector.value, g.fp64.tensor.value) if v]
        if not rated or any(_close(claimed, v, 0.03, 0.05) for v in rates):
            return None
        g = max(rated, key=lambda x: x.fp64.vector.value or 0.0)
        plain = _fmt(g.fp64.vector.value or 0.0)
        tensor = g.fp64.tensor.value
        with_tensor = tensor is not None and tensor != g.fp64.vector.value
        message = Bilingual(
            zh=f"{g.name} 的 FP64 算力是 {plain} TFLOPS"
            + (f"（FP64 Tensor Core 为 {_fmt(tensor or 0.0)}）" if with_tensor else "")
            + f"，不是 {_fmt(claimed)}。",
            en=f"The {g.name}'s FP64 rate is {plain} TFLOPS"
            + (f" ({_fmt(tensor or 0.0)} on its FP64 Tensor Cores)" if with_tensor else "")
            + f", not {_fmt(claimed)}.",
        )
        src = (*g.fp64.vector.src, *g.fp64.tensor.src)
        return self._finish(g, "fp64", claimed, g.fp64.vector.value, message, src, "wrong")

    def _int8_as_float(self, g: GpuRecord, f: TflopsFigure, claimed: float) -> Correction:
        train = next((d for d in ("bf16", "fp16") if getattr(g.tflops, d).value), "fp32")
        value = getattr(g.tflops, train).value or 0.0
        message = Bilingual(
            zh=f"{_fmt(claimed)} 是 {g.name} 的 INT8 算力，单位是 TOPS（整数运算，用于量化推理），"
            "不是浮点 TFLOPS；"
            f"它的 {train.upper()} 稠密算力是 {_fmt(value)} TFLOPS，训练按这个算。",
            en=f"{_fmt(claimed)} is the {g.name}'s INT8 rate, in TOPS (integer operations, for quantised "
            f"inference), not floating-point TFLOPS; its dense {train.upper()} rate, which training runs at, "
            f"is {_fmt(value)} TFLOPS.",
        )
        return self._finish(
            g, "tflops.int8", claimed, value, message, [*f.src, *getattr(g.tflops, train).src], "wrong"
        )

    def _sparse(self, g: GpuRecord, d: str, f: TflopsFigure, claimed: float) -> Correction:
        dense, dt = _fmt(f.value or 0.0), d.upper()
        if d == "fp4":  # an inference format: no training rate to speak of
            rest_zh, rest_en = f"稠密 {dt} 是 {dense} TFLOPS。", f"the dense {dt} rate is {dense} TFLOPS."
        else:
            rest_zh, rest_en = (
                f"训练按稠密算力算，应为 {dense} TFLOPS。",
                f"training runs at the dense rate, {dense} TFLOPS.",
            )
        message = Bilingual(
            zh=f"{_fmt(claimed)} TFLOPS 是 {g.name} 在 2:4 结构化稀疏下的 {dt} 数字；{rest_zh}",
            en=f"{_fmt(claimed)} TFLOPS is the {g.name}'s {dt} figure with 2:4 structured sparsity; "
            + rest_en,
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
        others = [(o.name, getattr(getattr(o.tflops, d), "value", None)) for o in family if o is not g]
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
        for g in gpus:
            # A known confusion (B200 "192 GB": the physical HBM, not the 180 GB a B200 offers) is
            # corrected even inside the rounding tolerance below.
            e = self.erratum(g.id, claimed)
            near = _close(claimed, g.memory_gb.value, 0.07) and not _close(claimed, g.memory_gb.value)
            if e is not None and e.metric == "memory_gb" and near:
                return self._finish(
                    g, "memory_gb", claimed, g.memory_gb.value, e.explanation, g.memory_gb.src, "wrong"
                )
        # 7%: "80GB" for 74.5 GiB and similar GB/GiB roundings are right, not wrong.
        if any(_close(claimed, g.memory_gb.value, 0.07) for g in gpus):
            return None
        # "H100 NVL 188GB": two boards the vendor quotes as a bridged pair (the figure's note says so)
        pair = next(
            (
                x
                for x in gpus
                if "pair" in (x.memory_gb.note or "") and _close(claimed, 2 * x.memory_gb.value)
            ),
            None,
        )
        if pair is not None and self.erratum(pair.id, claimed, "memory_gb") is None:
            return self._pair(pair, claimed)
        g = max(gpus, key=lambda x: x.memory_gb.value)
        kin = self._kin_with(claimed, gpus, everyone)
        if kin:
            # "H100 NVL 是 80GB 吧": the size is right for another card of the family (H100 SXM and PCIe),
            # so the named card is corrected and the card that has it named; never "there is no 80 GB H100".
            names = (
                " and ".join((", ".join(x.name for x in kin[:-1]), kin[-1].name)) if kin[1:] else kin[0].name
            )
            names_zh = "、".join(x.name for x in kin)
            own, said = _fmt(g.memory_gb.value), _fmt(claimed)
            message = Bilingual(
                zh=f"{g.name} 的显存是 {own} GB，不是 {said} GB；{said} GB 的是同系列的 {names_zh}。",
                en=f"The {g.name} has {own} GB, not {said} GB; the {said} GB "
                + ("parts of its family are" if kin[1:] else "part of its family is")
                + f" the {names}.",
            )
            return self._finish(g, "memory_gb", claimed, g.memory_gb.value, message, g.memory_gb.src, "wrong")
        shown = [x for x in gpus if x.variant_of not in {y.id for y in gpus}]  # a variant repeats its card
        sizes = ", ".join(f"{x.name} {_fmt(x.memory_gb.value)} GB" for x in shown)
        sizes_zh = "、".join(f"{x.name}（{_fmt(x.memory_gb.value)} GB）" for x in shown)
        # The boards that do have the size: of the family named first ("H100 NVL 80GB": the SXM5 and
        # PCIe are the 80 GB H100s), else up to three others ("4090 48GB": the A40, L40S, RTX A6000).
        sized = [x for x in everyone if x not in gpus and _close(claimed, x.memory_gb.value, 0.01)]
        sized = [x for x in sized if x.variant_of not in {y.id for y in sized}]
        kin = [x for x in sized if x.family in {y.family for y in gpus}]
        if kin:
            names, names_zh = " and ".join(x.name for x in kin), "和".join(x.name for x in kin)
            message = Bilingual(
                zh=f"{g.name} 是 {_fmt(g.memory_gb.value)} GB，不是 {_fmt(claimed)}GB；"
                f"{_fmt(claimed)}GB 的 {g.family.upper()} 是 {names_zh}。",
                en=f"The {g.name} has {_fmt(g.memory_gb.value)} GB, not {_fmt(claimed)} GB; "
                f"the {_fmt(claimed)} GB {g.family.upper()} {'is' if len(kin) == 1 else 'boards are'} "
                f"the {names}.",
            )
            return self._finish(g, "memory_gb", claimed, g.memory_gb.value, message, g.memory_gb.src, "wrong")
        more = len(sized) > 3
        sized = sized[:3]
        names = (
            ", ".join(x.name for x in sized[:-1])
            + (" and " if len(sized) > 1 else "")
            + (sized[-1].name if sized else "")
        )
        names_zh = "、".join(x.name for x in sized)
        if not sized:
            other_zh = other_en = ""
        elif len(sized) == 1:
            other_zh, other_en = (
                f"{_fmt(claimed)}GB 的是 {names_zh}。",
                f" The {_fmt(claimed)} GB part is the {names}.",
            )
        else:
            other_zh = f"{_fmt(claimed)}GB 的有 {names_zh}{'等' if more else ''}。"
            other_en = f" The {_fmt(claimed)} GB parts {'include' if more else 'are'} the {names}."
        message = Bilingual(
            zh=f"没有 {_fmt(claimed)}GB 的 {g.family.upper()}，只有 {sizes_zh}。" + other_zh,
            en=f"There is no {_fmt(claimed)} GB {g.family.upper()}: {sizes}." + other_en,
        )
        return self._finish(
            g, "memory_gb", claimed, g.memory_gb.value, message, g.memory_gb.src, "nonexistent"
        )

    @staticmethod
    def _kin_with(
        claimed: float, gpus: tuple[GpuRecord, ...], everyone: tuple[GpuRecord, ...]
    ) -> list[GpuRecord]:
        """Cards of the named cards' family, not named themselves, whose memory is the size claimed (one card
        per variant group)."""
        families = {x.family for x in gpus}
        kin = [
            x
            for x in everyone
            if x not in gpus and x.family in families and _close(claimed, x.memory_gb.value, 0.07)
        ]
        ids = {x.id for x in kin}
        return [x for x in kin if x.variant_of not in ids]

    def memory_in_tb(self, claimed_tb: float, gpus: tuple[GpuRecord, ...]) -> Correction:
        """GPU memory said in terabytes ("A100 80 TB 显存"): no GPU has that; the size in GB, kindly, and
        when the number is the GPU's size the unit is the slip."""
        same = next((g for g in gpus if _close(claimed_tb, g.memory_gb.value, 0.07)), None)
        g = same or max(gpus, key=lambda x: x.memory_gb.value)
        gb = _fmt(g.memory_gb.value)
        slip_zh = "单位应是 GB。" if same is not None else ""
        slip_en = " The unit is GB." if same is not None else ""
        message = Bilingual(
            zh=f"{g.name} 的显存是 {gb} GB，不是 {_fmt(claimed_tb)} TB。{slip_zh}",
            en=f"The {g.name} has {gb} GB of memory, not {_fmt(claimed_tb)} TB.{slip_en}",
        )
        return self._finish(
            g, "memory_gb", claimed_tb * 1000, g.memory_gb.value, message, g.memory_gb.src, "wrong"
        )

    def _pair(self, g: GpuRecord, claimed: float) -> Correction:
        """A memory size that is a bridged pair ("H100 NVL 188GB", as NVIDIA quotes the NVL): what one GPU
        has, which is what a model must fit in."""
        per = _fmt(g.memory_gb.value)
        message = Bilingual(
            zh=f"{g.name} 每张卡是 {per} GB；{_fmt(claimed)} GB 是两张桥接成一对的总和"
            f"（NVIDIA 按一对标注，2 × {per} GB）。模型要放进的是每张卡的 {per} GB。",
            en=f"The {g.name} has {per} GB per GPU; {_fmt(claimed)} GB is a bridged pair of two, as NVIDIA "
            f"quotes it (2 × {per} GB). A model has to fit in each GPU's {per} GB.",
        )
        return self._finish(g, "memory_gb", claimed, g.memory_gb.value, message, g.memory_gb.src, "wrong")

    def bandwidth(self, claimed_tbs: float, gpus: tuple[GpuRecord, ...], fabric: bool) -> Correction | None:
        """A TB/s figure: memory bandwidth, or the NVLink/IF figure when the sentence names the fabric."""
        memory = [g.memory_bandwidth_tbs.value for g in gpus]
        links = [(g.scale_up.gbs or 0.0) / 1000 for g in gpus]
        if any(v and _close(claimed_tbs, v, 0.03, 0.005) for v in memory + links):
            return None
        if fabric:
            g = max(gpus, key=lambda x: x.scale_up.gbs or 0.0)
            gbs, claimed_gbs = g.scale_up.gbs, _fmt(claimed_tbs * 1000)
            link = SCALE_UP_LINK_NAMES.get(g.scale_up.kind, g.scale_up.kind)
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

    def power(self, claimed_w: float, gpus: tuple[GpuRecord, ...]) -> Correction | None:
        """A power figure (W): the board's TDP. Right for any board of the family named ("H100 700W"),
        and unpublished TDPs are not judged."""
        known = [g for g in gpus if g.tdp_w.value]
        if not known or any(_close(claimed_w, g.tdp_w.value or 0.0, 0.05, 5.0) for g in known):
            return None
        g = known[0]
        tdp = _fmt(g.tdp_w.value or 0.0)
        others = ", ".join(f"{o.name} {_fmt(o.tdp_w.value or 0.0)} W" for o in known[1:])
        others_zh = "、".join(f"{o.name} {_fmt(o.tdp_w.value or 0.0)} W" for o in known[1:])
        message = Bilingual(
            zh=f"{g.name} 的功耗（TDP）是 {tdp} W，不是 {_fmt(claimed_w)} W。"
            + (f"同系列：{others_zh}。" if others else ""),
            en=f"The {g.name}'s TDP is {tdp} W, not {_fmt(claimed_w)} W."
            + (f" Same family: {others}." if others else ""),
        )
        return self._finish(g, "tdp_w", claimed_w, g.tdp_w.value, message, g.tdp_w.src, "wrong")

    def pcie(self, claimed_gen: float, gpus: tuple[GpuRecord, ...]) -> Correction | None:
        """A PCIe generation ("H100 是 PCIe 4.0 的吗"): right for any board of the family named; a GPU
        whose generation the catalogue does not record is not judged."""
        known = [g for g in gpus if g.pcie_gen is not None]
        if not known or any(g.pcie_gen is not None and g.pcie_gen.value == claimed_gen for g in known):
            return None
        g = known[0]
        gen = g.pcie_gen
        assert gen is not None
        right, said = _fmt(gen.value), _fmt(claimed_gen)
        message = Bilingual(
            zh=f"{g.name} 的主机接口是 PCIe Gen{right}，不是 PCIe Gen{said}。",
            en=f"The {g.name}'s host interface is PCIe Gen{right}, not PCIe Gen{said}.",
        )
        return self._finish(g, "pcie_gen", claimed_gen, gen.value, message, gen.src, "wrong")

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
        # A format the GPU lacks ("the A100 does FP8 at 624") is not the guide's FP16 erratum on that number.
        e = None if kind == "unsupported" else self.erratum(g.id, claimed, metric)
        if e is not None:  # the erratum's explanation is fuller; keep ours only if it lacks the number
            number = _fmt(correct) if correct is not None else ""
            if number in e.explanation.zh and number in e.explanation.en:
                message = e.explanation
            else:
                message = Bilingual(
                    zh=f"{message.zh}{e.explanation.zh}", en=f"{message.en} {e.explanation.en}"
                )
        figure_source = self.source(src)
        text_source = figure_source
        if e is not None:
            cite = e.source.citation
            text_source = cite if figure_source in cite else f"{cite}; {figure_source}"
        return Correction(g.id, metric, claimed, correct, message, text_source, kind, e.id if e else None)


def claims(reading: Reading, errata: tuple[Erratum, ...]) -> list[Correction]:
    """Errata for number-free claims (positioning, features) a sentence makes about a GPU it names."""
    out: list[Correction] = []
    for sentence, named in sentences_in(reading):
        ids = [g.id for g in named]
        for e in errata:
            if any(c.erratum_id == e.id for c in out) or not e.triggers:
                continue
            gpu_id = next((i for i in e.gpus if i in ids), None)
            if gpu_id is not None and any(re.search(p, sentence) for p in e.triggers):
                out.append(
                    Correction(
                        gpu_id, e.metric, None, e.correct, e.explanation, e.source.citation, "claim", e.id
                    )
                )
    return out


def factcheck(
    text: str, gpus: tuple[GpuRecord, ...], errata: tuple[Erratum, ...], sources: Mapping[str, Source]
) -> list[Correction]:
    """Corrections for every wrong GPU figure quoted in `text`; empty when all quotes are right."""
    reading = read(text, gpus)
    if not reading.mentions:
        return []  # figures and claims are about a GPU the text names; most messages name none
    checker = _Checker(errata, sources)
    out: list[Correction] = claims(reading, errata)
    for q in quotes_in(reading):
        if q.kind == "tflops":
            found = checker.tflops(q.value, q.dtype, q.gpus)
        elif q.kind == "memory" and q.unit == "tb":
            found = checker.memory_in_tb(q.value, q.gpus)
        elif q.kind == "memory":
            found = checker.memory(q.value, q.gpus, gpus)
        elif q.kind == "power":
            found = checker.power(q.value, q.gpus)
        elif q.kind == "pcie":
            found = checker.pcie(q.value, q.gpus)
        else:
            found = checker.bandwidth(q.value, q.gpus, q.fabric)
        if found is not None:
            out.append(found)
    return out
