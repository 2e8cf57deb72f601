"""Price a plan from catalog offerings: whole instances, cheapest usable cloud, on-demand and spot."""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass

from sizing.assumptions import RESERVED_DISCOUNT, STALE_AFTER_DAYS
from sizing.types import Catalog, Offering

# Flags (substrings) that make an offering's price unusable for quoting: capacity-block-only
# instances have no on-demand price (hardware.md §3.5 #5); suspect/outlier rows (§3.5 #1-2).
UNUSABLE_FLAG_WORDS = ("capacity", "suspect", "outlier", "artifact", "invalid", "unverified", "zero")
HOURS_PER_MONTH = 730.0  # 365·24/12, the cloud billing convention


@dataclass(frozen=True, slots=True)
class Quote:
    offering: Offering
    instances: int
    hourly_usd: float  # on-demand, all instances
    spot_hourly_usd: float | None
    on_demand_usd: float  # for the whole run
    spot_usd: float | None
    billing: str  # "pay_as_you_go" | "monthly_or_reserved"


def usable(o: Offering) -> bool:
    if o.price_usd_per_hour is None or not o.price_usd_per_hour > 0 or o.gpu_count < 1:
        return False
    return not any(word in flag.lower() for flag in o.flags for word in UNUSABLE_FLAG_WORDS)


def billing_for(days: float) -> str:
    """Reserve/monthly pays off when the GPUs run most of the month: above 1 - RESERVED_DISCOUNT
    utilisation (30.4 = 365/12 days a month)."""
    busy_days_per_month = min(days, 30.4)
    return "monthly_or_reserved" if busy_days_per_month >= 30.4 * (1 - RESERVED_DISCOUNT) else "pay_as_you_go"


def usable_offerings(catalog: Catalog) -> dict[str, tuple[Offering, ...]]:
    """Usable offerings per GPU id, so a plan filters the catalog once rather than per quote."""
    out: dict[str, list[Offering]] = {}
    for o in catalog.offerings:
        if usable(o):
            out.setdefault(o.gpu_id, []).append(o)
    return {gid: tuple(offers) for gid, offers in out.items()}


def quote(
    catalog: Catalog,
    gpu_id: str,
    gpus: int,
    days: float,
    offerings: tuple[Offering, ...] | None = None,
) -> Quote | None:
    """Cheapest usable offering for `gpus` GPUs of this type for `days` of wall-clock.

    `offerings`, when given, are this GPU's usable offerings (see usable_offerings)."""
    hours = days * 24.0
    chosen: tuple[float, str, Offering, int] | None = None
    if offerings is None:
        offerings = tuple(o for o in catalog.offerings if o.gpu_id == gpu_id and usable(o))
    for o in offerings:
        assert o.price_usd_per_hour is not None
        instances = math.ceil(gpus / o.gpu_count - 1e-9)
        total = instances * o.price_usd_per_hour * hours
        if chosen is None or (total, o.id) < chosen[:2]:
            chosen = (total, o.id, o, instances)
    if chosen is None:
        return None
    _, _, o, instances = chosen
    assert o.price_usd_per_hour is not None
    hourly = instances * o.price_usd_per_hour
    spot_ok = o.spot_usd_per_hour is not None and 0 < o.spot_usd_per_hour < o.price_usd_per_hour
    spot_hourly = instances * o.spot_usd_per_hour if spot_ok and o.spot_usd_per_hour else None
    return Quote(
        offering=o,
        instances=instances,
        hourly_usd=hourly,
        spot_hourly_usd=spot_hourly,
        on_demand_usd=hourly * hours,
        spot_usd=spot_hourly * hours if spot_hourly is not None else None,
        billing=billing_for(days),
    )


def stale(catalog: Catalog, gpu_id: str, today: dt.date | None) -> dt.date | None:
    """The as_of date of this GPU's prices when they are older than STALE_AFTER_DAYS at `today`."""
    if today is None:
        return None
    dates = [o.as_of for o in catalog.offerings if o.gpu_id == gpu_id and usable(o)]
    if not dates:
        return None
    oldest = min(dates)
    return oldest if (today - oldest).days > STALE_AFTER_DAYS else None
