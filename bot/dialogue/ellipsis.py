"""A bare number after a what-if: "what if 10 days?" … "and 20?", "如果用 4 张卡呢" … "那 8 呢"; and GPUs
added to the plan's ("add 8 more of them", "再加 8 张卡"): its count plus those.

The number is another value for the slot the last change was about (DialogueState.last_slot), so
the message is read as that slot's own phrase ("20 days", "8张卡"); without a change to refer to,
it is read as it is written.
"""

from __future__ import annotations

import re

from bot.dialogue.state import DialogueState
from bot.nlu.numerals_en import ONES
from bot.nlu.numerals_zh import zh_integer
from bot.nlu.text import normalise

# Slots a bare number can refer back to, with the phrase it is read as, per language.
PHRASES: dict[str, dict[str, str]] = {
    "days": {"en": "what if {} days?", "zh": "如果{}天呢"},
    "gpu_count": {"en": "what if {} GPUs?", "zh": "如果{}张卡呢"},
    "epochs": {"en": "what if {} epochs?", "zh": "如果训{}轮呢"},
    "budget": {"en": "what if the budget is {}?", "zh": "如果预算{}呢"},
    "params": {"en": "what if the model is {}B?", "zh": "如果模型是{}B呢"},
    "seq_len": {"en": "what if the sequence length is {}?", "zh": "如果序列长度是{}呢"},
}
_BARE = re.compile(
    r"^(?:and|or|so|ok|okay|then|also)?[\s,，]*"
    r"(?:what about|how about|what if|and with|with|at|try"
    r"|那就|就|那|那么|那如果|如果|要是|那要是|改成|换成|再试试?)?\s*"
    r"(?:只有|只用|用)?\s*"
    r"(?P<n>\d+(?:\.\d+)?\s*(?:k|万|千)?|[一二两三四五六七八九十百千万]+)"
    r"\s*(?:instead|then|呢|吗|吧|的话呢|的话|试试|看看)?\s*[?？!！.。]*$"
)


def bare_number(text: str) -> str | None:
    """The number of a message that says nothing else ("and 20?", "那 8 呢"), as written."""
    m = _BARE.match(normalise(text).lower.strip())
    return m.group("n").strip() if m else None


def read_back(text: str, state: DialogueState, lang: str) -> str:
    """The message as the phrase of the slot the last change was about, or as written."""
    slot = state.last_slot
    if state.last is None or state.pending is not None or slot not in PHRASES:
        return text
    n = bare_number(text)
    if n is None:
        return text
    if slot == "params" and not n[-1:].isdigit():
        return text
    return PHRASES[slot]["zh" if lang.startswith("zh") else "en"].format(n)


_MORE_GPUS = re.compile(
    r"\b(?:an?other (?P<a>\d+|one|two|three|four|five|six|seven|eight|ten|sixteen) (?:gpus|cards|of them)"
    r"|(?P<b>\d+|one|two|three|four|five|six|seven|eight|ten|sixteen) (?:more|extra|additional)"
    r" (?:gpus?|cards?|of (?:them|those)|[a-z]*\d+[a-z0-9]*s?)\b)"
    r"|(?:再加|多加|追加|增加|再多|再|多|加)(?P<c>\d+|十六|[一两二三四五六七八十])\s*(?:张|块)"
)


def added_gpus(text: str) -> int | None:
    """The GPUs a message adds to the plan's ("8 more of them", "再加 8 张卡"), or None."""
    m = _MORE_GPUS.search(normalise(text).lower)
    if m is None:
        return None
    raw = m.group("a") or m.group("b") or m.group("c")
    n = int(raw) if raw.isdigit() else ONES.get(raw) or int(zh_integer(raw) or 0)
    return n if n and n > 0 else None
