"""Offline (batch) inference jobs ("offline batch inference with Llama 3 70B over 10M documents within 3
days", "用 Qwen2.5-7B 跑一遍 1000 万条数据打标签", "score 2M prompts with an 8B model") are sized as a job,
not a live service: the serving engine runs every replica full (sizing/serve_plan.py with a
serve_types.BatchJob), as many replicas as finish the job within the window said, and the answer gives how
long it takes, the GPU-hours and the cost of the whole job. No latency target applies, and the answer says
so. A job whose size was not counted is planned as one replica at full load, and the answer asks for the
count.
"""

from __future__ import annotations

from typing import Any

from bot.dialogue.answers.base import Question
from bot.dialogue.reply import Reply
from sizing.serve_job import required_rates
from sizing.serve_types import SHORT_ANSWER_TOKENS, ServeRequest

SHOWN_OPTIONS = 4  # option rows, as the live serving answer shows


def add_batch_answer(
    q: Question, req: ServeRequest, data: dict[str, Any], base: dict[str, Any], reply: Reply
) -> None:
    """The batch job's answer: `base` is the live serving answer's view (answers/serve.view)."""
    options: list[dict[str, Any]] = [o for o in data["options"] if o.get("fits")]
    job = req.batch
    rates = required_rates(job, req.input_tokens, req.output_tokens) if job is not None else None
    first = options[0] if options else None
    reply.add(
        "serve_batch",
        **base,
        requests=job.requests if job is not None else None,
        window_hours=job.window_hours if job is not None else None,
        needed_rps=rates[0] if rates else None,
        needed_input_tps=rates[1] if rates else None,
        needed_output_tps=rates[2] if rates else None,
        total_input_tokens=job.requests * req.input_tokens if job is not None else None,
        total_output_tokens=job.requests * req.output_tokens if job is not None else None,
        batch_first=first,
        batch_others=options[1:SHOWN_OPTIONS],
        short_answer=q.slot("serve_use") == "batch_label" and req.output_tokens_default,
        short_answer_tokens=SHORT_ANSWER_TOKENS,
        generates=q.slot("serve_use") == "batch_generate",
    )


def add_batch_typical(q: Question, rows: list[dict[str, Any]], reply: Reply) -> None:
    """A batch job with no model named ("批量推理 1000 万条数据，不急"): the job on a typical small and a
    typical large open model (answers/serve.TYPICAL_MODELS, each row answers/serve.view of its plan), and
    which model is meant."""
    first = rows[0]
    reply.add(
        "serve_batch_typical",
        rows=rows,
        requests=q.slot("batch_requests") or q.u.samples,
        window_hours=float(q.slot("days")) * 24.0 if q.slot("days") and not q.u.no_deadline else None,
        input_tokens=first["input_tokens"],
        output_tokens=first["output_tokens"],
        input_default=first["input_default"],
        output_default=first["output_default"],
        short_answer=q.slot("serve_use") == "batch_label" and first["output_default"],
    )
