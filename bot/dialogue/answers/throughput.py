""" "how many tokens/s does an H100 do training a 7B", "H100 训 7B 每秒多少 token", "what throughput does an
A100 get fine-tuning llama 8b": the training speed on that GPU, per GPU and per node, and where it comes
from. The engine's own figures: the achieved model FLOP/s per GPU (MFU × the dense peak at the precision
run) over the model FLOPs each token costs (6N for full training, 4N plus the adapters' 6 per trainable
parameter for LoRA/QLoRA, plus attention's 12·L·h·s; full activation checkpointing repeats the forward,
about 8N a token, which the MFU pays for). On the fewest of those GPUs that hold the job when one does not
(or the count said)."""

from __future__ import annotations

from typing import Any

from bot.dialogue.answers import feasibility
from bot.dialogue.answers.base import Question, fewest_that_fit, first_option, probe_plan
from bot.dialogue.answers.feasibility import assumptions
from bot.dialogue.hardware import main_variant
from bot.dialogue.reply import Reply
from sizing.types import Method

NEEDS = ("params", "a GPU")
DEFAULTS = {"method": "full_finetune", "precision": "bf16", "gpus": "the fewest that hold the job"}
# GPUs in one server (an HGX/DGX board): the "per node" figure.
NODE_GPUS = 8
# Tokens the time line is said for (a round amount a reader can scale).
REFERENCE_TOKENS = 1e9


def applies(q: Question) -> bool:
    """A speed asked of a job on a GPU named, with no data or deadline to plan (those get a plan's time)."""
    if not q.u.asks_speed or q.slot("params") is None or q.u.task == "serve":
        return False
    if not (q.u.gpus or q.slot("gpu")):
        return False
    return (
        all(q.u.said.get(k) is None for k in ("tokens", "data_bytes", "days", "budget")) and not q.u.samples
    )


def answer(q: Question, reply: Reply) -> bool:
    gpu = q.slot("gpu") or (q.u.gpus[0] if q.u.gpus else None)
    params: Any = q.slot("params")
    spec = main_variant(q.catalog, str(gpu)) if gpu is not None and params is not None else None
    if spec is None:
        return False
    method: Method = q.slot("method") or "full_finetune"
    said = q.slot("gpu_count")
    if said:
        count = int(said)
    else:
        fitting = fewest_that_fit(q, spec, method)
        if fitting is None:
            return False
        count = int(fitting["gpus"])
    result = probe_plan(q, spec, count, method)
    if result is None:
        return False
    option = first_option(result)
    if said and not option.get("fits"):
        # "…a single H100 train a 7B at?": whether it fits leads, with what does and its speed
        return feasibility.answer(q, reply)
    item: dict[str, Any] | None = next(
        (dict(i.params) for i in result.explain if i.code == "throughput"), None
    )
    if item is None or not option.get("tokens_per_gpu_s"):
        return False
    per_gpu = float(option["tokens_per_gpu_s"])
    peak, mfu = float(item["peak_tflops"]), float(item["mfu"])
    achieved_tflops = peak * mfu
    flops_per_token = achieved_tflops * 1e12 / per_gpu
    reply.add(
        "throughput",
        params=float(params),
        method=method,
        gpu_name=spec.name,
        gpus=count,
        count_said=bool(said),
        per_gpu=per_gpu,
        per_node=per_gpu * NODE_GPUS,
        node_gpus=NODE_GPUS,
        per_count=per_gpu * count,
        mfu=mfu,
        peak_tflops=peak,
        precision=str(item["precision"]),
        achieved_tflops=achieved_tflops,
        flops_per_token=flops_per_token,
        # per parameter a token runs through: the active ones of a mixture of experts
        per_param=flops_per_token / float(q.slot("active_params") or params),
        active_params=q.slot("active_params"),
        recompute_factor=float(item["recompute_factor"]),
        mamf=float(item["mamf"]),
        goodput=float(item["goodput"]),
        peft=method in ("lora", "qlora"),
        reference_tokens=REFERENCE_TOKENS,
        reference_hours=REFERENCE_TOKENS / (per_gpu * count) / 3600,
        assumed=_assumed(q, option),
    )
    reply.add_faq("faq.mfu_vs_peak")
    return True


def _assumed(q: Question, option: dict[str, Any]) -> dict[str, Any]:
    out = assumptions(q, option)
    out["count_default"] = False  # the count is said in the answer
    out["data_given"] = True  # the speed needs no data; the time line is per 1B tokens
    return out
