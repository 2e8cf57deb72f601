"""Network advice: per-step sync bytes -> the inter-node bandwidth a layout needs -> seed tier.

Model (reference/sizing.md §1.6):
- Data-parallel gradient sync is a ring all-reduce: each rank moves 2(n-1)/n·S per optimizer step
  (nccl-tests doc/PERFORMANCE.md, busBW), S = the gradient bytes of the rank's shard, i.e.
  trainable params / (TP·PP) × grad bytes; ZeRO-3 moves 1.5× that (ZeRO paper §7.2: 3Ψ vs 2Ψ).
- Across nodes NCCL runs one ring per NIC and each ring crosses a node's boundary once, so a node's
  scale-out NICs carry 2(n-1)/n·S per DP group that has members on it: with TP inside the node and
  Megatron's tp-dp-pp rank order, that is 8/r groups, r = the group's ranks per node.
- One step processes the global batch (~4M tokens for pre-training, workload.GLOBAL_BATCH_TOKENS),
  so step time = global-batch tokens / (n × tokens per GPU-second).
- The sync overlaps the backward of the last micro-batch (Megatron-LM: overlap "can almost entirely
  eliminate" it) and may add EXPOSED_COMM_SHARE of the step on top; that window sets the need.
- Pipeline stages on different nodes also pass activations forward and gradients back: s·b·h/TP
  values per GPU per micro-batch each way (Megatron scatter-gather p2p), spread over the step.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from sizing.frozen import quick_init, quick_new
from sizing.memory import Layout
from sizing.types import GpuSpec

GPUS_PER_NODE = 8  # HGX/OAM boards and most 8-GPU cloud instances
# Exposed (un-overlapped) communication may take this share of a step: sizing.md §1.6 calls DP sync
# worth fixing above 10-20% of compute; we take the middle [assumption, an engineering heuristic].
EXPOSED_COMM_SHARE = 0.15
# Backward is 2/3 of a step's matmul FLOPs (4N of 6N per token, Kaplan et al. arXiv 2001.08361 §2.1);
# gradient buckets are reduced while the last micro-batch's backward still runs.
BACKWARD_SHARE = 2.0 / 3.0
PP_ACTIVATION_BYTES = 2.0  # bf16 activations between pipeline stages


@quick_init
@dataclass(frozen=True, slots=True)
class SyncNeed:
    """What one optimizer step asks of the network, for one layout."""

    gpu_bytes: float  # DP bytes each GPU sends per step (ring all-reduce, nccl busBW accounting)
    node_dp_bytes: float  # DP bytes through one node's scale-out NICs per step; 0 within a node
    node_pp_bytes: float  # pipeline activations + gradients through one node's NICs per step
    step_s: float  # one optimizer step (global batch) at the compute speed
    window_s: float  # the DP sync may take this long: last micro-batch's backward + exposed share

    @property
    def node_gbps(self) -> float:
        """Inter-node Gb/s per node that keeps exposed communication within EXPOSED_COMM_SHARE."""
        return node_need_gbps(self.node_dp_bytes, self.node_pp_bytes, self.step_s, self.window_s)

    def slowdown(self, offered_node_gbps: float | None) -> float:
        """Step-time factor on a network of `offered_node_gbps` per node (None: not limited).

        At or above the need nothing is charged: the calibrated MFU already holds the exposed
        share the published runs paid on their 200-400 Gb/s-per-GPU fabrics. Below it, the DP sync
        overruns its window by window·(need/offered - 1), and pipeline traffic overruns the rest
        of the step if it alone exceeds the link."""
        return comm_slowdown(
            self.node_dp_bytes, self.node_pp_bytes, self.step_s, self.window_s, offered_node_gbps
        )


def node_need_gbps(node_dp_bytes: float, node_pp_bytes: float, step_s: float, window_s: float) -> float:
    if step_s <= 0:
        return 0.0
    return (node_dp_bytes / window_s + node_pp_bytes / step_s) * 8 / 1e9


def comm_slowdown(
    node_dp_bytes: float,
    node_pp_bytes: float,
    step_s: float,
    window_s: float,
    offered_node_gbps: float | None,
) -> float:
    """SyncNeed.slowdown from its fields (the layout search asks it of layouts it never builds)."""
    need = node_need_gbps(node_dp_bytes, node_pp_bytes, step_s, window_s)
    return _slowdown(need, node_pp_bytes, step_s, window_s, offered_node_gbps)


def _slowdown(
    need: float, node_pp_bytes: float, step_s: float, window_s: float, offered_node_gbps: float | None
) -> float:
    """comm_slowdown with the need (_node_gbps) already worked out."""
    if offered_node_gbps is None or need <= offered_node_gbps or step_s <= 0:
        return 1.0
    if offered_node_gbps <= 0:
        return math.inf
    ratio = need / offered_node_gbps
    pp_ratio = node_pp_bytes * 8 / 1e9 / step_s / offered_node_gbps
    late = window_s * (ratio - 1.0) + (step_s - window_s) * max(0.0, pp_ratio - 1.0)
    return 1.0 + late / step_s


def sync_need(
    lay: Layout, trainable_params: float, grad_bytes: float, step_s: float, seq_len: int, hidden: int
) -> SyncNeed:
    return SyncNeed(*layout_sync_terms(lay, trainable_params, grad_bytes, step_s, seq_len, hidden))


def layout_sync_terms(
    lay: Layout, trainable_params: float, grad_bytes: float, step_s: float, seq_len: int, hidden: int
) -> tuple[float, float, float, float, float]:
    """sync_terms for a Layout: SyncNeed's fields without building one (the plan's hot path)."""
    return sync_terms(
        lay.gpus,
        lay.dp,
        lay.tp,
        lay.pp,
        lay.zero_stage,
        lay.micro_batch,
        lay.grad_accum,
        trainable_params,
        grad_bytes,
        step_s,
        seq_len,
        hidden,
    )


def sync_terms(
    gpus: int,
    dp: int,
    tp: int,
    pp: int,
    zero_stage: int,
    micro_batch: int,
    grad_accum: int,
    trainable_params: float,
    grad_bytes: float,
    step_s: float,
    seq_len: int,
    hidden: int,
) -> tuple[float, float, float, float, float]:
    """SyncNeed's fields for a layout given by its numbers (sync_need for a Layout)."""
    shard = trainable_params / (tp * pp) * grad_bytes
    n = dp
    factor = 1.5 if zero_stage >= 3 else 1.0
    per_gpu = factor * 2.0 * (n - 1) / n * shard if n > 1 else 0.0
    window = step_s * (BACKWARD_SHARE / max(1, grad_accum) + EXPOSED_COMM_SHARE)
    if gpus <= GPUS_PER_NODE:
        return (per_gpu, 0.0, 0.0, step_s, window)
    # Nodes one DP group spans (ranks ordered tp, dp, pp: TP innermost, Megatron's default), and
    # its ranks per node.
    spans = math.ceil(n * tp / GPUS_PER_NODE - 1e-9)
    node_dp = per_gpu * GPUS_PER_NODE / (n / spans) if spans > 1 else 0.0
    node_pp = 0.0
    if pp > 1:
        senders = min(GPUS_PER_NODE, n * tp)  # GPUs of a node whose stage neighbour is elsewhere
        per_micro = seq_len * micro_batch * hidden / tp * PP_ACTIVATION_BYTES
        node_pp = senders * 2.0 * per_micro * grad_accum  # forward activations + backward grads
    return (per_gpu, node_dp, node_pp, step_s, window)


def unlisted_gbps(gpus: int) -> float:
    """Per-node bandwidth assumed for an instance sold without a listed scale-out network: the low
    end of the seed guide's tier for this cluster size [assumption: such offerings are plain
    Ethernet more often than not; the answer asks the user to confirm]."""
    return seed_tier(gpus)[1][0]


@quick_init
@dataclass(frozen=True, slots=True)
class NetworkAdvice:
    tier: str  # "single_gpu" | "multi_gpu" | "cluster" (seed guide §2.4)
    tier_gbps: tuple[float, float]
    infiniband: bool
    required_gbps: float  # per node, inter-node; 0 on one node
    sync_gb_per_step: float  # DP bytes each GPU sends per optimizer step
    scale_up: str  # "nvlink" | "infinity_fabric" | "pcie" | "nvlink_pairs" (bridged pairs)
    multi_node: bool
    node_sync_gb: float = 0.0  # DP + pipeline bytes through one node's NICs per step
    step_s: float = 0.0
    window_s: float = 0.0
    offered_gbps: float | None = None  # per node, from the priced offering; None when not listed
    assumed_gbps: float | None = None  # per node, what the time model used (None: not limited)
    comm_slowdown: float = 1.0

    @property
    def required_gbps_per_gpu(self) -> float:
        return self.required_gbps / GPUS_PER_NODE if self.multi_node else 0.0

    @property
    def exceeds_tier(self) -> bool:
        """The required inter-node bandwidth is above the seed tier's upper bound."""
        return self.multi_node and self.required_gbps > self.tier_gbps[1]

    @property
    def adequate(self) -> bool | None:
        """Whether the offering's listed network covers the need (None: multi-node, not listed)."""
        if not self.multi_node:
            return True
        if self.offered_gbps is None:
            return None
        return self.offered_gbps >= self.required_gbps * (1.0 - 1e-9)

    def to_dict(self) -> dict[str, object]:
        return {
            "exceeds_tier": self.exceeds_tier,
            "message": (
                f"needs ~{self.required_gbps:,.0f} Gb/s per node, above the guide's "
                f"{self.tier_gbps[0]:g}-{self.tier_gbps[1]:g} Gb/s tier for this cluster size"
                if self.exceeds_tier
                else None
            ),
            "tier": self.tier,
            "tier_gbps": list(self.tier_gbps),
            "infiniband": self.infiniband,
            "required_gbps": round(self.required_gbps, 1),
            "required_gbps_per_node": round(self.required_gbps, 1),
            "required_gbps_per_gpu": round(self.required_gbps_per_gpu, 1),
            "offered_gbps_per_node": self.offered_gbps,
            "assumed_gbps_per_node": self.assumed_gbps,
            "adequate": self.adequate,
            "comm_slowdown": round(self.comm_slowdown, 3),
            "sync_gb_per_step": round(self.sync_gb_per_step, 3),
            "node_sync_gb_per_step": round(self.node_sync_gb, 3),
            "step_s": round(self.step_s, 3),
            "sync_window_s": round(self.window_s, 3),
            "scale_up": self.scale_up,
            "multi_node": self.multi_node,
        }


_new_advice = quick_new(NetworkAdvice)


# Scale-out network of mainstream H100/H200 training instances, per GPU: Azure ND H100 v5 gives each GPU
# a 400 Gb/s InfiniBand link, AWS p5 3,200 Gb/s of EFA per 8-GPU node (knowledge faq.infiniband_roce).
TRAINING_INSTANCE_GBPS_PER_GPU = 400.0


def link_verdict(offered_node_gbps: float, gpus: int | None) -> tuple[str, float, tuple[float, float]]:
    """Whether a link of `offered_node_gbps` per node carries data-parallel training across nodes of
    `gpus` GPUs (None: two 8-GPU nodes): "no" below the seed guide's tier for that many GPUs, "yes" at
    the training instances' rate per GPU, "depends" between (enough for small models and LoRA, the
    model decides). Returns (verdict, Gb/s per GPU, the seed tier's range per node)."""
    count = gpus if gpus and gpus > GPUS_PER_NODE else 2 * GPUS_PER_NODE
    per_gpu = offered_node_gbps / GPUS_PER_NODE
    _, tier, _ = seed_tier(count)
    if offered_node_gbps < tier[0]:
        return "no", per_gpu, tier
    if per_gpu >= TRAINING_INSTANCE_GBPS_PER_GPU:
        return "yes", per_gpu, tier
    return "depends", per_gpu, tier


def seed_tier(gpus: int) -> tuple[str, tuple[float, float], bool]:
    """Seed guide §2.4: 1 GPU 10-50 Gbps; 4-16 GPUs 50-200 Gbps (IB recommended); 32+ 200-400 Gbps IB."""
    if gpus <= 1:
        return "single_gpu", (10.0, 50.0), False
    if gpus <= 16:
        return "multi_gpu", (50.0, 200.0), gpus > GPUS_PER_NODE
    return "cluster", (200.0, 400.0), True


def advise(
    gpu: GpuSpec,
    gpus: int,
    terms: tuple[float, float, float, float, float],
    required_gbps: float,
    offered_gbps: float | None,
    assumed_gbps: float | None,
    one_node: bool = False,
) -> NetworkAdvice:
    """The network advice for a layout on `gpus` GPUs whose sync_terms are `terms` and whose need
    per node across nodes is `required_gbps` (= node_need_gbps of them; unused on one node).
    `one_node`: the GPUs are one instance however many (cost.one_instance)."""
    multi_node = gpus > GPUS_PER_NODE and not one_node
    tier, gbps, ib = seed_tier(gpus)
    if gpu.scale_up_gbs is None:
        scale_up = "pcie"
    elif gpu.scale_up_domain < min(gpus, GPUS_PER_NODE):
        # Bridged pairs (RTX A6000, A40): NVLink joins two cards, PCIe the rest of the node.
        scale_up = "nvlink_pairs"
    else:
        scale_up = "infinity_fabric" if gpu.vendor == "amd" else "nvlink"
    gpu_bytes, node_dp_bytes, node_pp_bytes, step_s, window_s = terms
    required, slowdown = 0.0, 1.0
    if multi_node:
        required = required_gbps
        slowdown = _slowdown(required, node_pp_bytes, step_s, window_s, assumed_gbps)
    return _new_advice(
        tier,
        gbps,
        ib,
        required,
        gpu_bytes / 1e9,
        scale_up,
        multi_node,
        (node_dp_bytes + node_pp_bytes) / 1e9,
        step_s,
        window_s,
        offered_gbps if multi_node else None,
        assumed_gbps if multi_node else None,
        slowdown,
    )


@quick_init
@dataclass(frozen=True, slots=True)
class ScaleUpNeed:
    """What a one-node layout's data-parallel sync asks of the GPU-to-GPU link, against PCIe."""

    sync_gb: float  # DP bytes each GPU sends per optimizer step
    need_gbs: float  # GB/s per direction that fits the sync in its window (EXPOSED_COMM_SHARE)
    pcie_gbs: float  # the GPU's PCIe x16 per direction, at the all-reduce share measured on PCIe
    pcie_enough: bool


def scale_up_need(gpu: GpuSpec, advice: NetworkAdvice) -> ScaleUpNeed:
    """Whether PCIe carries the gradient sync of `advice`'s layout within its window, or NVLink (or
    Infinity Fabric) matters: the sync bytes over the window against PCIe at the all-reduce share
    the serving calibration measured on PCIe (serve_calibration.link_efficiency_pcie)."""
    from sizing.serve_calibration import CALIBRATED  # the serving model: imported when asked
    from sizing.serve_speed import pcie_gbs

    need = advice.sync_gb_per_step / advice.window_s if advice.window_s > 0 else 0.0
    pcie = pcie_gbs(gpu) * CALIBRATED.link_efficiency_pcie
    return ScaleUpNeed(advice.sync_gb_per_step, need, pcie, need <= pcie)
