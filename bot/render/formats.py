"""Numbers, sizes, money and durations as people read them, in English and Chinese (the jinja2
filters of bot/render/text.py; also used by the CLI's plain-text output)."""

from __future__ import annotations

import math
import re

# What a figure may be (bool is an int): a tuple, which isinstance reads as it is; a union (int or float
# joined with |) is a new object built on every call.
NUMBER = (int, float)


def fmt_count(value: object, lang: str = "en") -> str:
    """7e9 -> "7B" / "70亿"; 3e8 -> "300M" / "3亿"."""
    if not isinstance(value, NUMBER) or not math.isfinite(value):
        return "?"
    v = float(value)
    units = (
        ((1e12, "万亿"), (1e8, "亿"), (1e4, "万"))
        if lang.startswith("zh")
        else ((1e12, "T"), (1e9, "B"), (1e6, "M"), (1e3, "K"))
    )
    for scale, suffix in units:
        if abs(v) >= scale:
            shown = _short(v / scale)
            # Chinese writes 6000亿, not 6,000亿 (digits before a 万/亿 unit are not grouped)
            return f"{shown.replace(',', '') if suffix in ('万亿', '亿', '万') else shown}{suffix}"
    return _short(v)


def fmt_count_spaced(value: object, lang: str = "en") -> str:
    """fmt_count with a space before a Chinese unit, as a sentence quotes it: "70 万亿", "700 亿"."""
    text = fmt_count(value, lang)
    return re.sub(r"^([\d.]+)([万亿])", r"\1 \2", text) if lang.startswith("zh") else text


def fmt_gpus(value: object) -> str:
    """A GPU count in English with its noun: "1 GPU", "8 GPUs"."""
    return f"{value} GPU" if value == 1 else f"{value} GPUs"


def fmt_bytes(value: object) -> str:
    if not isinstance(value, NUMBER) or not math.isfinite(value):
        return "?"
    for scale, unit in ((1e15, "PB"), (1e12, "TB"), (1e9, "GB"), (1e6, "MB")):
        if value >= scale:
            return f"{_short(value / scale)} {unit}"
    return f"{_short(float(value) / 1e3)} KB"


# The symbol of each currency an amount is written in; US dollars otherwise. TWD and HKD: prices converted at
# the dated rate on file (knowledge/currencies.py) for a question asked in them ("一小時多少台幣").
SYMBOLS = {"CNY": "¥", "TWD": "NT$", "HKD": "HK$"}


def fmt_money(amount: object, currency: object = "USD", whole: bool = False) -> str:
    """`whole`: in whole units however small, as for the difference of two sums shown in whole units
    ("$448" against "$440": "$8", not "$8.00")."""
    if not isinstance(amount, NUMBER) or not math.isfinite(amount):
        return "?"
    symbol = SYMBOLS.get(str(currency), "$")
    return f"{symbol}{amount:,.0f}" if amount >= 100 or whole else f"{symbol}{amount:,.2f}"


def fmt_money_zh(amount: object, currency: object = "CNY") -> str:
    """Large sums as Chinese readers say them: 6,940,000 -> "¥694 万", 1.2e8 -> "¥1.2 亿"."""
    if not isinstance(amount, NUMBER) or not math.isfinite(amount) or abs(amount) < 1e5:
        return fmt_money(amount, currency)
    symbol = SYMBOLS.get(str(currency), "$")
    scale, unit = (1e8, "亿") if abs(amount) >= 1e8 else (1e4, "万")
    return f"{symbol}{_short(amount / scale).replace(',', '')} {unit}"


def fmt_ratio(value: object) -> str:
    """How many times over: 34.1 -> "34", 2.46 -> "2.5" (a tenth matters only for small ratios)."""
    if not isinstance(value, NUMBER) or not math.isfinite(value):
        return "?"
    return f"{value:,.0f}" if value >= 10 else f"{value:.1f}".removesuffix(".0")


def fmt_num(value: object, digits: int = 3) -> str:
    if not isinstance(value, NUMBER) or not math.isfinite(value):
        return "?"
    return _short(float(value), digits)


def fmt_figure(value: object) -> str:
    """A datasheet figure as the catalogue states it, with thousands separators: 112.5 -> "112.5" (not
    "112"), 1670.5 -> "1,670.5", 1979 -> "1,979". For confirming a figure the user quoted."""
    if not isinstance(value, NUMBER) or not math.isfinite(value):
        return "?"
    return f"{round(float(value), 3):,}".removesuffix(".0")


def fmt_bandwidth(tbs: object) -> str:
    """Memory bandwidth as datasheets write it: 3.35 -> "3.35 TB/s", 0.864 -> "864 GB/s"."""
    if not isinstance(tbs, NUMBER) or not math.isfinite(tbs):
        return "?"
    return f"{fmt_num(tbs)} TB/s" if tbs >= 1 else f"{fmt_num(tbs * 1000)} GB/s"


def fmt_duration(days: object, lang: str = "en") -> str:
    """Wall-clock time as people say it: 0.669 days -> "16 hours" / "16 小时"; 16.9 -> "17 days"."""
    if not isinstance(days, NUMBER) or not math.isfinite(days) or days < 0:
        return "?"
    zh = lang.startswith("zh")
    hours = float(days) * 24
    if hours < 1:
        minutes = max(1, round(hours * 60))
        return f"{minutes} 分钟" if zh else f"{minutes} minute{'s' if minutes != 1 else ''}"
    if hours < 36:
        shown = f"{hours:.1f}".removesuffix(".0") if hours < 10 else f"{hours:.0f}"
        return f"{shown} 小时" if zh else f"{shown} hour{'s' if shown != '1' else ''}"
    shown = f"{days:.1f}".removesuffix(".0") if days < 10 else f"{days:,.0f}"
    return f"{shown} 天" if zh else f"{shown} days"


def fmt_pct(fraction: object) -> str:
    if not isinstance(fraction, NUMBER) or not math.isfinite(fraction):
        return "?"
    if round(fraction * 100) == 0:
        return "±0%"  # a change that rounds away is neither a rise nor a fall ("-0%")
    return f"{fraction * 100:+.0f}%"


def _short(v: float, digits: int = 3) -> str:
    text = f"{v:.{digits}g}"
    if "e" in text:
        text = f"{v:,.0f}"
    return text


def fmt_article(text: object) -> str:
    """ "a" or "an" before a number as English reads it: an 8B model, an 11B model, a 13B model."""
    head = str(text).lstrip("~$")
    whole = re.split(r"[^\d]", head, maxsplit=1)[0]
    return "an" if head.startswith("8") or whole in ("11", "18") else "a"
