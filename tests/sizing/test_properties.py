from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import assume, given, settings, strategies as st
from sizing_catalog import CATALOG

from knowledge import load_knowledge
from sizing import SizingRequest, plan
from sizing.assumptions import COST_TIE
from sizing.evaluate import COUNT_LADDER, Evaluator, rank_cost
from sizing.result import Option
from sizing.screen import within_batch
from sizing.types import Catalog
from sizing.workload import normalise

params = st.floats(min_value=1e8, max_value=2e11)
methods = st.sampled_from(["pretrain", "full_finetune", "lora", "qlora"])
gpus = st.sampled_from([g for g in CATALOG.gpus])


def _finite(x: object) -> bool:
    if isinstance(x, float):
        return math.isfinite(x)
    if isinstance(x, dict):
        return all(_finite(v) for v in x.values())
    if isinstance(x, list | tuple):
        return all(_finite(v) for v in x)
    return True


@settings(max_examples=30, deadline=None)
@given(params, methods, gpus, st.sampled_from([1, 8, 64]))
def test_more_parameters_never_need_less_memory(n: float, method: str, gpu: object, count: int) -> None:
    small = normalise(SizingRequest(params=n, method=method, seq_len=2048, micro_batch=1))  # type: ignore[arg-type]
    big = normalise(SizingRequest(params=n * 1.5, method=method, seq_len=2048, micro_batch=1))  # type: ignore[arg-type]
    # Across a rung of the shape ladder a model can get shallower and wider (0.47B: 32 × 1024 ->
    # 0.7B: 10 × 2048) and hold fewer activations, as real model families do; compare within one.
    assume(small.arch.hidden == big.arch.hidden)
    from sizing.layout import choose

    # Same layout for both, so only the model size differs.
    lay = choose(small, gpu, count).layout  # type: ignore[arg-type]
    from sizing.memory import breakdown

    assert breakdown(big, lay, "bf16").total_gb >= breakdown(small, lay, "bf16").total_gb


@settings(max_examples=60, deadline=None)
@given(params, methods, gpus)
def test_more_gpus_never_take_longer(n: float, method: str, gpu: object) -> None:
    w = normalise(SizingRequest(params=n, method=method, tokens=1e10))  # type: ignore[arg-type]
    ev = Evaluator(w, CATALOG)
    plans = [ev.offered(gpu, k) for k in COUNT_LADDER[:12] if k in ev.ladder(gpu)]  # type: ignore[arg-type]
    # A plan that does not fit has no meaningful time; None is a count the engine never offers.
    days = [p.days for p in plans if p is not None and p.fits]
    assert all(b <= a * 1.0001 for a, b in zip(days, days[1:], strict=False))


@settings(max_examples=25, deadline=None)
@given(params, methods, st.sampled_from([None, 0.5, 3.0, 30.0]))
def test_plans_marked_fit_stay_within_memory_and_meet_the_deadline_or_say_so(
    n: float, method: str, days: float | None
) -> None:
    d = plan(SizingRequest(params=n, method=method, tokens=5e9, days=days), CATALOG).to_dict()  # type: ignore[arg-type]
    codes = [w["code"] for w in d["warnings"]]
    assert _finite(d)
    for o in d["options"]:
        if o["fits"]:
            assert o["memory_per_gpu_gb"] <= o["gpu_memory_gb"]
        if days is not None and o["days"] > days * 1.0001:
            assert "deadline_impossible" in o["warnings"]
    if days is not None and d["options"] and d["options"][0]["days"] > days * 1.0001:
        assert {"deadline_impossible", "requested_misses_deadline"} & set(codes)


@settings(max_examples=30, deadline=None)
@given(params, gpus, st.sampled_from([1, 2, 8]), st.sampled_from([512, 2048, 8192]))
def test_lora_never_needs_more_memory_than_full_finetuning(
    n: float, gpu: object, count: int, seq: int
) -> None:
    from sizing.layout import choose
    from sizing.memory import breakdown

    full = normalise(SizingRequest(params=n, method="full_finetune", seq_len=seq, micro_batch=1))
    lora = normalise(SizingRequest(params=n, method="lora", seq_len=seq, micro_batch=1))
    lay = choose(full, gpu, count).layout  # type: ignore[arg-type]
    assert breakdown(lora, lay, "bf16").total_gb <= breakdown(full, lay, "bf16").total_gb


@settings(max_examples=25, deadline=None)
@given(params, methods, st.sampled_from(["t4", "v100-32gb", "a100-40gb", "h100-sxm"]))
def test_the_options_for_one_gpu_type_never_offer_more_gpus_that_take_longer(
    n: float, method: str, gpu: str
) -> None:
    d = plan(SizingRequest(params=n, method=method, tokens=1e10, gpu=gpu), CATALOG)  # type: ignore[arg-type]
    fitting = sorted((o.gpus, o.days) for o in d.options if o.fits)
    assert all(b[1] <= a[1] * 1.0001 for a, b in zip(fitting, fitting[1:], strict=False))


REAL = load_knowledge().catalog  # the shipped catalog: the B200 counts of the pruning bug are its own
DEADLINES = (1.0, 2.0, 3.0, 5.0, 7.0, 10.0, 14.0, 21.0, 30.0)


def _no_dearer(p: Option, o: Option) -> bool:
    """`p` costs no more than `o`, or within COST_TIE of it on fewer GPUs (the tie rule: fewer
    GPUs win among equally cheap plans, rank.cheapest)."""
    return rank_cost(p) <= rank_cost(o) * 1.0001 or (
        rank_cost(p) <= rank_cost(o) * (1.0 + COST_TIE) and p.gpus < o.gpus
    )


@pytest.mark.parametrize("catalog", [CATALOG, REAL], ids=["fixture", "shipped"])
@pytest.mark.parametrize("method", ["pretrain", "full_finetune", "lora", "qlora"])
def test_a_looser_deadline_still_offers_the_cheapest_plan_or_one_that_costs_no_more(
    catalog: Catalog, method: str
) -> None:
    """Relaxing the deadline only adds plans that meet it, so the cheapest plan offered never gets
    dearer, and the tight deadline's cheapest plan stays offered unless a plan that costs no more
    replaces it ("13B full fine-tune, 10 days" once offered 8 × B200 at $2,405 where 5 days gave
    4 × B200 at $2,402, and no 4 × B200 at all). Left out: a tight answer whose cheapest plan is
    beyond the global batch (the batch screen admits those only when no plan is within it) or
    on another stack than the looser one (with no plan on the usual stack the answer switches to
    Megatron, plan._megatron_instead)."""
    failures = []
    for n, tokens in itertools.product((1e9, 3e9, 7e9, 13e9, 34e9, 70e9), (1e9, 1e10, 1e11)):
        before: tuple[float, Option, str] | None = None
        for days in DEADLINES:
            result = plan(SizingRequest(params=n, tokens=tokens, method=method, days=days), catalog)  # type: ignore[arg-type]
            stack = str(dict(result.workload)["stack"])
            meeting = [o for o in result.options if o.fits and o.days <= days * 1.0001]
            if not meeting:
                before = None
                continue
            low = min(meeting, key=rank_cost)
            if before is not None and before[2] == stack:
                tight, was = before[0], before[1]
                # (Were `was` still offered, `low` would cost no more: one check covers both.)
                if not _no_dearer(low, was):
                    failures.append(
                        f"{n:g} params, {tokens:g} tokens, {tight:g} -> {days:g} days: "
                        f"{was.gpus} × {was.gpu.id} ${rank_cost(was):,.0f} -> "
                        f"{low.gpus} × {low.gpu.id} ${rank_cost(low):,.0f}"
                    )
            w = normalise(SizingRequest(params=n, tokens=tokens, method=method, days=days))  # type: ignore[arg-type]
            before = (days, low, stack) if within_batch(low, w) else None
    assert failures == []
