""" "Is Lambda cheaper than AWS for H100s?", "阿里云和腾讯云哪个便宜？": which provider is cheaper for a
GPU, by how much per GPU-hour and per GPU-month, with the price dates. A provider the catalogue
holds no prices for is named as such (never a guessed price), with the provider checklist and how
an operator loads its own price list."""

from __future__ import annotations

from typing import Any

from bot.dialogue.answers.base import Question
from bot.dialogue.answers.prices import (
    HOURS_PER_MONTH,
    PERIOD_HOURS,
    cheapest_per_cloud,
    every_market,
    priced_clouds,
    rent_per_cloud,
)
from bot.dialogue.reply import Reply
from bot.nlu.lexicon import find_phrase
from bot.nlu.providers import china_providers
from bot.nlu.text import normalise
from bot.render.views import pick, resolve_gpus

NEEDS = ("a provider",)
DEFAULTS = {"billing": "on_demand", "gpu": "every GPU the named providers both rent"}
# "is AWS more expensive than Lambda": the question asks about the dearer side.
DEARER = ("more expensive", "pricier", "costlier", "dearer", "贵")
MAX_GPUS_COMPARED = 8
# Prices within 2% of each other are the same price (rounding between snapshots).
SAME_PRICE = 0.02
CHECKLIST_SHOWN = 6
REFERENCE_SHOWN = 3  # marketplace prices quoted for a GPU no named provider prices


def answer(q: Question, reply: Reply) -> bool:
    named = list(dict.fromkeys(q.u.providers))
    if not named:
        return False
    # The clouds' list prices and the Chinese marketplaces' alike, as the price answer quotes them.
    market = every_market(q.kb)
    clouds = priced_clouds(market)
    priced = [p for p in named if p in clouds]
    unpriced = [p for p in named if p not in clouds]
    specs = resolve_gpus(q.catalog, q.u.gpus) or list(q.catalog.gpus)
    rows: list[dict[str, Any]] = []
    for spec in specs:
        offers = {r["cloud"]: r for r in cheapest_per_cloud(market, spec, priced)}
        # A GPU named is shown wherever it is priced; otherwise only the GPUs two providers share.
        if offers and len(offers) >= (1 if q.u.gpus else min(2, len(priced))):
            rows.append(
                {"name": spec.name, "id": spec.id, "offers": [offers[p] for p in priced if p in offers]}
            )
    if q.u.gpus and any(len(r["offers"]) >= 2 for r in rows):
        rows = [r for r in rows if len(r["offers"]) >= 2]  # a family named: the variants both rent
    if not q.u.gpus:
        # Without a GPU named, a table is worth it only when two priced providers can be compared.
        rows = rows[:MAX_GPUS_COMPARED] if len(priced) >= 2 else []
    verdict = decide(rows, priced, q) if len(priced) == 2 else None
    if verdict is not None:
        verdict["total"] = rental_total(q, market, verdict)
    listed = {o["cloud"] for r in rows for o in r["offers"]}
    # Priced providers without the GPU asked about, or (no GPU named) with no GPU in common: what
    # each of them does price, so the answer is never empty.
    missing = [p for p in priced if q.u.gpus and p not in listed]
    alone = {
        p: [g.name for g in q.catalog.gpus if cheapest_per_cloud(market, g, [p])]
        for p in priced
        if not q.u.gpus and not rows and len(priced) >= 2
    }
    reply.add(
        "provider_compare",
        reference=marketplace_reference(q, named) if unpriced and not verdict else [],
        rows=rows,
        priced=priced,
        unpriced=unpriced,
        china=[p for p in unpriced if p in china_providers()],
        verdict=verdict,
        gpu_named=bool(q.u.gpus),
        missing=missing,
        alone=alone,
        checklist=checklist(q, reply.lang) if unpriced else [],
        fx=q.catalog.usd_to_cny,
        hours_per_month=HOURS_PER_MONTH,
    )
    return True


def marketplace_reference(q: Question, named: list[str]) -> list[dict[str, Any]]:
    """ "AutoDL 和腾讯云的 4090 哪个便宜" with neither priced: the GPU named, at the Chinese marketplaces
    the catalogue does price (算家云 and the like), as a reference with each price's date and source;
    none for a GPU no marketplace lists, or when no GPU is named."""
    if not q.u.gpus or not any(p in china_providers() for p in named):
        return []
    cn = q.kb.china_catalog
    out: list[dict[str, Any]] = []
    for spec in resolve_gpus(q.catalog, q.u.gpus)[:2]:
        for r in cheapest_per_cloud(cn, spec)[:REFERENCE_SHOWN]:
            if r["cloud"] in named:
                continue
            listed = (o for o in cn.offerings if o.cloud == r["cloud"] and o.instance_type == r["instance"])
            source = next((o.source for o in listed), "")
            out.append({**r, "source": source.split(" (")[0]})
    return out


def decide(rows: list[dict[str, Any]], priced: list[str], q: Question) -> dict[str, Any] | None:
    """Which of two providers is cheaper on the GPUs both rent; for a yes/no question, whether the
    first-named one is (or, "more expensive than", is not)."""
    pairs = [r for r in rows if len(r["offers"]) == 2]
    if not pairs:
        return None
    wins = {p: 0 for p in priced}
    for r in pairs:
        low, high = sorted(r["offers"], key=lambda o: o["usd_per_gpu_hour"])
        if low["usd_per_gpu_hour"] < high["usd_per_gpu_hour"] * (1 - SAME_PRICE):
            wins[low["cloud"]] += 1
    cheaper = max(priced, key=lambda p: wins[p])
    mixed = wins[cheaper] < len(pairs)
    # The GPU the headline quotes: the first one named, else the one with the largest gap.
    first = pairs[0]["offers"] if q.u.gpus else max(pairs, key=_gap)["offers"]
    low, high = sorted(first, key=lambda o: o["usd_per_gpu_hour"])
    dearer_asked = any(find_phrase(normalise(q.text).lower, c) != -1 for c in DEARER)
    subject = priced[0]
    yes = (subject != cheaper) if dearer_asked else (subject == cheaper)
    return {
        "cheaper": cheaper,
        "other": next(p for p in priced if p != cheaper),
        "mixed": mixed,
        "yes_no": q.u.yes_no,
        "answer": "yes" if yes else "no",
        "name": (pairs[0] if q.u.gpus else max(pairs, key=_gap))["name"],
        "id": (pairs[0] if q.u.gpus else max(pairs, key=_gap)).get("id"),
        "wins": wins[cheaper],
        "compared": len(pairs),
        "low": low,
        "high": high,
        "saving": 1 - low["usd_per_gpu_hour"] / high["usd_per_gpu_hour"],
        "saving_month": (high["usd_per_gpu_hour"] - low["usd_per_gpu_hour"]) * HOURS_PER_MONTH,
        # "yearly cost of one H100 on Lambda vs AWS?": the saving over the year asked as well
        "saving_year": (high["usd_per_gpu_hour"] - low["usd_per_gpu_hour"]) * PERIOD_HOURS["year"]
        if q.u.price_period == "year"
        else None,
    }


def rental_total(q: Question, market: Any, verdict: dict[str, Any]) -> dict[str, Any] | None:
    """ "8x H100 per month on AWS vs Lambda": what that many GPUs cost over the period asked at each
    of the two providers, rented as whole instances; None for one GPU by the hour (the headline)."""
    count = int(q.u.said.get("gpu_count") or 1)
    period = q.u.price_period if q.u.price_period in PERIOD_HOURS else None
    if count <= 1 and period in (None, "hour"):
        return None
    spec = q.catalog.gpu_or_none(verdict.get("id"))
    if spec is None:
        return None
    clouds = [verdict["low"]["cloud"], verdict["high"]["cloud"]]
    if count > 1:
        found = rent_per_cloud(market, spec, count, clouds)
    else:
        found = [
            {**r, "instances": 1, "usd_per_hour": r["usd_per_gpu_hour"]}
            for r in cheapest_per_cloud(market, spec, clouds)
        ]
    if len(found) < 2:
        return None
    hours = PERIOD_HOURS[period] if period else 1.0
    rows = [
        {
            "cloud": r["cloud"],
            "usd": r["usd_per_hour"] * hours,
            # one GPU is quoted at its per-GPU price, as the price answer does
            "gpus": r["instances"] * r["gpus_per_instance"] if count > 1 else 1,
            "instance": r["instance"],
        }
        for r in sorted(found, key=lambda r: r["usd_per_hour"])
    ]
    return {"count": count, "period": period or "hour", "hours": hours, "rows": rows}


def _gap(row: dict[str, Any]) -> float:
    prices = sorted(o["usd_per_gpu_hour"] for o in row["offers"])
    return prices[-1] / prices[0] if prices[0] else 0.0


def checklist(q: Question, lang: str) -> list[str]:
    """The provider checklist (knowledge/data/checklist.yaml), the first few items."""
    return [pick(item.text, lang) for item in q.kb.checklist[:CHECKLIST_SHOWN]]
