from __future__ import annotations

import math

from hypothesis import assume, given, settings, strategies as st
from sizing_catalog import CATALOG

from sizing import SizingRequest, plan
from sizing.evaluate import COUNT_LADDER, Evaluator
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
