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


# Relative deadlines. Weeks run Monday-Sunday (ISO 8601): 下周五 is the Friday of next week,
# "by Friday" / 周五前 the coming Friday, "end of next week" the Sunday that ends next week.
_WEEKDAYS_EN = {
    "monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5, "sunday": 6,
    "mon": 0, "tue": 1, "tues": 1, "wed": 2, "thu": 3, "thur": 3, "thurs": 3, "fri": 4, "sat": 5, "sun": 6,
}  # fmt: skip
_WEEKDAYS_ZH = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6, "末": 6}
_WEEKDAY_EN = r"(?P<wd>" + "|".join(sorted(_WEEKDAYS_EN, key=len, reverse=True)) + r")\b"
_REL_EN = re.compile(r"\b" + _CUE_EN + r" (?:(?P<which>this|next|the coming) )?" + _WEEKDAY_EN)
_TOMORROW_EN = re.compile(r"\b" + _CUE_EN + r" (?:the day after (?P<after>tomorrow)|tomorrow)\b")
_END_OF_WEEK_EN = re.compile(r"\b(?:end of (?P<which>this|next|the) week|(?P<nxt>next) week'?s end)\b")
_REL_ZH = re.compile(
    r"(?P<which>下下|下|这|本)?(?:个)?(?:周|星期|礼拜)(?P<wd>[一二三四五六日天末])(?P<cue>之前|以前|前|截止|要|交|上线|完成|训完|跑完|为止)?"
)
_DAY_ZH = re.compile(
    r"(?P<cue0>截止|最晚|deadline ?)?(?P<day>明天|后天|大后天)"
    r"(?P<cue>之前|以前|前|要|交|上线|完成|训完|跑完|出|就要|为止)?"
)
_DAY_OFFSETS = {"明天": 1, "后天": 2, "大后天": 3}


def _weekday_days(today: dt.date, weekday: int, weeks_ahead: int | None) -> float:
    """Days to `weekday`: the coming one (None), or the one in this (0) / next (1, 2) week."""
    if weeks_ahead is None:
        return float((weekday - today.weekday() - 1) % 7 + 1)
    monday = today - dt.timedelta(days=today.weekday()) + dt.timedelta(weeks=weeks_ahead)
    delta = (monday + dt.timedelta(days=weekday) - today).days
    return float(delta) if delta > 0 else float((weekday - today.weekday() - 1) % 7 + 1)


def relative_deadline_days(s: str, today: dt.date) -> float | None:
    """ "明天要", "下周五前", "by Friday", "end of next week": days from `today`, or None."""
    m = _TOMORROW_EN.search(s)
    if m:
        return 2.0 if m.group("after") else 1.0
    m = _REL_EN.search(s)
    if m:
        which = m.group("which")
        return _weekday_days(today, _WEEKDAYS_EN[m.group("wd")], 1 if which == "next" else None)
    m = _END_OF_WEEK_EN.search(s)
    if m:
        return _weekday_days(today, 6, 1 if (m.group("which") == "next" or m.group("nxt")) else 0)
    for m in _REL_ZH.finditer(s):
        which = m.group("which")
        if m.group("cue") or which:
            ahead = {"下下": 2, "下": 1, "这": 0, "本": 0}.get(which or "")
            return _weekday_days(today, _WEEKDAYS_ZH[m.group("wd")], ahead)
    for m in _DAY_ZH.finditer(s):
        if m.group("cue") or m.group("cue0"):
            return float(_DAY_OFFSETS[m.group("day")])
    return None


def deadline_days(s: str, today: dt.date) -> float | None:
    """Days from `today` to the first deadline in `s` (simplified, lower-cased), or None."""
    got = _absolute_days(s, today)
    return got if got is not None else relative_deadline_days(s, today)


def _absolute_days(s: str, today: dt.date) -> float | None:
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
