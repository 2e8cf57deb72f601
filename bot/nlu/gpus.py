"""GPU names and counts: "8张A100", "4x H100 80GB", "A100 40GB", "H100 PCIe", "两台8卡H800", "4090".

Names map to the catalog ids of DESIGN.md, or to a family ("a100", "h100") when the message does
not say which variant. Patterns are plain alternations with bounded separators (linear time).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_SEP = r"[ \-_]?"
_MEM = r"(?:" + _SEP + r"(?P<mem>\d{2,3}) ?g(?:b|ib)?(?![a-z0-9]))?"
# (pattern, id or family). A named memory size refines a family: a100 + 40 -> a100-40gb.
_NAMES: tuple[tuple[str, str], ...] = (
    (r"h100" + _SEP + r"pcie", "h100-pcie"),
    (r"h100" + _SEP + r"sxm5?", "h100-sxm"),
    (r"h100" + _SEP + r"nvl", "h100-nvl"),
    (r"h100", "h100"),
    (r"h800", "h800"),
    (r"h200", "h200"),
    (r"h20", "h20"),
    (r"b200", "b200"),
    (r"a100", "a100"),
    (r"a10g", "a10g"),
    (r"a10", "a10"),
    (r"a30", "a30"),
    (r"a40", "a40"),
    (r"(?:rtx" + _SEP + r")?a6000", "rtx-a6000"),
    (r"l40s", "l40s"),
    (r"l4", "l4"),
    (r"t4", "t4"),
    (r"(?:tesla" + _SEP + r")?v100", "v100"),
    (r"(?:(?:geforce|rtx)" + _SEP + r")?4090", "rtx4090"),
    (r"(?:(?:geforce|rtx)" + _SEP + r")?3090", "rtx3090"),
    (r"(?:instinct" + _SEP + r")?mi300x?", "mi300x"),
    (r"(?:instinct" + _SEP + r")?mi250x?", "mi250x"),
)
_GPU_RE = re.compile(
    r"(?<![a-z0-9])(?:" + "|".join(f"(?P<g{i}>{p})" for i, (p, _) in enumerate(_NAMES)) + r")"
    r"s?(?![a-z0-9])" + _MEM
)
_VARIANTS: dict[tuple[str, str], str] = {
    ("a100", "40"): "a100-40gb",
    ("a100", "80"): "a100-80gb",
    ("v100", "32"): "v100-32gb",
    ("v100", "16"): "v100-16gb",
}
# Words for "GPU" that make a preceding number a count ("16张卡", "8 GPUs", "8块显卡").
GPU_WORDS = ("张显卡", "张卡", "块显卡", "块卡", "张gpu", "块gpu", "个gpu", "张", "卡", "显卡")
GPU_WORDS_EN = ("gpus", "gpu", "cards", "card", "accelerators")


@dataclass(frozen=True, slots=True)
class GpuMention:
    start: int
    end: int
    gpu: str


def find_gpus(s: str) -> list[GpuMention]:
    out = []
    for m in _GPU_RE.finditer(s):
        idx = next(i for i, (_, _) in enumerate(_NAMES) if m.group(f"g{i}") is not None)
        gpu = _NAMES[idx][1]
        mem = m.group("mem")
        end = m.end()
        if mem is not None:
            gpu = _VARIANTS.get((gpu, mem), gpu)
        if gpu in ("rtx4090", "rtx3090") and _looks_like_quantity(s, m.start(), m.end("g" + str(idx))):
            continue
        out.append(GpuMention(m.start(), end, gpu))
    return out


def _looks_like_quantity(s: str, start: int, end: int) -> bool:
    """A bare 4090 followed by a unit is a number ("4090 tokens", "4090元"), not a card."""
    if s[start].isalpha():
        return False
    rest = s[end : end + 8].lstrip()
    return rest[:1] in ("元", "块", "天", "%", "$") or rest.startswith(("token", "step", "个", "b ", "m "))
