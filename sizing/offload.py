"""CPU offload's cost per optimizer step, from what it streams and what the host computes.

ZeRO-Offload (and FSDP CPUOffload) keeps the fp32 master weights, the optimizer state and the gradients
in host memory: each step the gradients go down to the host during backward (hidden behind it), the CPU
runs the optimizer step over its machine's share of the parameters, and the updated 16-bit weights come
back up over PCIe; those two sit on the step's critical path. With the parameters offloaded too
(ZeRO-Infinity / ZeRO-3 `offload_param`, FSDP `offload_params=True`), every micro-batch fetches each
GPU's shard of the weights from host memory for the forward pass and again for the backward pass
[counted in full: the prefetch that hides part of it behind compute is not credited].

The slowdown is (compute + exposed transfer and host time) / compute for one step of the recipe's global
batch, so a large batch on a slow GPU hides offload almost entirely and a fast GPU waits on its host.
The rates are `types.OffloadRates` (knowledge/data/settings.yaml `cpu_offload`, sourced there).
"""

from __future__ import annotations

from sizing.network import GPUS_PER_NODE
from sizing.types import GpuSpec, OffloadRates


def weight_bytes(precision: str) -> float:
    """Bytes of one stored 16-bit (or fp32) weight or gradient as offload moves it."""
    return 4.0 if precision == "fp32" else 2.0


# A machine with more GPUs than this is a server, whatever the GPUs (an 8 x RTX 4090 box is).
WORKSTATION_MAX_GPUS = 2


def workstation(gpu: GpuSpec, gpus: int) -> bool:
    """One or two consumer or workstation GPUs: the host is a workstation, not a GPU server."""
    return gpu.segment != "datacenter" and min(gpus, GPUS_PER_NODE) <= WORKSTATION_MAX_GPUS


def host_adam_gbs(gpu: GpuSpec, gpus: int, rates: OffloadRates) -> float:
    """Memory bandwidth the CPU optimizer step reaches on the machine that holds these GPUs."""
    return rates.workstation_adam_gbs if workstation(gpu, gpus) else rates.server_adam_gbs


def assumed_host_ram_gb(gpu: GpuSpec, gpus: int, rates: OffloadRates) -> float:
    """Host RAM of a machine with these GPUs that no listed instance describes."""
    return rates.workstation_host_ram_gb if workstation(gpu, gpus) else rates.server_host_ram_gb


def exposed_seconds(
    *,
    gpu: GpuSpec,
    rates: OffloadRates,
    gpus: int,
    params: float,
    trainable_params: float,
    precision: str,
    micro_batches: int,
    params_offloaded: bool,
) -> float:
    """Seconds of one optimizer step that offload adds on each GPU: the weights copied back up, the host's
    optimizer step over its machine's share, and (parameters offloaded) the weights fetched twice per
    micro-batch."""
    from sizing.serve_speed import pcie_gbs  # the PCIe figures' owner; imported when offload is asked

    link = pcie_gbs(gpu) * rates.pcie_dma_efficiency * 1e9
    b = weight_bytes(precision)
    gpus = max(1, gpus)
    up = trainable_params * b / gpus / link
    on_machine = trainable_params * min(gpus, GPUS_PER_NODE) / gpus
    host = on_machine * rates.host_adam_bytes_per_param / (host_adam_gbs(gpu, gpus, rates) * 1e9)
    fetch = 2.0 * max(1, micro_batches) * params * b / gpus / link if params_offloaded else 0.0
    return up + host + fetch


def slowdown(compute_seconds: float, exposed: float) -> float:
    """Step time with offload over step time without it."""
    return 1.0 + exposed / compute_seconds if compute_seconds > 0 else 1.0
