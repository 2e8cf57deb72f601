"""What follows or precedes a number: its unit, currency, period and the cue words around it."""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.nlu import lexicon
from bot.nlu.scan import Num

# Clause boundaries: cue words are only looked for inside the number's own clause.
BOUNDARIES = frozenset(",;。、!?;\n()")
WINDOW = 24
# How far back a label may name a number when the words between are its own ("budget is flexible but
# under 250k", "prompts are usually around 20k tokens"): to the clause's start or the number before,
# with this many characters at most.
LABEL_REACH = 64
PERIOD_LOOKBACK = 20  # characters before an amount searched for a period word


@dataclass(frozen=True, slots=True)
class Unit:
    kind: str  # data | tokens | days | params | level | node | money | none
    factor: float
    end: int
    currency: str | None = None


NO_UNIT = Unit("none", 1.0, -1)
# The currency of an amount in a currency we do not budget in (港币, EUR, £): not a budget.
FOREIGN = "foreign"


def _skip_space(s: str, j: int, most: int = 1) -> int:
    k = j
    while k < len(s) and s[k] == " " and k - j < most:
        k += 1
    return k


# Every unit word after a number, in the order the tables rank them, indexed by first character so a
# number is compared only with the words that could follow it: (phrase, kind, factor, currency).
_Entry = tuple[str, str, float, str | None]


def _index() -> dict[str, tuple[_Entry, ...]]:
    entries: list[_Entry] = [(p, "money", 1.0, FOREIGN) for p in lexicon.FOREIGN_SUFFIX]
    entries += [(p, "money", 1.0, c) for p, c in lexicon.CURRENCY_SUFFIX]
    entries += [(p, "money", 0.01, "USD") for p in lexicon.CENTS_SUFFIX]
    entries += [(p, "money", 0.1, "CNY") for p in lexicon.JIAO_SUFFIX]
    entries += [(p, kind, factor, None) for p, kind, factor in lexicon.UNITS]
    by_first: dict[str, list[_Entry]] = {}
    for entry in entries:
        by_first.setdefault(entry[0][0], []).append(entry)
    return {ch: tuple(group) for ch, group in by_first.items()}


def _phrases(index: dict[str, tuple[_Entry, ...]]) -> dict[str, tuple[tuple[str, ...], dict[str, _Entry]]]:
    """Per first character, (the phrases in rank order for lexicon.phrase_at, each phrase's entry:
    the first one listed, the one a loop in rank order would take)."""
    out = {}
    for ch, group in index.items():
        entries: dict[str, _Entry] = {}
        for entry in group:
            entries.setdefault(entry[0], entry)
        out[ch] = (tuple(e[0] for e in group), entries)
    return out


_BY_FIRST = _phrases(_index())
_DAYS_BY_FIRST = _phrases({ch: tuple(e for e in g if e[1] == "days") for ch, g in _index().items()})
_NO_PHRASES: tuple[tuple[str, ...], dict[str, _Entry]] = ((), {})


def _unit_at(s: str, j: int, by_first: dict[str, tuple[tuple[str, ...], dict[str, _Entry]]]) -> _Entry | None:
    """The highest-ranked unit word at `j` (whole word if ASCII), or None."""
    phrases, entries = by_first.get(s[j], _NO_PHRASES)
    found = lexicon.phrase_at(s, j, phrases) if phrases else None
    return entries[found] if found is not None else None


# "-ish" after a number: about that many ("10ish days", "ten-ish days"), the unit after it the number's.
_ISH = re.compile(r"-?ish(?![a-z])")


def unit_after(s: str, num: Num) -> Unit:
    j = _skip_space(s, num.end)
    ish = _ISH.match(s, j)
    if ish is not None:
        j = _skip_space(s, ish.end())
    if j < len(s) and s[j] == "-" and j + 1 < len(s) and s[j + 1].isalpha():
        j += 1  # "36-hour", "7-day"
    if j >= len(s):
        return Unit("none", 1.0, num.end)
    filler = (
        next(f for f in lexicon.DURATION_FILLERS if s.startswith(f, j))
        if s.startswith(lexicon.DURATION_FILLERS, j)
        else ""
    )
    if filler and j + len(filler) < len(s):  # "2 more minutes"
        k = j + len(filler)
        days = _unit_at(s, k, _DAYS_BY_FIRST)
        if days is not None:
            return Unit(days[1], days[2], k + len(days[0]))
    entry = _unit_at(s, j, _BY_FIRST)
    if entry is None and s.startswith("个", j) and j + 1 < len(s):
        k = _skip_space(s, j + 1)  # "500 个 G", "两百个GB": the measure word 个 before a size
        sized = _unit_at(s, k, _BY_FIRST) if k < len(s) else None
        if sized is not None and sized[1] == "data":
            return Unit("data", sized[2], k + len(sized[0]))
        letter = lexicon.phrase_at(s, k, tuple(lexicon.SIZE_LETTERS_AFTER_GE)) if k < len(s) else None
        if letter is not None:
            return Unit("data", lexicon.SIZE_LETTERS_AFTER_GE[letter], k + len(letter))  # "2 个T", "1.5个P"
    if entry is None and s.startswith("个", j):
        files = _FILES.match(s, j)  # "3 万个 PDF", "50 万个程式码档案": files counted, each one a sample
        if files is not None:
            return Unit("samples", 1.0, files.end())
    if entry is None:
        return Unit("none", 1.0, num.end)
    phrase, kind, factor, currency = entry
    if labels_next(s, j + len(phrase)):
        return NO_UNIT  # "r=16 epochs=2": the word labels the 2, not the 16
    if phrase == "块" and _DEVICES_COUNTED.match(s, _skip_space(s, j + 1)):
        return NO_UNIT  # "4 块 3.84TB NVMe", "两块硬盘": devices counted, not yuan
    if kind == "money":
        k = _skip_space(s, j + len(phrase))
        if currency == "CNY" and phrase in _GENERIC_YUAN and _foreign_around(s, num, k):
            currency = FOREIGN  # "2000 元台币", "台币五万块", "港币 2 万元": a yuan of another currency
        return Unit("money", factor, j + len(phrase), currency)
    if kind == "days" and not _is_duration(s, num, phrase, j):
        return NO_UNIT
    if phrase == "对" and not _pairs(s, j + 1):
        return NO_UNIT  # "300W 对吧", "7B 对比": no pairs counted
    if phrase in _ROWS and not _rows(s, j + 1):
        return NO_UNIT  # "5 万行吗", "8 卡行不行": no rows counted
    return Unit(kind, factor, j + len(phrase))


# After 块, a drive or a card counted by it: its size ("4 块 3.84TB NVMe") or its kind ("两块硬盘").
_DEVICES_COUNTED = re.compile(
    r"\d+(?:\.\d+)?\s*(?:tb|gb|pb|tib|gib|t|g)(?![a-z])|(?:硬盘|固态|磁盘|ssd|nvme|hdd|盘|显卡|卡|gpu)"
)


def labels_next(s: str, end: int) -> bool:
    """The word ending at `end` is a key of a key=value list ("epochs=3", "gpu=h100"): the sign is glued to
    it. A spaced sign is arithmetic ("3 epochs = 3B tokens")."""
    return s.startswith(lexicon.KEY_VALUE_SIGN, end)


# The measure word 个, a short name, then a word for files: "3 万个 pdf", "50 万个程式码档案",
# "2000 万个 json 文件" (bounded: a word and at most four characters of name, no repetition over digits).
_FILES = re.compile(r"个 ?(?:[a-z]{1,10} ?)?(?:[\u4e00-\u9fff]{0,4}?(?:文件|档案|文档)|pdf)")
# Rows counted in Chinese: 行, and 列 (a row in Taiwan's usage).
_ROWS = ("行", "列")


def _rows(s: str, end: int) -> bool:
    """行/列 after a number count rows only at a clause end or before 每 ("300 万行，每行 150 token")."""
    return end >= len(s) or s[end] in _PAIR_END or s.startswith("每", end)


# English words that may stand between a count and the samples it counts ("20k support tickets",
# "50k customer conversations"): at most this many, each a plain word.
SAMPLE_MODIFIERS = 2
# A compound with a small number is a modifier too: "8k 5-turn conversations", "2k 3-page reports";
# so is a pair of words: "prompt/response pairs".
_PLAIN_WORD = re.compile(r"(?:\d{1,3}-)?[a-z][a-z-]*(?:/[a-z][a-z-]*)?")


def samples_after_modifiers(s: str, num: Num) -> Unit | None:
    """ "20k support tickets", "50k customer conversations", "300k captioned photos": a count, a word or
    two that describe the samples, then a word for samples (or for images or videos). Only plain English
    words in between, never a number or unit."""
    j = num.end
    for _ in range(SAMPLE_MODIFIERS):
        if j >= len(s) or s[j] != " ":
            return None
        word = _PLAIN_WORD.match(s, j + 1)
        if word is None:
            return None
        j = word.end()
        unit = unit_after(s, Num(j, j, num.value, num.mult))
        if unit.kind in ("samples", "images", "videos"):
            return unit
    return None


# After 对 as a count of preference pairs ("偏好数据 3 万对，每对约 1k token"): the clause ends or says what
# the pairs are.
_PAIR_END = " ,.;:!?，。；：！？、)）(（"
_PAIR_WHAT = ("偏好", "数据", "样本", "问答", "prompt", "回答", "chosen", "对比数据")


def _pairs(s: str, end: int) -> bool:
    return end >= len(s) or s[end] in _PAIR_END or s.startswith(_PAIR_WHAT, end)


def _is_duration(s: str, num: Num, phrase: str, j: int) -> bool:
    """Rule out dates: 2026年, 10月1日, 11月底, and a day of month after 月."""
    end = j + len(phrase)
    nxt = s[end] if end < len(s) else " "
    if phrase == "年" and 1900 <= num.value <= 2100:
        return False
    if phrase in ("季度", "个季度", "季", "个季") and (nxt in "末底" or s.startswith("结束", end)):
        return False  # 一季度末 is a date (the end of Q1), not a quarter of a year
    if phrase == "季" and (s[max(0, num.start - 1) : num.start] == "第" or num.value >= 4):
        return False  # 第一季: the first quarter, a date; 四季: the four seasons
    if nxt == " " and end + 1 < len(s):
        nxt = s[end + 1]  # "12 月 20 号": one space apart is still a date
    before = s[num.start - 1] if num.start > 0 else " "
    if before == " " and num.start > 1:
        before = s[num.start - 2]
    if phrase == "月":
        if before == "年" or nxt.isdigit() or nxt in "日号底初中份" or nxt in "一二三四五六七八九十":
            return False
        # "6 月到 11 月" are months of the calendar ("3 个月到 6 个月" counts months with 个); "3 月前上线" is
        # before March (deadlines), not three months.
        ahead = s.startswith(("之前", "以前"), end + (s[end : end + 1] == " "))
        if nxt in "到至前" or before in "到至" or ahead:
            return False
        if s.startswith(("上旬", "下旬"), end):
            return False  # 二月下旬: a part of a month (deadlines.MONTH_PARTS), not two months
    if phrase in ("日", "号"):
        if before == "月":
            return False
    if _ago(s, end):
        return False  # "3 months ago", "两个月前": when something was done, not how long
    if num.value == 1 and _counts_per(s, num.start, end):
        return False  # "一天被抢占了三十次", "30 times in one day": a count per period, not a deadline
    return not (phrase == "周" and nxt in "期末年")  # 周期, 周末, 周年 are not weeks


# A count of events in the period's clause ("一天被抢占了三十次", "30 times in one day").
_EVENTS_AFTER = re.compile(r"[0-9一二两三四五六七八九十百几]+ ?(?:次|回|times\b)")
_EVENTS_BEFORE = re.compile(r"(?:times?|次|once|twice|thrice) ?(?:in|per|a|every|每)? ?$")


def _counts_per(s: str, start: int, end: int) -> bool:
    if s.startswith(("内", "之内", "以内"), end) or s[max(0, start - 7) : start].endswith(
        ("within ", "within")
    ):
        return False  # "1 天内跑 3 次": a deadline for the runs
    stop = next(
        (i for i in range(end, min(len(s), end + WINDOW)) if s[i] in BOUNDARIES), min(len(s), end + WINDOW)
    )
    if _EVENTS_AFTER.search(s, end, stop):
        return True
    return _EVENTS_BEFORE.search(s[max(0, start - 16) : start]) is not None


def _ago(s: str, end: int) -> bool:
    j = end + 1 if s.startswith(" ", end) else end
    if lexicon.match_at(s, j, "ago"):
        return True
    return s.startswith(("前", "之前", "以前"), j) and not s.startswith(("前后", "前面", "前端", "前期"), j)


# The lower end of a range the scanner read as one amount ("hk$10-20万": the 20万), before which its
# currency stands.
_LOW_END = re.compile(r"\d+(?:\.\d+)?\s?(?:k|千|万|萬)?\s?(?:-|~|到|至)\s?$")


def _currency_end(s: str, num: Num) -> int:
    """Where a currency word before the amount would end: past one space and a range's lower end."""
    k = num.start
    if k > 0 and s[k - 1] in " -~到至":
        low = _LOW_END.search(s, max(0, k - 16), k)
        if low is not None:
            k = low.start()
    if k > 0 and s[k - 1] == " ":
        k -= 1
    return k


def currency_before(s: str, num: Num) -> str | None:
    k = _currency_end(s, num)
    if s.endswith(lexicon.FOREIGN_PREFIX, 0, k):  # one C-level test first: most amounts have none
        for phrase in lexicon.FOREIGN_PREFIX:
            if s.endswith(phrase, 0, k) and _word_start(s, k - len(phrase), phrase):
                return FOREIGN
    for phrase, currency in lexicon.CURRENCY_PREFIX:
        if s.endswith(phrase, 0, k):
            start = k - len(phrase)
            before = s[start - 1] if start > 0 else " "
            if not (phrase.isascii() and phrase[0].isalpha() and before.isascii() and before.isalpha()):
                return currency
    return None


# The words for "a unit of money" that any Chinese-writing place uses for its own currency (元, 块): yuan only
# when no other currency is named around the amount.
_GENERIC_YUAN = frozenset(("元", "块", "块钱"))


def _foreign_around(s: str, num: Num, after: int) -> bool:
    """Another currency named right after the 元/块 (`after`: "2000 元台币") or right before the amount
    ("台币五万块", "港币 2 万元")."""
    return (
        lexicon.phrase_at(s, after, lexicon.FOREIGN_SUFFIX) is not None or currency_before(s, num) == FOREIGN
    )


def foreign_suffix_end(s: str, end: int) -> int:
    """Where a currency word right after a 元/块 amount ends ("2000 元台币", "5 万元港币"); `end` when
    none."""
    k = _skip_space(s, end)
    found = lexicon.phrase_at(s, k, lexicon.FOREIGN_SUFFIX) if k < len(s) else None
    return k + len(found) if found is not None else end


def foreign_prefix_start(s: str, num: Num) -> int:
    """Where the currency word in front of an amount starts ("NT$100,000", "港币 5万")."""
    k = _currency_end(s, num)
    for phrase in lexicon.FOREIGN_PREFIX:
        if s.endswith(phrase, 0, k):
            return k - len(phrase)
    return num.start


def _word_start(s: str, start: int, phrase: str) -> bool:
    before = s[start - 1] if start > 0 else " "
    return not (phrase[0].isascii() and phrase[0].isalpha() and before.isascii() and before.isalnum())


def label_window(s: str, start: int, floor: int, before: str) -> str:
    """`before` (the usual window), or the clause back to its start or the number before when that
    window was cut by its width: where a label farther back may be found."""
    if len(before) < WINDOW:
        return before
    return window_before(s, start, floor, LABEL_REACH)


def window_before(s: str, start: int, floor: int, width: int = WINDOW) -> str:
    """The text of this clause before `start`, at most `width` characters, not before `floor`."""
    lo = max(floor, start - width, 0)
    chunk = s[lo:start]
    for i in range(len(chunk) - 1, -1, -1):
        if chunk[i] in BOUNDARIES or (chunk[i] == "." and i + 1 < len(chunk) and chunk[i + 1] == " "):
            return chunk[i + 1 :]
    return chunk


# After a number, a table cell's edge ends its clause too ("model: 70B | tokens: 300M": the tokens are the
# next cell's); before it, a label in the cell to the left still names it ("| model | 13B |").
_BOUNDARIES_AFTER = BOUNDARIES | {"|"}


def window_after(s: str, end: int, ceiling: int) -> str:
    hi = min(ceiling, end + WINDOW, len(s))
    chunk = s[end:hi]
    for i, ch in enumerate(chunk):
        if ch in _BOUNDARIES_AFTER or (ch == "." and (i + 1 >= len(chunk) or chunk[i + 1] == " ")):
            return chunk[:i]
    return chunk


# Months counted right before "月预算": more than one ("三个月预算", "6 个月的预算" is not one month's).
_MONTHS_COUNTED = re.compile(r"(?:[两二三四五六七八九十几]|[2-9]|\d{2,}) ?个?$")


def period_near(s: str, start: int, end: int) -> tuple[str, int]:
    """Budget period from words right after (or, failing that, right before) the amount; "total" when
    none is said.

    Returns the period and the end of the text it used (so "一个月" there is not a timeline)."""
    period, used_end = period_said(s, start, end)
    return period or "total", used_end


# One unit of time that, set apart by a space after an amount and ending its item, is a list's timeline
# ("预算10万块 一个月", "预算 5 万 一周，LoRA 7B"); glued to it ("10万块一个月", "5万/月") it is the
# budget's period.
_SPACED_TIMELINES = ("一个月", "一周", "一星期", "一天")


def _whole_item(s: str, end: int) -> bool:
    """The text after `end` starts a new item: nothing, a separator or a space and more (not "的预算")."""
    rest = s[end:]
    if rest.lstrip(" 的").startswith(("预算", "budget", "费用", "成本")):
        return False
    return not rest or rest[0] in " ,;，；。、!?！？\n" or rest.startswith(("内", "之内", "以内"))


def _finished_in(s: str, end: int) -> bool:
    """A finishing verb right after the unit of time ("一天能跑完吗", "一个月搞定", "一周训得完"): the unit
    is how long the run may take."""
    rest = s[end:].lstrip(" ")
    for lead in lexicon.FINISH_LEADS:
        if rest.startswith(lead):
            rest = rest[len(lead) :].lstrip(" ")
            break
    return rest.startswith(lexicon.FINISH_VERBS)


def period_said(s: str, start: int, end: int) -> tuple[str | None, int]:
    """The budget period the words around the amount say, or None when they say none (period_near)."""
    j = _skip_space(s, end)
    probe, shift = s, 0
    if s.startswith("/ ", j):  # "2.5 万美刀 / 月", "$5k / month": the slash spaced out
        k = _skip_space(s, j + 1)
        probe, shift = s[: j + 1] + s[k:], k - j - 1
    for phrase, period in lexicon.PERIOD_AFTER:
        if lexicon.match_at(probe, j, phrase):
            if j > end and phrase in _SPACED_TIMELINES and _whole_item(probe, j + len(phrase)):
                break  # "预算10万块 一个月 继续预训练": two items of a list, the budget and the timeline
            if phrase in _SPACED_TIMELINES and _finished_in(probe, j + len(phrase)):
                break  # "预算5万 一天能跑完吗", "5万一个月搞得定吗": the time to finish in, not a period
            return period, j + len(phrase) + shift
    # The clause before the amount, across earlier numbers: "一周预算七千", "monthly budget of $8k".
    before = window_before(s, start, 0)[-PERIOD_LOOKBACK:]
    for phrase, period in lexicon.PERIOD_BEFORE:
        i = lexicon.find_phrase(before, phrase)
        if i != -1:
            if phrase.startswith("月") and _MONTHS_COUNTED.search(before, 0, i):
                return "total", end  # "三个月预算 90 万": the budget of all three months
            return period, end
    # The period said with the budget word, farther back: "per quarter budget of 50k".
    said = _budget_word_period(s, start)
    if said is not None:
        return said, end
    # A single unit of time right before, maybe with a copula: "一小时是 2 美元", "一个月 $2000".
    head = before.rstrip(" $¥￥").removesuffix("us").rstrip()
    for copula in COPULAS:
        head = head.removesuffix(copula).rstrip()
    for phrase, period in _UNIT_PERIODS:
        if head.endswith(phrase):
            return period, end
    if head.endswith(("预算月", "预算：月", "预算:月", "budget: 月")):
        return "month", end  # "预算：月 5 万以内": a month's
    return None, end


def _budget_word_period(s: str, start: int) -> str | None:
    """The period right before the budget word of this clause ("per quarter budget", "monthly budget"),
    when the amount comes too far after it for the lookback."""
    clause = _clause_before(s, start)
    cue = max((clause.rfind(w) for w in lexicon.BUDGET_WORDS), default=-1)
    if cue <= 0:
        return None
    head = clause[:cue].rstrip()[-PERIOD_LOOKBACK:]
    # One word may name what the budget is for: "quarterly compute budget", "monthly cloud budget".
    heads = (head, head.rsplit(" ", 1)[0]) if " " in head else (head,)
    return next((p for phrase, p in lexicon.PERIOD_BEFORE for h in heads if h.endswith(phrase)), None)


def _clause_before(s: str, start: int) -> str:
    """This clause's text before `start`, however long."""
    chunk = s[:start]
    for i in range(len(chunk) - 1, -1, -1):
        if chunk[i] in BOUNDARIES or (chunk[i] == "." and i + 1 < len(chunk) and chunk[i + 1] == " "):
            return chunk[i + 1 :]
    return chunk


COPULAS = ("是", "约", "大概", "大约", "才", "只要", "就要", "收", "要", "=", ":", "：")
# A budget has no yearly period (lexicon.PERIOD_AFTER lists the ones it has).
_UNIT_PERIODS = tuple((phrase, period) for phrase, period in lexicon.ONE_UNIT_PERIODS if period != "year")


def cents_after(s: str, end: int) -> tuple[float, int]:
    """ "$20 and 43c", "20 dollars 43 cents" (Duckling AmountOfMoney/EN corpus): the cents."""
    j = end + 5 if s.startswith(" and ", end) else end + 1 if s.startswith(" ", end) else end
    k = j
    while k < len(s) and "0" <= s[k] <= "9" and k - j < 2:
        k += 1
    if k == j:
        return 0.0, end
    unit_end = _skip_space(s, k)
    for phrase in ("cents", "cent", "c", "¢"):
        if lexicon.match_at(s, unit_end, phrase):
            return int(s[j:k]) / 100, unit_end + len(phrase)
    return 0.0, end


def jiao(s: str, end: int) -> tuple[float, int]:
    """一块二 = 1.2, 三块零四 = 3.04 (Duckling AmountOfMoney/ZH corpus), 七块半 = 7.5: what follows 块/元."""
    digits = {
        "零": 0,
        "一": 1,
        "二": 2,
        "两": 2,
        "三": 3,
        "四": 4,
        "五": 5,
        "六": 6,
        "七": 7,
        "八": 8,
        "九": 9,
    }
    digits.update({str(d): d for d in range(10)})
    if end < len(s) and s[end] == "半":
        return 0.5, end + 1  # 七块半 = 7.5
    if end < len(s) and s[end] == "零" and end + 1 < len(s) and s[end + 1] in digits:
        return digits[s[end + 1]] / 100, end + 2
    if end + 1 < len(s) and s[end] in digits and s[end + 1] in "毛角":
        tenths, k = digits[s[end]] / 10, end + 2  # 五块七毛八 = 5.78
        if k < len(s) and s[k] in digits and s[k] != "零":
            return tenths + digits[s[k]] / 100, k + (2 if s.startswith("分", k + 1) else 1)
        return tenths, k
    if end < len(s) and s[end] in digits and s[end] != "零":
        after = s[end + 1] if end + 1 < len(s) else " "
        if after not in digits and after not in "十百千万亿个张块卡台天周月年小":
            return digits[s[end]] / 10, end + 1
    return 0.0, end
