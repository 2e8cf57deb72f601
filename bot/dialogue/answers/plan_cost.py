""" "那一共要花多少钱？", "折合人民币多少？", "how much is that in RMB?" after a plan: the plan's total in the
currency asked (or the budget's), the other beside it at the catalogue's exchange rate, and where it
stands against the budget held, a monthly one included. Own GPUs cost nothing to rent, and say so.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from bot.dialogue.memo import Planner
from bot.dialogue.reply import Reply
from bot.dialogue.state import DialogueState
from bot.nlu.lexicon import has_cue
from bot.nlu.question_cues import CNY_WORDS, PLAN_COST_ASKS, PLAN_COST_WORDS, USD_WORDS
from bot.nlu.text import normalise
from sizing.errors import SizingError

if TYPE_CHECKING:
    from knowledge import KnowledgeBase


def asks(text: str) -> bool:
    t = normalise(text).lower
    if t.strip(" ?？!！.。~") in PLAN_COST_WORDS:
        return True
    return has_cue(t, PLAN_COST_ASKS) or has_cue(t, CNY_WORDS) or has_cue(t, USD_WORDS)


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
    state: DialogueState, reply: Reply, kb: KnowledgeBase, plan: Planner, today: dt.date, text: str
) -> bool:
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
    reply.add(
        "plan_cost",
        plan=last,
        owned=bool(state.owned),
        currency=_currency(text, state, reply.lang),
        usd=cost.get("cost_usd"),
        cny=cost.get("cost_cny"),
        fx=catalog.usd_to_cny,
        fx_as_of=catalog.usd_to_cny_as_of.isoformat(),
        budget=state.slots.get("budget"),
        over=over_budget(rec),
    )
    return True
