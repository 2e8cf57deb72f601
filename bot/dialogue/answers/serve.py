"""Serving questions ("how many GPUs to serve Llama 3 70B to 100 users?", "部署Qwen2.5-72B做推理，50个并发")
are answered by the serving engine (sizing/serve_plan.py) over the model cards: which GPUs, how many
replicas, memory, speed, latency and cost, with the lengths and latency it assumes stated. They never
start the training form. Without a model or a size the answer says what the weights of a serving
precision take and what a serving estimate needs.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.dialogue.answers.base import Question
from bot.dialogue.reply import Reply
from sizing.errors import SizingError
from sizing.model_arch import ModelArchitecture
from sizing.serve_plan import plan_serving
from sizing.serve_result import ServeResult
from sizing.serve_types import (
    DEFAULT_INPUT_TOKENS,
    DEFAULT_OUTPUT_TOKENS,
    SERVE_PRECISIONS,
    ServePrecision,
    ServeRequest,
)
from sizing.types import Budget

NEEDS = ("model",)  # a model name, or its size ("a 70B model")
DEFAULTS: dict[str, Any] = {
    "input_tokens": DEFAULT_INPUT_TOKENS,
    "output_tokens": DEFAULT_OUTPUT_TOKENS,
    "precision": "the model's published precision (BF16 for most)",
    "latency": "with a load: ≤ 2 s to the first token, ≤ 50 ms per output token",
}
# Bytes per weight when serving: BF16/FP16 2, FP8/INT8 1, INT4 (AWQ/GPTQ) 0.5 plus ~3% of group
# scales and zeros (128-weight groups with an fp16 scale and zero: 4 / 128 bytes per weight).
WEIGHT_BYTES = {"bf16": 2.0, "fp8": 1.0, "int4": 0.5 + 4 / 128}
SHOWN_OPTIONS = 4  # option rows in the chat answer; the rest is one "show the math" away


def serve_request(q: Question) -> ServeRequest | None:
    """The serving request a question asks, or None without a model or a size."""
    model_id = q.slot("model")
    card = q.kb.find_model(str(model_id)) if model_id else None
    if card is not None:
        arch = q.kb.model_architecture(card.id)
    elif q.slot("params") is not None:
        arch = ModelArchitecture.standard(float(q.slot("params")), q.slot("active_params"))
    else:
        return None
    said = q.slot("precision")
    precision: ServePrecision = next(
        (p for p in SERVE_PRECISIONS if p == said), card.native_precision if card is not None else "bf16"
    )
    input_tokens, output_tokens = q.slot("input_tokens"), q.slot("output_tokens")
    said = q.u.said
    if said.get("concurrency") is not None or said.get("qps") is not None:
        # The message states the load one way: "what about 200 users?" replaces an earlier rate.
        concurrency, qps = said.get("concurrency"), said.get("qps")
    else:
        concurrency, qps = q.slot("concurrency"), q.slot("qps")
    return ServeRequest(
        model=arch,
        model_id=card.id if card is not None else None,
        precision=precision,
        input_tokens=int(input_tokens) if input_tokens else DEFAULT_INPUT_TOKENS,
        output_tokens=int(output_tokens) if output_tokens else DEFAULT_OUTPUT_TOKENS,
        input_tokens_default=not input_tokens,
        output_tokens_default=not output_tokens,
        concurrency=int(concurrency) if concurrency and not qps else None,
        qps=float(qps) if qps else None,
        ttft_ms=q.slot("ttft_ms"),
        tpot_ms=q.slot("tpot_ms"),
        gpu=q.slot("gpu"),
        gpus=q.slot("gpu_count") if q.slot("gpu") else None,
        budget=_budget(q.slot("budget")),
        today=q.today,
    )


def _budget(value: Any) -> Budget | None:
    if isinstance(value, Budget):
        return value
    if isinstance(value, Mapping) and value.get("amount"):
        return Budget(float(value["amount"]), value.get("currency") or "USD", value.get("period") or "total")
    return None


def plan(q: Question) -> tuple[ServeRequest, ServeResult] | SizingError | None:
    req = serve_request(q)
    if req is None:
        return None
    try:
        return req, plan_serving(req, q.catalog)
    except SizingError as exc:
        return exc


def serving_answer(q: Question, reply: Reply) -> bool:
    found = plan(q)
    if found is None:
        return False
    if isinstance(found, SizingError):
        reply.add("error", code=found.code, message=found.message, params=found.params)
        return True
    req, result = found
    data = result.to_dict()
    reply.add("serve", **view(req, data))
    return True


def view(req: ServeRequest, data: dict[str, Any]) -> dict[str, Any]:
    """What the serve template shows: the first option in full, a few more as rows, the warnings,
    and what was assumed."""
    options: list[dict[str, Any]] = list(data["options"])
    first = options[0] if options else None
    # The headline already says why the hardware asked for cannot serve it.
    said = "serve_requested_does_not_fit" if first is not None and first["label"] == "requested" else ""
    return {
        "model": req.model.name,
        "named": req.model_id is not None,
        "params": req.model.params_total,
        "precision": req.precision,
        "input_tokens": req.input_tokens,
        "output_tokens": req.output_tokens,
        "lengths_default": req.input_tokens_default or req.output_tokens_default,
        "concurrency": req.concurrency,
        "qps": req.qps,
        "ttft_ms": data["workload"]["ttft_ms"],
        "tpot_ms": data["workload"]["tpot_ms"],
        "latency_default": data["workload"]["latency_default"],
        "first": first,
        "others": options[1 : 1 + SHOWN_OPTIONS - 1],
        "warnings": [w for w in data["warnings"] if w["code"] != said],
        "kv_per_request_gb": options[0]["kv_cache_per_request_gb"] if options else None,
    }


def explain(q: Question, reply: Reply) -> bool:
    """ "Show the math" for the serving answer under discussion: every explain line."""
    found = plan(q)
    if found is None or isinstance(found, SizingError):
        return False
    _req, result = found
    data = result.to_dict()
    reply.add("explain", items=data["explain_items"], workload={}, pitfalls=[], software=[])
    return True


def answer(q: Question, reply: Reply) -> bool:
    if serving_answer(q, reply):
        return True
    params = q.slot("params")
    weights = (
        {name: float(params) * size / 1e9 for name, size in WEIGHT_BYTES.items()}
        if params is not None
        else None
    )
    reply.add("serve_basic", params=params, weights_gb=weights)
    return True
