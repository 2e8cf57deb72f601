"""Which precision a GPU can serve a model in: the kernels the serving engines have per architecture.

A GPU without BF16 tensor cores (V100, T4) serves BF16 checkpoints in FP16 (same bytes; vLLM casts with
`--dtype half`). FP8 runs as W8A8 where the GPU has FP8 tensor cores (the catalogue's `tflops.fp8`: Ada,
Hopper, Blackwell, MI300X) and as FP8 weight-only (W8A16, Marlin kernels) on Ampere; Volta and Turing
have neither. INT8 runs W8A8 from Turing on and weight-only (GPTQ 8-bit) on Volta. INT4 (AWQ/GPTQ
4-bit weight-only) runs from Volta on (GPTQ; AWQ from Turing on). Source: vLLM "Supported Hardware"
table for quantization kernels (docs.vllm.ai features/quantization, v0.9.2 to v0.15, read 2026-12):
FP8 W8A8 Ada/Hopper/AMD; Marlin (GPTQ/AWQ/FP8) Ampere+; INT8 W8A8 Turing+; GPTQ Volta+; AWQ Turing+;
AWQ, GPTQ and INT8 W8A8 not on AMD GPUs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from sizing.serve_types import ServePrecision
from sizing.types import GpuSpec

Kernel = Literal["native", "w8a8", "weight_only"]

# Architectures with FP8 weight-only kernels (Marlin) but no FP8 tensor cores.
FP8_WEIGHT_ONLY_ARCHITECTURES = frozenset({"ampere"})
# Architectures where INT8 runs W8A8 on integer tensor cores (else weight-only, where listed).
INT8_W8A8_ARCHITECTURES = frozenset({"turing", "ampere", "ada", "hopper", "blackwell"})
INT8_WEIGHT_ONLY_ARCHITECTURES = frozenset({"volta"})
# 4-bit weight-only kernels (GPTQ from Volta, AWQ from Turing); none listed for AMD GPUs.
INT4_ARCHITECTURES = frozenset({"volta", "turing", "ampere", "ada", "hopper", "blackwell"})
# What a request in a precision the GPU cannot run is served in instead, in order: the same bytes
# per weight first (so the memory answer holds), then 16 bits.
SUBSTITUTES: dict[ServePrecision, tuple[ServePrecision, ...]] = {
    "bf16": ("fp16",),
    "fp16": (),
    "fp8": ("int8", "fp16"),
    "int8": ("fp8", "fp16"),
    "int4": ("int8", "fp8", "fp16"),
}

# The next precision down a team would try: 16-bit -> FP8, FP8/INT8 -> INT4 (AWQ/GPTQ).
SMALLER_PRECISION: dict[ServePrecision, ServePrecision] = {
    "bf16": "fp8",
    "fp16": "fp8",
    "fp8": "int4",
    "int8": "int4",
}


@dataclass(frozen=True, slots=True)
class PrecisionSupport:
    precision: ServePrecision  # what is served
    kernel: Kernel  # native 16-bit math, W8A8 (8-bit math), or weight-only (16-bit math)
    asked: ServePrecision  # what was asked

    @property
    def substituted(self) -> bool:
        return self.precision != self.asked


def kernel_for(gpu: GpuSpec, precision: ServePrecision) -> Kernel | None:
    """How `gpu` runs `precision`, or None when no serving engine has kernels for it there."""
    arch = gpu.architecture
    t = gpu.tflops
    if precision == "fp16":
        return "native" if t.fp16 or t.bf16 else None
    if precision == "bf16":
        return "native" if t.bf16 else None
    if precision == "fp8":
        if t.fp8 is not None:
            return "w8a8"
        return "weight_only" if arch in FP8_WEIGHT_ONLY_ARCHITECTURES else None
    if precision == "int8":
        if arch in INT8_W8A8_ARCHITECTURES:
            return "w8a8"
        return "weight_only" if arch in INT8_WEIGHT_ONLY_ARCHITECTURES else None
    return "weight_only" if arch in INT4_ARCHITECTURES else None


def supports(gpu: GpuSpec, precision: ServePrecision) -> bool:
    return kernel_for(gpu, precision) is not None


def serving_precision(gpu: GpuSpec, precision: ServePrecision) -> PrecisionSupport | None:
    """The precision `gpu` serves a `precision` request in: itself where it has kernels, else the
    first substitute it has (BF16 -> FP16 on V100/T4; FP8 -> INT8 weight-only on V100), else None."""
    for candidate in (precision, *SUBSTITUTES[precision]):
        kernel = kernel_for(gpu, candidate)
        if kernel is not None:
            return PrecisionSupport(candidate, kernel, precision)
    return None


def deployed_below(gpu: GpuSpec, precision: ServePrecision) -> tuple[ServePrecision, ...]:
    """The smaller precisions a team serves a `precision` model in on `gpu`, in the order they try
    them: FP8 where the GPU has FP8 tensor cores (W8A8), then INT4 (AWQ/GPTQ) where a 4-bit kernel exists.
    Ampere's FP8 is weight-only: the same 16-bit math as INT4 with twice its bytes, so there the step
    down is INT4."""
    out: list[ServePrecision] = []
    smaller = SMALLER_PRECISION.get(precision)
    while smaller is not None:
        kernel = kernel_for(gpu, smaller)
        if (kernel == "w8a8" and smaller == "fp8") or (kernel is not None and smaller == "int4"):
            out.append(smaller)
        smaller = SMALLER_PRECISION.get(smaller)
    return tuple(out)
