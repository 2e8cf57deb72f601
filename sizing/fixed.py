"""The fixed costs of a real job: hours the rented GPUs are billed while not training.

A one-hour fine-tune is not a one-hour rental: the instances boot, the environment is set up, the
base model and the data are downloaded, the result is evaluated and saved. Those hours are paid on
every GPU of the plan, so they are a separate line of the answer and part of what the ranking
compares (a cheaper, slower GPU can win when setup dominates). Each figure is our assumption,
stated in the answer; the download rate is the one figure with an outside anchor.

Pre-training from scratch runs for days to months: its checkpoints and evaluations are already in
the goodput of the calibrated time model (published GPU-hours include them), so for it only
provisioning and setup are counted.
"""

from __future__ import annotations

from dataclasses import dataclass

from sizing.frozen import quick_init, quick_new
from sizing.storage import CHECKPOINT_BYTES_PER_PARAM
from sizing.workload import Workload

# Booting the instances and getting them scheduled: cloud GPU VMs start in minutes once capacity is
# granted [assumption; waiting for capacity is not counted].
PROVISION_HOURS = 0.25
# Pulling a CUDA/PyTorch container (10-20 GB), installing the training stack, a smoke test
# [assumption].
SETUP_HOURS = 0.5
# Downloading the base model and the data: ~0.5 GB/s per instance, where plain Python Hub clients
# top out (huggingface/hf_transfer README: a tool "to go beyond ~500MB/s on very high bandwidth
# network") [assumption: object storage in the same region is similar; a slow link is slower].
DOWNLOAD_GB_PER_S = 0.5
# Evaluation during and after fine-tuning: 5% of the training time, at least 15 minutes
# [assumption: a held-out eval every few hundred steps plus a final benchmark run].
EVAL_SHARE = 0.05
MIN_EVAL_HOURS = 0.25
# Writing checkpoints: the fine-tuned weights (or adapter) plus optimizer state every 4 hours and at
# the end, at ~1 GB/s per node to network storage [assumption; sizing.storage sizes the tier].
CHECKPOINT_EVERY_HOURS = 4.0
CHECKPOINT_WRITE_GB_PER_S = 1.0
BF16_BYTES = 2.0


@quick_init
@dataclass(frozen=True, slots=True)
class FixedCosts:
    provision_hours: float
    setup_hours: float
    download_hours: float
    eval_hours: float
    checkpoint_hours: float
    download_gb: float  # base model + data per instance

    @property
    def total_hours(self) -> float:
        return (
            self.provision_hours
            + self.setup_hours
            + self.download_hours
            + self.eval_hours
            + self.checkpoint_hours
        )

    def to_dict(self) -> dict[str, float]:
        return {
            "provision_hours": round(self.provision_hours, 3),
            "setup_hours": round(self.setup_hours, 3),
            "download_hours": round(self.download_hours, 3),
            "eval_hours": round(self.eval_hours, 3),
            "checkpoint_hours": round(self.checkpoint_hours, 3),
            "download_gb": round(self.download_gb, 2),
            "total_hours": round(self.total_hours, 3),
        }


_new_fixed = quick_new(FixedCosts)


def fixed_costs(w: Workload, training_hours: float, nodes: int) -> FixedCosts:
    """The hours a job of `training_hours` wall-clock on `nodes` instances is billed beyond training."""
    return FixedModel(w).costs(training_hours, nodes)


class FixedModel:
    """fixed_costs() for one workload: what depends only on the workload (the download, the
    checkpoint size) worked out once, as one plan() prices a plan per GPU type and count. The
    arithmetic is fixed_costs()'s, in the same order."""

    def __init__(self, w: Workload) -> None:
        self.from_scratch = w.from_scratch
        base_gb = w.n * BF16_BYTES / 1e9
        data_gb = (w.data_bytes if w.data_bytes is not None else w.dataset_tokens * w.bytes_per_token) / 1e9
        self.download = base_gb + data_gb
        self.download_hours = self.download / DOWNLOAD_GB_PER_S / 3600.0
        self.saved = (w.trainable_params if w.is_peft else w.n) * CHECKPOINT_BYTES_PER_PARAM / 1e9

    def costs(self, training_hours: float, nodes: int) -> FixedCosts:
        if self.from_scratch:
            return _new_fixed(PROVISION_HOURS, SETUP_HOURS, 0.0, 0.0, 0.0, 0.0)
        saves = 1 + int(training_hours // CHECKPOINT_EVERY_HOURS)
        return _new_fixed(
            PROVISION_HOURS,
            SETUP_HOURS,
            self.download_hours,
            max(MIN_EVAL_HOURS, EVAL_SHARE * training_hours),
            saves * self.saved / (CHECKPOINT_WRITE_GB_PER_S * max(1, nodes)) / 3600.0,
            self.download,
        )

    def total_hours(self, training_hours: float, nodes: int) -> float:
        """costs(training_hours, nodes).total_hours, without building the FixedCosts."""
        if self.from_scratch:
            return PROVISION_HOURS + SETUP_HOURS + 0.0 + 0.0 + 0.0
        saves = 1 + int(training_hours // CHECKPOINT_EVERY_HOURS)
        return (
            PROVISION_HOURS
            + SETUP_HOURS
            + self.download_hours
            + max(MIN_EVAL_HOURS, EVAL_SHARE * training_hours)
            + saves * self.saved / (CHECKPOINT_WRITE_GB_PER_S * max(1, nodes)) / 3600.0
        )


def minimum_fixed_hours(w: Workload) -> float:
    """The fixed hours every job of this workload pays at least (a floor for pruning)."""
    return PROVISION_HOURS + SETUP_HOURS + (0.0 if w.from_scratch else MIN_EVAL_HOURS)
