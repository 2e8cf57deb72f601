"""Strict parsers for `gpu-advisor size` flag values: 7e9, 7B, 70亿, 1.5T; 2TB, 800GB; $5000, 5万元."""

from __future__ import annotations

import argparse
import re

from sizing.types import Budget, Currency, Period

_SCALE = {
    "": 1.0,
    "k": 1e3,
    "m": 1e6,
    "b": 1e9,
    "g": 1e9,
    "t": 1e12,
    "千": 1e3,
    "万": 1e4,
    "亿": 1e8,
    "萬": 1e4,
    "億": 1e8,
    "百万": 1e6,
    "千万": 1e7,
    "百亿": 1e10,
    "千亿": 1e11,
    "万亿": 1e12,
}
_NUMBER = re.compile(
    r"^\s*([0-9]+(?:\.[0-9]+)?(?:e[+-]?[0-9]+)?)\s*(万亿|千亿|百亿|千万|百万|[kmbgt千万亿萬億]?)\s*$",
    re.IGNORECASE,
)
_BYTES = {
    "": 1.0,
    "b": 1.0,
    "kb": 1e3,
    "mb": 1e6,
    "gb": 1e9,
    "tb": 1e12,
    "pb": 1e15,
    "kib": 2.0**10,
    "mib": 2.0**20,
    "gib": 2.0**30,
    "tib": 2.0**40,
    "pib": 2.0**50,
}
_SIZE = re.compile(r"^\s*([0-9]+(?:\.[0-9]+)?(?:e[+-]?[0-9]+)?)\s*([kmgtp]i?b|b)?\s*$", re.IGNORECASE)
_PERIODS: dict[str, Period] = {
    "month": "month",
    "mo": "month",
    "月": "month",
    "每月": "month",
    "hour": "hour",
    "h": "hour",
    "hr": "hour",
    "小时": "hour",
    "total": "total",
}


def count(text: str) -> float:
    m = _NUMBER.match(text.replace(",", ""))
    if not m:
        raise argparse.ArgumentTypeError(f"not a number: {text!r} (try 7e9, 7B, 70亿, 1.5T)")
    return float(m.group(1)) * _SCALE[m.group(2).lower()]


def data_size(text: str) -> float:
    m = _SIZE.match(text.replace(",", ""))
    if not m:
        raise argparse.ArgumentTypeError(f"not a data size: {text!r} (try 2TB, 800GB, 2e12)")
    return float(m.group(1)) * _BYTES[(m.group(2) or "").lower()]


def budget(text: str) -> Budget:
    s = text.strip().lower().replace(",", "")
    period: Period = "total"
    for sep in ("/", "per ", "每"):
        if sep in s:
            head, _, tail = s.partition(sep)
            key = tail.strip()
            if key not in _PERIODS:
                raise argparse.ArgumentTypeError(f"unknown budget period {tail!r} (month, hour)")
            period, s = _PERIODS[key], head.strip()
            break
    currency: Currency = "USD"
    for token, cur in (
        ("usd", "USD"),
        ("$", "USD"),
        ("美元", "USD"),
        ("cny", "CNY"),
        ("rmb", "CNY"),
        ("¥", "CNY"),
        ("￥", "CNY"),
        ("元", "CNY"),
        ("块", "CNY"),
    ):
        if token in s:
            currency = "CNY" if cur == "CNY" else "USD"
            s = s.replace(token, " ")
    amount = count(s)
    if amount <= 0:
        raise argparse.ArgumentTypeError("budget must be positive")
    return Budget(amount=amount, currency=currency, period=period)
