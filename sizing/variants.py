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
  variant would beat (rank._Dominance).
- fastest: a held training part that costs no more than the floor (so it is affordable wherever
  the variant is) finishes more than SIMILAR_DAYS sooner than the days floor, or as soon as it on
  fewer GPUs (rank.fastest then prefers it); or the variant is no training part and it is.
Where these fail, VariantBound._by_weights tries again with bounds on the rankings' own numbers
(the cheapest plan's cost, the fastest plan's days): a variant within COST_TIE of the cheapest, or
one no held plan dominates, can still be shown never to be picked.
Without a budget or with a total one only: under a rate cap slower plans compete too.
"""

from __future__ import annotations

import math

from sizing.assumptions import COST_TIE, FASTEST_COST_CAP, SIMILAR_DAYS
from sizing.evaluate import Evaluator, rank_cost
from sizing.prune import Pruner
from sizing.rank import training_part
from sizing.result import Option
from sizing.types import GpuSpec
from sizing.warnings import top_tier

# A held plan finishes "sooner" than a days floor only by this relative margin, far above the
# rounding of the balanced score (cost / c0 + days / d0).
SOONER = 1e-6


class VariantBound:
    """`pool`: the plans found before the variants; `budget`: a total budget in USD (None: none).
    Most variants fail a cheap test (the days floor against the soonest plan found, the cost floor
    against the pick's cost), so which plans are held is worked out only when one passes them."""

    def __init__(
        self,
        ev: Evaluator,
        pruner: Pruner,
        budget: float | None,
        pool: list[Option],
        asked: list[tuple[GpuSpec, int]],
    ) -> None:
        self.ev = ev
        self._asked = asked  # every (type, count) needless() may be asked about
        self._extremes_found: tuple[float, float] | None = None  # _extremes()
        self._beaten: set[int] = set()  # plans below top tier a held plan beats (rank.beats)
        self.pruner = pruner
        self.budget = budget
        self._found = list(pool)  # plans not yet looked at for holding
        self._soonest = min((o.days for o in pool), default=math.inf)  # over every plan found
        # The held plans as (rank_cost, cost_usd, days, gpus, training part, NVIDIA), worked out once.
        self._held: list[tuple[float, float, float, int, bool, bool]] = []
        self._held_ids: set[int] = set()  # (an Option's == compares every field)
        # Every plan found so far as (plan, rank_cost, days, gpus, NVIDIA).
        self._known: list[tuple[Option, float, float, int, bool]] = []
        self._cheapest = math.inf  # the least rank_cost held, and of NVIDIA plans held
        self._cheapest_nvidia = math.inf

    def note(self, o: Option) -> None:
        """A variant priced and put in the pool: it may rule out variants asked about later."""
        self._found.append(o)
        self._soonest = min(self._soonest, o.days)

    def _hold(self) -> None:
        stays, budget = self.pruner.stays, self.budget
        for o in self._found:
            cost = rank_cost(o)
            nvidia = o.gpu.vendor == "nvidia"
            gpus = o.fitted.layout.gpus  # = o.gpus
            self._known.append((o, cost, o.days, gpus, nvidia))
            usd = o.quote.on_demand_usd if o.quote is not None else math.inf  # = o.cost_usd
            if (budget is None or usd <= budget) and stays(o):
                self._held.append((cost, usd, o.days, gpus, training_part(o.gpu), nvidia))
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
            return self._by_weights(pick, gpus, usd, days)  # it might be among the cheapest
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
        return self._by_weights(pick, gpus, usd, days)

    def _by_weights(self, pick: Option, gpus: int, usd: float, days: float) -> bool:
        """needless()'s second chance, with what the rankings' own numbers are known to be:
        - cheapest: a variant within COST_TIE of the cheapest is never picked when its pick (in the
          set of equally cheap plans whenever it is, and costing less) has the fewest GPUs of any
          plan in the pool as fast as it: cheapest() starts from the fewest GPUs (never a variant:
          its pick has fewer), and among plans beating that start, the pick is cheaper;
        - affordable: without a budget rank() keeps plans within FASTEST_COST_CAP × the cheapest
          plan's cost, never below that cap over the least cost any plan in the pool can have;
        - balanced: the score cost / c0 + days / d0 is linear in 1 / c0 and 1 / d0, where c0 lies
          between that least cost and (1 + COST_TIE) × the cheapest held plan, and d0 (the fastest
          plan's days) below SIMILAR_DAYS × any held training part's days and above the fewest
          days any plan can take: a held plan scoring lower at the four corners scores lower;
        - the small-model rules: every plan below top tier the variant could beat (cost no more,
          finish sooner) is beaten by a held plan already."""
        g = pick.gpu
        nvidia = g.vendor == "nvidia"
        least, quick_min = self._extremes()
        cap = FASTEST_COST_CAP * least
        part = training_part(g)
        quick_max = math.inf  # the most days the fastest plan of a ranking can take
        sooner = False
        for _, q_usd, q_days, q_gpus, q_part, q_nvidia in self._held:
            if (nvidia and not q_nvidia) or not q_part or not (q_usd <= usd or q_usd <= cap):
                continue
            quick_max = min(quick_max, SIMILAR_DAYS * q_days)
            sooner = sooner or not part or days > SIMILAR_DAYS * q_days or (q_days <= days and q_gpus < gpus)
        if not sooner:
            return False
        bar = (self._cheapest_nvidia if nvidia else self._cheapest) * (1.0 + COST_TIE)
        # The balanced score's weights 1 / c0 and 1 / d0 lie in [x0, x1] × [y0, y1]; a held plan
        # scores lower over the whole box when it does where each term is least (y1 may be inf).
        x0, x1 = 1.0 / bar, 1.0 / max(least, 1e-9)
        y0, y1 = 1.0 / quick_max, 1.0 / quick_min if quick_min > 0.0 else math.inf
        for cost, q_usd, q_days, _, _, q_nvidia in self._held:
            if (nvidia and not q_nvidia) or not (q_usd <= usd or q_usd <= cap):
                continue
            a, b = usd - cost * (1.0 + SOONER), days - q_days * (1.0 + SOONER)
            if min(a * x0, a * x1) + (b * y0 if b >= 0.0 else b * y1) > 0.0:
                break
        else:
            return False
        if not usd > bar:
            if not usd > rank_cost(pick):
                return False  # as cheap as the pick and sooner, it could beat the pick in cheapest()
            fewest, pick_days = pick.gpus, pick.days
            for o, cost, o_days, o_gpus, _ in self._known:
                if o is not pick and o_gpus <= fewest and o_days <= pick_days and cost <= bar:
                    return False  # a plan with no more GPUs, as fast as the pick, may start cheapest()
        for o, cost, o_days, _, o_nvidia in self._known:
            if usd <= cost and days < o_days and id(o) not in self._beaten and not top_tier(o.gpu):
                if not any(
                    (q_nvidia or not o_nvidia) and q_cost <= cost and q_days < o_days
                    for q_cost, _, q_days, _, _, q_nvidia in self._held
                ):
                    return False
                self._beaten.add(id(o))  # (held plans are never dropped)
        return True

    def _extremes(self) -> tuple[float, float]:
        """The least cost (USD) and the fewest days any plan of the final pool can have: the plans
        found and the floors of every variant that may still be priced."""
        if self._extremes_found is None:
            floors = [self.ev.floors(h, n) for h, n in self._asked]
            least = min(
                (o.quote.on_demand_usd for o, *_ in self._known if o.quote is not None), default=math.inf
            )
            self._extremes_found = (
                min(least, min((f[0] for f in floors), default=math.inf)),
                min(self._soonest, min((f[1] for f in floors), default=math.inf)),
            )
        return self._extremes_found
