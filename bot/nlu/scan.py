"""One left-to-right pass that finds every number in a message, in any of the ways people write
them: 1,000 / 1 000 / 1.5 / 7e9 / 7×10^9 / 7B / 350M / $5k / 70亿 / 1.3万亿 / 两千亿 / 廿七 /
一个半 / 半 / seventy / two point two million / a month.

Every step moves forward and no regular expression is used, so the pass is linear in the length of
the text. Absurd numerals ("9"*400, "1e999") come back as infinite and are refused downstream.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from bot.nlu import lexicon, numerals_en, numerals_zh

# Letter suffixes read as magnitudes when glued to a number ("7B", "350M", "5k", "1.5T", ".0012G").
LETTER_MULT: dict[str, tuple[float, str]] = {
    "k": (1e3, "k"), "m": (1e6, "m"), "mn": (1e6, "m"), "b": (1e9, "b"), "bn": (1e9, "b"),
    "t": (1e12, "t"), "tn": (1e12, "t"), "g": (1e9, "g"),
}  # fmt: skip
WORD_MULT: dict[str, tuple[float, str]] = {
    "thousand": (1e3, "k"), "million": (1e6, "m"), "millions": (1e6, "m"), "billion": (1e9, "b"),
    "billions": (1e9, "b"), "trillion": (1e12, "t"), "trillions": (1e12, "t"), "lakh": (1e5, "k"),
    "lakhs": (1e5, "k"), "crore": (1e7, "m"), "crores": (1e7, "m"), "dozen": (12.0, ""),
    "dozens": (12.0, ""), "grand": (1e3, "k"),  # "ten grand": $10,000
    # short forms typed in chat: "a 7 bil param model", "2 mil tokens", "5 bln", "3 mln"
    "bil": (1e9, "b"), "bln": (1e9, "b"), "mil": (1e6, "m"), "mln": (1e6, "m"),
}  # fmt: skip
# Currency codes that may be glued in front of a number ("USD3.14", "RMB50000").
GLUED_PREFIXES = ("usd", "rmb", "cny", "us")
# Characters after 半 / 个半 that make it a half of a unit (一个半月, 半小时, 两个半星期).
HALF_UNITS = frozenset("月天日年小周星礼钟分")
# What makes 半 half an epoch: "半个 epoch", "半轮", "半遍".
HALF_EPOCH = ("个 epoch", "个epoch", "轮", "遍")
# What may follow 五个半 for it to be 5.5 on its own (the end of a clause, or a currency).
HALF_AMOUNT_END = frozenset(" ,.;!?，。；！？、元块美刀")
ZH_UNIT_CHARS = frozenset("十百千万亿")
EN_VOCAB = (
    frozenset(numerals_en.ONES)
    | frozenset(numerals_en.TENS)
    | frozenset(numerals_en.SCALES)
    | numerals_en.DOZEN
    | {"hundred", "and", "a", "an", "half", "point", "couple", "pair", "of", "quarter", "quarters"}
)
EN_STARTERS = EN_VOCAB - {"and", "of", "couple", "pair", "quarter", "quarters"}
MAX_DIGITS = 40  # more digits than this is not a quantity; the value becomes infinite
MAX_WORD = 20


@dataclass(frozen=True, slots=True)
class Num:
    start: int
    end: int
    value: float  # never NaN; may be infinite for absurd numerals
    mult: str  # "", "k", "m", "b", "t", "g" (magnitude letter or word), "zh" (万/亿)
    negative: bool = False
    weak: bool = False  # a bare article ("a month"): only durations and money take it
    scale: float = 1.0  # the magnitude a suffix multiplied it by (5万: 1e4, 7B: 1e9), for ranges


def _is_digit(ch: str) -> bool:
    return "0" <= ch <= "9"


def _is_letter(ch: str) -> bool:
    return "a" <= ch <= "z"


def _half(s: str, j: int) -> tuple[float, int]:
    """An extra half after a number: 一个半月, 两个半月, 三个半小时, 1个半月."""
    if s.startswith("个半", j) and j + 2 < len(s) and s[j + 2] in HALF_UNITS:
        return 0.5, j + 2
    if s.startswith("个半", j) and (j + 2 >= len(s) or s[j + 2] in HALF_AMOUNT_END):
        return 0.5, j + 2  # 五个半 = 5.5 as an amount (Duckling AmountOfMoney/ZH corpus)
    if s.startswith("半", j) and j + 1 < len(s) and s[j + 1] in HALF_UNITS:
        return 0.5, j + 1
    return 0.0, j


# 多/余/来/几 right after a numeral: "some more than" it (300多G, 三十多亿, 十多天, 一个多月,
# 七十余亿, 十来万, 200 来个 G, 十几天). Read as the number said, the lower bound, and the
# magnitude or unit after it still applies. 多少/多大/多久 ask, and 多模态, 多机, 多卡,
# 多语言, 来自, 来源 are words of their own: none of them counts.
ODD = ("多", "余", "来", "几")
_ODD_NOT = frozenset("少大久长高种样模机卡节语任线进自源说回看")


def _odd(s: str, j: int) -> int:
    """The end of a 多/余 after a number at `j` (with 个 before it: 一个多月), or `j`."""
    k = j + 1 if s.startswith("个", j) and s.startswith(ODD, j + 1) else j
    k = k + 1 if s.startswith(" ", k) and s.startswith(ODD, k + 1) else k  # "300 多 G"
    if not s.startswith(ODD, k) or (k + 1 < len(s) and s[k + 1] in _ODD_NOT):
        return j
    k += 1
    return k + 1 if s.startswith(" ", k) else k


def _negative(s: str, i: int) -> tuple[bool, int]:
    k = i - 1
    spaced = k >= 0 and s[k] == " "
    if spaced:
        k -= 1
    if k >= 0 and s[k] in "-−":
        before = s[k - 1] if k > 0 else " "
        # "Context - 3 engineers": a dash between words is punctuation, a glued "-3" a minus.
        if not (_is_letter(before) or _is_digit(before)) and not (spaced and k > 0 and before == " "):
            return True, k
    if k >= 0 and s[k] == "负":
        return True, k
    for word in ("minus ", "negative "):
        if s.startswith(word, i - len(word)):
            return True, i - len(word)
    return False, i


# A magnitude letter after a space counts when nothing else could be meant: "a 7 B model", "1.3 B 模型"
# (never the "B" of "8 B200", nor "5 G", which is a size), and "500 M tokens", "2 T tokens".
SPACED_MAGNITUDES = ("b", "bn")
SPACED_BEFORE_COUNTS = ("m", "mn", "k", "t", "tn")
_COUNTED_WORDS = ("token", "tok", "param", "sample", "example", "词元", "参数", "个参数", "条", "样本")


def _spaced_magnitude(s: str, word: str, e: int) -> bool:
    nxt = s[e : e + 2]
    if nxt[:1] and (_is_digit(nxt[0]) or nxt[0] in "_-/" or (nxt[0] == "." and nxt[1:].isdigit())):
        return False  # "8 B200", "7 b.", "2 t-shirts": not a magnitude
    if word in SPACED_MAGNITUDES:
        return True
    return word in SPACED_BEFORE_COUNTS and s[e:].lstrip().startswith(_COUNTED_WORDS)


def _suffix(s: str, j: int) -> tuple[float, str, int]:
    """A magnitude right after a number: 万/亿 chains, glued letters (7B), or words (3 million)."""
    n = len(s)
    k = j + 1 if j < n and s[j] == " " else j
    e = k
    while e < n and e - k < 4 and s[e] in ZH_UNIT_CHARS:
        e += 1
    if e > k:
        factor = numerals_zh.multiplier(s[k:e])
        if factor is not None:
            return factor, "zh", e
    if s.startswith(numerals_zh.ZHAO, k) and s[k + 1 :].lstrip().startswith(_COUNTED_WORDS):
        return numerals_zh.ZHAO_COUNT, "zh", k + 1  # "2 兆 token", "四兆參數": 10^12 (numerals_zh.ZHAO)
    e = k
    while e < n and _is_letter(s[e]) and e - k <= MAX_WORD:
        e += 1
    word = s[k:e]
    if word in LETTER_MULT and (k == j or _spaced_magnitude(s, word, e)):
        factor, tag = LETTER_MULT[word]
        return factor, tag, e
    if word in WORD_MULT:
        factor, tag = WORD_MULT[word]
        return factor, tag, e
    if s.startswith("-", j):  # "a 3-billion-parameter model", "a 1.5-trillion-token corpus"
        e = j + 1
        while e < n and _is_letter(s[e]) and e - j <= MAX_WORD:
            e += 1
        if s[j + 1 : e] in WORD_MULT:
            factor, tag = WORD_MULT[s[j + 1 : e]]
            return factor, tag, e
    return 1.0, "", j


def _unit_letter_at(s: str, k: int) -> bool:
    """A Latin letter right after a digit group: "llama 3 405b" is a version and a size, not 3,405B
    (a space groups thousands only in a plain number: "1 000 tokens", "10 000元")."""
    return k < len(s) and s[k].isascii() and s[k].isalpha()


def _arabic(s: str, i: int) -> tuple[Num | None, int]:
    n = len(s)
    j = i
    digits: list[str] = []
    group = 0
    while j < n:
        ch = s[j]
        if _is_digit(ch):
            if len(digits) <= MAX_DIGITS:
                digits.append(ch)
            group += 1
            j += 1
        elif (
            ch in ",' "
            and group
            and j + 3 < n + 1
            and s[j + 1 : j + 4].isascii()
            and all(_is_digit(c) for c in s[j + 1 : j + 4])
            and (j + 4 >= n or not _is_digit(s[j + 4]))
            and (ch != " " or (group <= 3 and not _unit_letter_at(s, j + 4)))
        ):
            group = 0
            j += 1  # thousands separator: 1,000 / 1 000 / 1'000
        else:
            break
    text = "".join(digits) or "0"
    too_long = len(digits) > MAX_DIGITS
    if j + 1 < n and s[j] == "." and _is_digit(s[j + 1]):
        k = j + 1
        while k < n and _is_digit(s[k]):
            k += 1
        if k + 1 < n and s[k] == "." and _is_digit(s[k + 1]):  # 1.2.3: a version, not a number
            while k < n and (_is_digit(s[k]) or s[k] == "."):
                k += 1
            return None, k
        text += s[j:k][: MAX_DIGITS + 1]
        j = k
    if s.startswith(" point ", j) and "." not in text and j + 7 < n and _is_digit(s[j + 7]):
        k = j + 7
        while k < n and _is_digit(s[k]) and k - j < 7 + MAX_DIGITS:
            k += 1
        text, j = text + "." + s[j + 7 : k], k  # "1 point 1" (Duckling EN numeral corpus)
    if j < n and s[j] in "e" and j + 1 < n:
        k = j + 1
        if s[k] in "+-" and k + 1 < n and _is_digit(s[k + 1]):
            k += 1
        if _is_digit(s[k]):
            e0 = k
            while k < n and _is_digit(s[k]):
                k += 1
            if k >= n or not _is_letter(s[k]) or s[k] in "bkmgt":
                text += "e" + s[j + 1 : k][-6:] if k - e0 <= 5 else "e999"
                j = k
    if (
        s.startswith("×10^", j)
        or s.startswith("x10^", j)
        or s.startswith("*10^", j)
        or (s.startswith("^", j) and text == "10")
    ):
        k = j + (4 if s[j] != "^" else 1)
        e0 = k
        while k < n and _is_digit(s[k]) and k - e0 < 4:
            k += 1
        if k > e0:
            text = (text if s[j] != "^" else "1") + "e" + s[e0:k]
            j = k
    value = math.inf if too_long else float(text)
    if j + 1 < n and s[j] == "/" and _is_digit(s[j + 1]) and text.isdigit():
        k = j + 1
        while k < n and _is_digit(s[k]) and k - j <= 6:
            k += 1
        if text == "24" and s[j + 1 : k] == "7":
            return None, k  # "24/7": around the clock, not the number 24 ÷ 7 (nor a budget of $3.43)
        # "1/2 day" (not a date like 11/29/2026, nor a price per magnitude: "$2/1M tokens", "2 元/百万")
        if not (k < n and s[k] in "/-.kmbtg万亿百千") and int(s[j + 1 : k]) > 0:
            value, j = value / int(s[j + 1 : k]), k
    k = j + 1 if j < n and s[j] == " " else j
    if s.startswith("%", k) or s.startswith("percent", k):
        return None, k + 1
    extra, j = _half(s, j)
    for tail in (" and a half", " and an half", " and half"):
        e = j + len(tail)
        if s.startswith(tail, j) and not (e < n and _is_letter(s[e])):
            extra, j = 0.5, e  # "3 and a half billion", "5 and a half days" (Duckling EN)
            break
    j = _odd(s, j)
    factor, mult, j = _suffix(s, j)
    if mult == "zh":
        j = _odd(s, j)  # "2 万多条", "3 万来条": the 多/来 after the magnitude, as in 三万多
    value = (value + extra) * factor
    neg, start = _negative(s, i)
    return Num(start, j, value if not math.isnan(value) else math.inf, mult, neg, scale=factor), j


def _chinese(s: str, i: int) -> tuple[Num | None, int]:
    n = len(s)
    j = i
    while j < n and (
        s[j] in numerals_zh.NUMERAL_CHARS or (s[j] == "点" and j + 1 < n and s[j + 1] in numerals_zh.DIGITS)
    ):
        j += 1
    run = s[i:j]
    if len(run) > numerals_zh.MAX_RUN or (
        run == "一"
        and (
            (j < n and s[j] in numerals_zh.ONE_IN_WORD)
            or (i > 0 and s[i - 1] in numerals_zh.ONE_AFTER_WORD)
            or s.startswith(numerals_zh.ONE_IN_WORD_2, j)
        )
    ):
        return None, j  # too long to be a quantity, or the 一 of a word such as 一共, 一起 or 统一
    if j + 1 < n and s[j] == "点" and _is_digit(s[j + 1]) and numerals_zh.zh_integer(run) is not None:
        k = j + 1
        while k < n and _is_digit(s[k]) and k - j <= MAX_DIGITS:
            k += 1
        run, j = run + "点" + s[j + 1 : k], k  # 零点77 (Duckling ZH numeral corpus)
    whole, _, rest = run.partition("点")
    value = numerals_zh.approximate(whole) or numerals_zh.zh_integer(whole)
    if value is None:
        return None, j
    if rest:
        k = 0
        while k < len(rest) and (rest[k] in numerals_zh.DIGITS or _is_digit(rest[k])):
            k += 1
        frac = numerals_zh.zh_decimal_digits(rest[:k])
        factor = numerals_zh.multiplier(rest[k:]) if rest[k:] else 1.0
        if frac is None or factor is None:
            return None, j
        value = (value + frac) * factor
    extra, j = _half(s, j)
    value += extra
    if i > 0 and s[i - 1] in "0123456789.":
        return None, j
    j = _odd(s, j)
    mult = "zh" if ("万" in run or "亿" in run) else ""
    factor, tag, j = _suffix(s, j) if not mult else (1.0, mult, j)
    neg, start = _negative(s, i)
    tail = len(whole) - len(whole.rstrip("十百千万亿"))
    scale = factor * ((numerals_zh.multiplier(whole[-tail:]) or 1.0) if tail and tail < len(whole) else 1.0)
    return Num(start, j, value * factor, tag, neg, scale=scale), j


# Words after which "one" is a pronoun, not a number: "each one is ~3k tokens", "no one", "which one".
_PRONOUN_ONE_AFTER = ("each ", "every ", "no ", "any ", "which ", "this ", "that ", "the ", "per ", "some ")


def _english(s: str, i: int) -> tuple[Num | None, int]:
    n = len(s)
    if s.startswith("one", i) and not _is_letter(s[i + 3 : i + 4] or " "):
        for word in _PRONOUN_ONE_AFTER:
            k = i - len(word)
            if k >= 0 and s.startswith(word, k) and (k == 0 or not _is_letter(s[k - 1])):
                return None, _skip_word(s, i)
    if s.startswith("point ", i) and i + 6 < n and _is_digit(s[i + 6]):
        num, j = _arabic(s, i + 6)  # "point 77" = 0.77 (Duckling EN numeral corpus)
        if num is not None and num.mult == "" and s[i + 6 : num.end].isdigit():
            return Num(i, j, float("0." + s[i + 6 : num.end]), ""), j
        return num, j
    if s[i : _FIRST_WORD.match(s, i).end()] not in EN_STARTERS:  # type: ignore[union-attr]
        return None, _skip_word(s, i)  # no number word starts here: the reading below finds none
    words: list[str] = []
    ends: list[int] = []
    j = i
    while j < n and len(words) < numerals_en.MAX_WORDS:
        e = j
        while e < n and _is_letter(s[e]) and e - j <= MAX_WORD:
            e += 1
        word = s[j:e]
        if not word or word not in EN_VOCAB or (not words and word not in EN_STARTERS):
            break
        words.append(word)
        ends.append(e)
        if e < n and s[e] in " -" and e + 1 < n and _is_letter(s[e + 1]):
            j = e + 1
        else:
            break
    # The word after the run decides whether an article means one ("a month" vs "a model").
    tail: list[str] = []
    if ends:
        e0 = ends[-1] + 1
        e = e0
        while e < n and _is_letter(s[e]) and e - e0 <= MAX_WORD:
            e += 1
        tail = [s[e0:e]] if e0 < n and s[e0 - 1] in " -" else []
    probe = words + [w.rstrip("s") for w in tail]
    got = numerals_en.read_words(probe)
    if got is None or got.words > len(words):
        return None, _skip_word(s, i)
    end = ends[got.words - 1]
    factor, mult, end = _suffix(s, end) if not got.weak else (1.0, "", end)
    used = words[: got.words]
    for w in used:
        if w in WORD_MULT:
            mult = WORD_MULT[w][1]
    neg, start = _negative(s, i)
    return Num(start, end, got.value * factor, mult, neg, got.weak), end


def _skip_word(s: str, i: int) -> int:
    return max(_LETTER_RUN.match(s, i).end(), i + 1)  # type: ignore[union-attr]


# A run of the letters _is_letter takes; the first word _english reads (at most MAX_WORD + 1 letters).
_LETTER_RUN = re.compile("[a-z]*")
_FIRST_WORD = re.compile(f"[a-z]{{0,{MAX_WORD + 1}}}")


def _wan(s: str, nums: list[Num], chinese: bool) -> list[Num]:
    """ "3w条", "数据量5w", "预算5个w", "两个亿": a w (or 万/亿) after a number, glued or after the
    measure word 个, multiplies it (Chinese internet writing; 5个w = 50,000, 两个亿 = 2 x 10^8). A bare
    w counts in a message with Chinese in it, or before a sample word ("2w samples"): elsewhere "2w"
    may be two weeks."""
    out: list[Num] = []
    skip_from = -1  # a following 万/亿 numeral the 个 form has absorbed
    for num in nums:
        if num.start == skip_from:
            continue
        e = num.end
        if num.mult == "" and not num.weak:
            k = e + 1 if s.startswith("个", e) else e
            factor = _WAN.get(s[k : k + 1])
            chinese_here = chinese or k > e or _budget_before(s, num.start)
            if factor is not None and (k > e or s[k] == "w") and _wan_ends(s, k + 1, chinese_here):
                run = 2 if k > e and s[k : k + 2] in ("万亿", "亿亿") else 1  # "一个万亿参数": 10^12
                factor = numerals_zh.multiplier(s[k : k + run]) or factor
                num = Num(num.start, k + run, num.value * factor, "zh", num.negative, scale=factor)
                skip_from = k if s[k] != "w" else -1
        out.append(num)
    return out


_WAN = {"w": 1e4, "万": 1e4, "亿": 1e8}


def _wan_ends(s: str, end: int, chinese: bool) -> bool:
    """What follows a w: not a letter (\"5wk\"), and in an English message a sample word or yuan
    ("10w rmb")."""
    if end < len(s) and _is_letter(s[end]) and s[end - 1] == "w":
        return False
    if chinese or s[end - 1] != "w":
        return True
    rest = s[end : end + 16].lstrip()
    return rest.startswith(SAMPLE_WORDS) or lexicon.phrase_at(rest, 0, YUAN_WORDS) is not None


# Yuan after "10w" in an English message: the w is 万 (a Chinese writer's amount), never weeks.
YUAN_WORDS = tuple(p for p, currency in lexicon.CURRENCY_SUFFIX if currency == "CNY")
# A budget word right before "10w": an amount, never weeks ("budget: 10w").
_BUDGET_LABELS = ("budget", "budget:", "budget is", "budget of", "spend")


def _budget_before(s: str, start: int) -> bool:
    return s[max(0, start - 16) : start].rstrip().endswith(_BUDGET_LABELS)


# Sample words after "2w" in an English message ("2w samples", "3w rows").
SAMPLE_WORDS = tuple(
    sorted((p for p, kind, _ in lexicon.UNITS if kind == "samples" and p.isascii()), key=len, reverse=True)
)


def scan(s: str) -> list[Num]:
    """All numbers in `s` (simplified, lower-cased), in order; spans never overlap."""
    nums = _scan(s)
    return _ranges(
        s, _compound(s, _wan(s, nums, not s.isascii() and any("\u4e00" <= ch <= "\u9fff" for ch in s)))
    )


def _compound(s: str, nums: list[Num]) -> list[Num]:
    """ "1万5千", "1 萬 5 千", "1亿5千万": a number in 万 or 亿 and a smaller one right after it are one
    number (15,000; 150,000,000), as 一万五千 is."""
    out: list[Num] = []
    for num in nums:
        prev = out[-1] if out else None
        if (
            prev is not None
            and prev.mult == "zh"
            and s[prev.end - 1 : prev.end] in ("万", "亿")
            and s[prev.end : num.start] in ("", " ")
            and num.mult == "zh"
            and not (num.negative or num.weak)
            and 1 <= num.value < prev.scale
        ):
            out[-1] = Num(prev.start, num.end, prev.value + num.value, "zh", prev.negative, scale=prev.scale)
            continue
        out.append(num)
    return out


# "3-5万", "三到五万", "10~20亿", "2-3B": a range whose magnitude is written once, after its upper end. The
# lower end goes (every slot keeps a range's upper end, the plan's safe side), so "2-3B tokens" is never a
# 2-unit thing beside 3B tokens. A dash joins only with no space ("Llama 3 - 8B" is a name and a size).
_RANGE_WORDS = ("到", "至", "~", "～", "-", "–")


def _ranges(s: str, nums: list[Num]) -> list[Num]:
    out: list[Num] = []
    for i, low in enumerate(nums):
        high = nums[i + 1] if i + 1 < len(nums) else None
        if high is not None and not low.mult and not low.weak and high.mult and high.scale != 1.0:
            gap = s[low.end : high.start]
            joined = gap in _RANGE_WORDS[2:] or gap.strip() in (*_RANGE_WORDS[:2], "~", "～")
            before = s[max(low.start - 2, 0) : low.start].strip()[-1:]
            if joined and low.value < high.value / high.scale and not _is_letter(before):
                continue
        out.append(low)
    return out


_CURRENCY_UNITS = tuple(p for p, _ in lexicon.CURRENCY_SUFFIX)
# The numeral that opens a number: where a range's lower end replaces the upper's ("2 到 3 万条" → "2 万条").
_NUMERAL_CHARS = "零〇一二两三四五六七八九十百千"
_NUMERAL = re.compile(rf"[0-9][0-9.,]*|[{_NUMERAL_CHARS}]+")
# A range word with a numeral after it (spaces between): where every range written_ranges finds ends, since
# its upper end opens with a numeral (_NUMERAL) right after the joining word. One C-level search gates the
# second scan of a message whose only dash is in a word ("fine-tune", "qwen2.5-7b").
_RANGE_JOIN = re.compile(f"(?:{'|'.join(map(re.escape, _RANGE_WORDS))})\\s*[0-9{_NUMERAL_CHARS}]")


def written_ranges(s: str) -> list[tuple[int, int, str]]:
    """Ranges as written ("2 到 3 万条", "3–5 天", "20-30k samples", "4-6 weeks"), whatever the unit, as
    (start, end of the range with the word after it, `s` with its lower end in place of the range). The
    slots keep a range's upper end (`_ranges`, and a unit reads the number next to it); re-reading the
    lower-end text tells which slot a range set, so the reply can say the upper end was used."""
    out = _neighbour_digits(s)  # "三四万条", "两三百GB": two neighbouring digits, a rough range
    if _RANGE_JOIN.search(s) is None:
        return out  # every other range is joined by one of them before a numeral: no second scan without one
    chinese = not s.isascii() and any("\u4e00" <= ch <= "\u9fff" for ch in s)
    nums = _wan(s, _scan(s), chinese)
    for low, high in zip(nums, nums[1:], strict=False):
        gap = s[low.end : high.start]
        joined = gap in _RANGE_WORDS[2:] or gap.strip() in (*_RANGE_WORDS[:2], "~", "～")
        before = (
            s[low.start - 1] if low.start else " "
        )  # "qwen2.5-7b", "a100-80g", "2026-12-15" are no ranges
        if not joined or low.weak or high.weak or _is_letter(before) or _is_digit(before) or before in "-/.":
            continue
        lower = low.value if low.mult else low.value * high.scale
        numeral = _NUMERAL.match(s, high.start)
        if not lower < high.value or numeral is None:
            continue
        rest = s[high.end if low.mult else numeral.end() :]
        word = re.match(r"\s*(?:[a-z]+|[\u4e00-\u9fff])", s[high.end :])
        end = high.end + (word.end() if word else 0)
        if word is not None:
            # "2 到 3 万人民币": the whole currency word, not its first character
            unit = lexicon.phrase_at(s, end - len(word.group().strip()), _CURRENCY_UNITS)
            end = max(end, end - len(word.group().strip()) + len(unit or ""))
        out.append((low.start, end, s[: low.start] + s[low.start : low.end] + rest))
    return out


def _neighbour_digits(s: str) -> list[tuple[int, int, str]]:
    """ "三四万条", "两三百 GB", "五六千块": two neighbouring Chinese digits before a magnitude say a rough
    range; the numerals read its upper end, and the lower-end text keeps the first digit only."""
    out: list[tuple[int, int, str]] = []
    if s.isascii():
        return out  # the digits are Chinese: no scan of an English message
    for m in _NEIGHBOURS.finditer(s):
        low, high = numerals_zh.DIGITS.get(m.group(1)), numerals_zh.DIGITS.get(m.group(2))
        if low is None or high != low + 1:
            continue
        word = re.match(r"\s*(?:[a-z]+|[\u4e00-\u9fff])", s[m.end() :])
        end = m.end() + (word.end() if word else 0)
        out.append((m.start(), end, s[: m.start() + 1] + s[m.start() + 2 :]))
    return out


_NEIGHBOURS = re.compile(
    r"(?<![一二两三四五六七八九十百千万亿0-9])([一二两三四五六七八])([二三四五六七八九])[十百千万亿]+"
)


# The characters a number may start at (_scan's branches); any other is passed over, so a run of them
# is skipped with one search.
_STARTS = frozenset("0123456789.abcdefghijklmnopqrstuvwxyz半个") | numerals_zh.NUMERAL_CHARS
_NEXT_START = re.compile("[" + "".join(sorted(map(re.escape, _STARTS))) + "]")


def _times(s: str, i: int) -> bool:
    """A lone "x" glued to the digits at `i` is a times sign: "A100 x8" (not the x of "rtx4090" or "8x7b")."""
    return s[i - 1] == "x" and (i < 2 or s[i - 2] == " ")


def _scan(s: str) -> list[Num]:
    out: list[Num] = []
    n = len(s)
    i = 0
    while i < n:
        ch = s[i]
        if ch not in _STARTS:
            m = _NEXT_START.search(s, i + 1)
            i = m.start() if m else n
            continue
        prev = s[i - 1] if i else " "
        if "a" <= ch <= "z" and "a" <= prev <= "z":
            # Inside a word no number starts (each letter would take the last branch): the rest of it at once.
            i = _LETTER_RUN.match(s, i).end()  # type: ignore[union-attr]
            continue
        num: Num | None = None
        if _is_digit(ch) or (ch == "." and i + 1 < n and _is_digit(s[i + 1]) and not _is_digit(prev)):
            if _is_letter(prev) and not s.endswith(GLUED_PREFIXES, 0, i) and not _times(s, i):
                while i < n and (_is_digit(s[i]) or s[i] == "."):
                    i += 1  # a100, qwen2.5, fp16: part of a name
                continue
            num, i = _arabic(s, i)
        elif ch in numerals_zh.NUMERAL_CHARS and prev != "第":
            num, i = _chinese(s, i)
        elif ch == "半" and s.startswith(HALF_EPOCH, i + 1):
            num, i = Num(i, i + 1, 0.5, ""), i + 1  # "半个 epoch", "半轮": half a pass over the data
        elif ch == "半" and i + 1 < n and (s[i + 1] in HALF_UNITS or s.startswith("个", i + 1)):
            if s[i + 1] in HALF_UNITS or (i + 2 < n and s[i + 2] in HALF_UNITS):
                num = Num(i, i + 1, 0.5, "")
            i += 1
        elif ch == "个" and s.startswith("半", i + 1) and i + 2 < n and s[i + 2] in HALF_UNITS:
            num, i = Num(i, i + 2, 1.5, ""), i + 2  # 个半月 = 一个半月 (Duckling Duration/ZH corpus)
        elif _is_letter(ch) and not _is_letter(prev) and not _is_digit(prev):
            num, i = _english(s, i)
        else:
            i += 1
        if num is not None:
            if out and num.start < out[-1].end:
                num = Num(out[-1].end, num.end, num.value, num.mult, False, num.weak)
            out.append(num)
    return out
