"""Every fitted constant of the time model, in one place, with the runs it was fitted on.

Model (see compute.mfu): the time per token is matmul time plus memory-bound time (norms,
activations, softmax, optimizer step) whose share grows with the GPU's ridge point
(peak FLOP/s ÷ memory bandwidth) and shrinks with width (matmul work per layer ∝ h², elementwise
∝ h):

    mfu = MAMF / (1 + C_RIDGE · MAMF · ridge_tflops_per_tbs · (H_REF / h) ** ALPHA_WIDTH) × goodput(n)

MFU is on the model-FLOPs basis including the attention term (PaLM, arXiv 2204.02311 App. B:
6·N + 12·L·H·Q·T per token). The constants were fitted by least squares on log(GPU-hours) over
these published pre-training runs (effective MFU = model FLOPs ÷ (GPU-hours × dense BF16 peak)):
  LLaMA-7B/13B/33B/65B, A100-80GB: 82,432 / 135,168 / 530,432 / 1,022,362 GPU-h
    (arXiv 2302.13971 Table 15)
  Llama 2 7B/13B/34B/70B, A100-80GB: 184,320 / 368,640 / 1,038,336 / 1,720,320 GPU-h
    (arXiv 2307.09288 Table 2)
  Llama 3 70B / Llama 3.1 405B, H100: 6.4M / 30.84M GPU-h (model cards)
  BLOOM-176B, 384 A100-80GB: 1,082,990 GPU-h (arXiv 2211.02001 Table 1)
  MPT-7B, 440 A100-40GB x 9.5 d (MosaicML MPT-7B post)
  Pythia 410M/1.4B/2.8B/6.9B/12B, A100-40GB: 2,540 / 7,120 / 14,240 / 33,500 / 72,300 GPU-h
    (arXiv 2304.01373 Table 5)
  SmolLM3-3B, 384 H100 x 24 d (HF SmolLM3 post)
  DeepSeek-V3 active 37B, 2,048 H800: 2.788M GPU-h (arXiv 2412.19437 Table 1; FP8, counted at BF16 peak)
Excluded as outliers, per reference/sizing.md §3.1: Llama 3/3.1 8B (hours cover more than one pass).
Leave-one-out residuals are reported by tests/sizing/test_calibration.py.
"""

from __future__ import annotations

C_RIDGE = 0.006  # fitted
ALPHA_WIDTH = 0.3  # fitted; 0 would mean width does not matter, 1 the pure h²/h argument
H_REF = 4096.0
# Fitted to 0: beyond the goodput term below, the runs show no trend with GPU count (128-16,384).
SCALE_PER_DOUBLING = 0.0
# Leave-one-out over the 19 runs: σ(log pred/actual) = 0.20, 79% within ±25%, 95% within ±50%.
# The band is ×/÷ exp(1.96σ) ≈ 1.48 (≈95% if residuals were log-normal).
LOG_SIGMA = 0.20
BAND_Z = 1.96

# Goodput: restarts, evaluation and checkpointing. Llama 3 kept >90% effective training time on
# 16K H100s with 419 unexpected interruptions in 54 days (arXiv 2407.21783 §3.3.4): 1 - 0.007·log2(n)
# gives 0.90 at 16,384 GPUs and ~0.98 on one node.
GOODPUT_PER_DOUBLING = 0.007

# Measured best-case matmul fraction of dense peak (MAMF) when the catalog has none:
# stas00/ml-engineering MAMF table (A100 86%, H100 80%, B200 78%, MI300X 60%).
DEFAULT_MAMF_NVIDIA = 0.80
DEFAULT_MAMF_AMD = 0.60

# FP8 realised speed-up over BF16 on FP8 GPUs: MosaicML H100 benchmarks ≈1.27-1.33×
# (mosaicml/llm-foundry benchmarking README, derived in reference/sizing.md §1.5).
FP8_SPEEDUP = 1.3
# QLoRA dequantisation: torchtune README 2,413 vs 3,083 tok/s for LoRA (≈1.28× slower).
QLORA_SLOWDOWN = 1.28
# Tensor parallelism inside NVLink: ~3% per doubling (Korthikanti Table 5: 41.5-56% MFU with TP 8
# vs. single-GPU ~60% matmul share) [assumption].
TP_LOSS_PER_DOUBLING = 0.03
# ZeRO-3 moves 3Ψ instead of 2Ψ per step (ZeRO paper §7.2); EleutherAI found its overhead too high
# at scale (Transformer Math 101). 5% when multi-GPU [assumption].
ZERO3_LOSS = 0.05
