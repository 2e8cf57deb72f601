"""Deadlines as a timeline: "by March 15", "before Dec 31, 2026", "deadline 2027-01-10",
"3月15日前", "2027年1月10号之前", "12月底前". Only with the caller's `today` (the bot's clock):
the number of days from today to the deadline. A date with no year is the next one after today.

Patterns are bounded (no nested repetition) and the text is at most text.MAX_CHARS long.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from collections.abc import Iterator

from bot.nlu import lexicon
from bot.nlu.numerals_zh import zh_integer
from bot.nlu.question_cues import BEFORE_THEN
from bot.nlu.text import compact

_MONTHS = {
    "january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7,
    "august": 8, "september": 9, "october": 10, "november": 11, "december": 12, "jan": 1, "feb": 2,
    "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9, "oct": 10, "nov": 11,
    "dec": 12,
}  # fmt: skip
_MONTH = r"(?P<mon>" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_DAY = r"(?P<day>\d{1,2})(?:st|nd|rd|th)?"
_YEAR = r"(?:,? (?P<year>20\d\d))?"
_CUE_EN = r"(?:by|before|until|till|due|deadline(?: is| ?是| ?为)?:?|no later than|latest)"
_CUE_AFTER_EN = r" (?:is )?(?:the |our |a )?(?:hard |firm )?(?:deadline|due date|ddl|cutoff)\b"
_EN = (
    re.compile(r"\b" + _CUE_EN + r" (?:the )?" + _MONTH + r" " + _DAY + r"\b" + _YEAR),
    re.compile(r"\b" + _CUE_EN + r" (?:the )?" + _DAY + r" (?:of )?" + _MONTH + r"\b" + _YEAR),
    re.compile(r"\b" + _CUE_EN + r" (?P<year>20\d\d)-(?P<month>\d{1,2})-(?P<day>\d{1,2})\b"),
    # The deadline word after the date: "Jan 15th deadline", "15 March is our deadline".
    re.compile(r"\b" + _MONTH + r" " + _DAY + r"\b" + _YEAR + _CUE_AFTER_EN),
    re.compile(r"\b" + _DAY + r" (?:of )?" + _MONTH + r"\b" + _YEAR + _CUE_AFTER_EN),
)
# A part of a named month: "by mid-January", "before early March", "by late Feb" (the day MONTH_PARTS gives).
_MONTH_PART_NAMED_EN = re.compile(
    r"\b(?:by|before|until|till|no later than|due|deadline(?: is)?:?) (?P<part>early|mid|mid-|late) ?"
    + _MONTH
    + r"\b"
    + _YEAR
)
# A month named as the time, alone or with "sometime in" / "during" ("sometime in January", "January." as the
# answer to the timeline question): by its last day.
_IN_MONTH_EN = re.compile(
    r"(?:^|[,;] ?|\b(?:sometime|some time) )(?:in |during )?"
    + _MONTH
    + r"(?: (?P<year>20\d\d))?(?=\s*(?:[,;.!?]|$))"
)
_END_OF_MONTH_EN = re.compile(r"\b(?:" + _CUE_EN + r" )?(?:the )?end of " + _MONTH + r"\b" + _YEAR)
# A numeric month/day after a deadline word: "ddl：1/31", "due 12/20", "by 1/15/2027". Month first, as in
# Chinese and US writing; a first number over 12 can only be a day ("by 31/1").
# The deadline word may label the date in a spec list or a table: "deadline=2026-12-20", "| 截止 | 12/18 |".
_DATE_LABEL = (
    r"(?:\b(?:by|before|until|till|due|deadline(?: is)?|ddl)|截止|最晚|截至|期限)(?:日期|时间)?"
    r"(?: ?(?:是|为|:|：|=|\||on))? ?"
)
_SLASH_DATE = re.compile(_DATE_LABEL + r"(?P<a>\d{1,2})/(?P<b>\d{1,2})(?:/(?P<year>20\d\d))?(?![\d/])")
# The same with the year first ("截止 2027/1/15", "deadline 2027/01/15"), and a month/day before 前
# ("12/25 前").
_YMD_SLASH = re.compile(_DATE_LABEL + r"(?P<year>20\d\d)[/.-](?P<a>\d{1,2})[/.-](?P<b>\d{1,2})(?![\d/])")
_SLASH_BEFORE = re.compile(
    r"(?<![\d/])(?P<a>\d{1,2})/(?P<b>\d{1,2})(?P<year>)(?![\d/]) ?"
    r"(?:之前|以前|前(?![面后者期端台])|为止|截止)"
)
_ZH_NUM = r"[0-9一二三四五六七八九十两〇零]{1,3}"
# A deadline word as the label of a date: "截止：12月18日", "| 截止 | 12月18日 |" (a table row), "ddl=周日".
_ZH_LABEL = r"(?P<cue0>截止|截至|最晚|期限|deadline|ddl)(?:日期|时间)?(?:是|为|定在|:|=|\|)? ?"
_ZH_CUE_BEFORE = r"(?:" + _ZH_LABEL + r")?"
_ZH = re.compile(
    _ZH_CUE_BEFORE + r"(?:(?P<year>20\d\d)年)?(?P<month>" + _ZH_NUM + r")月(?P<day>" + _ZH_NUM
    + r")(?:日|号)? ?(?P<cue>之前|以前|前|为止|截止|到期)?"
)  # fmt: skip
_ZH_PART = re.compile(
    r"(?:(?P<year>20\d\d)年)?(?P<month>"
    + _ZH_NUM
    + r")月(?:的)?(?P<part>初|上旬|中旬|中|下旬)(?:之前|以前|前|为止)?"
)
# A month alone before 前: "3 月前上线" is before March (the last day of February), not "3 months".
_ZH_MONTH_BEFORE = re.compile(
    r"(?<![0-9一二三四五六七八九十两〇零年/])(?:(?P<year>20\d\d)年)?(?P<month>"
    + _ZH_NUM
    + r")月(?:之前|以前|前)"
)
_ZH_END = re.compile(r"(?:(?P<year>20\d\d)年)?(?P<month>" + _ZH_NUM + r")月(?:底|末)(?:之前|以前|前)?")
# A month alone as a whole item ("2月底", "明年3月", "3月份"), or labelled by a deadline word
# ("deadline 是明年3月底", "截止时间：3月底", "最晚明年3月"): the answer to the timeline question, by its end.
_ZH_MONTH_ITEM = re.compile(
    r"(?:^|[,;，；、] ?)(?:(?:截止|截至|最晚|期限|deadline|ddl)(?:日期|时间)?(?:是|为|定在|:|：|=)? ?)?"
    r"(?:(?P<year>20\d\d)年|(?P<next>明年))?(?P<month>"
    + _ZH_NUM
    + r")月(?:份)?(?:底|末)?(?:吧|左右)?(?=\s*(?:[,;.!?，。；！？、]|$))"
)
MAX_DAYS = 3650

# A month named after a deadline word with no day ("by January", "before March 2027", "until Feb"): by its
# first day; "before" it, the day before (as 3月前). "may" is left out: "done by may be" is a verb.
_BY_MONTH_EN = re.compile(
    r"\b(?P<cue>by|before|until|till|no later than|ahead of|prior to) (?:the (?:start|beginning) of )?"
    + _MONTH
    + r"(?![a-z])(?: (?P<year>20\d\d))?(?![\w ]?\d)(?!-)(?!,? (?:last|this past) year)"
)
# A part of this or next year: "early next year", "by mid next year", "the start of next year", "明年初",
# "明年年中": the day the part starts (YEAR_PARTS), as a part of a month is read (MONTH_PARTS).
_YEAR_PART_EN = re.compile(
    r"\b(?:(?P<part>early|mid|mid-|late) ?(?P<which>this|next) year"
    r"|(?:the )?(?P<start>start|beginning) of (?P<which2>next) year)\b"
)
_YEAR_PART_ZH = re.compile(r"(?P<which>明|今)年(?:的)?(?P<part>年初|初|年中)")
YEAR_PARTS = {
    "early": 1, "start": 1, "beginning": 1, "初": 1, "年初": 1, "mid": 7, "mid-": 7, "年中": 7, "late": 10,
}  # fmt: skip
# The year-end holidays ("over the holidays", "during the Christmas break", "by the holidays"): in the US and
# Europe they run from Christmas Eve to New Year's Day, so done "over" them is by New Year's Day and done "by"
# them is by Christmas Eve ("before", the day before).
_HOLIDAY_SEASON_EN = re.compile(
    r"\b(?P<cue>over|during|through|by|before|until|till) (?:the )?"
    r"(?:(?:christmas|xmas|holiday|winter|year-end|end-of-year|new year) (?:holidays|break|vacation|season)"
    r"|holidays|holiday season|hols)\b"
)
# A rolling span from today: "in the next month", "within the coming week", "over the next fortnight".
_NEXT_SPAN_EN = re.compile(
    r"\b(?:in|within|over|during|sometime in) the (?:next|coming|following) (?P<unit>week|fortnight|month)\b"
)
_SPAN_DAYS = {"week": 7, "fortnight": 14, "month": 30}  # a month is 30 days (lexicon.UNITS)
# A month by its number before 内 ("1月内", "12 月之内"): that calendar month when it is this month or the
# next one (said on December 3, "1月内" is within January, by January 31), else a count of months (a
# "3月内" in December is three months). Months are counted with 个 ("1个月内"): then always a count.
_CALENDAR_MONTH_WITHIN_ZH = re.compile(
    r"(?<![0-9个一二三四五六七八九十两几多每.])(?P<month>1[0-2]|[1-9]) ?月(?:份)?(?:之内|以内|内)"
)


def _months_within(s: str) -> Iterator[re.Match[str]]:
    """_CALENDAR_MONTH_WITHIN_ZH's matches; none without a 内 (most messages), which every match ends in: the
    pattern, opening with a look-behind, would be tried at every character."""
    return _CALENDAR_MONTH_WITHIN_ZH.finditer(s) if "内" in s else iter(())


# A deadline in sprints with no count: "this sprint" is one sprint, "next sprint" the end of the one after it,
# two sprints from now (lexicon.SPRINT_DAYS each; the reply states the length taken).
_SPRINT_EN = re.compile(r"\b(?P<which>this|current|next|coming|the) sprint\b(?! (?:planning|review|goal))")
_SPRINT_ZH = re.compile(r"(?P<which>下|这|本|当前)(?:一)?(?:个)? ?sprint")
_SPRINT_COUNT = {"this": 1.0, "current": 1.0, "the": 1.0, "next": 2.0, "coming": 2.0, "下": 2.0, "这": 1.0,
                 "本": 1.0, "当前": 1.0}  # fmt: skip


def _number(text: str) -> int | None:
    if text.isdigit():
        return int(text)
    value = zh_integer(text)
    return int(value) if value is not None else None


# A date with no year that passed this long ago at most is that past date ("本来计划 11月20日前训完，已经过了"
# on December 2), not next year's: a deadline most of a year away is written with its year.
RECENT_PAST_DAYS = 92


def _recently_past(today: dt.date, month: int, day: int) -> bool:
    if day > calendar.monthrange(today.year, month)[1]:
        return False
    return 0 <= (today - dt.date(today.year, month, day)).days <= RECENT_PAST_DAYS


def _date_on(today: dt.date, year: str | None, month: int | None, day: int | None) -> dt.date | None:
    """The date, in the year given or else the next one after today (none when it passed lately)."""
    if month is None or day is None or not 1 <= month <= 12:
        return None
    if not year and 1 <= day and _recently_past(today, month, day):
        return None
    candidates = [int(year)] if year else [today.year, today.year + 1]
    for y in candidates:
        if day < 1 or day > calendar.monthrange(y, month)[1]:
            return None
        date = dt.date(y, month, day)
        if _ahead(today, date):
            return date
    return None


def _last_day(today: dt.date, year: str | None, month: int | None) -> dt.date | None:
    if month is None or not 1 <= month <= 12:
        return None
    if not year and _recently_past(today, month, calendar.monthrange(today.year, month)[1]):
        return None  # "11月底前" said in December: that month's end has passed
    for y in [int(year)] if year else [today.year, today.year + 1]:
        got = _date_on(today, str(y), month, calendar.monthrange(y, month)[1])
        if got is not None:
            return got
    return None


def _ahead(today: dt.date, date: dt.date) -> bool:
    return 0 < (date - today).days <= MAX_DAYS


def _month_end(today: dt.date, months_ahead: int) -> dt.date:
    """The last day of this month (0), next month (1), ..."""
    index = today.month - 1 + months_ahead
    year, month = today.year + index // 12, index % 12 + 1
    return dt.date(year, month, calendar.monthrange(year, month)[1])


def _quarter_end(today: dt.date, quarter: int, year: str | None = None) -> dt.date | None:
    """The last day of quarter 1-4: of the year given, else this year's unless it has passed."""
    if not 1 <= quarter <= 4:
        return None
    month = quarter * 3
    years = [int(year)] if year else [today.year, today.year + 1]
    for y in years:
        date = dt.date(y, month, calendar.monthrange(y, month)[1])
        if _ahead(today, date):
            return date
    return None


# Relative deadlines. Weeks run Monday-Sunday (ISO 8601): 下周五 is the Friday of next week,
# "by Friday" / 周五前 the coming Friday, "end of next week" the Sunday that ends next week.
_WEEKDAYS_EN = {
    "monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5, "sunday": 6,
    "mon": 0, "tue": 1, "tues": 1, "wed": 2, "thu": 3, "thur": 3, "thurs": 3, "fri": 4, "sat": 5, "sun": 6,
    "weekend": 6,  # "by the weekend": its Sunday, as 周末前
}  # fmt: skip
_WEEKDAYS_ZH = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6, "末": 6}
_WEEKDAY_EN = r"(?P<wd>" + "|".join(sorted(_WEEKDAYS_EN, key=len, reverse=True)) + r")\b"
# "over the weekend" / "during the weekend" is done by its Sunday too.
_REL_EN = re.compile(
    r"\b(?:" + _CUE_EN + r"|over|during) (?:the )?(?:(?P<which>this|next|coming) )?" + _WEEKDAY_EN
)
# A weekday said as a whole item of a spec list ("7B, 20 GB, budget $5k, next Friday"): the deadline.
_REL_EN_ITEM = re.compile(r"(?:^|[,;] ?)(?P<which>this|next|coming) " + _WEEKDAY_EN + r"(?=\s*(?:[,;.!]|$))")
_TOMORROW_EN = re.compile(r"\b" + _CUE_EN + r" (?:the day after (?P<after>tomorrow)|tomorrow)\b")
# Within this or next week: "这周就要", "本周内", "下周之内" (the Sunday that ends it).
_WITHIN_WEEK_ZH = re.compile(
    r"(?P<which>下下|这|本|下)(?:个)?(?:周|星期|礼拜)"
    r"(?:之内|内|就要|要|交|上线|完成|训完|跑完|(?=\s*(?:[,;，。；！!、]|$)))"  # or a whole item: "…，下下周"
)
_END_OF_WEEK_EN = re.compile(
    r"\b(?:end of (?P<which>this|next|the) week(?:end)?|(?P<nxt>next) week'?s end"
    r"|(?:timeline|deadline|due|by|within|done|finished|finish)(?: is)?:? (?P<within>this|next) week)\b"
    r"|(?:^|[,;] ?)(?:sometime |some time )?(?P<item>this|next) week(?=\s*(?:[,;.!?]|$))"  # a whole item
)
_REL_ZH = re.compile(
    _ZH_CUE_BEFORE + r"(?P<which>下下|下|这|本)?(?:个)?(?:周|星期|礼拜)(?P<wd>[一二三四五六日天末])"
    r"(?P<cue>之前|以前|前|截止|要|交|上线|完成|训完|跑完|为止)?"
)
_DAY_ZH = re.compile(
    r"(?P<cue0>截止|最晚|deadline ?)?(?P<day>明天|后天|大后天)"
    r"(?P<cue>之前|以前|前|要|交|上线|完成|训完|跑完|出|就要|为止)?"
)
_DAY_OFFSETS = {"明天": 1, "后天": 2, "大后天": 3}
# Ends of months, quarters and years. A quarter is a calendar quarter (Q1 ends March 31).
_MONTH_END_EN = re.compile(
    r"\b(?:by |before |until |till )?(?:the )?end of (?:the |(?P<which>this|next) )?month\b"
    r"|\b(?:by|before|until|till) eom\b|\bwithin (?:this|the) month\b"
    # "sometime next month", "within next month", "next month" as a whole item: by its end
    r"|(?:\b(?:sometime|some time|within|during|in|until|till|if|about)|^|[,;]) ?(?P<item>this|next) month"
    r"(?=\s*(?:[,;.!?]|$)|\b(?: (?:is|works|would|should|at the latest|latest)\b))"
)
_MONTH_END_ZH = re.compile(
    r"(?P<which>下下|下|这|本|当)(?:个)?月(?:底|末)(?:之前|以前|前)?|(?P<within>下下|下|这|本|当)(?:个)?月(?:之内|以内|内)"
    # "下个月" as a whole item: by its end
    r"|(?:^|[,;，；、] ?)(?P<item>下下|下)(?:个)?月(?:吧|前后|左右)?(?=\s*(?:[,;.!?，。；！？、]|$))"
    r"|(?<![0-9一二三四五六七八九十每])(?<![0-9一二三四五六七八九十] )月(?:底|末)"
    r"(?:之前|以前|前|就要|要|交|上线|完成|训完|跑完|(?=\s*(?:[,;.!，。；！、]|$)))"  # or an item: "…，月底"
)
# A day of this or next month: "下个月15号前", "本月 20 日之前", "by the 15th of next month".
_MONTH_DAY_ZH = re.compile(
    r"(?P<which>下下|下|这|本)(?:个)?月 ?(?P<day>" + _ZH_NUM + r") ?(?:日|号)(?P<cue>之前|以前|前|为止|截止)"
)
# A part of this or next month: "下个月初前", "下月中旬", "本月下旬", "early next month", "by mid next month".
# The day each part starts or means (初: the 1st; 中: the 15th), so a plan is never later than asked.
_MONTH_PART_ZH = re.compile(
    r"(?P<which>下下|下|这|本)(?:个)?月(?:的)?(?P<part>初|上旬|中旬|中|下旬)(?:之前|以前|前|为止)?"
    # "月中之前", "月中旬前" with no month named: this month's part, else next month's
    r"|(?<![0-9一二三四五六七八九十两〇零个每])(?<![0-9一二三四五六七八九十两〇零] )"
    r"月(?P<part2>中旬|中|下旬)(?P<cue>之前|以前|前|为止)"
)
_MONTH_PART_EN = re.compile(r"\b(?:by |before )?(?P<part>early|mid|mid-|late) ?(?P<which>this|next) month\b")
MONTH_PARTS = {
    "初": 1, "early": 1, "上旬": 10, "中": 15, "中旬": 15, "mid": 15, "mid-": 15, "下旬": 21, "late": 21,
}  # fmt: skip
_MONTH_DAY_EN = re.compile(
    r"\b(?:by|before|until|till|no later than) the (?P<day>\d{1,2})(?:st|nd|rd|th)? "
    r"(?:of )?(?P<which>this|next) month\b"
)
# A day of the month alone: "by the 15th", "before the 20th", "15号前", "20 日之前": the next such day.
_DAY_ALONE_EN = re.compile(
    r"\b(?:by|before|until|till|due|no later than) the (?P<day>\d{1,2})(?:st|nd|rd|th)\b(?! of\b)(?! ?"
    + _MONTH
    + r")"
)
_DAY_ALONE_ZH = re.compile(
    r"(?<![月0-9一二三四五六七八九十两〇零])(?<!月 )(?P<day>"
    + _ZH_NUM
    + r") ?(?:日|号)(?P<cue>之前|以前|前|为止|截止)"
)
_QUARTER_EN = re.compile(
    r"\b(?:(?:by |before |until )?(?:the )?end of (?:the )?q(?P<q>[1-4])"
    r"|(?:by|until|due|deadline(?: is)?(?::|=)?|ddl(?::|=)?) ?q(?P<q2>[1-4])|"
    r"(?P<before>before) q(?P<q3>[1-4])|q(?P<q4>[1-4]) end)\b(?: (?P<year>20\d\d))?"
)
_QUARTER_ZH = re.compile(
    r"(?:(?P<year>20\d\d)年)?(?:第)?(?:q(?P<q>[1-4])|(?P<q2>[一二三四1-4])季度?)(?:末|底|结束)(?:之前|以前|前)?"
    r"|" + _ZH_LABEL + r"q(?P<q3>[1-4])(?![0-9])"  # "截止：Q1": the end of it
)
# A quarter said as a whole item of a spec list ("…, Q1", "，明年Q1", "2027 Q1", "Q1 内"): its end.
_QUARTER_ITEM = re.compile(
    r"(?:^|[,;，；、:：] ?)(?:(?P<year>20\d\d) ?年? ?)?(?:明年|今年)? ?q(?P<q>[1-4])(?: (?P<year2>20\d\d))?"
    r"(?:之内|以内|内)?(?=\s*(?:[,;.!?，。；！？、]|$))"
)
_QUARTER_THIS_EN = re.compile(r"\bend of (?:the |(?P<which>this|next) )quarter\b")
_QUARTER_THIS_ZH = re.compile(r"(?P<which>下个|下|这个|本)季度(?:末|底|结束)")
_YEAR_END_EN = re.compile(
    r"\b(?:by |before )?(?:the )?end of (?:the |(?P<which>this|next) )?year\b|\bby year[- ]end\b"
    r"|\b(?:by|before|until|till) eoy\b"
)
_YEAR_END_ZH = re.compile(r"(?P<which>今|明)?年?年底(?:之前|以前|前)?|(?P<within>今年|年)(?:之内|以内|内)")


def _weekday_days(today: dt.date, weekday: int, weeks_ahead: int | None) -> float:
    """Days to `weekday`: the coming one (None), or the one in this (0) / next (1, 2) week."""
    if weeks_ahead is None:
        return float((weekday - today.weekday() - 1) % 7 + 1)
    monday = today - dt.timedelta(days=today.weekday()) + dt.timedelta(weeks=weeks_ahead)
    delta = (monday + dt.timedelta(days=weekday) - today).days
    return float(delta) if delta > 0 else float((weekday - today.weekday() - 1) % 7 + 1)


def _relative(s: str, today: dt.date) -> dt.date | None:
    """ "明天要", "下周五前", "by Friday", "end of next week", "end of next month", "下个月底前",
    "end of Q1", "一季度末", "年底前": the date, or None."""
    m = _TOMORROW_EN.search(s)
    if m:
        return today + dt.timedelta(days=2 if m.group("after") else 1)
    m = _REL_EN.search(s) or _REL_EN_ITEM.search(s)
    if m:
        which = m.group("which")
        return _plus(today, _weekday_days(today, _WEEKDAYS_EN[m.group("wd")], 1 if which == "next" else None))
    m = _END_OF_WEEK_EN.search(s)
    if m:
        week = (
            1
            if (
                m.group("which") == "next" or m.group("nxt") or "next" in (m.group("within"), m.group("item"))
            )
            else 0
        )
        return _plus(today, _weekday_days(today, 6, week))
    m = _WITHIN_WEEK_ZH.search(s)
    if m:
        return _plus(today, _weekday_days(today, 6, {"下下": 2, "下": 1}.get(m.group("which"), 0)))
    for m in _REL_ZH.finditer(s):
        which = m.group("which")
        if m.group("cue") or which or m.group("cue0"):
            ahead = {"下下": 2, "下": 1, "这": 0, "本": 0}.get(which or "")
            return _plus(today, _weekday_days(today, _WEEKDAYS_ZH[m.group("wd")], ahead))
    for m in _DAY_ZH.finditer(s):
        if m.group("cue") or m.group("cue0"):
            return today + dt.timedelta(days=_DAY_OFFSETS[m.group("day")])
    return _month_day(s, today) or _month_part(s, today) or _period_end(s, today) or _day_alone(s, today)


def _plus(today: dt.date, days: float) -> dt.date:
    return today + dt.timedelta(days=int(days))


def _month_ahead(today: dt.date, which: str | None) -> tuple[int, int]:
    """(year, month) of this month, next month ("下", "next") or the one after ("下下")."""
    index = today.month - 1 + {"下下": 2, "下": 1, "next": 1}.get(which or "", 0)
    return today.year + index // 12, index % 12 + 1


def _month_day(s: str, today: dt.date) -> dt.date | None:
    """A day of this or next month: "下个月15号前", "by the 15th of next month"."""
    m = _MONTH_DAY_ZH.search(s) or _MONTH_DAY_EN.search(s)
    if m is None:
        return None
    year, month = _month_ahead(today, m.group("which"))
    day = _number(m.group("day"))
    if day is None or not 1 <= day <= calendar.monthrange(year, month)[1]:
        return None
    return dt.date(year, month, day)


def _day_alone(s: str, today: dt.date) -> dt.date | None:
    """A day of the month with no month: "by the 15th", "15号前": this month's if still ahead, else next
    month's."""
    m = _DAY_ALONE_EN.search(s) or _DAY_ALONE_ZH.search(s)
    day = _number(m.group("day")) if m else None
    if day is None:
        return None
    for which in (None, "下"):
        year, month = _month_ahead(today, which)
        if 1 <= day <= calendar.monthrange(year, month)[1] and _ahead(today, dt.date(year, month, day)):
            return dt.date(year, month, day)
    return None


def _month_part(s: str, today: dt.date) -> dt.date | None:
    """The start of a part of this or next month: "下个月初" the 1st, "下月中旬" the 15th."""
    m = _MONTH_PART_ZH.search(s) or _MONTH_PART_EN.search(s)
    if m is None:
        return None
    part = m.groupdict().get("part2")
    if part:
        for which in (None, "下"):
            year, month = _month_ahead(today, which)
            date = dt.date(year, month, MONTH_PARTS[part])
            if _ahead(today, date):
                return date
        return None
    year, month = _month_ahead(today, m.group("which"))
    date = dt.date(year, month, MONTH_PARTS[m.group("part")])
    return date if _ahead(today, date) else None


def _period_end(s: str, today: dt.date) -> dt.date | None:
    """The end of a month, quarter or year named relative to today."""
    m = _MONTH_END_EN.search(s)
    if m:
        return _month_end(today, 1 if "next" in (m.group("which"), m.group("item")) else 0)
    m = _MONTH_END_ZH.search(s)
    if m:
        which = m.group("which") or m.group("within") or m.group("item") or ""
        return _month_end(today, {"下下": 2, "下": 1}.get(which, 0))
    m = _QUARTER_EN.search(s) or _QUARTER_ZH.search(s)
    if m:
        groups = m.groupdict()
        quarter = _number(next(v for k in ("q", "q2", "q3", "q4") if (v := groups.get(k)))) or 0
        if groups.get("before"):
            quarter = quarter - 1 if quarter > 1 else 4  # "before Q2" = by the end of Q1
        return _quarter_end(today, quarter, groups.get("year"))
    m = _QUARTER_ITEM.search(s)
    if m:
        return _quarter_end(today, int(m.group("q")), m.group("year") or m.group("year2"))
    m = _QUARTER_THIS_EN.search(s) or _QUARTER_THIS_ZH.search(s)
    if m:
        this = (today.month - 1) // 3 + 1
        nxt = bool(m.group("which") in ("next", "下", "下个"))
        quarter = this % 4 + 1 if nxt else this
        year = today.year + (1 if nxt and this == 4 else 0)
        return _quarter_end(today, quarter, str(year))
    m = _YEAR_END_EN.search(s) or _YEAR_END_ZH.search(s)
    if m:
        year = today.year + (1 if m.group("which") in ("next", "明") else 0)
        date = dt.date(year, 12, 31)
        return date if _ahead(today, date) else None
    return None


# Holidays as deadlines. "before X" / X前 is the day before it, "by X" / X为止 the day itself.
# Chinese New Year (春节) follows the lunar calendar: first day of the first lunar month, from
# factmonster.com/id/A0192339 "Chinese New Year Dates" (2000-2030), read 2026-12-01. A year not in
# the table is not guessed.
LUNAR_NEW_YEAR = {
    2025: dt.date(2025, 1, 29), 2026: dt.date(2026, 2, 17), 2027: dt.date(2027, 2, 6),
    2028: dt.date(2028, 1, 26), 2029: dt.date(2029, 2, 13), 2030: dt.date(2030, 2, 3),
}  # fmt: skip
_HOLIDAYS = {
    "christmas": "christmas", "xmas": "christmas", "x-mas": "christmas", "圣诞节": "christmas",
    "圣诞": "christmas", "new year's day": "new_year", "new year's": "new_year", "new year": "new_year",
    "the new year": "new_year", "元旦": "new_year", "chinese new year": "lunar_new_year",
    "lunar new year": "lunar_new_year", "spring festival": "lunar_new_year", "cny": "lunar_new_year",
    "春节": "lunar_new_year", "农历新年": "lunar_new_year", "农历年": "lunar_new_year",
    "旧历年": "lunar_new_year", "过年": "lunar_new_year",
    "新春": "lunar_new_year", "thanksgiving": "thanksgiving", "国庆节": "national_day",
    "国庆": "national_day", "national day": "national_day", "五一": "labour_day", "劳动节": "labour_day",
}  # fmt: skip
_HOLIDAY_NAMES = "|".join(re.escape(h) for h in sorted(_HOLIDAYS, key=len, reverse=True))
_HOLIDAY_EN = re.compile(
    r"\b(?P<cue>by|before|until|till|ahead of|prior to|no later than) (?:the )?(?P<h>"
    + _HOLIDAY_NAMES
    + r")\b"
)
_HOLIDAY_ZH = re.compile(
    r"(?P<h>" + _HOLIDAY_NAMES + r")(?:假期|节|放假|假)?(?P<cue>之前|以前|前|为止)"
    # 年前 alone (not 两年前, "two years ago"): before the Spring Festival, as Chinese work speech means it.
    r"|(?<![0-9一二三四五六七八九十两几多今明去前后新过])(?P<nian>年)前"
)
_DAY_BEFORE_CUES = ("before", "ahead of", "prior to", "之前", "以前", "前")
# An event on a date the model must be ready for ("we have a demo on Dec 18", "12 月 15 号要给客户演示"): the
# training finishes the day before it, as "before Christmas" does.
_EVENT_EN = re.compile(
    r"\b(?:demo|launch|release|presentation|conference|review|go-live|go live|delivery|handoff|showcase"
    r"|meeting|event|ship date)\b[^.;!?]{0,24}?\b(?:on|is) (?:the )?(?:"
    + _MONTH.replace("?P<mon>", "?P<mon1>")
    + r" (?P<day1>\d{1,2})(?:st|nd|rd|th)?\b"
    r"|(?P<day2>\d{1,2})(?:st|nd|rd|th)? (?:of )?" + _MONTH.replace("?P<mon>", "?P<mon2>") + r"\b)"
)
_EVENT_ZH = (
    "演示",
    "展示",
    "发布",
    "上线",
    "交付",
    "汇报",
    "评审",
    "验收",
    "答辩",
    "路演",
    "发版",
    "demo",
    "开会",
)


def _day_before(date: dt.date | None) -> dt.date | None:
    return date - dt.timedelta(days=1) if date is not None else None


def _holiday_on(name: str, year: int) -> dt.date | None:
    if name == "christmas":
        return dt.date(year, 12, 25)
    if name == "new_year":
        return dt.date(year, 1, 1)
    if name == "national_day":
        return dt.date(year, 10, 1)  # 中华人民共和国国庆节
    if name == "labour_day":
        return dt.date(year, 5, 1)  # 劳动节 (五一)
    if name == "thanksgiving":  # the fourth Thursday of November (US)
        first = dt.date(year, 11, 1)
        return first + dt.timedelta(days=(3 - first.weekday()) % 7 + 21)
    return LUNAR_NEW_YEAR.get(year)


def _holiday(s: str, today: dt.date) -> dt.date | None:
    """ "before Christmas", "春节前", "by Chinese New Year": the next such day after today."""
    m = _HOLIDAY_EN.search(s) or _HOLIDAY_ZH.search(s)
    if m is None:
        return None
    name = _HOLIDAYS[m.group("h")] if m.group("h") else "lunar_new_year"
    before = m.group("cue") in _DAY_BEFORE_CUES or bool(m.groupdict().get("nian"))
    for year in (today.year, today.year + 1):
        day = _holiday_on(name, year)
        if day is not None and before:
            day -= dt.timedelta(days=1)
        if day is not None and _ahead(today, day):
            return day
    return None


def calendar_month_spans(s: str, today: dt.date) -> list[tuple[int, int]]:
    """Spans of "1月内" that name this or next calendar month (no count of months: slots leave them out)."""
    return [(m.start(), m.end()) for m in _months_within(s) if _calendar_month(m, today)]


def _calendar_month(m: re.Match[str], today: dt.date) -> dt.date | None:
    month = int(m.group("month"))
    if month == today.month:
        return _month_end(today, 0)
    if month == _month_ahead(today, "下")[1]:
        return _month_end(today, 1)
    return None


def sprints_said(s: str) -> float | None:
    """The sprints a deadline is said in with no count ("next sprint" 2, "this sprint" 1), or None."""
    m = _SPRINT_EN.search(s) or _SPRINT_ZH.search(s)
    if m is None:
        return None
    if m.group("which") == "the" and not re.search(r"\b(?:by|before|within|in|end of) the sprint\b", s):
        return None  # "the sprint review", "the sprint goal"
    return _SPRINT_COUNT[m.group("which")]


def _seasons(s: str, today: dt.date) -> dt.date | None:
    """A month or a part of a year without a day, the year-end holidays, a rolling span."""
    m = _NEXT_SPAN_EN.search(s)
    if m:
        return today + dt.timedelta(days=_SPAN_DAYS[m.group("unit")])
    m = _BY_MONTH_EN.search(s)
    if m and not (m.group("mon") == "may" and not m.group("year")):
        first = _date_on(today, m.group("year"), _MONTHS[m.group("mon")], 1)
        if first is not None:
            return first - dt.timedelta(days=1) if m.group("cue") in _DAY_BEFORE_CUES else first
    m = _YEAR_PART_EN.search(s) or _YEAR_PART_ZH.search(s)
    if m:
        groups = m.groupdict()
        which = groups.get("which") or groups.get("which2")
        year = today.year + (1 if which in ("next", "明") else 0)
        date = dt.date(year, YEAR_PARTS[groups.get("part") or groups.get("start") or ""], 1)
        return date if _ahead(today, date) else None
    m = _HOLIDAY_SEASON_EN.search(s)
    if m:
        cue = m.group("cue")
        over = cue in ("over", "during", "through", "until", "till")
        for year in (today.year, today.year + 1):
            season = dt.date(year + 1, 1, 1) if over else dt.date(year, 12, 24 if cue == "by" else 23)
            if _ahead(today, season):
                return season
    for m in _months_within(s):
        month_end = _calendar_month(m, today)
        if month_end is not None:
            return month_end
    return None


def deadline_date(s: str, today: dt.date) -> dt.date | None:
    """The first deadline in `s` (simplified, lower-cased) as a date after `today`, or None. Read as
    written, then with the spaces next to Chinese gone ("ddl 是 12 月 20 号" as 12月20号, "Q1 结束前" as
    q1结束前; English cues keep their word boundaries in the first reading)."""
    for text in dict.fromkeys((s, compact(s))):
        got = _absolute(text, today)
        got = got if got is not None else _relative(text, today)
        got = got if got is not None else _holiday(text, today)
        got = got if got is not None else _seasons(text, today)
        got = got if got is not None else _date_pointed_at(text, today)
        if got is not None and _ahead(today, got):
            return got
    return None


# A date said plainly ("our interns start on Jan 4, 2027", "1 月 4 号新人到岗") and pointed at later as the
# deadline ("the run must finish before then", "在那之前要训完"; the words of question_cues.BEFORE_THEN that
# point at a time, not "in time" or 来得及): before it is the day before, "by then" the day itself.
_POINTERS = tuple(w for w in BEFORE_THEN if any(p in w for p in ("then", "that", "那", "这")))
_PLAIN_DATE_EN = re.compile(r"\b" + _MONTH + r" " + _DAY + r"\b" + _YEAR)
_PLAIN_DATE_EN_DAY_FIRST = re.compile(r"\b" + _DAY + r" (?:of )?" + _MONTH + r"\b" + _YEAR)
_ISO_DATE = re.compile(r"(?<![\d/])(?P<year>20\d\d)-(?P<month>\d{1,2})-(?P<day>\d{1,2})(?![\d-])")
_BEFORE_WORDS = ("before", "之前", "那天前", "这之前")


def _date_pointed_at(s: str, today: dt.date) -> dt.date | None:
    if not lexicon.has_cue(s, _POINTERS):
        return None  # most messages point at no date
    date = None
    m = _PLAIN_DATE_EN.search(s) or _PLAIN_DATE_EN_DAY_FIRST.search(s)
    if m is not None:
        date = _date_on(today, m.group("year"), _MONTHS[m.group("mon")], int(m.group("day")))
    elif (iso := _ISO_DATE.search(s)) is not None:
        date = _date_on(today, iso.group("year"), int(iso.group("month")), int(iso.group("day")))
    elif (zh := _ZH.search(s)) is not None:
        date = _date_on(today, zh.group("year"), _number(zh.group("month")), _number(zh.group("day")))
    if date is None:
        return None
    pointer = next(m.group(0) for m in lexicon.phrases_in(s, _POINTERS))
    return _day_before(date) if any(w in pointer for w in _BEFORE_WORDS) else date


def deadline_days(s: str, today: dt.date) -> float | None:
    """Days from `today` to the first deadline in `s`, or None."""
    date = deadline_date(s, today)
    return float((date - today).days) if date is not None else None


def _absolute(s: str, today: dt.date) -> dt.date | None:
    for pattern in _EN:
        m = pattern.search(s)
        if m:
            groups = m.groupdict()
            month = _MONTHS.get(groups.get("mon") or "") or int(groups.get("month") or 0) or None
            return _date_on(today, groups.get("year"), month, int(groups["day"]))
    m = _END_OF_MONTH_EN.search(s) or _IN_MONTH_EN.search(s)
    if m:
        return _last_day(today, m.group("year"), _MONTHS[m.group("mon")])
    m = _SLASH_DATE.search(s) or _YMD_SLASH.search(s) or _SLASH_BEFORE.search(s)
    if m:
        a, b = int(m.group("a")), int(m.group("b"))
        month, day = (b, a) if a > 12 else (a, b)
        return _date_on(today, m.group("year") or None, month, day)
    m = _MONTH_PART_NAMED_EN.search(s)
    if m:
        return _date_on(today, m.group("year"), _MONTHS[m.group("mon")], MONTH_PARTS[m.group("part")])
    for m in _ZH.finditer(s):
        if m.group("cue0") and not m.group("cue") and s[m.end() :].lstrip().startswith("的"):
            continue  # "截止 10月1日 的数据量": the data as of that day, not a deadline
        if m.group("cue") or m.group("cue0"):
            got = _date_on(today, m.group("year"), _number(m.group("month")), _number(m.group("day")))
            if got is not None:
                return got
            continue  # a date already past ("原定 11月20日前"): a later one may be the deadline
        if any(word in s[m.end() : m.end() + 10] for word in _EVENT_ZH):
            return _day_before(
                _date_on(today, m.group("year"), _number(m.group("month")), _number(m.group("day")))
            )
    m = _EVENT_EN.search(s)
    if m:
        month = _MONTHS[m.group("mon1") or m.group("mon2")]
        return _day_before(_date_on(today, None, month, int(m.group("day1") or m.group("day2"))))
    m = _ZH_MONTH_BEFORE.search(s)
    if m:
        first = _date_on(today, m.group("year"), _number(m.group("month")), 1)
        if first is not None:
            return first - dt.timedelta(days=1)  # "before X" is the day before it, as for holidays
    m = _ZH_END.search(s)
    if m and m.group(0)[-1] in "前":
        return _last_day(today, m.group("year"), _number(m.group("month")))
    m = _ZH_MONTH_ITEM.search(s)
    if m:  # "2月底", "明年3月", "3月份" as a whole item: by the end of that month
        year = m.group("year") or (str(today.year + 1) if m.group("next") else None)
        return _last_day(today, year, _number(m.group("month")))
    m = _ZH_PART.search(s)
    if m:  # "1月中旬前": the day the part starts or means (MONTH_PARTS), as "by mid-January"
        return _date_on(today, m.group("year"), _number(m.group("month")), MONTH_PARTS[m.group("part")])
    return None
