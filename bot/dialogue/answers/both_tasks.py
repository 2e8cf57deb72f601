"""'70B 推理 vs 微调，分别要几张 A100？', 'inference vs fine-tuning a 70B, how many GPUs each?': the GPUs
to serve a model and the GPUs to train it, asked side by side, as one compact answer: a line for each (the
GPUs, the memory per GPU, the price per hour), then how to get either in full. Asked alone, each gets its
full answer (serve.answer, feasibility / memory)."""

from __future__ import annotations

from typing import Any, cast

from bot.dialogue.answers import feasibility, serve
from bot.dialogue.answers.base import Question, fewest_that_fit
from bot.dialogue.answers.memory import REFERENCE_GPUS
from bot.dialogue.hardware import main_variant
from bot.dialogue.reply import Reply
from sizing.assumptions import MIN_HEADROOM
from sizing.errors import SizingError
from sizing.types import GpuSpec, Method


def answer(q: Question, reply: Reply) -> bool:
    """Both lines, or False (then each task gets its full answer) when either cannot be sized."""
    found = serve.plan(q)
    if found is None or isinstance(found, SizingError):
        return False
    req, result = found
    data = result.to_dict()
    options = cast(list[dict[str, Any]], data["options"])
    if not options or not options[0]["fits"]:
        return False
    method: Method = q.slot("method") or "full_finetune"
    train = _training(q, method)
    if train is None:
        return False
    shown = serve.view(req, data)
    reply.add(
        "both_tasks",
        serving=options[0],
        training=train,
        method=method,
        model=shown["model"],
        named=shown["named"],
        params=shown["params"],
        precision=shown["precision"],
        load_default=shown["load_default"],
        concurrency=shown["concurrency"],
    )
    return True


def _training(q: Question, method: Method) -> dict[str, Any] | None:
    """The fewest GPUs that train it, of the GPU named (its main variant) or else the first of the
    reference GPUs that holds it, with their memory per GPU and price per hour."""
    gpu = q.slot("gpu") or (q.u.gpus[0] if q.u.gpus else None)
    specs: list[GpuSpec | None]
    if gpu:
        specs = [main_variant(q.catalog, str(gpu))]
    else:
        specs = [q.catalog.gpu_or_none(gid) for gid in REFERENCE_GPUS]
    for spec in specs:
        if spec is None:
            continue
        option = fewest_that_fit(q, spec, method, min_free=MIN_HEADROOM)
        if option is not None:
            return feasibility.view(q.catalog, spec, option, method, q.kb.china_catalog)
    return None
