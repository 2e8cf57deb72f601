""" "our budget is $500/month for inference, what's the biggest model we can serve to ~20 users?", "with
$1000 a month, what model can we host for 50 people?", "每月预算 3000 块，能部署多大的模型给 30 个人用": a
serving budget and no model named. The answer is what the budget serves at the load said (the stated pilot
load without one): a ladder of open models of growing size, each on its cheapest option of any precision
that carries the load, its cost a month against the budget, and the biggest one within it. A total budget
pays for a month of serving, as everywhere in serving answers.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, cast

from bot.dialogue.answers import serve
from bot.dialogue.answers.base import Question
from bot.dialogue.reply import Reply
from bot.nlu.serving import BATCH_USES
from sizing.assumptions import HOURS_PER_MONTH
from sizing.errors import SizingError

# Open chat models of growing size that small teams serve most, each a size step up (our choice).
LADDER = ("llama-3.1-8b", "qwen2.5-14b", "qwen2.5-32b", "llama-3.3-70b")


def applies(q: Question, form_in_progress: bool) -> bool:
    """A serving question with a budget and no model or size, outside a form (an offline job has its own
    budget verdict)."""
    if form_in_progress or q.u.task != "serve" or q.u.said.get("budget") is None:
        return False
    if q.slot("model") is not None or q.slot("params") is not None:
        return False
    return q.slot("serve_use") not in BATCH_USES


def answer(q: Question, reply: Reply) -> bool:
    budget = q.u.said.get("budget") or {}
    currency = str(budget.get("currency") or "USD")
    rate = q.catalog.usd_to_cny if currency == "CNY" else 1.0
    amount = float(budget.get("amount") or 0)
    if amount <= 0:
        return False
    period = budget.get("period") or "total"
    per_hour_usd = amount / rate if period == "hour" else amount / rate / HOURS_PER_MONTH
    rows: list[dict[str, Any]] = []
    load: dict[str, Any] = {}
    for model_id in LADDER:
        card = q.kb.find_model(model_id)
        if card is None:
            continue
        found = serve.plan(replace(q, context={**q.context, "model": model_id}))
        if found is None or isinstance(found, SizingError):
            continue
        req, result = found
        options = cast(list[dict[str, Any]], result.to_dict().get("options") or [])
        priced = [
            o
            for o in options
            if o.get("fits") and o.get("meets_latency", True) and (o.get("cost") or {}).get("hourly_usd")
        ]
        if not priced:
            continue
        best = min(priced, key=lambda o: (float(o["cost"]["hourly_usd"]), o["gpus"]))
        hourly = float(best["cost"]["hourly_usd"])
        rows.append(
            {
                "model": card.name,
                "gpus": best["gpus"],
                "gpu_name": best["gpu_name"],
                "precision": best["precision"],
                "native": best["precision"] == req.precision,
                "monthly": hourly * HOURS_PER_MONTH * rate,
                "within": hourly <= per_hour_usd * 1.0001,
            }
        )
        load = {"concurrency": req.concurrency, "qps": req.qps, "input_tokens": req.input_tokens}
        load["output_tokens"] = req.output_tokens
    if not rows:
        return False
    within = [r for r in rows if r["within"]]
    said_load = any(q.slot(k) is not None for k in serve.LOAD_SLOTS)
    reply.add(
        "serve_budget",
        rows=rows,
        biggest=within[-1] if within else None,
        budget=amount,
        currency=currency,
        period=period,
        monthly_budget=per_hour_usd * HOURS_PER_MONTH * rate,
        load_said=said_load,
        **load,
    )
    return True
