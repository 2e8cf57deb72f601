"""Pruning GPU types before their plans are searched: a plan() answer costs one layout search per
count tried, and most of the catalog cannot make the short list.

Each type gets a cost floor: the cheapest per-GPU-hour price it is sold at × (the GPU-hours at the
fastest any layout could run, one GPU with no parallel losses + the fixed hours no job avoids).
Types are searched cheapest floor first; a type is skipped once its floor is above everything the
answer could still show: more than FASTEST_COST_CAP × (1 + COST_TIE) × the cheapest plan found (no
"fastest" or "balanced" pick costs more, rank.rank: its cap is on the cheapest pick, which may cost
up to COST_TIE more than the cheapest plan) and more than the MAX_OPTIONS-th cheapest type found (no
alternative slot left). An NVIDIA type must also be above the bar of the NVIDIA-only ranking that
vendor.prefer_nvidia runs when an AMD plan ranks first: the same cap on the cheapest NVIDIA plan, and
NVIDIA_SLOTS cheaper NVIDIA types. A type is not skipped while a ranking rule still needs a kind of
plan not found yet: a GPU below top tier (the small-model and right-sized rules).

A type whose floor passes that bar may still be unable to make the answer: Pruner.needless drops
it, unpriced, when a plan already found beats every plan it could add on cost and time by the
margins the ranking uses (rank.py) or is so much cheaper that they are out of reach, and
MAX_TYPES_SHOWN types are already cheaper. plan() does so only where the type would add nothing to
the exclusions either: its preferred plan would fit, be priced, run on one node (no cluster network
to screen) and meet any deadline.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Sequence

from sizing.assumptions import COST_TIE, FASTEST_COST_CAP, SIMILAR_DAYS
from sizing.evaluate import Evaluator, rank_cost
from sizing.rank import training_part
from sizing.result import Excluded, Option
from sizing.screen import network_ok, within_batch
from sizing.types import GpuSpec
from sizing.warnings import top_tier
from sizing.workload import Workload

MAX_TYPES_SHOWN = 5  # plan.MAX_OPTIONS: one option per GPU type at most beyond the first three
# NVIDIA types that fill the NVIDIA-first answer: vendor.prefer_nvidia lists the NVIDIA ranking's
# first plan, the AMD plan, then the NVIDIA ranking's next ones, MAX_TYPES_SHOWN in all.
NVIDIA_SLOTS = MAX_TYPES_SHOWN - 1


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
        self._nvidia_costs: dict[str, float] = {}  # the NVIDIA types' entries of _costs
        self._limit: float | None = None  # skip()'s bar, once MAX_TYPES_SHOWN types are costed
        self._nvidia_limit = math.inf  # and an NVIDIA type's bar (the NVIDIA-only ranking's)
        self._ranked: list[float] = []  # _costs' values, ascending, as of the last _limit
        self._nvidia_ranked: list[float] = []  # the NVIDIA types' ones
        # needless()'s bars from the preferred plans seen so far (_note_picks).
        self._picks: Sequence[Option] | None = None
        self._picks_noted = 0
        self._beaters: list[tuple[float, float, float]] = []
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
        """The cheapest price per GPU-hour × (ideal GPU-hours + the fixed hours): the evaluator's
        rising cost floor at one GPU (Evaluator.rising_cost_floor, the same factors and arithmetic),
        whose factors it keeps for the rising floors asked later."""
        ev = self.ev
        if g.id not in ev.priced_ids:
            return math.inf
        per_gpu, ideal = ev.rising_factors(g)
        return per_gpu * (ideal + ev.min_fixed_hours)

    def order(self, types: Sequence[tuple[int, GpuSpec]]) -> list[GpuSpec]:
        """These (catalog position, type) pairs' types, cheapest floor first (ties in catalog order)."""
        floors = self._floors
        keyed = []
        for i, g in types:
            found = floors.get(g.id)
            if found is None:
                found = floors[g.id] = self._floor(g)
            keyed.append((found, i, g))
        # (floor, catalog position, type): the stable sort by floor, without a key call per type.
        keyed.sort()
        return [g for _, _, g in keyed]

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
        if g.vendor == "nvidia" and not floor > self._nvidia_limit:
            return None  # the vendor rule's NVIDIA-only ranking (none found yet: it needs one)
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
            self._nvidia_costs = {}
            self._limit = None
            self._nvidia_limit = math.inf
        costs = self._costs
        changed = False
        for o in pool[done:]:
            if self.stays(o):
                c = rank_cost(o)
                gid = o.gpu.id
                if gid not in costs or c < costs[gid]:
                    costs[gid] = c
                    changed = True
                    if o.gpu.vendor == "nvidia":
                        self._nvidia_costs[gid] = c
                self._below_top = self._below_top or not top_tier(o.gpu)
                self._nvidia = self._nvidia or o.gpu.vendor == "nvidia"
        if changed and len(costs) >= MAX_TYPES_SHOWN:
            # What a type's floor must exceed to be skipped: more than FASTEST_COST_CAP × the
            # cheapest plan and more than the MAX_TYPES_SHOWN-th cheapest type (module docstring).
            cap = FASTEST_COST_CAP * (1.0 + COST_TIE)  # rank(): the cap is on a plan within COST_TIE
            ranked = self._ranked = sorted(costs.values())
            self._nvidia_ranked = sorted(self._nvidia_costs.values())
            self._limit = max(cap * ranked[0], ranked[MAX_TYPES_SHOWN - 1], self.budget or 0.0)
            # The NVIDIA-only ranking (vendor.prefer_nvidia) caps at its own cheapest plan, and
            # lists its options after the AMD plan: four cheaper NVIDIA types leave no slot.
            nv = self._nvidia_ranked
            self._nvidia_limit = (
                max(cap * nv[0], nv[NVIDIA_SLOTS - 1], self.budget or 0.0)
                if len(nv) >= NVIDIA_SLOTS
                else math.inf
            )
        self._noted = len(pool)
        self._last = pool[-1] if pool else None

    def may_be_needless(self, g: GpuSpec, pool: Sequence[Option], picks: Sequence[Option]) -> bool:
        """needless()'s cheap part, before the caller works out which counts `g` could add: the
        flags skip() keeps are already set as `g`'s plans would set them, MAX_TYPES_SHOWN types
        (NVIDIA ones for an NVIDIA `g`) cost less than `g`'s floor, and some preferred plan could
        beat it (see needless)."""
        if self.rate_budget:
            return False
        self._note(pool)
        nvidia = g.vendor == "nvidia"
        if (nvidia and not self._nvidia) or (not top_tier(g) and not self._below_top):
            return False
        if self._limit is None:  # fewer than MAX_TYPES_SHOWN types costed yet
            return False
        # floor() is under every count's cost_floor, so types cheaper than it are cheaper than them.
        ranked = self._nvidia_ranked if nvidia else self._ranked
        if bisect.bisect_left(ranked, self.floor(g)) < MAX_TYPES_SHOWN:
            return False
        self._note_picks(picks)
        return bool(self._beaters)

    def needless(self, g: GpuSpec, counts: Sequence[int]) -> bool:
        """Whether no plan of type `g` on these counts (every count its plans could take) can change
        the ranking, once may_be_needless(g) holds (plan() checks that `g` would add no exclusion;
        module docstring).

        Some type's preferred plan P that stays, is a top-tier NVIDIA training part (so the vendor
        rule's NVIDIA-only ranking, rank.fastest and the small-model rules all weigh it wherever
        they would weigh `g`) and is within the budget must leave each count of `g` out of reach:
        either costing over FASTEST_COST_CAP × (1 + COST_TIE) × rank_cost(P) and over the budget
        (too dear to be cheapest, balanced or fastest, or to beat a plan the small-model rules
        would put first), or beaten by P on both cost (by more than COST_TIE: never the cheapest)
        and time (by more than SIMILAR_DAYS: never the fastest; both: never the balanced pick nor
        a plan that beats another). `counts` ascend."""
        ev = self.ev
        for too_dear, beaten_cost, beaten_days in self._beaters:
            for n in counts:
                if ev.rising_cost_floor(g, n) > too_dear:
                    return True  # this count and every larger one (counts ascend) is too dear
                c = ev.cost_floor(g, n)
                if not (c > too_dear or (c > beaten_cost and ev.days_floor(g, n) > beaten_days)):
                    break
            else:
                return True
        return False

    def _note_picks(self, picks: Sequence[Option]) -> None:
        """Folds new preferred plans that could beat a type for needless() into its bars: (cost
        above which a plan is too dear, cost and days above which P beats it)."""
        if picks is not self._picks or self._picks_noted > len(picks):
            self._picks, self._picks_noted, self._beaters = picks, 0, []
        for p in picks[self._picks_noted :]:
            if (
                p.gpu.vendor == "nvidia"
                and top_tier(p.gpu)
                and training_part(p.gpu)
                and self.stays(p)
                and (self.budget is None or (p.cost_usd is not None and p.cost_usd <= self.budget))
            ):
                cost = rank_cost(p)
                too_dear = max(FASTEST_COST_CAP * (1.0 + COST_TIE) * cost, (self.budget or 0.0) * 1.0001)
                self._beaters.append((too_dear, cost * (1.0 + COST_TIE), p.days * SIMILAR_DAYS))
        self._picks_noted = len(picks)
