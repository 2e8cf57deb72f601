"""Serving memory per GPU: weights by precision, the KV cache by attention layout, runtime buffers.

GB = 1e9 bytes. A replica of `tp` GPUs splits the weights and the attention heads across them
(tensor parallelism); what each GPU holds is computed per GPU.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from sizing.frozen import quick_init
from sizing.memory import CUDA_CONTEXT_GB, NCCL_BUFFERS_GB
from sizing.model_arch import ModelArchitecture
from sizing.serve_types import ServeEngine, ServePrecision
from sizing.types import GpuSpec

GB = 1e9

# Bytes per weight of the transformer's linear layers. FP8 and INT8 store one byte per weight; the
# per-tensor or per-channel scales are negligible. INT4 (AWQ/GPTQ) packs two weights per byte and
# keeps an FP16 scale and a 4-bit zero point per group of 128 weights: 0.5 + (2 + 0.5)/128 bytes
# (AWQ and GPTQ default group_size 128, e.g. the quantization_config of Qwen2.5-72B-Instruct-int4
# and gemma-2-27b-it-gptq-int4 on Hugging Face, read 2026-12).
LINEAR_BYTES: dict[str, float] = {
    "fp16": 2.0,
    "bf16": 2.0,
    "fp8": 1.0,
    "int8": 1.0,
    "int4": 0.5 + 2.5 / 128,
}
# Embeddings and the output head stay 16-bit in FP8/INT8/INT4 checkpoints: FP8 checkpoints list
# lm_head under ignored_layers (PrimeIntellect/Meta-Llama-3.1-8B-Instruct-FP8 config.json,
# quantization_config), GPTQ keeps it ("lm_head": false, gemma-2-27b-it-gptq-int4 config.json).
EMBEDDING_BYTES = 2.0

# KV cache entries: FP8 weights come with an FP8 KV cache (TensorRT-LLM: "If you specify FP8
# quantization, the KV cache will automatically be set to FP8 as well", perf-overview.md); every
# other precision caches K and V in 16 bits (vLLM kv_cache_dtype "auto" = the model's dtype).
KV_BYTES: dict[str, float] = {"fp16": 2.0, "bf16": 2.0, "fp8": 1.0, "int8": 2.0, "int4": 2.0}
# vLLM and SGLang do not follow FP8 weights with an FP8 KV cache: --kv-cache-dtype defaults to "auto",
# the model's 16-bit dtype, and FP8 K and V take "--kv-cache-dtype fp8" (vLLM engine arguments,
# docs.vllm.ai/en/v0.8.1/serving/engine_args.html, 2025-03; Unsloth's vLLM guide: "--quantization fp8
# ... in tandem with --kv-cache-dtype fp8 to enable float8 KV cache as well", 2025). An FP8 plan on
# those engines' defaults holds requests_held(budget, per_request x KV_BYTES_AUTO / KV_BYTES["fp8"]).
KV_BYTES_AUTO = 2.0

# The KV cache gets 90% of the memory left after weights and runtime buffers: TensorRT-LLM's
# KvCacheConfig.free_gpu_memory_fraction default 0.9 (its perf overview raises it to 0.95 where the
# run allows). vLLM's gpu_memory_utilization 0.9 of the whole GPU is stricter by the same 10% of a
# larger number; we follow the engine our measurements come from.
KV_FRACTION = 0.9
# Tokens one forward pass may process (chunked prefill): vLLM max_num_batched_tokens and
# TensorRT-LLM max_num_tokens both default to 8192. Activations for that many tokens are reserved.
MAX_BATCHED_TOKENS = 8192
# CUDA graphs captured for decode batch sizes hold their own memory pool: about 0.5 GB
# [assumption: vLLM logs "Graph capturing finished ... took 0.2-1.5 GiB" on 7-70B models].
CUDA_GRAPHS_GB = 0.5


def capacity_gb(gpu: GpuSpec) -> float:
    """Memory one GPU offers, in GB: what nvidia-smi/rocm-smi reports (H100 SXM: 81,559 MiB = 85.5 GB),
    else the datasheet figure (GpuSpec.capacity_gb, owned by the catalog)."""
    return gpu.capacity_gb


@quick_init
@dataclass(frozen=True, slots=True)
class ServeMemory:
    """Memory of one GPU of a replica, GB."""

    weights_gb: float
    overhead_gb: float  # CUDA context, NCCL, CUDA graphs, activations for one batch of tokens
    kv_budget_gb: float  # what the server gives the KV cache (KV_FRACTION of what is left)
    kv_per_request_gb: float  # one request of input + output tokens
    capacity_gb: float
    # Attention data-parallel ranks (expert-parallel layout): each GPU keeps the KV cache of its own
    # requests, so the replica holds `ranks` times what one GPU does. 1: tensor parallel.
    ranks: int = 1

    @property
    def weights_fit(self) -> bool:
        return self.kv_budget_gb > 0

    @property
    def max_concurrency(self) -> int:
        return requests_held(self.kv_budget_gb, self.kv_per_request_gb) * self.ranks

    def kv_gb(self, concurrency: int) -> float:
        """KV cache on one GPU for `concurrency` requests on the replica (the busiest rank's)."""
        return math.ceil(concurrency / self.ranks) * self.kv_per_request_gb

    def used_gb(self, concurrency: int) -> float:
        return self.weights_gb + self.overhead_gb + self.kv_gb(concurrency)

    def fits(self, concurrency: int) -> bool:
        return self.weights_fit and concurrency <= self.max_concurrency


def requests_held(kv_budget_gb: float, kv_per_request_gb: float) -> int:
    """Requests whose KV cache fits in the budget (whole requests; 1e-9 absorbs float noise)."""
    if kv_budget_gb <= 0 or kv_per_request_gb <= 0:
        return 0
    return math.floor(kv_budget_gb / kv_per_request_gb + 1e-9)


def weight_bytes(arch: ModelArchitecture, precision: ServePrecision) -> float:
    """All weights of the model in bytes: linear layers at the precision, embeddings at 16 bits."""
    embedding = arch.embedding_params
    linear = max(0.0, arch.params_total - arch.extra_params - embedding)
    return linear * LINEAR_BYTES[precision] + (embedding + arch.extra_params) * EMBEDDING_BYTES


def kv_cache_bytes(precision: ServePrecision, engine: ServeEngine | None = None) -> float:
    """Bytes of one K or V entry: KV_BYTES, but KV_BYTES_AUTO beside FP8 weights on vLLM or SGLang."""
    if precision == "fp8" and engine in ("vllm", "sglang"):
        return KV_BYTES_AUTO
    return KV_BYTES[precision]


def kv_bytes_per_token_layer(
    arch: ModelArchitecture, tp: int, precision: ServePrecision, kv_bytes: float | None = None
) -> float:
    """K and V of one token in one layer, on one GPU of `tp`.

    GQA: 2 x KV heads x head_dim; tensor parallelism splits the KV heads, and replicates them when
    there are fewer KV heads than GPUs (vLLM and TensorRT-LLM both do). MLA caches one latent of
    kv_lora_rank plus a rope key of qk_rope_head_dim per token and layer (arXiv 2405.04434 §2.1.3),
    which every GPU of the replica holds in full (no heads to split). `kv_bytes`: bytes of one entry
    when not the precision's own (kv_cache_bytes)."""
    b = KV_BYTES[precision] if kv_bytes is None else kv_bytes
    if arch.mla is not None:
        return (arch.mla.kv_lora_rank + arch.mla.qk_rope_head_dim) * b
    heads_here = math.ceil(arch.kv_heads / tp)
    return 2.0 * heads_here * arch.head_dim * b


def kv_bytes_per_request(
    arch: ModelArchitecture,
    tp: int,
    precision: ServePrecision,
    tokens: int,
    pp: int = 1,
    kv_bytes: float | None = None,
) -> float:
    """KV cache of one request holding `tokens` tokens, on one GPU: sliding-window layers keep at
    most their window (Mistral 7B v0.1 every layer, Gemma 2 every other layer, Gemma 3 five of six);
    with `pp` pipeline stages each GPU holds the layers of its stage."""
    per_token = kv_bytes_per_token_layer(arch, tp, precision, kv_bytes)
    return per_token * cached_layer_tokens(arch, tokens) / pp


def windows_cached(arch: ModelArchitecture) -> bool:
    """Whether servers keep only the window on sliding-window layers. Yes where windows interleave
    with global layers (Gemma 2/3, gpt-oss, Llama 4: hybrid KV caches, e.g. vLLM's hybrid KV cache
    manager); no where every layer slides (Mistral 7B v0.1): TensorRT-LLM's perf overview serves it
    at 20,000/2,000 tokens no faster than Llama 3.1 8B, i.e. with the full context cached, and vLLM
    turns the window off with chunked prefill (vllm-project/vllm#4057)."""
    window = arch.sliding_window
    return window is not None and window.layers < arch.layers


def cached_layer_tokens(arch: ModelArchitecture, tokens: float) -> float:
    """Tokens x layers one request of `tokens` tokens keeps in the KV cache (see windows_cached)."""
    window = arch.sliding_window
    if window is None or not windows_cached(arch):
        return arch.layers * tokens
    return arch.full_attention_layers * tokens + window.layers * min(tokens, window.size)


def overhead_gb(arch: ModelArchitecture, tp: int, expert_parallel: bool = False) -> float:
    """Runtime buffers per GPU: CUDA context and libraries, NCCL when tp > 1, CUDA graphs, and the
    activations of one forward pass of MAX_BATCHED_TOKENS tokens (hidden states in and out of each
    block, the attention output and the MLP's gated intermediate, 16-bit; split over the GPUs with
    tensor parallelism, whole on each rank with expert parallelism)."""
    moe = arch.moe
    inner = arch.ffn if moe is None else max(arch.ffn, moe.active * moe.expert_ffn + moe.shared_ffn)
    per_token = (4 * arch.hidden + 2 * inner / (1 if expert_parallel else tp)) * 2.0
    activations = MAX_BATCHED_TOKENS * per_token / GB
    return CUDA_CONTEXT_GB + (NCCL_BUFFERS_GB if tp > 1 else 0.0) + CUDA_GRAPHS_GB + activations


@quick_init
@dataclass(frozen=True, slots=True)
class ShapeMemory:
    """What one GPU of a replica of tp x pp GPUs holds, GB, whatever the GPU type: its share of the
    weights, the runtime buffers and one request's KV cache. A plan that tries the same shape on
    every GPU type works this out once per shape (on_gpu adds the GPU's capacity)."""

    weights_gb: float
    overhead_gb: float
    kv_per_request_gb: float
    ranks: int = 1  # ServeMemory.ranks

    def kv_budget_gb(self, capacity_gb: float) -> float:
        """What the server gives the KV cache: KV_FRACTION of what is left (negative: the rest
        does not fit)."""
        free = capacity_gb - self.weights_gb - self.overhead_gb
        return KV_FRACTION * free if free > 0 else free

    def requests_on(self, gpu: GpuSpec) -> int:
        """ServeMemory.max_concurrency of this shape on `gpu`, without building its ServeMemory (a
        plan asks it of every shape it tries, most of which hold no request)."""
        free = capacity_gb(gpu) - self.weights_gb - self.overhead_gb
        if free <= 0:  # kv_budget_gb is not positive: the weights and buffers alone do not fit
            return 0
        return requests_held(KV_FRACTION * free, self.kv_per_request_gb) * self.ranks


def expert_weight_bytes(arch: ModelArchitecture, precision: ServePrecision) -> float:
    """The routed experts' weights (all MoE layers) in bytes; 0 for a dense model."""
    return arch.expert_params * LINEAR_BYTES[precision]


def shape_memory(
    arch: ModelArchitecture,
    tp: int,
    precision: ServePrecision,
    tokens_per_request: int,
    pp: int = 1,
    expert_parallel: bool = False,
    kv_bytes: float | None = None,
) -> ShapeMemory:
    """One GPU of a replica of tp x pp GPUs. Expert parallel (sizing/serve_layout.py, one node):
    each GPU holds 1/tp of the routed experts and the rest of the model whole, and the KV cache
    of its own requests with every KV head."""
    if expert_parallel:
        experts = expert_weight_bytes(arch, precision)
        return ShapeMemory(
            weights_gb=(weight_bytes(arch, precision) - experts + experts / tp) / GB,
            overhead_gb=overhead_gb(arch, tp, expert_parallel=True),
            kv_per_request_gb=kv_bytes_per_request(arch, 1, precision, tokens_per_request, 1, kv_bytes) / GB,
            ranks=tp,
        )
    return ShapeMemory(
        weights_gb=weight_bytes(arch, precision) / (tp * pp) / GB,
        overhead_gb=overhead_gb(arch, tp),
        kv_per_request_gb=kv_bytes_per_request(arch, tp, precision, tokens_per_request, pp, kv_bytes) / GB,
    )


def on_gpu(gpu: GpuSpec, shape: ShapeMemory) -> ServeMemory:
    """`shape` on one GPU of this type: the KV cache gets KV_FRACTION of what is left."""
    cap = capacity_gb(gpu)
    return ServeMemory(
        weights_gb=shape.weights_gb,
        overhead_gb=shape.overhead_gb,
        kv_budget_gb=shape.kv_budget_gb(cap),
        kv_per_request_gb=shape.kv_per_request_gb,
        capacity_gb=cap,
        ranks=shape.ranks,
    )


def kv_tokens_held(arch: ModelArchitecture, gpu: GpuSpec, tp: int, precision: ServePrecision) -> int:
    """Tokens of KV cache a replica of `tp` GPUs of this type holds beside the weights and runtime buffers
    (KV_FRACTION of what is left), across all requests in flight: the longest context one request can have
    on it, up to the model's window. 0 when the weights and buffers alone do not fit. Not for sliding-window
    models, whose cache stops growing at the window (cached_layer_tokens)."""
    shape = shape_memory(arch, tp, precision, 1)
    budget = shape.kv_budget_gb(capacity_gb(gpu))
    if budget <= 0 or shape.kv_per_request_gb <= 0:
        return 0
    return math.floor(budget / shape.kv_per_request_gb + 1e-9)


def serve_memory(
    arch: ModelArchitecture,
    gpu: GpuSpec,
    tp: int,
    precision: ServePrecision,
    tokens_per_request: int,
    pp: int = 1,
    expert_parallel: bool = False,
    kv_bytes: float | None = None,
) -> ServeMemory:
    """Memory of one GPU of a replica of tp x pp GPUs (pp pipeline stages of tp GPUs each)."""
    return on_gpu(gpu, shape_memory(arch, tp, precision, tokens_per_request, pp, expert_parallel, kv_bytes))


def fewest_gpus(
    arch: ModelArchitecture,
    gpu: GpuSpec,
    precision: ServePrecision,
    tokens_per_request: int,
    concurrency: int,
    sizes: tuple[int, ...] = (1, 2, 4, 8),
) -> tuple[int, ServeMemory] | None:
    """The fewest GPUs of one node (tensor parallel) that hold `concurrency` requests of
    `tokens_per_request` tokens, with that replica's memory per GPU; None when 8 do not."""
    for tp in sizes:
        mem = serve_memory(arch, gpu, tp, precision, tokens_per_request)
        if mem.fits(concurrency):
            return tp, mem
    return None
