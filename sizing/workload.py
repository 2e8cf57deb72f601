"""Normalise a SizingRequest into a Workload: tokens, shape, recipe defaults, each one stated."""

from __future__ import annotations

import math
from dataclasses import dataclass

from sizing.architecture import Architecture, build, derive
from sizing.errors import SizingError
from sizing.frozen import quick_init
from sizing.stack import StackSpec, spec, usual_optimizer
from sizing.types import Method, Precision, Recompute, SizingRequest

# Bytes of raw text per token (reference/sizing.md §4): English ~4.0 for modern 100K-200K BPE
# (OpenAI rule of thumb; Llama 3 paper §3.2 3.94 chars/token); Chinese ~5.0 for Chinese-aware
# tokenizers (DeepSeek API docs 0.6 token/char x 3 UTF-8 bytes/char); code ~3.0 (LLaMA-1 GitHub
# 3.33, ArXiv 2.79 bytes/token, derived from arXiv 2302.13971 Table 1); mixed: between en and zh.
BYTES_PER_TOKEN: dict[str, float] = {"en": 4.0, "zh": 5.0, "code": 3.0, "mixed": 4.5}

# Recipe defaults per method. Pre-training: 4096-token sequences (Llama 2, arXiv 2307.09288 §2.2)
# and a 4M-token global batch (same). Fine-tuning: packed 2048-token sequences, micro-batch 2
# (torchtune README recipes) and a 128K-token global batch (64 x 2048, a common SFT setting).
DEFAULT_SEQ_LEN: dict[str, int] = {"pretrain": 4096, "full_finetune": 2048, "lora": 2048, "qlora": 2048}
GLOBAL_BATCH_TOKENS: dict[str, float] = {
    "pretrain": 4_194_304.0,
    "full_finetune": 131_072.0,
    "lora": 131_072.0,
    "qlora": 131_072.0,
}
# Fine-tuning with no data size given: 100M tokens (e.g. ~50K examples x 2K tokens) [assumption,
# stated in the answer]. Pre-training from scratch with no data size: Chinchilla's 20 tokens per
# (active) parameter (arXiv 2203.15556), at least 200B (Transformer Math 101 advice). Continued
# pre-training with no data size: 100B tokens [assumption, stated in the answer; published
# continued pre-training runs span tens to hundreds of billions: Code Llama 500B (arXiv 2308.12950
# §2.3), Llemma 55B (arXiv 2310.10631 §3)]; the from-scratch rule does not apply to it.
DEFAULT_FINETUNE_TOKENS = 1e8
DEFAULT_CONTINUED_TOKENS = 1e11
CHINCHILLA_TOKENS_PER_PARAM = 20.0
# The largest pre-training corpus published for a model: Qwen3, ~36T tokens (Qwen3 Technical Report,
# arXiv 2505.09388, 2025). A dataset of more than twice that is more text than any published run has
# used, most likely a unit slip (PB for TB): the answer says so (warning tokens_beyond_corpora).
LARGEST_PUBLISHED_TOKENS = 36e12
BEYOND_CORPORA = 2.0
MIN_PRETRAIN_TOKENS = 2e11

# LoRA: rank 16 on all seven linear projections (q, k, v, o, gate, up, down), the QLoRA paper's
# finding that adapting every linear layer matters most (arXiv 2305.14314 §4).
LORA_RANK = 16

# QLoRA trains with activation checkpointing: HF PEFT's prepare_model_for_kbit_training defaults to
# use_gradient_checkpointing=True (huggingface/peft src/peft/utils/other.py, read 2026-11) and the
# QLoRA paper trains with it (arXiv 2305.14314 §4, "we use gradient checkpointing"); torchtune's
# QLoRA configs enable it too. So a QLoRA plan assumes it unless the request names a mode.
RECOMPUTE_BY_DEFAULT: dict[str, Recompute] = {"qlora": "full"}

# A stated global batch beyond 256M tokens is more than any published run's (Llama 3 405B ramped to 16M,
# arXiv 2407.21783 §3.4.1; DeepSeek-V3 15.36M, arXiv 2412.19437 §4.2): most likely a slip, so it is refused
# (the chat asks it back).
MAX_GLOBAL_BATCH_TOKENS = 268_435_456.0
# A stated cluster network: from Fast Ethernet (0.1 Gb/s) to 8 x 3.2 Tb/s per node.
MIN_NETWORK_GBPS = 0.1
MAX_NETWORK_GBPS = 25_600.0

MAX_PARAMS = 5e12
MAX_EPOCHS = 1000.0
MAX_SEQ_LEN = 1_048_576


@quick_init
@dataclass(frozen=True, slots=True)
class Workload:
    params: float  # as the user said it
    arch: Architecture
    method: Method
    precision: Precision  # as requested (a GPU may fall back, see compute.effective_precision)
    tokens: float  # trained: the dataset's tokens x epochs (what compute and time follow)
    tokens_source: str  # "given" | "data" | "default_finetune" | "default_chinchilla"
    data_bytes: float | None
    bytes_per_token: float
    seq_len: int
    seq_len_default: bool
    micro_batch: int | None  # None: the layout picks the largest that fits (<= default)
    default_micro_batch: int
    global_batch_tokens: float
    optimizer: str
    trainable_params: float
    lora_rank: int | None
    stack: StackSpec
    recompute: Recompute | None = None  # forced by the recipe or the request; None: cheapest that fits
    recompute_reason: str | None = None  # "requested" | "qlora_default"
    offload: bool = False  # optimizer states, master weights and gradients in CPU memory
    low_memory: bool = False  # the low-memory recipe (sizing.lowmem): full weights trained, not PEFT
    continued: bool = False  # continued pre-training from an existing model
    active_params: float | None = None  # MoE: parameters active per token as the user said it
    epochs: float = 1.0  # passes over the dataset
    reference_model: bool = (
        False  # a frozen reference model's forward per token (SizingRequest.reference_model)
    )
    global_batch_default: bool = True  # False: global_batch_tokens is the user's (SizingRequest)
    network_gbps: float | None = None  # the cluster network the user states, Gb/s per node

    @property
    def dataset_tokens(self) -> float:
        """One pass over the data: what is stored and read from disk."""
        return self.tokens / self.epochs

    @property
    def compute_arch(self) -> Architecture:
        """The architecture FLOPs are counted on: the model's own, or for MoE the standard shape
        of its active parameters (reference/sizing.md §1.1: an MoE token runs through the shared
        layers and k experts only, so 6·N_active per token; DeepSeek-V3 37B of 671B)."""
        if self.active_params is None:
            return self.arch
        return derive(self.active_params)

    @property
    def n(self) -> float:
        return self.arch.params_exact

    @property
    def is_peft(self) -> bool:
        return self.method in ("lora", "qlora")

    @property
    def from_scratch(self) -> bool:
        return self.method == "pretrain" and not self.continued

    @property
    def compute_params(self) -> float:
        """Parameters a token runs through: the active ones for MoE."""
        return self.active_params if self.active_params is not None else self.params


def lora_params(arch: Architecture, rank: int) -> float:
    """Adapter parameters: r x (in + out) for each of the seven projections, every layer."""
    h, kv = arch.hidden, arch.kv_heads * arch.head_dim
    per_layer = rank * ((h + h) * 2 + (h + kv) * 2 + (h + arch.ffn) * 3)
    return float(per_layer * arch.layers)


def _architecture(req: SizingRequest) -> Architecture:
    if req.model is not None:
        return req.model.training_shape()
    base = derive(req.params)
    given = {k: v for k, v in req.extra}
    if not any(k in given for k in ("layers", "hidden", "heads", "kv_heads", "ffn", "vocab")):
        return base
    try:
        layers = int(given.get("layers", base.layers))
        hidden = int(given.get("hidden", base.hidden))
        heads = int(given.get("heads", base.heads))
        kv_heads = int(given.get("kv_heads", min(base.kv_heads, heads)))
        ffn = int(given.get("ffn", base.ffn))
        vocab = int(given.get("vocab", base.vocab))
    except ValueError as exc:
        raise SizingError("bad_architecture", f"architecture fields must be integers: {exc}") from exc
    if min(layers, hidden, heads, kv_heads, ffn, vocab) <= 0 or hidden % heads or heads % kv_heads:
        raise SizingError("bad_architecture", "hidden must divide by heads, heads by kv_heads")
    return build(layers, hidden, heads, kv_heads, ffn, vocab, base.tied_embeddings)


def _recompute(req: SizingRequest, stack: StackSpec) -> tuple[Recompute | None, str | None]:
    """The recompute mode the plan must use, and why (None: the layout search picks)."""
    if req.recompute is not None:
        if req.recompute == "selective" and not stack.model_parallel:
            # Only Megatron implements selective recompute; with FlashAttention it saves nothing
            # more than no recompute does, so the others run without.
            return "none", "requested"
        return req.recompute, "requested"
    default = RECOMPUTE_BY_DEFAULT.get(req.method)
    return (default, "qlora_default") if default is not None else (None, None)


def normalise(req: SizingRequest) -> Workload:
    if not (math.isfinite(req.params) and 1e6 <= req.params <= MAX_PARAMS):
        raise SizingError("bad_params", "parameter count must be between 1M and 5T", {"params": req.params})
    if not (math.isfinite(req.epochs) and 0 < req.epochs <= MAX_EPOCHS):
        raise SizingError("bad_epochs", f"epochs must be between 0 and {MAX_EPOCHS}", {"epochs": req.epochs})
    for name in ("tokens", "data_bytes", "days", "bytes_per_token"):
        value = getattr(req, name)
        if value is not None and not (math.isfinite(value) and value > 0):
            raise SizingError(f"bad_{name}", f"{name} must be a positive number", {name: value})
    if req.gpus is not None and not 1 <= req.gpus <= 100_000:
        raise SizingError("bad_gpus", "GPU count must be between 1 and 100000", {"gpus": req.gpus})
    seq_len = req.seq_len if req.seq_len is not None else DEFAULT_SEQ_LEN[req.method]
    if not 16 <= seq_len <= MAX_SEQ_LEN:
        raise SizingError("bad_seq_len", "sequence length must be 16..1M tokens", {"seq_len": seq_len})
    if req.micro_batch is not None and not 1 <= req.micro_batch <= 4096:
        raise SizingError("bad_micro_batch", "micro-batch must be 1..4096", {"micro_batch": req.micro_batch})
    batch = req.global_batch_tokens
    if batch is not None and not (math.isfinite(batch) and seq_len <= batch <= MAX_GLOBAL_BATCH_TOKENS):
        raise SizingError(
            "bad_global_batch",
            "global batch must be at least one sequence and at most 256M tokens",
            {"global_batch_tokens": batch, "seq_len": seq_len},
        )
    net = req.network_gbps
    if net is not None and not (math.isfinite(net) and MIN_NETWORK_GBPS <= net <= MAX_NETWORK_GBPS):
        raise SizingError(
            "bad_network_gbps",
            "cluster network must be 0.1..25,600 Gb/s per node",
            {"network_gbps": net},
        )
    if req.budget is not None and not (math.isfinite(req.budget.amount) and req.budget.amount > 0):
        raise SizingError("bad_budget", "budget must be a positive amount", {"budget": req.budget.amount})
    active = req.active_params
    if active is not None and not (math.isfinite(active) and 1e6 <= active <= req.params):
        raise SizingError(
            "bad_active_params",
            "active parameters must be between 1M and the total",
            {"active_params": active},
        )
    arch = _architecture(req)
    bpt = req.bytes_per_token or BYTES_PER_TOKEN[req.data_language]
    if req.tokens is not None:
        tokens, source = req.tokens, "given"
    elif req.data_bytes is not None:
        tokens, source = req.data_bytes / bpt, "data"
    elif req.method == "pretrain" and req.continued:
        tokens, source = DEFAULT_CONTINUED_TOKENS, "default_continued"
    elif req.method == "pretrain":
        per_token = active if active is not None else req.params
        tokens = max(CHINCHILLA_TOKENS_PER_PARAM * per_token, MIN_PRETRAIN_TOKENS)
        source = "default_chinchilla"
    else:
        tokens, source = DEFAULT_FINETUNE_TOKENS, "default_finetune"
    stack = spec(req.stack, req.method)
    recompute, reason = _recompute(req, stack)
    peft = req.method in ("lora", "qlora")
    if req.lora_rank is not None and not 1 <= req.lora_rank <= 4096:
        raise SizingError("bad_lora_rank", "LoRA rank must be 1..4096", {"lora_rank": req.lora_rank})
    rank = (req.lora_rank or LORA_RANK) if peft else None
    trainable = lora_params(arch, rank) if rank is not None else arch.params_exact
    return Workload(
        params=req.params,
        arch=arch,
        method=req.method,
        precision=req.precision,
        tokens=tokens * (req.epochs if source in ("given", "data") else 1.0),
        tokens_source=source,
        data_bytes=req.data_bytes,
        bytes_per_token=bpt,
        seq_len=seq_len,
        seq_len_default=req.seq_len is None,
        micro_batch=req.micro_batch,
        default_micro_batch=max(1, 4096 // seq_len),
        global_batch_tokens=float(batch)
        if batch is not None
        else max(GLOBAL_BATCH_TOKENS[req.method], float(seq_len)),
        optimizer=req.optimizer or usual_optimizer(stack.id),
        trainable_params=trainable,
        lora_rank=rank,
        stack=stack,
        recompute=recompute,
        recompute_reason=reason,
        offload=req.offload,
        # PEFT trains a few adapter weights, whose optimizer state is already small; fp32 training
        # keeps no separate master copy to drop.
        low_memory=req.low_memory and not peft and req.precision != "fp32",
        continued=req.continued and req.method == "pretrain",
        active_params=None if active is None or active >= req.params else active,
        epochs=req.epochs if source in ("given", "data") else 1.0,
        reference_model=req.reference_model and req.method != "pretrain",
        global_batch_default=batch is None,
        network_gbps=net,
    )
