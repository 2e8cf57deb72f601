"""How a replica of several GPUs lays out a mixture-of-experts model: the one owner of that choice.

- "tp" (tensor parallel): every GPU holds a slice of every weight, attention heads included; each
  layer ends in an all-reduce; every GPU runs a slice of each expert a token is routed to.
- "ep" (expert parallel with attention data parallel): the routed experts are spread over the GPUs
  (E / n whole experts each); attention, the dense layers, the shared expert and the embeddings are
  replicated on every GPU (rank), each rank runs its own requests (its own KV cache and batch), and
  each MoE layer exchanges the tokens between the ranks twice (to their experts and back) instead
  of the all-reduces. TensorRT-LLM 1.0 serves its MoE max-throughput runs this way (perf overview:
  `enable_attention_dp: true` with `--ep`); on one Hopper node (no multi-node NVLink) its exchange
  is an all-gather of every rank's tokens and a reduce-scatter of the results
  (tensorrt_llm/_torch/modules/fused_moe: all-to-all only with MNNVL or DeepEP). SGLang's
  `--enable-dp-attention` is the same idea; SGLang 0.4.1's DeepSeek-V3 release ran plain `--tp 8`.

TensorRT-LLM's "Parallelism in TensorRT-LLM" page: for attention, tensor parallel is "best for
small batch sizes", data parallel "best for large batch sizes" (weights replicated, KV cache
partitioned by request). The layout follows that regime, not the better of two timings
(the TP model over-predicts Llama 4 on H100 1.5-2.3x where TensorRT-LLM ran EP):
- a fixed load of at least LARGE_BATCH_PER_GPU requests in flight per GPU, or full load (as many
  as memory holds: TensorRT-LLM 1.0's max-throughput runs), is "ep";
- a smaller fixed load (batch 1, a few users) is "tp";
- a rate leaves the batch to the planner: both are timed and the better kept (fits, meets the
  latency targets, costs less, serves more; attention data parallel only where the rate keeps every
  rank busy: serve_plan.evaluate, serve_check.predict).
A latency target keeps its rule (fits, meets the target, then cost) among the layouts offered.
The threshold is where TensorRT-LLM's recipe database switches: DeepSeek-R1-0528 on 8 x H200
(examples/configs/database/deepseek-ai/DeepSeek-R1-0528/H200/1k1k_tp8_conc*.yaml, checked
2026-12-02) runs attention tensor parallel up to concurrency 64 (8 per GPU) and sets
`enable_attention_dp: true` from concurrency 128 (16 per GPU) up.
"""

from __future__ import annotations

from typing import Literal

from sizing.model_arch import ModelArchitecture

ServeLayout = Literal["tp", "ep"]
SERVE_LAYOUTS: tuple[ServeLayout, ...] = ("tp", "ep")

# Requests in flight per GPU from which attention runs data parallel (TensorRT-LLM's recipe
# database, DeepSeek-R1-0528 on 8 x H200: tensor parallel to concurrency 64, attention DP from 128).
LARGE_BATCH_PER_GPU = 16


def expert_parallel_possible(arch: ModelArchitecture, tp: int, pp: int = 1) -> bool:
    """Whether the experts of `arch` spread evenly over one node's `tp` GPUs (one stage)."""
    moe = arch.moe
    return moe is not None and tp > 1 and pp == 1 and moe.experts % tp == 0 and arch.moe_layers > 0


def layout_for_batch(batch: int, gpus: int) -> ServeLayout:
    """The layout TensorRT-LLM's guidance gives `batch` requests in flight on `gpus` GPUs (for an
    MoE model whose experts divide over them): attention data parallel for a large batch per GPU."""
    return "ep" if batch >= LARGE_BATCH_PER_GPU * gpus else "tp"


def layout_wanted(layout: ServeLayout, batch: int, ranks: int, full_load: bool) -> bool:
    """Whether a timed `layout` is the one to keep when both were timed (layouts_for): expert parallel
    at full load; under a rate, tensor parallel, or expert parallel where the batch keeps every one of
    the `ranks` busy."""
    if full_load:
        return layout == "ep"
    return layout == "tp" or batch >= ranks


def layouts_for(
    arch: ModelArchitecture,
    tp: int,
    pp: int,
    concurrency: int | None,
    named: ServeLayout | None = None,
) -> tuple[ServeLayout, ...]:
    """The layouts worth timing for a replica of tp x pp GPUs under a load of `concurrency`
    requests in flight (None: as many as fit, or a rate): the one the user named when it applies,
    else the one a fixed load's batch per GPU gives (layout_for_batch), else both (the caller
    keeps expert parallel at full load, the better of the two under a rate)."""
    possible = expert_parallel_possible(arch, tp, pp)
    if named == "ep" and possible:
        return ("ep",)
    if named is not None or not possible:
        return ("tp",)
    if concurrency is not None:
        return (layout_for_batch(concurrency, tp),)
    return ("tp", "ep")
