"""A bare number after a what-if: "what if 10 days?" … "and 20?", "如果用 4 张卡呢" … "那 8 呢"; and GPUs
added to the plan's ("add 8 more of them", "再加 8 张卡"): its count plus those.

The number is another value for the slot the last change was about (DialogueState.last_slot), so
the message is read as that slot's own phrase ("20 days", "8张卡"). A number the plan is told to use
("use 16 instead", "make it 16", "那就用 16 吧") with no change to refer to is its GPU count, the one
number a plan shown has that such a message can swap; otherwise the message is read as it is written.
"""

from __future__ import annotations

import re
from typing import Any

from bot.dialogue.state import PLAUSIBLE, DialogueState
from bot.nlu.gpus import find_gpus
from bot.nlu.numerals_en import ONES
from bot.nlu.numerals_zh import zh_integer
from bot.nlu.parser import parse_number
from bot.nlu.script import has_cjk
from bot.nlu.text import normalise
from bot.render.text import base_lang, to_script

# Slots a bare number can refer back to, with the phrase it is read as, per language; in a zh-Hant thread
# the phrase is converted (the thread's script keeps the reply in that script).
PHRASES: dict[str, dict[str, str]] = {
    "days": {"en": "what if {} days?", "zh": "如果{}天呢"},
    "gpu_count": {"en": "what if {} GPUs?", "zh": "如果{}张卡呢"},
    "epochs": {"en": "what if {} epochs?", "zh": "如果训{}轮呢"},
    "budget": {"en": "what if the budget is {}?", "zh": "如果预算{}呢"},
    "params": {"en": "what if the model is {}B?", "zh": "如果模型是{}B呢"},
    "seq_len": {"en": "what if the sequence length is {}?", "zh": "如果序列长度是{}呢"},
}


def _phrase(slot: str, n: str, lang: str) -> str:
    return to_script(PHRASES[slot][base_lang(lang)].format(n), lang)


_BARE = re.compile(
    r"^(?:and|or|so|ok|okay|then|also)?[\s,，]*"
    r"(?:what about|how about|what if|at|try|make it"
    r"|那就|就|那|那么|那如果|如果|要是|那要是|改成|换成|再试试?)?\s*"
    r"(?:(?P<cue>with|on|只用|用)|只有)?\s*"
    r"(?P<n>\d+(?:\.\d+)?\s*(?:k|万|千)?|[一二两三四五六七八九十百千万]+)"
    r"\s*(?:instead|then|呢|吗|吧|的话呢|的话|试试|看看)?\s*[?？!！.。]*$"
)


# "use 16 instead", "go with 4", "make it 16", "那就用 16 吧", "改成 16": a number the plan is told to take.
_TAKE = re.compile(
    r"^(?:and|or|so|ok|okay|then|fine|alright)?[\s,，]*(?:let'?s\s+)?(?:use|go with|make it|try)\s+"
    r"(?P<n>\d+)\s*(?:instead|then)?\s*[?？!！.。]*$"
    r"|^(?:那就|就|那|那么)?\s*(?:改用|用|改成|换成)\s*(?P<z>\d+|[一二两三四五六七八九十]+)\s*(?:吧|呢|试试|看看)?\s*[?？!！.。]*$"
)


def bare_number(text: str) -> str | None:
    """The number of a message that says nothing else ("and 20?", "那 8 呢"), as written; None when the
    number is a GPU's model number ("what about 4090?", "那 3090 呢": the GPU, read as written)."""
    m = _BARE.match(normalise(text).lower.strip())
    return _not_a_gpu(m.group("n").strip()) if m else None


def counted_number(text: str) -> str | None:
    """The number of a bare message said as GPUs to run on ("and with 64?", "on 32 then?", "那用 64 呢"):
    a whole number within the plausible GPU counts after "with"/"on"/"用", as written; None otherwise
    (the number then follows the last slot changed: "and 64?" after "what if 5 days?" is 64 days)."""
    t = normalise(text).lower.strip()
    if not any(w in t for w in ("with", "on", "用")):
        return None  # one substring test first: most messages say none of the cues
    m = _BARE.match(t)
    if m is None or m.group("cue") is None:
        return None
    n = _not_a_gpu(m.group("n").strip())
    low, high = PLAUSIBLE["gpu_count"]
    return n if n is not None and n.isdigit() and low <= int(n) <= high else None


def taken_number(text: str) -> str | None:
    """The number a message tells the plan to use ("use 16 instead", "那就用 16 吧"), as written; None for
    a GPU's model number ("use 4090 instead", "那就用 4090 吧")."""
    m = _TAKE.match(normalise(text).lower.strip())
    return _not_a_gpu((m.group("n") or m.group("z")).strip()) if m else None


def _not_a_gpu(n: str) -> str | None:
    """The number, unless it is all a GPU's name ("4090", "3090": the catalogue's names said as numbers)."""
    return None if len(n) >= 3 and n.isdigit() and find_gpus(n) else n


# The units a budget is said in, per language, largest first ("$10k", "1 万"): a bare number after a budget
# change is counted in the unit the budget held is said in ("$10k" … "and 20?" is $20k; "10 万" … "那 20 呢"
# is 20 万).
BUDGET_UNITS = {"en": (1e6, 1e3), "zh": (1e8, 1e4, 1e3)}
# A budget read from a bare number is within this factor of the one held; a number no reading brings that
# near is asked back (budget_number_unclear).
BUDGET_NEAR = 10.0
_BUDGET_UNIT_MARKS = ("k", "m", "千", "万", "萬", "亿", "億")


def _with_unit(n: str) -> bool:
    """Whether a number is said with its unit of thousands or more ("50k", "30 万", "两万")."""
    return any(u in n.lower() for u in _BUDGET_UNIT_MARKS)


def _near(amount: float, held: float) -> bool:
    return held / BUDGET_NEAR <= amount <= held * BUDGET_NEAR


def budget_reading(n: str, held: Any, lang: str) -> float | None:
    """The budget a bare number after a budget change means: as written when it carries its unit ("50k",
    "30 万") or is near the budget held; else in the unit the held budget is said in, when that is near it
    ("$10k" … "and 20?": 20,000). None when neither reading is near the budget held."""
    value = parse_number(n)
    amount = held.get("amount") if isinstance(held, dict) else None
    if value is None or value <= 0 or not isinstance(amount, int | float) or amount <= 0:
        return value
    if _with_unit(n) or _near(value, amount):
        return value  # "50k", "2万", "两万": its own unit; "8000" beside $5,000: as written
    unit = next((u for u in BUDGET_UNITS[base_lang(lang)] if amount >= u), None)
    if unit is not None and _near(value * unit, amount):
        return value * unit
    return None


def budget_number_unclear(text: str, state: DialogueState) -> dict[str, Any] | None:
    """ "and 500?" after a budget of $10,000: neither $500 nor $500,000 is near it, so the number is asked
    back ({"number", "readings": [the amounts], "currency"}), not planned; None for any other message.
    "and 20k?" right after a plan with no budget held and no change to refer to is asked back too (a budget
    or a count of samples?), with "unbound": True."""
    if state.last is None or state.pending is not None:
        return None
    if state.last_slot not in PHRASES and state.slots.get("budget") is None:
        n = bare_number(text)
        value = parse_number(n) if n is not None and _with_unit(n) else None
        if value is None or value <= 0:
            return None
        currency = "CNY" if _said_in(text) == "zh" else "USD"
        return {"number": n, "readings": [value], "currency": currency, "unbound": True}
    if state.last_slot != "budget" or counted_number(text) is not None:
        return None  # "and with 20?" after a budget change: 20 GPUs (read_back)
    n, held, said_in = bare_number(text), state.slots.get("budget"), _said_in(text)
    if n is None or not isinstance(held, dict) or budget_reading(n, held, said_in) is not None:
        return None
    value = parse_number(n) or 0.0
    units = BUDGET_UNITS[said_in]
    unit = next((u for u in units if held["amount"] >= u), units[-1])  # "$2 or $2,000?" beside $500
    return {"number": n, "readings": [value, value * unit], "currency": held.get("currency") or "USD"}


def _said_in(text: str) -> str:
    """The language whose units a bare number is counted in: the message's own ("那 2 呢" is 2 万)."""
    return "zh" if has_cjk(text) else "en"


def _amount(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


# "I meant tokens, not GB", "是 token 不是 GB", "不是 GB，是 tokens": the unit right after the negation is the
# one taken back; the other one is meant.
_BYTE_UNIT = r"gb|tb|gigabytes?|terabytes?|bytes|字节"
_TOKEN_UNIT = r"tokens?|词元"
_UNIT_TAKEN_BACK = re.compile(
    rf"(?:\bnot|rather than|instead of|而不是|不是|而非)\s*(?:in\s+)?"
    rf"(?P<wrong>{_TOKEN_UNIT}|{_BYTE_UNIT})(?![a-z])"
)
_BYTE_WORD = re.compile(rf"(?<![a-z])(?:{_BYTE_UNIT})(?![a-z])")
_TOKEN_WORD = re.compile(rf"(?<![a-z])(?:{_TOKEN_UNIT})(?![a-z])")
SWAPPED_UNIT = {
    "tokens": {"en": "sorry, the data is {} tokens", "zh": "更正：数据是 {} tokens"},
    "data_bytes": {"en": "sorry, the data is {} bytes", "zh": "更正：数据是 {} 字节"},
}


def unit_swapped(text: str, state: DialogueState, lang: str) -> str | None:
    """A correction of the data's unit alone ("I meant tokens, not GB" after 300 GB, "是 GB 不是 token" after
    300B tokens): the message as the same number in the unit meant (300 GB is 300B tokens: G and B are
    both 10^9), read as that data said again; None for any other message."""
    t = normalise(text).lower
    if ("token" not in t and "词元" not in t) or any(ch.isdigit() for ch in t):
        return None  # one substring test first: most messages name no token
    m = _UNIT_TAKEN_BACK.search(t)
    if m is None:
        return None
    wrong_bytes = _BYTE_WORD.fullmatch(m.group("wrong")) is not None
    rest = t[: m.start("wrong")] + " " + t[m.end("wrong") :]
    meant, held = ("tokens", "data_bytes") if wrong_bytes else ("data_bytes", "tokens")
    value = state.slots.get(held)
    if not isinstance(value, int | float) or not (_TOKEN_WORD if wrong_bytes else _BYTE_WORD).search(rest):
        return None
    return to_script(SWAPPED_UNIT[meant][base_lang(lang)].format(f"{float(value):.0f}"), lang)


def read_back(text: str, state: DialogueState, lang: str) -> str:
    """The message as the phrase of the slot the last change was about; a number the plan is told to
    use, with no such change to refer to, as its GPU count; or as written. A budget keeps the currency
    of the one held and is counted in its unit (budget_reading)."""
    if state.last is None or state.pending is not None:
        return text
    slot, n = state.last_slot, bare_number(text)
    if slot in PHRASES and slot != "gpu_count" and n is not None and counted_number(text) is not None:
        return _phrase("gpu_count", n, lang)  # "and with 64?" after "what if 5 days?": 64 GPUs
    if slot in PHRASES and n is not None:
        if slot == "params" and not n[-1:].isdigit():
            return text
        if slot == "budget":
            held = state.slots.get("budget")
            amount = budget_reading(n, held, _said_in(text))
            if amount is None or not isinstance(held, dict):
                return text  # asked back (budget_number_unclear)
            return _phrase(slot, f"{_amount(amount)} {held.get('currency') or 'USD'}", lang)
        return _phrase(slot, n, lang)
    held = state.slots.get("budget")
    if n is not None and slot not in PHRASES and isinstance(held, dict) and _with_unit(n):
        # "那 30 万呢" right after a plan with a budget of ¥200,000: an amount near it is another budget
        amount = parse_number(n)
        if (
            amount is not None
            and isinstance(held.get("amount"), int | float)
            and _near(amount, held["amount"])
        ):
            return _phrase("budget", f"{_amount(amount)} {held.get('currency') or 'USD'}", lang)
    taken = taken_number(text)
    if taken is None or not state.last.get("gpus"):
        return text
    return _phrase("gpu_count", taken, lang)


# A plan that takes at least this share of its deadline was sized by it: a bare number after it is another
# deadline (unbound_reading).
DEADLINE_BOUND_SHARE = 0.5


def unbound_reading(text: str, state: DialogueState, lang: str) -> tuple[str, str, str] | None:
    """ "and 20?" right after a plan, with no change yet to refer to (read_back) and so no slot of its own:
    (the message as that slot's phrase, the slot, the number) for the slot the plan is bound by: the
    deadline when the plan was sized to make it (it takes at least DEADLINE_BOUND_SHARE of it) or the
    number is no whole count; else the GPU count, the one number of the plan it can swap. None for any
    other message; the reply says which reading it took (bot/render templates: number_read_as)."""
    if state.last is None or state.pending is not None or state.last_slot in PHRASES:
        return None
    n = bare_number(text)
    if n is None or not n[-1:].isdigit() or not n.replace(".", "", 1).isdigit() or taken_number(text):
        return (
            None  # "make it 16", "那就用 8 吧": a number the plan is told to use is its GPU count (read_back)
        )
    deadline, took = state.slots.get("days"), state.last.get("days")
    bound = (
        isinstance(deadline, int | float)
        and isinstance(took, int | float)
        and float(took) >= DEADLINE_BOUND_SHARE * float(deadline)
    )
    counted = counted_number(text) is not None  # "and with 64?": GPUs, whatever bound the plan
    slot = "days" if (bound or not float(n).is_integer()) and not counted else "gpu_count"
    return _phrase(slot, n, lang), slot, n


# The slots a reading of a bare number changes (the GPU count keeps the plan's GPU: both are taken back).
READ_SLOTS = {"days": ("days",), "gpu_count": ("gpu", "gpu_count")}


def other_reading(read: dict[str, Any] | None, said: dict[str, Any]) -> bool:
    """Whether a message says the other reading of the number the last turn read ("and 20?" taken as 20
    GPUs, then "20 days"): only that slot, at that number."""
    if not read or read.get("slot") not in READ_SLOTS:
        return False
    other = "gpu_count" if read["slot"] == "days" else "days"
    value = said.get(other)
    try:
        same = isinstance(value, int | float) and float(value) == float(str(read.get("number")))
    except ValueError:
        return False
    return same and set(said) <= {other, "gpu"} and (other == "gpu_count" or "gpu" not in said)


# "那 QLoRA 呢？", "and QLoRA?", "what about FP8?": another thing in the place of the last question's.
_ALSO = re.compile(
    r"^(?:那|那么|那如果|还有|and|so|ok|okay)?[\s,，]*(?:what about|how about|and)?\s*"
    r"(?P<x>[^\s?？,，。].{0,24}?)\s*(?:呢|then|instead)?\s*[?？]+\s*$|^(?:那|那么)\s*(?P<y>\S.{0,24}?)\s*呢\s*[?？]*\s*$"
)


def asked_again(text: str) -> str | None:
    """What a short "and X?" / "那 X 呢" names, as written; None for any other message."""
    m = _ALSO.match(normalise(text).simplified.strip())
    if m is None:
        return None
    x = (m.group("x") or m.group("y") or "").strip()
    return x or None


# "A100?", "4090 then?" is at most this long: a longer message is read as written.
SHORT_GPU_FOLLOW_UP = 24
# The what-if it is read as, in the thread's language (the message itself says none).
GPU_PHRASE = {"en": "what about {}?", "zh": "那 {} 呢？"}


def gpu_on_plan(text: str, state: DialogueState, lang: str) -> str | None:
    """ "A100?", "4090 then?", "H100 instead?" right after a plan (no question open, not after an FAQ answer,
    where "and X?" asks the same question about X): the plan on that GPU, as "what about A100?"; None for
    any other message ("那 H20 呢" is read as a what-if as written)."""
    if state.last is None or state.pending is not None or state.after_faq or len(text) > SHORT_GPU_FOLLOW_UP:
        return None
    if has_cjk(text):
        return None
    x = asked_again(text)
    if x is None:
        return None
    found = find_gpus(x.lower())
    if len(found) != 1 or found[0].start != 0 or x[found[0].end :].strip() not in ("", "s"):
        return None
    return to_script(GPU_PHRASE[base_lang(lang)].format(x), lang)


def as_definition(x: str, lang: str) -> str:
    """ "what is X?" in the reply's language: the question the last turn answered, about X."""
    return f"{x} 是什么？" if lang.startswith("zh") else f"what is {x}?"


_MORE_GPUS = re.compile(
    r"\b(?:an?other (?P<a>\d+|one|two|three|four|five|six|seven|eight|ten|sixteen) (?:gpus|cards|of them)"
    r"|(?P<b>\d+|one|two|three|four|five|six|seven|eight|ten|sixteen) (?:more|extra|additional)"
    r" (?:gpus?|cards?|of (?:them|those)|[a-z]*\d+[a-z0-9]*s?)\b)"
    # "what if we buy 16 more?": GPUs bought or rented, with nothing after them
    r"|\b(?:add|buy|get|rent|had|have|use|bought|got|rented)"
    r" (?P<d>\d+|one|two|three|four|five|six|seven|eight|ten|sixteen) (?:more|extra|additional)\s*[?!.]*$"
    r"|(?:再加|多加|追加|增加|再买|再租|多买|多租|再多|再|多|加)\s*(?P<c>\d+|十六|[一两二三四五六七八十])\s*(?:张|块)"
)


def added_gpus(text: str) -> int | None:
    """The GPUs a message adds to the plan's ("8 more of them", "再加 8 张卡"), or None."""
    m = _MORE_GPUS.search(normalise(text).lower)
    if m is None:
        return None
    raw = m.group("a") or m.group("b") or m.group("c") or m.group("d")
    n = int(raw) if raw.isdigit() else ONES.get(raw) or int(zh_integer(raw) or 0)
    return n if n and n > 0 else None
