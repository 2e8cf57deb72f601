"""Chinese numerals: 三万四千五百六十七, 一百零四万, 两千亿, 廿七, 壹佰贰拾, 一点三万亿.

Input is already simplified (t2s) and lower-cased. The value is built from the positional rules
of Chinese numerals (十/百/千 inside a 万 section, 万 inside a 亿 section, 万亿 = 10^12), checked
against the Duckling ZH numeral corpus (facebook/duckling Duckling/Numeral/ZH/Corpus.hs).
"""

from __future__ import annotations

import math

DIGITS: dict[str, int] = {
    "零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4,
    "五": 5, "六": 6, "七": 7, "八": 8, "九": 9,
}  # fmt: skip
SMALL_UNITS: dict[str, int] = {"十": 10, "百": 100, "千": 1000}
BIG_UNITS: dict[str, float] = {"万": 1e4, "亿": 1e8}
# 廿 = 20 and 卅 = 30 (Duckling Duration/ZH corpus: 廿七個月, 卅分鐘).
TENS: dict[str, int] = {"廿": 20, "卅": 30}
# Financial (anti-fraud) numerals, simplified and traditional forms after t2s.
FINANCIAL: dict[str, str] = {
    "壹": "一", "贰": "二", "貳": "二", "叁": "三", "參": "三", "肆": "四", "伍": "五",
    "陆": "六", "陸": "六", "柒": "七", "捌": "八", "玖": "九", "拾": "十", "佰": "百", "仟": "千",
}  # fmt: skip
NUMERAL_CHARS = frozenset(DIGITS) | frozenset(SMALL_UNITS) | frozenset(BIG_UNITS) | frozenset(TENS)
# 兆 means 10^12 in Taiwan, Hong Kong and Japan but 10^6 in mainland China, where in practice it is only the
# SI prefix M (兆字节 = MB, 兆帕 = MPa) and a trillion is written 万亿 (zh.wikipedia.org/wiki/兆, citing
# GB 3100-1993 and the 现代汉语词典; read 2026-12-01). So 兆 before a count ("2 兆 token", "四兆參數") is a
# trillion in either script, since a mainland writer counts a million as 百万, never 兆; 兆字节 is a megabyte,
# and so is a bare 兆 after an amount with no counted word after it ("数据 500兆", "800兆左右"): there it is
# the mainland's spoken "mega" of 兆字节 (GB 3100-1993 gives 兆 as the SI prefix M), while a Taiwan writer
# names a data size in MB/GB/TB, not 兆 (lexicon.UNITS).
ZHAO = "兆"
ZHAO_COUNT = 1e12
# A numeral longer than this is not something a person wrote as a quantity.
MAX_RUN = 24
# After a lone 一 these make it part of a word, not the number one: 一共 (in all), 一起, 一下, 一直, 一定,
# 一般, 一些, 一样, 一致, 一旦, 一切, 一律, 一并, 一同, 一向, 一齐 ("预算一共十五万元" is a budget of 150k).
ONE_IN_WORD = frozenset("共起下直定般些样致旦切律并同向齐")
# ... or two characters after it: 一次性 (one-off: "预算是一次性的" is no budget of 1).
ONE_IN_WORD_2 = ("次性",)
# ... and before it: 统一 (unified: "64GB 统一内存"), 唯一, 万一 (in case), 专一, 划一, 归一, 合一, and the
# 一 of "which" (哪一张卡, 哪一种 GPU: no count).
ONE_AFTER_WORD = frozenset("统唯万专划归合哪")


# Two neighbouring digits are an approximate range, not a two-digit number: 两三周 (two or three weeks),
# 三四天, 七八个月, 一两天 (Duckling ZH has no such rule; read as the upper end, the plan's safe side).
# 三五 ("三五天", "三五个月": a few) is the one such pair a digit apart.
_THREE_OR_FIVE = (3, 5)


def approximate(run: str) -> float | None:
    """两三 -> 3, 三四百 -> 400, 两三千 -> 3000, 十一二 -> 12: the larger of two neighbouring digits (in
    the place of the units after them), or None when `run` is no such range."""
    teen = run.startswith("十") and len(run) == 3
    pair, rest = (run[1:3], "") if teen else (run[:2], run[2:])
    if len(pair) != 2 or pair[0] not in DIGITS or pair[1] not in DIGITS:
        return None
    low, high = DIGITS[pair[0]], DIGITS[pair[1]]
    if not (low >= 1 and (high == low + 1 or (low, high) == _THREE_OR_FIVE)):
        return None
    if teen:
        return 10.0 + high
    factor = multiplier(rest) if rest else 1.0
    return high * factor if factor is not None else None


def zh_integer(run: str) -> float | None:
    """Value of a run of Chinese numeral characters, or None when it is not a well-formed number.

    Two colloquial rules from the Duckling ZH numeral corpus: a lone digit right after a unit at
    the end of a section counts in the next lower place (百二 = 120, 千一 = 1100, 万九 = 19000,
    三万四 = 34000), and a 万 after a section that already has one multiplies all of it
    (三万四千五百六十七万 = 34567 x 10^4, as 一百零四万 = 104 x 10^4)."""
    if not run or len(run) > MAX_RUN:
        return None
    total = 0.0  # completed 亿 sections
    section = 0.0  # completed 万 section
    chunk = 0.0  # inside the current 万 section
    digit: float | None = None
    prev_was_digit = False
    last_unit = 0.0  # place value of the unit right before a lone digit (0 = none)
    for ch in run:
        if ch in DIGITS:
            d = DIGITS[ch]
            # 二零二六 reads digit by digit; 一百零四 has 零 as a place holder.
            digit = digit * 10 + d if (prev_was_digit and digit is not None) else d
            prev_was_digit = True
            if d == 0:
                last_unit = 0.0  # 一百零四 = 104: after 零 a digit is in the ones place
            continue
        if ch in BIG_UNITS:
            digit = _shorthand(digit, last_unit, prev_was_digit)
        prev_was_digit = False
        if ch in TENS:
            chunk += TENS[ch]
            digit, last_unit = None, 0.0
        elif ch in SMALL_UNITS:
            chunk += (1 if digit is None else digit) * SMALL_UNITS[ch]
            digit, last_unit = None, float(SMALL_UNITS[ch])
        elif ch == "万":
            value = chunk + (digit or 0)
            section = (section + (value if value else 1)) * 1e4
            chunk, digit, last_unit = 0.0, None, 1e4
        elif ch == "亿":
            value = section + chunk + (digit or 0)
            total = (total + (value if value else 1)) * 1e8
            section, chunk, digit, last_unit = 0.0, 0.0, None, 1e8
        else:
            return None
    digit = _shorthand(digit, last_unit, prev_was_digit)
    result = total + section + chunk + (digit or 0)
    return result if math.isfinite(result) else None


def _shorthand(digit: float | None, last_unit: float, lone: bool) -> float | None:
    """百二: a single digit straight after a unit of 100 or more is in the next lower place."""
    if digit is None or not lone or last_unit < 100 or digit >= 10:
        return digit
    return digit * last_unit / 10


def zh_decimal_digits(run: str) -> float | None:
    """The part after 点: 一点三 -> 0.3, 零点77 -> 0.77 (digits only, Chinese or Arabic)."""
    if not run or len(run) > MAX_RUN or any(ch not in DIGITS and not "0" <= ch <= "9" for ch in run):
        return None
    return float("0." + "".join(str(DIGITS.get(ch, ch)) for ch in run))


def multiplier(run: str) -> float | None:
    """A trailing chain of units after an Arabic number: 万 1e4, 千亿 1e11, 万亿 1e12, 百万 1e6."""
    if not run or len(run) > 4:
        return None
    factor = 1.0
    for ch in run:
        if ch in SMALL_UNITS:
            factor *= SMALL_UNITS[ch]
        elif ch in BIG_UNITS:
            factor *= BIG_UNITS[ch]
        else:
            return None
    return factor
