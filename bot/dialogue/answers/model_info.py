""" "How many layers does Llama 3 70B have?", "DeepSeek-V3 激活参数多少", "Llama 3 70B 的 KV cache 每个 token
多大": answered from the model card (knowledge/data/models.yaml), the fields asked first, then the card's
shape, what its weights and KV cache take to serve, and where the numbers were read.
"""

from __future__ import annotations

from typing import Any

from bot.dialogue.answers.base import Question
from bot.dialogue.hardware import main_variant
from bot.dialogue.reply import Reply
from sizing.serve_memory import capacity_gb, kv_bytes_per_token_layer, kv_tokens_held, weight_bytes

NEEDS = ("model",)
DEFAULTS: dict[str, Any] = {}
# The card fields the NLU names (Parse.model_fields); an empty tuple means "tell me about the model".
FIELDS = (
    "params",
    "active_params",
    "layers",
    "hidden",
    "heads",
    "kv_heads",
    "vocab",
    "context",
    "experts",
    "kv_per_token",
    "architecture",
    "compute",
)
GB = 1e9


def answer(q: Question, reply: Reply) -> bool:
    name = q.slot("model")
    card = q.kb.find_model(str(name)) if name else None
    if card is None:
        return False
    arch = q.kb.model_architecture(card.id)
    asked = tuple(f for f in (getattr(q.u, "model_fields", ()) or ()) if f in FIELDS)
    moe = arch.moe
    reply.add(
        "model_info",
        name=card.name,
        org=card.org,
        hf_id=card.hf_id,
        asked=asked,
        read_as=card.name if q.kb.family_default(q.text) == card.id else None,
        params=arch.params_total,
        active_params=arch.params_active,
        layers=arch.layers,
        hidden=arch.hidden,
        heads=arch.heads,
        kv_heads=arch.kv_heads,
        head_dim=arch.head_dim,
        ffn=arch.ffn,
        vocab=arch.vocab,
        context=arch.max_context,
        experts=moe.experts if moe else None,
        active_experts=moe.active if moe else None,
        shared_expert=bool(moe and moe.shared_ffn),
        mla_rank=arch.mla.kv_lora_rank if arch.mla else None,
        mla_rope=arch.mla.qk_rope_head_dim if arch.mla else None,
        window=arch.sliding_window.size if arch.sliding_window else None,
        window_layers=arch.sliding_window.layers if arch.sliding_window else None,
        kv_bytes_per_token={p: kv_bytes_per_token_layer(arch, 1, p) * arch.layers for p in ("bf16", "fp8")},
        kv_context=_context(q) if not arch.sliding_window else None,
        weights_gb={p: weight_bytes(arch, p) / GB for p in ("bf16", "fp8", "int4")},
        native_precision=card.native_precision,
        fits_on=_context_on_gpus(q, arch) if "context" in asked and not arch.sliding_window else None,
        source=card.source.ref,
        as_of=str(card.source.as_of),
    )
    return True


def _context(q: Question) -> int | None:
    """The tokens of one request the question sizes the KV cache for ("at 8k context"), if it says."""
    total = sum(int(q.u.said.get(k) or 0) for k in ("input_tokens", "output_tokens")) or int(
        q.u.said.get("seq_len") or 0
    )
    return total or None


def _context_on_gpus(q: Question, arch: Any) -> dict[str, Any] | None:
    """ "what context length can we serve on 1 H100 with llama 3 8b?": the longest context the GPUs named
    hold, the KV cache beside the weights and runtime buffers, in BF16 and FP8 (None when no GPU is named)."""
    gpus = tuple(getattr(q.u, "gpus", ()) or ())
    spec = main_variant(q.catalog, gpus[0]) if gpus else None
    if spec is None:
        return None
    count = max(1, int(q.u.said.get("gpu_count") or 1))
    held = {p: kv_tokens_held(arch, spec, count, p) for p in ("bf16", "fp8")}
    return {
        "gpu": spec.name,
        "count": count,
        "capacity_gb": capacity_gb(spec),
        "tokens": held,
        "window": {p: min(t, arch.max_context) for p, t in held.items()},
        "requests": {p: t // arch.max_context for p, t in held.items()},
    }
