"""An offline (batch) inference job on a serving option: how long the replicas take to run every request
through the model, the GPU-hours and what the whole job costs (serve_types.BatchJob).

    job hours = requests × output tokens / (output tokens/s of all replicas) / 3600

The replicas' output tokens per second already carry the prompts' prefill (serve_speed: one prefill per
`output_tokens` decode steps per request), so the prompt tokens are paid for in it. The cost is the hours the
instances are rented for the job; provisioning and loading the model are not counted (minutes beside a job
of hours).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sizing.frozen import quick_init
from sizing.serve_types import BatchJob

if TYPE_CHECKING:  # serve_result imports this module
    from sizing.serve_result import ServeOption


@quick_init
@dataclass(frozen=True, slots=True)
class JobRun:
    hours: float  # wall-clock hours from the first request to the last
    gpu_hours: float
    usd: float | None  # the whole job at on-demand prices (None: no price)
    meets_window: bool  # finishes within the window (always, without one)
    input_tokens_per_second: float  # prompt tokens the replicas read per second
    output_tokens_per_second: float


def job_run(o: ServeOption, job: BatchJob, input_tokens: int, output_tokens: int) -> JobRun | None:
    """The job on option `o` (None when `o` serves nothing: it does not fit)."""
    tps = o.output_tokens_per_second
    if tps <= 0 or not o.fits:
        return None
    hours = job.requests * output_tokens / tps / 3600.0
    hourly = o.hourly_usd
    requests_per_second = tps / output_tokens
    return JobRun(
        hours=hours,
        gpu_hours=hours * o.gpus,
        usd=hourly * hours if hourly is not None else None,
        meets_window=job.window_hours is None or hours <= job.window_hours * 1.0001,
        input_tokens_per_second=requests_per_second * input_tokens,
        output_tokens_per_second=tps,
    )


def required_rates(job: BatchJob, input_tokens: int, output_tokens: int) -> tuple[float, float, float] | None:
    """(requests/s, prompt tokens/s, output tokens/s) the window asks for; None without a window."""
    if job.window_hours is None:
        return None
    rate = job.requests / (job.window_hours * 3600.0)
    return rate, rate * input_tokens, rate * output_tokens


def job_dict(
    o: ServeOption, job: BatchJob, input_tokens: int, output_tokens: int, currency: str
) -> dict[str, object]:
    """The `job` object of a batch option's JSON (DESIGN.md `size --task serve`, extra fields)."""
    run = job_run(o, job, input_tokens, output_tokens)
    if run is None:
        return {"requests": job.requests, "window_hours": job.window_hours, "hours": None}
    rate = o.usd_to_cny if currency == "CNY" else 1.0
    return {
        "requests": job.requests,
        "window_hours": job.window_hours,
        "hours": _r(run.hours, 2),
        "days": _r(run.hours / 24.0, 3),
        "gpu_hours": _r(run.gpu_hours, 1),
        "meets_window": run.meets_window,
        "input_tokens_per_second": _r(run.input_tokens_per_second, 1),
        "output_tokens_per_second": _r(run.output_tokens_per_second, 1),
        "cost": None
        if run.usd is None
        else {
            "amount": _r(run.usd * rate, 2),
            "currency": currency,
            "period": "total",
            "usd": _r(run.usd, 2),
        },
    }


def _r(x: float, nd: int) -> float:
    return round(x, nd) if math.isfinite(x) else 0.0
