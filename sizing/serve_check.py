"""The serving model on a published setup: one replica of a given GPU, size and precision, under
the load the measurement used (unlimited, a fixed number in flight, or a request rate). Shared by
`gpu-advisor validate`, the calibration script and the tests."""

from __future__ import annotations

import math
from dataclasses import dataclass

from sizing.model_arch import ModelArchitecture
from sizing.serve_batch import settled_batch
from sizing.serve_calibration import CALIBRATED, ServeConstants
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
) -> RunPrediction:
    mem = serve_memory(arch, gpu, tp, precision, input_tokens + output_tokens)
    room = saturation_batch(mem.max_concurrency, k)
    if room < 1:
        return RunPrediction(False, 0, 0.0, math.inf, math.inf, 0.0)
    timing = Timing(Replica(arch, gpu, tp, precision), input_tokens, output_tokens, k)
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
    )
