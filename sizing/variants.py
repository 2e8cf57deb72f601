"""Which faster variants plan() must price: the rungs two and four above each type's pick.

A variant reaches the answer only through the rankings (rank.rank under the small-model rules,
each ranking of plan.ordered: without and with the budget, and the NVIDIA-only one of
vendor.prefer_nvidia). A plan already priced that every ranking holding the variant also holds
can rule it out of each way in, from the variant's floors (Evaluator.floors) alone:

- "held": the plan surely reaches every such ranking: it stays (Pruner.stays: fits, priced,
  network known to cover it, within the batch, meets the deadline), is within a total budget, and
  is NVIDIA when the variant is (the NVIDIA-only ranking has no other plan). Held plans also keep
  the screens, the late check and the nothing-within-budget path as they are without the variant.
- alternative (and the small-model rules' cheapest top-tier plan): the type's own pick is held
  and costs no more than the variant's floor, so it, listed first in the pool, stands for the type.
- cheapest: the floor is over (1 + COST_TIE) × a held plan's cost, so the variant is never in the
  set of equally cheap plans (nor the cheapest that sets it).
- balanced: a held plan costs no more than the floor and finishes sooner than the days floor
  (by a margin above rounding), so it scores lower at any weights; it also beats every plan the
  variant would beat (rank._dominated).
- fastest: a held training part that costs no more than the floor (so it is affordable wherever
  the variant is) finishes more than SIMILAR_DAYS sooner than the days floor, or as soon as it on
  fewer GPUs (rank.fastest then prefers it); or the variant is no training part and it is.
Without a budget or with a total one only: under a rate cap slower plans compete too.
"""

from __future__ import annotations

import math

from sizing.assumptions import COST_TIE, SIMILAR_DAYS
from sizing.evaluate import Evaluator, rank_cost
from sizing.prune import Pruner
from sizing.rank import training_part
from sizing.result import Option

# A held plan finishes "sooner" than a days floor only by this relative margin, far above the
# rounding of the balanced score (cost / c0 + days / d0).
SOONER = 1e-6


class VariantBound:
    """`pool`: the plans found before the variants; `budget`: a total budget in USD (None: none).
    Most variants fail a cheap test (the days floor against the soonest plan found, the cost floor
    against the pick's cost), so which plans are held is worked out only when one passes them."""

    def __init__(self, ev: Evaluator, pruner: Pruner, budget: float | None, pool: list[Option]) -> None:
        self.ev = ev
        self.pruner = pruner
        self.budget = budget
        self._found = list(pool)  # plans not yet looked at for holding
        self._soonest = min((o.days for o in pool), default=math.inf)  # over every plan found
        # The held plans as (rank_cost, cost_usd, days, gpus, training part, NVIDIA), worked out once.
        self._held: list[tuple[float, float, float, int, bool, bool]] = []
        self._held_ids: set[int] = set()  # (an Option's == compares every field)
        self._cheapest = math.inf  # the least rank_cost held, and of NVIDIA plans held
        self._cheapest_nvidia = math.inf

    def note(self, o: Option) -> None:
        """A variant priced and put in the pool: it may rule out variants asked about later."""
        self._found.append(o)
        self._soonest = min(self._soonest, o.days)

    def _hold(self) -> None:
        for o in self._found:
            if self.pruner.stays(o) and (
                self.budget is None or (o.cost_usd is not None and o.cost_usd <= self.budget)
            ):
                cost = rank_cost(o)
                nvidia = o.gpu.vendor == "nvidia"
                usd = o.cost_usd if o.cost_usd is not None else math.inf
                self._held.append((cost, usd, o.days, o.gpus, training_part(o.gpu), nvidia))
                self._held_ids.add(id(o))
                self._cheapest = min(self._cheapest, cost)
                if nvidia:
                    self._cheapest_nvidia = min(self._cheapest_nvidia, cost)
        self._found = []

    def needless(self, pick: Option, gpus: int) -> bool:
        """Whether the variant of `pick`'s type on `gpus` GPUs can be left unpriced (module docstring)."""
        g = pick.gpu
        usd, days = self.ev.floors(g, gpus)
        if not self._soonest * (1.0 + SOONER) < days:
            return False  # no plan found finishes sooner: it might be the balanced one
        if not usd >= rank_cost(pick):
            return False  # it might be the type's cheapest plan
        if self._found:
            self._hold()
        if id(pick) not in self._held_ids:
            return False
        nvidia = g.vendor == "nvidia"
        if not usd > (self._cheapest_nvidia if nvidia else self._cheapest) * (1.0 + COST_TIE):
            return False  # it might be the cheapest
        part = training_part(g)
        sooner = balanced = False
        for cost, q_usd, q_days, q_gpus, q_part, q_nvidia in self._held:
            if nvidia and not q_nvidia:
                continue  # not in the NVIDIA-only ranking
            balanced = balanced or (cost <= usd and q_days * (1.0 + SOONER) < days)
            sooner = sooner or (
                q_part
                and q_usd <= usd
                and (not part or days > SIMILAR_DAYS * q_days or (q_days <= days and q_gpus < gpus))
            )
            if balanced and sooner:
                return True
        return False
