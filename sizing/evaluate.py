"""One candidate plan: a GPU type and count -> layout, time, network, storage and price."""

from __future__ import annotations

import math

from sizing import compute, cost, layout, network, storage
from sizing.memory import weight_bytes_per_param
from sizing.result import Option
from sizing.types import Catalog, GpuSpec
from sizing.workload import Workload

# Count ladder: 1, 2, 4, then whole 8-GPU nodes in ~25% steps.
_NODE_STEPS = (
    1,
    2,
    3,
    4,
    5,
    6,
    8,
    10,
    12,
    16,
    20,
    24,
    32,
    40,
    48,
    64,
    80,
    96,
    128,
    160,
    192,
    256,
    320,
    384,
    512,
    640,
    768,
    1024,
    1280,
    1536,
    2048,
)
COUNT_LADDER: tuple[int, ...] = (1, 2, 4) + tuple(8 * k for k in _NODE_STEPS)
# Consumer and workstation cards: at most one 8-GPU box (no NVLink switch fabric, no RDMA NICs).
MAX_GPUS_WORKSTATION = 8


def max_gpus(gpu: GpuSpec) -> int:
    return MAX_GPUS_WORKSTATION if gpu.segment != "datacenter" else COUNT_LADDER[-1]


def evaluate(w: Workload, gpu: GpuSpec, gpus: int, catalog: Catalog) -> Option:
    fitted = layout.choose(w, gpu, gpus)
    tp = compute.throughput(w, gpu, fitted.layout)
    hours = compute.gpu_hours(w, tp)
    days = hours / gpus / 24.0
    lay = fitted.layout
    tokens_per_step = lay.dp * lay.micro_batch * lay.grad_accum * w.seq_len
    step_s = tokens_per_step / (tp.tokens_per_gpu_second * gpus)
    grad_bytes = weight_bytes_per_param(tp.precision)
    net = network.advise(gpu, lay, w.trainable_params, grad_bytes, step_s)
    store = storage.advise(
        w.tokens,
        w.bytes_per_token,
        w.data_bytes,
        w.arch.vocab,
        w.n,
        w.trainable_params,
        w.is_peft,
        tp.tokens_per_gpu_second * gpus,
    )
    q = cost.quote(catalog, gpu.id, gpus, days)
    return Option(
        gpu=gpu,
        fitted=fitted,
        throughput=tp,
        gpu_hours=hours,
        gpu_hours_range=compute.gpu_hours_band(hours),
        days=days,
        network=net,
        storage=store,
        quote=q,
        usd_to_cny=catalog.usd_to_cny,
    )


class Evaluator:
    """Memoises evaluate() per (gpu, count) within one plan() call."""

    def __init__(self, w: Workload, catalog: Catalog) -> None:
        self.w = w
        self.catalog = catalog
        self._seen: dict[tuple[str, int], Option] = {}

    def __call__(self, gpu: GpuSpec, gpus: int) -> Option:
        key = (gpu.id, gpus)
        if key not in self._seen:
            self._seen[key] = evaluate(self.w, gpu, gpus, self.catalog)
        return self._seen[key]

    def smallest_fitting(self, gpu: GpuSpec) -> Option | None:
        ladder = [n for n in COUNT_LADDER if n <= max_gpus(gpu)]
        if not self(gpu, ladder[-1]).fits:
            return None
        lo, hi = 0, len(ladder) - 1  # fits is (nearly) monotone in n: binary search, then confirm
        while lo < hi:
            mid = (lo + hi) // 2
            if self(gpu, ladder[mid]).fits:
                hi = mid
            else:
                lo = mid + 1
        for n in ladder[lo:]:
            if self(gpu, n).fits:
                return self(gpu, n)
        return None

    def meeting(self, gpu: GpuSpec, start: int, days: float) -> Option | None:
        """Fewest GPUs (>= start) that fit and finish within `days`."""
        ladder = [n for n in COUNT_LADDER if start <= n <= max_gpus(gpu)]
        if not ladder:
            return None
        first = self(gpu, ladder[0])
        guess = max(start, math.ceil(first.gpu_hours / (days * 24.0)))
        begin = next((i for i, n in enumerate(ladder) if n >= guess), len(ladder) - 1)
        begin = max(0, begin - 1)
        for n in ladder[begin:]:
            o = self(gpu, n)
            if o.fits and o.days <= days:
                return o
        return None
