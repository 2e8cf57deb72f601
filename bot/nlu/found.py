"""Candidate slot values in text order, with the range rules that turn a value into an Ask."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from bot.nlu.scan import Num
from bot.nlu.types import Ask

# Plausible ranges, [low, high) (issue #4). Outside them we ask instead of computing.
RANGES: dict[str, tuple[float, float]] = {
    "params": (1e6, 1e13),
    "active_params": (1e6, 1e13),
    "teacher_params": (1e6, 1e13),
    "tokens": (1e5, 1e15),  # a small fine-tuning set: LIMA is ~1k samples; as dialogue.state.PLAUSIBLE
    "data_bytes": (1e6, 1e17),
    "days": (1e-6, 3650.0 + 1e-9),
    "budget": (1e-9, 1e13),
    "gpu_count": (1, 100_001),
    "seq_len": (16, 10_000_001),
    "samples": (1, 1e13),
    "tokens_per_sample": (1, 1e7 + 1),
    "parts_per_sample": (1, 1e6),  # "每份约 10 页": pages (chapters, ...) of each sample
    "bytes_per_sample": (1, 1e12),  # "3 million JSON files, ~4 KB each"
    "steps": (1, 1e9),
    "tokens_per_step": (1, 1e9),
    "sequences_per_step": (1, 1e7),  # a global batch in sequences ("batch size 1024")
    "bare_batch": (1, 1e7),  # a batch said without whose it is ("batch 16"): the parser settles it
    "micro_batch": (1, 4096 + 1),  # one GPU's batch in sequences ("micro batch 4", "每卡 batch 4")
    "tokens_per_turn": (1, 1e7 + 1),
    "turns_per_sample": (1, 1001),
    "epochs": (1e-3, 1000 + 1e-9),
    "concurrency": (1, 1e7 + 1),
    "daily_users": (1, 1e10),
    "daily_requests": (1, 1e12),
    "qps": (1e-6, 1e9),
    "input_tokens": (1, 1e8 + 1),
    "output_tokens": (1, 1e8 + 1),
    "ttft_ms": (1e-3, 1e7),
    "tpot_ms": (1e-3, 1e7),
}


# Sizes whose two ends may be written with their units ("7B～8B", "100GB~200GB"), and what may stand between
# the first number and the second: the first one's unit, then a range mark.
_SIZES = ("params", "tokens", "data_bytes")
_RANGE_GAP = re.compile(r"\s*(?:[kmgtp]?b|[kmbt]|gib|tib|亿|万亿|万)?\s*(?:~|～|-|–|—|到|至|to)\s*")

# Words right before a value that say it is the wrong one (in corrections).
NEGATIONS = ("不是", "而不是", "而非", "not", "instead of", "rather than")
# A why before the negation proposes the value instead: "why not 16 GPUs?", "为什么不是 16 张卡？".
_PROPOSING = ("why not", "为什么不是", "為什麼不是", "为啥不是", "為啥不是")

# A value turned down in its own clause, and the next clause opening with what is taken instead:
# "一个半 epoch 不太现实，就两个 epoch", "2 months is too long, let's say 6 weeks".
_TURNED_DOWN = (
    "太多", "太大", "太贵", "太久", "太长", "太少", "不够", "不太现实", "不现实", "不太行", "不行", "算了",
    "too many", "too much", "too big", "too large", "too expensive", "too long", "too few", "not enough",
    "unrealistic", "not realistic", "overkill",
)  # fmt: skip
_INSTEAD = re.compile(
    r"\s*(?:先|就|那就|改|换|还是|只|用"
    r"|\b(?:let's|lets|so|instead|just|go with|make it|say|maybe|rather|use|try)\b)"
)
_CLAUSE_END = re.compile(r"[,;!?，。；！？\n]|\. ")
# The end of a clause turning a value down: a clause end, or "so" / "所以" going on to what is taken instead
# ("3 epochs would be too many so 1 epoch").
_TURNED_CLAUSE_END = re.compile(r"[,;!?，。；！？\n]|\. |\s+(?:so|hence)\b|\s*(?:所以|因此)")
# How far after a value the words turning it down may reach ("2 epochs was too few last time, ...").
_TURNED_REACH = 40
# A word every turning-down clause has in it (one C-level search of the reach before reading the clause).
_TURNING_WORD = re.compile("太|不|算了|too|realistic|overkill|enough")


@dataclass
class Found:
    """Candidate values per slot in text order; `asks` for what must be asked back."""

    values: dict[str, list[object]] = field(default_factory=dict)
    asks: list[Ask] = field(default_factory=list)
    used: set[int] = field(default_factory=set)  # indexes of numbers already given a meaning
    named_model: bool = False  # a known model name (its size from the table) is in the message
    serving: bool = False  # the message is about serving: small token counts are request lengths
    price_period: str | None = None  # "一小时" next to 多少钱: the period of a price, not a timeline
    # An hourly rate quoted as the market's price, not a budget ("Lambda rents H100s at $1 an hour,
    # correct?"): (amount, currency), for the price answer to check.
    quoted_rate: tuple[float, str] | None = None
    rate_said: tuple[float, str, str] | None = None  # that rate as said: (amount, currency, period)
    # A price per tokens quoted ("an API at $0.90 per million tokens", "每百万 token 4 块钱"): (amount per
    # million tokens, currency), for the serving answer to weigh self-hosting against.
    token_price: tuple[float, str] | None = None
    # A budget said in a currency the plans are not priced in, converted to USD (knowledge.currencies):
    # (the amount as said, its ISO code), for the reply to say the conversion.
    budget_said: tuple[float, str] | None = None
    # A GPU memory size asked for with no GPU named: (">=" | ">" | "<=", GB) ("which GPUs have 80GB or
    # more?").
    gpu_memory: tuple[str, float] | None = None
    # A byte size read as hardware (a machine's or GPU's memory, a link, disks: slots._hardware_size), never
    # data.
    hardware_size: bool = False
    jobs_at_once: int | None = None  # "2 张 4090 同时跑两个 QLoRA": gpu_count holds one job's share
    working_days: float | None = None  # "10 working days": the count said (days holds 7/5 of it)
    sprints: float | None = None  # "two sprints": the count said (days holds lexicon.SPRINT_DAYS each)
    text_unit: str | None = None  # "word" / "zh_char": a token count was read from words or 字
    page_parts: bool = False  # the parts of each sample are pages ("每篇约 10 页")
    page_samples: bool = False  # the samples are pages ("5,000 pages of manuals")
    media: str | None = None  # "image" / "video": the samples counted are images or video clips
    speech_model: bool = False  # those hours are audio for a speech model (Whisper, ASR): its audio frames
    speech_tokens: float | None = None  # "300 hours of call transcripts": their tokens at a speaking rate
    gpu_ends: frozenset[int] = frozenset()  # where each GPU name ends (a rate right after one is its price)
    # A length per sample said after the parts of each sample ("每份约 10 页、每页 600 字"): it is per part.
    per_part: bool = False
    last_slot: str | None = None  # the slot the last value went to ("预算 10 万，加到 20 万": the budget's)
    turned_down: set[tuple[str, int]] = field(default_factory=set)  # (slot, index) of values turned down
    # A serving load counted over a period other than a day ("每月 300 万次请求", "100k users a month"):
    # {"count", "period", "of": "requests" | "users", "per_day"}, so the answer shows it as said.
    volume_said: dict[str, object] | None = None
    # The slot of the last value turned down, and where the clause taking another starts: a bare number
    # there is that slot's ("五万亿 token 太多了，先来 1 万亿").
    instead: tuple[str, int] | None = None
    ends: dict[str, int] = field(default_factory=dict)  # where each slot's last value was written

    def add(self, slot: str, value: float, num: Num, s: str, extra: object = None) -> None:
        text = s[num.start : num.end][:40].strip()
        if negated(s, num.start):
            return  # "不是7B，是13B", "13B, not 7B": the value being replaced
        if num.negative or value <= 0:
            self.asks.append(Ask(slot, "not_positive", _signed(value, num.negative), text))
            return
        low, high = RANGES[slot]
        if not math.isfinite(value) or not low <= value < high:
            self.asks.append(Ask(slot, "out_of_range", value if math.isfinite(value) else None, text))
            return
        prior = self.values.get(slot)
        if (
            slot in _SIZES
            and prior
            and slot in self.ends
            and _RANGE_GAP.fullmatch(s, self.ends[slot], num.start)
        ):
            # "7B～8B", "100GB 到 200GB": a range, planned at its upper end (the plan's safe side, as a range
            # of days or of money is)
            last = prior.pop()
            value = max(value, last) if isinstance(last, float) else value
        self.values.setdefault(slot, []).append(extra if extra is not None else value)
        self.ends[slot] = num.end
        self.last_slot = slot
        taken_at = _turned_down(s, num.end)
        if taken_at is not None:
            self.turned_down.add((slot, len(self.values[slot]) - 1))
            self.instead = (slot, taken_at)
        if slot == "tokens_per_sample" and "parts_per_sample" in self.values:
            self.per_part = True

    def drop_turned_down(self) -> None:
        """Leave out the values turned down when the same slot has another one (the one taken instead);
        a value turned down with nothing else said stays ("7B 太大了，就用 LoRA" still trains the 7B)."""
        for slot in {slot for slot, _ in self.turned_down}:
            values = self.values[slot]
            kept = [v for i, v in enumerate(values) if (slot, i) not in self.turned_down]
            if kept:
                self.values[slot] = kept
        self.turned_down.clear()

    def add_to_last(self, slot: str, value: float, num: Num, s: str) -> None:
        """A second part of the same quantity ("500GB 中文语料，外加 200GB 代码"): the sum of the two."""
        prior = self.values.get(slot)
        last = prior[-1] if prior else None
        if prior is None or not isinstance(last, float):
            self.add(slot, value, num, s)
            return
        low, high = RANGES[slot]
        if num.negative or not low <= last + value < high:
            return
        prior[-1] = last + value


def _signed(value: float, negative: bool) -> float | None:
    if not math.isfinite(value):
        return None
    return -abs(value) if negative and value else abs(value)


def negated(s: str, start: int) -> bool:
    """A negation right before the value at `start`: "不是 8 卡", "not 7B" name the value being replaced."""
    head = s[max(0, start - 16) : start].rstrip()
    return head.endswith(NEGATIONS) and not head.endswith(_PROPOSING)


def _clause_turning_down(s: str, end: int) -> re.Match[str] | None:
    """The end of the value's clause when the rest of it turns the value down ("8 张卡太少了", "12 GPUs are
    too many"); else None."""
    if _TURNING_WORD.search(s, end, end + _TURNED_REACH) is None:
        return None  # most values
    m = _TURNED_CLAUSE_END.search(s, end)
    if m is None or m.start() - end > _TURNED_REACH:
        return None
    return m if any(w in s[end : m.start()] for w in _TURNED_DOWN) else None


def turned_down_in_clause(s: str, end: int) -> bool:
    """The rest of the clause of the value ending at `end` turns it down: "8 张卡太少了", "2 months is too
    long"."""
    return _clause_turning_down(s, end) is not None


def _turned_down(s: str, end: int) -> int | None:
    """Where the next clause starts, when the rest of the value's clause turns it down and that clause opens
    with what is taken instead; else None."""
    m = _clause_turning_down(s, end)
    if m is not None and (
        m.group().strip() not in ",;!?，。；！？." or _INSTEAD.match(s, m.end()) is not None
    ):
        return m.end()
    return None


# Slots a bare number taking a turned-down value's place keeps the unit of ("先来 1 万亿", "就两个").
INSTEAD_SLOTS = ("tokens", "epochs", "samples", "gpu_count")


def taken_instead(found: Found, s: str, start: int) -> str | None:
    """The slot of a bare number at `start` that takes a turned-down value's place, in the clause right
    after it; else None."""
    if found.instead is None:
        return None
    slot, at = found.instead
    if slot not in INSTEAD_SLOTS or start < at or _CLAUSE_END.search(s, at, start) is not None:
        return None
    return slot
