"""Peak memory per GPU, term by term (GB = 1e9 bytes), for the workload's training stack.

Model states follow the mixed-precision accounting of the ZeRO paper (arXiv 1910.02054 §3.1):
bf16 weights 2 B/param, gradients in the stack's precision (bf16 2 B; Megatron keeps fp32 main
gradients, 4 B), AdamW fp32 master + m + v 12 B, each sharded as the layout's ZeRO stage says
(Megatron's distributed optimizer is ZeRO-1: 2 + 4 + 12/DP, `theoretical_memory_usage.py`).
Activations generalise Korthikanti et al. (arXiv 2205.05198 Table 2) to Llama-style blocks.
"""

from __future__ import annotations

from dataclasses import dataclass

from sizing.frozen import quick_init, quick_new
from sizing.types import Recompute
from sizing.workload import Workload

GB = 1e9

# Optimizer bytes per *trainable* param beyond the weights and gradients: AdamW fp32 master + m + v
# = 12; 8-bit Adam fp32 master + 1 + 1 = 6; SGD-momentum fp32 master + momentum = 8
# (Transformer Math 101 table). In pure fp32 the master copy is the weights themselves.
_OPTIMIZER_BYTES = {"adamw": 12.0, "adamw_8bit": 6.0, "sgd": 8.0}
_MASTER_COPY_BYTES = 4.0
# Optimizers whose states are fp32 beside an fp32 master, and follow the parameters' dtype without one.
_FP32_STATES = frozenset({"adamw", "sgd"})

# The optimizer step's temporaries: torch's AdamW runs its multi-tensor ("foreach") implementation by
# default on CUDA, which materialises lists of intermediates as large as the parameters it steps
# (`_multi_tensor_adam`: `torch._foreach_sqrt(exp_avg_sqs)` and the update, in the parameters' dtype;
# "uses O(n) more memory where n is the number of params in your max param group",
# pytorch/pytorch#132336). The plain Hugging Face Trainer steps torch's AdamW (`optim="adamw_torch"`);
# DeepSpeed, Megatron and torchtune's recipes use fused kernels that make none, and 8-bit and offloaded
# optimizers step elsewhere. By the step the activations and logits are freed, so the peak is the larger
# of the two moments. ms-swift's Qwen2.5-7B full fine-tune on one 80 GB GPU measured 76 GiB (81.6 GB)
# where weights, gradients and states come to 61 GB and the backward's peak to 68 GB: one bf16 copy of the
# 7.6B parameters on top of the states is 76 GB, 80 GB with the overhead (2026-12-03).
_FOREACH_TEMP_STACKS = frozenset({"hf"})

# NF4 (4 bit) + double-quantised block constants 0.127 bit/param (QLoRA arXiv 2305.14314 §3).
QLORA_BYTES_PER_PARAM = 0.5 + 0.127 / 8

# Runtime overhead: CUDA context + cuBLAS workspaces ~0.5 GB per process (PyTorch context measured
# 0.3-1 GB, less since CUDA lazy module loading became the default in PyTorch 2; gpu_poor README
# budgets 500 MB "cuda + other"), NCCL buffers ~0.5 GB when
# there is more than one rank, and caching-allocator fragmentation 5% of the rest (ZeRO paper
# §5 reports OOM with >30% nominally free in extreme cases; 5% is the common steady state)
# [assumption, checked against PEFT README and torchtune README measurements in validate].
CUDA_CONTEXT_GB = 0.5
NCCL_BUFFERS_GB = 0.5
FRAGMENTATION = 0.05
_CONTEXT_BYTES = CUDA_CONTEXT_GB * GB
# Sharded parameters (ZeRO-3 / FSDP FULL_SHARD) are gathered a layer at a time, with the next one
# prefetched (FSDP forward/backward prefetch; DeepSpeed stage3_prefetch_bucket_size): two layers,
# or one layer and the embedding / output matrix when that is larger.
LIVE_LAYERS = 2
# DeepSpeed ZeRO-3 keeps more: a gathered parameter is not released while the model will reuse it
# within stage3_max_reuse_distance, and up to stage3_max_live_parameters stay resident ("The maximum
# number of parameters resident per GPU before releasing"; deepspeed.ai/docs/config-json, ZeRO
# optimizations; default 1e9 for both, and 1e9 in LLaMA-Factory's examples/deepspeed/ds_z3_config.json
# and Qwen's finetune/ds_config_zero3.json). Counted in elements of the stored dtype: 1e9 elements of
# 16-bit storage (QLoRA packs four 4-bit weights into one bf16 element) or of fp32. The PEFT README's
# LoRA + ZeRO-3 CPU offload runs on one A100 (fp32) measured 9.8 GB (T0_3B) and 18.1 GB (bloomz-7b1)
# against 6.0 and 9.7 GB predicted with FSDP's two layers (2026-12-03).
DEEPSPEED_MAX_LIVE_ELEMENTS = 1e9

# Activation bytes per token per transformer layer, 16-bit, with FlashAttention (no s×s scores):
# what autograd keeps for backward in a bias-free pre-norm block without dropout (Llama, Qwen,
# Mistral): the two norm inputs and outputs (4h), the query (h), the keys and values (2·kv), the
# attention output (h), then for SwiGLU the gate, the up projection, SiLU(gate) and the product
# (4·ffn; 2·ffn when the stack fuses SwiGLU, sizing.stack), each 2 bytes: 2·(6h + 2·kv + 4·ffn).
# For a GPT block with a 4h GeLU MLP and dropout masks this is Korthikanti's 34·s·b·h
# (arXiv 2205.05198 §4.1).
_H_BYTES = 12.0
_KV_BYTES = 4.0
# Full recompute keeps each layer's input: 2·s·b·h (Korthikanti Table 2, last row).
_CHECKPOINT_H_BYTES = 2.0


@quick_init
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


@quick_init
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

    @property
    def model_states_gb(self) -> float:
        return self.weights_gb + self.gradients_gb + self.optimizer_gb

    def dominant(self) -> tuple[str, float]:
        """The largest term: (name, GB)."""
        terms = {
            "weights": self.weights_gb,
            "gradients": self.gradients_gb,
            "optimizer": self.optimizer_gb,
            "activations": self.activations_gb,
            "logits": self.logits_gb,
            "buffers": self.buffers_gb,
            "overhead": self.overhead_gb,
        }
        name = max(terms, key=lambda k: terms[k])
        return name, terms[name]

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


_new_breakdown = quick_new(MemoryBreakdown)


def single_gpu_zero_stages(w: Workload) -> tuple[int, ...]:
    """ZeRO stages a one-GPU layout may use: none, except with CPU offload on a stack that can fully
    shard, where stage 3 stands for offloading the parameters too (DeepSpeed ZeRO-3 `offload_param`,
    FSDP `CPUOffload(offload_params=True)`; both run on a single GPU), at stage 3's cost
    (calibration.ZERO3_LOSS). A full fine-tune keeps its weights on the GPU when they fit (optimizer
    offload alone is faster); adapters have little optimizer state to offload, so offloading them means
    the frozen base: the PEFT README's LoRA + DeepSpeed CPU offload runs on one A100 hold 22 GB for
    mt0-xxl, whose 12.9B parameters are 52 GB in its fp32 (in CPU memory, as the README shows)."""
    if not w.offload or 3 not in w.stack.zero_stages:
        return (0,)
    return (3,) if w.is_peft else (0, 3)


def weight_bytes_per_param(precision: str) -> float:
    return 4.0 if precision == "fp32" else 2.0  # FP8 (Transformer Engine) keeps bf16 weights


def layer_bytes_per_token(w: Workload, act_bytes: float) -> float:
    """One layer's activations per token, no recompute, with FlashAttention."""
    a = w.arch
    kv = a.kv_heads * a.head_dim
    return (_H_BYTES * a.hidden + _KV_BYTES * kv + w.stack.ffn_bytes * a.ffn) * act_bytes / 2.0


def scores_bytes_per_token(w: Workload, act_bytes: float) -> float:
    """The s×s attention scores, softmax and dropout of one layer per token, stored without
    FlashAttention and without recompute: Korthikanti's 5·a·s (arXiv 2205.05198 §4.1)."""
    return 5.0 * w.arch.heads * w.seq_len * act_bytes / 2.0


def breakdown(w: Workload, lay: Layout, precision: str, scores: bool = False) -> MemoryBreakdown:
    return MemoryModel(w, precision, scores).breakdown(lay)


# The seven terms of MemoryBreakdown, in GB, in its field order.
Terms = tuple[float, float, float, float, float, float, float]


class MemoryModel:
    """Peak memory per GPU for one workload and precision, term by term.

    Split so that the parts depending on few layout fields (activations: TP, recompute,
    micro-batch) are computed once: the layout search asks about hundreds of layouts per plan.
    `scores`: the GPU has no FlashAttention, so the attention scores are stored (pre-Ampere).
    """

    def __init__(self, w: Workload, precision: str, scores: bool = False) -> None:
        a = w.arch
        st = w.stack
        self.w = w
        self.wb = wb = weight_bytes_per_param(precision)
        self.act_bytes = 4.0 if precision == "fp32" else 2.0
        self.grad_bytes = 4.0 if precision == "fp32" else st.grad_bytes
        pure = st.trains_pure_bf16(precision, w.is_peft)
        master = 0.0 if precision == "fp32" or w.low_memory or pure else _MASTER_COPY_BYTES
        states = _OPTIMIZER_BYTES[w.optimizer] - _MASTER_COPY_BYTES
        if pure and precision != "fp32" and w.optimizer in _FP32_STATES:
            states /= 2.0  # torch's optimizers keep their states in the parameters' dtype (bf16)
        self.opt_bytes = states + master
        if w.low_memory:  # paged 8-bit AdamW: its states live in pageable memory (sizing.lowmem)
            self.opt_bytes = 0.0
        self.scores = scores
        self.logits_bytes = 4.0 if precision == "fp32" and st.logits_bytes < 4.0 else st.logits_bytes
        if w.is_peft:
            frozen_b = QLORA_BYTES_PER_PARAM if w.method == "qlora" else wb
            # QLoRA quantises the linear layers; embeddings and the output head stay 16-bit
            # (bitsandbytes, torchtune).
            frozen_linear = a.layers * a.layer_params * frozen_b
            embeddings = a.embedding_params * wb
            self.sharded_weights = frozen_linear + embeddings
            self.replicated_weights: float | None = w.trainable_params * wb
            self.trainable = w.trainable_params
        else:
            # With a reference model (DPO outside PEFT), its frozen copy in the same dtype, sharded alike
            # (TRL prepares it with the policy's DeepSpeed ZeRO-3 / FSDP config).
            copies = 2.0 if w.reference_model else 1.0
            self.sharded_weights = a.params_exact * wb * copies
            self.replicated_weights = None
            self.trainable = a.params_exact
        # Parameters whose gradients are held at once: all trainable ones, or with the optimizer
        # step inside backward (the low-memory recipe) one layer's, freed as soon as it is stepped.
        self.grad_params = a.largest_layer_params if w.low_memory else self.trainable
        # Under CPU offload: the gradients on the GPU at once, one layer's (see _states_of).
        self.staged_gradient_params = min(self.grad_params, a.largest_layer_params)
        # The optimizer step's temporaries (_FOREACH_TEMP_STACKS): a copy of the trained parameters in the
        # dtype the step runs in; the stacks that make them never shard the optimizer (DDP).
        foreach = st.id in _FOREACH_TEMP_STACKS and w.optimizer in _FP32_STATES and not w.offload
        step_dtype = 2.0 if pure else 4.0
        self._step_temp = self.trainable * step_dtype if foreach and not w.low_memory else 0.0
        self._layer_per_token = layer_bytes_per_token(w, self.act_bytes)
        self._scores_per_token = scores_bytes_per_token(w, self.act_bytes) if scores else 0.0
        self._activations: dict[tuple[int, str, int], tuple[float, float]] = {}
        self._offload = w.offload
        # On one GPU, ZeRO-3 with offload: the parameters are offloaded too (single_gpu_zero_stages).
        self._offload_params = w.offload and 3 in st.zero_stages
        self._buffers_one = self.fixed_buffers(1)
        self._buffers_many = self.fixed_buffers(2)  # fixed_buffers depends on the count only through > 1
        self._live: dict[int, float] = {}  # live_parameters per model-parallel degree
        self._states: dict[tuple[int, int, int, bool], tuple[float, float, float, float]] = {}  # _states_of

    def params_offloaded(self, dp: int, zero: int) -> bool:
        """CPU offload holds the parameters in host memory too: fully sharded across several ranks
        (FSDP CPUOffload(offload_params=True), ZeRO-3 offload_param), or ZeRO-3 on one GPU."""
        return self._offload and zero >= 3 and (dp > 1 or self._offload_params)

    def host_bytes(self, layout: Layout) -> float:
        """What CPU offload keeps in host memory, all machines together: gradients and optimizer state
        (with the fp32 master weights), and the parameters in their stored bytes when they are offloaded
        too (for LoRA that is the frozen base: the PEFT README's mt0-xxl LoRA + DeepSpeed offload run holds
        its 12.9B parameters in CPU memory)."""
        if not self._offload:
            return 0.0
        states = self.offloadable_bytes()
        if self.params_offloaded(layout.dp, layout.zero_stage):
            states += self.sharded_weights
        return states

    def offloadable_bytes(self) -> float:
        """Gradients and optimizer state (with the fp32 master weights) of the whole model: what any CPU
        offload moves to host memory."""
        return self.grad_params * self.grad_bytes + self.trainable * self.opt_bytes

    def layer_activations(self, tp: int, micro_batch: int) -> float:
        """One layer's activations for one micro-batch on one GPU (TP with sequence parallel
        divides them by t: Korthikanti Table 2, 'TP + SP')."""
        return self._layer_per_token * self.w.seq_len * micro_batch / tp

    def activations_and_logits(self, tp: int, recompute: Recompute, micro_batch: int) -> tuple[float, float]:
        """(activations, logits) bytes at the peak.

        Without full recompute every layer's activations and the loss's logits are alive when the
        loss is computed. With full recompute the layer inputs stay, and the backward holds either
        the loss's logits (at its start) or one re-materialised layer (inside it), not both: the
        activations term counts the layer only where it exceeds the logits. Pipeline 1F1B: the
        first stage keeps p micro-batches × L/p layers = L layers' worth (Korthikanti §4.2.3), so
        PP does not divide activations. Unsloth keeps the layer inputs in CPU memory."""
        key = (tp, recompute, micro_batch)
        found = self._activations.get(key)
        if found is None:
            w = self.w
            tokens = w.seq_len * micro_batch
            logits = tokens * w.arch.vocab * self.logits_bytes / tp
            if w.stack.model_parallel:  # Megatron's output layer input is kept too (Korthikanti §4.3)
                logits += 4.0 * tokens * w.arch.hidden / tp
            layer = self.layer_activations(tp, micro_batch)
            if recompute == "full":
                held = 0.0 if w.stack.offload_activations else w.arch.layers
                checkpoints = _CHECKPOINT_H_BYTES * w.arch.hidden * tokens / tp * held * self.act_bytes / 2.0
                found = (checkpoints + max(0.0, layer - logits), logits)
            else:
                if recompute == "none":  # selective recompute re-computes the scores instead
                    layer += self._scores_per_token * tokens / tp
                found = (layer * w.arch.layers, logits)
            self._activations[key] = found
        return found

    def fixed_buffers(self, gpus: int) -> float:
        """Buffers every layout on `gpus` GPUs holds (ZeRO-3's live parameters come on top)."""
        out = 0.0
        if self.w.method == "qlora":  # the largest quantised matrix dequantised to bf16 at a time
            a = self.w.arch
            out += max(a.hidden * a.ffn, a.hidden * a.hidden) * 2.0
        if gpus > 1:
            out += NCCL_BUFFERS_GB * GB
        return out

    def live_parameters(self, mp: int) -> float:
        """Gathered parameters of a fully sharded model (ZeRO-3 / FSDP FULL_SHARD), in the bytes
        they are stored in (QLoRA gathers its 4-bit layers): FSDP's two layers, or DeepSpeed's
        resident budget (DEEPSPEED_MAX_LIVE_ELEMENTS) up to the whole model."""
        a = self.w.arch
        layer_b = QLORA_BYTES_PER_PARAM if self.w.method == "qlora" else self.wb
        layer = a.layer_params / mp * layer_b
        gathered = max(LIVE_LAYERS * layer, layer + a.vocab * a.hidden / mp * self.wb)
        if self.w.stack.id == "deepspeed":
            resident = min(self.sharded_weights / mp, DEEPSPEED_MAX_LIVE_ELEMENTS * self.wb)
            gathered = max(gathered, resident)
        return gathered

    @staticmethod
    def overhead(subtotal: float) -> float:
        return _CONTEXT_BYTES + FRAGMENTATION * subtotal

    def _states_of(self, gpus: int, dp: int, mp: int, zero: int) -> tuple[float, float, float, float]:
        """(weights, gradients, optimizer, buffers) bytes per GPU: all but the activations and logits,
        the same for every micro-batch and recompute mode (memoised in _states)."""
        shard_all = dp if zero >= 1 else 1
        shard_grads = dp if zero >= 2 else 1
        shard_weights = dp if zero >= 3 else 1
        if self._offload:
            # CPU offload: master weights, optimizer states and gradients live in CPU memory
            # (ZeRO-Offload); fully sharded, the parameters too (FSDP CPUOffload(offload_params=
            # True), ZeRO-3 offload_param), so the GPU holds only the layers gathered for compute
            # (buffers) and the activations.
            params_off = self.params_offloaded(dp, zero)
            weights = 0.0 if params_off else self.sharded_weights / mp / shard_weights
            # The gradients are still produced on the GPU, a unit at a time, before they are copied
            # out: FSDP reduce-scatters each wrapped layer's unsharded gradient and moves the shard to
            # CPU memory (torch.distributed.fsdp.CPUOffload docs: "gradients ... offloaded to CPU"
            # after the reduction); DeepSpeed ZeRO-Offload fills GPU reduce buckets and copies them
            # out (ZeRO-Offload, arXiv 2101.06840 §4.1). One layer's gradients are on the GPU at the
            # peak: torchtune's Llama 3.1 70B full fine-tune with CPU offload on 8 x A100 measured
            # 13.9 GiB (14.9 GB) per GPU, 12.1 GB without this term (2026-12-03).
            gradients = self.staged_gradient_params / mp * self.grad_bytes
            optimizer = 0.0
        else:
            weights = self.sharded_weights / mp / shard_weights
            gradients = self.grad_params / mp * self.grad_bytes / shard_grads
            optimizer = self.trainable / mp * self.opt_bytes / shard_all
        if self.replicated_weights is not None:
            weights += self.replicated_weights / mp
        buffers = self._buffers_many if gpus > 1 else self._buffers_one  # = fixed_buffers(gpus)
        if zero >= 3 and (dp > 1 or self._offload_params):
            live = self._live.get(mp)
            if live is None:
                live = self._live[mp] = self.live_parameters(mp)
            buffers += live
        found = self._states[(dp, mp, zero, gpus > 1)] = (weights, gradients, optimizer, buffers)
        return found

    def terms(self, gpus: int, dp: int, tp: int, pp: int, zero: int, recompute: Recompute, mb: int) -> Terms:
        mp = tp * pp
        states = self._states.get((dp, mp, zero, gpus > 1))
        weights, gradients, optimizer, buffers = (
            states if states is not None else self._states_of(gpus, dp, mp, zero)
        )
        found = self._activations.get((tp, recompute, mb))
        activations, logits = found if found is not None else self.activations_and_logits(tp, recompute, mb)
        step = self._step_temp  # the optimizer step's peak, where it exceeds the backward's
        if step > activations + logits:
            buffers += step - activations - logits
        # = overhead(subtotal)
        overhead = _CONTEXT_BYTES + FRAGMENTATION * (
            weights + gradients + optimizer + activations + logits + buffers
        )
        return (
            weights / GB,
            gradients / GB,
            optimizer / GB,
            activations / GB,
            logits / GB,
            buffers / GB,
            overhead / GB,
        )

    def total(self, gpus: int, dp: int, tp: int, pp: int, zero: int, recompute: Recompute, mb: int) -> float:
        """totals(...) of one micro-batch: the terms summed in order, without a list."""
        return sum(self.terms(gpus, dp, tp, pp, zero, recompute, mb))

    def totals(
        self, gpus: int, dp: int, tp: int, pp: int, zero: int, recompute: Recompute, micro_batches: list[int]
    ) -> list[float]:
        """breakdown(...).total_gb of the layout at each of these micro-batches: terms() summed in
        MemoryBreakdown's order (the layout search sizes every micro-batch of a candidate at once)."""
        mp = tp * pp
        states = self._states.get((dp, mp, zero, gpus > 1))
        weights, gradients, optimizer, buffers = (
            states if states is not None else self._states_of(gpus, dp, mp, zero)
        )
        states_gb = weights / GB + gradients / GB + optimizer / GB
        buffers_gb = buffers / GB
        memo = self._activations
        step = self._step_temp
        out = []
        for mb in micro_batches:
            found = memo.get((tp, recompute, mb))
            activations, logits = (
                found if found is not None else self.activations_and_logits(tp, recompute, mb)
            )
            if step > activations + logits:  # the optimizer step's peak (terms())
                held = buffers + (step - activations - logits)  # terms()'s order, to the last bit
                overhead = _CONTEXT_BYTES + FRAGMENTATION * (
                    weights + gradients + optimizer + activations + logits + held
                )
                out.append(states_gb + activations / GB + logits / GB + held / GB + overhead / GB)
                continue
            overhead = _CONTEXT_BYTES + FRAGMENTATION * (
                weights + gradients + optimizer + activations + logits + buffers
            )
            out.append(states_gb + activations / GB + logits / GB + buffers_gb + overhead / GB)
        return out

    def breakdown(self, lay: Layout) -> MemoryBreakdown:
        return _new_breakdown(
            *self.terms(lay.gpus, lay.dp, lay.tp, lay.pp, lay.zero_stage, lay.recompute, lay.micro_batch)
        )


def lower_bound_gb(
    w: Workload,
    gpus: int,
    max_tp: int,
    min_micro_batch: int,
    precision: str,
    model: MemoryModel | None = None,
) -> float:
    """A floor under breakdown().total_gb for every layout on `gpus` GPUs, built from the same
    MemoryModel terms so the two cannot drift.

    Each term is at its smallest: model states fully sharded over all GPUs (TP·PP·ZeRO-3 DP =
    gpus; CPU offload: none), activations and logits at the largest TP and the smallest
    micro-batch, activations in whichever of full or no recompute is smaller, buffers without
    ZeRO-3's live parameters, and no stored attention scores. plan() uses it to rule a count out
    without searching its layouts; it must never exceed a real layout's peak.
    """
    return LowerBound(w, max_tp, min_micro_batch, precision, model)(gpus)


class LowerBound:
    """lower_bound_gb for one workload, TP limit, micro-batch and precision, as a function of the
    count: what does not depend on the count is worked out once (plan() asks it of every count
    of every GPU type until one may fit)."""

    def __init__(
        self,
        w: Workload,
        max_tp: int,
        min_micro_batch: int,
        precision: str,
        model: MemoryModel | None = None,
    ) -> None:
        m = model if model is not None else MemoryModel(w, precision)
        st = w.stack
        self._m = m
        self._weights = weights = m.sharded_weights + (m.replicated_weights or 0.0)
        self._states = weights + m.grad_params * m.grad_bytes + m.trainable * m.opt_bytes
        self._model_parallel = st.model_parallel
        self._zero3 = 3 in st.zero_stages
        self._offload = w.offload
        self._offload_params = w.offload and 3 in st.zero_stages  # MemoryModel's rule
        self._lowest = min(st.zero_stages)
        self._max_tp = max_tp if st.model_parallel else 1
        self._micro_batch = min_micro_batch
        self._best: dict[int, float] = {}  # activations and logits per TP degree
        self._floors: dict[int, float] = {}  # per count
        self._buffers_one = m.fixed_buffers(1)
        self._buffers_many = m.fixed_buffers(2)  # fixed_buffers depends on the count only through > 1

    def __call__(self, gpus: int) -> float:
        found = self._floors.get(gpus)
        if found is None:
            found = self._floors[gpus] = self._floor(gpus)
        return found

    def first_within(self, counts: tuple[int, ...], capacity: float) -> int | None:
        """The index of the first of these counts whose floor is within `capacity` GB (None: none)."""
        floors = self._floors
        for i, n in enumerate(counts):
            floor = floors.get(n)
            if floor is None:
                floor = floors[n] = self._floor(n)
            if not floor > capacity:
                return i
        return None

    def _floor(self, gpus: int) -> float:
        m = self._m
        weights = self._weights
        if self._model_parallel:
            # TP·PP·DP = gpus at best shards everything (the distributed optimizer shards the rest).
            states = weights / gpus if self._offload else self._states / gpus
        elif gpus > 1 and self._zero3:
            states = 0.0 if self._offload else self._states / gpus  # offloaded ZeRO-3 keeps no shard
        elif self._offload_params and gpus == 1:
            states = 0.0  # the parameters are offloaded too (MemoryModel.terms)
        elif self._offload or gpus == 1:
            states = weights if self._offload else self._states
        else:
            # Without ZeRO-3 the weights are replicated; the lowest stage shards what it shards.
            grads_shard = gpus if self._lowest >= 2 else 1
            opt_shard = gpus if self._lowest >= 1 else 1
            states = (
                weights + m.grad_params * m.grad_bytes / grads_shard + m.trainable * m.opt_bytes / opt_shard
            )
        t = max(1, min(self._max_tp, gpus))
        best = self._best.get(t)
        if best is None:
            b = self._micro_batch
            best = self._best[t] = min(sum(m.activations_and_logits(t, mode, b)) for mode in ("none", "full"))
        subtotal = states + best + (self._buffers_many if gpus > 1 else self._buffers_one)
        return (subtotal + m.overhead(subtotal)) / GB
