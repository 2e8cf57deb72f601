"""Does the user's hardware fit the job? The verdict, why, and what would fit instead.

When a request fixes both the GPU and the count ("we have 8 H100s"), the first option is that
hardware (DESIGN.md), fitting or not. This module answers the question behind it the way a
fine-tuning engineer would: no (or yes, tightly), the memory term that decides it, and the
options that do fit: LoRA/QLoRA on the same GPUs, CPU offload or a low-memory optimizer on them,
more GPUs of the same type, or a GPU with more memory, each with its time and price.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from sizing import calibration as cal, lowmem, offload
from sizing.compute import Speed
from sizing.evaluate import Evaluator
from sizing.layout import HEADROOM
from sizing.memory import MemoryModel
from sizing.network import GPUS_PER_NODE
from sizing.rank import training_part
from sizing.result import Option
from sizing.types import Catalog, GpuSpec, Method, SizingRequest
from sizing.workload import Workload, normalise

# GPUs with more memory are offered only among current datacenter training parts (the same rule
# as the "fastest" option: rank.training_part), at most this many types: the cheapest for the job,
# then the cheapest per hour.
MAX_LARGER_GPUS = 2


@dataclass(frozen=True, slots=True)
class FitOption:
    """One way to make the job fit: another method, offload, more GPUs or a bigger GPU."""

    kind: str  # "sharded" | "lora" | "qlora" | "offload" | "low_memory" | "more_gpus" | "larger_gpu"
    gpu: str
    gpus: int
    method: str
    memory_per_gpu_gb: float
    capacity_gb: float
    days: float | None
    gpu_hours: float | None
    cost_usd: float | None
    slowdown: float | None = None  # step-time factor of the memory saver (offload, QLoRA)
    # CPU offload: host memory each machine needs for the optimizer state and gradients it holds
    # (ZeRO-3 offload shards them across the data-parallel ranks, so the machines split them), and
    # the parameters when those are offloaded too (offloads_weights), against what a machine has.
    host_memory_per_node_gb: float | None = None
    host_ram_per_node_gb: float | None = None
    offloads_weights: bool = False
    # On-demand USD/hour of the instances the option is priced on (offload: one whose host RAM holds it).
    hourly_usd: float | None = None
    # The rented instance an offload plan is priced on for its host RAM ("g5.8xlarge"), and its cloud.
    host_instance: str | None = None
    host_cloud: str | None = None
    # The layout the memory figure is for: it may differ from the asked plan's (CPU offload frees the
    # memory to keep the activations, so it runs without recompute where the asked plan checkpoints).
    recompute: str | None = None
    micro_batch: int | None = None

    def to_dict(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "gpu": self.gpu,
            "gpus": self.gpus,
            "method": self.method,
            "memory_per_gpu_gb": round(self.memory_per_gpu_gb, 2),
            "capacity_gb": round(self.capacity_gb, 2),
            "days": round(self.days, 3) if self.days is not None else None,
            "gpu_hours": round(self.gpu_hours, 1) if self.gpu_hours is not None else None,
            "cost_usd": round(self.cost_usd, 2) if self.cost_usd is not None else None,
            "slowdown": round(self.slowdown, 3) if self.slowdown is not None else None,
            "host_memory_per_node_gb": (
                round(self.host_memory_per_node_gb, 1) if self.host_memory_per_node_gb is not None else None
            ),
            "host_ram_per_node_gb": (
                round(self.host_ram_per_node_gb, 1) if self.host_ram_per_node_gb is not None else None
            ),
            "offloads_weights": self.offloads_weights,
            "hourly_usd": round(self.hourly_usd, 3) if self.hourly_usd is not None else None,
            "host_instance": self.host_instance,
            "host_cloud": self.host_cloud,
            "recompute": self.recompute,
            "micro_batch": self.micro_batch,
        }


@dataclass(frozen=True, slots=True)
class Feasibility:
    """The verdict on fixed hardware."""

    fits: bool
    tight: bool  # fits with less than the recommended HEADROOM free (the memory_tight warning's line)
    gpu: str
    gpus: int
    memory_per_gpu_gb: float
    capacity_gb: float
    headroom: float
    dominant: str  # the largest memory term: weights | gradients | optimizer | activations | logits | ...
    dominant_gb: float
    model_states_gb: float  # weights + gradients + optimizer state of the whole model, unsharded
    cluster_capacity_gb: float  # gpus × usable memory
    method: str
    options: tuple[FitOption, ...]
    # Memory per GPU of the same job on the same GPUs with full activation checkpointing, when the layout
    # chosen (the fastest that fits) keeps more activations and this is clearly less: what the job needs
    # at least, comparable with a method that must checkpoint to fit (LoRA beside full fine-tuning).
    checkpointed_gb: float | None = None

    def to_dict(self) -> dict[str, object]:
        return {
            "fits": self.fits,
            "tight": self.tight,
            "gpu": self.gpu,
            "gpus": self.gpus,
            "memory_per_gpu_gb": round(self.memory_per_gpu_gb, 2),
            "capacity_gb": round(self.capacity_gb, 2),
            "headroom": round(self.headroom, 3),
            "dominant": self.dominant,
            "dominant_gb": round(self.dominant_gb, 2),
            "model_states_gb": round(self.model_states_gb, 1),
            "cluster_capacity_gb": round(self.cluster_capacity_gb, 1),
            "method": self.method,
            "options": [o.to_dict() for o in self.options],
            "checkpointed_gb": None if self.checkpointed_gb is None else round(self.checkpointed_gb, 2),
        }


def model_states_gb(w: Workload, option: Option) -> float:
    """Weights + gradients + optimizer state of the whole model, before any sharding: what the
    cluster must hold between its GPUs (CPU offload keeps only the weights on them)."""
    mm = MemoryModel(w, option.throughput.precision)
    weights = mm.sharded_weights + (mm.replicated_weights or 0.0)
    states = 0.0 if w.offload else mm.offloadable_bytes()
    return (weights + states) / 1e9


def _nodes(gpus: int) -> int:
    return max(1, math.ceil(gpus / GPUS_PER_NODE))


_GIB = 2**30


def _host_ram_gb(o: Option, catalog: Catalog) -> float | None:
    """Host RAM of one machine of the plan: the rented instance's, or for GPUs without a price (owned
    ones) the most RAM per GPU any listed instance with this GPU has, times the GPUs of one machine."""
    if o.quote is not None and o.quote.offering.ram_gib:
        return o.quote.offering.ram_gib * _GIB / 1e9
    per_gpu = [
        off.ram_gib / off.gpu_count
        for off in catalog.offerings
        if off.gpu_id == o.gpu.id and off.ram_gib and off.gpu_count >= 1
    ]
    return max(per_gpu) * min(o.gpus, GPUS_PER_NODE) * _GIB / 1e9 if per_gpu else None


def _offload_option(w: Workload, off: Option, catalog: Catalog) -> FitOption | None:
    """CPU offload on the same GPUs, when one machine's host RAM holds its share of what is offloaded
    (DeepSeek-V3's full optimizer state, ~9 TB per 8-GPU machine, is no option)."""
    mm = MemoryModel(w, off.throughput.precision)
    layout = off.fitted.layout
    machines = off.quote.instances if off.quote is not None else _nodes(off.gpus)
    host_gb = mm.host_bytes(layout) / 1e9 / max(1, machines)
    ram_gb = _host_ram_gb(off, catalog)
    # No listed RAM (owned GPUs, or a listing without it): a server's or a workstation's usual RAM
    # (offload.assumed_host_ram_gb), so an option listed is one a machine holds
    limit = ram_gb
    if limit is None and catalog.offload is not None:
        limit = offload.assumed_host_ram_gb(off.gpu, off.gpus, catalog.offload)
    if limit is not None and host_gb > limit:
        return None
    # to one decimal: an estimate from assumed host rates, not a measurement (the plan's time keeps it whole)
    slowdown = round(Speed(w, catalog.offload).offload_slowdown(off.gpu, layout), 1)
    option = _option("offload", off, w.method, slowdown, host_gb)
    return replace(
        option,
        host_ram_per_node_gb=ram_gb,
        offloads_weights=mm.params_offloaded(layout.dp, layout.zero_stage),
        host_instance=off.quote.offering.instance_type if off.quote is not None else None,
        host_cloud=off.quote.offering.cloud if off.quote is not None else None,
    )


def _option(
    kind: str, o: Option, method: str, slowdown: float | None = None, host_gb: float | None = None
) -> FitOption:
    return FitOption(
        kind=kind,
        gpu=o.gpu.id,
        gpus=o.gpus,
        method=method,
        memory_per_gpu_gb=o.fitted.memory.total_gb,
        capacity_gb=o.gpu.capacity_gb,
        days=o.days,
        gpu_hours=o.gpu_hours,
        cost_usd=o.cost_usd,
        slowdown=slowdown,
        host_memory_per_node_gb=host_gb,
        hourly_usd=o.quote.hourly_usd if o.quote is not None else None,
        recompute=o.fitted.layout.recompute,
        micro_batch=o.fitted.layout.micro_batch,
    )


def assess(
    request: SizingRequest,
    w: Workload,
    requested: Option,
    ev: Evaluator,
    catalog: Catalog,
) -> Feasibility:
    m = requested.fitted.memory
    dominant, dominant_gb = m.dominant()
    fits = requested.fits
    options: list[FitOption] = []
    if not fits:
        options = _alternatives(request, w, requested, ev, catalog)
    return Feasibility(
        checkpointed_gb=_checkpointed_gb(request, requested, catalog) if fits else None,
        fits=fits,
        tight=fits and requested.fitted.headroom < HEADROOM,
        gpu=requested.gpu.id,
        gpus=requested.gpus,
        memory_per_gpu_gb=m.total_gb,
        capacity_gb=requested.gpu.capacity_gb,
        headroom=requested.fitted.headroom,
        dominant=dominant,
        dominant_gb=dominant_gb,
        model_states_gb=model_states_gb(w, requested),
        cluster_capacity_gb=requested.gpu.capacity_gb * requested.gpus,
        method=w.method,
        options=tuple(options),
    )


def _alternatives(
    request: SizingRequest,
    w: Workload,
    requested: Option,
    ev: Evaluator,
    catalog: Catalog,
) -> list[FitOption]:
    gpu, gpus = requested.gpu, requested.gpus
    out: list[FitOption] = []
    # 0. A stack that copies the whole model state to every GPU (plain Hugging Face Trainer / PEFT
    #    DDP, which LLaMA-Factory and TRL run by default): the same job with DeepSpeed ZeRO-3, which
    #    those trainers take as a config file (LLaMA-Factory ships examples/deepspeed/ds_z3_config.json).
    if gpus > 1 and 3 not in w.stack.zero_stages and not w.stack.model_parallel and w.stack.id == "hf":
        sharded = _same_hardware(replace(request, stack="deepspeed"), catalog, gpu, gpus)
        if sharded is not None and sharded.fits:
            out.append(_option("sharded", sharded, w.method))
            return out  # the fix on the user's own GPUs and software: the others are detours
    # What keeps the method asked for comes first, the faster first. 1. One GPU, full fine-tuning:
    #    the low-memory recipe (paged 8-bit AdamW, bf16 weights, optimizer step in backward).
    if lowmem.suggestion(w, requested) is not None:
        low = _same_hardware(replace(request, low_memory=True), catalog, gpu, 1)
        if low is not None and low.fits:
            out.append(_option("low_memory", low, w.method, cal.LOW_MEMORY_SLOWDOWN))
    # 2. CPU offload on the same GPUs: optimizer state, master weights and gradients, and the parameters
    #    where the layout shards them (MemoryModel.host_bytes), if one machine's RAM holds its share.
    if not w.offload and w.method != "qlora":
        offloaded = replace(request, offload=True)
        off = _same_hardware(offloaded, catalog, gpu, gpus)
        if off is not None and off.fits:
            option = _offload_option(normalise(offloaded), off, catalog)
            if option is not None:
                out.append(option)
    # The low-memory recipe runs on one GPU: on several, offload on all of them leads when it finishes
    # first (8 × V100 for a 13B: ~19 hours against ~6 days). On one GPU the recipe leads (no host RAM).
    if (
        len(out) == 2
        and out[0].gpus < gpus
        and out[0].days is not None
        and out[1].days is not None
        and out[1].days < out[0].days
    ):
        out.reverse()
    # 3. Other methods on the same GPUs: adapters leave the frozen base without gradients or
    #    optimizer state (LoRA), and QLoRA stores it in 4 bits.
    alternatives: dict[str, tuple[Method, ...]] = {"full_finetune": ("lora", "qlora"), "lora": ("qlora",)}
    methods = alternatives.get(w.method, ())
    for method in methods:
        other = _same_hardware(replace(request, method=method, recompute=None), catalog, gpu, gpus)
        if other is not None and other.fits:
            slowdown = cal.QLORA_SLOWDOWN if method == "qlora" else None
            out.append(_option(method, other, method, slowdown))
            break  # QLoRA only when LoRA does not fit: it is slower and no simpler
    # 4. More GPUs of the same type, with room to spare.
    small = ev.smallest_fitting(gpu)
    if small is not None:
        more = ev.roomy(gpu, small)
        out.append(_option("more_gpus", more, w.method))
    # 5. GPUs with more memory: the cheapest plans on training GPUs larger than this one, at the
    #    smallest count that fits with room.
    larger: list[Option] = []
    for g in catalog.gpus:
        if (
            g.capacity_gb <= gpu.capacity_gb * 1.05
            or not training_part(g)
            or not ev.priced(g)
            or not ev.ladder(g)
        ):
            continue
        found = ev.smallest_fitting(g)
        if found is not None:
            larger.append(ev.roomy(g, found))
    out.extend(_option("larger_gpu", o, w.method) for o in _cheapest_two_ways(larger))
    return out


def _cheapest_two_ways(plans: list[Option]) -> list[Option]:
    """The cheapest plan for the job, then the one cheapest per hour (what a user without a data
    size compares: a slower GPU rented by the hour), then the next cheapest for the job; at most
    MAX_LARGER_GPUS."""
    inf = float("inf")
    by_job = sorted(plans, key=lambda o: (o.cost_usd if o.cost_usd is not None else inf, o.days))
    by_hour = sorted(plans, key=lambda o: (o.quote.hourly_usd if o.quote is not None else inf, o.days))
    picks: list[Option] = []
    for o in [*by_job[:1], *by_hour[:1], *by_job[1:]]:
        if o not in picks and len(picks) < MAX_LARGER_GPUS:
            picks.append(o)
    return picks


# The checkpointed figure is said only when it saves at least this share of the GPU memory [assumption:
# a few percent is not worth a line].
CHECKPOINT_SAVING = 0.1


def _checkpointed_gb(request: SizingRequest, requested: Option, catalog: Catalog) -> float | None:
    """Memory per GPU of the same job on the same GPUs with full activation checkpointing, if the layout
    chosen does not checkpoint, the user did not fix the recompute, and it saves CHECKPOINT_SAVING."""
    if request.recompute is not None or requested.fitted.layout.recompute == "full":
        return None
    same = _same_hardware(replace(request, recompute="full"), catalog, requested.gpu, requested.gpus)
    if same is None or not same.fits:
        return None
    gb = same.fitted.memory.total_gb
    return gb if gb < requested.fitted.memory.total_gb * (1 - CHECKPOINT_SAVING) else None


def _same_hardware(request: SizingRequest, catalog: Catalog, gpu: GpuSpec, gpus: int) -> Option | None:
    """The plan for a changed request on exactly these GPUs (its own workload and layout search)."""
    try:
        w = normalise(request)
    except ValueError:
        return None
    return Evaluator(w, catalog)(gpu, gpus)
