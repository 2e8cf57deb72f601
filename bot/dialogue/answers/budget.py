""" "What can I train with $5k?", "我有 1 万块预算，能训练什么模型", "只有 2000 块钱，能 LoRA 一个 7B 吗":
a budget first. The answer is what the budget buys, not a question about the model size: for a few reference
jobs (the model size and method said, else the usual sizes), the plan of lowest total cost the engine
finds, the GPU-hours the budget pays for there and the tokens of training data that trains; then what
matters next. A model size with a yes/no question gets the verdict first.

Cost per token barely depends on the cluster size, so each job is planned once on a probe corpus and
the budget scaled onto it (fixed costs such as setup make this a slight overestimate, said "about").
The budget stays in the conversation (OFFERS_PLAN): the plan that follows is held to it.
"""

from __future__ import annotations

import math
from typing import Any

from bot.dialogue.answers.base import Question
from bot.dialogue.hardware import PROBE_TOKENS
from bot.dialogue.reply import Reply
from bot.dialogue.timeline import unlengthed_cheapest
from sizing.errors import SizingError
from sizing.result import Option
from sizing.types import Method, SizingRequest
from sizing.workload import CHINCHILLA_TOKENS_PER_PARAM

NEEDS = ("budget",)
DEFAULTS: dict[str, Any] = {
    "method": "LoRA for fine-tuning (the cheapest way that trains well); pre-training shown apart",
    "prices": "on-demand, the plan of lowest total cost the engine finds",
}
# Model sizes shown when none is said: the open models small teams fine-tune most (Llama 3.1 8B,
# Qwen2.5 14B, Llama 3.3 70B are of these sizes).
REFERENCE_PARAMS = (7e9, 13e9, 70e9)
# Pre-training from scratch: one size beside fine-tuning when no method is said, a ladder when it is.
PRETRAIN_PARAMS = (1e9,)
PRETRAIN_LADDER = (1e9, 3e9, 7e9)
# The sizes the largest pre-trainable model is bisected between (log scale), and the bisection's steps.
LARGEST_LOW, LARGEST_HIGH, LARGEST_STEPS = 1e8, 1e12, 12
# A fine-tuning set of at least this many tokens (10k samples of ~1k tokens) counts as a real job.
SMALL_DATASET_TOKENS = 1e7
# The tokens one budget is compared with: a typical instruction-tuning set (50k samples × 1k tokens).
TYPICAL_FINETUNE_TOKENS = 5e7


# Question words that make a budget with a model size a question about what the money buys.
_WHAT = (
    "what",
    "how much data",
    "how many tokens",
    "什么",
    "多少数据",
    "多少 token",
    "多少token",
    "能训多少",
)


def applies(q: Question, form_in_progress: bool) -> bool:
    """A budget said with no data and no hardware, asked as a question (what can I train, can I ...,
    what should we rent) rather than given as one more fact of a plan."""
    if form_in_progress or q.u.said.get("budget") is None:
        return False
    if any(q.u.said.get(k) is not None for k in ("tokens", "data_bytes", "gpu", "gpu_count")):
        return False
    if q.u.said.get("params") is not None and unlengthed_cheapest(q.u):
        return False  # "8B, 12k records, budget 30k TWD, cheapest way?": that job planned, within the budget
    if q.u.said.get("days") is not None and not (q.u.said.get("params") is None and q.u.kind == "capacity"):
        return False  # a deadline with the budget is a plan's, unless the model size is what is asked
    if q.u.task == "serve":
        return False
    if q.u.said.get("params") is None:
        return q.u.kind in ("capacity", "size", "unknown", "faq", "cheapest_gpu")
    # "what would $3000 get me for fine-tuning 70B?": a question about the money, not about the time
    asked = "?" in q.text or "？" in q.text or any(w in q.text.lower() for w in _WHAT)
    return q.u.yes_no or (asked and not q.u.asks_time)


def answer(q: Question, reply: Reply, over: dict[str, Any] | None = None) -> bool:
    """`over`: the plan shown that costs more than the budget ({"cost", "currency"}), when asked how to get
    within it ("is there any way to make that work?"): the rows are what the budget buys for that job."""
    budget = q.u.said.get("budget") or {}
    period = budget.get("period") or "total"
    if period not in ("total", "month"):
        return False  # an hourly budget is a rate for the plan's form
    # A monthly budget is what one month buys ("$5k per month": the GPU-hours and tokens of a month).
    currency = str(budget.get("currency") or "USD")
    amount = float(budget["amount"])
    usd = amount / q.catalog.usd_to_cny if currency == "CNY" else amount
    params = q.u.said.get("params")
    said = q.u.said.get("method")
    said_method: Method | None = said if said in ("pretrain", "full_finetune", "lora", "qlora") else None
    jobs: list[tuple[float, Method]] = []
    method: Method
    if params is not None:
        method = said_method or "lora"
        jobs.append((float(params), method))
        if method == "full_finetune" or (method == "pretrain" and over is None):
            # what the lighter way buys, for comparison (not for a pre-training plan held: no adapters there)
            jobs.append((float(params), "lora"))
    else:
        method = said_method if said_method is not None and said_method != "pretrain" else "lora"
        if said_method != "pretrain":
            jobs += [(p, method) for p in REFERENCE_PARAMS]
        if method == "full_finetune":
            jobs.append((REFERENCE_PARAMS[-1], "lora"))  # the largest size, the lighter way
        if said_method in (None, "pretrain"):
            jobs += [(p, "pretrain") for p in (PRETRAIN_LADDER if said_method else PRETRAIN_PARAMS)]
    days = q.u.said.get("days")
    deadline = float(days) if days else None
    rows = [row for p, m in jobs if (row := _row(q, p, m, usd, currency, deadline)) is not None]
    if not rows:
        return False
    # "we have 3 weeks and $20k, what's the biggest model we can pretrain?": the model size is the answer
    largest = (
        _largest_pretrain(q, usd, float(days) if days else None, currency)
        if params is None and said_method == "pretrain" and q.u.kind == "capacity"
        else None
    )
    verdict = None
    if params is not None and q.u.yes_no:
        first = rows[0]
        verdict = "yes" if first["tokens"] >= SMALL_DATASET_TOKENS else "small"
    reply.add(
        "budget",
        amount=amount,
        currency=currency,
        monthly=period == "month",
        usd=usd,
        rows=rows,
        verdict=verdict,
        params=params,
        typical=TYPICAL_FINETUNE_TOKENS,
        per_param=CHINCHILLA_TOKENS_PER_PARAM,
        china=q.u.region == "cn",
        over=over,
        largest=largest,
        days=float(days) if days else None,
    )
    return True


def offered(q: Question) -> dict[str, Any]:
    """The slots the budget answer leaves for the plan that follows: the budget, and the model size
    and method when said."""
    return {k: q.u.said[k] for k in ("budget", "params", "method") if q.u.said.get(k) is not None}


def _row(
    q: Question, params: float, method: Method, usd: float, currency: str, days: float | None = None
) -> dict[str, Any] | None:
    option = _cheapest(q, params, method)
    if option is None or not option.cost_usd or not option.quote:
        return None
    tokens = PROBE_TOKENS * usd / option.cost_usd
    planned, spent, late, on_time = (
        PROBE_TOKENS,
        usd,
        None,
        None,
    )  # `planned`: the tokens `option` is planned on
    if days is not None:
        # "we have 3 weeks and $20k": the tokens the budget buys, trained within the deadline (more GPUs at
        # once), or fewer when the plan that meets it costs more; a job no plan finishes in time says so.
        timed = _cheapest(q, params, method, tokens=tokens, days=days)
        if timed is None or not timed.cost_usd or not timed.quote:
            return None
        option, planned = timed, tokens
        # the whole budget on this plan, as far as the deadline allows (the time scales with the tokens)
        scale = usd / timed.cost_usd if timed.cost_usd > usd else min(usd / timed.cost_usd, days / timed.days)
        spent, tokens, took = timed.cost_usd * scale, tokens * scale, timed.days * scale
        if took <= days * 1.001:
            on_time = took
        else:
            late = took  # the fastest plan's days: beyond the deadline
    quote, cost = option.quote, option.cost_usd
    assert quote is not None and cost
    rate = q.catalog.usd_to_cny if currency == "CNY" else 1.0
    return {
        "days": on_time,
        "late": late,
        "params": params,
        "method": method,
        "gpu": option.gpu.name,
        "gpus": option.gpus,
        "hourly": quote.hourly_usd * rate,
        "gpu_hours": spent / quote.hourly_usd * option.gpus,
        "tokens": tokens,
        "per_billion": cost * rate * 1e9 / planned,  # the cost of 1B tokens on this plan
        "chinchilla": CHINCHILLA_TOKENS_PER_PARAM * params if method == "pretrain" else None,
        "cloud": quote.offering.cloud,
    }


def _largest_pretrain(q: Question, usd: float, days: float | None, currency: str) -> dict[str, Any] | None:
    """The largest model the budget pre-trains from scratch on its compute-optimal data (20 tokens per
    parameter) within the deadline, if any: the engine run backwards, bisecting the size (log scale) on
    whether some plan fits, costs at most the budget and finishes in time. None when even the smallest
    size does not."""
    market = q.kb.china_plan_catalog if q.u.region == "cn" else q.market

    def within(params: float) -> Option | None:
        request = SizingRequest(
            params=params,
            tokens=CHINCHILLA_TOKENS_PER_PARAM * params,
            method="pretrain",
            days=days,
            today=q.today,
        )
        try:
            result = q.plan(request, market)
        except SizingError:
            return None
        ok = [
            o
            for o in result.options
            if o.fits and o.cost_usd and o.cost_usd <= usd and (days is None or o.days <= days * 1.001)
        ]
        return min(ok, key=lambda o: (o.cost_usd, o.days)) if ok else None

    low, high = LARGEST_LOW, LARGEST_HIGH
    best = within(low)
    if best is None:
        return None
    for _ in range(LARGEST_STEPS):
        mid = (low * high) ** 0.5
        found = within(mid)
        if found is not None:
            low, best = mid, found
        else:
            high = mid
    rate = q.catalog.usd_to_cny if currency == "CNY" else 1.0
    step = 10 ** (math.floor(math.log10(low)) - 1)
    size = math.floor(low / step) * step  # two significant digits, rounded down: still within the budget
    return {
        "params": size,
        "tokens": CHINCHILLA_TOKENS_PER_PARAM * size,
        "gpu": best.gpu.name,
        "gpus": best.gpus,
        "days": best.days,
        "cost": (best.cost_usd or 0.0) * rate,
    }


def _cheapest(
    q: Question, params: float, method: Method, tokens: float = PROBE_TOKENS, days: float | None = None
) -> Option | None:
    """The plan of lowest total cost; with a deadline, the cheapest on time (else the fastest)."""
    request = SizingRequest(
        params=params,
        tokens=tokens,
        method=method,
        days=days,
        today=q.today,
    )
    # In mainland China the GPUs and prices are its own marketplaces' (as a plan there is priced).
    market = q.kb.china_plan_catalog if q.u.region == "cn" else q.market
    try:
        result = q.plan(request, market)
    except SizingError:
        return None
    priced = [o for o in result.options if o.fits and o.cost_usd]
    if days is not None:
        on_time = [o for o in priced if o.days <= days * 1.001]
        if not on_time:
            return min(priced, key=lambda o: (o.days, o.cost_usd)) if priced else None
        priced = on_time
    return min(priced, key=lambda o: (o.cost_usd, o.days)) if priced else None
