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
    within = _Within(timing, tpot_s, limit)
    while high - low > max(1, low // 50):
        mid = (low + high + 1) // 2
        if within(mid):
            low = mid
        else:
            high = mid - 1
    return low


class _Within:
    """Whether a batch meets the time-per-token target, answered as the bisection asks.

    TPOT never falls as the batch grows (no cost in it does, and each float operation keeps the
    order), so every batch up to one that meets the target meets it and every batch from one that
    misses it misses: only a batch between the largest known to meet (`meets`) and the smallest
    known to miss (`misses`) is timed. The first question also times the two batches around
    Timing.batch_estimate; where the estimate is right the bisection's later questions need no
    timing. Every answer is the one timing the batch asked would give, so the result is the
    plain bisection's."""

    __slots__ = ("timing", "tpot_s", "meets", "misses", "seeded")

    def __init__(self, timing: Timing, tpot_s: float, limit: int) -> None:
        self.timing = timing
        self.tpot_s = tpot_s
        self.meets = 1  # batch_for_tpot has timed 1 (meets) and `limit` (misses)
        self.misses = limit
        self.seeded = False

    def _time(self, batch: int) -> bool:
        ok = self.timing.tpot_s(batch) <= self.tpot_s
        if ok:
            self.meets = batch
        else:
            self.misses = batch
        return ok

    def _seed(self, asked: int) -> None:
        self.seeded = True
        estimate = self.timing.batch_estimate(self.tpot_s)
        guess = int(estimate) if math.isfinite(estimate) else asked
        guess = min(max(guess, self.meets + 1), self.misses - 1)
        if self._time(guess):
            if guess + 1 < self.misses:
                self._time(guess + 1)
        elif guess - 1 > self.meets:
            self._time(guess - 1)

    def __call__(self, batch: int) -> bool:
        if not self.seeded:
            self._seed(batch)
        if batch <= self.meets:
            return True
        if batch >= self.misses:
            return False
        return self._time(batch)


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
