"""The real shape of a named model (from its published config.json), and what follows from it.

`ModelArchitecture` is the one value type both engines read when a model is named: the training
engine maps it onto its dense `Architecture` (layers, hidden, heads, FFN, vocabulary, exact
parameter count), the serving engine reads its attention layout for the KV cache (GQA heads and
head_dim, MLA's compressed latent, sliding-window layers) and its experts for memory vs compute.

Parameter counting follows the modules each architecture builds (Hugging Face `modeling_*.py`):
attention projections, gated MLPs (three matrices: gate, up, down) or mixture-of-experts layers,
embeddings and the output head; norms and biases are under 0.1% and are left out.
"""

from __future__ import annotations

from dataclasses import dataclass

from sizing.architecture import Architecture, derive

# A model without a card is given 128K tokens of context, what Llama 3.1, Qwen2.5 (with YaRN) and
# Mistral Nemo publish [assumption: the common long context of 2024-25 open models].
STANDARD_MAX_CONTEXT = 131072


@dataclass(frozen=True, slots=True)
class MixtureOfExperts:
    experts: int  # routed experts per MoE layer
    active: int  # routed experts each token uses (top-k)
    expert_ffn: int  # inner size of one routed expert (gated: three matrices)
    shared_ffn: int = 0  # total inner size of the always-on shared expert(s); 0 = none
    dense_layers: int = 0  # the first k layers are dense (DeepSeek first_k_dense_replace)
    every: int = 1  # every n-th layer after those is MoE, the others dense (Llama 4 Maverick: 2)

    def is_moe_layer(self, index: int) -> bool:
        if index < self.dense_layers:
            return False
        return (index - self.dense_layers) % self.every == self.every - 1


@dataclass(frozen=True, slots=True)
class LatentAttention:
    """Multi-head latent attention (DeepSeek-V2/V3, arXiv 2405.04434 §2.1): the cache holds one
    compressed latent of kv_lora_rank plus one shared rope key of qk_rope_head_dim per layer."""

    kv_lora_rank: int
    qk_rope_head_dim: int
    qk_nope_head_dim: int
    v_head_dim: int
    q_lora_rank: int | None = None  # None: queries are projected directly from the hidden state


@dataclass(frozen=True, slots=True)
class SlidingWindow:
    """Layers that attend to (and cache) only the last `size` tokens."""

    size: int
    layers: int  # how many of the model's layers use the window; the rest attend to everything


@dataclass(frozen=True, slots=True)
class ModelArchitecture:
    name: str
    layers: int
    hidden: int
    heads: int
    kv_heads: int
    head_dim: int
    ffn: int  # dense MLP inner size (gated, three matrices); for MoE models the dense layers' size
    vocab: int
    tied_embeddings: bool
    max_context: int
    params_total: float  # as published (model card or safetensors index)
    params_active: float | None = None  # per token, MoE only, as published
    moe: MixtureOfExperts | None = None
    mla: LatentAttention | None = None
    sliding_window: SlidingWindow | None = None
    extra_params: float = 0.0  # parts outside the text decoder counted in params_total (vision tower)

    @property
    def is_moe(self) -> bool:
        return self.moe is not None

    @property
    def attention_params_per_layer(self) -> float:
        h = self.hidden
        if self.mla is not None:
            m = self.mla
            qk = self.heads * (m.qk_nope_head_dim + m.qk_rope_head_dim)
            q = h * qk if m.q_lora_rank is None else h * m.q_lora_rank + m.q_lora_rank * qk
            kv_down = h * (m.kv_lora_rank + m.qk_rope_head_dim)
            kv_up = m.kv_lora_rank * self.heads * (m.qk_nope_head_dim + m.v_head_dim)
            out = self.heads * m.v_head_dim * h
            return float(q + kv_down + kv_up + out)
        q_and_o = 2 * h * self.heads * self.head_dim
        k_and_v = 2 * h * self.kv_heads * self.head_dim
        return float(q_and_o + k_and_v)

    def _layer_mlp_params(self, index: int, active_only: bool) -> float:
        h = self.hidden
        moe = self.moe
        if moe is None or not moe.is_moe_layer(index):
            return 3.0 * h * self.ffn
        routed = moe.active if active_only else moe.experts
        router = h * moe.experts
        return 3.0 * h * (routed * moe.expert_ffn + moe.shared_ffn) + router

    @property
    def embedding_params(self) -> float:
        return float(self.vocab * self.hidden * (1 if self.tied_embeddings else 2))

    @property
    def moe_layers(self) -> int:
        """Layers with experts: after the dense ones, every `every`-th (the count is_moe_layer gives)."""
        moe = self.moe
        return 0 if moe is None else max(0, self.layers - moe.dense_layers) // moe.every

    def computed_params(self, active_only: bool = False) -> float:
        """Parameters of the decoder this shape builds (plus `extra_params`, e.g. a vision tower,
        which no token of text runs through and so is not active)."""
        layers = sum(
            self.attention_params_per_layer + self._layer_mlp_params(i, active_only)
            for i in range(self.layers)
        )
        extra = 0.0 if active_only else self.extra_params
        return layers + self.embedding_params + extra

    @property
    def active_params(self) -> float:
        """Parameters each token runs through: the published figure for MoE, else the total."""
        return self.params_active if self.params_active is not None else self.params_total

    @property
    def expert_params(self) -> float:
        """Routed-expert weights of all MoE layers (the part a small decode batch reads only in part)."""
        moe = self.moe
        if moe is None:
            return 0.0
        return self.moe_layers * 3.0 * self.hidden * moe.experts * moe.expert_ffn

    @property
    def full_attention_layers(self) -> int:
        return self.layers - (self.sliding_window.layers if self.sliding_window else 0)

    @classmethod
    def standard(cls, params: float, active_params: float | None = None) -> ModelArchitecture:
        """The Llama-style shape nearest to a bare parameter count (sizing.architecture.derive),
        for a model we have no card for. MoE without a card keeps every parameter dense in shape
        and counts `active_params` for compute."""
        a = derive(params)
        return cls(
            name=f"{params / 1e9:g}B (standard shape)",
            layers=a.layers,
            hidden=a.hidden,
            heads=a.heads,
            kv_heads=a.kv_heads,
            head_dim=a.head_dim,
            ffn=a.ffn,
            vocab=a.vocab,
            tied_embeddings=a.tied_embeddings,
            max_context=STANDARD_MAX_CONTEXT,
            params_total=params,
            params_active=active_params if active_params is not None and active_params < params else None,
        )

    def training_shape(self) -> Architecture:
        """The dense shape the training engine plans on: this model's own layers, width, heads,
        vocabulary and exact parameter count (for MoE the total: every expert is trained and held)."""
        return Architecture(
            layers=self.layers,
            hidden=self.hidden,
            heads=self.heads,
            kv_heads=self.kv_heads,
            ffn=self.ffn,
            vocab=self.vocab,
            tied_embeddings=self.tied_embeddings,
            params_exact=self.params_total - self.extra_params,
        )
