"""A Llama-style transformer shape derived from a parameter count, with the exact count it implies.

Public calculators miscount SwiGLU (3 MLP matrices, EleutherAI/cookbook issue #36) and GQA; the
engine builds the shape explicitly and reports the exact parameter count of that shape.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from sizing.frozen import quick_init


@quick_init
@dataclass(frozen=True, slots=True)
class Architecture:
    layers: int
    hidden: int
    heads: int
    kv_heads: int
    ffn: int  # SwiGLU inner size (three matrices: gate, up, down)
    vocab: int
    tied_embeddings: bool
    params_exact: float

    @property
    def head_dim(self) -> int:
        return self.hidden // self.heads

    @property
    def layer_params(self) -> float:
        return layer_params(self.hidden, self.heads, self.kv_heads, self.ffn)

    @property
    def embedding_params(self) -> float:
        return self.vocab * self.hidden * (1 if self.tied_embeddings else 2)

    @property
    def largest_layer_params(self) -> float:
        return max(self.layer_params, self.vocab * self.hidden)


# (upper bound on params, hidden, heads, kv_heads, vocab) — shapes of public configs:
# Pythia-160M/410M (arXiv 2304.01373 Table 1), Llama 3.2 1B/3B, Llama 3 8B/70B, Llama 2 13B
# (config.json of the meta-llama HF repos), Yi-34B (01-ai/Yi-34B config.json), GPT-3 175B
# (arXiv 2005.14165 Table 2.1), Llama 3.1 405B (arXiv 2407.21783 Table 3), Megatron 1T
# (arXiv 2104.04473 Table 1).
_LADDER: tuple[tuple[float, int, int, int, int], ...] = (
    (0.25e9, 768, 12, 12, 50304),
    (0.7e9, 1024, 16, 16, 50304),
    (1.8e9, 2048, 32, 8, 128256),
    (4.5e9, 3072, 24, 8, 128256),
    (10e9, 4096, 32, 8, 128256),
    (22e9, 5120, 40, 8, 128256),
    (48e9, 7168, 56, 8, 128256),
    (110e9, 8192, 64, 8, 128256),
    (260e9, 12288, 96, 8, 128256),
    (650e9, 16384, 128, 8, 128256),
    (math.inf, 25600, 160, 8, 128256),
)


def layer_params(hidden: int, heads: int, kv_heads: int, ffn: int) -> float:
    head_dim = hidden // heads
    attention = hidden * hidden * 2 + 2 * hidden * kv_heads * head_dim  # q, o + k, v (GQA)
    mlp = 3 * hidden * ffn  # SwiGLU: gate, up, down
    return float(attention + mlp + 2 * hidden)  # + two RMSNorm weights


def _swiglu_ffn(hidden: int) -> int:
    # Llama 3 uses 3.5x hidden at >= 4096 (14336 / 28672 / 53248); smaller Llama configs ~8/3 x.
    multiple = 256
    raw = 3.5 * hidden if hidden >= 4096 else 8 * hidden / 3
    return int(math.ceil(raw / multiple) * multiple)


def derive(params: float) -> Architecture:
    """The standard shape nearest to `params`: hidden/heads from the ladder, layers solved for."""
    if not math.isfinite(params) or params <= 0:
        raise ValueError("params must be a positive number")
    _, hidden, heads, kv_heads, vocab = next(row for row in _LADDER if params <= row[0])
    while hidden > 256 and vocab * hidden >= 0.5 * params:  # tiny models: embeddings would dominate
        hidden //= 2
        heads = max(1, heads // 2)
        kv_heads = min(kv_heads, heads)
        vocab = min(vocab, 32000)
    ffn = _swiglu_ffn(hidden)
    tied = params < 2e9  # small open models tie input/output embeddings (Llama 3.2 1B/3B, Pythia no)
    embed = vocab * hidden * (1 if tied else 2)
    per_layer = layer_params(hidden, heads, kv_heads, ffn)
    layers = max(1, round((params - embed) / per_layer))
    return build(layers, hidden, heads, kv_heads, ffn, vocab, tied)


def build(
    layers: int, hidden: int, heads: int, kv_heads: int, ffn: int, vocab: int, tied: bool = False
) -> Architecture:
    exact = layers * layer_params(hidden, heads, kv_heads, ffn) + vocab * hidden * (1 if tied else 2)
    return Architecture(layers, hidden, heads, kv_heads, ffn, vocab, tied, float(exact + hidden))
