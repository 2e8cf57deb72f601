"""The training stack a plan assumes: how it shards state, what it keeps for the loss, how fast it runs.

Memory and speed depend on the software as much as on the model: the same 70B LoRA needs ~48 GB per
GPU laid out Megatron-style with selective recompute and ~28 GiB under torchtune's FSDP with
activation checkpointing (pytorch/torchtune README, 8 × A100). So the stack is an input
(`SizingRequest.stack`) with a default per method (`default_stack`), and the answer names it.

What each stack can do (the layouts sizing.layout searches):
- megatron: Megatron-LM / NeMo. Tensor parallel inside the NVLink domain, pipeline across nodes,
  data parallel with the distributed optimizer (ZeRO-1: fp32 master + Adam states sharded over DP)
  and fp32 main gradients: 2 + 4 + 12/DP bytes per parameter (Megatron-LM
  megatron/training/theoretical_memory_usage.py, `6 + 12/d` plus the 18 B/param without it).
  Vocabulary-parallel cross-entropy on fp32 logits (4 bytes per token × vocab / TP).
- deepspeed: DeepSpeed ZeRO stage 1, 2 or 3 over data parallel only (HF Trainer / LLaMA-Factory
  configs ds_z2 / ds_z3), bf16 gradients; the loss is computed by Hugging Face transformers.
- fsdp: PyTorch FSDP (torchtune, HF Accelerate/TRL FSDP): NO_SHARD (DDP), SHARD_GRAD_OP (≈ZeRO-2)
  or FULL_SHARD (≈ZeRO-3); torchtune's recipes use a chunked cross-entropy
  (`CEWithChunkedOutputLoss`) that never holds fp32 logits for the whole batch.
- torchtune: torchtune's recipes, as fsdp but trained in pure bf16: the model is loaded in bf16
  (`dtype: bf16`) and torch's AdamW keeps its m and v in the parameters' dtype, so there is no fp32
  master copy and the states are 2 + 2 bytes: 2 + 2 + 4 = 8 B/param against mixed precision's 16.
  torchtune's README (optimization-flags table): Llama 3.2 3B full fine-tune with AdamW on one A100,
  packed 2 × 4,096 tokens, activation checkpointing, 24.9 GiB peak, where 16 B/param alone is 51 GB.
- hf: plain Hugging Face Trainer / PEFT / TRL, DDP across GPUs (every GPU holds everything); a full
  fine-tune of a bf16 model trains in pure bf16, as torchtune (StackSpec.trains_pure_bf16).
- unsloth: Unsloth (single-GPU and DDP): fused cross-entropy and "unsloth" gradient checkpointing,
  which offloads the checkpointed layer inputs to CPU memory (unslothai/unsloth README).
"""

from __future__ import annotations

from dataclasses import dataclass

from sizing.frozen import quick_init
from sizing.types import Method, Stack

# Bytes held per token × vocabulary entry for the loss, at the peak (what must fit, not the average).
# Megatron: fp32 logits in its vocab-parallel cross-entropy (Korthikanti et al., arXiv 2205.05198
# §4.3: 4·s·b·v/t). Hugging Face transformers (`ForCausalLMLoss`: `logits = logits.float()`, then
# `cross_entropy`): at the end of the forward the bf16 logits (still referenced by the model output),
# their fp32 copy and log-softmax's fp32 result, which it keeps for backward: 2 + 4 + 4; at the start
# of the backward the NLL gradient and the log-softmax gradient join that fp32 result: 4 + 4 + 4 = 12,
# with every layer's checkpoint still held [our reading of that code path; transformers releases of
# 2024 also made a shifted fp32 copy, `logits[..., :-1, :].contiguous()`, +4]. Unsloth's table of the
# longest context that fits (unslothai/unsloth README, Llama 3.1 8B QLoRA, HF + FA2: 5,789 tokens on
# 24 GB, 28,454 on 80 GB) needs ≥ 12: at 8 the engine put those runs at 55-62% of the card and called
# twice those contexts a fit. torchtune's chunked loss upcasts one chunk at a time and keeps the
# bf16 logits: 2. Unsloth's fused cross-entropy never materialises the logits of the whole batch
# (its README: "fused cross entropy"): we count 1/8 of bf16 logits [assumption].
MEGATRON_LOGITS_BYTES = 4.0
HF_LOGITS_BYTES = 12.0
CHUNKED_LOGITS_BYTES = 2.0
FUSED_LOGITS_BYTES = 0.25

# Relative speed of a stack's kernels and overlap against Megatron-LM at the same layout, which the
# published pre-training runs are calibrated on (sizing.calibration). These are our assumptions,
# stated in the answer: Megatron-class codebases overlap communication and fuse kernels; plain HF
# Trainer does less of both (0.85); DeepSpeed ZeRO adds its own bucketing overhead (0.9); torchtune/
# FSDP2 with torch.compile is close to Megatron on the single-node jobs it targets (0.95); Unsloth
# reports ~2× the speed of HF + FlashAttention 2 for LoRA/QLoRA (unslothai/unsloth README benchmark
# table), which we take at half its claim over HF (0.85 × 1.5 ≈ 1.25).
EFFICIENCY: dict[str, float] = {
    "megatron": 1.0,
    "deepspeed": 0.9,
    "fsdp": 0.95,
    "torchtune": 0.95,
    "hf": 0.85,
    "unsloth": 1.25,
}


@quick_init
@dataclass(frozen=True, slots=True)
class StackSpec:
    id: Stack
    model_parallel: bool  # tensor and pipeline parallel allowed (Megatron only)
    zero_stages: tuple[int, ...]  # data-parallel sharding choices when DP > 1
    grad_bytes: float  # bytes per trainable parameter for the gradient buffer
    logits_bytes: float  # bytes per token × vocab entry held for the loss
    offload_activations: bool  # checkpointed layer inputs live in CPU memory (Unsloth)
    ffn_bytes: float  # activation bytes per token per FFN unit of a SwiGLU block (memory.py)
    efficiency: float  # relative speed vs Megatron-LM (EFFICIENCY)
    pure_bf16: bool  # bf16 weights and optimizer states, no fp32 master copy (torchtune)
    assumed: bool  # the user did not say: the method's usual stack

    def trains_pure_bf16(self, precision: str, peft: bool) -> bool:
        """Whether the optimizer steps bf16 parameters directly, with no fp32 master copy and its
        states in bf16 (2 + 2 + 4 = 8 B/param): torchtune always; the plain Hugging Face Trainer
        (`hf`, no DeepSpeed) for a full fine-tune of a model loaded in bf16 (the note above
        _USUAL_OPTIMIZER)."""
        if self.pure_bf16:
            return True
        return self.id == "hf" and precision == "bf16" and not peft

    @property
    def cheap_recompute(self) -> str:
        """The name of "no full recompute" on this stack: Megatron calls its attention-only
        recompute "selective"; the others simply do not checkpoint."""
        return "selective" if self.model_parallel else "none"


# SwiGLU activations kept per token: unfused, the gate and up projections, SiLU(gate) and their
# product, 2 bytes each (8·ffn); a fused SwiGLU keeps only the gate and up outputs and recomputes
# the rest in backward (4·ffn): Megatron-Core's bias_swiglu fusion (megatron/core/fusions/
# fused_bias_swiglu.py) and Unsloth's Triton SwiGLU kernel do.
UNFUSED_FFN_BYTES = 8.0
FUSED_FFN_BYTES = 4.0

_SPECS: dict[str, tuple[bool, tuple[int, ...], float, float, bool, float, bool]] = {
    # id: (model_parallel, zero stages with DP > 1, grad bytes, logits bytes, offload activations,
    #      SwiGLU bytes, pure bf16)
    "megatron": (True, (1,), 4.0, MEGATRON_LOGITS_BYTES, False, FUSED_FFN_BYTES, False),
    "deepspeed": (False, (1, 2, 3), 2.0, HF_LOGITS_BYTES, False, UNFUSED_FFN_BYTES, False),
    "fsdp": (False, (0, 2, 3), 2.0, CHUNKED_LOGITS_BYTES, False, UNFUSED_FFN_BYTES, False),
    "torchtune": (False, (0, 2, 3), 2.0, CHUNKED_LOGITS_BYTES, False, UNFUSED_FFN_BYTES, True),
    "hf": (False, (0,), 2.0, HF_LOGITS_BYTES, False, UNFUSED_FFN_BYTES, False),
    "unsloth": (False, (0,), 2.0, FUSED_LOGITS_BYTES, True, FUSED_FFN_BYTES, False),
}


# Pure bf16 on the plain Hugging Face Trainer (StackSpec.trains_pure_bf16): without DeepSpeed, the Trainer
# trains the parameters in the dtype the model was loaded in. A full fine-tune of a model loaded with
# torch_dtype=bfloat16 (ms-swift's default) keeps bf16 weights and gradients, and torch's AdamW keeps m and
# v in that dtype, with no fp32 master copy: 8 B/param, as torchtune. ms-swift measured a Qwen2.5-7B full
# fine-tune on one 80 GB GPU (examples/train/full/train.sh: bf16, 2,048 tokens, gradient checkpointing) at
# 76 GiB, where 16 B/param alone is 122 GB, and Qwen2.5-3B with 8,192 packed tokens
# (examples/train/agent/qwen2_5.sh) at 35 GiB (read 2026-12-03). LLaMA-Factory instead upcasts the trainable
# parameters to fp32 unless told `pure_bf16`, and DeepSpeed's bf16 optimizer keeps an fp32 master and fp32
# states whatever the model's dtype: 16 B/param, the deepspeed stack's (bot.nlu.stack maps LLaMA-Factory
# there). fp16 is mixed precision: the Trainer's fp16 AMP needs fp32 parameters. PEFT upcasts the adapters
# to fp32 (`autocast_adapter_dtype=True`), so LoRA's few trainable parameters keep 16 B each.

# The optimizer a stack's own recipes use when the user names none: AdamW, except Unsloth, whose
# README training example and CLI default (unsloth-cli.py `--optim`, default "adamw_8bit") use
# bitsandbytes' 8-bit AdamW: 1 + 1 bytes of state per trainable parameter instead of 4 + 4.
_USUAL_OPTIMIZER: dict[str, str] = {"unsloth": "adamw_8bit"}


def usual_optimizer(stack: Stack) -> str:
    return _USUAL_OPTIMIZER.get(stack, "adamw")


def default_stack(method: Method) -> Stack:
    """Pre-training (from scratch or continued) runs Megatron-style; fine-tuning runs the way HF
    PEFT/TRL, LLaMA-Factory and torchtune run it: FSDP / ZeRO-3 sharding across GPUs, activation
    checkpointing when memory needs it, a chunked cross-entropy."""
    return "megatron" if method == "pretrain" else "fsdp"


# A team that names FSDP runs FSDP's default sharding, FULL_SHARD (torch.distributed.fsdp
# `sharding_strategy` default; Accelerate's `fsdp_sharding_strategy` default), and torchtune's
# distributed recipes always fully shard (FSDP2 `fully_shard`): their memory is the ZeRO-3 layout's,
# not the faster replicated one the engine may pick when it chooses the stack itself. The PEFT docs'
# Llama-2-70B QLoRA with FSDP on two GPUs measured 35.6 GB per GPU without CPU offload; planned
# NO_SHARD on two A100-80GB it came to 48.5 GB (2026-12-03).
_FULL_SHARD_WHEN_NAMED: frozenset[str] = frozenset({"fsdp", "torchtune"})


def spec(stack: Stack | None, method: Method) -> StackSpec:
    chosen: Stack = stack if stack is not None else default_stack(method)
    mp, zeros, grad, logits, offload, ffn, pure = _SPECS[chosen]
    if stack is not None and stack in _FULL_SHARD_WHEN_NAMED:
        zeros = (3,)
    return StackSpec(chosen, mp, zeros, grad, logits, offload, ffn, EFFICIENCY[chosen], pure, stack is None)
