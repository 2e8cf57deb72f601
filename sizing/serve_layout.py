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
partitioned by request). With fewer requests in flight than GPUs some ranks have nothing to run,
so "ep" is offered only for a load of at least one request per GPU (or no stated load: as many as
fit), and the planner keeps the layout that serves the load better (serve_plan.evaluate).
"""

from __future__ import annotations

from typing import Literal

from sizing.model_arch import ModelArchitecture

ServeLayout = Literal["tp", "ep"]
SERVE_LAYOUTS: tuple[ServeLayout, ...] = ("tp", "ep")


def expert_parallel_possible(arch: ModelArchitecture, tp: int, pp: int = 1) -> bool:
    """Whether the experts of `arch` spread evenly over one node's `tp` GPUs (one stage)."""
    moe = arch.moe
    return moe is not None and tp > 1 and pp == 1 and moe.experts % tp == 0 and arch.moe_layers > 0


def layouts_for(
    arch: ModelArchitecture,
    tp: int,
    pp: int,
    concurrency: int | None,
    named: ServeLayout | None = None,
) -> tuple[ServeLayout, ...]:
    """The layouts worth timing for a replica of tp x pp GPUs under a load of `concurrency`
    requests in flight (None: as many as fit, or a rate): the one the user named when it applies,
    else tensor parallel and, for an MoE model with at least one request per GPU, expert parallel."""
    possible = expert_parallel_possible(arch, tp, pp)
    if named == "ep" and possible:
        return ("ep",)
    if named is not None or not possible:
        return ("tp",)
    if concurrency is not None and concurrency < tp:
        return ("tp",)
    return ("tp", "ep")
