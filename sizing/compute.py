"""FLOPs per token and the effective-MFU model that turns them into GPU-hours."""

from __future__ import annotations

import math
from dataclasses import dataclass

from sizing import calibration as cal
from sizing.frozen import quick_init, quick_new
from sizing.memory import Layout
from sizing.pipeline import pipeline_bubble
from sizing.types import GpuSpec, OffloadRates, Precision
from sizing.workload import Workload


@quick_init
@dataclass(frozen=True, slots=True)
class Throughput:
    precision: Precision  # what actually runs on this GPU
    peak_tflops: float  # dense peak used as the MFU basis (BF16/FP16 for FP8 runs, see cal.FP8_SPEEDUP)
    mfu: float  # effective, incl. goodput, recompute and parallel losses; model-FLOPs basis
    model_flops_per_token: float
    recompute_factor: float
    goodput: float
    base_mfu: float = 0.0  # the calibrated part (calibration.base_efficiency) the MFU starts from
    comm_slowdown: float = 1.0  # step-time factor for a network below the layout's need (network.py)

    @property
    def tokens_per_gpu_second(self) -> float:
        return self.peak_tflops * 1e12 * self.mfu / self.model_flops_per_token


_new_throughput = quick_new(Throughput)


def effective_precision(gpu: GpuSpec, requested: Precision) -> Precision:
    """BF16 falls back to FP16 without BF16 units (T4, V100); FP8 runs as BF16/FP16 without FP8."""
    t = gpu.tflops
    if requested == "fp8" and t.fp8 is None:
        requested = "bf16"
    if requested == "bf16" and t.bf16 is None:
        return "fp16" if t.fp16 is not None else "fp32"
    if requested == "fp16" and t.fp16 is None:
        return "fp32"
    return requested


def peak_tflops(gpu: GpuSpec, precision: Precision) -> float:
    """Dense peak for the math that runs: FP32 uses TF32 tensor cores where present; FP8 is
    quoted against the 16-bit peak and sped up by a measured factor instead (sizing.md §1.5)."""
    t = gpu.tflops
    if precision == "fp32":
        return t.tf32 or t.fp32
    if precision == "fp8":
        return (t.bf16 or t.fp16 or t.fp32) * cal.FP8_SPEEDUP
    value = t.for_precision(precision)
    return value if value is not None else t.fp32


# flops_per_token per workload object: a Workload is immutable and one plan() asks thousands of
# times (identity memo, kept with the workload so the id cannot be reused).
_FLOPS: dict[int, tuple[Workload, float]] = {}


def flops_per_token(w: Workload) -> float:
    found = _FLOPS.get(id(w))
    if found is not None and found[0] is w:
        return found[1]
    value = _flops_per_token(w)
    if len(_FLOPS) > 64:
        _FLOPS.clear()
    _FLOPS[id(w)] = (w, value)
    return value


def _flops_per_token(w: Workload) -> float:
    """Model FLOPs per trained token: 6N (full) or 4N (LoRA: no weight gradients of the frozen
    base; forward 2N + input gradients 2N), plus PaLM's attention term 12·L·h·s; with a reference
    model (DPO) its forward too, 2N + 4·L·h·s. MoE: N and the L·h of the active parameters
    (Workload.compute_arch)."""
    a = w.compute_arch
    dense = (4.0 if w.is_peft else 6.0) * a.params_exact
    if w.is_peft:
        dense += 6.0 * w.trainable_params
    attention = 12.0 * a.layers * a.hidden * w.seq_len
    if w.reference_model:
        # The frozen reference model's forward on the same tokens (DPO): 2N plus its attention's third.
        dense += 2.0 * a.params_exact
        attention += 4.0 * a.layers * a.hidden * w.seq_len
    return dense + attention


def recompute_factor(w: Workload, recompute: str) -> float:
    """Full recompute repeats the forward: +(2N + 4·L·h·s) on top of the model FLOPs (≈8ND/6ND)."""
    if recompute != "full":
        return 1.0
    a = w.compute_arch
    forward = 2.0 * a.params_exact + 4.0 * a.layers * a.hidden * w.seq_len
    return 1.0 + forward / flops_per_token(w)


def mamf(gpu: GpuSpec) -> float:
    if gpu.matmul_efficiency:
        return gpu.matmul_efficiency
    return cal.DEFAULT_MAMF_AMD if gpu.vendor == "amd" else cal.DEFAULT_MAMF_NVIDIA


def ridge_point(gpu: GpuSpec, precision: Precision) -> float:
    """Dense TFLOPS per TB/s of memory bandwidth at the 16-bit rate (FP8 runs are counted on it)."""
    return peak_tflops(gpu, "fp16" if precision == "fp8" else precision) / (gpu.memory_bandwidth_tbs or 1.0)


def base_mfu(gpu: GpuSpec, precision: Precision, hidden: int) -> float:
    """Steady-state MFU on one node: MAMF reduced by the memory-bound share (see calibration)."""
    return cal.base_efficiency(mamf(gpu), ridge_point(gpu, precision), hidden, cal.C_RIDGE, cal.ALPHA_WIDTH)


# gpu_speed per GPU record, precision asked and model width: a GPU's calibrated constants, which
# every plan() asks of every GPU type it orders by price (identity memo, kept with the record so
# the id cannot be reused).
_GPU_SPEED: dict[tuple[int, str, int], tuple[GpuSpec, tuple[Precision, float, float]]] = {}


def gpu_speed(gpu: GpuSpec, requested: Precision, hidden: int) -> tuple[Precision, float, float]:
    """(the precision that runs, its dense peak TFLOPS, the calibrated base MFU) of this GPU for a
    model `hidden` wide."""
    key = (id(gpu), requested, hidden)
    found = _GPU_SPEED.get(key)
    if found is not None and found[0] is gpu:
        return found[1]
    prec = effective_precision(gpu, requested)
    value = (prec, peak_tflops(gpu, prec), base_mfu(gpu, prec, hidden))
    if len(_GPU_SPEED) > 4096:
        _GPU_SPEED.clear()
    _GPU_SPEED[key] = (gpu, value)
    return value


def goodput(gpus: int) -> float:
    return 1.0 - cal.GOODPUT_PER_DOUBLING * math.log2(max(1, gpus))


# goodput() per count, filled as asked (a pure function of the count; the engine's floors ask it of
# every count they bound): read as GOODPUT.get(n) or goodput(n), the value is never 0.
GOODPUT: dict[int, float] = {}


def goodput_of(gpus: int) -> float:
    """goodput(gpus), memoised in GOODPUT."""
    found = GOODPUT.get(gpus)
    if found is None:
        if len(GOODPUT) > 4096:
            GOODPUT.clear()
        found = GOODPUT[gpus] = goodput(gpus)
    return found


def throughput(w: Workload, gpu: GpuSpec, lay: Layout) -> Throughput:
    return Speed(w).throughput(gpu, lay)


class Speed:
    """throughput() for one workload, keeping what depends only on the GPU (the precision that
    runs, its peak, the calibrated MFU), the recompute mode, the TP degree or the count: one plan()
    asks about a hundred layouts. The arithmetic is throughput()'s, in the same order."""

    def __init__(self, w: Workload, offload: OffloadRates | None = None) -> None:
        self.w = w
        self._rates = offload  # CPU offload's rates (sizing.offload); None: charged nothing
        self.flops = flops_per_token(w)
        self._qlora = w.method == "qlora"
        self._offload = w.offload
        self._low_memory = w.low_memory
        self._efficiency = w.stack.efficiency
        self._gpus: dict[str, tuple[Precision, float, float]] = {}
        self._recompute: dict[str, float] = {}
        self._tp: dict[int, float] = {}
        self._goodput: dict[int, float] = {}

    def _gpu(self, gpu: GpuSpec) -> tuple[Precision, float, float]:
        found = self._gpus.get(gpu.id)
        if found is None:
            found = self._gpus[gpu.id] = gpu_speed(gpu, self.w.precision, self.w.arch.hidden)
        return found

    def _mfu_of(
        self,
        base: float,
        gpus: int,
        tp: int,
        pp: int,
        zero_stage: int,
        recompute: str,
        grad_accum: int,
        gpu: GpuSpec | None = None,
        peak: float = 0.0,
    ) -> tuple[float, float, float]:
        """(effective MFU, recompute factor, goodput) of a layout from the GPU's calibrated MFU; with CPU
        offload, slowed by what a step streams and what the host computes (offload_slowdown)."""
        tp_speed = self._tp.get(tp)
        if tp_speed is None:
            tp_speed = self._tp[tp] = 1.0 - cal.TP_LOSS_PER_DOUBLING * math.log2(tp)
        mfu = base * tp_speed
        if pp > 1:  # pipeline bubble (layout.pipeline_bubble)
            mfu /= 1.0 + pipeline_bubble(pp, grad_accum, self.w.arch.layers)
        if zero_stage >= 3 and gpus > 1:
            mfu *= 1.0 - cal.ZERO3_LOSS
        if self._qlora:
            mfu /= cal.QLORA_SLOWDOWN
        if self._low_memory:
            mfu /= cal.LOW_MEMORY_SLOWDOWN
        mfu *= self._efficiency
        rf = self._recompute.get(recompute)
        if rf is None:
            rf = self._recompute[recompute] = recompute_factor(self.w, recompute)
        gp = self._goodput.get(gpus)
        if gp is None:
            gp = self._goodput[gpus] = goodput(gpus)
        effective = mfu / rf * gp
        if self._offload and gpu is not None:
            effective /= self._offload_factor(gpu, peak, effective, gpus, tp, pp, zero_stage, grad_accum)
        return effective, rf, gp

    def _offload_factor(
        self,
        gpu: GpuSpec,
        peak: float,
        effective_mfu: float,
        gpus: int,
        tp: int,
        pp: int,
        zero_stage: int,
        grad_accum: int,
    ) -> float:
        """Step time with CPU offload over step time without it (sizing.offload): one step of the
        recipe's global batch computed on these GPUs at `effective_mfu`, against the weights copied
        back, the host's optimizer step and, with the parameters offloaded (ZeRO-3), their fetches."""
        if self._rates is None or peak <= 0 or effective_mfu <= 0:
            return 1.0
        from sizing import offload

        w = self.w
        compute_s = w.global_batch_tokens * self.flops / (gpus * peak * 1e12 * effective_mfu)
        exposed = offload.exposed_seconds(
            gpu=gpu,
            rates=self._rates,
            gpus=gpus,
            params=w.params,
            trainable_params=w.trainable_params,
            precision=w.precision,
            micro_batches=grad_accum,
            params_offloaded=zero_stage >= 3,
        )
        return offload.slowdown(compute_s, exposed)

    def offload_slowdown(self, gpu: GpuSpec, lay: Layout) -> float:
        """The factor CPU offload costs this layout's step (1.0 without offload)."""
        return self.layout_offload_slowdown(
            gpu, lay.gpus, lay.tp, lay.pp, lay.zero_stage, lay.recompute, lay.grad_accum
        )

    def layout_offload_slowdown(
        self, gpu: GpuSpec, gpus: int, tp: int, pp: int, zero_stage: int, recompute: str, grad_accum: int
    ) -> float:
        """offload_slowdown of the layout with these numbers, without building it."""
        if not self._offload or self._rates is None:
            return 1.0
        _, peak, base = self._gpus.get(gpu.id) or self._gpu(gpu)
        self._offload = False  # the same layout's MFU without offload: what the step computes at
        try:
            plain = self._mfu_of(base, gpus, tp, pp, zero_stage, recompute, grad_accum)[0]
        finally:
            self._offload = True
        return self._offload_factor(gpu, peak, plain, gpus, tp, pp, zero_stage, grad_accum)

    def precision(self, gpu: GpuSpec) -> Precision:
        """effective_precision(gpu, w.precision)."""
        return (self._gpus.get(gpu.id) or self._gpu(gpu))[0]

    def throughput(self, gpu: GpuSpec, lay: Layout) -> Throughput:
        prec, peak, base = self._gpus.get(gpu.id) or self._gpu(gpu)
        mfu, rf, gp = self._mfu_of(
            base, lay.gpus, lay.tp, lay.pp, lay.zero_stage, lay.recompute, lay.grad_accum, gpu, peak
        )
        return _new_throughput(prec, peak, mfu, self.flops, rf, gp, base)

    def tokens_per_gpu_second(self, gpu: GpuSpec, lay: Layout) -> float:
        """throughput(gpu, lay).tokens_per_gpu_second, without building the Throughput."""
        _, peak, base = self._gpus.get(gpu.id) or self._gpu(gpu)
        mfu = self._mfu_of(
            base, lay.gpus, lay.tp, lay.pp, lay.zero_stage, lay.recompute, lay.grad_accum, gpu, peak
        )[0]
        return peak * 1e12 * mfu / self.flops

    def layout_tokens_per_gpu_second(
        self, gpu: GpuSpec, gpus: int, tp: int, pp: int, zero_stage: int, recompute: str, grad_accum: int
    ) -> float:
        """tokens_per_gpu_second of the layout with these numbers, without building it."""
        _, peak, base = self._gpus.get(gpu.id) or self._gpu(gpu)
        return (
            peak
            * 1e12
            * self._mfu_of(base, gpus, tp, pp, zero_stage, recompute, grad_accum, gpu, peak)[0]
            / self.flops
        )

    def gpu_hours(self, gpu: GpuSpec, lay: Layout) -> float:
        """gpu_hours(w, throughput(gpu, lay))."""
        _, peak, base = self._gpus.get(gpu.id) or self._gpu(gpu)
        mfu = self._mfu_of(
            base, lay.gpus, lay.tp, lay.pp, lay.zero_stage, lay.recompute, lay.grad_accum, gpu, peak
        )[0]
        return self.w.tokens / (peak * 1e12 * mfu / self.flops) / 3600.0  # = tokens / tokens_per_gpu_second

    def ideal_gpu_hours(self, gpu: GpuSpec) -> float:
        """gpu_hours of the one-GPU layout without parallel losses (TP 1, no pipeline, no ZeRO-3, no
        recompute): _mfu_of's arithmetic with its factors of exactly 1 left out, so the value is
        bit-identical while plan() asks it of every GPU type it orders by price."""
        _, peak, mfu = self._gpus.get(gpu.id) or self._gpu(gpu)
        if self._qlora:
            mfu /= cal.QLORA_SLOWDOWN
        # CPU offload costs at least nothing (its factor depends on the layout; a floor leaves it out)
        if self._low_memory:
            mfu /= cal.LOW_MEMORY_SLOWDOWN
        mfu *= self._efficiency
        return self.w.tokens / (peak * 1e12 * mfu / self.flops) / 3600.0


def with_comm(tp: Throughput, slowdown: float) -> Throughput:
    """The same throughput with communication the network cannot hide charged to the MFU."""
    if slowdown <= 1.0:
        return tp
    # dataclasses.replace, spelled out: it costs several times the construction.
    return _new_throughput(
        tp.precision,
        tp.peak_tflops,
        tp.mfu / slowdown,
        tp.model_flops_per_token,
        tp.recompute_factor,
        tp.goodput,
        tp.base_mfu,
        slowdown,
    )


def gpu_hours(w: Workload, tp: Throughput) -> float:
    return w.tokens / tp.tokens_per_gpu_second / 3600.0


_SPREAD = math.exp(cal.LOG_BAND)


def gpu_hours_band(hours: float) -> tuple[float, float]:
    return hours / _SPREAD, hours * _SPREAD
