""" "训练 Llama 3 8B 用了多少 GPU 小时", "how long did BLOOM-176B take to train?", "how much did
it cost to train DeepSeek-V3?": what the model's makers reported (knowledge/data/published_runs.yaml,
each run with its source), and what those GPU-hours would cost at today's catalogue price, instead of
a form or a plan.
"""

from __future__ import annotations

import re
from typing import Any

from bot.dialogue.answers.base import Question
from bot.dialogue.reply import Reply
from bot.nlu.lexicon import GPU_HOURS, has_cue
from bot.nlu.text import normalise
from knowledge.published import runs_named
from sizing.cost import usable_offerings

NEEDS = ("a published model named",)
DEFAULTS: dict[str, Any] = {}
MAX_RUNS = 2
# A question about a run that happened: past tense, or its GPU-hours asked of a named model.
PAST_ASKS = (
    "用了多少", "花了多少", "用了几", "用了多久", "花了多久", "训练了多久", "训了多久",
    "训练用了", "训练花了", "多少卡训练", "多少张卡训练", "训练成本是多少",
    "how many gpu hours did", "how many gpu-hours did", "how long did", "how much did", "did it take",
    "took to train", "was it trained", "were used", "did they use", "did meta use", "it cost to train",
    "gpu hours to train", "gpu-hours to train",
)  # fmt: skip
# A job to plan: with these said, a named model is the user's own run, not the published one.
JOB_SLOTS = ("tokens", "data_bytes", "days", "budget", "gpu_count", "method")
_WORD = re.compile(r"\s+")


def applies(q: Question, form_in_progress: bool) -> bool:
    if form_in_progress or any(q.u.said.get(s) is not None for s in JOB_SLOTS):
        return False
    text = _WORD.sub(" ", normalise(q.text).lower)
    if not (has_cue(text, PAST_ASKS) or GPU_HOURS.search(text) is not None):
        return False
    return bool(runs_named(q.text, q.kb.published_runs))


def answer(q: Question, reply: Reply) -> bool:
    runs = runs_named(q.text, q.kb.published_runs)[:MAX_RUNS]
    if not runs:
        return False
    offerings = usable_offerings(q.catalog)
    shown = []
    for r in runs:
        cheapest = min(
            (o for o in offerings.get(r.gpu or "", ()) if o.price_usd_per_hour and o.gpu_count >= 1),
            key=lambda o: (o.price_usd_per_hour or 0.0) / o.gpu_count,
            default=None,
        )
        price = (cheapest.price_usd_per_hour or 0.0) / cheapest.gpu_count if cheapest is not None else None
        gpu = q.catalog.gpu(r.gpu) if r.gpu is not None else None
        shown.append(
            {
                "model": r.model,
                "params": r.params,
                "tokens": r.tokens,
                "total_tokens": r.total_tokens,
                "accelerator": gpu.name if gpu is not None else r.accelerator,
                "gpus": r.gpus,
                "gpu_hours": r.gpu_hours,
                "wall_days": r.wall_days,
                "mfu": r.reported_mfu,
                "source": r.source.citation,
                "as_of": str(r.source.as_of),
                "note": r.note,  # English, as the data file keeps it
                "outlier": not r.usable_for_calibration,
                "usd_per_gpu_hour": price,
                "cost_usd": price * r.gpu_hours if price is not None and r.gpu_hours else None,
                "price_cloud": cheapest.cloud if cheapest is not None else None,
                "price_as_of": str(cheapest.as_of) if cheapest is not None and cheapest.as_of else None,
            }
        )
    reply.add("published_run", runs=shown)
    return True
