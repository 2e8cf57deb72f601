"""The slots a message states, as a plain dict: the shape most NLU tests compare against."""

from __future__ import annotations

import datetime as dt
from typing import Any

from bot.nlu import parse


def said(text: str, today: dt.date | None = None) -> dict[str, Any]:
    """Every slot `parse` filled (None and the always-set data_language left out)."""
    got = parse(text, today=today).slots.to_json()
    return {k: v for k, v in got.items() if v is not None and k != "data_language"}
