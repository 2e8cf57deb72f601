"""What kind of question a text is, before anyone answers it from the FAQ.

A sizing request phrased as a question ("训练70B模型要多少钱", "how many GPUs do I need for a 7B
model?") or a datasheet look-up ("H100有多少显存") shares words with FAQ entries, so retrieval alone
finds a plausible entry. These helpers flag such text so the dialogue can route it to the sizing engine
or the GPU catalogue instead; the search itself keeps ranking so FAQ paraphrases that quote a number
("1GB数据有多少token") are still found.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Literal

import opencc

from knowledge.gpu_names import catalogue_names

QueryKind = Literal["faq", "sizing", "gpu_info", "none"]

# A stated workload with no question at all scales FAQ confidence down by this factor.
SPEC_FACTOR = 0.5


@functools.cache
def _converters() -> tuple[opencc.OpenCC, opencc.OpenCC]:
    # tw2sp first maps Taiwan vocabulary onto mainland words (伺服器 -> 服务器, 網路 -> 网络, 資料 -> 数据,
    # 硬碟 -> 硬盘); t2s then converts any remaining traditional characters.
    return opencc.OpenCC("tw2sp"), opencc.OpenCC("t2s")


def normalize(text: str) -> str:
    """NFKC (full-width -> half-width), lower case, traditional -> simplified."""
    text = unicodedata.normalize("NFKC", text).lower()
    for converter in _converters():
        text = converter.convert(text)
    return text


_QUANTITY = re.compile(
    r"\d+(?:\.\d+)?\s*(?:亿|万|千|天|小时|周|个月|月|张|块|卡|元|美元|参数|"
    r"(?:[kmbt]|gb|tb|mb|pb|gib|tib|g|days?|hours?|h|weeks?|months?|tokens?|x|usd|rmb|cny|gpus?|params?|"
    r"[ahlbt]\d+s?)(?![a-z]))"
)
_ASKS = re.compile(
    r"[?？]|吗|呢|什么|怎么|如何|为什么|为啥|多少|多大|多久|多长|几|哪|是否|能否|可否|要不要|是不是|会不会|"
    r"能不能|有没有|够不够|行不行|可不可以|^(?:what|how|why|which|when|where|who|should|can|could|is|are|does|do|"
    r"will|would|am)\b"
)
# A concrete model or workload: "7B", "70亿参数", "1.5b", "20b tokens", "8张", "4 gpus", "500 usd".
_WORKLOAD = re.compile(
    r"(?<![a-z0-9.])\d+(?:\.\d+)?\s*(?:b|m|t)(?![a-z])|\d+(?:\.\d+)?\s*(?:亿|百亿|千亿|万亿)(?:参数|个参数)?|"
    r"(?<![好几])[0-9两三四五六七八九十百千]+\s*(?:张|块|台|个节点)|\d+\s*(?:x\s*)?(?:gpus?|cards?|nodes?)\b|"
    r"\d+(?:\.\d+)?\s*(?:万|千)?\s*(?:元|块钱|块|美元|usd|rmb|cny|dollars?)|[$¥￥]\s*\d"
)
# What a sizing answer is made of: money, GPU count, time, memory for that workload.
_ASKS_SIZING = re.compile(
    r"多少钱|花多少|费用多少|成本多少|多少费用|多少成本|几张|几块|多少张|多少块|多少卡|几台|多少台|多久|多长时间|几天|"
    r"多少天|几个小时|多少小时|多少显存|多大显存|显存要多少|能训多大|训多大|多大的模型|能训多少|训多少|"
    r"\bhow many (?:gpus?|cards?|nodes?|days|hours|h100s?|a100s?)\b|\bhow long\b|"
    r"\bhow much (?:vram|gpu memory|memory)\b|"
    r"\bhow much (?:would|will|does|did|is)\b.*\bcost|\bwhat (?:would|will|does) it cost|\bhow much money\b|"
    r"\bcost (?:me|us)\b|\bhow big a model\b|\bwhat size model\b"
)
_SPEC_WORD = re.compile(r"显存|内存|带宽|算力|tflops|flops|\bmemory\b|\bvram\b|\bbandwidth\b|\bspecs?\b")
_ASKS_AMOUNT = re.compile(r"多少|多大|几g|\bhow (?:much|many|fast|big)\b|\bwhat is the\b")
_COMPARES = re.compile(
    r"和|跟|与|比|还是|对比|区别|差|\bvs\.?\b|\bversus\b|\bor\b|\bcompared?\b|\bdifference\b"
)


def looks_like_spec(text: str) -> bool:
    """Two or more quantities and no question: a sizing request, not an FAQ question."""
    norm = normalize(text).strip()
    return len(_QUANTITY.findall(norm)) >= 2 and not _ASKS.search(norm)


def classify(text: str, *, has_hits: bool) -> QueryKind:
    """`sizing` for a workload plus a question the engine answers (cost, GPUs, time, memory) or a
    stated workload; `gpu_info` for one GPU's datasheet figure; else `faq` when search found something."""
    norm = normalize(text).strip()
    if looks_like_spec(norm):
        return "sizing"
    gpus = {m.family for m in catalogue_names().find(norm)}
    if (
        len(gpus) == 1
        and _SPEC_WORD.search(norm)
        and _ASKS_AMOUNT.search(norm)
        and not _COMPARES.search(norm)
    ):
        return "gpu_info"
    if _WORKLOAD.search(norm) and _ASKS_SIZING.search(norm):
        return "sizing"
    return "faq" if has_hits else "none"
