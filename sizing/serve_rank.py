"""Which serving options go first: the cheapest that carries the load within the latency targets
(without a load: the lowest cost per million output tokens), then the cheapest per hour, the
fastest, a smaller precision, and other GPU types."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sizing.assumptions import AMD_PREFERENCE_MARGIN, HOURS_PER_MONTH
from sizing.serve_result import ServeOption
from sizing.serve_types import ServeRequest
from sizing.types import Catalog

MAX_OPTIONS = 5
# The fastest option may cost up to 3x the first one per hour [assumption: beyond that "fastest" is
# a different budget, not an alternative].
FASTEST_COST_CAP = 3.0
# When no option meets the latency targets, those within 25% of the best achievable come first
# (cheapest among them) [assumption: a target missed by a quarter is a conversation, by 10x a mistake].
NEAR_MISS = 1.25


@dataclass(frozen=True, slots=True)
class Context:
    req: ServeRequest
    catalog: Catalog

    @property
    def has_load(self) -> bool:
        """A live load to carry at a cost per hour. A batch job (ServeRequest.batch) has none: its replicas
        run full, and the whole job costs the hours its tokens take, so it ranks by cost per token."""
        if self.req.batch is not None:
            return False
        return self.req.concurrency is not None or self.req.qps is not None

    def job_budget_usd(self) -> float | None:
        """A total or monthly budget for a batch job: what the whole job may cost, in dollars (a month's
        budget pays for a job run within the month, as a monthly job is; None: no such budget)."""
        b = self.req.budget
        if self.req.batch is None or b is None or b.period not in ("total", "month"):
            return None
        return b.amount / self.catalog.usd_to_cny if b.currency == "CNY" else b.amount

    def budget_usd_per_hour(self) -> float | None:
        """The budget as dollars per hour; a total or monthly budget pays for a month of serving."""
        b = self.req.budget
        if b is None:
            return None
        usd = b.amount / self.catalog.usd_to_cny if b.currency == "CNY" else b.amount
        return usd if b.period == "hour" else usd / HOURS_PER_MONTH


def _hourly(o: ServeOption) -> float:
    return o.hourly_usd if o.hourly_usd is not None else float("inf")


def _value(o: ServeOption) -> float:
    per_m = o.usd_per_million_tokens
    return per_m if per_m is not None else float("inf")


def _key(ctx: Context) -> Callable[[ServeOption], tuple[float, int, float]]:
    def key(o: ServeOption) -> tuple[float, int, float]:
        tpot = o.speed.tpot_s if o.speed else float("inf")
        return (_hourly(o) if ctx.has_load else _value(o), o.gpus, tpot)

    return key


def _fastest_key(ctx: Context) -> Callable[[ServeOption], tuple[float, float]]:
    """With a load, fastest is the shortest time per token each user sees; at saturation (no
    load) it is the most output tokens per second."""

    def key(o: ServeOption) -> tuple[float, float]:
        if o.speed is None:
            return (float("inf"), _hourly(o))
        return (o.speed.tpot_s if ctx.has_load else -o.output_tokens_per_second, _hourly(o))

    return key


def _miss(o: ServeOption, ctx: Context) -> float:
    """How far an option is from the latency targets: the worst of achieved / target (1 = meets)."""
    sp, req = o.speed, ctx.req
    if sp is None:
        return float("inf")
    ratios = [1.0]
    if req.ttft_ms:
        ratios.append(sp.ttft_s * 1000 / req.ttft_ms)
    if req.tpot_ms:
        ratios.append(sp.tpot_s * 1000 / req.tpot_ms)
    return max(ratios)


def _usable(o: ServeOption, ctx: Context, *, budget: bool = True) -> bool:
    """The option fits, meets the latency targets (a batch job: its window), is priced and, with `budget`,
    is within the budget."""
    if not (o.fits and o.meets_latency and o.quote is not None):
        return False
    if not budget:
        return True
    job_cap = ctx.job_budget_usd()
    if job_cap is not None:
        cost = job_cost_usd(o, ctx)
        return cost is not None and cost <= job_cap * 1.0001
    cap = ctx.budget_usd_per_hour()
    return cap is None or (o.hourly_usd is not None and o.hourly_usd <= cap * 1.0001)


def job_cost_usd(o: ServeOption, ctx: Context) -> float | None:
    """What a batch job costs on the option in all, in dollars: its tokens at the option's cost per token
    (None: not a batch job, or the option is unpriced)."""
    job, per_m = ctx.req.batch, o.usd_per_million_tokens
    if job is None or per_m is None:
        return None
    return per_m * job.requests * ctx.req.output_tokens / 1e6


def _prefer_nvidia(ordered: list[ServeOption], ctx: Context) -> list[ServeOption]:
    """NVIDIA first unless the AMD option undercuts the best NVIDIA one by more than the margin
    (the same rule as training plans, assumptions.AMD_PREFERENCE_MARGIN)."""
    if ctx.req.gpu is not None or not ordered or ordered[0].gpu.vendor != "amd":
        return ordered
    key = _key(ctx)
    nvidia = [o for o in ordered if o.gpu.vendor == "nvidia"]
    if nvidia and key(nvidia[0])[0] * (1.0 - AMD_PREFERENCE_MARGIN) <= key(ordered[0])[0]:
        return [nvidia[0]] + [o for o in ordered if o is not nvidia[0]]
    return ordered


def leading(pool: list[ServeOption], ctx: Context) -> list[ServeOption]:
    """The options rank() chooses from, best first: those that meet every constraint, or when none
    does the closest to the targets, then by cost."""
    key = _key(ctx)
    usable = sorted((o for o in pool if _usable(o, ctx)), key=key)
    if not usable:  # nothing meets every constraint: the closest to the targets first, then by cost
        timed = [o for o in pool if o.speed is not None]
        best = min((_miss(o, ctx) for o in timed), default=1.0)
        usable = sorted((o for o in timed if _miss(o, ctx) <= best * NEAR_MISS), key=key)
    return _prefer_nvidia(usable, ctx)


def lower_precision_bar(usable: list[ServeOption], ctx: Context) -> float | None:
    """What a lower-precision option must cost less per hour than to be shown: the recommended
    option's cost, when there is a load (options are ranked per hour: a lower-precision one that
    costs at least that even as a single replica never shows). None when every lower-precision
    option may show: no load (ranked by cost per token, which needs its speed) or nothing leads."""
    if not usable or not ctx.has_load:
        return None
    return _key(ctx)(usable[0])[0]


def rank(
    usable: list[ServeOption], lower: list[ServeOption], forced: ServeOption | None, ctx: Context
) -> list[ServeOption]:
    """The options shown, labelled: `usable` is leading()'s list."""
    key = _key(ctx)
    out: list[ServeOption] = []

    def add(o: ServeOption | None, label: str) -> None:
        if o is None or any(x.replica == o.replica and x.replicas == o.replicas for x in out):
            return
        out.append(o.shown(label))

    if forced is not None:
        add(forced, "requested")
    if usable:
        first = usable[0]
        add(first, "recommended")
        if ctx.req.batch is None:  # a job costs its hours: the cheapest per hour is only slower (and dearer)
            add(min(usable, key=lambda o: (_hourly(o), o.gpus)), "cheapest")
        # Unpriced (a GPU the catalogue has no price for): the same cap on the GPUs it takes, so
        # "fastest" is never a hundred single-GPU replicas of what the first option runs on a few.
        quick = [
            o
            for o in usable
            if _hourly(o) <= _hourly(first) * FASTEST_COST_CAP
            and o.speed
            and (
                o.hourly_usd is not None
                and first.hourly_usd is not None
                or o.gpus <= first.gpus * FASTEST_COST_CAP
            )
        ]
        if quick:
            add(min(quick, key=_fastest_key(ctx)), "fastest")
        # Over the budget, a smaller precision that costs less still shows: it comes closest, or meets it
        smaller = sorted((o for o in lower if _usable(o, ctx)), key=key) or sorted(
            (o for o in lower if _usable(o, ctx, budget=False)), key=key
        )
        if smaller and key(smaller[0])[0] < key(first)[0]:
            add(smaller[0], "lower_precision")
        seen = {o.gpu.id for o in out}
        for o in usable:
            if len(out) >= MAX_OPTIONS:
                break
            if o.gpu.id not in seen:
                seen.add(o.gpu.id)
                add(o, "alternative")
    elif lower:
        smaller = sorted((o for o in lower if o.speed is not None), key=key)
        if smaller:
            add(smaller[0], "lower_precision")
    return out[:MAX_OPTIONS] if forced is None else out[: MAX_OPTIONS + 1]
