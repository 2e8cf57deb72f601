"""`parse(text)`: normalise, find names (models, GPUs), scan numbers, attach units, pick slots,
classify the intent. Also the small helpers the `size` command uses for its flags."""

from __future__ import annotations

import datetime as dt
import functools
import math
import re
from dataclasses import replace

from bot.nlu import context, intents, lexicon, question_cues as cues, serving
from bot.nlu.counts import busy_clauses, one_by_article
from bot.nlu.deadlines import calendar_month_spans, deadline_date, sprints_said
from bot.nlu.found import NEGATIONS, RANGES, Found
from bot.nlu.gpus import GpuMention, correct_gpu_typos, find_gpus
from bot.nlu.models import ModelMention, find_models
from bot.nlu.numerals_en import SCALES
from bot.nlu.numerals_zh import BIG_UNITS, FINANCIAL, SMALL_UNITS
from bot.nlu.providers import find_providers
from bot.nlu.relative import find_scales
from bot.nlu.scan import scan
from bot.nlu.slots import extract, teacher_near
from bot.nlu.stack import find_low_memory, find_objective, find_offload, find_recompute, find_stack
from bot.nlu.text import compact, normalise
from bot.nlu.types import Ask, GpuMemory, Parse, Slots, StepsBasis
from knowledge.gpu_names import catalogue_names
from knowledge.names import BARE_OR, BOTH, EITHER_OR, VERSUS, alternation
from knowledge.quotes import quotes
from knowledge.search import default_searcher
from knowledge.text_units import text_units
from sizing.serve_types import DEFAULT_INPUT_TOKENS, DEFAULT_OUTPUT_TOKENS
from sizing.types import Budget, Currency, Period
from sizing.workload import BYTES_PER_TOKEN, CHINCHILLA_TOKENS_PER_PARAM, DEFAULT_SEQ_LEN

_NUMERAL_NEIGHBOURS = frozenset("零一二三四五六七八九十百千万亿壹贰叁肆伍陆柒捌玖拾佰仟")


_FINANCIAL_CHARS = frozenset(FINANCIAL) | {"参"}


# "平均一条 1500 token", "一笔大概 800": one sample as the unit a length is given per, the same as 每条 (the
# one-character swap keeps every offset). Not after a numeral ("十一条") nor when no number follows, nor
# before a model size ("cpt 一个 14B", "训一个 70亿 的模型": one model, not a length per sample).
# An image or clip is counted the same way: "一张图 800 token", "一段视频大概 4k token".
_ONE_SAMPLE = re.compile(
    r"(?<![0-9零一二三四五六七八九十百千万亿两.])一"
    r"(?=(?:(?:条|笔|则|份|篇|段|个)(?:对话|数据|样本|资料|消息|讯息|视频|片段|影片)?|(?:张|幅)(?:图片|图|照片))"
    r"(?: ?(?:大概|大约|差不多|约|平均|有|是|在|要|占|算))* ?(?![0-9.]+ ?(?:b(?![a-z])|亿))[0-9])"
)
# ... and said after the length: "800 token 一张图", "500 tokens 一条", "4k token 一段视频" (not "一张卡":
# one GPU; not "一个" alone).
_ONE_SAMPLE_AFTER = re.compile(
    r"(?P<length>(?:token|tokens|词元)(?: ?(?:左右|上下))? ?[,/]? ?)一"
    r"(?=(?:条|笔|则|份|篇|段|组)(?:对话|数据|样本|资料|消息|视频|片段)?(?![0-9卡])"
    r"|个(?:对话|样本|视频|片段)|(?:张|幅)(?:图片|图|照片)?(?![0-9卡]|显卡|gpu))"
)


def _each(s: str) -> str:
    if "一" not in s:
        return s
    return _ONE_SAMPLE_AFTER.sub(r"\g<length>每", _ONE_SAMPLE.sub("每", s))


def _financial(s: str) -> str:
    """Financial numerals to plain ones. 参 (t2s of 參) is a three only next to other numerals."""
    if _FINANCIAL_CHARS.isdisjoint(s):
        return s  # most messages have none
    if "参数" in s and _FINANCIAL_CHARS.isdisjoint(s.replace("参数", "")):
        return s  # 参 only in 参数 ("70亿参数"): parameters, never a three (below)
    out = list(s)
    for i, ch in enumerate(s):
        if ch in FINANCIAL and ch != "參":
            out[i] = FINANCIAL[ch]
        elif ch == "参":
            prev = s[i - 1] if i else ""
            nxt = s[i + 1] if i + 1 < len(s) else ""
            if nxt != "数" and (prev in _NUMERAL_NEIGHBOURS or (nxt != "" and nxt in "拾佰仟万亿十百千")):
                out[i] = "三"
    return "".join(out)


def _mask(s: str, spans: list[tuple[int, int]]) -> str:
    if not spans:
        return s  # nothing to blank (most calls): the same text, without copying it
    chars = list(s)
    for start, end in spans:
        for i in range(start, end):
            chars[i] = " "
    return "".join(chars)


@functools.cache
@functools.lru_cache(maxsize=8)
def _phrases(table: tuple[tuple[str, str], ...]) -> tuple[str, ...]:
    return tuple(phrase for phrase, _ in table)


def _first_phrase(s: str, table: tuple[tuple[str, str], ...], last: bool = False) -> str | None:
    """The value of the first phrase of `table` in `s` (the last one with `last`: "把 fp16 换成 bf16");
    a phrase ruled out ("不用 fp8", "FP8 就不考虑了") is none."""
    said = lexicon.cues_in(s, _phrases(table))
    if not said:
        return None  # one reading for all of them first: most messages name none
    best: tuple[int, str] | None = None
    for phrase, value in table:
        if phrase not in said:
            continue
        for m in lexicon.phrases_in(s, (phrase,)):
            i = m.start()
            if _negated(s, i) or s[m.end() :].lstrip(" ,，").startswith(lexicon.RULED_OUT_AFTER):
                continue
            if best is None or (i > best[0] if last else i < best[0]):
                best = (i, value)
    return best[1] if best else None


# A change written as "from X to Y", "X -> Y", "X → Y", "从 X 增加到 Y": the value after it is the one meant.
_CHANGE_TO = re.compile(
    r"->|→|=>|⇒|\bfrom\b[^,;.!?，。；]{1,40}?\bto\b"
    r"|从[^,;!?，。；]{1,30}?(?:增加|增长|提高|提升|扩大|扩充|扩|加|提|涨|升|减少|降低|降|缩减|缩|砍|压|改|换|变)"
    r"(?:到|成|为)"
)


# Clauses of a message: split at these (and at ". ", not in "v3.5").
_CLAUSE = re.compile(r"[,;!?，。；！？\n]|\. ")


_MONTH_NAMES = (
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
    "november", "december",
)  # fmt: skip
# A year written out ("2024 年", "in 2024"): in the past when before `today`'s.
_YEAR = re.compile(r"(?<!\d)(20\d\d) ?年|\bin (20\d\d)\b")


def _past_year(clause: str, today: dt.date | None) -> bool:
    if today is None:
        return False
    return any(int(m.group(1) or m.group(2)) < today.year for m in _YEAR.finditer(clause))


# A quarter or a month of the year: "今年 Q1", "第一季度", "3 月份", "in March".
_QUARTER_OR_MONTH = re.compile(
    r"(?<![0-9a-z])q(?P<q>[1-4])(?![0-9])|第?(?P<zq>[一二三四1-4])季度?"
    r"|(?<![0-9])(?P<m>1[0-2]|[1-9]) ?月(?![0-9底末初中前])|\bin (?P<name>" + "|".join(_MONTH_NAMES) + r")\b"
)
_NEXT_YEAR = ("明年", "next year")


def _past_period(clause: str, today: dt.date | None) -> bool:
    """A quarter or month of this year that has begun, said with a past verb ("今年 Q1 我们训了 1.3B",
    "in March we trained a 7B"): the run is history. Not next year's ("明年 Q1 训了…" is no past)."""
    if today is None or lexicon.has_cue(clause, _NEXT_YEAR):
        return False
    for m in _QUARTER_OR_MONTH.finditer(clause):
        q = m.group("q") or m.group("zq")
        if q:
            month = 3 * ("一二三四".index(q) + 1 if q in "一二三四" else int(q)) - 2  # the quarter's first
        else:
            month = int(m.group("m")) if m.group("m") else _MONTH_NAMES.index(m.group("name")) + 1
        if month <= today.month:
            return True
    return False


def _history(s: str, today: dt.date | None = None) -> list[tuple[int, int]]:
    """Clauses about a run already done, before a clause with the new plan (lexicon.PAST_RUN): their figures
    describe history ("去年用 32 张 A100 训了 45 天，今年想换 H200"), not the request."""
    if not (lexicon.has_cue(s, lexicon.PAST_RUN) or lexicon.has_cue(s, lexicon.PAST_RUN_WITH_TIME)):
        return []  # most messages tell no history
    spans: list[tuple[int, int]] = []
    planned = False  # a clause of the plan came before the history
    start = 0
    for m in [*_CLAUSE.finditer(s), None]:
        end = m.start() if m is not None else len(s)
        clause = s[start:end]
        past = lexicon.has_cue(clause, lexicon.PAST_RUN) or (
            lexicon.has_cue(clause, lexicon.PAST_RUN_WITH_TIME)
            and (
                lexicon.has_cue(clause, lexicon.PAST_TIME)
                or _past_year(clause, today)
                or _past_period(clause, today)
            )
        )
        if spans and lexicon.has_cue(clause, lexicon.NEW_PLAN) and not past:
            return spans  # the plan follows the history
        if past or spans:
            spans.append(
                (start, end)
            )  # a past run, and what is said of it up to the plan ("…，用了 1T token")
        else:
            planned = (
                planned
                or lexicon.has_cue(clause, lexicon.NEW_PLAN)
                or lexicon.has_cue(clause, lexicon.ASKS_TIME)
                or _trains(clause)  # "QLoRA a 65B on one 4090 … Our last attempt took 9 days."
            )
        start = m.end() if m is not None else len(s)
    # The history told after the plan, to the end ("用 8 张 H20 全参微调 32B 要多久？去年我们用 A800 跑过
    # 类似的，花了 10 天。"): its figures are the past run's too.
    return spans if planned else []


_SEGMENT = re.compile(r"[,;!?，。；！？:：\n]|\. ")


# Ethernet named by its speed ("机房万兆网", "千兆网卡", "万兆以太网"): a network, never a size of data.
_NAMED_SPEED = re.compile(
    r"(?:十万兆|万兆|千兆|百兆)(?= ?(?:网|以太|交换|光口|电口|口|带宽|互联|ethernet|nic))"
)


# Passes over the data said in words: "go over the data twice", "three times over the corpus".
_TIMES = {"once": 1.0, "twice": 2.0, "thrice": 3.0, "two times": 2.0, "three times": 3.0, "four times": 4.0,
          "five times": 5.0}  # fmt: skip
_TIMES_WORDS = "|".join(_TIMES)
_PASSES_IN_WORDS = re.compile(
    r"\b(?:go|going|goes|run|running|iterate|iterating|pass|passes|loop|cycle)\s+(?:over|through)\s+"
    r"(?:the\s+|our\s+|all\s+(?:the\s+)?)?(?:data(?:set)?|corpus|samples|examples)\s+(?P<a>"
    + _TIMES_WORDS
    + r")\b"
    r"|\b(?P<b>" + _TIMES_WORDS + r")\s+(?:over|through)\s+(?:the\s+|our\s+)?(?:data(?:set)?|corpus)\b"
)


# A token count said as the total trained across the epochs ("6B tokens in total over 3 epochs", "a total
# of 6B tokens across 3 epochs", "3 epochs totaling 6B tokens", "3 轮总共训 60 亿 token", "总共跑 60 亿
# token，分 3 轮"): the dataset is that count over the epochs (DESIGN: `tokens` is one pass). "3 epochs
# over 2B tokens", "2B tokens over 3 epochs" and "数据总共 20 亿 token，训 3 轮" (the data's total)
# stay one pass.
_NUM = r"[\d.,]+ ?(?:[千万亿]+|[a-z]{0,8})|[零一二两三四五六七八九十百千万亿]+"
_EPOCHS = (
    r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|[一二两三四五六七八九十]+) ?(?:个 ?)?"
    r"(?:epochs?|passes|轮|遍)"
)
_TOTAL_EN = r"(?:in total|total|combined|overall|altogether|all told)"
_TOTAL_ZH = r"(?:总共|一共|共计|总计|累计|合计)"
_TOKENS_IN_TOTAL = re.compile(
    rf"tokens? {_TOTAL_EN} (?:over|across|for|in|through|spread over) (?:the )?{_EPOCHS}"
    rf"|(?:a total of|total of|in total|(?<![a-z])total) (?:{_NUM}) ?tokens? (?:over|across|for|in|through) "
    rf"(?:the )?{_EPOCHS}"
    rf"|{_EPOCHS},? (?:totall?ing|adding up to|summing to|for a total of|in total) (?:{_NUM}) ?tokens?"
    rf"|{_EPOCHS}, (?:and )?(?:{_NUM}) ?tokens? {_TOTAL_EN}"
    rf"|{_EPOCHS}[,，]? ?(?:{_TOTAL_ZH}|共) ?(?:训练?|跑|过|看)?了? ?(?:{_NUM}) ?(?:tokens?|词元)"
    rf"|{_TOTAL_ZH} ?(?:训练?|跑|过|看)了? ?(?:{_NUM}) ?(?:tokens?|词元)[^。.;；!?！？\n]{{0,12}}?{_EPOCHS}"
)


# The language of the training text, when the message says it ("200GB 英文语料", "2TB of Chinese text",
# "500GB of code", "数据主要是中文", "中英混合语料"): its bytes per token (sizing.workload.BYTES_PER_TOKEN).
# Otherwise the message's own language stands for it ("200GB 英文语料" was planned as Chinese text).
_TEXT_LANGUAGES = (
    ("mixed", r"中英(?:文)?混合|中英双语|中英雙語|中英文|\bbilingual|\bchinese(?: and | ?[&/+] ?)english\b"
     r"|\benglish(?: and | ?[&/+] ?)chinese\b|\bmixed (?:chinese|english)\b"),
    ("code", r"代码|代碼|程式码|程式碼|源码|源碼|\bcode\b"),
    ("zh", r"中文|汉语|漢語|\bchinese\b"),
    ("en", r"英文|英语|英語|\benglish\b"),
)  # fmt: skip
_TEXT_NOUN = r"(?:语料|語料|数据|數據|資料|资料|文本|text|data(?:set)?|corpus|corpora|tokens?)"
_SIZE_UNIT = r"\d ?(?:[kmbt] ?)?(?:[kmgtp]i?b|[gt]|tokens?)"
_ADVERB = r"(?:actually |really |all |mostly |mainly |其实|其實|实际上|實際上|主要|都|全)?"
# What the data is, stated: "数据是中文", "数据其实是中英混合的", "the data is actually Chinese", "都是英文",
# "mostly code". A language beside a data word only ("中文语料怎么清洗？", "tokenizer for Chinese text") is
# no statement, and changes no plan held (the parser's data_language_said).
_STATED = (
    rf"{_TEXT_NOUN} ?{_ADVERB}(?:是|为|為|is |are |: ?|： ?){_ADVERB}(?:{{words}})"
    rf"|(?:都是|主要是|大多是|大部分是|全是|全部是|\bmostly |\bmainly |\ball )(?:{{words}})"
    # "it's English text", "that's all Chinese data", "其实是中文语料", "不對，是英文資料"
    rf"|\b(?:it'?s|it is|that'?s|that is|they'?re|they are) {_ADVERB}(?:{{words}}) ?{_TEXT_NOUN}"
    rf"|(?:其实|其實|实际上|實際上|不对，|不對，|不对,|不對,)是(?:{{words}}) ?(?:的)? ?{_TEXT_NOUN}"
    # what-ifs on it: "what if the data were English?", "what about code data?", "如果是英文数据呢",
    # "要是英文語料呢" ("如果是中文模型呢" names no data, "what about Chinese text tokenization?" asks)
    rf"|\bwhat if (?:it|the data|the corpus|the dataset|our data|the text) (?:were|was|is) "
    rf"{_ADVERB}(?:{{words}})"
    rf"|\b(?:what|how) about {_ADVERB}(?:{{words}}) ?{_TEXT_NOUN}(?: instead| then)?\s*(?:[?？.!]|$)"
    rf"|(?:如果|要是|假如|假設|假设)(?:{_TEXT_NOUN} ?{_ADVERB}是 ?(?:{{words}})"
    rf"|是? ?{_ADVERB}(?:{{words}}) ?(?:的)? ?{_TEXT_NOUN})"
    # trained on it: "fine-tune on Chinese text", "with English data", "用中文语料微调", "在英文資料上訓練"
    rf"|\b(?:on|with|using) (?:mostly |mainly |only )?(?:{{words}}) ?{_TEXT_NOUN}"
    rf"|(?:用|拿|在|基于|基於|使用)(?:{{words}}) ?(?:的)? ?{_TEXT_NOUN}"
)
_SAID_LANGUAGE = tuple(
    (
        lang,
        re.compile(
            # "英文语料", "Chinese text", "code data"
            rf"(?:{words}) ?(?:的)? ?(?:为主|為主)?(?:的)? ?{_TEXT_NOUN}"
            rf"|{_SIZE_UNIT} ?(?:of )?(?:mostly |mainly )?(?:的)?(?:{words})"  # "2TB of code", "200GB 代码"
            rf"|{_TEXT_NOUN} ?(?:is |are )?(?:mostly |mainly )?in (?:{words})"  # "data in Chinese"
            rf"|{_STATED.format(words=words)}"
        ),
        re.compile(_STATED.format(words=words)),
    )
    for lang, words in _TEXT_LANGUAGES
)
# Every pattern above holds its language's `words`: no message naming none of them can match one (most name
# none). Without their word boundaries (a looser test, so still a necessary one) each branch opens with a
# literal character, which the regex engine scans for in C: one search, a small fraction of the eight.
_ANY_LANGUAGE_WORD = re.compile("|".join(words.replace(r"\b", "") for _, words in _TEXT_LANGUAGES))


def _said_data_language(s: str, *, stated: bool = False) -> str | None:
    """The training text's language named in `s` (`stated`: said as what the data is): one language,
    "mixed" for Chinese with English, or None."""
    if _ANY_LANGUAGE_WORD.search(s) is None:
        return None
    said = {lang for lang, named, told in _SAID_LANGUAGE if (told if stated else named).search(s)}
    if "mixed" in said or said == {"zh", "en"}:
        return "mixed"
    return said.pop() if len(said) == 1 else None


def _tokens_per_epoch(s: str, tokens: float | None, epochs: float | None) -> float | None:
    """The tokens of one pass: a count said as the total over the epochs is divided by them."""
    if tokens is None or epochs is None or epochs <= 1 or _TOKENS_IN_TOTAL.search(s) is None:
        return tokens
    return tokens / epochs


# A count said only roughly, with no number in it to plan on: "几十万条", "几百万 token", "几万条数据",
# "tens of thousands of samples", "a few hundred thousand examples", "hundreds of thousands of
# conversations", "several million tokens". It is asked back (Ask "vague_count"), not read as its lowest
# figure ("几十万" was 10万 and "tens of thousands" 1,000). "十几万" and "2 万多" keep a number and stay
# read as it (scan.ODD).
_VAGUE_ZH = re.compile(r"(?<![零一二两三四五六七八九十百千万亿\d])几 ?[十百千]?[万亿]?")
_VAGUE_EN = re.compile(
    r"\b(?:tens|hundreds|several|a few|a couple(?: of)?)(?: of)? ?(?:hundreds? |tens )?(?:of )?"
    r"(?:thousands?|millions?|billions?|k\b|m\b)(?: of)?"
    r"|(?<![\d.] )\b(?:thousands|millions|billions) of"
)
_VAGUE_UNITS = (
    ("tokens", ("token", "词元", "tok")),
    ("samples", (
        "条", "笔", "则", "份", "篇", "段", "组", "对", "个样本", "样本", "sample", "example", "conversation",
        "dialog", "record", "row", "pair", "instruction", "chat", "convo", "document", "doc", "line",
        "ticket", "question", "qa",
    )),
)  # fmt: skip


# A data size said only roughly: "几百G", "大概几个T", "几十GB 的语料", "a few hundred GB", "several TB",
# "hundreds of gigs", "tens of GB". Asked back as a rough count of data_bytes ("几百G" was 100 GB, "几个T"
# and "several TB" no size at all). "一两百G", "a couple of TB" keep a number and stay read as it.
_VAGUE_BYTES = re.compile(
    r"(?:(?<![零一二两三四五六七八九十百千万亿\d])几 ?(?:十|百|千|个)"
    r"|\b(?:tens|hundreds|several|a few)(?: of)?(?: (?:hundreds?|tens)(?: of)?)?) ?"
    r"(?P<unit>pb|tb|gb|mb|g|t|gigs?|gigabytes?|terabytes?|petabytes?)(?![a-z])"
)
_BYTE_UNITS = {"p": 1e15, "t": 1e12, "g": 1e9, "m": 1e6}


# "H100 几个G啊", "显存有几百G吗": 几 asking how much a GPU or its memory holds, not a rough size of data.
_SIZE_ASKED_AFTER = re.compile(r" ?(?:啊|吗|嗎|呢|呀|嘛|\?|？)")
_SIZE_OF_HARDWARE = re.compile(r"[a-z]\d{2,}|显存|顯存|内存|內存|memory|vram|gpu|卡")


def _asks_a_size(s: str, m: re.Match[str]) -> bool:
    clause = re.split(r"[,，。;；!！]", s[: m.start()])[-1]
    return bool(_SIZE_ASKED_AFTER.match(s, m.end())) or bool(_SIZE_OF_HARDWARE.search(clause))


def _vague_counts(s: str) -> list[tuple[int, int, str]]:
    """(start, end, slot) of each rough count of samples, tokens or bytes; the count word and its unit."""
    out = [(m.start(), m.end(), "data_bytes") for m in _VAGUE_BYTES.finditer(s) if not _asks_a_size(s, m)]
    for rx in (_VAGUE_ZH, _VAGUE_EN):
        for m in rx.finditer(s):
            if any(a <= m.start() < b for a, b, _ in out):
                continue
            if not any(ch in "十百千万亿" for ch in m.group()) and rx is _VAGUE_ZH:
                continue  # "几" alone ("几张卡", "几天") counts nothing here
            rest = s[m.end() : m.end() + 16].lstrip(" 的")
            for slot, units in _VAGUE_UNITS:
                unit = next((u for u in units if rest.startswith(u)), None)
                if unit is not None:
                    end = m.end() + (len(s[m.end() :]) - len(s[m.end() :].lstrip(" 的"))) + len(unit)
                    while end < len(s) and s[end].isalpha() and s[end].isascii():
                        end += 1  # "samples", "conversations"
                    out.append((m.start(), end, slot))
                    break
            else:
                if rx is _VAGUE_EN and m.group().endswith(" of") and not rest.startswith(_VAGUE_NOT_SAMPLES):
                    # "tens of thousands of support tickets": things counted, the samples
                    word = re.match(r"[a-z-]+(?: [a-z-]+)?", rest)
                    out.append((m.start(), m.end() + 1 + (word.end() if word else 0), "samples"))
    return out


# After "thousands of": money or bytes, not samples ("tens of thousands of dollars").
_VAGUE_NOT_SAMPLES = (
    "dollar",
    "usd",
    "buck",
    "yuan",
    "rmb",
    "$",
    "gb",
    "tb",
    "mb",
    "gpu",
    "hour",
    "user",
    "request",
)


def _magnitude(said: str, slot: str = "") -> float:
    """The power of ten a rough count is counted in ("几十万" 1e5, "tens of thousands" 1e4, "several
    billion" 1e9; a size in bytes: "几百G" 1e11), for the example the question gives."""
    value = 1.0
    for word, factor in _MAGNITUDES:
        if word in said:
            value *= factor
    if slot == "data_bytes":
        m = _VAGUE_BYTES.search(said)
        value *= _BYTE_UNITS.get(m.group("unit")[0], 1e9) if m else 1e9
    return value


# Each word read once as a substring ("thousands" is "thousand"), its factor from the numeral tables.
_MAGNITUDES = (
    *SMALL_UNITS.items(),
    *BIG_UNITS.items(),
    ("tens", 10),
    ("hundred", 100),
    *((word, SCALES[word]) for word in ("thousand", "million", "billion")),
)


def _as_said(original: str, s: str, start: int, end: int) -> str:
    """The span as the user wrote it (their script) where the reading kept every position."""
    return (original if len(original) == len(s) else s)[start:end].strip()


def _bit_width_trained(s: str, near: bool = True) -> str | None:
    """An integer bit width said as how to train ("int8 training?", "8bit 训练 7B", "train it in int4"): no
    precision the sizing trains in (fp32, fp16, bf16, fp8), so the reply says it was not read. Not an
    8-bit optimizer ("8-bit adam"), QLoRA's 4-bit base, or weights quantised for serving. With `near`, a
    training word must stand right beside it."""
    if serving.is_serving(s) and near:
        return None
    for phrase, _ in serving.PRECISION_ALWAYS + serving.PRECISION_SERVING:
        i = lexicon.find_phrase(s, phrase)
        if i == -1 or phrase in ("awq", "gptq", "w4a16", "w8a8", "nf4"):
            continue
        after = s[i + len(phrase) : i + len(phrase) + _BIT_REACH].lstrip(" -")
        if after.startswith(_NOT_WEIGHTS):
            continue
        before = s[max(0, i - _BIT_REACH) : i]
        if not near or lexicon.has_cue(after, _TRAINED_IN) or lexicon.has_cue(before, _TRAINED_IN):
            return phrase
    return None


_BIT_REACH = 10  # characters either side of a bit width where the training word stands
_TRAINED_IN = (
    "训练", "训", "精度", "微调", "training", "train", "trained", "precision", "finetune", "fine-tune",
    "finetuning", "fine-tuning",
)  # fmt: skip
_NOT_WEIGHTS = ("adam", "optim", "优化器", "量化后", "lora", "qlora")


def _continued(s: str) -> bool:
    """Continued pre-training said: its words, or "CPT" right before a model size ("cpt 7b", "CPT 一个
    14B")."""
    return lexicon.has_cue(s, lexicon.CONTINUED_PRETRAIN) or _CPT_SIZE.search(s) is not None


_CPT_SIZE = re.compile(r"(?<![a-z])cpt (?:a |an |一个 ?)?\d+(?:\.\d+)? ?b\b")


def _in_dollars(said: tuple[float, str] | None, budget: Budget | None) -> tuple[float, str] | None:
    """The amount and currency a budget was said in, when the budget slot holds it converted to USD."""
    return said if budget is not None and budget.currency == "USD" else None


def _from_scratch(s: str, slots: Slots) -> bool:
    """Every weight trained ("全参训练", "full-parameter training"), no word for tuning, no base model named,
    on a pre-training corpus (a compute-optimal 20 tokens per parameter or more: "3B on 1000亿 token", not
    "70B on 100 亿"): training from scratch, not full fine-tuning."""
    full = next((m for m in lexicon.METHODS if m[0] == "full_finetune"), ("", ()))[1]
    said = lexicon.cues_in(s, full)
    if not said or not said <= set(lexicon.FULL_WEIGHTS_TRAINED):
        return False
    if lexicon.has_cue(s, lexicon.FINE_TUNE_UNQUALIFIED) or lexicon.has_cue(s, _BASE_WEIGHTS):
        return False
    tokens = slots.tokens
    if tokens is None and slots.data_bytes is not None:
        tokens = slots.data_bytes / BYTES_PER_TOKEN["mixed"]
    return (
        tokens is not None
        and slots.params is not None
        and tokens >= CHINCHILLA_TOKENS_PER_PARAM * slots.params
    )


def _passes_in_words(s: str) -> tuple[float, tuple[int, int]] | None:
    """The passes over the data said in words, and where: "we'll go over the data twice" is 2 epochs."""
    if " over " not in s and " through " not in s:
        return None  # most messages
    m = _PASSES_IN_WORDS.search(s)
    if m is None:
        return None
    return _TIMES[m.group("a") or m.group("b")], (m.start(), m.end())


def _named_speeds(s: str) -> list[tuple[int, int]]:
    if "兆" not in s:
        return []  # most messages
    return [(m.start(), m.end()) for m in _NAMED_SPEED.finditer(s)]


def _meetings_left_out(s: str) -> str:
    """`s` without the parts that date a meeting about the plan, when the message asks how long the run
    takes (lexicon.MEETING): "下周一要给领导汇报：…需要多少天？" asks for no run by Monday."""
    if not (lexicon.has_cue(s, lexicon.MEETING) and lexicon.has_cue(s, lexicon.ASKS_TIME)):
        return s  # most messages
    spans, start = [], 0
    for m in [*_SEGMENT.finditer(s), None]:
        end = m.start() if m is not None else len(s)
        part = s[start:end]
        if lexicon.has_cue(part, lexicon.MEETING) and not lexicon.has_cue(part, lexicon.RESULTS_DUE):
            spans.append((start, end))
        start = m.end() if m is not None else len(s)
    return _mask(s, spans)


# A time the answer is wanted by: a span of hours, days or weeks ("within 12 hours", "12 小时内",
# "两天之内"), or the next day or two ("by tomorrow", "明天之前").
_WANTED_TIME = re.compile(
    r"(?:(?:within|in|by|before) (?:the next )?)?(?:\d+(?:\.\d+)?|an?|one|two|three|four|five|six|half an?) ?"
    r"(?:hours?|hrs?|h|minutes?|mins?|days?|business days?|weeks?)\b"
    r"|(?:\d+(?:\.\d+)?|[一二两三四五六七八九十半几]+) ?(?:个)? ?半?"
    r"(?:小时|钟头|分钟|天|工作日|周|星期|礼拜)(?:之内|以内|内|前)?"
    r"|\b(?:(?:by|before) )?(?:tomorrow|tonight|today|eod|end of day)\b"
    r"|(?:明天|后天|今天|今晚|下班)(?:之前|以前|前)?"
)
# At most this many characters between such a time and the word for the answer ("12 小时内出个估算").
ANSWER_TIME_GAP = 24
_NOT_ANSWER_TIME = lexicon.TRAINING + lexicon.RESULTS_DUE


def _answer_times(s: str) -> list[tuple[int, int]]:
    """Where a message asks for the advisor's answer by a time ("can you give me an estimate within 12
    hours?", "12 小时内出个估算就行"): the spans of those times. A time with a figure, a training or results
    word between it and the answer, or such a word right after it ("两周内训完"), is the run's deadline."""
    if not lexicon.has_cue(s, lexicon.ANSWER_WANTED):
        return []  # most messages
    cues = [(m.start(), m.end()) for m in lexicon.phrases_in(s, lexicon.ANSWER_WANTED)]
    spans = []
    for m in _WANTED_TIME.finditer(s):
        if lexicon.has_cue(s[m.end() : m.end() + 6], _NOT_ANSWER_TIME):
            continue
        for a, b in cues:
            gap = s[m.end() : a] if a >= m.end() else s[b : m.start()] if b <= m.start() else None
            if (
                gap is not None
                and len(gap) <= ANSWER_TIME_GAP
                and _SEGMENT.search(gap) is None
                and not any(ch.isdigit() for ch in gap)  # "an estimate for a 7B on 2GB in 3 days": the job's
                and not lexicon.has_cue(gap, _NOT_ANSWER_TIME)
            ):
                spans.append((m.start(), m.end()))
                break
    return spans


# Words before a method that rule it out: "不要 LoRA，要全参", "full fine-tune, not LoRA", "without QLoRA".
# Wider than found.NEGATIONS (a number's): "不要超过 3 万" caps a budget, but "不要 LoRA" drops a method.
_METHOD_NEGATIONS = (
    *NEGATIONS,
    "不要",
    "不用",
    "别用",
    "不做",
    "不想用",
    "不考虑",
    "not considering",
    "no",
    "without",
    "don't want",
    "not using",
    "won't use",
    "wont use",
    "will not use",
    "not going to use",
    "don't use",
    "do not use",
    "不会用",
    "不打算用",
    "不采用",
    "can't use",
    "cannot use",
    "can not use",
    "doesn't support",
    "don't support",
    "do not support",
    "does not support",
    "不能用",
    "用不了",
    "没法用",
    "不支持",
)


def _negated(s: str, i: int) -> bool:
    return s[max(0, i - 16) : i].rstrip().endswith(_METHOD_NEGATIONS)


_CURRENCY_PHRASES = tuple(word for word, _ in lexicon.CURRENCY_WORDS)


def _currency_named(s: str) -> str | None:
    """The currency a message names with no amount ("that's RMB, not dollars"): the first one not ruled
    out by a negation before it."""
    if not lexicon.has_cue(s, _CURRENCY_PHRASES):
        return None  # one search for all of them first: most messages name none
    hits = []
    for word, currency in lexicon.CURRENCY_WORDS:
        i = lexicon.find_phrase(s, word)
        while i != -1:
            if not s[max(0, i - 16) : i].rstrip().endswith(NEGATIONS):
                hits.append((i, currency))
            i = lexicon.find_phrase(s, word, i + 1)
    return min(hits)[1] if hits else None


# The frozen weights adapters are trained on: in 4-bit ("load the base in 4-bit", "底座用 4bit") it is QLoRA.
_BASE_WEIGHTS = ("the base", "base model", "base weights", "底座", "基座", "底模", "基础模型")


# Each way of training named outright (not plain "fine-tune"), with its method: to see two of them weighed.
_NAMED_METHODS: dict[str, str] = {
    phrase: method
    for method, phrases in lexicon.METHODS
    if phrases is not lexicon.FINE_TUNE_UNQUALIFIED
    for phrase in phrases
}
# What may stand between two methods offered as alternatives: "全参 vs LoRA", "LoRA 微调还是全参",
# "LoRA or QLoRA", "full fine-tuning and LoRA, which is cheaper".
_ALTERNATIVE_GAP = re.compile(
    r"\s*(?:微调|训练|fine-?tun(?:e|ing)|tuning|sft)?\s*[)）]?\s*"
    r"(?:"
    + alternation((*VERSUS, *EITHER_OR, BARE_OR, *BOTH, "/", "、", "compared to", "compared with"))
    + ")"
    r"\s*(?:用|做|选|直接|是|the)?\s*"
)


@functools.cache
def _others(named: tuple[tuple[str, str], ...], first: str) -> tuple[str, ...]:
    return tuple(p for p, m in named if m != first)


def _weighed(s: str, first: str, named: dict[str, str] = _NAMED_METHODS) -> bool:
    """Two different methods (or precisions) offered as alternatives ("7B 全参 vs LoRA 哪个划算", "全参还是
    QLoRA？", "fp8 还是 bf16 训练更省钱"): the user asks which to choose and has chosen none."""
    table = _NAMED_TABLES[id(named)]
    if not lexicon.has_cue(s, _others(table, first)):
        return False  # one named: nothing weighed (most messages)
    found = lexicon.phrases_in(s, _others(table, ""))
    return any(
        named[a.group()] != named[b.group()] and _ALTERNATIVE_GAP.fullmatch(s, a.end(), b.start()) is not None
        for a, b in zip(found, found[1:], strict=False)
    )


_NAMED_PRECISIONS = dict(lexicon.PRECISIONS)
# Each table once as a hashable tuple, for the cached lists of its phrases (_others).
_NAMED_TABLES = {id(t): tuple(t.items()) for t in (_NAMED_METHODS, _NAMED_PRECISIONS)}


def _settled_precision(s: str) -> str | None:
    """A later precision the message settles on after another was named: "FP8 不稳定吗，我们还是用 BF16 吧",
    "bf16 or fp8? we'll go with bf16" (lexicon.SETTLE_ON, as for a GPU: _settled_gpu)."""
    found = lexicon.phrases_in(s, _phrases(lexicon.PRECISIONS))
    for m in reversed(found[1:]):
        if s[max(0, m.start() - 16) : m.start()].rstrip().endswith(lexicon.SETTLE_ON):
            return _NAMED_PRECISIONS[m.group()]
    return None


def _fp8_mixed(s: str) -> bool:
    """FP8 joined to BF16 or FP16 as one recipe ("fp8/bf16 混合精度", "bf16 + fp8 mixed", "fp8 with bf16
    master weights"): FP8 mixed-precision training, which computes in FP8 and keeps 16-bit master weights."""
    named = lexicon.phrases_in(s, _phrases(lexicon.PRECISIONS))
    kinds = {_NAMED_PRECISIONS[m.group()] for m in named}
    if len(named) != 2 or kinds not in ({"fp8", "bf16"}, {"fp8", "fp16"}):
        return False
    gap = s[named[0].end() : named[1].start()].strip()
    joined = gap in lexicon.FP8_RECIPE_JOINS
    return (joined and lexicon.has_cue(s, lexicon.FP8_RECIPE_CUES)) or lexicon.has_cue(
        s, lexicon.MASTER_WEIGHTS
    )


# HTML entities as Slack escapes text ("&amp;", "&lt;"): the "amp" of "&amp;" is no mixed precision.
_ENTITIES = re.compile(r"&(?:amp|lt|gt|quot);?")


def _precision(s: str, last: bool, weighed: set[str]) -> str | None:
    settled = _settled_precision(s)
    if settled is not None:
        return settled
    said = _first_phrase(s, lexicon.PRECISIONS, last)
    if said is not None and _fp8_mixed(s):
        return "fp8"  # "fp8/bf16 混合精度", "fp8 w/ bf16 master weights": FP8 compute, 16-bit master weights
    if said is not None and _weighed(s, said, _NAMED_PRECISIONS):
        weighed.add("precision")
        return None
    if said is None and (
        lexicon.has_cue(s, lexicon.MIXED_PRECISION)
        or (
            lexicon.has_cue(_ENTITIES.sub(" ", s), lexicon.AMP_ALONE)
            and not lexicon.has_cue(s, lexicon.ELECTRIC)
        )
    ):
        return "bf16"  # "混合精度" with no type named: BF16 mixed precision, the default where the GPU has it
    return said


def _method(s: str, weighed: set[str] | None = None) -> str | None:
    """The method chosen; one weighed against another is none, and its slot name goes into `weighed`."""
    found = _method_phrases(s)
    if found is not None and _weighed(s, found[0]):
        if weighed is not None:
            weighed.add("method")
        return None
    if found is not None and found[0] == "lora" and serving.four_bit_lora(s):
        return "qlora"  # "用 int4 量化加 LoRA 微调": LoRA on 4-bit weights is QLoRA
    if (
        found is not None
        and (found[1] is lexicon.FINE_TUNE_UNQUALIFIED or found[1] is lexicon.ADAPTER_TUNING)
        and serving.four_bit_tuning(s)
    ):
        return (
            "qlora"  # "fine-tune Llama 3 8B in 4-bit (with adapters)": 4-bit weights tuned through adapters
        )
    if found is None and serving.four_bit_tuning(s) and lexicon.has_cue(s, _BASE_WEIGHTS):
        return "qlora"  # "what if we load the base in 4-bit?": a 4-bit base is tuned through adapters
    return found[0] if found is not None else None


def unqualified_fine_tune(text: str) -> bool:
    """The message says "fine-tune"/微调 and no word for how (full, LoRA, QLoRA): the method slot
    reads full fine-tuning, the conservative sizing, but the user did not choose it."""
    s = _each(_financial(normalise(text).lower))
    found = _method_phrases(s)
    # "fine-tune it in 4-bit" says how after all: QLoRA (_method)
    return found is not None and found[1] is lexicon.FINE_TUNE_UNQUALIFIED and not serving.four_bit_tuning(s)


def _method_phrases(s: str) -> tuple[str, tuple[str, ...]] | None:
    # A method ruled out once is out for the whole message: "full fine-tune (not LoRA — we tried LoRA in
    # v1 and it was meh)" names LoRA again only to say why not.
    ruled_out: set[str] = set()
    for method, phrases in lexicon.METHODS:
        if not lexicon.has_cue(s, phrases):
            continue  # none of the group's phrases: one search instead of one per phrase
        if phrases is lexicon.ADAPTER_TUNING and not lexicon.has_cue(s, lexicon.FINE_TUNE_UNQUALIFIED):
            continue  # "holds only the adapters": a file, not how to train
        said = False
        for phrase in phrases:
            i = lexicon.find_phrase(s, phrase)
            while i != -1:
                if _negated(s, i):
                    ruled_out.add(method)
                elif not (phrase == "预训练" and s.startswith(("模型", "的模型", "好", "过"), i + 3)):
                    said = True  # 预训练模型 is a base model, not a method
                i = lexicon.find_phrase(s, phrase, i + 1)
        if said and method not in ruled_out:
            return method, phrases
    return None


# A count right after a list of GPUs, of as many GPUs as the list names: the list counted ("L4、L40S、A100
# 三张卡", "H100, H200, B200 — these three GPUs"), not how many GPUs to rent.
_LIST_COUNTED = re.compile(
    r"\s*[,，、:：—-]?\s*(?:这|these|those|the)?\s*(两|二|三|四|2|3|4|two|three|four)\s*(?:张|块|款|个)?\s*"
    r"(?:卡|显卡|gpus|gpu|cards|card)"
)
_LIST_SIZES = {"两": 2, "二": 2, "三": 3, "四": 4, "2": 2, "3": 3, "4": 4, "two": 2, "three": 3, "four": 4}


# Intents whose answer is a price or weighs prices: no separate price after it (a datasheet, gpu_info, carries
# its price, and policy.ALSO_PRICED leaves it out).
_PRICE_INTENTS = ("price", "cheapest_offering", "provider_compare", "gpu_compare", "worth")


def _counts_the_list(s: str, gpus: list[GpuMention], count: object) -> bool:
    named = {g.gpu for g in gpus}
    if len(named) < 2 or not isinstance(count, float) or count != len(named):
        return False
    m = _LIST_COUNTED.match(s, max(g.end for g in gpus))
    return m is not None and _LIST_SIZES[m.group(1)] == len(named)


# Words right before a GPU that rule it out as the one planned: "Not on H100, we only have L40S", "不用 H100".
# So are words that say the user cannot get it: "we don't have A100s, only 4 L4s", "没有 H100，只有 4090".
_GPU_NEGATIONS = (
    *NEGATIONS, "not on", "not with", "not using", "不用", "不要", "不考虑", "别用",
    "don't have", "do not have", "dont have", "don't have any", "no access to", "can't get", "cannot get",
    "没有", "买不到", "租不到", "拿不到",
)  # fmt: skip


def _ruled_out_gpu(s: str, g: GpuMention) -> bool:
    head = s[max(0, g.start - 16) : g.start].rstrip()
    return head.endswith(_GPU_NEGATIONS) and not head.endswith("有没有")  # "有没有 H100" asks for one


def _planned_gpu(s: str, gpus: list[GpuMention], last: bool) -> str | None:
    """The GPU planned: the first named (the last in a correction), passing over one ruled out when another
    is named."""
    ordered = list(reversed(gpus)) if last else gpus
    kept = [g for g in ordered if not _ruled_out_gpu(s, g)]
    return (kept or ordered)[0].gpu if ordered else None


def _settled_gpu(s: str, gpus: list[GpuMention]) -> str | None:
    """A later GPU the message settles on after weighing another: "A100 不支持 fp8 吧，那就用 H100 8 卡",
    "the 4090 is too small, so go with an A100 instead"."""
    for g in reversed(gpus[1:]):
        head = s[max(0, g.start - 16) : g.start].rstrip(" 的张台块个卡x×0123456789一二两三四五六七八九十")
        if head.endswith(lexicon.SETTLE_ON):
            return g.gpu
    return None


def _counts_gpus_for_requests(s: str, sized: bool) -> bool:
    """A model named or sized ("Qwen2.5-14B", "a 14B model") with requests counted and the GPUs asked for
    ("每天 200 万次请求，14B 模型，要几张卡？", "2M requests a day on a 14B, how many GPUs?"): the requests
    are the load the GPUs serve."""
    return sized and any(w in s for w in lexicon.REQUEST_COUNTS) and intents.counts_gpus(s)


def _asks_for_requests(s: str) -> bool:
    """A what-if, a change or an expectation that counts requests ("how about 2M calls a month?", "那如果每天
    10 万次请求呢", "改成每天 5 万次请求呢", "and if it's 50k requests per day?", "预计每天 2 万次请求")."""
    said = (*intents.WHATIF, *intents.CORRECTION, *cues.CONDITIONALS, *intents.LOAD_EXPECTED)
    follow_up = s.rstrip("？?。.！! ").endswith("呢")  # "那每天 20 万次调用呢？"
    return (follow_up or intents.has_any(s, said)) and any(w in s for w in lexicon.REQUEST_COUNTS)


# A batch said without whose it is ("batch 16", "bs=8", "批大小 8") is one GPU's micro-batch up to this many
# sequences: the batch people set in a fine-tuning script (per_device_train_batch_size, LLaMA-Factory's and
# Axolotl's micro_batch_size) and the one that decides memory. Larger ("batch size 1024"), or beside the
# steps ("5000 steps, batch 256"), or beside a micro-batch said as well, it is the step's global batch.
BARE_MICRO_BATCH_MAX = 64


def _batches(found: Found, last: bool) -> tuple[float | None, int | None]:
    """The step's global batch in sequences and one GPU's micro-batch, as said (None when not)."""
    batch = _float(_pick(found, "sequences_per_step", last))
    micro = _float(_pick(found, "micro_batch", last))
    bare = _float(_pick(found, "bare_batch", last))
    if bare is not None:
        stepped = bool(found.values.get("steps") or found.values.get("tokens_per_step"))
        if micro is None and batch is None and not stepped and bare <= BARE_MICRO_BATCH_MAX:
            micro = bare
        elif batch is None:
            batch = bare
        elif micro is None and bare <= BARE_MICRO_BATCH_MAX:
            micro = bare  # "global batch 512, batch 4": the other one is the GPU's
    return batch, (int(micro) if micro is not None and micro == int(micro) else None)


def _global_batch_tokens(
    per_step: float | None, sequences: float | None, seq_len: float | None, method: str | None
) -> float | None:
    """The step's global batch in tokens, as said: "global batch 4M tokens", or its sequences × their
    length ("batch size 1024 × 4096", "全局 batch 512 条，序列 2048"); sequences with no length said are
    the method's usual length (sizing.workload.DEFAULT_SEQ_LEN, pre-training's when none is said)."""
    if per_step is not None:
        return per_step
    if sequences is None:
        return None
    length = seq_len or DEFAULT_SEQ_LEN.get(method or "pretrain", DEFAULT_SEQ_LEN["pretrain"])
    return sequences * length


def _pick(found: Found, slot: str, last: bool) -> object:
    values = found.values.get(slot)
    if not values:
        return None
    return values[-1] if last else values[0]


def gpu_mentions(text: str) -> tuple[str, list[GpuMention]]:
    """The text as parse reads it (normalised, models and model scales masked) and the GPUs it names."""
    s, _typos = correct_gpu_typos(_each(_financial(normalise(text if isinstance(text, str) else "").lower)))
    masked = _mask(s, [(m.start, m.end) for m in find_models(s)] + [(x.start, x.end) for x in find_scales(s)])
    return masked, find_gpus(masked)


def parse(text: str, today: dt.date | None = None) -> Parse:
    """Intent, language and slots of one message. `today` (the caller's clock) lets a deadline
    ("by March 15", "3月15日前", "end of next month") become a date and a number of days; without it
    deadlines are ignored."""
    t = normalise(text if isinstance(text, str) else "")
    s, typos = correct_gpu_typos(_each(_financial(t.lower)))  # "h10o" is the H100 (same length)
    models = find_models(s)
    scales = find_scales(s)
    model_spans = [(m.start, m.end) for m in models]
    passes = _passes_in_words(s)
    masked = _mask(
        s,
        model_spans + [(x.start, x.end) for x in scales] + _named_speeds(s) + ([passes[1]] if passes else []),
    )
    history = _history(s, today)
    if history:
        # The plan's figures only; the model and the data described may carry over when the plan does not
        # say them again ("we trained a 7B on 1T tokens last year; how long on 16 H100s now?").
        told = _told(masked, history, t.lang)
        masked = _mask(masked, history)
        past_models = [m for m in models if any(a <= m.start < b for a, b in history)]
        models = [m for m in models if m not in past_models]
    masked = _mask(masked, _answer_times(masked))  # "12 小时内出个估算": when the answer is wanted
    vague = _vague_counts(s)  # "几十万条", "tens of thousands of samples": no number to plan on, asked
    masked = _mask(masked, [(a, b) for a, b, _ in vague])
    if today is not None:
        masked = _mask(masked, calendar_month_spans(masked, today))  # "1月内" in December: January, a date
    gpus = find_gpus(masked)
    trains = _trains(s)
    # "4 张 3090 只用来跑推理，训练打算租 H100": a GPU given to serving in a training message is not the one
    # planned; its clause (count and all) is left out, and asks for no serving plan.
    # One GPU weighed for both tasks ("is the L40S good for inference or training?") is the GPU asked about.
    weighed_for_both = len({g.gpu for g in gpus}) == 1 and serving.asks_both_tasks(s)
    serves = (
        serving.serving_hardware(s, [(g.start, g.end) for g in gpus])
        if trains and not weighed_for_both
        else {}
    )
    busy = None if trains else serving.busy_hours(s)  # "only busy 9am to 6pm": no count, the service's hours
    masked = _mask(
        masked, [(g.start, g.end) for g in gpus] + list(serves.values()) + ([busy[2]] if busy else [])
    )
    gpus = [g for i, g in enumerate(gpus) if i not in serves]
    nums = scan(masked)
    inference = not trains and serving.runs_inference(s)
    serving_msg = serving.is_serving(_mask(s, list(serves.values())) if serves else s)
    if serving_msg:
        # "8 卡里有 4 张在跑推理，剩下的训 13B": the busy part's serving is not the request
        serving_msg = serving.is_serving(_mask(s, list(serves.values()) + busy_clauses(s)))
    # "服务 80 位同事", "code completion for 400 developers": the people a model is for make it serving
    # ... and so do they after a training job that comes first ("fine-tune llama 3 8b and serve it to 30
    # engineers"), not of a training job alone ("fine-tune a 7B for our 300 support agents")
    serves_after = trains and serving_msg and serving.trains_first(s)
    people_at = None if trains and not serves_after else serving.people_served(masked)
    serving_msg = serving_msg or people_at is not None or (not trains and serving.names_service(s))
    # "what if 2x users?", "并发翻倍呢": a serving load scaled (relative.py) is a serving follow-up
    serving_msg = serving_msg or (not trains and any(x.concept == "load" for x in scales))
    serving_msg = serving_msg or busy is not None  # "busy 9-6 on weekdays; what do we save at night?"
    found = extract(masked, nums, gpus, t.lang, named_model=bool(models), serving=serving_msg or inference)
    if not (serving_msg or inference or trains) and any(
        found.values.get(k) for k in ("qps", "ttft_ms", "tpot_ms")
    ):
        # "用户大约 1000 人，高峰期每秒 20 个请求": only the numbers (a request rate) say it is serving;
        # read them again as a serving message, so the users are counted too
        serving_msg = True
        found = extract(masked, nums, gpus, t.lang, named_model=bool(models), serving=True)
    elif not (serving_msg or inference or trains) and (
        _asks_for_requests(s) or _counts_gpus_for_requests(s, bool(models or found.values.get("params")))
    ):
        # "what about 50k requests a day?": a request volume in a what-if is a serving follow-up's load; said
        # as a fact ("we handle 2 million requests a month on our website") it is traffic, no load, unless
        # the message counts the GPUs a model takes for it ("每天 200 万次请求，14B 模型，要几张卡？")
        again = extract(masked, nums, gpus, t.lang, named_model=bool(models), serving=True)
        if again.values.get("daily_requests"):
            serving_msg, found = True, again
    # An offline job: "offline batch inference over 10M documents", "跑一遍 1000 万条数据打标签",
    # "生成 50 万条合成数据". A task done to a counted set is one only when no training word is said
    # ("label 10M documents with Qwen2.5-7B", not "fine-tune on 10M labelled documents").
    batch_job = not trains and (
        serving.says_batch_job(s) or (serving.names_batch_task(s) and bool(found.values.get("samples")))
    )
    if batch_job and not (serving_msg or inference):
        found = extract(masked, nums, gpus, t.lang, named_model=bool(models), serving=True)
    serving_msg = serving_msg or batch_job
    if serving_msg:
        _tokens_as_requests(found)
    users, requests = _float(_pick(found, "daily_users", True)), _float(_pick(found, "daily_requests", True))
    if users is not None and requests is not None and requests < users:
        del found.values[
            "daily_requests"
        ]  # fewer requests a day than users: each one's usage, not the volume
    num = next((n for n in nums if people_at is not None and n.start <= people_at < n.end), None)
    population = num is not None and serving.counts_population(masked, num.start, num.end)
    if population and num is not None and num.value in found.values.get("concurrency", ()):
        # "全公司 300 人用": the people read as users at once are the organisation's (below)
        found.values["concurrency"] = [v for v in found.values["concurrency"] if v != num.value]
    if people_at is not None and not found.values.get("concurrency") and not found.values.get("daily_users"):
        if num is not None and population:
            # "给 100 个同事用", "for 400 developers": an organisation's people, not all at once; each
            # counted as a daily user (the day's requests spread over busy hours give the load), said so
            found.add("daily_users", num.value, num, masked)
            found.volume_said = {"count": num.value, "period": "people", "of": "users", "per_day": num.value}
        elif num is not None:
            found.add("concurrency", num.value, num, masked)  # "给 150 个用户用": the users at once
    if passes is not None and not found.values.get("epochs"):
        found.values["epochs"] = [passes[0]]  # "go over the data twice"
    if history:
        _carry_over(told, found)
        if not models and not found.values.get("params"):
            models = past_models  # "we pretrained Llama-2-7B last year; now continue it on 200B tokens"
    for m in models:
        teacher = teacher_near(s[max(0, m.start - 24) : m.start], s[m.end : m.end + 24])
        found.values.setdefault("teacher_params" if teacher else "params", []).insert(0, m.params)
    last = intents.has_any(s, intents.CORRECTION) or _CHANGE_TO.search(s) is not None
    budget = _pick(found, "budget", last)
    count = _pick(found, "gpu_count", last)
    if _counts_the_list(s, gpus, count):
        count = None  # "L4、L40S、A100 三张卡推理 Llama 3.1 8B，选哪张": the three named, not three GPUs
    seq = _pick(found, "seq_len", last)
    days = _float(_pick(found, "days", last))
    deadline = None
    if days is None and today is not None:
        wanted = _meetings_left_out(t.lower)
        deadline = deadline_date(_mask(wanted, _answer_times(wanted)), today)
        days = float((deadline - today).days) if deadline is not None else None
    if days is None and (sprints := sprints_said(_mask(s, _answer_times(s)))) is not None:
        found.sprints, days = sprints, sprints * lexicon.SPRINT_DAYS  # "next sprint": two sprints from now
    # A model that makes the data is the one trained only when no other is named.
    params = _float(_pick(found, "params", last)) or _float(_pick(found, "teacher_params", last))
    samples = _float(_pick(found, "samples", last))
    per_sample = _float(_pick(found, "tokens_per_sample", last))
    turns, per_turn = (
        _float(_pick(found, "turns_per_sample", last)),
        _float(_pick(found, "tokens_per_turn", last)),
    )
    if per_sample is None and turns is not None and per_turn is not None:
        per_sample = turns * per_turn  # "每组 5 轮，每轮 200 token": 1,000 tokens per dialogue
    parts = _float(_pick(found, "parts_per_sample", last))
    if per_sample is not None and parts is not None and found.per_part:
        # "每份约 10 页、每页 600 字": the pages of each document times each page's length
        per_sample *= parts
    elif per_sample is None and not (found.values.get("tokens") or found.values.get("data_bytes")):
        # "3000 篇论文，每篇约 10 页", "5,000 pages of manuals" with no length said: a typical page's
        # tokens (knowledge.text_units), which the reply states
        if parts is not None and found.page_parts:
            per_sample = parts * text_units().tokens_per_page
        elif found.page_samples and samples is not None:
            per_sample = text_units().tokens_per_page
        if per_sample is not None:
            found.text_unit = "page"
    if (
        per_sample is None
        and not (found.values.get("tokens") or found.values.get("data_bytes"))
        and _unknown_short_dialogues(s)
    ):
        # "not sure, they're short chat turns", "不清楚，都是短对话": a typical short dialogue's tokens
        # (knowledge.text_units), which the reply states
        per_sample = text_units().tokens_per_short_dialogue
        found.text_unit = "short_dialogue"
    spoken = None
    if (
        found.speech_tokens
        and per_sample is None
        and not (found.values.get("tokens") or found.values.get("data_bytes"))
    ):
        spoken = found.speech_tokens  # "500 小时的会议录音转写稿" and no other size: the transcripts' tokens
        found.text_unit = "audio_hour" if found.speech_model else "speech_hour"
    stack, stack_spans = find_stack(_mask(s, model_spans))  # not the NeMo of "Mistral-Nemo-12B"
    plan = _mask(s, history) if history else s  # the method and precision of the plan, else of the history
    # Read once each: without a history the plan is the whole message (s), and a second reading of it
    # could only find the same.
    weighed: set[str] = set()  # "全参 vs LoRA", "fp8 还是 bf16": slots asked about, not chosen
    plan_method = _method(plan, weighed)
    continued = _continued(plan) or (plan_method is None and _continued(s))
    method = plan_method or (_method(s, weighed) if plan is not s else None) or _past_method(s, history)
    settled = _settled_gpu(s, gpus)
    epochs = _float(_pick(found, "epochs", last))
    batch, micro_batch = _batches(found, last)
    if batch is not None and seq is None and samples is None and per_sample is not None:
        seq, per_sample = per_sample, None  # "a global batch of 256 sequences of 8192 tokens": their length
    tokens = _tokens(
        _tokens_per_epoch(s, _float(_pick(found, "tokens", last)), epochs) or spoken, samples, per_sample
    )
    steps_basis = (
        _stepped(
            _float(_pick(found, "steps", last)),
            _float(_pick(found, "tokens_per_step", last)),
            batch,
            _float(seq),
            epochs,
            _STEPS_PER_EPOCH.search(s) is not None,
        )
        if tokens is None
        else None
    )
    slots = Slots(
        params=params,
        tokens=steps_basis.tokens if steps_basis is not None else tokens,
        steps_basis=steps_basis,
        data_bytes=_not_pooled(
            _float(_pick(found, "data_bytes", last))
            or _bytes(samples, _float(_pick(found, "bytes_per_sample", last))),
            gpus,
            _int(count),
            s,
        ),
        precision=_precision(plan, last, weighed)
        or (_precision(s, last, weighed) if plan is not s else None)
        or (None if method == "qlora" else serving.serving_precision(s, serving_msg)),
        method="pretrain" if continued else method,
        days=days,
        budget=_budget(budget, days),
        gpu=settled or _planned_gpu(s, gpus, last),
        gpu_count=_int(count),
        seq_len=_int(seq),
        data_language=_said_data_language(s) or ("zh" if t.lang == "zh" else "en"),
        active_params=_active_params(models, params, _float(_pick(found, "active_params", last))),
        epochs=_float(_pick(found, "epochs", last)),
        samples=samples,
        tokens_per_sample=per_sample,
        # The turns stay beside a length per sample made from them (or said with them): a later "每轮 300
        # token" then changes that factor of the tokens.
        turns_per_sample=turns,
        tokens_per_turn=per_turn if per_sample is None else None,
        text_unit=found.text_unit if (found.values.get("tokens") or per_sample or spoken) else None,
        continued=True if continued else None,
        stack=stack,
        recompute=find_recompute(s),
        micro_batch=micro_batch,
        global_batch_tokens=_global_batch_tokens(
            _float(_pick(found, "tokens_per_step", last)),
            batch,
            _float(seq),
            "pretrain" if continued else method,
        ),
        offload=find_offload(s),
        low_memory=find_low_memory(s),
        objective=find_objective(s),
        concurrency=_int(_pick(found, "concurrency", last)),
        qps=_float(_pick(found, "qps", last)),
        daily_users=_int(_pick(found, "daily_users", last)),
        daily_requests=_int(_pick(found, "daily_requests", last)),
        volume_said=_volume_said(found, last),
        input_tokens=_int(_pick(found, "input_tokens", last)),
        output_tokens=_int(_pick(found, "output_tokens", last)),
        ttft_ms=_float(_pick(found, "ttft_ms", last)),
        tpot_ms=_float(_pick(found, "tpot_ms", last)),
        serve_layout=serving.find_serve_layout(s),
        serve_engine=serving.find_serve_engine(s),
        model=_model(models, params),
    )
    if slots.method == "full_finetune" and not models and _from_scratch(plan, slots):
        slots = replace(slots, method="pretrain")  # "全参训练 3B, 1000亿token": a corpus, no base model
    filled = slots.filled()
    # Request lengths, concurrency or latency targets make it a serving message even without the word;
    # so do running, fitting or generating with a named model and no dataset ("run Llama 3 70B on").
    dataset = any(n in filled for n in ("tokens", "data_bytes", "samples", "epochs", "tokens_per_sample"))
    serving_msg = (
        serving_msg
        or intents.serving_load(filled)
        or (inference and not dataset and (bool(models) or "params" in filled))
        # "what's the latency on an L4?": a serving speed asked of a GPU (a typical model on it)
        or (inference and not dataset and bool(gpus) and serving.asks_serving_speed(s))
    )
    task = "serve" if serving_msg else "train" if (method or continued or trains) else None
    if task == "serve":
        if slots.precision is None and method is None:
            # "Mixtral 8x22B at 4-bit — does it fit on 2x A100 80GB?": serving told by the model and the fit,
            # so the bare bit width is its weights' precision
            slots = replace(slots, precision=serving.serving_precision(s, True))
        slots = _context_as_request(slots)
        use = "full" if slots.context_tokens and serving.fills_window(s) else serving.find_serve_use(s)
        slots = replace(slots, serve_use=serving.batch_use(s) if batch_job else use)
        if batch_job:
            slots = _batch_job(slots)
        filled = slots.filled()
    unread_precision = None
    if task == "train" and method != "qlora" and slots.precision in ("int8", "int4"):
        # "can we train a 3B fully in int4?": no training precision (DESIGN), said back; still a sizing
        # message (filled)
        unread_precision = _bit_width_trained(s, near=False) or slots.precision
        slots = replace(slots, precision=None)
    elif task == "train" and method != "qlora" and slots.precision is None:
        unread_precision = _bit_width_trained(s)  # "8bit 训练 7B": a bit width said as how to train
    found.asks.extend(
        Ask(
            slot,
            "vague_count",
            _magnitude(s[a:b], slot),
            _as_said(t.original, s, a, b),
            _sample_word(s[a:b]) or "",
        )
        for a, b, slot in vague
        if slot not in filled
    )
    asks = tuple(a for a in found.asks if a.slot not in filled or a.slot == "tokens_or_data")
    # "4090 显存不够，只好用 2 张 A100 80G": the message is about the GPU settled on, not two GPUs weighed
    mentioned = (settled,) if settled else tuple(dict.fromkeys(g.gpu for g in gpus))
    providers = find_providers(t.lower)
    region = context.region(t.lower, providers)  # before _financial: 陆 in 大陆 is also a financial six
    # A period next to a price word is the price's; a period word elsewhere may be the budget's.
    price_period = found.price_period or (None if slots.budget is not None else _price_period(s))
    currency = _currency_named(s) if slots.budget is None and not found.values.get("budget") else None
    # Steps without each step's batch ("what if 10000 steps?"): the tokens of the batch held (the dialogue).
    steps_said = _float(_pick(found, "steps", last)) if slots.tokens is None else None
    signals = intents.Signals(
        # a slot weighed is asked about: "FP8 vs BF16" is the same question as before it was left unset
        filled=filled
        + tuple(sorted(weighed - set(filled)))
        + (("ask",) if asks else ())
        + (("tokens",) if steps_said is not None and "tokens" not in filled else ()),
        gpus=mentioned,
        region=region,
        providers=providers,
        model_named=bool(models),
        serving=serving_msg,
        engine=slots.serve_engine is not None,
        training=trains or bool(method) or bool(continued),
        figure=bool(mentioned) and _quotes_figure(t.original),
        model_card=slots.model is not None,
        memory_filter=found.gpu_memory is not None and not mentioned,
        methods_weighed="method" in weighed,
        scaled=bool(scales),
        # "GPU 数量加倍，训练时间能减半吗": more GPUs weighed against less time, the scaling question
        gpus_for_time=any(x.concept == "gpus" and x.factor > 1 and not x.delta for x in scales)
        and any(x.concept == "days" and x.factor < 1 and not x.delta for x in scales),
        hourly_budget=slots.budget is not None and slots.budget.period == "hour",
        quoted_rate=found.quoted_rate is not None and slots.budget is None,
        token_price=found.token_price is not None,
        price_period=price_period is not None,
        faq_score=lambda: faq_confidence(t.original),
        faq_top=lambda: faq_top(t.original),
    )
    intent, yes_no = intents.classify(s, signals)
    if intent in ("size", "serve") and slots.gpu_count is None and one_by_article(masked, gpus):
        slots = replace(slots, gpu_count=1)  # "7B LoRA on a 4090": the one GPU the job runs on
    if (
        intent in ("price", "cheapest_offering", "provider_compare")
        and price_period is None
        and slots.budget is None
    ):
        # "4 H100s per month", "包年租 H100 哪家最便宜": a price question without "price"
        price_period = _price_period(s, asked=True)
    if intent == "capacity" and task is None and inference:
        task = "serve"  # "我有 2 张 4090，能跑什么模型"
    go_ahead = len(s) <= intents.SHORT and intents.has_any(s, lexicon.GO_AHEAD)
    open_timeline = days is None and (
        go_ahead
        or intents.has_any(s, lexicon.NO_DEADLINE)
        or (intents.has_any(s, lexicon.DEADLINE_FIELDS) and lexicon.NO_DEADLINE_FIELD.search(s) is not None)
    )
    cs = compact(s)
    owned = context.owned(s, gpus)
    return Parse(
        intent=intent,
        lang=t.lang,
        script=t.script,
        slots=slots,
        asks=asks,
        gpus_mentioned=mentioned,
        correction=intent == "correction",
        whatif=intent == "whatif",
        skip=intent == "skip",
        no_deadline=open_timeline,
        region=region
        or (
            _yuan_region(t.script, t.lower, slots.budget, budget)
            if slots.budget is not None and _plans_anywhere(intent, slots)
            else None
        ),
        owned=owned,
        count_asked=context.count_asked(s, owned_count) if owned and (owned_count := _float(count)) else None,
        count_limit=count is not None and context.count_limit(s, gpus),
        currency=currency,
        currency_assumed=(isinstance(budget, tuple) and len(budget) > 3 and bool(budget[3]))
        or _yuan_unsure(t.script, t.lower, slots.budget),
        period_assumed=isinstance(budget, tuple) and len(budget) > 4 and bool(budget[4]),
        script_ambiguous=t.script_ambiguous,
        yes_no=yes_no,
        asap=days is None and not open_timeline and intents.has_any(s, lexicon.ASAP),
        deadline_date=deadline.isoformat() if deadline is not None else None,
        providers_mentioned=providers,
        price_period=price_period,
        quoted_rate=found.quoted_rate if slots.budget is None else None,
        rate_said=found.rate_said if slots.budget is None else None,
        token_price=found.token_price,
        busy_hours=(busy[0], busy[1]) if busy is not None and task == "serve" else None,
        budget_said=_in_dollars(found.budget_said, slots.budget),
        stack_said=" + ".join(t.original[a:b] for a, b in stack_spans) or None,
        data_language_said=_said_data_language(s, stated=True),
        task=task,
        both_tasks=task == "serve" and serving.asks_both_tasks(s),
        trains_first=task == "serve" and not batch_job and serving.trains_first(s),
        also_price=bool(mentioned)
        and intent not in _PRICE_INTENTS
        and (lexicon.asks_price(s) or intents.has_any(s, intents.PER_PERIOD))  # "what's an A100 per hour"
        and intents.several_questions(s)
        and not intents.prices_the_job(s, filled),
        jobs_at_once=found.jobs_at_once if slots.gpu_count is not None else None,
        working_days=found.working_days if days is not None and found.working_days is not None else None,
        sprints=found.sprints if days is not None and found.sprints is not None else None,
        epoch_hours=epoch_hours(s),
        sample_word=_sample_word(masked) if samples is not None else None,
        sample_media=found.media if samples is not None else None,
        steps_said=steps_said,
        unread_precision=unread_precision if slots.precision is None else None,
        proposes_gpu=intents.proposes_gpu(s, intent, yes_no, filled, mentioned),
        asks_time=lexicon.has_cue(s, lexicon.ASKS_TIME),
        asks_speed=lexicon.has_cue(s, lexicon.ASKS_SPEED),
        asks_cost=lexicon.asks_cost(s),
        asks_gpu=intents.asks_which_gpu(cs),
        model_fields=intents.model_fields(cs) if intent == "model_info" else (),
        gpu_memory=GpuMemory(*found.gpu_memory) if found.gpu_memory is not None and not mentioned else None,
        hardware_size=found.hardware_size,
        scales=tuple((x.concept, x.factor) for x in scales if not x.delta),
        deltas=tuple((x.concept, x.delta) for x in scales if x.delta),
        gpu_typos=tuple((x.written, x.gpus) for x in typos),
    )


# What a history clause may lend the plan: the model's size, and the data (all of its parts, or none).
_DATA_PARTS = ("tokens", "data_bytes", "samples", "tokens_per_sample", "bytes_per_sample", "parts_per_sample")


def _past_method(s: str, history: list[tuple[int, int]]) -> str | None:
    """The method of a past run the new plan repeats at another size ("Previously we pretrained a 1B on 100B
    tokens; this time a 3B on 1T tokens"): said with the past verb."""
    told = " ".join(s[a:b] for a, b in history)
    return "pretrain" if lexicon.has_cue(told, lexicon.PRETRAINED) else None


def _told(masked: str, history: list[tuple[int, int]], lang: str) -> Found:
    """The sizes said in the history clauses alone (names, GPUs and the rest of the message masked)."""
    ends = [0] + [b for _, b in history]
    starts = [a for a, _ in history] + [len(masked)]
    keep = _mask(masked, list(zip(ends, starts, strict=True)))
    gpus = find_gpus(keep)
    keep = _mask(keep, [(g.start, g.end) for g in gpus])
    return extract(keep, scan(keep), gpus, lang)


def _carry_over(told: Found, found: Found) -> None:
    """The model size and the data of the history, where the plan says none."""
    if not found.values.get("params") and told.values.get("params"):
        found.values["params"] = list(told.values["params"])
    if not any(found.values.get(k) for k in _DATA_PARTS):
        for k in _DATA_PARTS:
            if told.values.get(k):
                found.values[k] = list(told.values[k])


def faq_confidence(text: str) -> tuple[float, float]:
    """The FAQ's best score for `text` and its margin over the runner-up (knowledge.search over the
    shipped FAQ and pitfalls, 0-1)."""
    found = default_searcher().retrieve(text, limit=2)
    return (found.hits[0].score, found.margin) if found.hits else (0.0, 0.0)


def faq_top(text: str) -> str | None:
    """The id of the FAQ's best entry for `text`, or None."""
    found = default_searcher().retrieve(text, limit=1)
    return found.hits[0].id if found.hits else None


def _context_as_request(slots: Slots) -> Slots:
    """In a serving message a context length is the request's window ("at 32k context", "8k context,
    2k output"): the prompt is what the answer leaves of it. It is no training sequence length."""
    if slots.tokens_per_sample is not None and slots.samples is None and slots.tokens is None:
        # "50 users, 4k tokens each": with no dataset, the tokens each user sends are the prompt
        prompt_each = slots.input_tokens if slots.input_tokens is not None else int(slots.tokens_per_sample)
        slots = replace(slots, tokens_per_sample=None, input_tokens=prompt_each)
    if slots.seq_len is None:
        return slots
    prompt = slots.input_tokens
    if prompt is None:
        answer = slots.output_tokens
        prompt = slots.seq_len - answer if answer is not None and answer < slots.seq_len else slots.seq_len
    return replace(slots, seq_len=None, input_tokens=prompt, context_tokens=slots.seq_len)


def _model(models: list[ModelMention], params: float | None) -> str | None:
    """The model card of the named model whose size is the params slot (a corrected "70B" after
    "不是Qwen2.5-7B" names no card)."""
    return next((m.model for m in models if m.model is not None and m.params == params), None)


def _tokens(tokens: float | None, samples: float | None, per_sample: float | None) -> float | None:
    """The token total: as stated, else samples x tokens per sample (DESIGN.md: "50k samples of
    ~1k tokens" is 5e7)."""
    if tokens is not None or samples is None or per_sample is None:
        return tokens
    total = samples * per_sample
    low, high = RANGES["tokens"]
    return total if low <= total < high else None


def _bytes(samples: float | None, per_sample: float | None) -> float | None:
    """The data's size from its count and each item's size ("3 million JSON files, ~4 KB each": 12 GB)."""
    if samples is None or per_sample is None:
        return None
    total = samples * per_sample
    low, high = RANGES["data_bytes"]
    return total if low <= total < high else None


def _stepped(
    steps: float | None,
    per_step: float | None,
    sequences: float | None,
    seq_len: float | None,
    epochs: float | None,
    per_epoch: bool = False,
) -> StepsBasis | None:
    """The tokens trained when steps and each step's batch are said ("100k steps, global batch 4M tokens":
    4e11; "5000 steps at batch 256 and seq 8192": 5000 × 256 × 8192), as the dataset's one pass: the steps
    count every epoch, so the passes said divide them; steps said per epoch ("5000 steps per epoch") are one
    pass, and all the steps are that times the epochs."""
    if steps is None:
        return None
    if per_step is None and sequences is not None and seq_len is not None:
        per_step = sequences * seq_len
    else:
        sequences = seq_len = None  # a step said in tokens: its sequences are not part of the sum
    if per_step is None:
        return None
    each = steps if per_epoch and epochs else None
    if each is not None and epochs:
        steps = each * epochs
    trained = steps * per_step
    tokens = trained / epochs if epochs else trained
    low, high = RANGES["tokens"]
    if not low <= tokens < high:
        return None
    return StepsBasis(
        steps=steps,
        tokens_per_step=per_step,
        sequences=sequences,
        seq_len=seq_len,
        tokens=tokens,
        per_epoch=each,
    )


# Steps said for each epoch: "5000 steps per epoch", "每个 epoch 5000 步", "每轮 2 万步",
# "一个 epoch 跑 3000 步".
_STEPS_PER_EPOCH = re.compile(
    r"(?:steps?|iterations|iters)\s*(?:per|each|an|every|a|/)\s*epoch"
    r"|(?:每个?|一个|每一个)\s*epoch\s*(?:跑|训练?|是|有|约|大概|大约)?\s*[\d.,]+\s*(?:k|万)?\s*(?:步|steps?|个\s*step)"
    r"|(?:每|一)轮\s*(?:跑|训练?|是|有|约|大概|大约)?\s*[\d.,]+\s*(?:k|万)?\s*(?:步|steps?)"
    r"|步\s*(?:/|每)\s*(?:epoch|轮)"
)


# The time one pass over the data took, as measured: "每个 epoch 3 小时", "一个 epoch 要 10 小时",
# "每轮大概 90 分钟", "3 hours per epoch", "an epoch takes 90 minutes", "one epoch is ~2h".
_NUMBER = r"(\d+(?:\.\d+)?)"
_TIME_UNIT = r"(小时|个小时|h|hrs?|hours?|分钟|min|mins|minutes?|天|days?)"
_EPOCH_TIME = (
    re.compile(
        r"(?:每个?|一个|单个|每一个?)\s*(?:epoch|轮)\s*(?:要|需要|大概|大约|约|差不多|得|就)*\s*(?:跑|训|花)?\s*(?:了)?\s*~?"
        + _NUMBER
        + r"\s*"
        + _TIME_UNIT
    ),
    re.compile(_NUMBER + r"\s*" + _TIME_UNIT + r"\s*(?:per|an|a|each|every|/)\s*epoch\b"),
    re.compile(
        r"\b(?:an?|one|each|every)\s+epoch\s+(?:takes|took|is|runs|ran|lasts)\s+(?:about|around|roughly|~)?\s*"
        + _NUMBER
        + r"\s*"
        + _TIME_UNIT
    ),
)
_HOURS_PER_UNIT = {"分": 1 / 60, "m": 1 / 60, "天": 24.0, "d": 24.0}


def epoch_hours(s: str) -> float | None:
    """The hours one epoch took as the user measured it, or None when the message says none."""
    for pattern in _EPOCH_TIME:
        m = pattern.search(s)
        if m is not None:
            return float(m.group(1)) * _HOURS_PER_UNIT.get(m.group(2)[0], 1.0)
    return None


def _tokens_as_requests(found: Found) -> None:
    """A token volume said as the traffic ("每天大概 5 亿 tokens", "50M tokens a day": slots._daily_tokens)
    becomes requests a day of the request's length (prompt + answer, the defaults when unsaid), unless a
    load in users or requests is said beside it; kept as said for the reply ("of": "tokens")."""
    said = found.volume_said
    if said is None or said["of"] != "tokens":
        return
    if any(found.values.get(k) for k in ("concurrency", "qps", "daily_users", "daily_requests")):
        found.volume_said = None
        return
    prompt, answer = _float(_pick(found, "input_tokens", True)), _float(_pick(found, "output_tokens", True))
    length = (prompt or DEFAULT_INPUT_TOKENS) + (answer or DEFAULT_OUTPUT_TOKENS)
    per_day = float(round(float(str(said["per_day"])) / length))
    if per_day >= 1:
        found.values["daily_requests"] = [per_day]
        found.volume_said = {**said, "per_day": per_day}
    else:
        found.volume_said = None


def _volume_said(found: Found, last: bool) -> tuple[int, str, str, int] | None:
    """The load as said over its period ("每月 300 万次请求") when it is the one the slots keep: (count,
    period, "requests" | "users", the day's value it became)."""
    said = found.volume_said
    if said is None:
        return None
    slot = "daily_requests" if said["of"] in ("requests", "tokens") else "daily_users"
    daily = _pick(found, slot, last)
    count = _int(said["count"])
    if not isinstance(daily, float) or daily != said["per_day"] or count is None:
        return None
    return (count, str(said["period"]), str(said["of"]), round(daily))


def _unknown_short_dialogues(s: str) -> bool:
    """The length per sample is not known, but the samples are said to be short chats."""
    return (
        lexicon.has_cue(s, lexicon.LENGTH_UNKNOWN)
        and lexicon.has_cue(s, lexicon.SHORT)
        and lexicon.has_cue(s, lexicon.DIALOGUE_WORDS)
    )


# A count of samples and its measure word: "2 万笔资料", "3000 则对话", "5 万对偏好数据" (条 too, so a later
# "其实是 2 万条" takes its word back); "3w 条", "5k 笔" count with w (万) and k (千) too.
_SAMPLE_WORD = re.compile(
    r"(?:[0-9一二两三四五六七八九十百千万亿.]|[0-9][wk])\s*(?P<w>条|笔|则|份|篇|段|组|对)", re.I
)


def _sample_word(s: str) -> str | None:
    m = _SAMPLE_WORD.search(s)
    return m.group("w") if m else None


def _int(value: object) -> int | None:
    return int(round(value)) if isinstance(value, float) and math.isfinite(value) else None


def _price_period(s: str, *, asked: bool = False) -> str | None:
    """The period a price question asks about ("H100 price per hour", "月租多少"), if it names one;
    `asked`: the message is a price question without a price word ("4 H100s per month")."""
    if not asked and not lexicon.asks_price(s):
        return None
    hit = lexicon.find_any(s, tuple(p for p, _ in lexicon.PRICE_PERIODS))
    return dict(lexicon.PRICE_PERIODS)[hit[1]] if hit else None


def _not_pooled(data_bytes: float | None, gpus: list[GpuMention], count: int | None, s: str) -> float | None:
    """A size that is the named GPUs' memory added up ("两张 4090 能合成 48G 用吗", "2x 3090 = 48GB"): their
    pooled memory, not a dataset; or, with several boards named, one board's memory ("A100 40G 和 80G 算力
    一样，那租 40G 就行了吧"): that board. Either stays data when the message calls something data
    ("数据 48G")."""
    if data_bytes is None or lexicon.has_cue(s, lexicon.DATA_CUES):
        return data_bytes
    if any(_said_of(s, g, data_bytes) for g in gpus):
        return None  # "A100 只有 40G 的吧": what the GPU has, said of it
    if any(abs(float(m.group(1) or m.group(2)) * 1e9 - data_bytes) < 1.5e9 for m in _FIT_IN.finditer(s)):
        return None  # "will a 7B model fit in 16 GiB?": the memory it must fit in, not a dataset
    named = {g.gpu for g in gpus}
    if len(named) >= 2:
        boards = {float(r.memory_gb.value) for r in catalogue_names().records if r.id in named}
        if any(abs(data_bytes / 1e9 - gb) < 0.5 for gb in boards):
            return None
    if not count or count < 2 or len(named) != 1:
        return data_bytes
    family = gpus[0].gpu
    sizes = {float(r.memory_gb.value) for r in catalogue_names().records if family in (r.id, r.family)}
    return None if any(abs(data_bytes / 1e9 - count * gb) < 0.5 for gb in sizes) else data_bytes


# A memory a model must fit in: "fit in 16 GiB", "fits into 24GB", "放进 24G", "塞进 16G 显存".
_FIT_IN = re.compile(
    r"(?:fit|fits|fitting|squeeze|squeezed)\s+(?:in|into|on|within)\s+(?:an?\s+|only\s+|just\s+)?"
    r"(\d+(?:\.\d+)?)\s*(?:gb|gib|g)(?![a-z])"
    r"|(?:放进|放入|装进|装得进|塞进|塞得进|放得进)\s*(\d+(?:\.\d+)?)\s*(?:gb|gib|g)(?![a-z])"
)


# A size said of the GPU just named: "A100 只有 40G", "the L4 is 24GB", "4090 才 24g".
_SAID_OF = re.compile(
    r"\s*(?:的显存|显存)?\s*(?:只有|就|才|有|是|is|has|only has|only)\s*"
    r"(\d+(?:\.\d+)?)\s*(?:gb|gib|g)(?![a-z])"
)


def _said_of(s: str, gpu: GpuMention, data_bytes: float) -> bool:
    m = _SAID_OF.match(s, gpu.end)
    return m is not None and abs(float(m.group(1)) * 1e9 - data_bytes) < 0.5e9


def _batch_job(slots: Slots) -> Slots:
    """An offline job's slots: the items counted are its requests, and the length said per item is each
    request's prompt ("10M documents of 1k tokens each"), or its answer when the job writes the items
    ("生成 50 万条合成数据，每条 500 tokens"); a length said for a side stays that side's."""
    per_item = int(slots.tokens_per_sample) if slots.tokens_per_sample else None
    if per_item is not None and slots.serve_use == "batch_generate" and slots.output_tokens is None:
        slots = replace(slots, output_tokens=per_item)
    elif per_item is not None and slots.serve_use != "batch_generate" and slots.input_tokens is None:
        slots = replace(slots, input_tokens=per_item)
    return replace(slots, batch_requests=int(slots.samples) if slots.samples else None)


def _trains(s: str) -> bool:
    return (
        lexicon.has_cue(s, lexicon.TRAINING)
        or cues.BUILDS_A_MODEL.search(s) is not None
        or cues.TIMED_RUN.search(s) is not None
    )


# A figure someone asks to confirm is in the first sentences; the fact check's reader looks no further.
_FIGURE_CHARS = 1000


def _quotes_figure(original: str) -> bool:
    """The message states a figure about a named GPU ("B200 has 192GB", "T4 的 FP16 是 89 TFLOPS",
    "isnt the 4090 like 330 tflops"), found by the fact check's own reader (knowledge/quotes.py)."""
    return next(iter(quotes(original[:_FIGURE_CHARS], catalogue_names().records)), None) is not None


def _active_params(models: list[ModelMention], params: float | None, stated: float | None) -> float | None:
    """Active parameters as stated ("37B active", "激活参数370亿") when fewer than the total, else
    those of the MoE model the params slot came from (None when it is dense or the size came from
    elsewhere, e.g. a correction to a plain "70B")."""
    if stated is not None and (params is None or stated < params):
        return stated
    return next((m.active_params for m in models if m.params == params), None)


def _float(value: object) -> float | None:
    if isinstance(value, float) and math.isfinite(value):
        return value
    return None


# Days per budget period we do not keep as such (Budget has total | month | hour).
_PERIOD_DAYS = {"day": 1.0, "week": 7.0, "quarter": 90.0}  # lexicon: a quarter is 90 days
_MONTH_DAYS = 30.0  # the month convention (also used for "一个月" timelines)


def _budget(value: object, days: float | None) -> Budget | None:
    """A per-day, per-week or per-quarter amount becomes the total over the stated timeline ("$500 a day for
    two weeks" = $7,000) or, without one, the same rate per 30-day month ("每天2000元" = 60,000/month):
    both are exact restatements, and the engine reads total and monthly budgets."""
    if not isinstance(value, tuple):
        return None
    amount, currency, period = value[:3]
    currency_: Currency = "USD" if currency == "USD" else "CNY"
    if period in _PERIOD_DAYS:
        per_day = float(amount) / _PERIOD_DAYS[period]
        if days is not None:
            return Budget(per_day * days, currency_, "total")
        return Budget(per_day * _MONTH_DAYS, currency_, "month")
    period_: Period = "hour" if period == "hour" else "month" if period == "month" else "total"
    return Budget(float(amount), currency_, period_)


# -- helpers for command-line flags ------------------------------------------------------------


def _plans_anywhere(intent: str, slots: Slots) -> bool:
    """A training or serving request that names no GPU: where it is rented is still open (a yuan budget
    settles it)."""
    return intent in ("size", "serve") and slots.gpu is None


def _yuan_region(script: str, low: str, budget: Budget | None, found: object) -> str | None:
    """ "cn" for a job's budget said in yuan ("预算 5000 块", "3 万元", "budget 30k RMB") and no GPU
    named: the user rents in mainland China (Parse.region), unless they say they are in Taiwan or Hong
    Kong. A yuan word in traditional script ("5000 元") may be Taiwan dollars, so there only 人民币/RMB
    counts. An assumed currency counts in simplified script only: "预算 2 万" is read as yuan because the
    writer is taken to be in the mainland, so the plan rents where they are (the understood line says so)."""
    if budget is None or budget.currency != "CNY":
        return None
    assumed = isinstance(found, tuple) and len(found) > 3 and bool(found[3])
    if script != "zh-Hans" and (assumed or not lexicon.has_cue(low, cues.CNY_WORDS)):
        return None
    return None if context.home_outside_mainland(low) else "cn"


def _yuan_unsure(script: str, low: str, budget: Budget | None) -> bool:
    """A budget in 元/塊 written in traditional script with no 人民幣/RMB ("預算 3 萬元"): Taiwan and
    Hong Kong count their own dollars in 元, so the yuan read is an assumption the reply states
    (Parse.currency_assumed)."""
    return (
        script == "zh-Hant"
        and budget is not None
        and budget.currency == "CNY"
        and "¥" not in low
        and "￥" not in low
        and not lexicon.has_cue(low, cues.CNY_WORDS)
    )


def parse_number(text: str) -> float | None:
    """A single quantity as a person writes it: "7e9", "7B", "70亿", "1.3万亿", "seventy"."""
    t = normalise(text)
    nums = scan(_financial(t.lower))
    if len(nums) != 1 or nums[0].negative or not math.isfinite(nums[0].value):
        return None
    return nums[0].value


def parse_data_size(text: str) -> float | None:
    """Bytes in "2TB", "800G", "1.5 TiB", "500GB" (GB = 10^9 bytes)."""
    raw = text.strip()
    got = parse(f"数据 {raw}" if raw[-1:] in "GgTt" else f"data {raw}").slots.data_bytes
    return got


def parse_budget(text: str) -> Budget | None:
    """ "$5k/month", "每月5万元", "200元/小时", "30000 USD" -> Budget."""
    got = parse(text).slots.budget
    if got is None:
        got = parse(f"budget {text}").slots.budget
    return got


def parse_duration_days(text: str) -> float | None:
    """ "两周" -> 14.0, "36 hours" -> 1.5, "一个半月" -> 45.0."""
    return parse(text).slots.days


__all__ = ["Ask", "parse", "parse_budget", "parse_data_size", "parse_duration_days", "parse_number"]
