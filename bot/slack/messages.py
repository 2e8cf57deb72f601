"""The Slack layer's own short notices (errors, rate limit, store outage), in the user's language.

The consultant renders every answer from templates; these few lines (notices.json) are what the
transport says before the consultant has answered (the "working" placeholder) or when it cannot reach
the consultant at all.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from bot.nlu.script import read_script


@cache
def notices() -> dict[str, dict[str, str]]:
    """The notices by kind and script, from notices.json (text users read lives in data, not code)."""
    data: dict[str, dict[str, str]] = json.loads(
        resources.files("bot.slack").joinpath("notices.json").read_text(encoding="utf-8")
    )
    return data


def detect_lang(text: str | None) -> str:
    """Script of a message for a notice: zh-Hans, zh-Hant or en (the consultant does the real NLU)."""
    return read_script(text or "").script


def lang_from_locale(locale: str | None) -> str:
    """Slack user locale (e.g. zh-CN, zh-TW, en-US) to the consultant's language code."""
    if not locale or not locale.lower().startswith("zh"):
        return "en"
    return "zh-Hant" if locale.lower() in ("zh-tw", "zh-hk", "zh-mo", "zh-hant") else "zh-Hans"


def notice(kind: str, lang: str) -> str:
    texts = notices()[kind]
    return texts.get(lang) or texts["en"]
