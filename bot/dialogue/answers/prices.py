"""Prices as the catalogue holds them: per GPU-hour, per provider, each with its snapshot date.

Only offerings the engine would price (sizing.cost.usable) are quoted, so an answer about prices
and a plan never disagree; flagged listings are counted, never shown as prices.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from sizing.cost import quotable_spot_usd_per_hour, usable
from sizing.types import Catalog, GpuSpec, Offering

if TYPE_CHECKING:
    from knowledge import KnowledgeBase

# A month of on-demand rent: 365 / 12 days of 24 hours (sizing.assumptions' month).
HOURS_PER_MONTH = 24 * 365 / 12
# The periods a price question asks about (Parse.price_period), in hours of rent.
PERIOD_HOURS = {"hour": 1.0, "day": 24.0, "week": 168.0, "month": HOURS_PER_MONTH, "year": 24.0 * 365}


def per_gpu_hour(o: Offering) -> float:
    return float(o.price_usd_per_hour or 0.0) / o.gpu_count


def priced_clouds(catalog: Catalog) -> tuple[str, ...]:
    """Providers with at least one usable price, in the catalogue's order."""
    out: list[str] = []
    for o in catalog.offerings:
        if usable(o) and o.cloud not in out:
            out.append(o.cloud)
    return tuple(out)


def row(o: Offering, spec: GpuSpec) -> dict[str, Any]:
    spot_instance = quotable_spot_usd_per_hour(o)  # flagged or no lower than on demand: not quoted
    spot = spot_instance / o.gpu_count if spot_instance is not None else None
    return {
        "gpu": spec.id,
        "name": spec.name,
        "cloud": o.cloud,
        "instance": o.instance_type,
        "gpus_per_instance": int(o.gpu_count),
        "region": o.region,
        "usd_per_gpu_hour": per_gpu_hour(o),
        "usd_per_gpu_month": per_gpu_hour(o) * HOURS_PER_MONTH,
        "spot_usd_per_gpu_hour": spot,
        "as_of": o.as_of.isoformat() if o.as_of else None,  # None: the snapshot gives no date
        "currency": o.currency,  # the provider's own list currency (CNY for Chinese marketplaces)
    }


def cheapest_per_cloud(
    catalog: Catalog, spec: GpuSpec, clouds: Iterable[str] | None = None, *, spot: bool = False
) -> list[dict[str, Any]]:
    """The cheapest usable on-demand offering of `spec` at each provider, cheapest first; `spot`:
    the cheapest spot price per GPU instead (listings with a real spot discount only)."""
    wanted = set(clouds) if clouds is not None else None
    key = "spot_usd_per_gpu_hour" if spot else "usd_per_gpu_hour"
    best: dict[str, dict[str, Any]] = {}
    for o in catalog.offerings:
        if o.gpu_id != spec.id or not usable(o) or (wanted is not None and o.cloud not in wanted):
            continue
        r = row(o, spec)
        if r[key] is None:
            continue
        if o.cloud not in best or r[key] < best[o.cloud][key]:
            best[o.cloud] = r
    return sorted(best.values(), key=lambda r: float(r[key]))


def flagged_listings(catalog: Catalog, spec: GpuSpec) -> int:
    """Listings of `spec` with a price the engine refuses (flagged data)."""
    return sum(1 for o in catalog.offerings if o.gpu_id == spec.id and o.price_usd_per_hour and not usable(o))


def cheapest(catalog: Catalog, spec: GpuSpec) -> dict[str, Any] | None:
    """The cheapest usable offering of `spec` per GPU-hour."""
    rows = cheapest_per_cloud(catalog, spec)
    return rows[0] if rows else None


def quote(kb: KnowledgeBase, spec: GpuSpec, *, cn: bool = False) -> dict[str, Any] | None:
    """The one price an answer headlines for a GPU (a comparison, a card), as the price answer
    quotes it: the cheapest on-demand listing per GPU-hour of the global clouds, or where they rent
    none (RTX 4090, H20, A800...) or the question is about mainland China (`cn`), the cheapest
    public Chinese marketplace price, in the CNY it is listed in. The row of `cheapest`, plus
    `market` and `per_gpu_hour` in the listed currency; None when the catalogue prices it nowhere."""
    markets = (("cn", kb.china_catalog), ("global", kb.catalog))
    for market, catalog in markets if cn else markets[::-1]:
        found = cheapest(catalog, spec)
        if found is not None:
            rate = catalog.usd_to_cny if found["currency"] == "CNY" else 1.0
            return {**found, "market": market, "per_gpu_hour": found["usd_per_gpu_hour"] * rate}
    return None


def every_market(kb: KnowledgeBase) -> Catalog:
    """The global catalogue with the Chinese marketplace and operator offerings added: what an answer
    about named providers prices from, so a marketplace the price answer quotes (恒源云, 算家云) is
    never "no prices" in a provider comparison. The same object for the same knowledge base."""
    kept = _EVERY.get(id(kb))
    if kept is not None and kept[0] is kb:
        return kept[1]
    seen = {o.id for o in kb.catalog.offerings}
    extra = tuple(o for o in kb.china_catalog.offerings if o.id not in seen)
    merged = replace(kb.catalog, offerings=kb.catalog.offerings + extra)
    _EVERY[id(kb)] = (kb, merged)
    return merged


_EVERY: dict[int, tuple[KnowledgeBase, Catalog]] = {}


# GPUs of one job sit in as few machines as possible: up to a node's worth in one instance.
NODE_GPUS = 8


def rent(catalog: Catalog, spec: GpuSpec, gpus: int) -> dict[str, Any] | None:
    """What `gpus` × `spec` cost per hour as rented: whole instances, each holding
    min(gpus, 8) GPUs or more (eight single-GPU machines are not an 8-GPU job), the cheapest
    such set. The row of the offering, plus `instances` and `usd_per_hour` for all of them."""
    rows = rent_per_cloud(catalog, spec, gpus)
    return rows[0] if rows else None


def rent_per_cloud(
    catalog: Catalog,
    spec: GpuSpec,
    gpus: int,
    clouds: Iterable[str] | None = None,
    *,
    spot: bool = False,
    split: bool = False,
) -> list[dict[str, Any]]:
    """`rent` at each provider (of `clouds`, or all), cheapest first; `spot`: by spot price, only
    offerings sold on spot. `split`: where no instance anywhere holds min(gpus, 8) of them, the
    largest instances there are (a price quote, not a plan: those talk over the network). Each row
    adds `instances`, `usd_per_hour` (on demand, all instances), `spot_usd_per_hour` (all
    instances, or None) and `split` (several instances only because none is big enough)."""
    node = min(gpus, NODE_GPUS)
    sizes = [o.gpu_count for o in catalog.offerings if o.gpu_id == spec.id and usable(o)]
    # No instance anywhere holds a node's worth ("8 × A100 80GB PCIe", sold as VMs of at most 4):
    # the largest instances there are, which then talk over the network (rows say `split`).
    need = min(node, max(sizes)) if split and sizes else node
    wanted = set(clouds) if clouds is not None else None
    best: dict[str, tuple[float, Offering, int]] = {}
    for o in catalog.offerings:
        if o.gpu_id != spec.id or not usable(o) or o.gpu_count < need:
            continue
        if (wanted is not None and o.cloud not in wanted) or (spot and not o.spot_usd_per_hour):
            continue
        instances = -(-gpus // int(o.gpu_count))
        hourly = o.spot_usd_per_hour if spot else o.price_usd_per_hour
        total = instances * float(hourly or 0.0)
        if o.cloud not in best or total < best[o.cloud][0]:
            best[o.cloud] = (total, o, instances)
    out = []
    for _total, o, instances in sorted(best.values(), key=lambda b: b[0]):
        spot_total = instances * float(o.spot_usd_per_hour) if o.spot_usd_per_hour else None
        if spot_total is not None and spot_total >= instances * float(o.price_usd_per_hour or 0.0):
            spot_total = None  # no discount: not a spot price worth quoting
        if spot and spot_total is None:
            continue  # asked for spot: a listing without a real discount is not one
        out.append(
            {
                **row(o, spec),
                "instances": instances,
                "usd_per_hour": instances * float(o.price_usd_per_hour or 0.0),
                "spot_usd_per_hour": spot_total,
                "split": instances > 1 and need < node,
            }
        )
    return out


def price_range(catalog: Catalog, spec: GpuSpec) -> dict[str, Any] | None:
    """The on-demand prices per GPU-hour of `spec` over every usable offering (low, high, how many
    listings) and the lowest spot price: what a quoted price is judged against."""
    rates = [per_gpu_hour(o) for o in catalog.offerings if o.gpu_id == spec.id and usable(o)]
    if not rates:
        return None
    spots = [
        float(o.spot_usd_per_hour) / o.gpu_count
        for o in catalog.offerings
        if o.gpu_id == spec.id and usable(o) and o.spot_usd_per_hour
    ]
    return {
        "low": min(rates),
        "high": max(rates),
        "listings": len(rates),
        "spot_low": min(spots, default=None),
    }
