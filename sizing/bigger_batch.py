"""Plans beyond the recipe's global batch: the faster, cheaper counts the count search cannot reach.

plan() searches counts within the recipe's global batch (workload.GLOBAL_BATCH_TOKENS; with data
parallelism alone a 128K-token fine-tuning batch of 2,048-token sequences holds 64 GPUs, and
Evaluator.ladder stops there), while a count the user names grows the batch (layout.LayoutSearch,
as big runs raise theirs). Beyond that cap more GPUs can make a plan cheaper as well as faster, not
only faster: ZeRO-3 shards the model states over more GPUs, so the activations fit without
recomputing every layer (70B full fine-tuning on H100: 40 GPUs recompute, 128 do not and need 25%
fewer GPU-hours), and the longer steps of a bigger batch give the gradient sync more time on a
network below its need. Growing the batch is a training choice (fewer, larger optimizer steps),
so the search keeps the recipe; the answer names the better plan instead, and asking for that
count never finds a faster, cheaper plan the recommendation kept quiet about
(tests/sizing/test_user_count_never_beats_the_recommendation.py).
"""

from __future__ import annotations

from sizing.evaluate import Evaluator, rank_cost
from sizing.layout import max_gpus_within_batch
from sizing.memory import Layout
from sizing.result import Option, SizingWarning
from sizing.screen import layout_within_batch, network_ok
from sizing.types import GpuSpec
from sizing.workload import Workload

# The most this advice grows the recipe's global batch: 8× (1M tokens for a fine-tune, 32M for
# pre-training, twice Llama 3 405B's 16M, arXiv 2407.21783 Table 4); the counts looked at stop at
# this many times the most GPUs the recipe's batch holds.
MAX_GROWTH = 8
# Strictly better on both counts, by more than rounding.
MARGIN = 0.999


def grows_batch(lay: Layout, w: Workload) -> bool:
    """Whether this layout trains on a bigger global batch than the recipe's: more data-parallel
    sequences at once than it holds (screen.layout_within_batch), or more micro-batches per step than
    the recipe's batch needs, as a pipeline on a count the user names takes (at least two per stage,
    layout._accum): 256 x H100 on Megatron, DP 32 x TP 4 x PP 2, step 4 micro-batches of 32
    sequences, 262K tokens, where the recipe's 131K needs 2."""
    if not layout_within_batch(lay, w):
        return True
    if w.low_memory:
        return False  # no gradient accumulation: its batch is what the GPUs hold at once
    recipe_accum = max(1, round(w.global_batch_tokens / (lay.dp * lay.micro_batch * w.seq_len)))
    return lay.grad_accum > recipe_accum


def batch_tokens(lay: Layout, w: Workload) -> float:
    """The global batch this layout trains on: tokens per optimizer step."""
    return lay.dp * lay.micro_batch * lay.grad_accum * w.seq_len


def within_growth(o: Option, w: Workload) -> bool:
    """This plan's batch is at most MAX_GROWTH × the recipe's."""
    return batch_tokens(o.fitted.layout, w) <= w.global_batch_tokens * MAX_GROWTH * 1.0001


def worth_a_look(top: Option, w: Workload, cap: int | None, cheapest_gpu_hour: float) -> bool:
    """Whether a bigger batch could beat `top`, known from `top` alone: it is priced and fits on a
    type whose count the batch caps, and it pays for something more GPUs relieve: recomputing every
    layer (where the stack has a cheaper mode and the user did not fix it), a pipeline's bubble, ZeRO-3's
    parameter gathers, a network below the sync need, or a dearer instance than the type's cheapest per
    GPU-hour (the one whose network covers the need, where a bigger batch's longer steps need less: 34B on
    A100).
    Otherwise a larger count only adds the goodput loss of a bigger cluster."""
    if cap is None or not top.fits or top.quote is None:
        return False
    recomputes = (
        w.recompute is None and top.fitted.layout.recompute == "full" and w.stack.cheap_recompute != "full"
    )
    q = top.quote
    dearer = top.network.multi_node and q.hourly_usd / (
        q.instances * q.offering.gpu_count
    ) > cheapest_gpu_hour * (1.0 + 1e-9)
    # A pipeline's bubble shrinks with more micro-batches per step (layout._accum grows them on a
    # count the user names): (p - 1) / m, arXiv 2104.04473 §2.2.
    piped = top.fitted.layout.pp > 1
    # ZeRO-3 gathers the parameters every step; sharded over more GPUs the memory may fit ZeRO-2, which
    # does not (52B full fine-tune on MI300X: 40 at ZeRO-3 against 128 at ZeRO-2, faster and cheaper).
    gathers = top.fitted.layout.zero_stage == 3
    return recomputes or piped or gathers or top.network.comm_slowdown > 1.0 or dearer


def better_beyond_batch(top: Option, w: Workload, ev: Evaluator, cap: int) -> Option | None:
    """The cheapest plan on `top`'s GPU type, up to MAX_GROWTH × `cap` GPUs, that is beyond the
    recipe's batch and strictly faster and cheaper than `top` (on-demand and as ranked), on one node
    or a network known to cover it; None when there is none. `ev` plans counts as for a count the
    user named (strict_batch=False)."""
    g = top.gpu
    bar = rank_cost(top)
    usd = top.quote.on_demand_usd if top.quote is not None else 0.0
    best: Option | None = None
    for n in ev.ladder(g):
        if n <= top.gpus:
            continue
        if n > cap * MAX_GROWTH:
            break
        if ev.cost_floor(g, n) >= usd * MARGIN:
            continue  # not even its best speed makes it cheaper
        o = ev(g, n)
        if not (o.fits and o.quote is not None and network_ok(o)):
            continue
        if not grows_batch(o.fitted.layout, w):
            continue  # within the recipe's batch: the search's own business
        if not within_growth(o, w):
            continue
        if (
            o.days < top.days * MARGIN
            and rank_cost(o) < bar * MARGIN
            and o.quote.on_demand_usd < usd * MARGIN
            and (best is None or rank_cost(o) < rank_cost(best))
        ):
            best = o
    return best


def warning(top: Option, better: Option, w: Workload) -> SizingWarning:
    """bigger_batch_cheaper: the plan, its global batch against the recipe's, and what changed."""
    lay = better.fitted.layout
    tokens = batch_tokens(lay, w)
    q = better.quote
    return SizingWarning(
        "bigger_batch_cheaper",
        params=(
            ("gpu", better.gpu.id),
            ("gpus", better.gpus),
            ("days", round(better.days, 3)),
            ("cost_usd", round(q.on_demand_usd, 2) if q is not None else None),
            ("cost_cny", round(q.on_demand_usd * better.usd_to_cny, 2) if q is not None else None),
            ("batch_tokens", tokens),
            ("recipe_tokens", w.global_batch_tokens),
            ("factor", round(tokens / w.global_batch_tokens, 2)),
            ("recompute", lay.recompute),
            ("recompute_dropped", top.fitted.layout.recompute != "none" and lay.recompute == "none"),
            ("top_gpus", top.gpus),
        ),
    )


def grown(named: Option, w: Workload, deadline: bool = False, met: bool = True) -> SizingWarning | None:
    """batch_grown: a count the user named whose layout takes a bigger global batch than the recipe's
    (more data-parallel ranks than its sequences), with the most GPUs the recipe's batch holds. It
    is why such a plan can be faster and cheaper than the one recommended for the same job.
    `deadline`: the plan is recommended because no count within the batch meets the deadline (`met`:
    and this one does; otherwise it is the fastest, beyond the batch)."""
    if not named.fits or not grows_batch(named.fitted.layout, w):
        return None
    lay = named.fitted.layout
    tokens = batch_tokens(lay, w)
    return SizingWarning(
        "batch_grown",
        params=(
            ("gpu", named.gpu.id),
            ("gpus", named.gpus),
            ("batch_tokens", tokens),
            ("recipe_tokens", w.global_batch_tokens),
            ("factor", round(tokens / w.global_batch_tokens, 2)),
            ("within_gpus", max_gpus_within_batch(w, named.gpu, 1)),
            # Why: more DP ranks × micro-batch than the batch's sequences, or a pipeline's micro-batches.
            ("pipeline_stages", 0 if not layout_within_batch(lay, w) else lay.pp),
            ("deadline", deadline),
            ("met", met),
        ),
    )


def meeting_beyond_batch(ev: Evaluator, w: Workload, late: list[GpuSpec], days: float) -> list[Option]:
    """For each type no count within the recipe's global batch brings within `days` (`ev` plans
    within the batch), the fewest GPUs beyond it, up to MAX_GROWTH × the most the batch holds, that
    fit, are priced and finish within `days`, planned as for a count the user names; or a larger
    count that is faster and cheaper than that (better_beyond_batch)."""
    if not ev.strict_batch:
        return []
    loose: Evaluator | None = None
    out: list[Option] = []
    for g in late:
        cap = ev.batch_cap(g)
        if cap is None:
            continue
        loose = loose or Evaluator(w, ev.catalog, strict_batch=False)
        o = loose.meeting(g, cap + 1, days)
        if o is not None and o.gpus <= cap * MAX_GROWTH and within_growth(o, w) and o.quote is not None:
            # A larger count can cost less and finish sooner still (recompute dropped, a cheaper
            # network): the plan no other beats, as for the recommendation within the batch.
            out.append(better_beyond_batch(o, w, loose, cap) or o)
    return out


def fastest_beyond_batch(ev: Evaluator, w: Workload, g: GpuSpec) -> Option | None:
    """The fastest plan on this type beyond the recipe's global batch, up to MAX_GROWTH × the most
    GPUs it holds (`ev` plans within the batch): the largest such count that fits and is priced, as
    Evaluator.fastest takes the largest count. None when the batch does not cap this type."""
    cap = ev.batch_cap(g)
    if not ev.strict_batch or cap is None:
        return None
    loose = Evaluator(w, ev.catalog, strict_batch=False)
    for n in reversed(loose.ladder(g)):
        if n <= cap:
            break
        if n > cap * MAX_GROWTH:
            continue
        o = loose.offered(g, n)
        if o is not None and o.fits and o.quote is not None and within_growth(o, w):
            return o
    return None
