"""GPU names in a message: "8张A100", "4x H100 80GB", "A100 40GB", "H100 PCIe", "两台8卡H800", "4090".

The names are the catalogue's own (ids, aliases and families in knowledge/data/gpus.yaml, matched by
knowledge.gpu_names): a mention is the catalogue id, or the family ("a100", "h100") when the message
does not say which variant. A memory size right after a family picks the variant ("A100 80G").
"""

from __future__ import annotations

from dataclasses import dataclass

from knowledge.gpu_names import catalogue_names

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
    for m in catalogue_names().find(s, memory=True):
        if m.numeric and _looks_like_quantity(s, m.start, m.start + len(s[m.start : m.end].split()[0])):
            continue
        out.append(GpuMention(m.start, m.end, m.ids[0] if len(m.ids) == 1 else m.family))
    return out


def _looks_like_quantity(s: str, start: int, end: int) -> bool:
    """A bare 4090 followed by a unit is a number ("4090 tokens", "4090元"), not a card."""
    if s[start].isalpha():
        return False
    rest = s[end : end + 8].lstrip()
    return rest[:1] in ("元", "块", "天", "%", "$") or rest.startswith(("token", "step", "个", "b ", "m "))
