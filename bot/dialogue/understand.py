"""One user message, understood in the context of the dialogue: intent, language, the plausible
slot values it states, and what must be asked back instead of used."""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from bot.dialogue.state import (
    DATA_NOTE_SLOTS,
    REQUIRED_SLOTS,
    SERVE_SLOT_NAMES,
    SLOT_NAMES,
    TRAINING_SOFTWARE_SLOTS,
    DialogueState,
    implausible,
)
from bot.nlu.lexicon import (
    BUDGET_PERIOD_WORDS,
    BUDGET_WORDS,
    CURRENCY_WORDS,
    DATA_CUES,
    PERIOD_AFTER,
    PERIOD_BEFORE,
    SPOT_WORDS,
    TOKEN_CUES,
    find_phrase,
    has_cue,
    unpriced_currency,
)
from bot.nlu.links import node_link_gbps
from bot.nlu.parser import parse_number, unqualified_fine_tune
from bot.nlu.question_cues import APPROXIMATE, ASKS
from bot.nlu.scan import written_ranges
from bot.nlu.script import has_cjk, has_own_language, script_neutral
from bot.nlu.serving import fills_window
from bot.nlu.text import normalise
from bot.nlu.types import Ask
from sizing.network import GPUS_PER_NODE
from sizing.serve_load import DEFAULT_CONCURRENCY


class ParseFn(Protocol):
    """bot.nlu.parse's shape: `today` (the consultant's clock) turns "by March 15" into days."""

    def __call__(self, text: str, today: dt.date | None = None) -> Any: ...


# Work per turn stays small whatever arrives: Slack caps a message at 40,000 characters, and no
# sizing request needs more than a paragraph. The tail is dropped before any parsing.
MAX_TEXT_CHARS = 2000
# A short reply to a pending question ("14", "20B") is re-read with the question as a hint.
MAX_HINTED_CHARS = 40

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")
# Hints that turn a bare answer into a sentence the parser can read, per pending slot.
HINTS: dict[str, tuple[str, ...]] = {
    "params": ("{} parameters",),
    "data": ("training data {}", "{} tokens"),
    "days": ("{} days",),
    # After "50k conversations": the length of one ("2k" -> each sample is about 2k tokens).
    "sample_tokens": ("each sample is about {} tokens",),
    # After "4 万段对话，每段 5 轮": the length of one turn, as the question asked ("250" -> each turn).
    "turn_tokens": ("each turn is about {} tokens",),
    # After "each is about 1.5k tokens": how many there are ("20k" -> 20k samples).
    "sample_count": ("{} samples",),
    # After a length asked back ("seq len 5" is too short): "4096", "sorry, 8k".
    "seq_len": ("sequence length {}",),
}
# The quantity in a reply that counts the samples in other words ("and there are 30k of them").
_QUANTITY = re.compile(r"\d[\d,.]*\s*(?:[kKmM](?![a-zA-Z])|万|千)?")
_NAMES_PARAMS = re.compile(r"参数|參數|param|model|模型|规模|規模|大小", re.IGNORECASE)
# The slots that answer each pending question (state.REQUIRED_SLOTS), and after a sample count the
# length of one sample too.
SLOT_FAMILY = {
    **{spec.name: spec.fills for spec in REQUIRED_SLOTS},
    "sample_tokens": ("tokens", "data_bytes", "tokens_per_sample", "tokens_per_turn"),
    "sample_count": ("tokens", "data_bytes", "samples"),
    "seq_len": ("seq_len",),
}
# What a message says of a dataset counted in samples, beside the DESIGN slots.
SAMPLE_PARTS = ("samples", "tokens_per_sample", "tokens_per_turn")


# The bot addressed at the start of a message typed or pasted as text ("@gpu-advisor can we …",
# "@GPU Advisor 8卡…", a raw "<@U0123>"): who is asked, not what. Slack's own mention is already
# gone (bot/slack/sessions.strip_mentions).
_LEADING_MENTION = re.compile(
    r"^\s*(?:(?:<@[A-Z0-9]+(?:\|[^>]*)?>|@gpu[\s_-]?advisor\b|@[^\s,:：，]+)[\s,:：，]*)+", re.IGNORECASE
)


def clean_text(text: str) -> str:
    clean = _CONTROL.sub(" ", text[:MAX_TEXT_CHARS]).strip()
    return _LEADING_MENTION.sub("", clean) or clean


@dataclass(frozen=True)
class Understood:
    intent: str
    lang: str
    said: dict[str, Any] = field(default_factory=dict)
    asks: list[dict[str, Any]] = field(default_factory=list)
    gpus: tuple[str, ...] = ()
    # GPU names typed with look-alikes ("h10o"): as written, and the catalogue names they may be
    gpu_typos: tuple[tuple[str, tuple[str, ...]], ...] = ()
    data_language: str | None = None
    # The language named for the data in this message ("其实数据都是英文的"): a change of the plan held.
    data_language_named: str | None = None
    mentions_spot: bool = False
    region: str | None = None  # "cn": mainland-China clouds
    # The cluster network stated (bot.nlu.links.node_link_gbps): Gb/s per node and whether said per GPU.
    cluster_network: tuple[float, bool] | None = None
    owned: bool = False  # the user already has the GPUs they named
    # How many they own when the message asks more of them ("we have 8 H100s, how long on 16?": 8; the
    # count said is then 16)
    owned_count: int | None = None
    count_limit: bool = False  # the GPU count said is a ceiling ("如果只能用 16 张卡")
    currency_assumed: bool = False  # a budget said with no currency ("一个月 1w 以内")
    scaled: tuple[str, ...] = ()  # slots set by a relative change ("预算砍半"), not stated as values
    # What the message asks, decided by the NLU before any slot (Parse.intent: a question kind of
    # lanes/interfaces.md, or another intent when the message is not a direct question).
    kind: str = "unknown"
    providers: tuple[str, ...] = ()  # provider ids named ("aws", "aliyun", ...), in order
    price_period: str | None = None  # "hour" | "month": the period a price question asks for
    quoted_rate: tuple[float, str] | None = None  # an hourly market price quoted: (amount, currency)
    rate_said: tuple[float, str, str] | None = None  # that rate as said: (amount, currency, period)
    token_price: tuple[float, str] | None = None  # a price per million tokens quoted: (amount, currency)
    busy_hours: tuple[float, float] | None = None  # a service's busy hours a day and days a week
    yes_no: bool = False  # the message is a yes/no question
    corrected: bool = False  # it quotes a GPU figure the catalogue corrects (kb.factcheck)
    no_deadline: bool = False  # "no deadline", "不急", "whenever": plan without one
    asap: bool = False  # "ASAP", "越快越好": the fastest sensible plan within the budget
    deadline_date: str | None = None  # ISO date of a calendar or relative deadline
    samples: float | None = None  # a count of samples/conversations/条
    tokens_per_sample: float | None = None  # a stated length per sample
    # Half of a dialogue's length ("每组 5 轮", "每轮 200 token"): completed by the other half (timeline).
    turns_per_sample: float | None = None
    tokens_per_turn: float | None = None
    # From the NLU (bot/nlu/types.py Parse): "serve" | "train" | None; "how long" asked; model-card
    # fields asked (kind model_info); a GPU memory size asked for ({"op", "gb"}); working days said.
    task: str | None = None
    both_tasks: bool = False  # serving and training asked side by side: both answers
    trains_first: bool = False  # a training job planned before serving its model: both answered
    also_price: bool = False  # a named GPU's price asked beside another question: the price follows
    proposes_gpu: bool = False
    asks_time: bool = False
    asks_speed: bool = False
    asks_cost: bool = False
    asks_gpu: bool = False  # "what GPU do I need", "该租啥卡": a plan that needs no deadline
    model_fields: tuple[str, ...] = ()
    gpu_memory: dict[str, Any] | None = None
    jobs_at_once: int | None = None  # "2 张 4090 同时跑两个 QLoRA": gpu_count is one job's share
    working_days: float | None = None
    sprints: float | None = None  # "two sprints": the count said (days holds two weeks each)
    epoch_hours: float | None = None  # "每个 epoch 3 小时": one pass as the user measured it
    sample_word: str | None = None  # the measure word of the samples counted ("2 万笔", "5 万条")
    sample_media: str | None = None  # the samples are "image"s or "video" clips ("100万张图片")
    unread_precision: str | None = None  # "int8 training?": a bit width no training is sized in
    budget_said: tuple[float, str] | None = None  # "50 萬台幣": the amount and ISO code said (said holds USD)
    # Ranges said ("2 到 3 万条", "4-6 weeks"): each as written with the slots its upper end set.
    ranges: tuple[tuple[str, tuple[str, ...]], ...] = ()


# Latin words a bare data size may carry ("800GB", "2 TB", "1.5T tokens"): units, no language of the text.
_SIZE_WORDS = re.compile(r"(?i)\b\d[\d.,]*\s*(?:[kmgtp]i?b?|gigs?|tokens?)?\b")


def _bare_size(text: str) -> bool:
    """A message whose Latin text is only figures and units: it says nothing of the data's language
    ("800GB of English text" does)."""
    return not has_own_language(text) and re.search(r"[A-Za-z]{2,}", _SIZE_WORDS.sub("", text)) is None


def choose_lang(parsed: Any, text: str, previous: str) -> str:
    """The script the NLU reads (bot/nlu/script.py, the one owner): the reply follows the message it
    answers. A message with no language of its own ("4090 呢", "and 8?", "2 epochs", "help") keeps
    the conversation's language; Chinese whose characters do not tell the script ("改成7B") keeps a
    Chinese conversation's script."""
    ambiguous = bool(getattr(parsed, "script_ambiguous", False))
    if previous and not has_own_language(text):
        return previous
    if has_cjk(text):
        if getattr(parsed, "lang", "zh") == "en":
            return "en"  # a mostly-English message that names 阿里云 (bot/nlu/script.py)
        if previous.startswith("zh") and (ambiguous or script_neutral(text)):
            return previous  # "改成7B" is the same in both scripts: keep the conversation's
        script = str(getattr(parsed, "script", "zh-Hans"))
        return script if script.startswith("zh") else "zh-Hans"
    if previous and (ambiguous or script_neutral(text)):
        return previous  # "2 epochs", "help" or "ASAP" typed in a Chinese conversation stays Chinese
    return "en"


# The slots a message's parse contributes. active_params (mixture-of-experts) rides with params: not a
# DESIGN slot of its own. The serving slots never enter the training form (state.merge_slots takes
# SLOT_NAMES only).
SAID_SLOTS = frozenset(
    (*SLOT_NAMES, "active_params", *SERVE_SLOT_NAMES, *TRAINING_SOFTWARE_SLOTS, *DATA_NOTE_SLOTS)
)


def said_slots(parsed: Any) -> dict[str, Any]:
    slots = parsed.slots.to_json() if hasattr(parsed.slots, "to_json") else dict(parsed.slots)
    return {k: v for k, v in slots.items() if v is not None and k in SAID_SLOTS}


def _budget_ok(budget: Any) -> bool:
    if not isinstance(budget, Mapping):
        return False
    amount = budget.get("amount")
    return isinstance(amount, int | float) and math.isfinite(amount) and 0 < amount < 1e13


def vet(said: dict[str, Any], parsed_asks: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Split what was said into usable values and values to ask back (never used)."""
    asks = [a.to_json() if hasattr(a, "to_json") else dict(a) for a in parsed_asks or ()]
    asked = {a.get("slot") for a in asks}
    usable: dict[str, Any] = {}
    for name, value in said.items():
        if name in asked:
            continue
        if name == "budget":
            if _budget_ok(value):
                usable[name] = value
            continue
        if implausible(name, value):
            asks.append({"slot": name, "reason": "out_of_range", "value": None, "text": ""})
            continue
        usable[name] = value
    return usable, asks


def _as_written(ask: dict[str, Any], text: str) -> dict[str, Any]:
    """The ask's quoted text in the user's own casing ("70T", not the parser's "70t")."""
    quoted = str(ask.get("text") or "")
    at = text.lower().find(quoted.lower()) if quoted else -1
    return {**ask, "text": text[at : at + len(quoted)]} if at >= 0 else ask


def _counts_in_words(pending: str | None, parsed: Any, text: str) -> bool:
    """ "and there are 30k of them" after "how many samples?": read as FAQ-ish words, but a statement
    with a quantity answering the count asked for."""
    return pending == "sample_count" and parsed.intent == "faq" and not re.search(r"[?？]", text)


def _only_too_small(asks: Any, pending: str | None) -> bool:
    """No value to ask back, or, to the question for one sample's length, only a token count too small
    for a dataset ("大概 800 token", "about 250 tokens"): the length asked for, said with its unit."""
    if not asks:
        return True
    return pending == "sample_tokens" and all(
        getattr(a, "slot", None) == "tokens" and getattr(a, "reason", None) == "out_of_range" for a in asks
    )


def _rough_size_in_t(asks: Any, pending: str | None, state: DialogueState) -> bool:
    """ "大概 2T", "roughly 2T" answering the question for a rough size of the fine-tuning data (asked after
    "不知道", its examples sizes on disk): a size, 2 TB, as "数据 2T" is, not asked back token-or-bytes."""
    return (
        pending == "data"
        and "data" in state.skipped
        and bool(asks)
        and all(
            getattr(a, "slot", None) == "tokens_or_data" and getattr(a, "reason", None) == "ambiguous_unit"
            for a in asks
        )
    )


# What else says a number answering the data question is the data ("we have ~30M", "我们大概有 3000 万"):
# the one who has it, beside the data's own words (lexicon.TOKEN_CUES, DATA_CUES).
_HAVE_CUES = ("we have", "we've got", "i have", "i've got", "we got", "有", "我们", "咱们", "手上", "手头")
# The number as written, quoted when it is asked back ("30M", "3000 万").
_WRITTEN_NUMBER = re.compile(r"\d[\d,.]*\s*(?:[kmbt](?![a-z])|万|千|亿|萬|億)?", re.IGNORECASE)
# A Chinese amount with no unit after it ("3000万", "5000 萬左右", "6000万吧"), nothing but an "about".
_CJK_MAGNITUDE = frozenset("万亿萬億")
_CJK_AMOUNT = re.compile(
    r"\d[\d,.]*\s*[万亿萬億](?=\s*(?:$|[，。,.!！?？~～、；;]|左右|上下|吧|呢|啊|呀|多|够|夠|行|的样子|的樣子))"
)


def _bare_cjk_amount(said: Mapping[str, Any], text: str) -> float | None:
    """ "3000万", "5000 萬": a Chinese amount with no unit, which the NLU reads as no quantity at all below
    1亿 (too few for parameters); one alone, when nothing else in the message was read as a quantity."""
    if not _CJK_MAGNITUDE.intersection(text) or set(said) - {"data_language"}:
        return None
    found = _CJK_AMOUNT.findall(text)
    return parse_number(found[0]) if len(found) == 1 else None


def _size_while_data_asked(said: dict[str, Any], parsed: Any, text: str) -> tuple[dict[str, Any], Any]:
    """A bare size ("how many tokens do you need? we have ~30M", "roughly 30M, ok?", "需要多少 token？我们
    大概 3000万") while the form asks for the data of a model already sized: the NLU reads it as parameters
    (or, a Chinese amount under 1亿 with no unit, as nothing), but no parameter word says so. Beside a word
    for the data, tokens, or someone having it (or, the unitless Chinese amount, an "about"), it is the
    data's token count; otherwise it is asked back (parameters or tokens?), never written over the model
    size held. A correction ("actually 13B") and a parameter word ("13B model") change the model."""
    if parsed.intent == "correction" or _NAMES_PARAMS.search(text) or set(said) & {"tokens", "data_bytes"}:
        return said, parsed
    low = normalise(text).lower
    value = said.get("params")
    unitless = value is None
    if unitless:
        value = _bare_cjk_amount(said, text)
        if value is None:
            return said, parsed
    rest = {k: v for k, v in said.items() if k != "params"}
    if (
        has_cue(low, TOKEN_CUES)
        or has_cue(low, DATA_CUES)
        or has_cue(low, _HAVE_CUES)
        or (unitless and has_cue(low, APPROXIMATE))
    ):
        return {**rest, "tokens": value}, parsed
    written = _WRITTEN_NUMBER.search(text)
    ask = Ask("params", "ambiguous_unit", value, written.group().strip() if written else "")
    return rest, replace(parsed, asks=(*(parsed.asks or ()), ask))


def _bare_answer(said: Mapping[str, Any], text: str) -> bool:
    """A reply that is only a quantity ("20B", "14"): the parser reads a bare "20B" as parameters,
    but "Pretrain a 1B model" or "7B参数" names what it is and is taken as said."""
    return not said or (set(said) <= {"params"} and not _NAMES_PARAMS.search(text))


# Question kinds the NLU tells apart (interfaces.md) that this dialogue has no answer of its own for
# yet, mapped to the nearest answer it has. Dialogue lane: delete an entry when its answer lands.
INTERIM_KINDS = {
    "figure_check": "gpu_info",  # the fact check corrects the figure above the datasheet
    "price": "gpu_info",  # the datasheet card carries the catalogue's prices
    "provider_compare": "faq",
    "china_providers": "faq",
    "feasibility": "size",
    "memory": "size",
    "cheapest_gpu": "size",
    "serve": "size",
    "stored_size": "faq",  # without a model size, the checkpoint-storage rule per parameter
    "transfer_time": "faq",
    "network": "faq",
    "spot": "faq",
    "reserved": "faq",
}


def _interim_kind(parsed: Any) -> str:
    intent = str(parsed.intent)
    if intent == "provider_compare" and len(getattr(parsed, "gpus_mentioned", ()) or ()) > 0:
        return "gpu_info"
    return INTERIM_KINDS.get(intent, intent)


def understand(
    text: str,
    parse: ParseFn,
    state: DialogueState,
    today: dt.date | None = None,
    *,
    corrected: bool = False,
) -> Understood:
    """`corrected`: the message quotes a GPU figure the catalogue corrects (kb.factcheck)."""
    parsed = parse(text, today=today)
    heard = parsed  # the message as written: its language, whatever hint reads its quantity
    said = said_slots(parsed)
    pending = state.pending
    if pending == "data" and state.samples:
        pending = "sample_tokens"  # the data question asked for the length of each sample
    elif pending == "data" and (state.sample_parts or {}).get("per_sample"):
        pending = "sample_count"  # …or, the length of each given, for how many there are
    money = _amount_in_currency(parse, parsed, said, text, today)
    if money is not None:
        parsed, said = money, said_slots(money)
    family = SLOT_FAMILY.get(str(pending), ())
    parts_held = state.sample_parts or {}
    if pending == "sample_tokens" and parts_held.get("turns") and not parts_held.get("per_turn"):
        hint_key = "turn_tokens"  # the question asked how long one turn is
    else:
        hint_key = str(pending)
    if (
        family
        and not any(k in said or getattr(parsed.slots, k, None) for k in family)
        and _bare_answer(said, text)
        and not getattr(
            parsed, "hardware_size", False
        )  # "我的 Mac 有 128G 内存": a machine's memory, not data
        and (_only_too_small(parsed.asks, pending) or _rough_size_in_t(parsed.asks, pending, state))
        and 0 < len(text) <= MAX_HINTED_CHARS
        # A correction ("不对，是13B") repairs what it names, never the pending question.
        and (parsed.intent in ("size", "unknown", "whatif") or _counts_in_words(pending, parsed, text))
    ):
        hints = [hint.format(text) for hint in HINTS[hint_key]]
        quantity = _QUANTITY.search(text) if pending in ("sample_count", "sample_tokens", "seq_len") else None
        if quantity is not None and pending == "sample_count":
            # "about 40k, each around 700 tokens": the count named in place, the rest of the reply kept
            hints.append(text[: quantity.end()].rstrip() + " samples " + text[quantity.end() :])
        if quantity is not None:
            # "and there are 30k of them", "大概 800 token": the quantity alone, read as what was asked
            hints.append(HINTS[hint_key][0].format(quantity.group().strip()))
        for hinted_text in hints:
            hinted = parse(hinted_text, today=today)
            hinted_said = said_slots(hinted)
            parts = {k: getattr(hinted.slots, k, None) for k in SAMPLE_PARTS}
            found = {**hinted_said, **{k: v for k, v in parts.items() if v}}
            if any(k in found for k in family) and not hinted.asks:
                parsed, said = hinted, hinted_said
                break
    if (
        pending == "data"
        and state.slots.get("params") is not None
        and ("params" in said or _CJK_MAGNITUDE.intersection(text))
    ):
        said, parsed = _size_while_data_asked(said, parsed, text)
    by_factor = {
        k: v
        for k, v in scaled(
            state,
            getattr(parsed, "scales", ()) or (),
            said,
            changes_plan=parsed.intent in ("whatif", "correction"),
        ).items()
        if k not in said
    }
    by_factor.update(shifted(state, getattr(parsed, "deltas", ()) or (), {**said, **by_factor}))
    by_factor.update(_recurrency(state, parsed, said))
    reperiod = _reperiod(state, parsed, text, said)
    if reperiod:
        said = {k: v for k, v in said.items() if k != "budget"}
        by_factor.update(reperiod)
    by_factor.update(_held_steps(state, parsed, said))
    said = _held_period(state, parsed, _held_currency(state, parsed, said))
    said = _held_method(state, text, {**by_factor, **said})
    said = _window_on_serving(state, parsed, text, said)
    usable, asks = vet(said, parsed.asks)
    owned_count = None
    asked = getattr(parsed, "count_asked", None)
    if asked and getattr(parsed, "owned", False) and isinstance(usable.get("gpu_count"), int | float):
        owned_count, usable = int(usable["gpu_count"]), {**usable, "gpu_count": asked}
    asks = [_as_written(a, text) for a in asks]
    data_language = getattr(parsed.slots, "data_language", None)
    named = getattr(heard, "data_language_said", None)
    lang = choose_lang(heard, text, str(state.lang or ""))
    if data_language in ("zh", "en") and state.lang and _bare_size(text):
        # "800GB" answering the data question of a Chinese conversation is Chinese text, as "800GB 数据" is;
        # after "the data is Chinese", the language named
        data_language = state.data_language or ("zh" if lang.startswith("zh") else "en")
    gpus = tuple(getattr(parsed, "gpus_mentioned", ()) or ())
    return Understood(
        # a period said of the budget held ("其实是每月预算") corrects it, whatever else the NLU read in it
        intent="correction" if reperiod else _interim_kind(parsed),
        lang=lang,
        said=usable,
        asks=asks,
        gpus=gpus,
        gpu_typos=tuple(getattr(parsed, "gpu_typos", ()) or ()),
        data_language=data_language if ("tokens" in usable or "data_bytes" in usable or named) else None,
        data_language_named=named,
        mentions_spot=bool(SPOT_WORDS.search(text)),
        cluster_network=node_link_gbps(text, GPUS_PER_NODE),
        # Region and owned hardware have one owner, the NLU (bot/nlu/context.py).
        region=getattr(parsed, "region", None),
        owned=bool(getattr(parsed, "owned", False)),
        owned_count=owned_count,
        # GPUs the team has are used as they are ("我们只有 4 张 4090": those 4, no ceiling to rent under)
        count_limit=bool(getattr(parsed, "count_limit", False))
        and "gpu_count" in usable
        and not getattr(parsed, "owned", False),
        currency_assumed=bool(getattr(parsed, "currency_assumed", False))
        and "budget" in usable
        and not _currency_carried(state),
        scaled=tuple(k for k in by_factor if k in usable),
        kind=str(parsed.intent),
        providers=tuple(getattr(parsed, "providers_mentioned", ()) or ()),
        price_period=getattr(parsed, "price_period", None),
        quoted_rate=getattr(parsed, "quoted_rate", None),
        rate_said=getattr(parsed, "rate_said", None),
        token_price=getattr(parsed, "token_price", None),
        busy_hours=getattr(parsed, "busy_hours", None),
        yes_no=bool(getattr(parsed, "yes_no", False)),
        corrected=corrected,
        no_deadline=bool(getattr(parsed, "no_deadline", False)),
        asap=bool(getattr(parsed, "asap", False)),
        deadline_date=getattr(parsed, "deadline_date", None) if "days" in usable else None,
        samples=_positive(getattr(parsed.slots, "samples", None)),
        sample_word=getattr(parsed, "sample_word", None),
        sample_media=getattr(parsed, "sample_media", None),
        unread_precision=getattr(parsed, "unread_precision", None),
        budget_said=getattr(parsed, "budget_said", None) if "budget" in usable else None,
        tokens_per_sample=_positive(getattr(parsed.slots, "tokens_per_sample", None)),
        turns_per_sample=_positive(getattr(parsed.slots, "turns_per_sample", None)),
        tokens_per_turn=_positive(getattr(parsed.slots, "tokens_per_turn", None)),
        task=getattr(parsed, "task", None),
        both_tasks=bool(getattr(parsed, "both_tasks", False)),
        trains_first=bool(getattr(parsed, "trains_first", False)),
        also_price=bool(getattr(parsed, "also_price", False)),
        proposes_gpu=bool(getattr(parsed, "proposes_gpu", False)),
        asks_time=bool(getattr(parsed, "asks_time", False)),
        asks_speed=bool(getattr(parsed, "asks_speed", False)),
        asks_cost=bool(getattr(parsed, "asks_cost", False)),
        asks_gpu=bool(getattr(parsed, "asks_gpu", False)),
        model_fields=tuple(getattr(parsed, "model_fields", ()) or ()),
        gpu_memory=_gpu_memory(getattr(parsed, "gpu_memory", None)),
        jobs_at_once=getattr(parsed, "jobs_at_once", None) if "gpu_count" in usable else None,
        working_days=getattr(parsed, "working_days", None) if "days" in usable else None,
        sprints=getattr(parsed, "sprints", None) if "days" in usable else None,
        epoch_hours=getattr(parsed, "epoch_hours", None),
        ranges=_ranges_said(text, parse, parsed, today, usable),
    )


def _ranges_said(
    text: str, parse: ParseFn, parsed: Any, today: dt.date | None, usable: Mapping[str, Any]
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each range the message writes ("20 到 30 万条", "3–5 天") with the slots it set: those that read
    otherwise when the message is read with the range's lower end (the slots keep the upper)."""
    out = []
    seen = normalise(text).lower
    # Quoted as the user wrote it (their script and case) where normalising kept every position.
    source = text if len(text) == len(seen) else seen
    for start, end, lower_text in written_ranges(seen):
        written = source[start:end]
        lower = parse(lower_text, today=today)
        low_said = said_slots(lower)
        names = tuple(k for k in usable if low_said.get(k) != usable[k])
        if getattr(lower.slots, "samples", None) != getattr(parsed.slots, "samples", None):
            names += ("samples",)
        if names:
            out.append((written, names))
    return tuple(out)


# The slots a relative change scales (bot/nlu/relative.py concepts), in the order tried: "data" is the
# dataset as held, in tokens if it was said in tokens.
SCALED_SLOTS = {"budget": ("budget",), "data": ("tokens", "data_bytes"), "days": ("days",),
                "params": ("params",), "epochs": ("epochs",), "gpus": ("gpu_count",),
                # the serving load as held: whichever of these the plan was sized for
                "load": ("concurrency", "qps", "daily_users", "daily_requests")}  # fmt: skip
# Loads counted in whole users or requests (requests per second may be a fraction).
_WHOLE_LOADS = ("concurrency", "daily_users", "daily_requests")


def scaled(
    state: DialogueState, scales: Any, said: Mapping[str, Any], *, changes_plan: bool = True
) -> dict[str, Any]:
    """ "预算砍半呢", "double the data": the held value times the factor, as if the user had said it
    (a value the message states itself wins). Nothing when the conversation holds no such value."""
    out: dict[str, Any] = {}
    for concept, factor in scales:
        for name in SCALED_SLOTS.get(str(concept), ()):
            held = state.slots.get(name)
            if name == "gpu_count" and held is None:
                held = (state.last or {}).get("gpus")  # "double the GPUs": of the plan shown
            if name == "budget" and held is None:
                held = plan_cost(state)  # "预算砍半" with no budget: half of what the plan shown costs
            if name == "days" and held is None and changes_plan:
                # "half the time" with no deadline: of the plan shown (only a what-if or correction)
                held = (state.last or {}).get("days")
            if name == "epochs" and held is None and state.slots.get("params") is not None:
                held = 1  # "double the epochs", "one more epoch": epochs absent means one
            if concept == "load" and held is None:
                held = _held_load(state, name)
            if name in said or held is None:
                continue
            if name == "budget" and isinstance(held, Mapping) and _budget_ok(held):
                out[name] = {**held, "amount": float(held["amount"]) * float(factor)}
            elif isinstance(held, int | float) and not isinstance(held, bool):
                value = float(held) * float(factor)
                if name == "gpu_count" or name in _WHOLE_LOADS:
                    out[name] = max(1, round(value))
                else:
                    out[name] = round(value) if name == "epochs" and value >= 1 else value
            break
    return out


def _window_on_serving(state: DialogueState, parsed: Any, text: str, said: dict[str, Any]) -> dict[str, Any]:
    """ "and with 32k context?", "上下文 32k 呢" after a serving plan: the context is the window a replica
    must accept (the longest request), read as the parser reads it in a serving message (bot/nlu/parser.py
    _context_as_request), not a sequence length every prompt fills; "what if every request fills the 32k
    context?" says they do, and "each prompt is 32k" is a prompt length (input_tokens) already."""
    if "seq_len" not in said or getattr(parsed, "task", None) == "train" or "method" in said:
        return said
    topic = state.topic if isinstance(state.topic, Mapping) else {}
    if not str(topic.get("kind") or "").startswith("serve"):
        return said
    slots = topic.get("slots")
    held: Mapping[str, Any] = slots if isinstance(slots, Mapping) else {}
    window = int(said["seq_len"])
    out = {k: v for k, v in said.items() if k != "seq_len"}
    out["context_tokens"] = window
    answer = out.get("output_tokens", held.get("output_tokens"))
    answer_n = int(answer) if isinstance(answer, int | float) and 0 < answer < window else 0
    held_window = held.get("context_tokens")
    if (
        "input_tokens" not in out
        and isinstance(held_window, int | float)
        and held.get("input_tokens") in (held_window, held_window - answer_n)
    ):
        out["input_tokens"] = window - answer_n  # the prompt held was the old window's, not one the user said
    if fills_window(normalise(text).lower):
        out["serve_use"] = "full"  # "what if every request fills the 32k context?"
    return out


def _held_load(state: DialogueState, name: str) -> Any:
    """The serving load the plan shown was sized for ("what if 2x users?", "并发翻倍呢"): the serving
    slots live with the topic (policy.topic_after), not the training form; a serving plan sized with no
    load said held the default concurrency it shows ("sized for 10 requests at once")."""
    topic = state.topic if isinstance(state.topic, Mapping) else {}
    slots = topic.get("slots") or {}
    if not isinstance(slots, Mapping):
        return None
    if slots.get(name) is not None:
        return slots.get(name)
    unloaded = not any(slots.get(k) is not None for k in SCALED_SLOTS["load"])
    if name == "concurrency" and topic.get("kind") == "serve" and slots.get("served") and unloaded:
        return DEFAULT_CONCURRENCY
    return None


def shifted(state: DialogueState, deltas: Any, said: Mapping[str, Any]) -> dict[str, Any]:
    """ "再多训一轮", "one more epoch", "再给两周": the held epochs or days plus the change (epochs absent
    count as one); nothing when the conversation holds no such value or the result is not positive."""
    out: dict[str, Any] = {}
    for concept, delta in deltas:
        name = {"epochs": "epochs", "days": "days"}.get(str(concept))
        if name is None or name in said or name in out:
            continue
        held = state.slots.get(name)
        if name == "epochs" and held is None and state.slots.get("params") is not None:
            held = 1
        if name == "days" and held is None and float(delta) > 0:
            held = 0.0  # "再给两周" with no deadline held: the two weeks are the timeline
        if isinstance(held, int | float) and not isinstance(held, bool) and float(held) + float(delta) > 0:
            value = float(held) + float(delta)
            out[name] = round(value) if name == "epochs" else value
    return out


def _amount_in_currency(
    parse: ParseFn, parsed: Any, said: Mapping[str, Any], text: str, today: dt.date | None
) -> Any:
    """ "好吧那就按美元算，2000", "按人民币算，5000", "in dollars: 3000": a currency named beside a bare
    number makes the number a budget in it (never the answer to a pending question about tokens or
    days); in a currency prices are not given in ("預算用台幣算，3萬") the budget ask that says so. None
    when the message says no such thing."""
    low = normalise(text).lower
    budget = said.get("budget")
    if isinstance(budget, Mapping) and getattr(parsed, "currency_assumed", False):
        # "budget is in RMB: 8000": the amount was read, its currency is the one named
        named = next((code for word, code in CURRENCY_WORDS if find_phrase(low, word) != -1), None)
        if named is not None and named != budget.get("currency") and len(text) <= MAX_HINTED_CHARS:
            return parse(f"budget {budget.get('amount')} {named}", today=today)
        return None
    # Tested before the currency look-up (~25 phrases searched), which only a bare amount needs.
    if not _bare_answer(said, text) or len(text) > MAX_HINTED_CHARS:
        return None
    currency = getattr(parsed, "currency", None) or unpriced_currency(low)
    if not currency:
        return None
    if any(getattr(a, "slot", None) == "budget" for a in parsed.asks):
        return None  # the amount was read with its currency already ("预算每月 3 万台币")
    quantity = _QUANTITY.search(low)
    if quantity is None:
        return None
    money = parse(f"budget {quantity.group().strip()} {currency}", today=today)
    if said_slots(money).get("budget") is not None and not money.asks:
        return money
    return money if any(getattr(a, "slot", None) == "budget" for a in money.asks) else None


def _held_currency(state: DialogueState, parsed: Any, said: dict[str, Any]) -> dict[str, Any]:
    """ "如果预算只有一万呢" after a budget of $20,000: $10,000, not ¥10,000 (a budget with no currency said
    keeps the currency of the one held)."""
    budget, held = said.get("budget"), state.slots.get("budget")
    if not (
        isinstance(budget, Mapping)
        and isinstance(held, Mapping)
        and getattr(parsed, "currency_assumed", False)
    ):
        return said
    if held.get("currency") in (None, budget.get("currency")):
        return said
    return {**said, "budget": {**budget, "currency": held["currency"]}}


def _currency_carried(state: DialogueState) -> bool:
    """A budget held in a currency the user said ("预算 ¥5万" … "预算改10万"): a later amount with none is
    in that currency, said by the conversation, not assumed from the language (_held_currency keeps it)."""
    held = state.slots.get("budget")
    return isinstance(held, Mapping) and bool(held.get("currency")) and "currency" not in state.assumed


# Fine-tuning methods through adapters: a bare "fine-tune" said after them is still one of them.
ADAPTER_METHODS = ("lora", "qlora")


def _held_method(state: DialogueState, text: str, said: dict[str, Any]) -> dict[str, Any]:
    """ "what if we need the fine-tune done in 6 hours?" on a LoRA plan: "fine-tune" names the job, not
    how it is trained; full fine-tuning is only the default for a job whose method is not yet known, so an
    adapter method held stays (a method said, "full fine-tune", "QLoRA", still changes it; after pre-training,
    "微调 7B 需要多少数据" is a fine-tune, not pre-training)."""
    if state.slots.get("method") not in ADAPTER_METHODS:
        return said
    if said.get("method") != "full_finetune" or not unqualified_fine_tune(text):
        return said
    return {k: v for k, v in said.items() if k != "method"}


def _held_period(state: DialogueState, parsed: Any, said: dict[str, Any]) -> dict[str, Any]:
    """ "actually make that $8,000" after a budget of $5,000 per month: $8,000 per month (a new amount with
    no period said, and nothing else said, changes the budget held, not its period)."""
    budget, held = said.get("budget"), state.slots.get("budget")
    if not (
        isinstance(budget, Mapping)
        and isinstance(held, Mapping)
        and getattr(parsed, "period_assumed", False)
        and set(said) == {"budget"}
    ):
        return said
    if held.get("period") in (None, budget.get("period")):
        return said
    return {**said, "budget": {**budget, "period": held["period"]}}


def _recurrency(state: DialogueState, parsed: Any, said: Mapping[str, Any]) -> dict[str, Any]:
    """ "that's RMB, not dollars", "是人民币" and nothing else: the budget held, in that currency."""
    currency = getattr(parsed, "currency", None)
    held = state.slots.get("budget")
    if (
        not currency
        or said
        or parsed.intent not in ("size", "unknown", "whatif")
        or getattr(parsed, "yes_no", False)
    ):
        return {}
    if not (isinstance(held, Mapping) and _budget_ok(held)) or held.get("currency") == currency:
        return {}
    return {"budget": {**held, "currency": currency}}


# The periods a budget is said in ("每月", "总预算", "per month", "in total"), the NLU's own tables.
_PERIOD_PHRASES = tuple(dict.fromkeys((*PERIOD_BEFORE, *PERIOD_AFTER, *BUDGET_PERIOD_WORDS)))
_PERIOD_WORDS = tuple(phrase for phrase, _ in _PERIOD_PHRASES)
_BUDGET_PERIODS = ("total", "month", "hour")  # what a budget is planned in (sizing.types.Period)
_DENIED = ("不是", "并非", "而非", "not ", "isn't ", "not a ", "not the ", "rather than ")
_ASKS = (*ASKS, "够不够", "行不行")


def _reperiod(state: DialogueState, parsed: Any, text: str, said: Mapping[str, Any]) -> dict[str, Any]:
    """ "其实是每月预算", "預算是每月的", "the budget is monthly", "不是总预算，是每个月的", "the $3000 is per
    month": the budget held, in that period (a new amount is a budget of its own)."""
    held = state.slots.get("budget")
    if not (isinstance(held, Mapping) and _budget_ok(held)):
        return {}
    t = normalise(text).lower
    if not has_cue(t, _PERIOD_WORDS) or "?" in t or has_cue(t, _ASKS):
        return {}  # "每月预算多少合适？" asks
    budget = said.get("budget")
    restated = (
        set(said) == {"budget"}
        and isinstance(budget, Mapping)
        and getattr(parsed, "period_assumed", False)
        and (budget.get("amount"), budget.get("currency")) == (held.get("amount"), held.get("currency"))
    )
    if (said and not restated) or not (restated or has_cue(t, BUDGET_WORDS)):
        return {}
    periods = set()
    for phrase, period in _PERIOD_PHRASES:
        at = find_phrase(t, phrase)
        if at >= 0 and not any(t[:at].endswith(d) or t[:at].rstrip().endswith(d.strip()) for d in _DENIED):
            periods.add(period)
    if len(periods) != 1 or (period := periods.pop()) not in _BUDGET_PERIODS or period == held.get("period"):
        return {}
    return {"budget": {**held, "period": period}}


def _held_steps(state: DialogueState, parsed: Any, said: Mapping[str, Any]) -> dict[str, Any]:
    """ "what if 10000 steps?", "改成 2 万步" with the tokens held said as steps × batch: the new steps times
    the batch held (over the epochs in force), and the sum that makes them."""
    steps, basis = getattr(parsed, "steps_said", None), state.slots.get("steps_basis")
    if "tokens" in said or "data_bytes" in said:
        return {}
    if not isinstance(basis, Mapping) or not isinstance(basis.get("tokens_per_step"), int | float):
        return {}
    if steps is None and isinstance(said.get("epochs"), int | float) and said["epochs"] > 0:
        each = basis.get("per_epoch")
        if isinstance(each, int | float) and _held_steps_count(state, basis) is not None:
            # "3 epochs" after "5000 steps per epoch": each pass keeps its steps, the data held stays
            tokens = state.slots.get("tokens")
            return {"tokens": tokens, "steps_basis": {**basis, "steps": float(each) * float(said["epochs"])}}
        # "2 epochs" after "5000 steps × batch 256 × seq 8192": the steps already count every pass, so the
        # work stays theirs and the data held is what one pass of them reads (the reply says so)
        steps = _held_steps_count(state, basis)
    if not isinstance(steps, int | float) or steps <= 0:
        return {}
    epochs = said.get("epochs") or state.slots.get("epochs") or 1.0
    tokens = float(steps) * float(basis["tokens_per_step"]) / float(epochs)
    return {"tokens": tokens, "steps_basis": {**basis, "steps": float(steps), "per_epoch": None}}


def _held_steps_count(state: DialogueState, basis: Mapping[str, Any]) -> float | None:
    """The steps held, while they still make the tokens held over the epochs held (not replaced since)."""
    steps, tokens = basis.get("steps"), state.slots.get("tokens")
    if not isinstance(steps, int | float) or not isinstance(tokens, int | float):
        return None
    made = float(steps) * float(basis["tokens_per_step"])
    trained = float(tokens) * float(state.slots.get("epochs") or 1.0)
    return float(steps) if abs(made - trained) <= 1e-6 * max(made, 1.0) else None


def plan_cost(state: DialogueState) -> dict[str, Any] | None:
    """The total cost of the plan shown, as a budget ({"amount", "currency", "period"}), or None."""
    last = state.last or {}
    cost, currency = last.get("cost"), last.get("currency")
    if not (isinstance(cost, int | float) and cost > 0 and currency in ("USD", "CNY")):
        return None
    return {"amount": float(cost), "currency": currency, "period": "total"}


def _gpu_memory(value: Any) -> dict[str, Any] | None:
    return value.to_json() if hasattr(value, "to_json") else None


def _positive(value: Any) -> float | None:
    ok = isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value) and value > 0
    return float(value) if ok else None
