"""`gpu-advisor size` flag values, read by the same NLU rules as chat: 7e9, 7B, 70亿, 七十億, 1.5T;
2TB, 800GB, 2e12 (bytes); $5000, 5万元, "5000 USD/month"."""

from __future__ import annotations

import argparse
import math

from bot.nlu import parse_budget, parse_data_size, parse_number
from sizing.types import Budget


def count(text: str) -> float:
    value = parse_number(text)
    if value is None or not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"not a positive number: {text!r} (try 7e9, 7B, 70亿, 1.5T)")
    return value


def epochs(text: str) -> float:
    """Passes over the data: a positive number, at most 1000 (the engine's bound)."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not math.isfinite(value) or not 0 < value <= 1000:
        raise argparse.ArgumentTypeError(f"not a number of epochs: {text!r} (try 1, 3, 1.5)")
    return value


def data_size(text: str) -> float:
    value = parse_data_size(text)
    if value is None:
        bare = parse_number(text)  # a bare number is bytes: 2e12
        value = bare if bare is not None and text.strip()[-1:].isdigit() else None
    if value is None or not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"not a data size: {text!r} (try 2TB, 800GB, 2e12)")
    return value


def budget(text: str) -> Budget:
    got = parse_budget(text)
    if got is None:
        raise argparse.ArgumentTypeError(
            f"not a budget: {text!r} (try '$5000', '5万元', '5000 USD/month', '200元/小时')"
        )
    return got
