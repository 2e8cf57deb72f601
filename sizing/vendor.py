"""Which plan goes first when several GPU families could run the job: NVIDIA by default, AMD only
when clearly cheaper (assumptions.AMD_PREFERENCE_MARGIN); within a named family, priced variants
before unpriced ones."""

from __future__ import annotations

from collections.abc import Callable

from sizing.assumptions import AMD_PREFERENCE_MARGIN, MIN_HEADROOM
from sizing.rank import spend
from sizing.result import Option
from sizing.types import SizingRequest

Ranker = Callable[[list[Option]], list[Option]]


def _key(o: Option) -> tuple[str, int]:
    return (o.gpu.id, o.gpus)


def _meets(o: Option, req: SizingRequest, budget: float | None) -> tuple[bool, bool, bool]:
    """(fits, meets the deadline, within the budget)."""
    on_time = req.days is None or o.days <= req.days * 1.0001
    affordable = budget is None or (spend(o, req) or 0.0) <= budget
    return o.fits, on_time, affordable


def _as_good(nvidia: Option, amd: Option, req: SizingRequest, budget: float | None) -> bool:
    """The NVIDIA plan meets every constraint the AMD plan meets."""
    return all(n or not a for n, a in zip(_meets(nvidia, req, budget), _meets(amd, req, budget), strict=True))


def _merge(head: list[Option], *tails: list[Option]) -> list[Option]:
    out, seen = list(head), {_key(o) for o in head}
    for tail in tails:
        for o in tail:
            key = (o.gpu.id, o.fitted.layout.gpus)  # = _key(o)
            if key not in seen:
                seen.add(key)
                out.append(o)
    return out


def prefer_nvidia(
    options: list[Option], pool: list[Option], rank: Ranker, req: SizingRequest, budget: float | None
) -> list[Option]:
    """NVIDIA first unless the first (AMD) plan undercuts the best comparable NVIDIA plan by more
    than the margin; the other vendor's best plan is listed second, labelled, either way."""
    if req.gpu is not None or not options or options[0].gpu.vendor != "amd":
        return options
    amd = options[0]
    nvidia = rank([o for o in pool if o.gpu.vendor == "nvidia"])
    if not nvidia or not _as_good(nvidia[0], amd, req, budget):
        return options
    best = nvidia[0]
    if amd.cost_usd is None or best.cost_usd is None:
        return options
    if amd.cost_usd < best.cost_usd * (1.0 - AMD_PREFERENCE_MARGIN):
        return _merge([amd, best.relabel("best_nvidia")], options[1:])
    first = best.relabel("recommended")
    return _merge([first, amd.relabel("cheapest_amd")], nvidia[1:], options[1:])


def priced_first(pool: list[Option], rank: Ranker) -> list[Option]:
    """For a GPU family ("h100"): the family's priced plans ranked as usual, then the unpriced
    variants as alternatives, so a variant without a catalog price never comes first."""
    priced = [o for o in pool if o.quote is not None]
    if not priced or len(priced) == len(pool):
        return rank(pool)
    unpriced = sorted((o for o in pool if o.quote is None), key=lambda o: (o.days, o.gpus, o.gpu.id))
    return _merge(rank(priced), [o.relabel("alternative") for o in unpriced])


def family_pick(candidates: list[Option], req: SizingRequest) -> Option:
    """The requested count on a family ("4 A100s": the user fixed the count, not the board): the
    variant that fits, has a price, meets the deadline, leaves the recommended free memory
    (assumptions.MIN_HEADROOM) when one can, then costs least and finishes first. A board the user
    named is a one-member family, so its tight plan stays (and carries its memory warning)."""
    deadline = req.days

    def order(o: Option) -> tuple[bool, bool, bool, bool, float, float, str]:
        late = deadline is not None and o.days > deadline * 1.0001
        tight = o.fitted.headroom < MIN_HEADROOM
        usd = o.cost_usd if o.cost_usd is not None else float("inf")
        return (not o.fits, o.quote is None, late, tight, usd, o.days, o.gpu.id)

    return min(candidates, key=order)
