"""Serving questions ("how many GPUs to serve a 70B model to 100 users?") are not training plans:
they never start the training form.

SEAM for the serving lane (issue 13): `serving_answer` is where its engine's answer goes
(sizing's serving engine over the model cards: weights, KV cache, concurrency, replicas, cost).
Until it is filled, the reply says what the weights alone take at each serving precision and what
a serving estimate depends on.
"""

from __future__ import annotations

from typing import Any

from bot.dialogue.answers.base import Question
from bot.dialogue.reply import Reply

NEEDS = ("params",)  # or a model name, once model cards exist
DEFAULTS: dict[str, Any] = {}
# Bytes per weight when serving: BF16/FP16 2, FP8/INT8 1, INT4 (AWQ/GPTQ) 0.5 plus ~3% of group
# scales and zeros (128-weight groups with an fp16 scale and zero: 4 / 128 bytes per weight).
WEIGHT_BYTES = {"bf16": 2.0, "fp8": 1.0, "int4": 0.5 + 4 / 128}


def serving_answer(q: Question, reply: Reply) -> bool:
    """The serving engine's answer; False until the serving lane provides one."""
    return False


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
