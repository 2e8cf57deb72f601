"""The shortcuts a serving plan takes to be fast never change its answer: the time-per-token search
seeded by a closed-form estimate lands where a bisection timing every batch it asks lands, time per
token never falls as the batch grows (what that rests on), and a lower-precision option left untimed
could not have been shown."""

from __future__ import annotations

import itertools

from knowledge import KnowledgeBase
from sizing.serve_batch import batch_for_tpot
from sizing.serve_catalog import catalog_book
from sizing.serve_plan import candidates, plan_serving, with_default_targets
from sizing.serve_rank import Context, leading, rank
from sizing.serve_speed import Replica, Timing
from sizing.serve_types import ServePrecision, ServeRequest

MODELS = ("llama-3.3-70b", "qwen2.5-7b", "deepseek-v3", "mixtral-8x7b", "gemma-2-9b", "gpt-oss-120b")
SHAPES = (("h100-sxm", 1, 1), ("h100-sxm", 4, 1), ("l4", 2, 1), ("a100-80gb", 8, 2), ("mi300x", 8, 1))


def bisection_timing_every_batch(timing: Timing, limit: int, tpot_s: float) -> int:
    """The search as it was before the shortcuts: every batch the bisection asks about is timed."""
    first = timing.tpot_s(1)
    if first > tpot_s:
        return 0
    last = timing.tpot_s(limit)
    if last <= tpot_s:
        return limit
    low = max(1, int(1 + (tpot_s - first) / (last - first) * (limit - 1)))
    high = limit - 1
    if low > 1 and timing.tpot_s(low) > tpot_s:  # the chord overshoots where TPOT is concave (MoE)
        low, high = 1, low - 1
    while high - low > max(1, low // 50):
        mid = (low + high + 1) // 2
        if timing.tpot_s(mid) <= tpot_s:
            low = mid
        else:
            high = mid - 1
    return low


def timings(kb: KnowledgeBase) -> list[Timing]:
    out = []
    for model, (gpu, tp, pp), precision, (i, o) in itertools.product(
        MODELS, SHAPES, ("bf16", "fp8"), ((1000, 500), (30000, 300), (100, 4000))
    ):
        p: ServePrecision = precision  # type: ignore[assignment]
        rep = Replica(kb.model_architecture(model), kb.catalog.gpu(gpu), tp, p, pp)
        out.append(Timing(rep, i, o))
        if rep.arch.moe is not None and tp == 8 and pp == 1:  # the experts spread over the GPUs
            out.append(Timing(Replica(rep.arch, rep.gpu, tp, p, pp, "ep"), i, o))
    return out


def test_the_time_per_token_search_lands_where_timing_every_batch_asked_lands(kb: KnowledgeBase) -> None:
    searched = 0
    for timing in timings(kb):
        one, most = timing.tpot_s(1), timing.tpot_s(732)
        for limit, target in itertools.product(
            (2, 37, 732), (0.02, 0.05, one + (most - one) / 3, most * 0.99)
        ):
            assert batch_for_tpot(timing, limit, target) == bisection_timing_every_batch(
                timing, limit, target
            )
            searched += 1
    assert searched > 500


def test_searching_for_a_fixed_load_gives_the_same_replica_count(kb: KnowledgeBase) -> None:
    for timing, users in itertools.product(timings(kb), (1, 64, 100, 500)):
        full = batch_for_tpot(timing, 732, 0.05)
        enough = batch_for_tpot(timing, 732, 0.05, enough=users)
        assert enough <= full
        if full:
            assert -(-users // enough) == -(-users // full)  # replicas = ceil(users / batch)


def test_time_per_token_never_falls_as_the_batch_grows(kb: KnowledgeBase) -> None:
    for timing in timings(kb):
        tpots = [timing.tpot_s(b) for b in range(1, 400)]
        assert all(a <= b for a, b in itertools.pairwise(tpots))


def test_a_lower_precision_option_left_untimed_could_not_have_been_shown(kb: KnowledgeBase) -> None:
    for model, users in itertools.product(("llama-3.3-70b", "qwen2.5-72b", "mixtral-8x7b"), (8, 100, 2000)):
        req = with_default_targets(ServeRequest(model=kb.model_architecture(model), concurrency=users))
        book = catalog_book(kb.catalog)
        pool, _ = candidates(req, book, "bf16")
        every_lower, _ = candidates(req, book, "fp8", per_type=1)
        ctx = Context(req, kb.catalog)
        shown = rank(leading(pool, ctx), every_lower, None, ctx)
        planned = plan_serving(req, kb.catalog).options
        assert [(o.label, o.replica, o.replicas) for o in planned] == [
            (o.label, o.replica, o.replicas) for o in shown
        ]
