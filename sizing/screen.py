"""Screens on candidate plans before ranking: the recipe's global batch and the cluster network."""

from __future__ import annotations

import math

from sizing.memory import Layout
from sizing.network import GPUS_PER_NODE
from sizing.result import Excluded, Option
from sizing.workload import Workload


def within_batch(o: Option, w: Workload) -> bool:
    """Data-parallel ranks × micro-batch × sequence stay within the recipe's global batch
    (workload.GLOBAL_BATCH_TOKENS: ~4M tokens for pre-training as in Llama 2, arXiv 2307.09288
    §2.2; GPT-3 used 0.5M-3.2M, arXiv 2005.14165 Table 2.1). More ranks than that would need a
    bigger batch than the recipe trains well with, so extra GPUs stop being useful."""
    lay = o.fitted.layout  # = layout_within_batch(lay, w), without the call (the ranking asks per plan)
    return lay.dp * lay.micro_batch * w.seq_len <= w.global_batch_tokens * 1.0001


def layout_within_batch(lay: Layout, w: Workload) -> bool:
    """within_batch of a plan with this layout (known before the plan is priced)."""
    return lay.dp * lay.micro_batch * w.seq_len <= w.global_batch_tokens * 1.0001


def network_ok(o: Option) -> bool:
    """One node, or nodes whose scale-out network the catalogue lists and that carries the sync at
    all (offered > 0). A listed network below the layout's need only slows the plan, and its time
    already counts that (NetworkAdvice.comm_slowdown, network_below_need says so): it competes on
    that slower time, like any other plan. Dropping it instead lost plans slowed by 0.1-6% (7B on
    256 x A100 needing 1,605 Gb/s per node where Azure lists 1,600). An unlisted network is not
    known to carry it: the time assumes the guide's low tier (network_unknown)."""
    net = o.network
    if not net.multi_node:
        return True
    offered = net.offered_gbps
    return offered is not None and offered > 0.0


def batch_screen(pool: list[Option], w: Workload, deadline: float | None = None) -> list[Option]:
    """Plans within the global batch, when any is; otherwise all (there is nothing better). When
    some plans meet the deadline but none of those is within the batch, all stay too: under a
    budget the pool also holds the smallest clusters that fit, months late, and those must not
    drop the only plans that finish in time (70B full fine-tuning on 75B tokens in 14 days for $30k
    became 40 x A100 for 112 days instead of 48 x B200 for 12)."""
    on_time = [o for o in pool if _on_time(o, deadline)]
    if on_time and not any(within_batch(o, w) for o in on_time):
        return pool
    return [o for o in pool if within_batch(o, w)] or pool


def _on_time(o: Option, deadline: float | None) -> bool:
    return deadline is None or o.days <= deadline * 1.0001


def network_screen(pool: list[Option]) -> tuple[list[Option], list[Excluded]]:
    """Multi-node plans on a network the catalog does not list drop out when some plan that fits
    runs on one node or on a listed network (network_ok); a GPU type left with no plan is reported
    as excluded for "network". Without such a plan all stay (the answer warns network_unknown)."""
    if not any(o.fits and network_ok(o) for o in pool):
        return pool, []
    kept = [o for o in pool if network_ok(o)]
    if len(kept) == len(pool):
        return kept, []
    left = {o.gpu.id for o in kept}
    excluded: list[Excluded] = []
    seen: set[str] = set()
    # The dropped types' plans, fewest GPUs first (a stable sort of those alone: the same order as
    # sorting the whole pool and skipping the types left).
    gone = [o for o in pool if o.gpu.id not in left]
    for o in sorted(gone, key=lambda o: o.fitted.layout.gpus):
        gid = o.gpu.id
        if gid in seen:
            continue
        seen.add(gid)
        excluded.append(Excluded(gid, "network", network_reason(o)))
    return kept, excluded


def network_reason(o: Option) -> str:
    net, q = o.network, o.quote
    nodes = math.ceil(o.gpus / GPUS_PER_NODE)
    where = f"{nodes} × {q.offering.instance_type}" if q is not None else f"{nodes} nodes"
    if net.offered_gbps is None:
        return (
            f"{o.gpus} GPUs need {where} joined by ~{net.required_gbps:,.0f} Gb/s per node, and the "
            "catalogue lists no cluster network for them"
        )
    return (
        f"{o.gpus} GPUs on {where} need ~{net.required_gbps:,.0f} Gb/s per node; "
        f"the instance lists {net.offered_gbps:,.0f} Gb/s"
    )
