"""Price rules applied to every offering at load (shipped snapshots and an operator's file alike), so
a price tells the truth about itself before any plan quotes it.

1. Documented spot range. A provider documents how much cheaper spot capacity is (providers.yaml
   `spot_discount`, e.g. GCP 60-91% off). A row whose observed spot discount is under half the
   documented minimum has an on-demand figure that cannot be the list price (GCP a3-ultragpu-8g at
   $49.36 with spot only 14% lower, against a public ~$85): `price_outlier`, never quoted. Half, not
   all of it: spot prices move by region and month (GCP may change them every 30 days) and GPU
   rows run a little under the headline range. A discount beyond the documented maximum is a spot
   price the provider does not sell: `spot_outside_documented_range`, spot not quoted.
2. Derived spot. Markets for different GPUs do not clear at one ratio to four decimals: when rows
   of one cloud for DERIVED_SPOT_MIN_GPUS or more GPU models share the same spot/on-demand ratio,
   the spot prices were computed from on-demand, not observed (about 20 Azure rows at exactly
   18.48%): `spot_derived`, spot not quoted.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping

from knowledge.schema import OfferingFlag, OfferingRecord, ProviderRecord

DERIVED_SPOT_MIN_GPUS = 3  # distinct GPU models sharing one ratio before we call it a formula
RATIO_DIGITS = 4


def market(o: OfferingRecord, providers: Mapping[str, ProviderRecord]) -> str:
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
    if ratio is None or ratio >= 1 or provider is None or provider.spot_discount is None:
        return []  # spot at or above on-demand is flagged from the snapshot itself
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
