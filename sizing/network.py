"""Network advice: gradient-sync bytes per step -> required inter-node bandwidth -> seed tier."""

from __future__ import annotations

from dataclasses import dataclass

from sizing.memory import Layout
from sizing.types import GpuSpec

GPUS_PER_NODE = 8  # HGX/OAM boards and most 8-GPU cloud instances
# Sync may take at most this share of step time once overlapped with backward (Megatron notes
# overlap "can almost entirely eliminate" it; sizing.md §1.6 flags >10-20% unoverlapped) [assumption].
COMM_SHARE = 0.25


@dataclass(frozen=True, slots=True)
class NetworkAdvice:
    tier: str  # "single_gpu" | "multi_gpu" | "cluster" (seed guide §2.4)
    tier_gbps: tuple[float, float]
    infiniband: bool
    required_gbps: float  # per node, inter-node; 0 on one node
    sync_gb_per_step: float  # bytes each GPU sends per optimizer step
    scale_up: str  # "nvlink" | "infinity_fabric" | "pcie"
    multi_node: bool

    @property
    def exceeds_tier(self) -> bool:
        """The required inter-node bandwidth is above the seed tier's upper bound."""
        return self.multi_node and self.required_gbps > self.tier_gbps[1]

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
            "sync_gb_per_step": round(self.sync_gb_per_step, 3),
            "scale_up": self.scale_up,
            "multi_node": self.multi_node,
        }


def seed_tier(gpus: int) -> tuple[str, tuple[float, float], bool]:
    """Seed guide §2.4: 1 GPU 10-50 Gbps; 4-16 GPUs 50-200 Gbps (IB recommended); 32+ 200-400 Gbps IB."""
    if gpus <= 1:
        return "single_gpu", (10.0, 50.0), False
    if gpus <= 16:
        return "multi_gpu", (50.0, 200.0), gpus > GPUS_PER_NODE
    return "cluster", (200.0, 400.0), True


def advise(
    gpu: GpuSpec, lay: Layout, trainable_params: float, grad_bytes: float, step_s: float
) -> NetworkAdvice:
    """Ring all-reduce moves 2(n-1)/n·S per rank (nccl-tests PERFORMANCE.md); ZeRO-3 moves 1.5x that
    (ZeRO paper §7.2). S = this rank's gradient shard (trainable params / (TP·PP) × grad bytes)."""
    shard = trainable_params / (lay.tp * lay.pp) * grad_bytes
    factor = 3.0 if lay.zero_stage >= 3 else 2.0
    n = lay.dp
    per_gpu = factor / 2.0 * 2.0 * (n - 1) / n * shard if n > 1 else 0.0
    multi_node = lay.gpus > GPUS_PER_NODE
    required = 0.0
    if multi_node and step_s > 0:
        required = per_gpu * GPUS_PER_NODE * 8 / (COMM_SHARE * step_s) / 1e9
    tier, gbps, ib = seed_tier(lay.gpus)
    if gpu.scale_up_gbs is None:
        scale_up = "pcie"
    else:
        scale_up = "infinity_fabric" if gpu.vendor == "amd" else "nvlink"
    return NetworkAdvice(tier, gbps, ib, required, per_gpu / 1e9, scale_up, multi_node)
