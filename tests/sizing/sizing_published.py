"""Published pre-training runs used to check the time model (my own transcription of the
primary tables; effective MFU is derived, not reported). GPU-hours as reported unless noted."""

from __future__ import annotations

from typing import NamedTuple


class Run(NamedTuple):
    model: str
    params: float
    tokens: float
    seq_len: int
    gpu: str
    gpus: int | None
    gpu_hours: float
    source: str


RUNS: tuple[Run, ...] = (
    Run("LLaMA-7B", 6.7e9, 1.0e12, 2048, "a100-80gb", None, 82_432, "arXiv 2302.13971 Table 15"),
    Run("LLaMA-13B", 13.0e9, 1.0e12, 2048, "a100-80gb", None, 135_168, "arXiv 2302.13971 Table 15"),
    Run("LLaMA-33B", 32.5e9, 1.4e12, 2048, "a100-80gb", None, 530_432, "arXiv 2302.13971 Table 15"),
    Run("LLaMA-65B", 65.2e9, 1.4e12, 2048, "a100-80gb", 2048, 1_022_362, "arXiv 2302.13971 Table 15"),
    Run("Llama-2-7B", 6.74e9, 2.0e12, 4096, "a100-80gb", None, 184_320, "arXiv 2307.09288 Table 2"),
    Run("Llama-2-13B", 13.0e9, 2.0e12, 4096, "a100-80gb", None, 368_640, "arXiv 2307.09288 Table 2"),
    Run("Llama-2-34B", 34.0e9, 2.0e12, 4096, "a100-80gb", None, 1_038_336, "arXiv 2307.09288 Table 2"),
    Run("Llama-2-70B", 69.0e9, 2.0e12, 4096, "a100-80gb", None, 1_720_320, "arXiv 2307.09288 Table 2"),
    Run("Llama-3-70B", 70.6e9, 15e12, 8192, "h100-sxm", None, 6_400_000, "meta-llama/llama3 MODEL_CARD.md"),
    Run(
        "Llama-3.1-405B",
        405.9e9,
        15.6e12,
        8192,
        "h100-sxm",
        16384,
        30_840_000,
        "llama-models 3.1 MODEL_CARD.md",
    ),
    Run("BLOOM-176B", 176.2e9, 366e9, 2048, "a100-80gb", 384, 1_082_990, "arXiv 2211.02001 Table 1"),
    Run("MPT-7B", 6.7e9, 1.0e12, 2048, "a100-40gb", 440, 100_320, "MosaicML MPT-7B post (440 GPUs x 9.5 d)"),
    Run("Pythia-410M", 4.05e8, 299.9e9, 2048, "a100-40gb", None, 2_540, "arXiv 2304.01373 Table 5"),
    Run("Pythia-1.4B", 1.41e9, 299.9e9, 2048, "a100-40gb", None, 7_120, "arXiv 2304.01373 Table 5"),
    Run("Pythia-2.8B", 2.78e9, 299.9e9, 2048, "a100-40gb", None, 14_240, "arXiv 2304.01373 Table 5"),
    Run("Pythia-6.9B", 6.86e9, 299.9e9, 2048, "a100-40gb", 128, 33_500, "arXiv 2304.01373 Table 5"),
    Run("Pythia-12B", 11.8e9, 299.9e9, 2048, "a100-40gb", None, 72_300, "arXiv 2304.01373 Table 5"),
    Run("SmolLM3-3B", 3.08e9, 11.2e12, 4096, "h100-sxm", 384, 221_184, "HF SmolLM3 post (384 GPUs x 24 d)"),
    Run("DeepSeek-V3-active", 37e9, 14.8e12, 4096, "h800", 2048, 2_788_000, "arXiv 2412.19437 Table 1"),
)
