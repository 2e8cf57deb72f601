"""Fitted constants of the serving speed model (sizing/serve_speed.py), in one place.

Fitted by `python benchmarks/fit_serving.py` (least squares on log(predicted / published)) over
the published runs in knowledge/data/serving_runs.yaml (the latency floor on the small-batch ones:
`--floors`): TensorRT-LLM's perf overview
(releases 0.14, 0.20 and 1.0) on H100, H200, A100 and L40S, FP8 and FP16, Llama 3.1/3.3 8B-405B,
Mistral 7B, Mixtral 8x7B/8x22B, Qwen3-235B-A22B and Llama 4, 1-8 GPUs. `gpu-advisor validate`
reports the error on those runs and on the held-out ones (never fitted on) side by side;
benchmarks/fit_serving.py also refits without each model in turn (leave-one-model-out).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class FitSummary:
    """How well the constants below reproduce the runs (printed by benchmarks/fit_serving.py)."""

    runs: int
    median_error: float  # in sample, log-symmetric
    within_50: float
    cv_median_error: float  # each model's runs predicted by constants fitted without that model
    cv_within_50: float
    holdout_runs: int  # runs never fitted on (serving_runs.yaml holdout: true)
    holdout_median_error: float
    holdout_within_50: float


@dataclass(frozen=True, slots=True)
class ServeConstants:
    # Share of peak HBM bandwidth a decode step achieves. Rule of thumb 60-85% (reference/serving.md §1).
    bandwidth_efficiency: float
    # Share of dense peak FLOP/s in large-batch decode matmuls and in prefill.
    decode_compute_efficiency: float
    prefill_efficiency: float
    # Memory and compute overlap imperfectly: the step costs max(m, c) + overlap_penalty · min(m, c).
    overlap_penalty: float
    # Per decode step: scheduling, sampling and launches (CUDA graphs keep this small).
    step_overhead_s: float
    # Per all-reduce over NVLink and over PCIe: a fixed latency and the share of the link's bandwidth
    # the all-reduce achieves.
    allreduce_latency_s: float
    allreduce_latency_pcie_s: float
    link_efficiency: float
    link_efficiency_pcie: float
    # Requests a server batches at most, whatever the KV cache holds.
    max_batch: int
    # Latency floors of a decode step (sizing/serve_speed.layer_floor_s): however little a kernel has
    # to read, it takes about this long (launch, ramp-up, drain) ...
    kernel_latency_s: float = 11e-6
    # ... and, where tensor parallelism slices every expert, each expert a token is routed to costs
    # this much more per MoE layer at small batch (a thin slice per expert). A GPU holding its experts
    # whole runs them as one grouped GEMM and pays nothing extra (serve_speed.floor_counts).
    expert_latency_s: float = 0.0
    # Expert parallel with attention data parallel (sizing/serve_layout.py): the ranks meet twice per
    # MoE layer, so every step waits for the slowest rank (its requests' contexts, the tokens its
    # experts draw); the busiest rank's work and exchange cost (1 + this) times the average rank's.
    rank_imbalance: float = 0.0
    # 4-bit weight-only kernels (AWQ/GPTQ; serve_precision) dequantise every weight to 16 bits as they
    # read it: at a small batch they take this many times longer over their weights than a 16-bit
    # kernel over the same bytes. (FP8 weight-only on Ampere is left at 1: no measurement found.)
    int4_read_factor: float = 1.0


# Fitted 2026-12-01 by benchmarks/fit_serving.py on the 313 runs not held out (its output: in
# sample median |error| 9%, 97% within ±50%; leave-one-model-out 10%, 98%). With servers caching
# the full context of all-sliding-window models (serve_memory.windows_cached), the 570 held-out runs
# (TensorRT-LLM 0.15, 0.17, online table): median |error| 10%, 100% within ±50%. A refit after that
# change moved the error by a point (8% / 9%) and pushed the all-reduce latencies to their 1 µs bound,
# so these constants stay.
CALIBRATED = ServeConstants(
    bandwidth_efficiency=0.661,
    decode_compute_efficiency=0.527,
    prefill_efficiency=0.649,
    overlap_penalty=0.684,
    step_overhead_s=67e-6,
    allreduce_latency_s=3.0e-6,
    allreduce_latency_pcie_s=5.4e-6,
    link_efficiency=0.431,
    link_efficiency_pcie=0.431,
    max_batch=732,
    # TensorRT-LLM tech blog 1 (8×B200, DeepSeek-R1, no speculative decoding): 111 tokens/s per user,
    # 9.0 ms per step over 61 layers of 13 kernels = 11 µs per kernel, with every fusion they made.
    kernel_latency_s=11e-6,
    # Fitted alone (fit_serving.py --floors) on SGLang 0.4.1's DeepSeek-V3 runs at 1, 8 and 32 requests
    # on 8×H200 (30, 206, 761 tokens/s): predicted/published 0.89, 1.05, 1.11. The maximum-load runs
    # above are unchanged by the floor (in sample 9%, hold-out 10%). It applies to experts sliced by
    # tensor parallelism, as in that run and in vLLM's (DeepSeek-V3.2 on 8×H20, TP 8, one request:
    # 30 tokens/s, vllm-project/vllm#30832, 2025-12; predicted 27 for DeepSeek-V3). On one GPU the
    # experts are whole: 3B-active MoEs decode at 4.7-5.8 ms per token, their 11 µs kernels plus the
    # reads of the experts a step touches (Qwen3-Coder-Next FP8 on 1×H200: 210.8 tokens/s,
    # millstoneai.com, 2026-02-09; Qwen3.5-35B-A3B-FP8 on 1×H100: 172.5 tokens/s, luminal.com/report,
    # read 2026-12-02; gpt-oss-120b on 1×H100 at 4 requests 511 tokens/s, on 1×H200 at 10 requests
    # 849, millstoneai.com, 2026-01/02), where 53 µs per expert would make the first two 25-33 ms
    # (knowledge/data/serving_runs.yaml, small-batch notes; serve_speed.Timing._floor_s).
    expert_latency_s=53e-6,
    # Fitted alone (fit_serving.py, mean log error zero) on the 16 MoE runs of TensorRT-LLM 1.0's perf
    # overview with attention DP and --ep (Qwen3-235B-A22B, Llama 4 Maverick and Scout on 4-8 H100/H200),
    # timed expert parallel: the busiest rank's step, decode and prefill alike (serve_speed.Timing), is
    # 1.445 times the average rank's. Before 2026-12-03 it gated decode only (1.58): leave-one-model-out
    # over those 16 runs, mean |log error| 0.184 -> 0.154 and within ±50% 94% -> 100%; the prefill-heavy
    # Qwen3-235B-A22B 5000/500 on 8×H200 went from 1.53 to 1.21 of published when left out.
    rank_imbalance=0.445,
    # Fitted alone (fit_serving.py --int4, mean log error zero) on vLLM 0.6.3's one-request
    # GPTQ-Int4 runs of Qwen2.5-7B and 32B on one A100 80GB (Qwen2.5 speed benchmark): 154 and 56
    # tokens/s where reading 4-bit weights at the 16-bit rate gave 286 and 73 (now 1.17 and 0.82 of
    # published). Held out, never fitted: the same table's 14B and 72B INT4 rows, 1.56 and 1.30 of
    # published before, 0.98 and 0.90 after (serving_runs.yaml).
    int4_read_factor=1.62,
)

FIT = FitSummary(
    runs=316,
    median_error=0.09,
    within_50=0.97,
    cv_median_error=0.10,
    cv_within_50=0.98,
    holdout_runs=570,
    holdout_median_error=0.10,
    holdout_within_50=1.00,
)
