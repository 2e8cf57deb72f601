"""Prices as the catalogue holds them: per GPU-hour, per provider, each with its snapshot date.

Only offerings the engine would price (sizing.cost.usable) are quoted, so an answer about prices
and a plan never disagree; flagged listings are counted, never shown as prices.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sizing.cost import quotable_spot_usd_per_hour, usable
from sizing.types import Catalog, GpuSpec, Offering

# A month of on-demand rent: 365 / 12 days of 24 hours (sizing.assumptions' month).
HOURS_PER_MONTH = 24 * 365 / 12


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
    spot_instance = quotable_spot_usd_per_hour(o)  # a flagged spot column is never quoted as spot
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
    }


def cheapest_per_cloud(
    catalog: Catalog, spec: GpuSpec, clouds: Iterable[str] | None = None
) -> list[dict[str, Any]]:
    """The cheapest usable on-demand offering of `spec` at each provider, cheapest first."""
    wanted = set(clouds) if clouds is not None else None
    best: dict[str, Offering] = {}
    for o in catalog.offerings:
        if o.gpu_id != spec.id or not usable(o) or (wanted is not None and o.cloud not in wanted):
            continue
        if o.cloud not in best or per_gpu_hour(o) < per_gpu_hour(best[o.cloud]):
            best[o.cloud] = o
    return sorted((row(o, spec) for o in best.values()), key=lambda r: r["usd_per_gpu_hour"])


def flagged_listings(catalog: Catalog, spec: GpuSpec) -> int:
    """Listings of `spec` with a price the engine refuses (flagged data)."""
    return sum(1 for o in catalog.offerings if o.gpu_id == spec.id and o.price_usd_per_hour and not usable(o))


def cheapest(catalog: Catalog, spec: GpuSpec) -> dict[str, Any] | None:
    """The cheapest usable offering of `spec` per GPU-hour."""
    rows = cheapest_per_cloud(catalog, spec)
    return rows[0] if rows else None


# GPUs of one job sit in as few machines as possible: up to a node's worth in one instance.
NODE_GPUS = 8


def rent(catalog: Catalog, spec: GpuSpec, gpus: int) -> dict[str, Any] | None:
    """What `gpus` × `spec` cost per hour as rented: whole instances, each holding
    min(gpus, 8) GPUs or more (eight single-GPU machines are not an 8-GPU job), the cheapest
    such set. The row of the offering, plus `instances` and `usd_per_hour` for all of them."""
    need = min(gpus, NODE_GPUS)
    best: tuple[float, Offering, int] | None = None
    for o in catalog.offerings:
        if o.gpu_id != spec.id or not usable(o) or o.gpu_count < need:
            continue
        instances = -(-gpus // int(o.gpu_count))
        total = instances * float(o.price_usd_per_hour or 0.0)
        if best is None or total < best[0]:
            best = (total, o, instances)
    if best is None:
        return None
    total, offering, instances = best
    return {**row(offering, spec), "instances": instances, "usd_per_hour": total}
