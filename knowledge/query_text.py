"""Query text as the FAQ search reads it: normalised (NFKC, lower case, Taiwan and traditional wording
to simplified) and flagged when it states a workload without asking anything.

What kind of question a message is belongs to the NLU alone (bot/nlu: Parse.intent); the search only
uses the stated-workload flag to rank FAQ entries lower for such text ("用8张H100训练70亿参数模型，数据
500GB" is a request, not a question), so FAQ paraphrases that quote a number ("1GB数据有多少token") are
still found.
"""

from __future__ import annotations

import functools
import re
import unicodedata

import opencc

# A stated workload with no question at all scales FAQ confidence down by this factor.
SPEC_FACTOR = 0.5


@functools.cache
def _converters() -> tuple[opencc.OpenCC, opencc.OpenCC]:
    # tw2sp first maps Taiwan vocabulary onto mainland words (伺服器 -> 服务器, 網路 -> 网络, 資料 -> 数据,
    # 硬碟 -> 硬盘); t2s then converts any remaining traditional characters.
    return opencc.OpenCC("tw2sp"), opencc.OpenCC("t2s")


# The last text normalised, with its result: a search reads its query twice (its words, and whether it
# states a workload), and OpenCC's two conversions are most of the cost. One entry, swapped as a whole
# tuple, so threads never see a half-written pair.
_LAST: tuple[str, str] | None = None


def normalize(text: str) -> str:
    """NFKC (full-width -> half-width), lower case, traditional -> simplified."""
    global _LAST
    last = _LAST
    if last is not None and last[0] == text:
        return last[1]
    norm = unicodedata.normalize("NFKC", text).lower()
    for converter in _converters():
        norm = converter.convert(norm)
    _LAST = (text, norm)
    return norm


_QUANTITY = re.compile(
    r"\d+(?:\.\d+)?\s*(?:亿|万|千|天|小时|周|个月|月|张|块|卡|元|美元|参数|"
    r"(?:[kmbt]|gb|tb|mb|pb|gib|tib|g|days?|hours?|h|weeks?|months?|tokens?|x|usd|rmb|cny|gpus?|params?|"
    r"[ahlbt]\d+s?)(?![a-z]))"
)
_ASKS = re.compile(
    r"[?？]|吗|呢|什么|怎么|如何|为什么|为啥|多少|多大|多久|多长|几|哪|是否|能否|可否|要不要|是不是|会不会|"
    r"能不能|有没有|够不够|行不行|可不可以|^(?:what|how|why|which|when|where|who|should|can|could|is|are|does|do|"
    r"will|would|am)\b"
    # A failure reported is a plea for help, not a workload stated: "OOM at step 1 with a 7B on a 24GB card".
    r"|报错|出错|爆了|炸了|崩了|卡住|挂了|超时|\b(?:oom|error|errors|crash|crashes|crashed|fails|failed|hangs|hung|nan|"
    r"nccl|timeout|timeouts|timed out|no space left)\b"
)


def looks_like_spec(text: str) -> bool:
    """Two or more quantities and no question: a sizing request, not an FAQ question."""
    norm = normalize(text).strip()
    return states_a_job(text) and not _ASKS.search(norm)


def states_a_job(text: str) -> bool:
    """Two or more quantities ("13B 全参 8 张 A100", "a 70B on 16 H100s"): a job said, asked about or not."""
    return len(_QUANTITY.findall(normalize(text).strip())) >= 2


# An amount of money ("$500", "¥3000", "5000块", "2万元", "500 dollars"): whoever names one asks within a
# budget, whatever words they use for it. 块 alone counts cards ("8块卡") unless money follows it.
_MONEY = re.compile(
    r"[$¥€£]\s*\d[\d,]*(?:\.\d+)?\s*(?:[km](?![a-z])|万|千)?|"
    r"\d[\d,]*(?:\.\d+)?\s*(?:[km]|万|千)?\s*(?:元|块钱|块(?![卡张台显gh\da-z])|美元|美金|刀|人民币|"
    r"(?:dollars?|bucks|usd|rmb|cny|eur|euros?)(?![a-z]))"
)


def names_money(text: str) -> bool:
    """Whether the normalised text states an amount of money."""
    return _MONEY.search(text) is not None


# A definition question names one term and asks what it is: "what is LoRA?", "what does MFU mean",
# "FLOPs 是什么", "什麼是 ZeRO" (normalised to 什么是). Polite openers ("sorry, …", "请问…") are not the term.
_OPENERS = "so|and|sorry|um|uh|btw|hey|hi|ok|okay|quick question|请问|那么|那|对了|顺便问一下|不好意思"
_OPENER = rf"(?:(?:{_OPENERS})[,，:：]?\s*)*"
_TERM = r"[\"'“”‘’`]?(?P<term>[^?？。!！,，]{1,32}?)[\"'“”‘’`]?"
_CLAUSE = re.compile(r"[,，;；:：]")
_END = r"\s*[啊呀呢啦]?\s*[?？.。!！]*\s*$"
_DEFINITION = (
    re.compile(
        rf"^{_OPENER}(?:what(?:'s| is| are)|whats|what does|define|explain)\s+(?:an?\s+|the\s+)?{_TERM}"
        rf"(?:\s+(?:mean|means|stand for|stands for|exactly|anyway|anyways|again|lol))?{_END}"
    ),
    re.compile(rf"^{_OPENER}(?:什么是|什么叫|何谓)\s*{_TERM}{_END}"),
    re.compile(
        rf"^{_OPENER}{_TERM}\s*(?:到底)?(?:是什么意思|是什么东西|指的是什么|是什么|是啥|是个啥|什么意思){_END}"
    ),
)


def term_key(term: str) -> str:
    """A term as definitions are matched: normalised, spaces collapsed, English plurals dropped
    ("FLOPs" and "flop" are one key)."""
    words = normalize(term).strip().split()
    return " ".join(w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w for w in words)


def definition_subject(text: str) -> str | None:
    """The term a definition question asks about, as term_key writes it; None for any other text. The
    question may close a message after padding ("抱歉，我刚才说错了，LoRA 是什么？")."""
    norm = normalize(text).strip()
    last_clause = _CLAUSE.split(norm)[-1].strip()
    for candidate in dict.fromkeys((norm, last_clause)):
        for pattern in _DEFINITION:
            found = pattern.match(candidate)
            if found:
                return term_key(found["term"])
    return None
