"""Relative changes to a value the conversation already holds: "double the data", "预算砍半",
"half the time", "3倍的数据", "cut the budget by 30%", "twice as long". The NLU reads the concept
and the factor; the dialogue applies the factor to the value it holds (bot/dialogue/understand.py),
so a what-if reads "预算砍半呢" as the plan's own budget halved.

Input is simplified (t2s) and lower-cased. A factor is taken only next to its concept word, in the
same clause, so "double-check the data" or "半精度" never scale anything.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from bot.nlu import lexicon
from bot.nlu.numerals_zh import zh_integer

# The concept each word names. "data" scales the dataset as held (tokens, else bytes); "days" the
# timeline. Longer phrases first, so "训练数据" wins over "数据".
CONCEPTS: dict[str, tuple[str, ...]] = {
    "budget": ("budget", "spend", "预算", "经费", "开销"),
    "data": (
        *lexicon.DATA_CUES, "training data", "tokens", "训练数据", "数据量", "资料量", "token数", "token",
    ),
    "days": ("deadline", "timeline", "time", "schedule", "工期", "时间", "周期", "期限"),
    "params": ("model size", "model", "parameters", "params", "参数量", "参数", "模型规模", "模型"),
    "epochs": ("epochs", "epoch", "轮数", "训练轮数"),
    # The GPUs of the plan shown ("double the GPUs", "再加一倍卡", "卡数减半").
    "gpus": (*lexicon.GPU_NOUNS, "卡数", "gpu数"),
    # The serving load held ("what if 2x users?", "traffic doubles", "并发翻倍呢", "用户多一倍"): the
    # concurrency, requests per second or daily users of the plan shown (bot/dialogue/understand.py).
    "load": (
        "concurrent users", "users", "user count", "number of users", "concurrency", "concurrent requests",
        "traffic", "load", "qps", "rps", "requests per second", "requests",
        "并发用户", "并发数", "并发", "用户数", "用户量", "用户", "使用者数", "使用者",
        "请求量", "请求数", "请求", "流量", "访问量", "日活",
    ),
}  # fmt: skip
# "twice as long", "half as much time": the timeline without a concept word.
_LONG = {
    "twice as long": 2.0, "half as long": 0.5, "three times as long": 3.0, "两倍时间": 2.0,
    # Twice as fast is half the time ("能不能快一倍", "twice as fast?").
    "twice as fast": 0.5, "快一倍": 0.5, "提速一倍": 0.5,
}  # fmt: skip

_EN_FACTOR_BEFORE = (
    r"(?P<f>double|doubled|doubling|twice|triple|tripled|quadruple|half|halve|halved|halving|"
    r"(?P<n>(?<![\d.])\d+(?:\.\d+)?) ?(?:x|×|times))"
)
# After its concept a multiple counts only at the end of the clause ("the data 2x?"): "model with 8x A100"
# counts GPUs.
_EN_FACTOR_AFTER = (
    r"(?P<f>doubled|doubles|tripled|triples|halved|in half|by half|half (?:of )?that|half as much|"
    r"(?:only|just) half(?= ?(?:$|[,.;!?]))|x2|×2|"
    r"(?P<n>(?<![\d.])\d+(?:\.\d+)?) ?(?:x|×|times)(?: (?:bigger|larger|longer|more))?(?= ?(?:$|[,.;!?])))"
)
_EN_WORD = {
    "double": 2.0, "doubled": 2.0, "doubling": 2.0, "twice": 2.0, "triple": 3.0, "tripled": 3.0,
    "quadruple": 4.0, "doubles": 2.0, "triples": 3.0, "half": 0.5, "halve": 0.5, "halved": 0.5,
    "halving": 0.5, "in half": 0.5, "by half": 0.5, "x2": 2.0, "×2": 2.0,
    # said of the value held ("the budget were half that", "the budget is only half")
    "half that": 0.5, "half of that": 0.5, "half as much": 0.5, "only half": 0.5, "just half": 0.5,
}  # fmt: skip
_ZH_WORD = {
    "翻倍": 2.0, "翻一番": 2.0, "翻一倍": 2.0, "加倍": 2.0, "加一倍": 2.0, "多一倍": 2.0, "增加一倍": 2.0,
    "翻两番": 4.0,
    "砍半": 0.5, "减半": 0.5, "砍一半": 0.5, "减一半": 0.5, "减少一半": 0.5, "少一半": 0.5,
    "缩减一半": 0.5, "缩小一半": 0.5, "折半": 0.5, "对半砍": 0.5, "对半": 0.5, "砍掉一半": 0.5,
    "缩短一半": 0.5, "延长一倍": 2.0, "多给一倍": 2.0,
}  # fmt: skip
# "Only half" of the value held ("要是预算只有一半呢"); followed by 是/用/占… it is a share of it instead
# ("数据只有一半是中文"), which scales nothing.
_ZH_ONLY_HALF = ("只有原来的一半", "只剩下一半", "只有一半", "只剩一半", "只给一半")  # longest first
_ZH_WORDS = "|".join(sorted(map(re.escape, _ZH_WORD), key=len, reverse=True))
_ZH_ONLY_HALF_WORDS = "|".join(_ZH_ONLY_HALF)
_ZH_FACTOR = (
    r"(?P<f>" + _ZH_WORDS + r"|(?:" + _ZH_ONLY_HALF_WORDS + r")(?![是为用来都在占])"
    r"|(?P<n>(?<![\d.])\d+(?:\.\d+)?|[两二三四五十])倍)"
)
# Before its concept a bare 一半 is a change too ("只用一半的数据"); after it, it may be a share
# ("数据有一半是中文"), so there it needs a verb (砍一半, 减少一半).
_ZH_FACTOR_BEFORE = (
    r"(?P<f>一半|"
    + _ZH_ONLY_HALF_WORDS
    + "|"
    + _ZH_WORDS
    + r"|(?P<n>(?<![\d.])\d+(?:\.\d+)?|[两二三四五十])倍)"
)
# Percent changes: "cut the budget by 30%", "预算减少20%", "数据多50%".
_UP = (
    "increase", "increased", "raise", "raised", "more", "add", "up", "增加", "多", "提高", "加", "涨", "多给",
    "上调", "放宽",
)  # fmt: skip
_DOWN = (
    "cut",
    "reduce",
    "reduced",
    "lower",
    "less",
    "down",
    "drop",
    "减少",
    "少",
    "砍",
    "降低",
    "减",
    "缩减",
    "降",
    "少给",
    "下调",
)
_PCT = r"(?P<p>(?<![\d.])\d+(?:\.\d+)?) ?%"
# Between a concept word and its factor: a few filler characters of the same clause.
_GAP = r"[^,.;!?，。；！？\n]{0,12}?"
MAX_FACTOR = 100.0


@dataclass(frozen=True, slots=True)
class Scale:
    concept: str  # budget | data | days | params | epochs | gpus | load
    factor: float
    start: int
    end: int
    delta: float = 0.0  # added after the factor: "one more epoch" (1.0, +1), "再给两周" (1.0, +14 days)


# Additive changes: "one more epoch", "2 extra weeks", "再多训一轮", "多给两周", "少训一轮". The count and its
# unit are read here (and masked from the slot readers), so "一轮" is never the epochs themselves.
_EN_COUNT = {
    "a": 1.0,
    "an": 1.0,
    "one": 1.0,
    "another": 1.0,
    "two": 2.0,
    "three": 3.0,
    "four": 4.0,
    "five": 5.0,
}
_ZH_COUNT = r"[一两二三四五六七八九十]|(?<!\d)\d+"
_DELTA_UNITS = {
    "epoch": ("epochs", 1.0), "epochs": ("epochs", 1.0), "pass": ("epochs", 1.0), "passes": ("epochs", 1.0),
    "轮": ("epochs", 1.0), "遍": ("epochs", 1.0), "day": ("days", 1.0), "days": ("days", 1.0),
    "week": ("days", 7.0), "weeks": ("days", 7.0), "month": ("days", 30.0), "months": ("days", 30.0),
    "天": ("days", 1.0), "周": ("days", 7.0), "星期": ("days", 7.0), "礼拜": ("days", 7.0),
    "月": ("days", 30.0),
}  # fmt: skip
_EN_DELTA = re.compile(
    r"\b(?P<n>an?|one|another|two|three|four|five|\d+) "
    r"(?:(?P<up>more|extra|additional)|(?P<down>fewer|less)) "
    r"(?P<u>epochs?|pass(?:es)?|days?|weeks?|months?)\b"
)
# The word for more before the count: "an extra 3 days", "another 2 weeks", "another week",
# "an additional epoch".
_EN_DELTA_BEFORE = re.compile(
    r"\b(?P<up>an extra|an additional|another|extra|additional)(?: (?P<n>two|three|four|five|\d+))? "
    r"(?P<u>epochs?|pass(?:es)?|days?|weeks?|months?)\b(?P<down>(?!))?"
)
# 多/再 before the count, never 最多/至多/顶多 (at most) nor 一个多月 (more than a month, 多 after the count).
# A deadline moved: "延后两周", "推迟三天", "提前一周" (the timeline only: their unit must be a time).
_ZH_DELTA = re.compile(
    r"(?<![最至顶差不])(?:(?P<up>再多|再|多|加|延后|推迟|延长|往后延|往后推|顺延|宽限|晚)|(?P<down>少|提前|早))"
    r"(?:训|跑|给|练|加)?(?P<n>"
    + _ZH_COUNT
    + r") ?(?:个)? ?(?P<u>epoch|轮|遍|天|周|星期|礼拜|月)(?!底|初|中|末|份)"
)


# "push the deadline back two weeks", "extend the deadline by 3 days", "bring it forward a week".
_EN_SHIFT = re.compile(
    r"\b(?:(?P<up>push(?:ed|ing)?|move[ds]?|moving|extend(?:ed|ing|s)?|delay(?:ed|ing|s)?|slip(?:ped|s)?)"
    r"|(?P<down>bring(?:ing|s)?|brought|pull(?:ed|ing|s)?))"
    r"(?: (?:it|the deadline|the timeline|the schedule|the date|our deadline))?"
    r"(?P<dir> back| out| forward| in)?"
    r"(?: by)? (?P<n>an?|one|two|three|four|five|\d+) (?P<u>days?|weeks?|months?)\b"
)


# Shares of what is held: "数据砍到三分之一", "只用三分之一的数据", "资料再多三成", "预算减少两成",
# "train on half of it", "cut the data to a third". 成 is tenths. The verb says whether the share is what
# is left (到 / 只用: x share), what is taken off (砍掉 / 减少: x 1 - share) or what is added (多 / 增加:
# x 1 + share).
_ZH_DIGIT = r"[一二三四五六七八九十两]|\d+"
_ZH_SHARE = r"(?:(?P<fd>" + _ZH_DIGIT + r")分之(?P<fn>" + _ZH_DIGIT + r")|(?P<tenths>" + _ZH_DIGIT + r")成)"
_SHARE_LEFT = ("砍到", "减到", "缩到", "降到", "只用", "只要", "剩下", "剩", "留", "用", "到")
_SHARE_ADDED = ("增加", "提高", "多", "加")
_SHARE_TAKEN = ("砍掉", "减少", "减掉", "去掉", "删掉", "少", "减", "砍")
_SHARE_VERBS = "|".join(sorted(_SHARE_LEFT + _SHARE_ADDED + _SHARE_TAKEN, key=len, reverse=True))
_EN_SHARES = {
    "half": 0.5, "a half": 0.5, "a third": 1 / 3, "one third": 1 / 3, "a quarter": 0.25, "one quarter": 0.25,
    "two thirds": 2 / 3, "three quarters": 0.75,
}  # fmt: skip
_EN_SHARE = "|".join(sorted(map(re.escape, _EN_SHARES), key=len, reverse=True))
# "train on half of it": the data, with no concept word.
_EN_DATA_SHARE = re.compile(
    r"\b(?:train(?:ing)? on|use|using|keep|keeping) (?:only )?(?P<f>" + _EN_SHARE + r")"
    r"(?: of)?(?: it| them| that| the data| the tokens| the dataset| our data| the corpus)?"
    r"\b(?! (?:the )?(?:gpus?|cards?))"
)


def _zh_share(m: re.Match[str]) -> float | None:
    if m.group("tenths"):
        tenths = _count(m.group("tenths"))
        return tenths / 10 if tenths and 0 < tenths < 10 else None
    den, num = _count(m.group("fd")), _count(m.group("fn"))
    return num / den if den and num and 0 < num < den else None


def _count(raw: str | None) -> float | None:
    if not raw:
        return None
    return float(raw) if raw.isdigit() else zh_integer(raw)


def _share_factor(verb: str, share: float) -> float:
    if verb in _SHARE_ADDED:
        return 1.0 + share
    if verb in _SHARE_TAKEN:
        return 1.0 - share
    return share


def _concept_pattern() -> str:
    words = sorted((w for ws in CONCEPTS.values() for w in ws), key=len, reverse=True)
    return r"(?P<c>" + "|".join(re.escape(w) for w in words) + r")"


_C = _concept_pattern()
_SHARE_PATTERNS = (
    re.compile(_C + _GAP + r"(?P<v>" + _SHARE_VERBS + r")了? ?" + _ZH_SHARE),
    re.compile(r"(?P<v>只用|只要|用|留|剩下)" + _ZH_SHARE + r"的?" + _C),
)
_EN_SHARE_AFTER = re.compile(_C + _GAP + r"\b(?P<v>to|down to|by) (?P<f>" + _EN_SHARE + r")\b")
_PATTERNS = (
    re.compile(
        r"\b"
        + _EN_FACTOR_BEFORE
        + r" (?:the |our |my |that |this |as much |as many |more |the number of )?(?:amount of )?"
        + _C
    ),
    re.compile(_C + _GAP + r"\b" + _EN_FACTOR_AFTER + r"(?![a-z])"),
    re.compile(_C + _GAP + _ZH_FACTOR),
    re.compile(_ZH_FACTOR_BEFORE + r"的?" + _C),
)
_PCT_PATTERNS = (
    re.compile(r"(?P<d>[a-z\u4e00-\u9fff]+) (?:the |our )?" + _C + r" by " + _PCT),
    re.compile(_C + _GAP + r"(?P<d>" + "|".join(_UP + _DOWN) + r") ?(?:by |了)?" + _PCT),
    re.compile(_PCT + r" (?P<d>more|less|fewer|bigger|smaller|larger) " + _C),
)


def _concept(word: str) -> str | None:
    return next((c for c, ws in CONCEPTS.items() if word in ws), None)


def _factor(m: re.Match[str]) -> float | None:
    n = m.groupdict().get("n")
    if n:
        value = float(n) if n[0].isdigit() else zh_integer(n)
        return value if value and 0 < value <= MAX_FACTOR else None
    f = m.group("f")
    return _EN_WORD.get(f) or _ZH_WORD.get(f) or (0.5 if f == "一半" or f in _ZH_ONLY_HALF else None)


# What each family of patterns cannot match without (the text is lower-cased): a message with none of
# a family's words skips its regex passes, which scan the whole message character by character.
# tests/nlu/test_relative_changes.py holds every pattern's words to these.
_EN_FACTOR_WORDS = ("doubl", "twice", "tripl", "quadruple", "hal", "x", "×", "times")
_ZH_FACTOR_CHARS = "倍番半"  # every _ZH_WORD, N倍 and 一半
_EN_DELTA_WORDS = ("more", "extra", "additional", "fewer", "less", "another")
_ZH_DELTA_UNITS = ("epoch", "轮", "遍", "天", "周", "星期", "礼拜", "月")
_EN_SHIFT_VERBS = ("push", "mov", "extend", "delay", "slip", "bring", "brought", "pull")
_ZH_SHARE_WORDS = ("分之", "成")
_EN_SHARE_WORDS = ("half", "third", "quarter")


@functools.cache
def _any_of(words: tuple[str, ...] | str) -> re.Pattern[str]:
    return re.compile("|".join(re.escape(w) for w in words) or "(?!)")


def _has(s: str, words: tuple[str, ...] | str) -> bool:
    """Any of `words` in `s` (a string: any of its characters): one C-level search."""
    return _any_of(words).search(s) is not None


def _deltas(s: str) -> list[Scale]:
    out: list[Scale] = []
    deltas: tuple[re.Pattern[str], ...] = (_EN_DELTA, _EN_DELTA_BEFORE) if _has(s, _EN_DELTA_WORDS) else ()
    if _has(s, _ZH_DELTA_UNITS):
        deltas += (_ZH_DELTA,)
    for pattern in deltas:
        for m in pattern.finditer(s):
            raw = m.group("n")
            if raw is None and m.group("u").endswith("s"):
                continue  # "extra days": no count said
            raw = raw or "a"  # "another week", "an extra day"
            count = _EN_COUNT.get(raw) or (float(raw) if raw.isdigit() else zh_integer(raw))
            concept, per = _DELTA_UNITS[m.group("u")]
            if count and 0 < count <= MAX_FACTOR:
                sign = -1.0 if m.group("down") else 1.0
                out.append(Scale(concept, 1.0, m.start(), m.end(), sign * count * per))
    for m in _EN_SHIFT.finditer(s) if _has(s, _EN_SHIFT_VERBS) else ():
        way = (m.group("dir") or "").strip()
        up = bool(m.group("up")) and way != "forward" and (way or not m.group(0).startswith("mov"))
        down = (bool(m.group("down")) and way in ("forward", "in")) or way == "forward"
        raw = m.group("n")
        count = _EN_COUNT.get(raw) or (float(raw) if raw.isdigit() else None)
        if count and 0 < count <= MAX_FACTOR and (up or down):
            per = _DELTA_UNITS[m.group("u")][1]
            out.append(Scale("days", 1.0, m.start(), m.end(), (1.0 if up else -1.0) * count * per))
    return out


def _shares(s: str) -> list[Scale]:
    """ "数据砍到三分之一" (x 1/3), "资料再多三成" (x 1.3), "train on half of it" (x 0.5)."""
    out: list[Scale] = []
    if _has(s, _ZH_SHARE_WORDS):
        for pattern in _SHARE_PATTERNS:
            for m in pattern.finditer(s):
                concept, share = _concept(m.group("c")), _zh_share(m)
                if concept and share:
                    out.append(Scale(concept, _share_factor(m.group("v"), share), m.start(), m.end()))
    if not _has(s, _EN_SHARE_WORDS):
        return out
    for m in _EN_SHARE_AFTER.finditer(s):
        concept, share = _concept(m.group("c")), _EN_SHARES[m.group("f")]
        if concept:
            out.append(Scale(concept, 1.0 - share if m.group("v") == "by" else share, m.start(), m.end()))
    for m in _EN_DATA_SHARE.finditer(s):
        out.append(Scale("data", _EN_SHARES[m.group("f")], m.start(), m.end()))
    return out


def find_scales(s: str) -> list[Scale]:
    """Every relative change in `s`, in text order, without overlaps."""
    out: list[Scale] = []
    for phrase, factor in _LONG.items():
        at = s.find(phrase)
        if at != -1:
            out.append(Scale("days", factor, at, at + len(phrase)))
    patterns: tuple[re.Pattern[str], ...] = _PATTERNS[:2] if _has(s, _EN_FACTOR_WORDS) else ()
    if _has(s, _ZH_FACTOR_CHARS):
        patterns += _PATTERNS[2:]
    for pattern in patterns:
        for m in pattern.finditer(s):
            concept, times = _concept(m.group("c")), _factor(m)
            if concept and times and times != 1.0:
                out.append(Scale(concept, times, m.start(), m.end()))
    for pattern in _PCT_PATTERNS if _has(s, "%") else ():
        for m in pattern.finditer(s):
            concept, pct = _concept(m.group("c")), float(m.group("p"))
            word = m.group("d")
            sign = (
                1
                if word.endswith(_UP + ("bigger", "larger"))
                else -1
                if word.endswith(_DOWN + ("fewer", "smaller"))
                else 0
            )
            if concept and sign and 0 < pct < 100 * (2 if sign > 0 else 1):
                out.append(Scale(concept, 1 + sign * pct / 100, m.start(), m.end()))
    out += _deltas(s) + _shares(s)
    out.sort(key=lambda x: x.start)
    kept: list[Scale] = []
    for scale in out:
        if not kept or scale.start >= kept[-1].end:
            kept.append(scale)
    return kept
