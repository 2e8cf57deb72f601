"""Pruning GPU types before their plans are searched: a plan() answer costs one layout search per
count tried, and most of the catalog cannot make the short list.

Each type gets a cost floor: the cheapest per-GPU-hour price it is sold at × (the GPU-hours at the
fastest any layout could run, one GPU with no parallel losses + the fixed hours no job avoids).
Types are searched cheapest floor first; a type is skipped once its floor is above everything the
answer could still show: more than FASTEST_COST_CAP × the cheapest plan found (no "fastest" or
"balanced" pick costs more, rank.rank) and more than the MAX_OPTIONS-th cheapest type found (no
alternative slot left) — unless a ranking rule still needs a kind of plan not found yet: a GPU
below top tier (the small-model and right-sized rules) or an NVIDIA GPU (the vendor rule).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from sizing import cost
from sizing.assumptions import FASTEST_COST_CAP
from sizing.evaluate import Evaluator, rank_cost
from sizing.result import Excluded, Option
from sizing.screen import network_ok, within_batch
from sizing.types import GpuSpec
from sizing.warnings import top_tier
from sizing.workload import Workload

MAX_TYPES_SHOWN = 5  # plan.MAX_OPTIONS: one option per GPU type at most beyond the first three


class Pruner:
    """`days`: the deadline (None: none); `budget`: a total budget in USD, which any plan within
    may answer as "fastest"; `rate_budget`: a budget per hour or month, under which total cost
    bounds nothing, so no type is skipped."""

    def __init__(
        self,
        ev: Evaluator,
        w: Workload,
        days: float | None = None,
        budget: float | None = None,
        rate_budget: bool = False,
    ) -> None:
        self.ev = ev
        self.w = w
        self.days = days
        self.budget = budget
        self.rate_budget = rate_budget
        self._floors: dict[str, float] = {}
        # What skip() has seen of the pool: the cheapest staying plan per type, and whether any
        # is below top tier / NVIDIA.
        self._pool: Sequence[Option] | None = None
        self._noted = 0
        self._last: Option | None = None
        self._costs: dict[str, float] = {}
        self._limit: float | None = None  # skip()'s bar, once MAX_TYPES_SHOWN types are costed
        self._below_top = False
        self._nvidia = False

    def stays(self, o: Option) -> bool:
        """A plan that will surely reach the ranking: it fits, is priced, meets the deadline and
        passes the batch and network screens (screen.py). Counting only these keeps the skip
        safe: the screens may keep more, never fewer."""
        return (
            o.fits
            and o.quote is not None
            and network_ok(o)
            and within_batch(o, self.w)
            and (self.days is None or o.days <= self.days * 1.0001)
        )

    def floor(self, g: GpuSpec) -> float:
        """A lower bound on the on-demand USD of any plan on this GPU type (inf: not sold)."""
        found = self._floors.get(g.id)
        if found is None:
            found = self._floors[g.id] = self._floor(g)
        return found

    def _floor(self, g: GpuSpec) -> float:
        offers = self.ev.offerings(g)
        if not offers:
            return math.inf
        per_gpu = cost.cheapest_gpu_hour_usd(offers)
        return per_gpu * (self.ev.ideal_gpu_hours(g) + self.ev.min_fixed_hours)

    def order(self, types: Sequence[GpuSpec]) -> list[GpuSpec]:
        """Cheapest floor first (ties in catalog order)."""
        return sorted(types, key=lambda g: self.floor(g))

    def skip(self, g: GpuSpec, pool: Sequence[Option]) -> Excluded | None:
        """Why this type need not be searched, or None when it might make the answer. `pool` only
        grows between calls (plan() appends to it), so the plans seen before are not looked at again."""
        if self.rate_budget:
            return None
        self._note(pool)
        limit = self._limit
        if limit is None:
            return None
        floor = self.floor(g)
        if floor <= limit:
            return None
        if not top_tier(g) and not self._below_top:
            return None  # the small-model / right-sized rules look for a GPU below top tier
        if g.vendor == "nvidia" and not self._nvidia:
            return None  # the vendor rule compares with the best NVIDIA plan
        return Excluded(
            g.id,
            "cost",
            f"costs at least ${floor:,.0f} at its best price and speed, more than the plans listed",
        )

    def _note(self, pool: Sequence[Option]) -> None:
        """Folds the plans added to `pool` since the last call into the cheapest staying plan per
        type and the kinds of GPU found (starting over on another or a shrunk pool)."""
        done = self._noted
        if pool is not self._pool or done > len(pool) or (done and pool[done - 1] is not self._last):
            self._pool, done = pool, 0
            self._costs, self._below_top, self._nvidia = {}, False, False
            self._limit = None
        costs = self._costs
        changed = False
        for o in pool[done:]:
            if self.stays(o):
                c = rank_cost(o)
                gid = o.gpu.id
                if gid not in costs or c < costs[gid]:
                    costs[gid] = c
                    changed = True
                self._below_top = self._below_top or not top_tier(o.gpu)
                self._nvidia = self._nvidia or o.gpu.vendor == "nvidia"
        if changed and len(costs) >= MAX_TYPES_SHOWN:
            # What a type's floor must exceed to be skipped: more than FASTEST_COST_CAP × the
            # cheapest plan and more than the MAX_TYPES_SHOWN-th cheapest type (module docstring).
            ranked = sorted(costs.values())
            self._limit = max(FASTEST_COST_CAP * ranked[0], ranked[MAX_TYPES_SHOWN - 1], self.budget or 0.0)
        self._noted = len(pool)
        self._last = pool[-1] if pool else None
