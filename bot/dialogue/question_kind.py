"""What a message asks, decided before any slot is filled (issue 11 "question first").

STOPGAP of the dialogue lane: bot/nlu owns question kinds (lanes/interfaces.md: `Parse.intent`
feasibility | memory | price | provider_compare | figure_check | cheapest_gpu | serve |
china_providers, `Parse.providers_mentioned`, `Parse.price_period`, `Parse.yes_no`). Every
function here reads the parser's field first and falls back to these cue lists only while the
parser does not set it; the module goes once bot/nlu provides all of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.nlu.lexicon import find_phrase
from bot.nlu.providers import CN_PROVIDERS, find_providers
from bot.nlu.text import normalise

QUESTION_KINDS = (
    "feasibility",
    "memory",
    "price",
    "provider_compare",
    "figure_check",
    "cheapest_gpu",
    "serve",
    "china_providers",
)

# "国内云哪家好": the Chinese market without a provider named.
CHINA_MARKET = (
    "国内云",
    "国内的云",
    "国内哪家",
    "国产云",
    "国内gpu云",
    "国内算力",
    "chinese cloud",
    "china cloud",
)
# "云", "平台": words that make a question about the China market a question about providers.
PROVIDER_WORDS = (
    "云",
    "平台",
    "服务商",
    "厂商",
    "cloud",
    "clouds",
    "provider",
    "providers",
    "vendor",
    "vendors",
)
PRICE = (
    "多少钱", "价格", "价钱", "租金", "费用", "怎么收费", "收费", "一小时多少", "每小时多少", "单价",
    "how much does", "how much is", "how much for", "price", "pricing", "cost per hour", "per hour",
    "hourly rate", "an hour", "a month", "per month", "rent for", "cost of",
)  # fmt: skip
CHEAPER = (
    "便宜", "贵", "划算", "性价比", "cheaper", "cheapest", "more expensive", "less expensive", "lower price",
    "better price", "costs less", "cost less",
)  # fmt: skip
CHEAPEST_GPU = (
    "cheapest gpu", "cheapest card", "cheapest option", "least expensive gpu", "lowest cost gpu",
    "cheapest way",
    "最便宜的gpu", "最便宜的卡", "最便宜的显卡", "最便宜用什么", "最省钱的gpu", "最省钱的卡", "最便宜的方案",
    "最低成本",
)  # fmt: skip
MEMORY = (
    "多少显存", "显存多少", "显存需求", "需要多大显存", "要多大显存", "显存要多少", "占多少显存",
    "吃多少显存",
    "how much memory", "how much vram", "how much gpu memory", "memory requirement", "memory needed",
    "vram requirement", "vram needed", "how many gb",
)  # fmt: skip
CAN = (
    "can i", "can we", "could i", "could we", "is it possible", "possible to", "will it fit", "fit on",
    "fits on", "fit in", "run on", "enough", "able to", "feasible", "能不能", "能否", "可不可以", "可以",
    "能", "放得下", "装得下", "跑得动", "跑得了", "够不够", "够吗", "行吗", "行不行",
)  # fmt: skip
SERVE = (
    "serve", "serving", "inference", "deploy", "deployment", "host the model", "hosting", "concurrent",
    "concurrency", "qps", "rps", "requests per second", "requests/s", "req/s", "users at once", "latency",
    "推理", "部署", "上线", "并发", "在线服务", "服务化", "qps",
)  # fmt: skip
# Yes/no questions: English openers, Chinese A-not-A forms and final particles.
YES_NO_OPENERS = (
    "is ", "are ", "does ", "do ", "can ", "could ", "will ", "would ", "should ", "has ", "have ", "isn't ",
    "doesn't ",
)  # fmt: skip
YES_NO_ZH = (
    "吗",
    "是不是",
    "会不会",
    "能不能",
    "有没有",
    "是否",
    "可不可以",
    "对不对",
    "对吧",
    "行不行",
    "么",
)
CONFIRM = (
    "right?",
    "correct?",
    "isn't it",
    "is that right",
    "am i right",
    "对吗",
    "对吧",
    "吧",
    "是吧",
    "没错吧",
)
LIST_GPUS = (
    "列出所有", "列出全部", "所有gpu", "所有的gpu", "全部gpu", "所有显卡", "所有的显卡", "gpu目录",
    "显卡目录",
    "你知道哪些", "你了解哪些", "你支持哪些", "支持哪些", "gpu catalog", "gpu catalogue", "catalog of gpus",
    "list of gpus", "list all", "all the gpus", "every gpu", "gpus do you know", "gpus you know",
    "which gpus do you",
    "what gpus do you", "gpus do you support", "gpus you support", "your catalog", "your catalogue",
)  # fmt: skip
# A figure people quote: "192GB", "89 TFLOPS", "3.35 TB/s".
FIGURE_UNITS = ("gb", "g ", "tflops", "tb/s", "gb/s", "tops")


def _has(text: str, cues: tuple[str, ...]) -> bool:
    return any(find_phrase(text, c) != -1 for c in cues)


def lowered(text: str) -> str:
    return normalise(text).lower.strip()


def providers(parsed: Any, text: str) -> tuple[str, ...]:
    said = getattr(parsed, "providers_mentioned", None)
    return tuple(said) if said is not None else find_providers(lowered(text))


def price_period(parsed: Any, text: str) -> str | None:
    said = getattr(parsed, "price_period", None)
    if said in ("hour", "month"):
        return str(said)
    low = lowered(text)
    if _has(low, ("一个月", "每月", "月租", "包月", "per month", "a month", "monthly", "/month", "/mo")):
        return "month"
    if _has(low, ("一小时", "每小时", "小时", "per hour", "an hour", "hourly", "/hr", "/h", "/hour")):
        return "hour"
    return None


def yes_no(parsed: Any, text: str) -> bool:
    if getattr(parsed, "yes_no", False):
        return True
    low = lowered(text)
    return low.startswith(YES_NO_OPENERS) or _has(low, YES_NO_ZH) or _has(low, CONFIRM)


def _quotes_figure(low: str) -> bool:
    import re

    return bool(re.search(r"\d\s*(gb|g\b|tflops|tb/s|gb/s|tops)", low))


def question_kind(
    parsed: Any,
    text: str,
    said: Mapping[str, Any],
    gpus: tuple[str, ...],
    named_providers: tuple[str, ...],
    corrected: bool,
) -> str:
    """The kind of question: the parser's intent when it is a question kind, else the cues'."""
    intent = str(parsed.intent)
    if intent in QUESTION_KINDS:
        return intent
    low = lowered(text)
    workload = said.get("params") is not None
    data_or_time = any(said.get(k) is not None for k in ("tokens", "data_bytes", "days", "budget"))
    if intent in ("reset", "explain", "correction", "whatif", "skip", "capacity"):
        return intent
    if _has(low, SERVE) and not _has(low, ("训练", "微调", "train", "fine-tun", "finetun", "pretrain")):
        return "serve"
    if corrected and not workload:
        return "figure_check"
    if gpus and not workload and _quotes_figure(low) and _has(low, CONFIRM):
        return "figure_check"
    if not workload and not data_or_time or (not workload and _has(low, PRICE)):
        if named_providers and (len(named_providers) >= 2 or _has(low, CHEAPER)):
            return "provider_compare"
        if _has(low, PRICE) and (gpus or "gpu" in low or "显卡" in low):
            return "price"
        if any(p in CN_PROVIDERS for p in named_providers) or _has(low, CHINA_MARKET):
            return "china_providers"
        if getattr(parsed, "region", None) == "cn" and _has(low, PROVIDER_WORDS):
            return "china_providers"  # "国内有哪些GPU云可以用"
        if named_providers and _has(low, PRICE):
            return "provider_compare"
    if _has(low, CHEAPEST_GPU):
        return "cheapest_gpu"
    if workload and _has(low, MEMORY) and not data_or_time:
        return "memory"
    if workload and gpus and not data_or_time and (_has(low, CAN) or yes_no(parsed, text)):
        return "feasibility"
    if not workload and _has(low, LIST_GPUS):
        return "list_gpus"
    if len(set(gpus)) >= 2 and not workload:
        return "gpu_compare"
    return intent
