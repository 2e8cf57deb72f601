"""Value types shared by the engine and its callers.

Frozen dataclasses only: the engine takes these in and gives frozen values back. The knowledge
layer maps its YAML records onto `GpuSpec` and `Offering`; the bot builds a `SizingRequest`.
GB means 10**9 bytes everywhere.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field, fields
from typing import Literal

from sizing.model_arch import ModelArchitecture

Precision = Literal["fp32", "fp16", "bf16", "fp8"]
Method = Literal["pretrain", "full_finetune", "lora", "qlora"]
Currency = Literal["CNY", "USD"]
Period = Literal["total", "month", "hour"]
DataLanguage = Literal["en", "zh", "code", "mixed"]
# The training software a plan assumes (sizing.stack); None on a request: the method's usual one.
Stack = Literal["megatron", "deepspeed", "fsdp", "torchtune", "hf", "unsloth"]
# Activation recomputation: none (keep every activation), selective (Megatron: recompute the
# attention core only), full (keep each layer's input, recompute the layer in backward).
Recompute = Literal["none", "selective", "full"]

PRECISIONS: tuple[Precision, ...] = ("fp32", "fp16", "bf16", "fp8")
METHODS: tuple[Method, ...] = ("pretrain", "full_finetune", "lora", "qlora")
STACKS: tuple[Stack, ...] = ("megatron", "deepspeed", "fsdp", "torchtune", "hf", "unsloth")
RECOMPUTES: tuple[Recompute, ...] = ("none", "selective", "full")


@dataclass(frozen=True, slots=True)
class TensorTflops:
    """Dense peak TFLOPS per data type (FP32 is the plain, non-tensor rate); None = unsupported."""

    fp32: float
    tf32: float | None
    fp16: float | None
    bf16: float | None
    fp8: float | None

    def for_precision(self, precision: Precision) -> float | None:
        value: float | None = getattr(self, precision)
        return value


@dataclass(frozen=True, slots=True)
class GpuSpec:
    id: str
    name: str
    vendor: Literal["nvidia", "amd"]
    architecture: str  # turing, volta, ampere, ada, hopper, blackwell, cdna2, cdna3, cdna4
    memory_gb: float
    memory_bandwidth_tbs: float | None
    tflops: TensorTflops
    form_factor: Literal["pcie", "sxm", "oam"]
    scale_up_gbs: float | None  # NVLink / Infinity Fabric, bidirectional GB/s; None = PCIe only
    scale_up_domain: int  # GPUs that share that fabric (8 on HGX/OAM boards, 2 on bridged pairs, 1 none)
    tdp_w: float | None
    launch_year: int
    segment: Literal["datacenter", "workstation", "consumer"]
    matmul_efficiency: float | None = None  # measured best-case matmul / dense peak (MAMF), 0-1
    # Total memory as nvidia-smi / rocm-smi reports it, in GB (10**9 bytes; the catalog stores MiB):
    # what a plan's bytes are compared with. None: not sourced, the nominal memory_gb is used.
    usable_memory_gb: float | None = None
    # The id of the card this is a form-factor variant of (same chip and memory, e.g. the A100 80GB
    # PCIe of a100-80gb): a bare family name means the card, not the variant.
    variant_of: str | None = None

    @property
    def capacity_gb(self) -> float:
        """Bytes a job can use, in GB: the reported total where known, else the nominal size."""
        return self.usable_memory_gb if self.usable_memory_gb is not None else self.memory_gb


@dataclass(frozen=True, slots=True)
class Offering:
    """One rentable instance type, priced as a dated snapshot."""

    id: str  # "<cloud>/<instance_type>"
    cloud: str
    instance_type: str
    gpu_id: str
    gpu_count: float  # GPUs per instance; below 1 means a partitioned GPU
    vcpus: int | None
    ram_gib: float | None
    price_usd_per_hour: float | None  # on-demand, whole instance; None when not sold on demand
    spot_usd_per_hour: float | None
    region: str
    network_gbps: float | None  # scale-out network per instance, where known
    as_of: dt.date | None  # the snapshot's date; None when the source gives none ("date unknown")
    source: str
    flags: tuple[str, ...] = ()  # data-quality flags carried from the source snapshot
    # The currency the provider lists the price in; price_usd_per_hour is always USD (a CNY list price
    # converted at the catalogue's dated rate), so plans compare clouds on one scale.
    currency: Currency = "USD"


@dataclass(frozen=True, slots=True)
class OffloadRates:
    """The rates CPU offload runs at (knowledge/data/settings.yaml `cpu_offload`, sourced there):
    the share of the PCIe link a pinned host<->GPU copy reaches, the host memory bytes the CPU optimizer
    step touches per parameter, and the memory bandwidth that step achieves on one machine (a GPU
    server, or a workstation with consumer or workstation GPUs), in GB/s."""

    pcie_dma_efficiency: float
    host_adam_bytes_per_param: float
    server_adam_gbs: float
    workstation_adam_gbs: float
    # host RAM of a machine no listed instance describes (owned GPUs), GB
    server_host_ram_gb: float
    workstation_host_ram_gb: float


@dataclass(frozen=True, slots=True)
class Catalog:
    gpus: tuple[GpuSpec, ...]
    offerings: tuple[Offering, ...]
    usd_to_cny: float
    usd_to_cny_as_of: dt.date
    offload: OffloadRates | None = None  # None: CPU offload is charged at no cost (tests that need none)

    def gpu(self, gpu_id: str) -> GpuSpec:
        found = self.gpu_or_none(gpu_id)
        if found is None:
            raise KeyError(gpu_id)
        return found

    def gpu_or_none(self, gpu_id: object) -> GpuSpec | None:
        """The GPU with this catalogue id, or None when the catalogue has none (any value: an id read from a
        plan's JSON may be missing)."""
        for g in self.gpus:
            if g.id == gpu_id:
                return g
        return None


@dataclass(frozen=True, slots=True)
class Budget:
    amount: float
    currency: Currency
    period: Period = "total"


@dataclass(frozen=True, slots=True)
class SizingRequest:
    params: float
    tokens: float | None = None  # the dataset, one pass
    data_bytes: float | None = None
    epochs: float = 1.0  # passes over the data: the work trained is tokens x epochs (DESIGN.md)
    data_language: DataLanguage = "en"
    bytes_per_token: float | None = None  # overrides the language default
    precision: Precision = "bf16"
    method: Method = "pretrain"
    days: float | None = None
    budget: Budget | None = None
    gpu: str | None = None  # catalog id ("a100-80gb") or family ("a100")
    gpus: int | None = None
    seq_len: int | None = None
    micro_batch: int | None = None
    # None: the stack's usual optimizer (sizing.stack.usual_optimizer: AdamW, Unsloth's 8-bit AdamW).
    optimizer: Literal["adamw", "adamw_8bit", "sgd"] | None = None
    today: dt.date | None = None  # for price staleness; the engine never reads the clock
    extra: tuple[tuple[str, str], ...] = field(default=())
    # The training software (sizing.stack); None: Megatron-style for pre-training, FSDP/ZeRO-3
    # style (HF PEFT/TRL, LLaMA-Factory, torchtune) for fine-tuning.
    stack: Stack | None = None
    # None: the layout search picks the cheapest mode that fits (with headroom); a mode: always it.
    recompute: Recompute | None = None
    # Continued pre-training from an existing model (method "pretrain"): no from-scratch
    # tokens-per-parameter advice or default.
    continued: bool = False
    # Optimizer states, fp32 master weights and gradients in CPU memory (DeepSpeed ZeRO-Offload,
    # FSDP CPUOffload): slower, far less GPU memory.
    offload: bool = False
    # The low-memory full fine-tuning recipe (torchtune's single-device low-memory configs, sizing.lowmem):
    # bf16 weights without an fp32 master copy, paged 8-bit AdamW, the optimizer step inside backward.
    # Asked for explicitly; without it a full fine-tune is planned with plain mixed-precision AdamW.
    low_memory: bool = False
    lora_rank: int | None = None  # LoRA/QLoRA adapter rank; None: workload.LORA_RANK
    # Preference tuning against a frozen reference model (DPO, IPO, KTO: Rafailov et al. 2023, arXiv
    # 2305.18290; TRL DPOTrainer): the reference's forward pass runs on every trained token (unless its
    # log-probs are precomputed), and outside PEFT its weights are held beside the policy's (with LoRA/QLoRA
    # TRL uses the base model with the adapters disabled, so no second copy).
    reference_model: bool = False
    # Mixture-of-experts: parameters active per token (Mixtral-8x7B 12.9B of 46.7B, arXiv 2401.04088;
    # DeepSeek-V3 37B of 671B, arXiv 2412.19437). FLOPs and time use these, memory the total
    # `params` (every expert is held, with its gradients and optimizer state). None = dense.
    active_params: float | None = None
    # A named model's published shape (knowledge/data/models.yaml): layers, width, heads and vocabulary
    # come from it instead of the standard shape derived from `params`.
    model: ModelArchitecture | None = None
    # The global batch the user states, in tokens per optimizer step (sequences x sequence length);
    # None: the method's recipe default (workload.GLOBAL_BATCH_TOKENS).
    global_batch_tokens: float | None = None
    # The inter-node network the user says the plan's cluster has, in Gb/s per node (their own GPUs'
    # fabric); None: the catalogue's listed network for rented instances (evaluate.planning_gbps).
    network_gbps: float | None = None
    # hash(self), worked out on first use: the dialogue's plan memo hashes a request several times a
    # turn, and hashing every field (a named model's architecture among them) is most of a lookup.
    # Not part of the value (no compare, no init, not pickled: a string's hash differs per process).
    _hash: int | None = field(default=None, init=False, repr=False, compare=False)

    def __hash__(self) -> int:
        found = self._hash
        if found is None:
            found = hash(tuple([getattr(self, name) for name in _REQUEST_FIELDS]))
            object.__setattr__(self, "_hash", found)
        return found

    def __getstate__(self) -> list[object]:
        return [getattr(self, name) for name in _REQUEST_FIELDS]

    def __setstate__(self, state: list[object]) -> None:
        for name, value in zip(_REQUEST_FIELDS, state, strict=True):
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_hash", None)


# SizingRequest's fields that make up its value (all but the cached hash).
_REQUEST_FIELDS = tuple(f.name for f in fields(SizingRequest) if f.compare)
