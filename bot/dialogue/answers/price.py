""" "What does an H200 cost?": per GPU-hour and per GPU-month at each provider the catalogue
prices, cheapest first, each with its snapshot date."""

from __future__ import annotations

from typing import Any

from bot.dialogue.answers.base import Question
from bot.dialogue.answers.prices import (
    HOURS_PER_MONTH,
    cheapest,
    cheapest_per_cloud,
    flagged_listings,
    priced_clouds,
)
from bot.dialogue.hardware import CHINA_GPUS
from bot.dialogue.reply import Reply
from bot.render.views import resolve_gpus

NEEDS: tuple[str, ...] = ()  # without a GPU named, the catalogue's cheapest price per GPU
DEFAULTS = {"billing": "on_demand", "hours_per_month": HOURS_PER_MONTH}


def answer(q: Question, reply: Reply) -> bool:
    catalog = q.catalog
    clouds = priced_clouds(catalog)
    named = [p for p in q.u.providers if p in clouds]
    unpriced = [p for p in q.u.providers if p not in clouds]
    specs = resolve_gpus(catalog, q.u.gpus)
    items: list[dict[str, Any]] = []
    for spec in specs:
        items.append(
            {
                "name": spec.name,
                "rows": cheapest_per_cloud(catalog, spec, named or None),
                "flagged": flagged_listings(catalog, spec),
                "china": spec.id in CHINA_GPUS,
                "consumer": spec.segment == "consumer",
            }
        )
    overview = []
    if not specs:
        overview = [r for spec in catalog.gpus if (r := cheapest(catalog, spec)) is not None]
        overview.sort(key=lambda r: r["usd_per_gpu_hour"])
    reply.add(
        "price",
        items=items,
        overview=overview,
        period=q.u.price_period,
        unpriced=unpriced,
        clouds=list(clouds),
        fx=catalog.usd_to_cny,
        hours_per_month=HOURS_PER_MONTH,
    )
    return True
