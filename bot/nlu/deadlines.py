"""Deadlines as a timeline: "by March 15", "before Dec 31, 2026", "deadline 2027-01-10",
"3月15日前", "2027年1月10号之前", "12月底前". Only with the caller's `today` (the bot's clock):
the number of days from today to the deadline. A date with no year is the next one after today.

Patterns are bounded (no nested repetition) and the text is at most text.MAX_CHARS long.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re

from bot.nlu.numerals_zh import zh_integer

_MONTHS = {
    "january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7,
    "august": 8, "september": 9, "october": 10, "november": 11, "december": 12, "jan": 1, "feb": 2,
    "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9, "oct": 10, "nov": 11,
    "dec": 12,
}  # fmt: skip
_MONTH = r"(?P<mon>" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_DAY = r"(?P<day>\d{1,2})(?:st|nd|rd|th)?"
_YEAR = r"(?:,? (?P<year>20\d\d))?"
_CUE_EN = r"(?:by|before|until|till|due|deadline(?: is)?:?|no later than|latest)"
_EN = (
    re.compile(r"\b" + _CUE_EN + r" (?:the )?" + _MONTH + r" " + _DAY + r"\b" + _YEAR),
    re.compile(r"\b" + _CUE_EN + r" (?:the )?" + _DAY + r" (?:of )?" + _MONTH + r"\b" + _YEAR),
    re.compile(r"\b" + _CUE_EN + r" (?P<year>20\d\d)-(?P<month>\d{1,2})-(?P<day>\d{1,2})\b"),
)
_END_OF_MONTH_EN = re.compile(r"\b(?:by|before|until|till) (?:the )?end of " + _MONTH + r"\b" + _YEAR)
_ZH_NUM = r"[0-9一二三四五六七八九十两〇零]{1,3}"
_ZH_CUE_BEFORE = r"(?:截止|截至|最晚|deadline ?)?"
_ZH = re.compile(
    _ZH_CUE_BEFORE + r"(?:(?P<year>20\d\d)年)?(?P<month>" + _ZH_NUM + r")月(?P<day>" + _ZH_NUM
    + r")(?:日|号)? ?(?P<cue>之前|以前|前|为止|截止|到期)?"
)  # fmt: skip
_ZH_END = re.compile(r"(?:(?P<year>20\d\d)年)?(?P<month>" + _ZH_NUM + r")月(?:底|末)(?:之前|以前|前)?")
MAX_DAYS = 3650


def _number(text: str) -> int | None:
    if text.isdigit():
        return int(text)
    value = zh_integer(text)
    return int(value) if value is not None else None


def _days_until(today: dt.date, year: str | None, month: int | None, day: int | None) -> float | None:
    if month is None or day is None or not 1 <= month <= 12:
        return None
    candidates = [int(year)] if year else [today.year, today.year + 1]
    for y in candidates:
        if day < 1 or day > calendar.monthrange(y, month)[1]:
            return None
        delta = (dt.date(y, month, day) - today).days
        if 0 < delta <= MAX_DAYS:
            return float(delta)
    return None


def _last_day(today: dt.date, year: str | None, month: int | None) -> float | None:
    if month is None or not 1 <= month <= 12:
        return None
    for y in [int(year)] if year else [today.year, today.year + 1]:
        got = _days_until(today, str(y), month, calendar.monthrange(y, month)[1])
        if got is not None:
            return got
    return None


def deadline_days(s: str, today: dt.date) -> float | None:
    """Days from `today` to the first deadline in `s` (simplified, lower-cased), or None."""
    for pattern in _EN:
        m = pattern.search(s)
        if m:
            groups = m.groupdict()
            month = _MONTHS.get(groups.get("mon") or "") or int(groups.get("month") or 0) or None
            return _days_until(today, groups.get("year"), month, int(groups["day"]))
    m = _END_OF_MONTH_EN.search(s)
    if m:
        return _last_day(today, m.group("year"), _MONTHS[m.group("mon")])
    for m in _ZH.finditer(s):
        if m.group("cue") or m.group(0)[:2] in ("截止", "截至", "最晚") or m.group(0).startswith("deadline"):
            return _days_until(today, m.group("year"), _number(m.group("month")), _number(m.group("day")))
    m = _ZH_END.search(s)
    if m and m.group(0)[-1] in "前":
        return _last_day(today, m.group("year"), _number(m.group("month")))
    return None
