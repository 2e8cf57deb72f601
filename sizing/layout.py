"""Choose a parallel layout (DP × TP × PP, ZeRO stage, recompute, micro-batch) for n GPUs.

Rules: TP stays inside the NVLink/Infinity-Fabric domain (≤ 8 on HGX/OAM boards; Megatron
guidance, arXiv 2104.04473 takeaway #1); PP spans nodes; DP/ZeRO takes the rest. Among layouts
whose peak fits, the fastest wins, preferring ≥20% free memory; recompute is chosen automatically
as the cheapest mode that fits.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from sizing import calibration as cal
from sizing.compute import effective_precision, recompute_factor
from sizing.memory import Layout, MemoryBreakdown, MemoryModel, Recompute
from sizing.types import GpuSpec
from sizing.workload import Workload

SPEED_SLACK = 0.10
HEADROOM = 0.20  # keep 20-30% of GPU memory free (DESIGN.md; fragmentation and spikes)
_NO_FLASH = ("turing", "volta")  # FlashAttention-2 needs Ampere or newer (Dao-AILab README)


@dataclass(frozen=True, slots=True)
class Fitted:
    layout: Layout
    memory: MemoryBreakdown
    fits: bool
    headroom: float  # fraction of GPU memory left free (negative when it does not fit)


def _powers(limit: int) -> list[int]:
    out, p = [], 1
    while p <= limit:
        out.append(p)
        p *= 2
    return out


def _grad_accum(w: Workload, dp: int, micro_batch: int) -> int:
    return max(1, round(w.global_batch_tokens / (dp * micro_batch * w.seq_len)))


def max_tp(gpu: GpuSpec) -> int:
    return max(1, min(8, gpu.scale_up_domain)) if gpu.scale_up_gbs else 1


def _modes(gpu: GpuSpec) -> tuple[Recompute, Recompute]:
    return ("none" if gpu.architecture in _NO_FLASH else "selective", "full")


# One layout in scan order: (speed, peak memory GB, zero, tp, pp, dp, recompute, micro-batch).
_Entry = tuple[float, float, int, int, int, int, Recompute, int]


class _Scan:
    """Layouts for one (count, TP limit, recompute modes, fp32) in the order choose() tries them:
    fastest first, then fewest ZeRO/TP/PP, each micro-batch largest first. Built lazily and kept,
    because memory never depends on the GPU's capacity: every GPU type with the same key shares it.
    """

    def __init__(
        self,
        ordered: list[tuple[float, int, int, int, int, bool]],
        tp_limit: int,
        cheap_mode: Recompute,
        micro_batches: list[int],
        memory: MemoryModel,
    ) -> None:
        # The count's shared ordering (LayoutSearch._ordered), read through a cursor: TPs above
        # this GPU's limit are skipped and the cheap recompute mode is named as it is read.
        self._ordered = ordered
        self._tp_limit = tp_limit
        self._cheap_mode = cheap_mode
        self._micro_batches = micro_batches
        self.memory = memory
        self._next = 0  # index into the ordering of the next candidate to read
        self.entries: list[_Entry] = []
        self.smallest: int | None = None  # index of the first least-memory entry seen so far

    @property
    def complete(self) -> bool:
        while self._next < len(self._ordered) and self._ordered[self._next][2] > self._tp_limit:
            self._next += 1
        return self._next >= len(self._ordered)

    def extend(self) -> bool:
        """Expand the next candidate into entries (one per micro-batch); False when none is left."""
        if self.complete:
            return False
        speed, zero, tp, pp, dp, fast = self._ordered[self._next]
        self._next += 1
        rec: Recompute = self._cheap_mode if fast else "full"
        gpus = dp * tp * pp
        for mb in self._micro_batches:
            t = self.memory.terms(gpus, dp, tp, pp, zero, rec, mb)
            total = t[0] + t[1] + t[2] + t[3] + t[4] + t[5] + t[6]  # = MemoryBreakdown.total_gb
            if self.smallest is None or total < self.entries[self.smallest][1]:
                self.smallest = len(self.entries)
            self.entries.append((speed, total, zero, tp, pp, dp, rec, mb))
        return True


class LayoutSearch:
    """choose() for one workload, memoised across GPU types and counts within one plan() call.

    The speed-ordered layouts and their memory depend only on (count, TP limit, recompute modes,
    fp32 or not), never on the GPU's capacity, so every GPU type plan() tries shares them.
    """

    def __init__(self, w: Workload) -> None:
        self.w = w
        self.micro_batches = [w.micro_batch] if w.micro_batch else _powers(w.default_micro_batch)[::-1]
        self._full_recompute = recompute_factor(w, "full")
        self._orders: dict[int, list[tuple[float, int, int, int, int, bool]]] = {}
        self._chosen: dict[tuple[str, int], Fitted] = {}
        self._models: dict[bool, MemoryModel] = {}
        self._scans: dict[tuple[int, int, tuple[Recompute, Recompute], bool], _Scan] = {}

    def _scan(self, gpus: int, gpu: GpuSpec, precision: str) -> _Scan:
        modes = _modes(gpu)
        tp_limit = max_tp(gpu)
        # Memory depends on precision only through 4- vs 2-byte values (memory.breakdown).
        key = (gpus, tp_limit, modes, precision == "fp32")
        found = self._scans.get(key)
        if found is None:
            fp32 = precision == "fp32"
            model = self._models.get(fp32)
            if model is None:
                model = self._models[fp32] = MemoryModel(self.w, precision)
            # The cheap mode ("none" pre-Ampere, "selective" after) has the same speed either way,
            # so one ordering per count serves every GPU type.
            ordered = self._ordered(gpus)
            found = self._scans[key] = _Scan(ordered, tp_limit, modes[0], self.micro_batches, model)
        return found

    def _ordered(self, gpus: int) -> list[tuple[float, int, int, int, int, bool]]:
        """(speed, zero, tp, pp, dp, cheap recompute mode?) fastest first, for TP up to 8."""
        found = self._orders.get(gpus)
        if found is not None:
            return found
        w, mb0, full = self.w, self.micro_batches[0], self._full_recompute
        keyed: list[tuple[float, int, int, int, int, float, int, bool]] = []
        for tp in _powers(min(8, gpus)):
            tp_speed = 1.0 - cal.TP_LOSS_PER_DOUBLING * math.log2(tp)
            for pp in _powers(min(gpus // tp, w.arch.layers)):
                if gpus % (tp * pp):
                    continue
                dp = gpus // (tp * pp)
                # Relative speed: the same losses as compute.throughput, without the constants.
                base = tp_speed / (1.0 + (pp - 1) / _grad_accum(w, dp, mb0))
                for zero in (0,) if dp == 1 else (1, 2, 3):
                    zspeed = base * (1.0 - cal.ZERO3_LOSS) if zero >= 3 else base
                    for fast in (False,) if w.checkpointing else (True, False):
                        speed = zspeed / (1.0 if fast else full)
                        # Sort key first, then insertion order, so ties keep the loop order.
                        keyed.append((round(-speed, 6), zero, tp, pp, len(keyed), speed, dp, fast))
        keyed.sort()
        found = self._orders[gpus] = [(c[5], c[1], c[2], c[3], c[6], c[7]) for c in keyed]
        return found

    def choose(self, gpu: GpuSpec, gpus: int) -> Fitted:
        """The best layout on `gpus` GPUs of this type; if nothing fits, the one with least memory."""
        key = (gpu.id, gpus)
        found = self._chosen.get(key)
        if found is None:
            found = self._chosen[key] = self._choose(gpu, gpus)
        return found

    def _choose(self, gpu: GpuSpec, gpus: int) -> Fitted:
        scan = self._scan(gpus, gpu, effective_precision(gpu, self.w.precision))
        capacity = gpu.memory_gb
        entries = scan.entries
        if not (scan.complete and scan.smallest is not None and entries[scan.smallest][1] > capacity):
            # Fastest layout that fits; among those within SPEED_SLACK of it, the one with >=20%
            # free memory (a 33% full-recompute slowdown is not worth headroom; a few percent is).
            best: _Entry | None = None
            i = 0
            while i < len(entries) or scan.extend():
                e = entries[i]
                if best is not None and e[0] < best[0] * (1.0 - SPEED_SLACK):
                    break
                headroom = 1.0 - e[1] / capacity
                if headroom >= HEADROOM:
                    return self._fitted(scan, e, capacity)
                if best is None and headroom >= 0.0:
                    best = e
                i += 1
            if best is not None:
                return self._fitted(scan, best, capacity)
        assert scan.smallest is not None
        return self._fitted(scan, entries[scan.smallest], capacity)

    def _fitted(self, scan: _Scan, e: _Entry, capacity: float) -> Fitted:
        _, total, zero, tp, pp, dp, rec, mb = e
        lay = Layout(dp * tp * pp, dp, tp, pp, zero, rec, mb, _grad_accum(self.w, dp, mb))
        headroom = 1.0 - total / capacity
        return Fitted(lay, scan.memory.breakdown(lay), headroom >= 0.0, headroom)


def choose(w: Workload, gpu: GpuSpec, gpus: int) -> Fitted:
    """The best layout on `gpus` GPUs of this type (one-off; plan() shares a LayoutSearch)."""
    return LayoutSearch(w).choose(gpu, gpus)
