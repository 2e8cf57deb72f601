"""Typed records for the knowledge YAML files (GPUs, offerings, scenarios, software, checklist,
errata, settings, published runs). Every model is strict and frozen (`knowledge.base.Strict`), so a
typo in a key is an error at load time, not a silent default."""

from __future__ import annotations

import datetime as dt
import re
from typing import Literal

from pydantic import Field, field_validator, model_validator

from knowledge.base import Bilingual, Source, Strict
from sizing.types import OffloadRates

Confidence = Literal["V", "K", "U"]  # hardware.md §0: read in source / known datasheet value / uncertain
Dtype = Literal["fp32", "tf32", "fp16", "bf16", "fp8"]
DTYPES: tuple[Dtype, ...] = ("fp32", "tf32", "fp16", "bf16", "fp8")


class Figure(Strict):
    """One number with where it comes from. `src` names keys of the file's `sources:` map."""

    value: float
    src: tuple[str, ...] = Field(min_length=1)
    conf: Confidence
    note: str | None = None


class OptionalFigure(Strict):
    """A number that may be absent: `value: null` means unsupported (TFLOPS) or unpublished."""

    value: float | None
    src: tuple[str, ...] = Field(min_length=1)
    conf: Confidence
    note: str | None = None


class TflopsFigure(OptionalFigure):
    """Dense peak TFLOPS; `sparse` is the 2:4-sparsity headline where the vendor publishes one."""

    sparse: float | None = None

    @model_validator(mode="after")
    def _sparse_needs_dense(self) -> TflopsFigure:
        if self.sparse is not None and self.value is None:
            raise ValueError("a sparse figure needs a dense value")
        return self


class Tflops(Strict):
    fp32: TflopsFigure
    tf32: TflopsFigure
    fp16: TflopsFigure
    bf16: TflopsFigure
    fp8: TflopsFigure
    # Dense INT8 tensor TOPS (integer operations, for quantised inference), where the datasheet gives them:
    # not a training rate and not in DTYPES; the fact check reads it ("T4 130 TOPS", "T4 130 TFLOPS?").
    int8: TflopsFigure | None = None
    # Dense FP4 tensor TFLOPS, an inference format only Blackwell parts have: absent means the GPU has
    # no FP4 tensor cores (every pre-Blackwell part), so "H100 FP4 ..." is answered as unsupported.
    fp4: TflopsFigure | None = None


class Fp64(Strict):
    """Double precision, which HPC buyers compare and export rules once capped: the plain (vector/FMA)
    rate and the FP64 Tensor Core (matrix) rate where the part has one. A null value needs a note
    saying why (no FP64 tensor unit, or no readable source)."""

    vector: OptionalFigure
    tensor: OptionalFigure

    @model_validator(mode="after")
    def _explained(self) -> Fp64:
        for name in ("vector", "tensor"):
            figure: OptionalFigure = getattr(self, name)
            if figure.value is None and not figure.note:
                raise ValueError(f"{name}: a null FP64 figure needs a note saying why")
        if self.vector.value is not None and self.tensor.value is not None:
            if self.tensor.value < self.vector.value:
                raise ValueError("tensor: the FP64 Tensor Core rate cannot be below the vector rate")
        return self


class ScaleUp(Strict):
    """GPU-to-GPU fabric inside one node; gbs is the vendor's bidirectional total."""

    kind: Literal["nvlink", "nvlink_bridge", "infinity_fabric", "none"]
    gbs: float | None
    domain: int = Field(ge=1)  # GPUs sharing the fabric: 8 on HGX/OAM boards, 2 on bridged pairs
    src: tuple[str, ...] = Field(min_length=1)
    conf: Confidence
    note: str | None = None

    @model_validator(mode="after")
    def _consistent(self) -> ScaleUp:
        if (self.kind == "none") != (self.gbs is None):
            raise ValueError("gbs must be null exactly when kind is 'none'")
        return self


class CloudList(Strict):
    value: tuple[str, ...]
    src: tuple[str, ...] = Field(min_length=1)
    conf: Confidence
    note: str | None = None


class GpuRecord(Strict):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str
    family: str  # what people write without a variant: "h100", "a100", "mi300x"
    vendor: Literal["nvidia", "amd"]
    architecture: str
    form_factor: Literal["pcie", "sxm", "oam"]
    segment: Literal["datacenter", "workstation", "consumer"]
    tier: Literal["entry", "mid", "high", "top"]
    memory_gb: Figure
    memory_bandwidth_tbs: OptionalFigure
    tflops: Tflops
    fp64: Fp64
    scale_up: ScaleUp
    tdp_w: OptionalFigure
    launch_year: Figure
    matmul_efficiency: OptionalFigure | None = None  # MAMF: measured best matmul / dense BF16 peak
    # Total memory as nvidia-smi / rocm-smi reports it (MiB = 2**20 bytes): what plans are compared with.
    usable_memory_mib: OptionalFigure | None = None
    # Multi-Instance GPU: the most instances one GPU splits into, where NVIDIA's MIG User Guide lists it
    # (absent: not among the GPUs it lists, so no MIG).
    mig_instances: Figure | None = None
    # The PCIe generation of the host interface (3, 4, 5): what the GPU talks to the CPU, NICs and, without
    # NVLink, other GPUs over (absent: not recorded).
    pcie_gen: Figure | None = None
    aliases: tuple[str, ...] = ()
    # The catalogue id this card is a form-factor variant of (same chip and memory, e.g. the A100 80GB
    # PCIe of the A100 80GB SXM4): a family name with this memory size means that one, not this.
    variant_of: str | None = None
    clouds: CloudList
    note: Bilingual | None = None

    def figure_sources(self) -> set[str]:
        figures: list[Figure | OptionalFigure | ScaleUp | CloudList] = [
            self.memory_gb,
            self.memory_bandwidth_tbs,
            self.scale_up,
            self.tdp_w,
            self.launch_year,
            self.clouds,
            *(getattr(self.tflops, d) for d in DTYPES),
            self.fp64.vector,
            self.fp64.tensor,
        ]
        if self.matmul_efficiency is not None:
            figures.append(self.matmul_efficiency)
        if self.mig_instances is not None:
            figures.append(self.mig_instances)
        figures += [f for f in (self.tflops.int8, self.tflops.fp4, self.pcie_gen) if f is not None]
        if self.usable_memory_mib is not None:
            figures.append(self.usable_memory_mib)
        return {key for f in figures for key in f.src}


OfferingFlag = Literal[
    "price_outlier",
    "spot_equals_ondemand",  # spot at or within 5% of on-demand: on-demand copied (knowledge/prices.py)
    "spot_above_ondemand",
    "spot_derived",  # the spot price is a fixed ratio of on-demand shared across GPU types
    "spot_outside_documented_range",  # a deeper discount than the provider documents
    "placeholder",
    "capacity_block_only",
    "fractional_gpu",
    "snapshot_predates_price_cut",
    "unverified_price",
    "gpu_variant_unverified",
]


class OfferingRecord(Strict):
    """One rentable instance type from a dated price snapshot (see offerings.yaml header).

    Prices are per hour for the whole instance in the currency the provider lists them in: USD
    fields, or CNY fields for Chinese list prices (never both). `as_of` is the snapshot's own date,
    written `null` when the source gives none: the answer then says "date unknown"."""

    id: str
    cloud: str
    instance_type: str
    gpu: str
    gpu_count: float = Field(gt=0)
    vcpus: int | None = Field(default=None, ge=1)
    ram_gib: float | None = Field(default=None, gt=0)
    price_usd_per_hour: float | None = Field(default=None, gt=0)
    spot_usd_per_hour: float | None = Field(default=None, gt=0)
    price_cny_per_hour: float | None = Field(default=None, gt=0)
    spot_cny_per_hour: float | None = Field(default=None, gt=0)
    region: str
    network_gbps: float | None = Field(default=None, gt=0)
    as_of: dt.date | None
    source: str
    flags: tuple[OfferingFlag, ...] = ()
    note: str | None = None
    # A marketplace row priced per GPU (gpu_count 1) whose rentals may take up to this many GPUs of
    # one host at that many times the price (offerings_cn.yaml's header gives the source).
    gpus_per_host: int | None = Field(default=None, ge=2, le=16)

    @model_validator(mode="after")
    def _per_gpu_rows_rent_one_gpu(self) -> OfferingRecord:
        if self.gpus_per_host is not None and self.gpu_count != 1:
            raise ValueError("gpus_per_host is for a row priced per GPU: gpu_count must be 1")
        return self

    @model_validator(mode="after")
    def _one_currency(self) -> OfferingRecord:
        usd = self.price_usd_per_hour is not None or self.spot_usd_per_hour is not None
        cny = self.price_cny_per_hour is not None or self.spot_cny_per_hour is not None
        if usd and cny:
            raise ValueError("prices are in USD or in CNY, not both")
        return self

    @property
    def currency(self) -> Literal["USD", "CNY"]:
        cny = self.price_cny_per_hour is not None or self.spot_cny_per_hour is not None
        return "CNY" if cny else "USD"

    @property
    def list_price_per_hour(self) -> float | None:
        """On-demand price in the listed currency."""
        return self.price_cny_per_hour if self.currency == "CNY" else self.price_usd_per_hour

    @property
    def list_spot_per_hour(self) -> float | None:
        return self.spot_cny_per_hour if self.currency == "CNY" else self.spot_usd_per_hour


class SpotDiscount(Strict):
    """The discount off on-demand a provider documents for spot capacity, as fractions (0.6 = 60%)."""

    min: float = Field(ge=0, lt=1)
    max: float = Field(gt=0, le=1)
    source: Source


class ProviderRecord(Strict):
    """A GPU cloud or rental marketplace: the one table of providers, their names and the spellings
    people write them in (`aliases`, read by the NLU: bot/nlu/providers.py)."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: Bilingual
    market: Literal["global", "cn"]
    kind: Literal["cloud", "marketplace"]
    # Lower-case, simplified Chinese (messages are read after t2s); ASCII ones match whole words only.
    # A company name alone is no alias: "阿里的Qwen" names a model's author, "华为的卡" a chip.
    aliases: tuple[str, ...] = ()
    public_prices: bool | None = None  # None: not checked yet
    spot_discount: SpotDiscount | None = None
    prices_note: Bilingual | None = None
    source: Source | None = None

    @field_validator("aliases")
    @classmethod
    def _lower_case(cls, aliases: tuple[str, ...]) -> tuple[str, ...]:
        for alias in aliases:
            if not alias.strip() or alias != alias.lower().strip():
                raise ValueError(f"alias {alias!r} must be non-empty, lower-case and trimmed")
        return aliases


class ExcludedRow(Strict):
    cloud: str
    instance_type: str
    gpu: str
    reason: str


class Scenario(Strict):
    """A reference package from the seed guide (§3), with its wrong figures corrected."""

    id: str
    title: Bilingual
    params_min: float = Field(ge=0)
    params_max: float | None  # None = no upper bound
    users: Bilingual
    gpus: tuple[str, ...] = Field(min_length=1)
    gpu_count: tuple[int, int]
    memory_per_gpu_gb: tuple[float, float]
    network_gbps: tuple[float, float]
    storage: Bilingual
    summary: Bilingual
    corrections: Bilingual  # what the seed said that was wrong here
    source: Source


class Architecture(Strict):
    id: str
    vendor: Literal["nvidia", "amd"]
    compute_capability: str  # CUDA sm_XX, or the gfx target on AMD
    bf16: bool
    fp8: bool
    source: Source


class OtherAccelerator(Strict):
    """An accelerator outside the catalogue (Intel Gaudi, Google TPU, Huawei Ascend) whose support a
    library documents: "does vLLM support the Gaudi 3?" gets that half of the answer, with its source."""

    name: Bilingual  # as an answer names it: "Intel Gaudi 2 and Gaudi 3"
    words: tuple[str, ...]  # what names it in a message: lower case, simplified Chinese ("gaudi", "昇腾")
    note: Bilingual
    source: Source


class SoftwareFeature(Strict):
    """A library/feature and the GPU architectures it runs on; notes are shown when relevant."""

    id: str
    name: str
    supported: tuple[str, ...]  # architecture ids
    methods: tuple[str, ...] = ()  # relevant only for these methods; empty = any
    precisions: tuple[str, ...] = ()  # relevant only for these precisions; empty = any
    architectures: tuple[str, ...] = ()  # relevant only on these architectures; empty = any
    min_gpus: int = Field(default=1, ge=1)  # relevant only to plans with at least this many GPUs
    sharded_only: bool = False  # relevant only when full training is sharded across GPUs (ZeRO-3/FSDP)
    when_supported: Bilingual | None = None
    when_unsupported: Bilingual | None = None
    source: Source
    accelerators: tuple[OtherAccelerator, ...] = ()  # documented support outside the catalogue


class ReferenceServer(Strict):
    """A vendor's reference server (servers.yaml): its GPUs, the most the whole machine draws and,
    where published, how it is cooled."""

    id: str
    name: str
    boards: tuple[str, ...] = Field(min_length=1)  # catalogue GPU ids it is built on
    gpus: int = Field(gt=0)
    max_kw: float = Field(gt=0)
    source: Source
    cooling: Literal["air", "liquid"] | None = None
    cooling_source: Source | None = None

    @model_validator(mode="after")
    def _cooling_needs_a_source(self) -> ReferenceServer:
        if (self.cooling is None) != (self.cooling_source is None):
            raise ValueError("cooling and cooling_source go together")
        return self


class ChecklistItem(Strict):
    id: str
    category: Literal["hardware", "network", "storage", "operations", "security", "commercial"]
    text: Bilingual
    source: Source


class Erratum(Strict):
    id: str
    claim: str  # the seed's words, as written (zh-Hant)
    gpus: tuple[str, ...] = Field(min_length=1)
    metric: Literal["tflops", "memory_gb", "memory_bandwidth_tbs", "feature", "positioning"]
    claimed: float | None
    correct: float | None
    explanation: Bilingual
    source: Source
    # Claims without a number ("A30 是入门级", "H100 supports InfiniBand"): regexes over one lower-cased,
    # NFKC-normalised sentence that names one of `gpus`; any match returns the explanation (kind "claim").
    triggers: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _triggers_compile(self) -> Erratum:
        for pattern in self.triggers:
            try:
                re.compile(pattern)
            except re.error as exc:
                raise ValueError(f"trigger {pattern!r} is not a regex: {exc}") from None
        return self


class ExchangeRate(Strict):
    usd_to_cny: float = Field(gt=0)
    source: Source


class CpuOffload(Strict):
    """settings.yaml `cpu_offload`: the rates CPU offload is costed at (sizing.types.OffloadRates)."""

    pcie_dma_efficiency: float = Field(gt=0, le=1)
    host_adam_bytes_per_param: float = Field(gt=0)
    server_adam_gbs: float = Field(gt=0)
    workstation_adam_gbs: float = Field(gt=0)
    server_host_ram_gb: float = Field(gt=0)
    workstation_host_ram_gb: float = Field(gt=0)
    sources: tuple[Source, ...] = Field(min_length=1)

    def rates(self) -> OffloadRates:
        return OffloadRates(
            pcie_dma_efficiency=self.pcie_dma_efficiency,
            host_adam_bytes_per_param=self.host_adam_bytes_per_param,
            server_adam_gbs=self.server_adam_gbs,
            workstation_adam_gbs=self.workstation_adam_gbs,
            server_host_ram_gb=self.server_host_ram_gb,
            workstation_host_ram_gb=self.workstation_host_ram_gb,
        )


class PublishedRun(Strict):
    """A published pre-training run with reported GPU-hours (sizing.md §3.1)."""

    id: str
    model: str
    params: float = Field(gt=0)
    tokens: float = Field(gt=0)
    gpu: str | None  # catalog id; None for TPU runs (kept for context, not calibration)
    accelerator: str
    gpus: int | None = Field(default=None, ge=1)
    gpu_hours: float | None = Field(default=None, gt=0)
    wall_days: float | None = Field(default=None, gt=0)
    seq_len: int | None = None
    reported_mfu: float | None = Field(default=None, gt=0, le=1)
    usable_for_calibration: bool
    source: Source
    note: str | None = None
    # The whole pre-training run's tokens where `tokens` (the span the GPU-hours cover) is only part
    # of it: TinyLlama's hours are for the first 300B of its 3T tokens.
    total_tokens: float | None = Field(default=None, gt=0)

    @property
    def trained_tokens(self) -> float:
        """The tokens the model was pre-trained on, whatever span the hours cover."""
        return self.total_tokens or self.tokens


class FinetuneMeasurement(Strict):
    """A published fine-tuning memory/throughput measurement (sizing.md §3.2)."""

    id: str
    model: str
    params: float = Field(gt=0)
    method: Literal["pretrain", "full_finetune", "lora", "qlora"]
    gpu: str | None
    gpus: int = Field(ge=1)
    peak_memory_gb_per_gpu: float | None = Field(default=None, gt=0)  # GB = 10**9 bytes
    tokens_per_second: float | None = Field(default=None, gt=0)
    measured: bool  # False where the source is analytical, not a run
    source: Source
    note: str | None = None
    outcome: Literal["ran", "oom"] = "ran"  # "oom": the source reports the run did not fit
    # The recipe uses savers the engine does not model by default (CPU offload, paged 8-bit optimizer,
    # optimizer-in-backward): shown beside the engine's plain-AdamW estimate, not scored against it.
    memory_savers: bool = False
    seq_len: int | None = Field(default=None, gt=0)
    micro_batch: int | None = Field(default=None, gt=0)
    # The recipe as the source ran it, passed to the engine as the request would: the stack
    # (sizing.stack ids), a recompute mode it fixed, CPU offload. None: the engine's default.
    stack: Literal["megatron", "deepspeed", "fsdp", "torchtune", "hf", "unsloth"] | None = None
    recompute: Literal["none", "selective", "full"] | None = None
    offload: bool = False
    # The low-memory full fine-tuning recipe (paged 8-bit AdamW, bf16 weights, optimizer step in
    # backward; sizing.lowmem), which the engine plans when asked (SizingRequest.low_memory).
    low_memory: bool = False
    # The training precision the source ran at: the PEFT README's examples load their models in fp32
    # (from_pretrained without torch_dtype), so weights and activations take 4 bytes (default: bf16).
    precision: Literal["fp32", "fp16", "bf16"] = "bf16"
    lora_rank: int | None = Field(default=None, gt=0)


class MoeConfig(Strict):
    """Mixture-of-experts fields of a config.json, in our names (see sizing.model_arch)."""

    experts: int = Field(ge=2)  # n_routed_experts / num_local_experts / num_experts
    active: int = Field(ge=1)  # num_experts_per_tok
    expert_ffn: int = Field(ge=1)  # moe_intermediate_size (Mixtral: intermediate_size)
    shared_ffn: int = Field(default=0, ge=0)  # n_shared_experts x moe_intermediate_size, or shared size
    dense_layers: int = Field(default=0, ge=0)  # first_k_dense_replace
    every: int = Field(default=1, ge=1)  # interleave_moe_layer_step

    @model_validator(mode="after")
    def _active_within(self) -> MoeConfig:
        if self.active > self.experts:
            raise ValueError("active experts exceed the experts")
        return self


class MlaConfig(Strict):
    kv_lora_rank: int = Field(ge=1)
    qk_rope_head_dim: int = Field(ge=1)
    qk_nope_head_dim: int = Field(ge=1)
    v_head_dim: int = Field(ge=1)
    q_lora_rank: int | None = Field(default=None, ge=1)


class SlidingWindowConfig(Strict):
    size: int = Field(ge=1)  # sliding_window (Llama 4: attention_chunk_size)
    layers: int = Field(ge=1)  # layers that use it (layer_types / sliding_window_pattern)
    note: str | None = None


class LongContextConfig(Strict):
    """A longer window the model card documents with RoPE scaling switched on (Qwen2.5: YaRN, factor 4,
    32,768 -> 131,072 tokens), which config.json leaves off; serving engines take it as a setting."""

    tokens: int = Field(ge=512)
    method: str  # "YaRN"
    source: Source


class ModelCardRecord(Strict):
    """One open model as published: its config.json shape, parameter counts, names, source."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9.\-]*$")
    name: str
    org: str
    family: str  # llama, qwen, deepseek, mistral, gemma, glm, baichuan, yi, internlm, minicpm, phi, ...
    hf_id: str = Field(pattern=r"^[A-Za-z0-9_.\-]+/[A-Za-z0-9_.\-]+$")
    aliases: tuple[str, ...] = ()
    layers: int = Field(ge=1)  # num_hidden_layers
    hidden: int = Field(ge=1)  # hidden_size
    heads: int = Field(ge=1)  # num_attention_heads
    kv_heads: int = Field(ge=1)  # num_key_value_heads (ChatGLM: multi_query_group_num)
    head_dim: int = Field(ge=1)  # head_dim, else hidden_size / num_attention_heads
    ffn: int = Field(ge=1)  # intermediate_size of the dense MLP
    vocab: int = Field(ge=1)  # vocab_size (ChatGLM: padded_vocab_size)
    tied_embeddings: bool  # tie_word_embeddings
    max_context: int = Field(ge=512)  # max_position_embeddings (ChatGLM: seq_length)
    params_total: float = Field(gt=0)
    params_active: float | None = Field(default=None, gt=0)
    extra_params: float = Field(default=0.0, ge=0)  # outside the text decoder (vision tower)
    moe: MoeConfig | None = None
    mla: MlaConfig | None = None
    sliding_window: SlidingWindowConfig | None = None
    long_context: LongContextConfig | None = None  # a longer window with RoPE scaling switched on
    # The precision the weights are published in: DeepSeek-V3/R1 ship FP8, gpt-oss MXFP4 experts.
    native_precision: Literal["bf16", "fp8", "int4"] = "bf16"
    source: Source  # the config.json read
    params_source: Source  # where the parameter counts come from
    note: str | None = None

    @model_validator(mode="after")
    def _consistent(self) -> ModelCardRecord:
        if self.heads % self.kv_heads:
            raise ValueError(f"kv_heads {self.kv_heads} does not divide heads {self.heads}")
        if (self.moe is None) != (self.params_active is None):
            raise ValueError("params_active is given exactly when the model has experts (moe)")
        if self.params_active is not None and self.params_active >= self.params_total:
            raise ValueError("params_active must be below params_total")
        if self.sliding_window is not None and self.sliding_window.layers > self.layers:
            raise ValueError("sliding_window.layers exceeds the layers")
        if self.moe is not None and self.moe.dense_layers >= self.layers:
            raise ValueError("moe.dense_layers leaves no MoE layer")
        if self.long_context is not None and self.long_context.tokens <= self.max_context:
            raise ValueError("long_context.tokens must exceed max_context")
        return self


class ServingRun(Strict):
    """A published serving measurement: output tokens per second of one replica (serving_runs.yaml)."""

    id: str
    model: str  # a model card id (models.yaml)
    engine: Literal["tensorrt-llm", "vllm", "sglang"]
    gpu: str  # catalog id
    tp: int = Field(ge=1)  # GPUs of the replica (tensor parallel)
    precision: Literal["fp16", "bf16", "fp8", "int8", "int4"]
    # How the replica laid out an MoE model (sizing/serve_layout.py): "ep" where the run spread the
    # experts with attention data parallel (TensorRT-LLM 1.0: enable_attention_dp with --ep).
    layout: Literal["tp", "ep"] = "tp"
    input_tokens: int = Field(ge=1)
    output_tokens: int = Field(ge=1)
    concurrency: int | None = Field(default=None, ge=1)  # None: maximum load (as many as fit)
    qps: float | None = Field(default=None, gt=0)  # an online run at this request rate
    output_tokens_per_second: float = Field(gt=0)
    ttft_ms: float | None = Field(default=None, gt=0)  # mean time to first token, where published
    tpot_ms: float | None = Field(default=None, gt=0)  # mean time per output token (inter-token latency)
    # Kept out of the fit (sizing/serve_calibration.py): reported separately as out-of-sample.
    holdout: bool = False
    src: str  # a key of the file's sources:
    note: str | None = None
