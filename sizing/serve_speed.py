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
from dataclasses import dataclass

from sizing.frozen import quick_init
from sizing.model_arch import ModelArchitecture
from sizing.serve_calibration import CALIBRATED, ServeConstants
from sizing.serve_layout import ServeLayout
from sizing.serve_memory import (
    cached_layer_tokens,
    expert_weight_bytes,
    kv_bytes_per_token_layer,
    weight_bytes,
)
from sizing.serve_types import ServePrecision
from sizing.types import GpuSpec

# PCIe x16 bandwidth per direction (PCI-SIG): Gen3 15.75, Gen4 31.5, Gen5 63 GB/s. Cards without
# NVLink (or beyond their NVLink pair) all-reduce over PCIe. The generation follows the GPU family:
# Volta/Turing Gen3, Ampere/Ada/CDNA2 Gen4, Hopper/Blackwell/CDNA3/CDNA4 Gen5 (NVIDIA/AMD datasheets).
PCIE_GBS_BY_ARCHITECTURE = {
    "volta": 15.75,
    "turing": 15.75,
    "ampere": 31.5,
    "ada": 31.5,
    "cdna2": 31.5,
    "hopper": 63.0,
    "blackwell": 63.0,
    "cdna3": 63.0,
    "cdna4": 63.0,
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


def floor_counts(arch: ModelArchitecture, ranks: int = 1, sliced: bool = True) -> tuple[int, int]:
    """(kernels, expert slots) of all decoder layers in one decode step on one GPU: what
    layer_floor_s multiplies by k.kernel_latency_s and k.expert_latency_s. The slots are the slices
    of experts a GPU runs for a token when tensor parallelism cuts every expert (`sliced`): the
    experts it is routed to plus the shared one. A GPU that holds its experts whole (one GPU, or
    experts spread over `ranks` GPUs: expert parallel) runs a token's experts as one grouped GEMM,
    a kernel like the others, and counts no slots (ServeConstants.expert_latency_s)."""
    attention = KERNELS_MLA_ATTENTION if arch.mla is not None else KERNELS_GQA_ATTENTION
    moe_layers = arch.moe_layers
    dense_layers = arch.layers - moe_layers
    kernels = arch.layers * attention + dense_layers * KERNELS_DENSE_MLP + moe_layers * KERNELS_MOE_MLP
    slots = 0
    if arch.moe is not None and sliced and ranks == 1:
        slots = moe_layers * (arch.moe.active + (1 if arch.moe.shared_ffn else 0))
    return kernels, slots


def layer_floor_s(arch: ModelArchitecture, k: ServeConstants, ranks: int = 1, sliced: bool = True) -> float:
    """The shortest all decoder layers of one decode step can take, however small the batch: every
    kernel costs at least k.kernel_latency_s, and, where tensor parallelism slices the experts, an
    MoE layer k.expert_latency_s per expert each token is routed to (its active experts plus a shared
    one). Decode at batch 1 is not HBM reads alone: TensorRT-LLM's hand-tuned DeepSeek-R1 on 8×B200
    runs 111 tokens/s per user without speculative decoding (~150 µs per layer; tech blog 1), SGLang
    0.4.1 on 8×H200 30 tokens/s."""
    kernels, slots = floor_counts(arch, ranks, sliced)
    return kernels * k.kernel_latency_s + slots * k.expert_latency_s


@quick_init
@dataclass(frozen=True, slots=True)
class Replica:
    """One copy of the model: pp pipeline stages (one per node) of tp tensor-parallel GPUs, or, with
    layout "ep", tp GPUs of one node with the experts spread over them and attention data parallel
    (sizing/serve_layout.py). What it reads, computes and sends per token is Timing's (worked out
    once per option there)."""

    arch: ModelArchitecture
    gpu: GpuSpec
    tp: int
    precision: ServePrecision
    pp: int = 1
    layout: ServeLayout = "tp"
    kv_bytes: float | None = (
        None  # one K or V entry when not the precision's own (serve_memory.kv_cache_bytes)
    )

    @property
    def gpus(self) -> int:
        return self.tp * self.pp

    @property
    def ranks(self) -> int:
        """Attention data-parallel ranks, each running its own requests (1: tensor parallel)."""
        return self.tp if self.layout == "ep" else 1


@quick_init
@dataclass(frozen=True, slots=True)
class Step:
    """One decode step of a batch, seconds, and what bounds it."""

    batch: int
    memory_s: float  # weights + KV read at the achieved bandwidth
    compute_s: float  # matmuls + attention at the achieved FLOP rate
    comm_s: float  # tensor-parallel all-reduces, or the expert-parallel token exchanges
    fixed_s: float  # scheduling, sampling, kernel launches
    total_s: float
    floor_s: float = 0.0  # the layers' latency floor (layer_floor_s): what the step takes at least

    @property
    def bound(self) -> str:
        if self.floor_s > max(self.memory_s, self.compute_s):
            return "latency"
        return "memory" if self.memory_s >= self.compute_s else "compute"


@quick_init
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


def pcie_gbs(gpu: GpuSpec) -> float:
    """PCIe x16 bandwidth per direction of the GPU's generation (GB/s)."""
    return PCIE_GBS_BY_ARCHITECTURE.get(gpu.architecture, 31.5)


def link_gbs(gpu: GpuSpec, tp: int) -> float:
    """GPU-to-GPU bandwidth per direction for an all-reduce among `tp` GPUs."""
    if gpu.scale_up_gbs is not None and tp <= gpu.scale_up_domain:
        return gpu.scale_up_gbs / 2.0  # datasheets quote both directions together
    return pcie_gbs(gpu)


def allreduce_terms(gpu: GpuSpec, tp: int, k: ServeConstants) -> tuple[float, float, float]:
    """A ring all-reduce among `tp` GPUs as (fixed latency s, share of the message each GPU sends,
    link bytes/s): it sends 2(n-1)/n of the message over the link (none for one GPU)."""
    nvlink = gpu.scale_up_gbs is not None and tp <= gpu.scale_up_domain
    latency = k.allreduce_latency_s if nvlink else k.allreduce_latency_pcie_s
    efficiency = k.link_efficiency if nvlink else k.link_efficiency_pcie
    return latency, 2.0 * (tp - 1) / tp, link_gbs(gpu, tp) * 1e9 * efficiency


def active_linear_params(arch: ModelArchitecture) -> float:
    """Parameters in matmuls per token: the active ones minus the input embedding lookup."""
    lookup = arch.vocab * arch.hidden if not arch.tied_embeddings else 0.0
    return max(1.0, arch.active_params - arch.extra_params - lookup)


@quick_init
@dataclass(frozen=True, slots=True)
class ModelTerms:
    """What one token of a model at a precision reads and computes, whatever the GPUs: worked out
    once per plan (model_terms) and shared by every replica Timing it times."""

    # Every weight a decode step may read (all but the input embedding table, which is only
    # indexed) and, of those, the routed experts'; the share of a layer's experts one token leaves
    # idle (None: dense).
    read_bytes: float
    expert_bytes: float
    expert_idle: float | None
    linear_flops: float  # 2 per active matmul parameter
    attention_flops: float  # per cached token and layer
    floor_kernels: int  # floor_counts
    floor_expert_slots: int


def model_terms(arch: ModelArchitecture, precision: ServePrecision) -> ModelTerms:
    read = weight_bytes(arch, precision)
    if not arch.tied_embeddings:
        read -= arch.vocab * arch.hidden * 2.0
    moe = arch.moe
    # Absorbed MLA attends in the latent space (arXiv 2405.04434 App. C).
    if arch.mla is not None:
        width = arch.heads * (2 * arch.mla.kv_lora_rank + arch.mla.qk_rope_head_dim)
    else:
        width = 2 * arch.heads * arch.head_dim
    kernels, slots = floor_counts(arch)
    return ModelTerms(
        read_bytes=read,
        expert_bytes=expert_weight_bytes(arch, precision),
        expert_idle=1.0 - moe.active / moe.experts if moe is not None else None,
        linear_flops=2.0 * active_linear_params(arch),
        attention_flops=2.0 * width,
        floor_kernels=kernels,
        floor_expert_slots=slots,
    )


class Timing:
    """One replica serving requests of input_tokens + output_tokens: its decode step, time per
    output token and time to first token at any batch.

    A plan asks about many batch sizes of one replica (the time-per-token search, the rounds of
    Little's law), so what does not depend on the batch is worked out once here. The per-batch
    arithmetic below is the speed model's own, operation for operation in the same order, so every
    float equals the direct computation's; the constants are the left-hand parts of those
    expressions, never re-associated.

    Decode: each step reads the weights it needs and every request's KV cache (memory), does
    2 FLOPs per active parameter per token plus attention over the context (compute), and with
    tensor parallelism all-reduces twice per layer. With pp stages the batch moves through them as
    pp micro-batches; each stage's step covers its layers for one micro-batch, and a request gets
    its next token after all pp stages."""

    __slots__ = (
        "pp",
        "output_tokens",
        "prefill_s",
        "kv_layer_bytes",
        "seen",
        "dense_read_bytes",
        "read_bytes",
        "expert_bytes",
        "expert_idle",
        "gpus",
        "bytes_per_s",
        "per_token_flops",
        "flops_per_s",
        "hidden",
        "comm_layers",
        "allreduce_latency_s",
        "allreduce_share",
        "link_bytes_per_s",
        "floor_s",
        "whole_experts",
        "overlap_penalty",
        "step_overhead_s",
        "ranks",
        "imbalance",
    )

    def __init__(
        self,
        rep: Replica,
        input_tokens: int,
        output_tokens: int,
        k: ServeConstants = CALIBRATED,
        terms: ModelTerms | None = None,
    ) -> None:
        """`terms`: model_terms(rep.arch, rep.precision), when the caller has it already."""
        arch, gpu, p, tp, pp = rep.arch, rep.gpu, rep.precision, rep.tp, rep.pp
        if terms is None:
            terms = model_terms(arch, p)
        self.pp = pp
        self.gpus = gpus = tp * pp
        self.output_tokens = output_tokens
        # A dense model reads every weight each step; of the routed experts a batch touches on
        # average E·(1-(1-k/E)^B) per layer (uniform routing), so MoE reads grow with the batch.
        # 4-bit kernels dequantise as they read (ServeConstants.int4_read_factor).
        slow = k.int4_read_factor if p == "int4" else 1.0
        self.read_bytes = terms.read_bytes * slow
        self.expert_bytes = terms.expert_bytes * slow
        self.expert_idle = terms.expert_idle
        self.dense_read_bytes = self.read_bytes / gpus
        self.bytes_per_s = (gpu.memory_bandwidth_tbs or 1.0) * 1e12 * k.bandwidth_efficiency
        linear_flops, attention_flops = terms.linear_flops, terms.attention_flops
        peak_flops = peak_tflops(gpu, p) * 1e12
        # A request is half-way through its answer on average.
        self.seen = cached_layer_tokens(arch, input_tokens + output_tokens / 2.0)
        self.kv_layer_bytes = kv_bytes_per_token_layer(arch, tp, p, rep.kv_bytes)  # one token, layer, GPU
        self.per_token_flops = linear_flops + attention_flops * self.seen
        self.flops_per_s = peak_flops * k.decode_compute_efficiency
        self.hidden = arch.hidden
        # The all-reduces of each layer's activations (twice per layer), their fixed parts.
        self.comm_layers = 2 * arch.layers / pp
        self.allreduce_latency_s, self.allreduce_share, self.link_bytes_per_s = allreduce_terms(gpu, tp, k)
        # Tensor parallelism slices every expert; one GPU holds them whole (floor_counts). Whole
        # experts are one grouped GEMM, the layer's one kernel that moves real bytes at a small batch:
        # its reads add to the other kernels' latency rather than hide under it (_floor_s).
        self.whole_experts = tp == 1 and terms.expert_idle is not None
        expert_slots = 0 if self.whole_experts else terms.floor_expert_slots
        self.floor_s = (terms.floor_kernels * k.kernel_latency_s + expert_slots * k.expert_latency_s) / pp
        self.overlap_penalty = k.overlap_penalty
        self.step_overhead_s = k.step_overhead_s
        self.ranks = ranks = rep.ranks
        self.imbalance = 1.0 + k.rank_imbalance
        if ranks > 1:
            # Expert parallel: every rank reads the non-expert weights whole and 1/ranks of the
            # routed experts; its own requests' KV with every KV head. Per MoE layer, instead of two
            # all-reduces per layer, two exchanges of the whole batch's hidden states (all-gather
            # to every rank's experts, reduce-scatter back; serve_layout): each rank receives
            # (ranks-1)/ranks of ranks x its batch. Each GPU holds its experts whole: no expert
            # slots in the floor (floor_counts).
            self.dense_read_bytes = (terms.read_bytes - terms.expert_bytes) * slow
            self.expert_bytes = terms.expert_bytes * slow / ranks
            self.kv_layer_bytes = kv_bytes_per_token_layer(arch, 1, p, rep.kv_bytes)
            self.comm_layers = 2 * arch.moe_layers
            self.allreduce_share = (ranks - 1) / ranks
            self.hidden = arch.hidden * ranks  # a rank's request brings every rank's: the whole batch moves
            self.floor_s = layer_floor_s(arch, k, ranks, sliced=False)
            self.whole_experts = False
        # One prompt through the replica (all its stages in turn): 2·N_active FLOPs per token plus
        # causal attention, at the prefill efficiency, and the all-reduces of its activations.
        n = input_tokens
        flops = linear_flops * n + attention_flops * cached_layer_tokens(arch, n / 2.0) * n
        compute = flops / tp / (peak_flops * k.prefill_efficiency)
        comm = 2 * arch.layers * self._allreduce_s(n * arch.hidden * 2.0)
        self.prefill_s = compute + comm
        if ranks > 1:
            # Attention data parallel: each rank prefills its own requests' prompts in the steps it shares
            # with decoding, so the busiest rank gates prefill as it gates decode (fit in serve_calibration).
            self.prefill_s *= self.imbalance
        if pp > 1:  # the activations handed from stage to stage
            handoff = (pp - 1) * (STAGE_HANDOFF_LATENCY_S + n * arch.hidden * 2.0 / (STAGE_HANDOFF_GBS * 1e9))
            self.prefill_s += handoff

    def _allreduce_s(self, message_bytes: float) -> float:
        """One ring all-reduce of `message_bytes` among the tp GPUs (allreduce_terms)."""
        if self.allreduce_share == 0.0:  # tp = 1: nothing to reduce
            return 0.0
        return self.allreduce_latency_s + self.allreduce_share * message_bytes / self.link_bytes_per_s

    def _weights_read_bytes(self, micro: float) -> float:
        """Weight bytes one GPU reads in a step of `micro` requests (the input embedding table is
        only indexed: read_bytes leaves it out)."""
        idle = self.expert_idle
        if idle is None:
            return self.dense_read_bytes
        untouched: float = idle**micro  # typed: float ** float may be complex to mypy
        return (self.read_bytes - self.expert_bytes * (1.0 - (1.0 - untouched))) / self.gpus

    def _floor_s(self, micro: int) -> float:
        """The stage's latency floor for a micro-batch of `micro` requests: the kernels' latency
        (floor_s) and, with whole experts on each GPU, the reads of the experts the micro-batch
        touches (a token's experts run as one grouped GEMM between latency-bound kernels)."""
        idle = self.expert_idle
        if not self.whole_experts or idle is None:
            return self.floor_s
        untouched: float = idle**micro
        return self.floor_s + self.expert_bytes * (1.0 - untouched) / self.gpus / self.bytes_per_s

    def stage_parts(self, batch: int) -> tuple[float, float, float, float]:
        """One stage's step for `batch` requests: (memory, compute, comm, stage) seconds. The hot
        path of a plan: the weights read and the all-reduce are written out here rather than
        called (_weights_read_bytes, _allreduce_s say the same), and max/min as comparisons."""
        pp = self.pp
        if self.ranks > 1:
            return self._ranked_parts(batch)
        micro = batch if pp == 1 and batch >= 1 else max(1, math.ceil(batch / pp))
        kv = micro * self.kv_layer_bytes * self.seen / pp
        idle = self.expert_idle
        if idle is None:
            weights = self.dense_read_bytes
        else:
            untouched: float = idle**micro
            weights = (self.read_bytes - self.expert_bytes * (1.0 - (1.0 - untouched))) / self.gpus
        memory = (weights + kv) / self.bytes_per_s
        compute = micro * self.per_token_flops / self.gpus / self.flops_per_s
        message = micro * self.hidden * 2.0
        comm = 0.0  # one GPU: nothing to all-reduce
        if self.allreduce_share != 0.0:
            wire = self.allreduce_share * message / self.link_bytes_per_s
            comm = self.comm_layers * (self.allreduce_latency_s + wire)
        if pp > 1:
            comm += STAGE_HANDOFF_LATENCY_S + message / (STAGE_HANDOFF_GBS * 1e9)
        if compute > memory:  # max(memory, compute) + overlap x min(memory, compute)
            work = compute + self.overlap_penalty * memory
        else:
            work = memory + self.overlap_penalty * compute
        # Small batches do not go faster than the kernels' own latency (layer_floor_s); large ones
        # are bound by what they read and compute, and the floor hides inside that work.
        floor = self._floor_s(micro) if self.whole_experts else self.floor_s
        stage = (floor if floor > work else work) + comm + self.step_overhead_s
        return memory, compute, comm, stage

    def _ranked_parts(self, batch: int) -> tuple[float, float, float, float]:
        """stage_parts with expert parallelism: the step is the busiest rank's, ceil(batch / ranks)
        requests; the experts it reads are those the whole batch's tokens touch among its own."""
        ranks = self.ranks
        micro = max(1, math.ceil(batch / ranks))
        kv = micro * self.kv_layer_bytes * self.seen
        idle = self.expert_idle
        untouched: float = idle ** max(1, batch) if idle is not None else 0.0
        weights = self.dense_read_bytes + self.expert_bytes * (1.0 - untouched)
        memory = (weights + kv) / self.bytes_per_s
        compute = micro * self.per_token_flops / self.flops_per_s
        wire = self.allreduce_share * micro * self.hidden * 2.0 / self.link_bytes_per_s
        comm = self.comm_layers * (self.allreduce_latency_s + wire)
        if compute > memory:
            work = compute + self.overlap_penalty * memory
        else:
            work = memory + self.overlap_penalty * compute
        floor = self.floor_s
        stage = ((floor if floor > work else work) + comm) * self.imbalance + self.step_overhead_s
        return memory, compute, comm, stage

    def _ranked_estimate(self, tpot_s: float) -> float:
        """batch_estimate with expert parallelism: the same lines in the busiest rank's batch m
        (every expert read, the rank imbalance on the work and exchange), batch = ranks x m."""
        ranks, imbalance = self.ranks, self.imbalance
        kv_slope = self.kv_layer_bytes * self.seen / self.bytes_per_s
        compute_slope = self.per_token_flops / self.flops_per_s
        comm_slope = self.comm_layers * self.allreduce_share * self.hidden * 2.0 / self.link_bytes_per_s
        prefill_slope = ranks * self.prefill_s / self.output_tokens
        overlap = self.overlap_penalty
        room = tpot_s - self.step_overhead_s - imbalance * self.comm_layers * self.allreduce_latency_s
        weights = imbalance * (self.dense_read_bytes + self.expert_bytes) / self.bytes_per_s
        rise = imbalance * comm_slope + prefill_slope
        micro = min(
            (room - weights) / (imbalance * (kv_slope + overlap * compute_slope) + rise),
            (room - overlap * weights) / (imbalance * (compute_slope + overlap * kv_slope) + rise),
            (room - imbalance * self.floor_s) / rise,
        )
        return ranks * micro

    def batch_estimate(self, tpot_s: float) -> float:
        """About the batch whose time per output token is `tpot_s`, in closed form: a guess for
        serve_batch.batch_for_tpot to check, never an answer.

        With m requests per micro-batch, memory time is weights + m x KV, compute time m x FLOPs,
        all-reduces and hand-offs a fixed part + m x bytes, and the prefills mixed in m x prefill /
        output tokens: all lines in m. The stage is the largest of three lines (memory-bound:
        memory + overlap x compute; compute-bound: compute + overlap x memory; the latency floor)
        plus the others, so the target holds up to the first line that crosses it. Routed experts
        make the weights read grow with m; they are re-read at the estimate twice (each pass
        brackets the crossing more tightly). The micro-batch ceilings are left out."""
        if self.ranks > 1:
            return self._ranked_estimate(tpot_s)
        pp = self.pp
        kv_slope = self.kv_layer_bytes * self.seen / pp / self.bytes_per_s
        compute_slope = self.per_token_flops / self.gpus / self.flops_per_s
        message_slope = self.hidden * 2.0
        fixed, comm_slope = self.step_overhead_s, 0.0
        if self.allreduce_share > 0.0:
            fixed += self.comm_layers * self.allreduce_latency_s
            comm_slope += self.comm_layers * self.allreduce_share * message_slope / self.link_bytes_per_s
        if pp > 1:
            fixed += STAGE_HANDOFF_LATENCY_S
            comm_slope += message_slope / (STAGE_HANDOFF_GBS * 1e9)
        # TPOT at micro-batch m: pp x (a stage line + fixed + comm_slope x m) + prefill_slope x m.
        rise = pp * comm_slope + self.prefill_s / self.output_tokens  # b / o x prefill / pp, b = pp x m
        overlap = self.overlap_penalty
        room = tpot_s - pp * fixed
        memory_rise = pp * (kv_slope + overlap * compute_slope) + rise
        compute_rise = pp * (compute_slope + overlap * kv_slope) + rise
        floor_micro = (room - pp * self.floor_s) / rise
        micro = 1.0
        for _ in range(1 if self.expert_idle is None else 3):
            weights = self._weights_read_bytes(max(1.0, micro)) / self.bytes_per_s
            micro = min(
                (room - pp * weights) / memory_rise,
                (room - pp * overlap * weights) / compute_rise,
                floor_micro,
            )
        return pp * micro

    def step_s(self, batch: int) -> float:
        """One decode step of `batch` requests: pp stage steps."""
        return self.stage_parts(batch)[3] * self.pp

    def tpot_s(self, batch: int) -> float:
        """Time per output token each user sees: a decode step plus the prefills mixed in (each
        stage spends 1/pp of a prompt's prefill; one prompt joins per output_tokens steps per
        request)."""
        return self.stage_parts(batch)[3] * self.pp + batch / self.output_tokens * self.prefill_s / self.pp

    def latency_s(self, batch: int) -> tuple[float, float]:
        """(time to first token, time per output token) at `batch`: a prompt's prefill plus the
        decode step it joins, and tpot_s."""
        step = self.stage_parts(batch)[3] * self.pp
        return self.prefill_s + step, step + batch / self.output_tokens * self.prefill_s / self.pp

    def speed(self, batch: int) -> Speed:
        """Steady state with `batch` requests in flight."""
        batch = max(1, batch)
        memory, compute, comm, stage = self.stage_parts(batch)
        pp = self.pp
        step = Step(
            batch,
            memory * pp,
            compute * pp,
            comm * pp,
            self.step_overhead_s * pp,
            stage * pp,
            self._floor_s(batch if pp == 1 else max(1, math.ceil(batch / pp))) * pp,
        )
        tpot = step.total_s + batch / self.output_tokens * self.prefill_s / pp
        return Speed(
            batch=batch,
            step=step,
            prefill_s=self.prefill_s,
            tpot_s=tpot,
            ttft_s=self.prefill_s + step.total_s,
            output_tokens_per_second=batch / tpot,
        )


def speed(
    rep: Replica, batch: int, input_tokens: int, output_tokens: int, k: ServeConstants = CALIBRATED
) -> Speed:
    """Steady state with `batch` requests in flight, each of input_tokens + output_tokens."""
    return Timing(rep, input_tokens, output_tokens, k).speed(batch)


def saturation_batch(max_concurrency: int, k: ServeConstants = CALIBRATED, ranks: int = 1) -> int:
    """Requests a server runs at once under unlimited load: what the KV cache holds, up to its
    batch limit (per attention data-parallel rank: TensorRT-LLM's max_batch_size is each rank's)."""
    return max(0, min(max_concurrency, k.max_batch * ranks))


def ceil_div(a: float, b: float) -> int:
    return max(1, math.ceil(a / b - 1e-9))
