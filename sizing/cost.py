"""Price a plan from catalog offerings: purchasable instance shapes, cheapest usable cloud.

Shapes (a multi-GPU training job needs its GPUs on one instance, or on 8-GPU nodes joined by a
fast network; separate single-GPU VMs have neither NVLink nor RDMA between them):
- n GPUs on one node: one instance with at least n GPUs of the type; unused GPUs are paid for;
- more GPUs than any one instance holds: whole 8-GPU instances (GPUS_PER_NODE), and only those
  whose scale-out network the catalog knows when any is known; of those, the ones whose network
  covers the plan's need (network.py), else the fastest network on sale;
- GPUs rented from one host of a marketplace (flag SINGLE_HOST) are never nodes of a larger
  cluster: those rentals are containers on one machine, with no cluster network between hosts;
- partitioned (fractional) GPUs are never quoted: they share the GPU's compute as well as its
  memory, so they suit inference and notebooks, not the training time this engine plans.
"""

from __future__ import annotations

import bisect
import datetime as dt
import math
from dataclasses import dataclass

from sizing.assumptions import (
    DAYS_PER_MONTH,
    HOURS_PER_MONTH,
    RESERVED_DISCOUNT,
    STALE_AFTER_DAYS,
)
from sizing.frozen import quick_init, quick_new
from sizing.network import GPUS_PER_NODE
from sizing.types import Catalog, Offering

# Flags (substrings) that make an offering's price unusable for quoting: capacity-block-only
# instances have no on-demand price (hardware.md §3.5 #5); suspect/outlier rows (§3.5 #1-2).
# GPUs of one marketplace host (knowledge.load.host_rentals): priced up to the host's size, never
# joined into a multi-node cluster.
SINGLE_HOST = "single_host"

UNUSABLE_FLAG_WORDS = ("capacity", "suspect", "outlier", "artifact", "invalid", "unverified", "zero")
# Flags that make only the spot price unusable: a spot price computed from on-demand by a fixed
# ratio is not an observed market price, and one beyond the cloud's documented discount range is
# not one the cloud says it sells (knowledge/prices.py sets both).
SPOT_UNUSABLE_FLAGS = (
    "spot_derived",
    "spot_outside_documented_range",
    "spot_equals_ondemand",
    "spot_above_ondemand",
)


def quotable_spot_usd_per_hour(o: Offering) -> float | None:
    """The offering's spot price per instance-hour when a plan or a price answer may quote it: an
    observed price below on-demand whose row carries no flag against its spot column; else None.
    The one rule every spot figure a user sees goes through."""
    spot, on_demand = o.spot_usd_per_hour, o.price_usd_per_hour
    if spot is None or on_demand is None or not 0 < spot < on_demand:
        return None
    if any(flag in SPOT_UNUSABLE_FLAGS for flag in o.flags):
        return None
    return spot


@quick_init
@dataclass(frozen=True, slots=True)
class Quote:
    offering: Offering
    instances: int
    hourly_usd: float  # on-demand, all instances
    spot_hourly_usd: float | None
    on_demand_usd: float  # for the whole run
    spot_usd: float | None
    billing: str  # "pay_as_you_go" | "monthly_or_reserved"
    unused_gpus: int = 0  # GPUs paid for on the instance(s) but not used by the plan
    billed_hours: float = 0.0  # per instance: training plus the job's fixed hours (sizing.fixed)
    network_known: bool = False  # multi-node: the offering's scale-out network is in the catalog


_new_quote = quick_new(Quote)


def usable(o: Offering) -> bool:
    if o.price_usd_per_hour is None or not o.price_usd_per_hour > 0 or o.gpu_count < 1:
        return False
    return not any(word in flag.lower() for flag in o.flags for word in UNUSABLE_FLAG_WORDS)


def reserved_months(days: float) -> int:
    """The whole months (DAYS_PER_MONTH) a reservation for a run of `days` pays for."""
    return max(1, math.ceil(days / DAYS_PER_MONTH - 1e-9))


def reserved_usd(hourly_usd: float, days: float) -> tuple[float, int]:
    """What the plan's instances would cost reserved by the month for a run of `days`: whole months
    (DAYS_PER_MONTH) at the on-demand hourly price less RESERVED_DISCOUNT [our assumption: the
    catalogue has no reserved prices]. Returns (USD, months)."""
    months = reserved_months(days)
    return hourly_usd * HOURS_PER_MONTH * months * (1.0 - RESERVED_DISCOUNT), months


def billing_for(days: float) -> str:
    """Reserve/monthly when it costs less than on demand for this run: the whole months a reservation
    pays for (reserved_usd) at 1 - RESERVED_DISCOUNT of the hourly price, against the days the run is
    billed. Above ~21 busy days in one month it pays; a 36-day run would pay for two months (~42.6 days
    at the discount) and stays pay-as-you-go."""
    months = reserved_months(days)
    reserve = months * DAYS_PER_MONTH * (1 - RESERVED_DISCOUNT) <= days
    return "monthly_or_reserved" if reserve else "pay_as_you_go"


# usable_offerings per catalog object: a Catalog is immutable, so the index of the last few is
# kept (by identity, with the catalog itself so the id cannot be reused) across plan() calls.
_INDEX: dict[int, tuple[Catalog, dict[str, tuple[Offering, ...]]]] = {}
_INDEX_SIZE = 4


def usable_offerings(catalog: Catalog) -> dict[str, tuple[Offering, ...]]:
    """Usable offerings per GPU id, so a plan filters the catalog once rather than per quote.
    Memoised per catalog object (callers must not mutate the result)."""
    found = _INDEX.get(id(catalog))
    if found is not None and found[0] is catalog:
        return found[1]
    index = _usable_offerings(catalog)
    if len(_INDEX) >= _INDEX_SIZE:
        _INDEX.pop(next(iter(_INDEX)))
    _INDEX[id(catalog)] = (catalog, index)
    return index


def _usable_offerings(catalog: Catalog) -> dict[str, tuple[Offering, ...]]:
    out: dict[str, list[Offering]] = {}
    for o in catalog.offerings:
        if usable(o):
            out.setdefault(o.gpu_id, []).append(o)
    return {gid: tuple(offers) for gid, offers in out.items()}


def shapes(offerings: tuple[Offering, ...]) -> tuple[int, ...]:
    """GPU counts one usable instance of this type holds, ascending (whole GPUs only)."""
    return tuple(sorted({int(o.gpu_count) for o in offerings if o.gpu_count >= 1}))


def purchasable(offerings: tuple[Offering, ...], gpus: int, exact: bool = False) -> bool:
    """Whether `gpus` GPUs can be bought as one instance or as 8-GPU nodes; `exact`: with no GPU
    left idle (one instance of exactly that size, or whole 8-GPU nodes beyond the largest)."""
    sizes = shapes(offerings)
    if not sizes:
        return False
    beyond = gpus > sizes[-1] and GPUS_PER_NODE in sizes and any(_is_node(o) for o in offerings)
    if exact:
        return gpus in sizes or (beyond and gpus % GPUS_PER_NODE == 0)
    return gpus <= sizes[-1] or beyond


def one_instance(offerings: tuple[Offering, ...], gpus: int) -> bool:
    """Whether one instance on sale holds `gpus` GPUs (GCP's a2-megagpu-16g joins 16 A100s by NVSwitch):
    quote() then rents that instance, so the plan runs on one node with no scale-out network."""
    return any(o.gpu_count >= gpus for o in offerings if o.gpu_count >= 1)


def _candidates(
    offerings: tuple[Offering, ...], gpus: int, need_gbps: float | None = None
) -> tuple[Offering, ...]:
    whole = tuple(o for o in offerings if o.gpu_count >= 1)
    one_node = tuple(o for o in whole if o.gpu_count >= gpus)
    if one_node:
        return one_node
    nodes = tuple(o for o in whole if _is_node(o))
    networked = tuple(o for o in nodes if o.network_gbps is not None)
    if networked and need_gbps is not None:
        # Those whose listed network covers the need; else the fastest network on sale.
        enough = tuple(o for o in networked if (o.network_gbps or 0.0) >= need_gbps)
        if enough:
            return enough
        top = max(o.network_gbps or 0.0 for o in networked)
        return tuple(o for o in networked if o.network_gbps == top)
    return networked or nodes


def cheapest_spot(offerings: tuple[Offering, ...], gpus: int, hours: float) -> tuple[Offering, float] | None:
    """The offering with the lowest quotable spot price for `gpus` GPUs over `hours` (any provider
    listing this GPU, in the shapes quote() would rent), and that total; None when none has one."""
    best: tuple[Offering, float] | None = None
    for o in _candidates(offerings, gpus):
        spot = quotable_spot_usd_per_hour(o)
        if spot is None:
            continue
        instances = math.ceil(gpus / o.gpu_count - 1e-9)
        total = instances * spot * hours
        if best is None or total < best[1]:
            best = (o, total)
    return best


def _is_node(o: Offering) -> bool:
    """An 8-GPU instance that can be one node of a multi-node cluster."""
    return o.gpu_count >= 1 and int(o.gpu_count) == GPUS_PER_NODE and SINGLE_HOST not in o.flags


def best_network_gbps(offerings: tuple[Offering, ...]) -> float | None:
    """The fastest listed scale-out network (per node) on this GPU's 8-GPU instances."""
    listed = [
        o.network_gbps
        for o in offerings
        if o.network_gbps is not None and o.gpu_count >= 1 and int(o.gpu_count) == GPUS_PER_NODE
    ]
    return max(listed, default=None)


# offering_facts per offerings tuple, kept like _PICKS.
_FACTS: dict[int, tuple[tuple[Offering, ...], tuple[float, float | None, bool]]] = {}


def offering_facts(offerings: tuple[Offering, ...]) -> tuple[float, float | None, bool]:
    """(the most GPUs one whole instance holds, 0 when none; best_network_gbps; whether any instance
    lists a network): per-catalog facts each plan() asks of every GPU type it searches."""
    found = _FACTS.get(id(offerings))
    if found is not None and found[0] is offerings:
        return found[1]
    value = (
        max((o.gpu_count for o in offerings if o.gpu_count >= 1), default=0),
        best_network_gbps(offerings),
        any(o.network_gbps is not None for o in offerings),
    )
    if len(_FACTS) > 512:
        _FACTS.clear()
    _FACTS[id(offerings)] = (offerings, value)
    return value


# _pick per (offerings tuple, count, need): the tuples come from usable_offerings' memo, and one
# plan() prices the same shapes many times (identity memo, kept with the tuple).
_PICKS: dict[tuple[int, int, float | None], tuple[tuple[Offering, ...], tuple[Offering, int] | None]] = {}


# The listed networks of a GPU's 8-GPU instances, distinct and ascending, per offerings tuple (kept
# like _PICKS): what _candidates compares a need with.
_NODE_SPEEDS: dict[int, tuple[tuple[Offering, ...], tuple[float, ...]]] = {}


def _need_class(offerings: tuple[Offering, ...], gpus: int, need_gbps: float | None) -> float | None:
    """The need that selects the same _candidates as `need_gbps`: None where the need plays no part
    (no need, one instance holds the GPUs, or no node lists a network), else the slowest listed
    network that covers it (the nodes listing at least that are the ones listing at least the need),
    inf when none does (the fastest are taken). A plan's need is a number of its own; its class is
    one of a few, so the memos below are hit across plans."""
    if need_gbps is None or gpus <= offering_facts(offerings)[0]:
        return None
    found = _NODE_SPEEDS.get(id(offerings))
    if found is None or found[0] is not offerings:
        speeds = tuple(
            sorted({o.network_gbps for o in offerings if _is_node(o) and o.network_gbps is not None})
        )
        if len(_NODE_SPEEDS) > 512:
            _NODE_SPEEDS.clear()
        found = _NODE_SPEEDS[id(offerings)] = (offerings, speeds)
    speeds = found[1]
    if not speeds:
        return None
    i = bisect.bisect_left(speeds, need_gbps)
    return speeds[i] if i < len(speeds) else math.inf


def _pick(offerings: tuple[Offering, ...], gpus: int, need_gbps: float | None) -> tuple[Offering, int] | None:
    """The cheapest candidate per hour (equal price: the smaller instance) and its instance count."""
    need_gbps = _need_class(offerings, gpus, need_gbps)
    key = (id(offerings), gpus, need_gbps)
    found = _PICKS.get(key)
    if found is not None and found[0] is offerings:
        return found[1]
    picked = _pick_uncached(offerings, gpus, need_gbps)
    if len(_PICKS) > 4096:
        _PICKS.clear()
    _PICKS[key] = (offerings, picked)
    return picked


def _pick_uncached(
    offerings: tuple[Offering, ...], gpus: int, need_gbps: float | None
) -> tuple[Offering, int] | None:
    chosen: tuple[float, float, str, Offering, int] | None = None
    for o in _candidates(offerings, gpus, need_gbps):
        assert o.price_usd_per_hour is not None
        instances = math.ceil(gpus / o.gpu_count - 1e-9)
        key = (instances * o.price_usd_per_hour, o.gpu_count, o.id)
        if chosen is None or key < chosen[:3]:
            chosen = (*key, o, instances)
    return None if chosen is None else (chosen[3], chosen[4])


# per_gpu_hour_usd per (offerings tuple, count), kept like _PICKS.
_PER_GPU_HOUR: dict[tuple[int, int], tuple[tuple[Offering, ...], float | None]] = {}


def per_gpu_hour_usd(offerings: tuple[Offering, ...], gpus: int) -> float | None:
    """On-demand USD per GPU-hour of the shape quote() rents for `gpus` GPUs when no network need
    narrows it (idle GPUs of the instance paid for); None when no shape holds them. A per-catalog
    constant: plan()'s cost floors ask it of every GPU type and count they bound."""
    key = (id(offerings), gpus)
    found = _PER_GPU_HOUR.get(key)
    if found is not None and found[0] is offerings:
        return found[1]
    picked = node_offering(offerings, gpus, None)
    value = None
    if picked is not None and picked.price_usd_per_hour is not None:
        instances = math.ceil(gpus / picked.gpu_count - 1e-9)
        value = instances * picked.price_usd_per_hour / gpus
    if len(_PER_GPU_HOUR) > 4096:
        _PER_GPU_HOUR.clear()
    _PER_GPU_HOUR[key] = (offerings, value)
    return value


_CHEAPEST: dict[int, tuple[tuple[Offering, ...], float]] = {}


def cheapest_gpu_hour_usd(offerings: tuple[Offering, ...]) -> float:
    """The lowest on-demand price per GPU-hour among these offerings (inf: none priced), kept per
    offerings tuple like _PICKS."""
    found = _CHEAPEST.get(id(offerings))
    if found is not None and found[0] is offerings:
        return found[1]
    value = min((o.price_usd_per_hour or math.inf) / o.gpu_count for o in offerings)
    if len(_CHEAPEST) > 512:
        _CHEAPEST.clear()
    _CHEAPEST[id(offerings)] = (offerings, value)
    return value


def node_offering(offerings: tuple[Offering, ...], gpus: int, need_gbps: float | None) -> Offering | None:
    """The offering quote() will price for `gpus` GPUs needing `need_gbps` per node."""
    picked = _pick(offerings, gpus, need_gbps)
    return picked[0] if picked else None


def quote(
    catalog: Catalog,
    gpu_id: str,
    gpus: int,
    days: float,
    offerings: tuple[Offering, ...] | None = None,
    need_gbps: float | None = None,
) -> Quote | None:
    """Cheapest usable purchasable shape for `gpus` GPUs of this type for `days` of wall-clock
    (training and the fixed hours of setting up, downloading, evaluating and saving);
    across nodes, the cheapest whose listed network covers `need_gbps` per node (Gb/s), else
    the fastest listed network.

    `offerings`, when given, are this GPU's usable offerings (see usable_offerings). None when no
    shape can hold the job (e.g. 16 GPUs of a type sold only as single-GPU VMs)."""
    if offerings is None:
        offerings = tuple(o for o in catalog.offerings if o.gpu_id == gpu_id and usable(o))
    shape = _shape(offerings, gpus, need_gbps)
    if shape is None:
        return None
    o, instances, hourly, spot_hourly, unused = shape
    billed = days * 24.0
    return _new_quote(
        o,
        instances,
        hourly,
        spot_hourly,
        hourly * billed,
        spot_hourly * billed if spot_hourly is not None else None,
        billing_for(days),
        unused,
        billed,
        o.network_gbps is not None,
    )


# _shape per (offerings tuple, count, need), kept like _PICKS: what quote() prices, whatever the days.
_SHAPES: dict[
    tuple[int, int, float | None],
    tuple[tuple[Offering, ...], tuple[Offering, int, float, float | None, int] | None],
] = {}


def _shape(
    offerings: tuple[Offering, ...], gpus: int, need_gbps: float | None
) -> tuple[Offering, int, float, float | None, int] | None:
    """The offering quote() rents, its instance count, hourly on-demand and spot prices of them all,
    and the GPUs paid for but unused."""
    need_gbps = _need_class(offerings, gpus, need_gbps)
    key = (id(offerings), gpus, need_gbps)
    found = _SHAPES.get(key)
    if found is not None and found[0] is offerings:
        return found[1]
    picked = _pick(offerings, gpus, need_gbps)
    shape = None
    if picked is not None:
        o, instances = picked
        assert o.price_usd_per_hour is not None
        spot = quotable_spot_usd_per_hour(o)
        shape = (
            o,
            instances,
            instances * o.price_usd_per_hour,
            instances * spot if spot is not None else None,
            int(round(instances * o.gpu_count)) - gpus,
        )
    if len(_SHAPES) > 4096:
        _SHAPES.clear()
    _SHAPES[key] = (offerings, shape)
    return shape


def price_is_stale(as_of: dt.date | None, today: dt.date | None) -> bool:
    """The one staleness rule for every price an answer uses: a snapshot without a date, or one
    older than STALE_AFTER_DAYS at `today`. Without `today` only the undated are stale."""
    if as_of is None:
        return True
    return today is not None and (today - as_of).days > STALE_AFTER_DAYS


@dataclass(frozen=True, slots=True)
class Staleness:
    """What the stale prices among those an answer quotes are: the oldest dated one, and whether
    any has no date at all."""

    oldest: dt.date | None
    undated: bool


def staleness(dates: list[dt.date | None], today: dt.date | None) -> Staleness | None:
    """price_is_stale over the snapshot dates of every price an answer quotes; None when all are fresh."""
    stale = [d for d in dates if price_is_stale(d, today)]
    if not stale:
        return None
    known = [d for d in stale if d is not None]
    return Staleness(oldest=min(known) if known else None, undated=len(known) < len(stale))
