"""Peak memory per GPU, term by term (GB = 1e9 bytes).

Model states follow the ZeRO paper's mixed-precision accounting, 16 B/param for AdamW: 2 (bf16
weights) + 2 (bf16 grads) + 12 (fp32 master, m, v) (arXiv 1910.02054 §3.1). We use 16 rather than
Megatron's 18 (fp32 gradient accumulation, `theoretical_memory_usage.py`) because the layouts we
plan are ZeRO/FSDP-style with bf16 gradient reduction; 18 would add 12.5% to model states.
Activations follow Korthikanti et al. (arXiv 2205.05198 Table 2) with three named recompute modes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from sizing.workload import Workload

Recompute = Literal["none", "selective", "full"]
GB = 1e9

# Optimizer bytes per *trainable* param beyond the weights and gradients: AdamW fp32 master + m + v
# = 12; 8-bit Adam fp32 master + 1 + 1 = 6; SGD-momentum fp32 master + momentum = 8
# (Transformer Math 101 table). In pure fp32 the master copy is the weights themselves.
_OPTIMIZER_BYTES = {"adamw": 12.0, "adamw_8bit": 6.0, "sgd": 8.0}
_MASTER_COPY_BYTES = 4.0

# NF4 (4 bit) + double-quantised block constants 0.127 bit/param (QLoRA arXiv 2305.14314 §3).
QLORA_BYTES_PER_PARAM = 0.5 + 0.127 / 8

# Runtime overhead: CUDA context + cuBLAS/cuDNN workspaces ~1 GB per process (PyTorch context
# measured 0.3-1 GB; gpu_poor README budgets 500 MB "cuda + other"), NCCL buffers ~0.5 GB when
# there is more than one rank, and caching-allocator fragmentation 5% of the rest (ZeRO paper
# §5 reports OOM with >30% nominally free in extreme cases; 5% is the common steady state)
# [assumption, calibrated against PEFT README: T0_3B full FT 47 GB, mt0-xxl LoRA 56 GB].
CUDA_CONTEXT_GB = 1.0
NCCL_BUFFERS_GB = 0.5
FRAGMENTATION = 0.05
# ZeRO-3 gathers whole layers ahead of use; DeepSpeed's stage3_max_live_parameters default is
# 1e9 params (≈2 GB at bf16) (EleutherAI/cookbook calc_transformer_mem.py).
ZERO3_LIVE_PARAMS = 1e9


@dataclass(frozen=True, slots=True)
class Layout:
    gpus: int
    dp: int
    tp: int
    pp: int
    zero_stage: int
    recompute: Recompute
    micro_batch: int
    grad_accum: int


@dataclass(frozen=True, slots=True)
class MemoryBreakdown:
    weights_gb: float
    gradients_gb: float
    optimizer_gb: float
    activations_gb: float
    logits_gb: float
    buffers_gb: float
    overhead_gb: float

    @property
    def total_gb(self) -> float:
        return (
            self.weights_gb
            + self.gradients_gb
            + self.optimizer_gb
            + self.activations_gb
            + self.logits_gb
            + self.buffers_gb
            + self.overhead_gb
        )

    def to_dict(self) -> dict[str, float]:
        return {
            "weights_gb": round(self.weights_gb, 3),
            "gradients_gb": round(self.gradients_gb, 3),
            "optimizer_gb": round(self.optimizer_gb, 3),
            "activations_gb": round(self.activations_gb, 3),
            "logits_gb": round(self.logits_gb, 3),
            "buffers_gb": round(self.buffers_gb, 3),
            "overhead_gb": round(self.overhead_gb, 3),
            "total_gb": round(self.total_gb, 3),
        }


def weight_bytes_per_param(precision: str) -> float:
    return 4.0 if precision == "fp32" else 2.0  # FP8 (Transformer Engine) keeps bf16 weights


def activation_bytes_per_layer(w: Workload, lay: Layout, act_bytes: float) -> float:
    """Korthikanti per-layer activations for one micro-batch, per GPU.

    selective: Megatron's generalisation s·b·h·(18 + 4·ffn/h)/t with SwiGLU counted as 1.5x ffn
    (three matrices; approximate, `theoretical_memory_usage.py` has no SwiGLU term); with
    FlashAttention the s×s scores are never stored, so this is also the flash number.
    none: adds the score/softmax storage 5·a·s²·b/t. full: only the layer input 2·s·b·h/t is kept.
    """
    a = w.arch
    s, b, h, t = w.seq_len, lay.micro_batch, a.hidden, lay.tp
    scale = act_bytes / 2.0  # the formulas assume 16-bit activations
    if lay.recompute == "full":
        return 2 * s * b * h / t * scale
    selective = s * b * h * (18 + 4 * 1.5 * a.ffn / h) / t * scale
    if lay.recompute == "selective":
        return selective
    return selective + 5 * a.heads * s * s * b / t * scale


def breakdown(w: Workload, lay: Layout, precision: str) -> MemoryBreakdown:
    return MemoryModel(w, precision).breakdown(lay)


# The seven terms of MemoryBreakdown, in GB, in its field order.
Terms = tuple[float, float, float, float, float, float, float]


class MemoryModel:
    """Peak memory per GPU for one workload and precision, term by term.

    Split so that the parts depending on few layout fields (activations: TP, recompute,
    micro-batch) are computed once: the layout search asks about hundreds of layouts per plan.
    """

    def __init__(self, w: Workload, precision: str) -> None:
        a = w.arch
        self.w = w
        self.wb = wb = weight_bytes_per_param(precision)
        self.act_bytes = 4.0 if precision == "fp32" else 2.0
        master = 0.0 if precision == "fp32" else _MASTER_COPY_BYTES
        self.opt_bytes = _OPTIMIZER_BYTES[w.optimizer] - _MASTER_COPY_BYTES + master
        if w.is_peft:
            frozen_b = QLORA_BYTES_PER_PARAM if w.method == "qlora" else wb
            # QLoRA quantises the linear layers; embeddings and the output head stay 16-bit
            # (bitsandbytes).
            frozen_linear = a.layers * a.layer_params * frozen_b
            embeddings = a.embedding_params * wb
            self.sharded_weights = frozen_linear + embeddings
            self.replicated_weights: float | None = w.trainable_params * wb
            self.trainable = w.trainable_params
        else:
            self.sharded_weights = a.params_exact * wb
            self.replicated_weights = None
            self.trainable = a.params_exact
        self._activations: dict[tuple[int, str, int], float] = {}

    def activations(self, tp: int, recompute: Recompute, micro_batch: int) -> float:
        key = (tp, recompute, micro_batch)
        found = self._activations.get(key)
        if found is None:
            w = self.w
            lay = Layout(tp, 1, tp, 1, 0, recompute, micro_batch, 1)
            # Pipeline 1F1B: the first stage keeps p micro-batches x L/p layers = L layers' worth
            # (Korthikanti §4.2.3), so PP does not divide activations.
            layers_held = w.arch.layers
            found = activation_bytes_per_layer(w, lay, self.act_bytes) * layers_held
            if recompute == "full":  # one layer is re-materialised in full during its backward
                one = Layout(tp, 1, tp, 1, 0, "selective", micro_batch, 1)
                found += activation_bytes_per_layer(w, one, self.act_bytes)
            self._activations[key] = found
        return found

    def logits(self, tp: int, micro_batch: int) -> float:
        # Output layer with fp32 logits 4·s·b·(h + v)/t (Korthikanti §4.3); big vocabularies
        # make this GBs.
        a = self.w.arch
        return 4 * self.w.seq_len * micro_batch * (a.hidden + a.vocab) / tp

    def fixed_buffers(self, gpus: int) -> float:
        """Buffers every layout on `gpus` GPUs holds (ZeRO-3's live parameters come on top)."""
        out = 0.0
        if self.w.method == "qlora":  # one layer dequantised to bf16 at a time
            out += self.w.arch.layer_params * 2
        if gpus > 1:
            out += NCCL_BUFFERS_GB * GB
        return out

    @staticmethod
    def overhead(subtotal: float) -> float:
        return CUDA_CONTEXT_GB * GB + FRAGMENTATION * subtotal

    def terms(self, gpus: int, dp: int, tp: int, pp: int, zero: int, recompute: Recompute, mb: int) -> Terms:
        a, wb = self.w.arch, self.wb
        mp = tp * pp
        shard_all = dp if zero >= 1 else 1
        shard_grads = dp if zero >= 2 else 1
        shard_weights = dp if zero >= 3 else 1
        weights = self.sharded_weights / mp / shard_weights
        if self.replicated_weights is not None:
            weights += self.replicated_weights / mp
        trainable = self.trainable / mp
        gradients = trainable * wb / shard_grads
        optimizer = trainable * self.opt_bytes / shard_all
        activations = self.activations(tp, recompute, mb)
        logits = self.logits(tp, mb)
        buffers = self.fixed_buffers(gpus)
        if zero >= 3 and dp > 1:
            buffers += min(ZERO3_LIVE_PARAMS, a.params_exact / mp) * wb
        overhead = self.overhead(weights + gradients + optimizer + activations + logits + buffers)
        return (
            weights / GB,
            gradients / GB,
            optimizer / GB,
            activations / GB,
            logits / GB,
            buffers / GB,
            overhead / GB,
        )

    def breakdown(self, lay: Layout) -> MemoryBreakdown:
        return MemoryBreakdown(
            *self.terms(lay.gpus, lay.dp, lay.tp, lay.pp, lay.zero_stage, lay.recompute, lay.micro_batch)
        )


def lower_bound_gb(w: Workload, gpus: int, max_tp: int, min_micro_batch: int, precision: str) -> float:
    """A floor under breakdown().total_gb for every layout on `gpus` GPUs, built from the same
    MemoryModel terms so the two cannot drift.

    Each term is at its smallest: model states fully sharded over all GPUs (TP·PP·ZeRO-3 DP =
    gpus), activations and logits at the largest TP and the smallest micro-batch, activations in
    whichever of full or selective recompute is smaller (no recompute only adds to selective),
    buffers without ZeRO-3's live parameters. plan() uses it to rule a count out without searching
    its layouts; it must never exceed a real layout's peak.
    """
    m = MemoryModel(w, precision)
    weights = m.sharded_weights + (m.replicated_weights or 0.0)
    states = (weights + m.trainable * (m.wb + m.opt_bytes)) / gpus
    t = max(1, min(max_tp, gpus))
    b = min_micro_batch
    activations = min(m.activations(t, "selective", b), m.activations(t, "full", b))
    subtotal = states + activations + m.logits(t, b) + m.fixed_buffers(gpus)
    return (subtotal + m.overhead(subtotal)) / GB
