""" "Cheapest place to rent an H200?", "cheapest H100 spot?", "cheapest cloud for 8x A100 80GB?",
"cheapest cloud GPU with 48GB", "cheapest GPU with FP8", "list gpus under $1/hr": the listings that
answer it, cheapest first, per instance shape, each with its provider, instance type and snapshot date.

A count rents whole instances that hold that many GPUs (eight one-GPU machines are not an 8-GPU
server); "spot" ranks by the spot price and keeps only listings sold on spot; a memory size asked
for ("with 48GB", "80GB or more") picks the GPUs that have it. GPUs the global clouds do not rent
are quoted from the public Chinese marketplace prices (CNY, date unknown)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.dialogue.answers.base import Question
from bot.dialogue.answers.faq import spot_switch
from bot.dialogue.answers.prices import (
    HOURS_PER_MONTH,
    PERIOD_HOURS,
    cheapest_per_cloud,
    priced_clouds,
    rent_per_cloud,
)
from bot.dialogue.hardware import CHINA_GPUS
from bot.dialogue.reply import Reply
from bot.nlu.providers import china_providers
from bot.nlu.text import normalise
from bot.render.views import pick, resolve_gpus
from sizing.assumptions import RESERVED_DISCOUNT
from sizing.types import Catalog, GpuSpec

NEEDS: tuple[str, ...] = ()  # a GPU, a memory size, or neither (then every GPU the catalogue prices)
DEFAULTS = {"gpus": 1, "billing": "on_demand"}
SHOWN = 6
# GPUs listed under a price ceiling ("list gpus under $1/hr"): all of them, up to this many.
SHOWN_UNDER_CEILING = 12


# Regions no listing in the catalogue is in (none of Lambda's listed regions either): a cheapest-offering
# question asked there says so before the listings (the price answer says it for every region it knows).
HOMES_UNLISTED = ("Taiwan", "Hong Kong")


def answer(q: Question, reply: Reply) -> bool:
    catalog, china = q.catalog, q.kb.china_catalog
    count = int(q.u.said.get("gpu_count") or 1)
    spot = q.u.mentions_spot
    if spot:
        # "our spot H100 got reclaimed twice this week, pay for on-demand?": the advice, then the prices
        spot_switch(normalise(q.text).lower, reply)
    memory = q.u.gpu_memory if isinstance(q.u.gpu_memory, Mapping) else None
    specs = resolve_gpus(catalog, q.u.gpus)
    fmt = None
    if not specs:
        from bot.dialogue.answers.catalogue import number_format

        fmt = number_format(q.text)  # "cheapest GPU with FP8": only the GPUs that compute in it
        specs = [
            g
            for g in catalog.gpus
            if (memory is None or holds(g, memory)) and (fmt is None or getattr(g.tflops, fmt))
        ]
    named = [p for p in q.u.providers if p in priced_clouds(catalog)]
    # "RunPod 的 spot H100…": a provider the catalogue has no prices for is said, not silently dropped
    unpriced = [p for p in q.u.providers if p not in priced_clouds(catalog) and p not in priced_clouds(china)]
    budget = q.u.said.get("budget")
    in_cny = (
        isinstance(budget, Mapping) and budget.get("currency") == "CNY" and budget.get("period") == "hour"
    )
    # "一小时 10 块钱以内": a limit in yuan takes in the marketplaces that price in yuan too.
    cn = q.u.region == "cn" or any(p in china_providers() for p in q.u.providers) or (in_cny and not named)
    rows: list[dict[str, Any]] = []
    for spec in specs:
        found = _listings(catalog, spec, count, named or None, spot)
        if not spot and (cn or (not found and q.u.gpus)):
            found += [
                {**r, "cn": True} for r in _listings(china, spec, count, None, False, split=False)
            ]  # Chinese marketplace list prices (CNY)
        rows += found
    # "国内哪家租 A100 最便宜": asked about mainland China with no cloud named, only what is rented there;
    # none there, the clouds abroad, said so (abroad_only).
    abroad_only = False
    if q.u.region == "cn" and not named and not spot:
        there = [r for r in rows if r.get("cn")]
        abroad_only = not there and bool(rows)
        rows = there or rows
    if any(not r.get("split") for r in rows):
        # "cheapest cloud for 8x h100": a server that holds them all, when any board of the family is
        # sold so, before machines that would talk over the network
        rows = [r for r in rows if not r.get("split")]
    key = "spot_usd_per_hour" if spot else "usd_per_hour"
    rows.sort(key=lambda r: (float(r[key]) / count, r["gpu"]))
    if memory is not None or not q.u.gpus:
        rows = _one_per_gpu(rows)  # "which GPU is cheapest": one listing per GPU
    ceiling = _ceiling(q)
    above = None
    if ceiling is not None:
        # "list gpus under $1/hr": every GPU within the price (per GPU-hour, in US dollars), cheapest first
        within = [r for r in rows if float(r[key]) / count <= ceiling + 1e-9]
        above = rows[0] if rows and not within else None  # none within: the cheapest there is, above it
        rows = within
    # "阿里云上有 H800 吗？国内云哪家便宜": nothing lists the GPU asked, in mainland China; the cheapest
    # public marketplace price of each GPU there answers "which is cheapest", after saying the GPU has none.
    unlisted = (
        [s.name for s in specs] if cn and q.u.gpus and not rows and ceiling is None and not spot else []
    )
    if unlisted and count == 1:
        market = [
            {**r, "cn": True} for g in china.gpus for r in _listings(china, g, 1, None, False, split=False)
        ]
        rows = _one_per_gpu(sorted(market, key=lambda r: (float(r["usd_per_hour"]), r["gpu"])))
    for r in (*rows, *([above] if above else [])):
        record = q.kb.provider(r["cloud"])
        r["provider_name"] = pick(record.name, q.lang) if record is not None else r["cloud"]
    # "我在台湾，租 H100 哪家便宜", "cheapest H100 in Taipei": the region named, and whether any row is there
    from bot.dialogue.answers.price import region_asked  # here: the price answer imports this module

    region = region_asked(q.text) if not cn else None
    # Only where no listed region is there (Lambda's "all 17 listed regions" include Tokyo and Seoul)
    region = region if region is not None and region["en"] in HOMES_UNLISTED else None
    if region is not None:
        codes = region["codes"]
        region["found"] = any(any(c in str(r.get("region") or "").lower() for c in codes) for r in rows)
    reply.add(
        "cheapest_offering",
        region=region,
        rows=rows[: SHOWN_UNDER_CEILING if ceiling is not None else SHOWN],
        ceiling=ceiling,
        above=above,
        ceiling_cny=float(budget["amount"])
        if in_cny and ceiling is not None and isinstance(budget, Mapping)
        else None,
        count=count,
        spot=spot,
        memory=memory,
        fmt=fmt,
        gpus=[s.name for s in specs] if q.u.gpus and not unlisted else [],
        family=family_name([s.name for s in specs]) if q.u.gpus and not unlisted else None,
        # The GPUs asked about that nothing lists in China (the rows are then the marketplaces' cheapest).
        unlisted=unlisted if rows else [],
        unlisted_china_part=any(s.id in CHINA_GPUS for s in specs),
        named=named,
        unpriced=unpriced,
        abroad_only=abroad_only,
        fx=catalog.usd_to_cny,
        hours_per_month=HOURS_PER_MONTH,
        # "包年租 H100 哪家最便宜", "reserved 1-year H100 price": the year at the on-demand rate, and what the
        # engine's stated reserved discount would make of it (the catalogue has no reserved prices)
        hours_per_year=PERIOD_HOURS["year"] if q.u.price_period == "year" and not spot else None,
        reserved_discount=RESERVED_DISCOUNT,
        **_rental(q),
    )
    return True


def _rental(q: Question) -> dict[str, Any]:
    """The rental asked for, shorter than a month ("8 H100s for a week", "for 3 days", "per day"): its
    hours, the total is the listed rate times them (None: a month, a year or no period said)."""
    days, period = q.u.said.get("days"), q.u.price_period
    if period in ("day", "week") and days in (None, PERIOD_HOURS[str(period)] / 24):
        return {"rental_hours": PERIOD_HOURS[str(period)], "rental_days": None, "rental_period": period}
    if isinstance(days, int | float) and 0 < days < PERIOD_HOURS["month"] / 24:
        return {"rental_hours": float(days) * 24, "rental_days": float(days), "rental_period": None}
    return {"rental_hours": None, "rental_days": None, "rental_period": None}


def _ceiling(q: Question) -> float | None:
    """An hourly price said as a ceiling on the GPUs listed, in US dollars per GPU-hour (None: none)."""
    budget = q.u.said.get("budget")
    if not isinstance(budget, Mapping) or budget.get("period") != "hour" or not budget.get("amount"):
        return None
    amount = float(budget["amount"])
    return amount / q.catalog.usd_to_cny if budget.get("currency") == "CNY" else amount


def _listings(
    catalog: Catalog,
    spec: GpuSpec,
    count: int,
    clouds: list[str] | None,
    spot: bool,
    *,
    split: bool = True,
) -> list[dict[str, Any]]:
    """Per provider the cheapest way to rent `count` GPUs: for one GPU its share of an instance
    (the price per GPU), for several the whole instances that hold them (`split`: or, where none
    is that big, the largest there are; never for marketplaces that list GPUs of shared hosts)."""
    if count > 1:
        return rent_per_cloud(catalog, spec, count, clouds, spot=spot, split=split)
    return [
        {
            **r,
            "instances": 1,
            "usd_per_hour": r["usd_per_gpu_hour"],
            "spot_usd_per_hour": r["spot_usd_per_gpu_hour"],
        }
        for r in cheapest_per_cloud(catalog, spec, clouds, spot=spot)
    ]


def holds(spec: GpuSpec, memory: Mapping[str, Any]) -> bool:
    """Whether a GPU has the memory asked for ({"op": ">=" | ">" | "<=" | "=", "gb": ...})."""
    gb = float(memory.get("gb") or 0.0)
    if memory.get("op") == "=":
        return abs(spec.memory_gb - gb) < 0.5
    if memory.get("op") == ">":
        return spec.memory_gb > gb + 0.5
    return spec.memory_gb <= gb if memory.get("op") == "<=" else spec.memory_gb >= gb


def _one_per_gpu(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    seen: set[str] = set()
    out = []
    for r in rows:
        if r["gpu"] not in seen:
            seen.add(r["gpu"])
            out.append(r)
    return out


def family_name(names: list[str]) -> str | None:
    """The family several boards share, as their names begin ("NVIDIA H100 PCIe", "NVIDIA H100 SXM5",
    "NVIDIA H100 NVL" -> "NVIDIA H100"): how "spot price for H100" names what it asked about. None for one
    GPU, or GPUs of different families."""
    if len(names) < 2:
        return None
    words = [n.split() for n in names]
    common: list[str] = []
    for group in zip(*words, strict=False):
        if len(set(group)) != 1:
            break
        common.append(group[0])
    return " ".join(common) if len(common) >= 2 else None
