"""The serving model on a published setup: one replica of a given GPU, size and precision, under
the load the measurement used (unlimited, a fixed number in flight, or a request rate). Shared by
`gpu-advisor validate`, the calibration script and the tests."""

from __future__ import annotations

import math
from dataclasses import dataclass

from sizing.model_arch import ModelArchitecture
from sizing.serve_batch import settled_batch
from sizing.serve_calibration import CALIBRATED, ServeConstants
from sizing.serve_layout import ServeLayout, layout_wanted, layouts_for
from sizing.serve_memory import kv_bytes_per_request, serve_memory, weight_bytes
from sizing.serve_speed import Replica, Timing, saturation_batch
from sizing.serve_types import ServePrecision
from sizing.types import GpuSpec


@dataclass(frozen=True, slots=True)
class RunPrediction:
    fits: bool
    batch: int
    output_tokens_per_second: float
    ttft_ms: float
    tpot_ms: float
    naive_tokens_per_second: float  # bandwidth only: weights + KV read at peak HBM bandwidth, nothing else
    layout: ServeLayout = "tp"  # how the replica laid the model out (sizing/serve_layout.py)


def predict(
    arch: ModelArchitecture,
    gpu: GpuSpec,
    tp: int,
    precision: ServePrecision,
    input_tokens: int,
    output_tokens: int,
    concurrency: int | None = None,
    qps: float | None = None,
    k: ServeConstants = CALIBRATED,
    layout: ServeLayout | None = None,
) -> RunPrediction:
    """`layout`: the one the run used; None: the one serve_layout's regime gives the load (full
    load or a large batch per GPU: expert parallel; a small one: tensor parallel), fits first; under
    a rate the faster of the two, expert parallel only with a request per GPU or more."""
    tried = [
        _predict(arch, gpu, tp, precision, input_tokens, output_tokens, concurrency, qps, k, lay)
        for lay in layouts_for(arch, tp, 1, concurrency, layout)
    ]
    full_load = concurrency is None and qps is None

    def rank(p: RunPrediction) -> tuple[bool, bool, float]:
        return (p.fits, layout_wanted(p.layout, p.batch, tp, full_load), p.output_tokens_per_second)

    return max(tried, key=rank)


def _predict(
    arch: ModelArchitecture,
    gpu: GpuSpec,
    tp: int,
    precision: ServePrecision,
    input_tokens: int,
    output_tokens: int,
    concurrency: int | None,
    qps: float | None,
    k: ServeConstants,
    layout: ServeLayout,
) -> RunPrediction:
    ep = layout == "ep"
    mem = serve_memory(arch, gpu, tp, precision, input_tokens + output_tokens, expert_parallel=ep)
    room = saturation_batch(mem.max_concurrency, k, mem.ranks)
    if room < 1:
        return RunPrediction(False, 0, 0.0, math.inf, math.inf, 0.0, layout)
    timing = Timing(Replica(arch, gpu, tp, precision, layout=layout), input_tokens, output_tokens, k)
    if concurrency is not None:
        batch = min(concurrency, room)
    elif qps is not None:
        batch = settled_batch(timing, qps, room)
    else:
        batch = room
    s = timing.speed(batch)
    tokens = s.output_tokens_per_second
    if qps is not None:  # below saturation a server completes what arrives
        tokens = min(tokens, qps * output_tokens)
    context = input_tokens + output_tokens / 2.0
    kv = batch * kv_bytes_per_request(arch, tp, precision, round(context))
    read = weight_bytes(arch, precision) / tp + kv
    naive = batch / (read / ((gpu.memory_bandwidth_tbs or 1.0) * 1e12))
    if qps is not None:
        naive = min(naive, qps * output_tokens)
    return RunPrediction(
        fits=True,
        batch=batch,
        output_tokens_per_second=tokens,
        ttft_ms=s.ttft_s * 1e3,
        tpot_ms=s.tpot_s * 1e3,
        naive_tokens_per_second=naive,
        layout=layout,
    )
