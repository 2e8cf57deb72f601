""" "DeepSeek-V3 全参微调要多少显存？": the memory a training job needs, from the engine's memory model:
the whole model state, and how many GPUs of the common sizes hold it with room to spare. One row
per method asked, or full fine-tuning, LoRA and QLoRA side by side when none is named."""

from __future__ import annotations

from typing import Any

from bot.dialogue.answers.base import LIGHTER, Question, fewest_that_fit, model_state_gb, probe
from bot.dialogue.answers.feasibility import MIN_FREE, assumptions
from bot.dialogue.reply import Reply
from sizing.types import GpuSpec, Method

NEEDS = ("params",)
DEFAULTS = {"method": "full fine-tuning, LoRA and QLoRA", "precision": "bf16"}
# The reference GPUs a memory answer is laid out on: the 80 GB class everyone rents, and the
# largest-memory NVIDIA part in the catalogue.
REFERENCE_GPUS = ("h100-sxm", "h200", "b200")
ALL_METHODS: tuple[Method, ...] = ("full_finetune", "lora", "qlora")


def answer(q: Question, reply: Reply) -> bool:
    if q.slot("params") is None:
        return False
    said: Method | None = q.slot("method")
    if said == "pretrain":
        said = "full_finetune"  # the same memory; pre-training has no lighter method
    # The method asked, then the lighter ones that would need less ("7B 全参" also shows LoRA/QLoRA).
    methods: tuple[Method, ...] = (said, *LIGHTER.get(said, ())) if said else ALL_METHODS
    references = [g for gid in REFERENCE_GPUS for g in q.catalog.gpus if g.id == gid]
    if not references:
        return False
    rows: list[dict[str, Any]] = []
    assumed: dict[str, Any] = {}
    for method in methods:
        single = probe(q, references[0], 1, method)
        if single is None:
            continue
        assumed = assumed or assumptions(q, single)
        rows.append(
            {
                "method": method,
                "state_gb": model_state_gb(single),
                "one_gpu_gb": single["memory_per_gpu_gb"],
                "layouts": layouts(q, references, method),
            }
        )
    if not rows:
        return False
    assumed["method_default"] = False
    assumed["count_default"] = False
    reply.add(
        "memory",
        params=float(q.slot("params")),
        active_params=q.slot("active_params"),
        rows=rows,
        assumed=assumed,
        all_methods=said is None,
    )
    return True


def layouts(q: Question, references: list[GpuSpec], method: Method) -> list[dict[str, Any]]:
    """The fewest GPUs of each reference size that hold the job; larger GPUs stop once one GPU does."""
    out: list[dict[str, Any]] = []
    for spec in references:
        option = fewest_that_fit(q, spec, method, min_free=MIN_FREE)
        if option is not None:
            out.append(view(spec, option))
            if int(option["gpus"]) == 1:
                break
    return out


def view(spec: GpuSpec, option: dict[str, Any]) -> dict[str, Any]:
    return {
        "name": spec.name,
        "memory_gb": spec.memory_gb,
        "gpus": int(option["gpus"]),
        "per_gpu_gb": option["memory_per_gpu_gb"],
    }
