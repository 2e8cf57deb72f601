"""Price rules applied to every offering at load (shipped snapshots and an operator's file alike), so
a price tells the truth about itself before any plan quotes it.

1. Documented spot range. A provider documents how much cheaper spot capacity is (providers.yaml
   `spot_discount`, e.g. GCP 60-91% off). A row whose observed spot discount is under half the
   documented minimum has an on-demand figure that cannot be the list price (GCP a3-ultragpu-8g at
   $49.36 with spot only 14% lower, against a public ~$85): `price_outlier`, never quoted. Half, not
   all of it: spot prices move by region and month (GCP may change them every 30 days) and GPU
   rows run a little under the headline range. A discount beyond the documented maximum is a spot
   price the provider does not sell: `spot_outside_documented_range`, spot not quoted. Whatever a
   provider documents, a spot price less than SPOT_NEAR_ONDEMAND below on-demand is no market price
   but on-demand copied into the spot column (Azure ND96isr_H200_v5: $84.80 both):
   `spot_equals_ondemand` (`spot_above_ondemand` above it), spot not quoted.
2. Derived spot. Markets for different GPUs do not clear at one ratio to four decimals: when rows
   of one cloud for DERIVED_SPOT_MIN_GPUS or more GPU models share the same spot/on-demand ratio,
   the spot prices were computed from on-demand, not observed (about 20 Azure rows at exactly
   18.48%): `spot_derived`, spot not quoted.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

from knowledge.schema import OfferingFlag, OfferingRecord, ProviderRecord
from sizing.cost import quotable_spot_usd_per_hour, usable
from sizing.types import Currency, Offering

Market = Literal["global", "cn"]

SPOT_NEAR_ONDEMAND = 0.05  # under 5% off is no spot market; such a row copied on-demand
DERIVED_SPOT_MIN_GPUS = 3  # distinct GPU models sharing one ratio before we call it a formula
RATIO_DIGITS = 4


def market(o: OfferingRecord, providers: Mapping[str, ProviderRecord]) -> Market:
    """ "cn" for a mainland-China provider's list price, else "global" (operator clouds included)."""
    provider = providers.get(o.cloud)
    return provider.market if provider is not None else "global"


def spot_ratio(o: OfferingRecord) -> float | None:
    """Spot price / on-demand price in the listed currency; None without both."""
    on_demand, spot = o.list_price_per_hour, o.list_spot_per_hour
    if on_demand is None or spot is None or on_demand <= 0:
        return None
    return spot / on_demand


def range_flags(o: OfferingRecord, provider: ProviderRecord | None) -> list[OfferingFlag]:
    """Flags from the provider's documented spot discount range (rule 1 of the module doc)."""
    ratio = spot_ratio(o)
    if ratio is None:
        return []
    if ratio > 1 + 1e-9:
        return ["spot_above_ondemand"]
    if ratio > 1 - SPOT_NEAR_ONDEMAND:
        near: list[OfferingFlag] = ["spot_equals_ondemand"]
        documented_min = provider.spot_discount.min if provider and provider.spot_discount else 0.0
        if 1.0 - ratio < documented_min / 2:  # rule 1 as well: the on-demand figure is suspect too
            near.insert(0, "price_outlier")
        return near
    if provider is None or provider.spot_discount is None:
        return []
    documented = provider.spot_discount
    discount = 1.0 - ratio
    if discount < documented.min / 2:
        return ["price_outlier"]
    if discount > documented.max + 0.005:  # the documented maximum is a rounded percentage
        return ["spot_outside_documented_range"]
    return []


def derived_spot_ids(offerings: Iterable[OfferingRecord]) -> set[str]:
    """Ids whose spot price is one ratio shared by several GPU models of one cloud (rule 2)."""
    groups: dict[tuple[str, float], list[OfferingRecord]] = defaultdict(list)
    for o in offerings:
        ratio = spot_ratio(o)
        if ratio is not None and ratio < 1:
            groups[(o.cloud, round(ratio, RATIO_DIGITS))].append(o)
    return {
        o.id for rows in groups.values() if len({o.gpu for o in rows}) >= DERIVED_SPOT_MIN_GPUS for o in rows
    }


def apply_price_rules(
    offerings: tuple[OfferingRecord, ...], providers: Mapping[str, ProviderRecord]
) -> tuple[OfferingRecord, ...]:
    """The offerings with the flags the rules add (each flag once, in a stable order)."""
    derived = derived_spot_ids(offerings)
    out: list[OfferingRecord] = []
    for o in offerings:
        added = range_flags(o, providers.get(o.cloud)) + (["spot_derived"] if o.id in derived else [])
        new = tuple(flag for flag in dict.fromkeys(added) if flag not in o.flags)
        out.append(o.model_copy(update={"flags": o.flags + new}) if new else o)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class PriceRow:
    """One usable listing as an answer quotes it: per GPU-hour, in the currency the provider lists
    (CNY for a Chinese list price) and in USD, with its spot price only when quotable."""

    gpu: str
    cloud: str
    market: Market
    instance: str
    gpus_per_instance: float
    region: str
    currency: Currency
    per_gpu_hour: float  # in `currency`
    usd_per_gpu_hour: float
    spot_per_gpu_hour: float | None  # in `currency`; None: no spot, or a spot column not to quote
    as_of: dt.date | None  # None: the source gives no date ("date unknown")
    source: str


def price_rows(
    offerings: Iterable[Offering], providers: Mapping[str, ProviderRecord], usd_to_cny: float
) -> list[PriceRow]:
    """Every listing a plan may price from (sizing.cost.usable), cheapest per GPU-hour first."""
    out: list[PriceRow] = []
    for o in offerings:
        if not usable(o) or o.price_usd_per_hour is None:
            continue
        rate = usd_to_cny if o.currency == "CNY" else 1.0
        spot = quotable_spot_usd_per_hour(o)
        provider = providers.get(o.cloud)
        out.append(
            PriceRow(
                gpu=o.gpu_id,
                cloud=o.cloud,
                market=provider.market if provider is not None else "global",
                instance=o.instance_type,
                gpus_per_instance=o.gpu_count,
                region=o.region,
                currency=o.currency,
                per_gpu_hour=o.price_usd_per_hour * rate / o.gpu_count,
                usd_per_gpu_hour=o.price_usd_per_hour / o.gpu_count,
                spot_per_gpu_hour=spot * rate / o.gpu_count if spot is not None else None,
                as_of=o.as_of,
                source=o.source,
            )
        )
    return sorted(out, key=lambda r: (r.usd_per_gpu_hour, r.cloud, r.instance))
