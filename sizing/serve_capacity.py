"""The largest model some GPUs can serve ("how big a model can one L4 serve?", "2 张 4090 能跑多大的模型"):
bisection over the standard (Llama-style) shape of a parameter count, so that each GPU of one replica holds
its share of the weights, the runtime buffers and the KV cache of the requests asked (one by default, of
the default prompt and answer lengths). GB = 1e9 bytes."""

from __future__ import annotations

from sizing.model_arch import ModelArchitecture
from sizing.network import GPUS_PER_NODE
from sizing.serve_memory import shape_memory
from sizing.serve_types import DEFAULT_INPUT_TOKENS, DEFAULT_OUTPUT_TOKENS, ServePrecision
from sizing.types import GpuSpec

# Parameter counts searched (100M to 5T), and the bisection's steps (a ratio of 1.003 at the end).
LOW, HIGH, STEPS = 1e8, 5e12, 24
# GPUs one replica splits a model across by tensor parallelism (one server); more GPUs add pipeline stages.


def largest_served(
    gpu: GpuSpec,
    gpus: int,
    precision: ServePrecision,
    tokens: int = DEFAULT_INPUT_TOKENS + DEFAULT_OUTPUT_TOKENS,
    requests: int = 1,
) -> float | None:
    """The most parameters a model may have for `gpus` × `gpu` to serve it at `precision` with `requests`
    requests of `tokens` tokens in flight; None when not even LOW fits."""
    tp = min(max(gpus, 1), GPUS_PER_NODE)
    pp = max(1, gpus // tp)

    def fits(params: float) -> bool:
        shape = shape_memory(ModelArchitecture.standard(params), tp, precision, tokens, pp)
        return shape.requests_on(gpu) >= requests

    if not fits(LOW):
        return None
    low, high = LOW, HIGH
    for _ in range(STEPS):
        mid = (low * high) ** 0.5
        low, high = (mid, high) if fits(mid) else (low, mid)
    return low
