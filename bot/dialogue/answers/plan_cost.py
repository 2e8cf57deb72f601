""" "那一共要花多少钱？", "折合人民币多少？", "how much is that in RMB?" after a plan: the plan's total in the
currency asked (or the budget's), the other beside it at the catalogue's exchange rate (in English only
when yuan are asked or budgeted), and where it stands against the budget held, a monthly one included.
A run repeated ("how much is that per month if we do it every week") is totalled over the period asked,
a month when none is said. Own GPUs cost nothing to rent, and say so.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from bot.dialogue.memo import Planner
from bot.dialogue.reply import Reply
from bot.dialogue.state import DialogueState
from bot.nlu.lexicon import find_phrase, has_cue, unpriced_currency
from bot.nlu.question_cues import (
    CNY_WORDS,
    PLAN_COST_ASKS,
    PLAN_COST_WORDS,
    PLAN_HOURLY_ASKS,
    PLAN_KEPT_MONTHLY,
    REPEAT_TOTAL_PERIODS,
    RUN_REPEATS,
    USD_WORDS,
)
from bot.nlu.text import normalise
from knowledge.currencies import other_currencies
from sizing.errors import SizingError

if TYPE_CHECKING:
    from knowledge import KnowledgeBase


def asks(text: str) -> bool:
    t = normalise(text).lower
    if t.strip(" ?？!！.。~") in PLAN_COST_WORDS:
        return True
    if (
        has_cue(t, PLAN_COST_ASKS)
        or has_cue(t, PLAN_HOURLY_ASKS)
        or has_cue(t, CNY_WORDS)
        or has_cue(t, USD_WORDS)
    ):
        return True
    if _other_rate(t) is not None:
        return True  # "折合台币呢", "in HKD?": the total at the dated rate on file
    # "what's that monthly if we retrain weekly": a repeat and the period to total over
    every = repeats(text)
    return every is not None and any(
        find_phrase(t, w) >= 0 and p == every[1] for w, p in REPEAT_TOTAL_PERIODS
    )


def repeated_cost_asked(text: str, asks_cost: bool) -> bool:
    """A job's message that says its run repeats and asks what that costs ("what should we budget per month
    to LoRA Llama 3 8B every week", "cost per month vs per run … retrained weekly")."""
    return repeats(text) is not None and (asks_cost or asks(text))


PERIOD_DAYS = {"week": 7.0, "month": 730 / 24, "year": 365.0}  # a month is the catalogue's 730 hours
_REPEATS_LONGEST_FIRST = sorted(RUN_REPEATS, key=lambda r: len(r[0]), reverse=True)
_REPEAT_PHRASES = tuple(phrase for phrase, _ in RUN_REPEATS)


def repeats(text: str) -> tuple[float, str] | None:
    """(days between runs, the period to total over) when `text` says the run is repeated ("every
    week", "每周跑一次"), else None."""
    t = normalise(text).lower
    # The message's one cue reading first (has_cue finds what find_phrase does): most say no repeat.
    if not has_cue(t, _REPEAT_PHRASES):
        return None
    for phrase, every in _REPEATS_LONGEST_FIRST:
        at = find_phrase(t, phrase)
        if at >= 0:
            rest = t[:at] + " " + t[at + len(phrase) :]
            period = next((p for w, p in REPEAT_TOTAL_PERIODS if find_phrase(rest, w) >= 0), "month")
            return every, period
    return None


def _other_rate(t: str) -> dict[str, object] | None:
    """The dated, sourced rate of a currency the plans are not priced in that `t` (normalised) names ("多少
    台幣", "in HKD"), the one a budget in it is read at (knowledge.currencies); None for any other."""
    code = unpriced_currency(t)
    rate = other_currencies().get(code) if code is not None else None
    if rate is None:
        return None
    return {"code": rate.code, "per_usd": rate.per_usd, "cite": rate.source.citation}


def asks_kept_monthly(t: str) -> str | None:
    """ "如果一直租着这些卡，一个月多少钱？", "how much per month if we keep them running?" (`t`
    normalised)."""
    return "monthly" if has_cue(t, PLAN_KEPT_MONTHLY) else None


def _hourly(
    cost: dict[str, object], top: dict[str, object], text: str, monthly: bool = False
) -> dict[str, object] | None:
    """The plan's on-demand price per hour (all its GPUs), per GPU-hour, instance, provider and date when
    `text` asks for the hourly rate, or with `monthly` (its GPUs kept a month: the hourly price × 730, said
    first); else None."""
    if not (monthly or has_cue(normalise(text).lower, PLAN_HOURLY_ASKS)):
        return None
    hourly, gpus = cost.get("hourly_usd"), top.get("gpus")
    if not isinstance(hourly, (int, float)) or not isinstance(gpus, int) or gpus <= 0:
        return None
    return {
        "usd": float(hourly),
        "per_gpu": float(hourly) / gpus,
        "instance": cost.get("instance"),
        "cloud": cost.get("cloud"),  # the provider's id: the templates name it
        "as_of": cost.get("prices_as_of"),
        "month_usd": float(hourly) * MONTH_HOURS if monthly else None,
    }


MONTH_HOURS = 730  # the catalogue's month (PERIOD_DAYS)


def _currency(text: str, state: DialogueState, lang: str) -> str:
    t = normalise(text).lower
    if has_cue(t, CNY_WORDS):
        return "CNY"
    if has_cue(t, USD_WORDS):
        return "USD"
    budget = state.slots.get("budget")
    if isinstance(budget, dict) and budget.get("currency") in ("USD", "CNY"):
        return str(budget["currency"])
    return "USD"


def answer(
    state: DialogueState,
    reply: Reply,
    kb: KnowledgeBase,
    plan: Planner,
    today: dt.date,
    text: str,
    first: bool = False,
    monthly: bool = False,
) -> bool:
    """The plan's total in the currency asked; `first`: above the plan shown in the same reply; `monthly`:
    its GPUs kept a whole month first."""
    from bot.dialogue.recommend import over_budget, plan_context

    try:
        rec, _fired, _context = plan_context(state, kb, plan, today, reply.lang)
    except SizingError:
        return False
    options = rec.get("options") or []
    if not options:
        return False
    top, last = options[0], state.last or {}
    cost = top.get("cost") or {}
    catalog = kb.catalog
    currency = _currency(text, state, reply.lang)
    budget = state.slots.get("budget")
    budget_cny = isinstance(budget, dict) and budget.get("currency") == "CNY"
    usd, cny = cost.get("cost_usd"), cost.get("cost_cny")
    repeat = None
    if (every := repeats(text)) is not None and usd is not None and cny is not None:
        runs = PERIOD_DAYS[every[1]] / every[0]
        over_period = None
        if isinstance(budget, dict) and budget.get("period") == every[1]:
            spent = cny if budget.get("currency") == "CNY" else usd
            over_period = runs * spent > float(budget["amount"])
        repeat = {
            "every": every[0],
            "period": every[1],
            "runs": runs,
            "usd": runs * usd,
            "cny": runs * cny,
            "over": over_period,
        }
    (reply.prepend if first else reply.add)(
        "plan_cost",
        plan=last,
        owned=bool(state.owned),
        currency=currency,
        beside=reply.lang != "en" or currency == "CNY" or budget_cny,
        usd=usd,
        cny=cny,
        fx=catalog.usd_to_cny,
        fx_as_of=catalog.usd_to_cny_as_of.isoformat(),
        budget=budget,
        over=over_budget(rec),
        repeat=repeat,
        # "一小时多少钱", "what's the hourly rate?": the plan's price per hour first, then the total
        hourly=_hourly(cost, top, text, monthly and not state.owned),
        # "每個月要多少錢 TWD": the total in that currency too, at its dated rate
        converted=_other_rate(normalise(text).lower),
    )
    return True
