"""How many requests one replica runs at once: the largest batch within a time-per-token target,
and the batch a request rate settles at (Little's law). Both probe one replica at many batch
sizes through its serve_speed.Timing."""

from __future__ import annotations

import math

from sizing.serve_speed import Timing

# Little's law fixed point: a few rounds settle concurrency = rate x time in system.
LITTLE_ROUNDS = 12


def batch_for_tpot(timing: Timing, limit: int, tpot_s: float) -> int:
    """The largest batch (≤ limit) whose time per output token stays within `tpot_s`; 0 if even one
    request is slower. TPOT grows with the batch, so a bisection finds it."""
    if limit < 1:
        return 0
    tpot = timing.tpot_s
    first = tpot(1)
    if first > tpot_s:
        return 0
    last = tpot(limit)
    if last <= tpot_s:
        return limit
    # TPOT is a convex, rising function of the batch (a max of linear costs), so the chord from 1 to
    # `limit` lies above it: where the chord meets the target the batch still meets it. Bisect from
    # there to within 2% (a batch size, not a measurement: finer is noise).
    low = max(1, int(1 + (tpot_s - first) / (last - first) * (limit - 1)))
    high = limit - 1
    while high - low > max(1, low // 50):
        mid = (low + high + 1) // 2
        if tpot(mid) <= tpot_s:
            low = mid
        else:
            high = mid - 1
    return low


def settled_batch(timing: Timing, rate_per_s: float, limit: int) -> int:
    """Requests in flight when requests arrive at `rate_per_s`: concurrency = rate x (time to first
    token + answer time), iterated from one request until it repeats (at most LITTLE_ROUNDS rounds),
    never above `limit`."""
    output_tokens = timing.output_tokens
    batch = 1
    ttft, tpot = timing.latency_s(1)
    for _ in range(LITTLE_ROUNDS):
        settled = min(limit, max(1, math.ceil(rate_per_s * (ttft + output_tokens * tpot))))
        if settled == batch:
            break
        batch = settled
        ttft, tpot = timing.latency_s(batch)
    return batch
