"""Serving speed of one replica: decode steps, prefill, throughput, time to first token.

Decode is a sequence of steps; each step produces one token for every request in the batch. A step
reads the weights it needs and every request's KV cache from HBM (memory-bound at small batch) and
does 2 FLOPs per active parameter per token plus attention over the context (compute-bound at large
batch); with tensor parallelism it also all-reduces twice per layer. Prefill is compute-bound.
In steady state every request costs one prefill per `output_tokens` decode steps, so

    output tokens/s = B / (step(B) + B / O · prefill(I))        (B requests in flight)

and the time per output token a user sees is that denominator. The efficiencies and per-step
costs are fitted constants (serve_calibration.ServeConstants).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from sizing.model_arch import ModelArchitecture
from sizing.serve_calibration import CALIBRATED, ServeConstants
from sizing.serve_memory import LINEAR_BYTES, cached_layer_tokens, kv_bytes_per_token_layer, weight_bytes
from sizing.serve_types import ServePrecision
from sizing.types import GpuSpec

# PCIe x16 bandwidth per direction (PCI-SIG): Gen3 15.75, Gen4 31.5, Gen5 63 GB/s. Cards without
# NVLink (or beyond their NVLink pair) all-reduce over PCIe. The generation follows the GPU family:
# Volta/Turing Gen3, Ampere/Ada/CDNA2 Gen4, Hopper/Blackwell/CDNA3 Gen5 (NVIDIA/AMD datasheets).
PCIE_GBS_BY_ARCHITECTURE = {
    "volta": 15.75,
    "turing": 15.75,
    "ampere": 31.5,
    "ada": 31.5,
    "cdna2": 31.5,
    "hopper": 63.0,
    "blackwell": 63.0,
    "cdna3": 63.0,
}


# Pipeline stages on different nodes hand a micro-batch's activations over the scale-out network:
# 400 Gb/s (50 GB/s) per GPU on InfiniBand NDR / ConnectX-7 nodes, plus a fixed 10 µs per hand-off
# [assumption: one RDMA send].
STAGE_HANDOFF_GBS = 50.0
STAGE_HANDOFF_LATENCY_S = 10e-6


# Kernels ("modules") of one decoder layer in a decode step, after the fusions serving engines make
# (norms into all-reduces, activations into GEMMs). Counted from TensorRT-LLM's DeepSeek-R1 decode
# layer (tech blog 1, "Pushing Latency Boundaries ... on NVIDIA B200 GPUs", 2025: modules 1-9 for
# multi-head latent attention, 10-13 for the MoE block) and the same breakdown for the other layouts:
# GQA attention = QKV GEMM, RoPE + KV-cache write, attention, output GEMM, all-reduce + norm;
# dense MLP = gate/up GEMM (activation fused), down GEMM, all-reduce + norm;
# MoE MLP = router GEMM + top-k, shared expert, routed experts (grouped GEMM), finalize + all-reduce + norm.
KERNELS_GQA_ATTENTION = 5
KERNELS_MLA_ATTENTION = 9
KERNELS_DENSE_MLP = 3
KERNELS_MOE_MLP = 4


def floor_counts(arch: ModelArchitecture) -> tuple[int, int]:
    """(kernels, expert slots) of all decoder layers in one decode step: what layer_floor_s multiplies
    by k.kernel_latency_s and k.expert_latency_s."""
    attention = KERNELS_MLA_ATTENTION if arch.mla is not None else KERNELS_GQA_ATTENTION
    moe_layers = arch.moe_layers
    dense_layers = arch.layers - moe_layers
    kernels = arch.layers * attention + dense_layers * KERNELS_DENSE_MLP + moe_layers * KERNELS_MOE_MLP
    slots = 0
    if arch.moe is not None:
        slots = moe_layers * (arch.moe.active + (1 if arch.moe.shared_ffn else 0))
    return kernels, slots


def layer_floor_s(arch: ModelArchitecture, k: ServeConstants) -> float:
    """The shortest all decoder layers of one decode step can take, however small the batch: every
    kernel costs at least k.kernel_latency_s, and an MoE layer k.expert_latency_s per expert each
    token is routed to (its active experts plus a shared one). Decode at batch 1 is not HBM reads
    alone: TensorRT-LLM's hand-tuned DeepSeek-R1 on 8×B200 runs 111 tokens/s per user without
    speculative decoding (~150 µs per layer; tech blog 1), SGLang 0.4.1 on 8×H200 30 tokens/s."""
    kernels, slots = floor_counts(arch)
    return kernels * k.kernel_latency_s + slots * k.expert_latency_s


@dataclass(frozen=True, slots=True)
class Replica:
    """One copy of the model: pp pipeline stages (one per node) of tp tensor-parallel GPUs.

    The per-replica constants of the speed model (bytes a step may read, FLOPs per token, the KV
    bytes of a token, the link) are derived from the fields once, in __post_init__: a plan asks
    about hundreds of batch sizes of the same replica."""

    arch: ModelArchitecture
    gpu: GpuSpec
    tp: int
    precision: ServePrecision
    pp: int = 1
    # Every weight a decode step may read (all but the input embedding table, which is only
    # indexed) and, of those, the routed experts'.
    read_bytes: float = field(default=0.0, compare=False, repr=False)
    expert_bytes: float = field(default=0.0, compare=False, repr=False)
    linear_flops: float = field(default=0.0, compare=False, repr=False)  # 2 x active matmul params
    attention_width: float = field(default=0.0, compare=False, repr=False)  # FLOPs per cached token and layer
    kv_layer_bytes: float = field(default=0.0, compare=False, repr=False)  # one token, one layer, one GPU
    peak_flops: float = field(default=0.0, compare=False, repr=False)
    bandwidth_bytes: float = field(default=0.0, compare=False, repr=False)
    floor_kernels: int = field(default=0, compare=False, repr=False)  # floor_counts, once per replica
    floor_expert_slots: int = field(default=0, compare=False, repr=False)

    def __post_init__(self) -> None:
        arch, p = self.arch, self.precision
        total = weight_bytes(arch, p)
        if not arch.tied_embeddings:
            total -= arch.vocab * arch.hidden * 2.0
        if arch.mla is not None:  # absorbed MLA attends in the latent space (arXiv 2405.04434 App. C)
            width = arch.heads * (2 * arch.mla.kv_lora_rank + arch.mla.qk_rope_head_dim)
        else:
            width = 2 * arch.heads * arch.head_dim
        values = {
            "read_bytes": total,
            "expert_bytes": arch.expert_params * LINEAR_BYTES[p],
            "linear_flops": 2.0 * active_linear_params(arch),
            "attention_width": 2.0 * width,
            "kv_layer_bytes": kv_bytes_per_token_layer(arch, self.tp, p),
            "peak_flops": peak_tflops(self.gpu, p) * 1e12,
            "bandwidth_bytes": (self.gpu.memory_bandwidth_tbs or 1.0) * 1e12,
        }
        values["floor_kernels"], values["floor_expert_slots"] = floor_counts(arch)
        for name, value in values.items():
            object.__setattr__(self, name, value)

    @property
    def gpus(self) -> int:
        return self.tp * self.pp

    def layers_seen(self, context: float) -> float:
        """Layer-tokens one request's new token attends to (and its KV cache holds) at `context`."""
        return cached_layer_tokens(self.arch, context)


@dataclass(frozen=True, slots=True)
class Step:
    """One decode step of a batch, seconds, and what bounds it."""

    batch: int
    memory_s: float  # weights + KV read at the achieved bandwidth
    compute_s: float  # matmuls + attention at the achieved FLOP rate
    comm_s: float  # tensor-parallel all-reduces
    fixed_s: float  # scheduling, sampling, kernel launches
    total_s: float
    floor_s: float = 0.0  # the layers' latency floor (layer_floor_s): what the step takes at least

    @property
    def bound(self) -> str:
        if self.floor_s > max(self.memory_s, self.compute_s):
            return "latency"
        return "memory" if self.memory_s >= self.compute_s else "compute"


@dataclass(frozen=True, slots=True)
class Speed:
    batch: int  # requests in flight
    step: Step
    prefill_s: float  # one prompt on the replica
    tpot_s: float  # time per output token each user sees (decode step + prefills mixed in)
    ttft_s: float  # time to first token: its prefill plus the decode step it joins
    output_tokens_per_second: float  # all requests of the replica together


def peak_tflops(gpu: GpuSpec, precision: ServePrecision) -> float:
    """Dense peak of the math that runs: FP8 (and W8A8 INT8) on FP8 tensor cores where the GPU has
    them; otherwise, and for INT4 weight-only kernels (AWQ/GPTQ dequantise to 16 bits), 16-bit."""
    t = gpu.tflops
    if precision in ("fp8", "int8") and t.fp8 is not None:
        return t.fp8
    return t.bf16 or t.fp16 or t.fp32


def link_gbs(gpu: GpuSpec, tp: int) -> float:
    """GPU-to-GPU bandwidth per direction for an all-reduce among `tp` GPUs."""
    if gpu.scale_up_gbs is not None and tp <= gpu.scale_up_domain:
        return gpu.scale_up_gbs / 2.0  # datasheets quote both directions together
    return PCIE_GBS_BY_ARCHITECTURE.get(gpu.architecture, 31.5)


def _allreduce_s(gpu: GpuSpec, tp: int, message_bytes: float, k: ServeConstants) -> float:
    """Ring all-reduce: 2(n-1)/n of the message over the link, plus a fixed latency."""
    if tp <= 1:
        return 0.0
    nvlink = gpu.scale_up_gbs is not None and tp <= gpu.scale_up_domain
    latency = k.allreduce_latency_s if nvlink else k.allreduce_latency_pcie_s
    efficiency = k.link_efficiency if nvlink else k.link_efficiency_pcie
    wire = 2.0 * (tp - 1) / tp * message_bytes / (link_gbs(gpu, tp) * 1e9 * efficiency)
    return latency + wire


def active_linear_params(arch: ModelArchitecture) -> float:
    """Parameters in matmuls per token: the active ones minus the input embedding lookup."""
    lookup = arch.vocab * arch.hidden if not arch.tied_embeddings else 0.0
    return max(1.0, arch.active_params - arch.extra_params - lookup)


def _weights_read_bytes(rep: Replica, batch: int) -> float:
    """Weight bytes one GPU reads per decode step. The input embedding table is only indexed; of
    the routed experts a batch touches on average E·(1-(1-k/E)^B) per layer (uniform routing)."""
    total = rep.read_bytes
    moe = rep.arch.moe
    if moe is not None:
        touched = 1.0 - (1.0 - moe.active / moe.experts) ** batch
        total -= rep.expert_bytes * (1.0 - touched)
    return total / rep.gpus


def decode_step(rep: Replica, batch: int, context: float, k: ServeConstants = CALIBRATED) -> Step:
    """One decode step of `batch` requests. With pp stages the batch moves through them as pp
    micro-batches; each stage's step covers its layers for one micro-batch, and a request gets its
    next token after all pp stages: the step reported is pp stage steps."""
    memory, compute, comm, floor, stage = _decode_stage(rep, batch, context, k)
    pp = rep.pp
    return Step(batch, memory * pp, compute * pp, comm * pp, k.step_overhead_s * pp, stage * pp, floor * pp)


def _decode_stage(
    rep: Replica, batch: int, context: float, k: ServeConstants
) -> tuple[float, float, float, float, float]:
    """decode_step's parts for one stage: (memory, compute, comm, floor, stage) seconds."""
    pp = rep.pp
    micro = max(1, math.ceil(batch / pp))
    seen = rep.layers_seen(context)
    kv = micro * rep.kv_layer_bytes * seen / pp
    memory = (_weights_read_bytes(rep, micro) + kv) / (rep.bandwidth_bytes * k.bandwidth_efficiency)
    per_token = rep.linear_flops + rep.attention_width * seen
    compute = micro * per_token / rep.gpus / (rep.peak_flops * k.decode_compute_efficiency)
    message = micro * rep.arch.hidden * 2.0
    comm = 2 * rep.arch.layers / pp * _allreduce_s(rep.gpu, rep.tp, message, k)
    if pp > 1:
        comm += STAGE_HANDOFF_LATENCY_S + message / (STAGE_HANDOFF_GBS * 1e9)
    work = max(memory, compute) + k.overlap_penalty * min(memory, compute)
    # Small batches do not go faster than the kernels' own latency (layer_floor_s); large ones are
    # bound by what they read and compute, and the floor hides inside that work.
    floor = (rep.floor_kernels * k.kernel_latency_s + rep.floor_expert_slots * k.expert_latency_s) / pp
    stage = max(work, floor) + comm + k.step_overhead_s
    return memory, compute, comm, floor, stage


def prefill_s(rep: Replica, input_tokens: int, k: ServeConstants = CALIBRATED) -> float:
    """One prompt through the replica (all its stages in turn): 2·N_active FLOPs per token plus
    causal attention, at the prefill efficiency, and the all-reduces of its activations."""
    n = input_tokens
    hidden = rep.arch.hidden
    flops = rep.linear_flops * n + rep.attention_width * rep.layers_seen(n / 2.0) * n
    compute = flops / rep.tp / (rep.peak_flops * k.prefill_efficiency)
    comm = 2 * rep.arch.layers * _allreduce_s(rep.gpu, rep.tp, n * hidden * 2.0, k)
    handoff = (rep.pp - 1) * (STAGE_HANDOFF_LATENCY_S + n * hidden * 2.0 / (STAGE_HANDOFF_GBS * 1e9))
    return compute + comm + handoff


def speed(
    rep: Replica, batch: int, input_tokens: int, output_tokens: int, k: ServeConstants = CALIBRATED
) -> Speed:
    """Steady state with `batch` requests in flight, each of input_tokens + output_tokens."""
    batch = max(1, batch)
    context = input_tokens + output_tokens / 2.0  # a request is half-way through its answer on average
    step = decode_step(rep, batch, context, k)
    prefill = prefill_s(rep, input_tokens, k)
    # Each stage spends 1/pp of a prompt's prefill; one prompt joins per output_tokens steps per request.
    tpot = step.total_s + batch / output_tokens * prefill / rep.pp
    return Speed(
        batch=batch,
        step=step,
        prefill_s=prefill,
        tpot_s=tpot,
        ttft_s=prefill + step.total_s,
        output_tokens_per_second=batch / tpot,
    )


def saturation_batch(max_concurrency: int, k: ServeConstants = CALIBRATED) -> int:
    """Requests a server runs at once under unlimited load: what the KV cache holds, up to its
    batch limit."""
    return max(0, min(max_concurrency, k.max_batch))


def batch_for_tpot(
    rep: Replica,
    limit: int,
    input_tokens: int,
    output_tokens: int,
    tpot_s: float,
    k: ServeConstants = CALIBRATED,
) -> int:
    """The largest batch (≤ limit) whose time per output token stays within `tpot_s`; 0 if even one
    request is slower. TPOT grows with the batch, so a bisection finds it."""
    if limit < 1:
        return 0
    # speed(rep, b, ...).tpot_s, with the prompt's prefill (the same for every batch) computed once.
    prefill = prefill_s(rep, input_tokens, k)
    context = input_tokens + output_tokens / 2.0

    def tpot(b: int) -> float:
        return _decode_stage(rep, b, context, k)[4] * rep.pp + b / output_tokens * prefill / rep.pp

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
    while high - low > max(1, low // 50):
        mid = (low + high + 1) // 2
        if tpot(mid) <= tpot_s:
            low = mid
        else:
            high = mid - 1
    return low


def ceil_div(a: float, b: float) -> int:
    return max(1, math.ceil(a / b - 1e-9))
