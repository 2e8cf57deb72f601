"""How many requests one replica runs at once: the largest batch within a time-per-token target,
and the batch a request rate settles at (Little's law). Both probe one replica at many batch
sizes through its serve_speed.Timing."""

from __future__ import annotations

import math

from sizing.serve_speed import Timing

# Little's law fixed point: a few rounds settle concurrency = rate x time in system.
LITTLE_ROUNDS = 12


def batch_for_tpot(timing: Timing, limit: int, tpot_s: float, enough: int | None = None) -> int:
    """The largest batch (≤ limit) whose time per output token stays within `tpot_s`; 0 if even one
    request is slower. TPOT grows with the batch, so a bisection finds it. With `enough`, the
    search stops once its batch reaches that many (a caller serving a fixed number of requests
    needs no larger one): the answer is then at least `enough` and no more than the full search's."""
    if limit < 1:
        return 0
    tpot = timing.tpot_s
    first = tpot(1)
    if first > tpot_s:
        return 0
    last = tpot(limit)
    if last <= tpot_s:
        return limit
    # Where TPOT is a convex, rising function of the batch (a max of linear costs) the chord from 1
    # to `limit` lies above it: where the chord meets the target the batch still meets it. It is not
    # convex everywhere (routed experts: a growing batch touches more of them, most of all with the
    # experts spread over the GPUs; pipeline micro-batches round up), so the chord's batch is timed,
    # and the search starts from one request when it misses. Bisect to within 2% (a batch size, not
    # a measurement: finer is noise).
    low = max(1, int(1 + (tpot_s - first) / (last - first) * (limit - 1)))
    high = limit - 1
    if low > 1 and tpot(low) > tpot_s:
        low, high = 1, low - 1
    goal = limit if enough is None else enough
    if high - low <= max(1, low // 50) or low >= goal:
        return low
    # TPOT never falls as the batch grows (no cost in it does, and each float operation keeps the
    # order), so every batch up to one that meets the target meets it and every batch from one that
    # misses misses. `meets` and `misses` are the nearest such batches timed so far; the bisection
    # times only a batch between them. Timing the two batches around the closed-form estimate
    # first (Timing.batch_estimate) mostly leaves nothing between them: every answer is the one
    # timing the asked batch gives, so the result is the plain bisection's, for fewer timings.
    meets, misses = _around(timing, tpot_s, 1, limit)
    while high - low > (low // 50 or 1) and low < goal:
        mid = (low + high + 1) // 2
        if mid <= meets or (mid < misses and tpot(mid) <= tpot_s):
            low = mid
            if mid > meets:
                meets = mid
        else:
            high = mid - 1
            if mid < misses:
                misses = mid
    return low


def _around(timing: Timing, tpot_s: float, meets: int, misses: int) -> tuple[int, int]:
    """(meets, misses) after timing the batches at Timing.batch_estimate and next to it, between
    `meets` (known within `tpot_s`) and `misses` (known over it)."""
    estimate = timing.batch_estimate(tpot_s)
    guess = int(estimate) if math.isfinite(estimate) else (meets + misses) // 2
    guess = min(max(guess, meets + 1), misses - 1)
    if timing.tpot_s(guess) <= tpot_s:
        meets = guess
        if guess + 1 < misses:
            if timing.tpot_s(guess + 1) <= tpot_s:
                meets = guess + 1
            else:
                misses = guess + 1
    else:
        misses = guess
        if guess - 1 > meets:
            if timing.tpot_s(guess - 1) <= tpot_s:
                meets = guess - 1
            else:
                misses = guess - 1
    return meets, misses


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
