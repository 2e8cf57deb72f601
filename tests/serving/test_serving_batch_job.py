"""An offline batch job is sized as a job: every replica runs full (no latency target), as many replicas as
finish the requests within the window (one without a window: the cheapest per token), and each option says
the job's hours, GPU-hours and total cost."""

from __future__ import annotations

import math

import pytest

from knowledge import KnowledgeBase
from sizing.errors import SizingError
from sizing.serve_calibration import CALIBRATED
from sizing.serve_plan import plan_serving
from sizing.serve_types import BatchJob, ServeRequest
from sizing.types import Budget

TEN_MILLION = 10_000_000


def _job(kb: KnowledgeBase, model: str, job: BatchJob, **kw: object) -> dict[str, object]:
    arch = kb.model_architecture(model)
    req = ServeRequest(model=arch, model_id=model, batch=job, **kw)  # type: ignore[arg-type]
    return plan_serving(req, kb.catalog).to_dict()


def test_ten_million_documents_in_three_days_get_enough_replicas_to_finish_in_time(kb: KnowledgeBase) -> None:
    data = _job(kb, "llama-3-70b", BatchJob(TEN_MILLION, 72.0), input_tokens=1000, output_tokens=200)
    first = data["options"][0]  # type: ignore[index]
    job = first["job"]
    # 10M x 200 output tokens in 72 h is ~7.7k output tokens/s: the replicas together reach it
    assert first["output_tokens_per_second"] >= TEN_MILLION * 200 / (72 * 3600)
    assert job["meets_window"] and job["hours"] <= 72.0
    assert job["gpu_hours"] == pytest.approx(job["hours"] * first["gpus"], rel=0.01)
    assert job["cost"]["amount"] == pytest.approx(first["cost"]["hourly_usd"] * job["hours"], rel=0.01)
    assert (first["days"], first["gpu_hours"]) == (job["days"], job["gpu_hours"])


def test_a_batch_job_has_no_latency_target_and_runs_each_replica_full(kb: KnowledgeBase) -> None:
    data = _job(kb, "llama-3.1-8b", BatchJob(2_000_000, None))
    workload = data["workload"]
    assert workload["ttft_ms"] is None and workload["tpot_ms"] is None  # type: ignore[index]
    for o in data["options"]:  # type: ignore[attr-defined]
        assert o["concurrency_per_replica"] == min(o["max_concurrency"], CALIBRATED.max_batch)


def test_without_a_window_one_replica_runs_it_and_a_shorter_window_adds_replicas(kb: KnowledgeBase) -> None:
    job = BatchJob(TEN_MILLION, None)
    relaxed = _job(kb, "qwen2.5-7b", job, gpu="h100", gpus=1)
    week = _job(kb, "qwen2.5-7b", BatchJob(TEN_MILLION, 24.0 * 7), gpu="h100")
    day = _job(kb, "qwen2.5-7b", BatchJob(TEN_MILLION, 24.0), gpu="h100")
    first = [d["options"][0] for d in (relaxed, week, day)]  # type: ignore[index]
    assert first[0]["replicas"] == 1
    assert first[1]["replicas"] < first[2]["replicas"]
    assert all(o["job"]["meets_window"] for o in first[1:])
    # more replicas finish sooner for about the same cost: the cost per token does not depend on the count
    costs = [o["job"]["cost"]["usd"] for o in first[1:]]
    assert costs[1] == pytest.approx(costs[0], rel=0.15)


def test_the_job_is_ranked_by_its_whole_cost_not_the_price_per_hour(kb: KnowledgeBase) -> None:
    data = _job(kb, "llama-3.1-8b", BatchJob(TEN_MILLION, None))
    options = [o for o in data["options"] if o["label"] != "lower_precision"]  # type: ignore[attr-defined]
    assert "cheapest" not in {o["label"] for o in options}
    first = options[0]["job"]["cost"]["usd"]
    assert all(first <= o["job"]["cost"]["usd"] * 1.0001 for o in options)


def test_the_explain_line_gives_the_rate_the_window_needs_and_the_job_totals(kb: KnowledgeBase) -> None:
    arch = kb.model_architecture("llama-3-70b")
    req = ServeRequest(
        model=arch,
        model_id="llama-3-70b",
        input_tokens=1000,
        output_tokens=200,
        batch=BatchJob(TEN_MILLION, 72.0),
    )
    line = next(i for i in plan_serving(req, kb.catalog).explain if i.code == "serve_batch")
    params = dict(line.params)
    assert params["needed_output_tps"] == pytest.approx(TEN_MILLION * 200 / (72 * 3600))
    assert params["needed_input_tps"] == pytest.approx(TEN_MILLION * 1000 / (72 * 3600))
    assert "for the whole job" in line.text and "no latency target" in line.text


def test_a_total_budget_keeps_only_jobs_that_cost_less(kb: KnowledgeBase) -> None:
    open_ended = _job(kb, "llama-3-70b", BatchJob(TEN_MILLION, None))
    same_precision = [o for o in open_ended["options"] if o["label"] != "lower_precision"]  # type: ignore[attr-defined]
    cheapest = min(o["job"]["cost"]["usd"] for o in same_precision)
    assert any(o["job"]["cost"]["usd"] > cheapest * 1.05 for o in same_precision)
    capped = _job(
        kb, "llama-3-70b", BatchJob(TEN_MILLION, None), budget=Budget(cheapest * 1.05, "USD", "total")
    )
    within = [o for o in capped["options"] if o["label"] != "lower_precision"]  # type: ignore[attr-defined]
    assert within and all(o["job"]["cost"]["usd"] <= cheapest * 1.05 + 0.01 for o in within)


@pytest.mark.parametrize("job", [BatchJob(0, None), BatchJob(10, 0.0), BatchJob(10, math.inf)])
def test_an_empty_job_or_a_window_of_no_time_is_refused(kb: KnowledgeBase, job: BatchJob) -> None:
    with pytest.raises(SizingError):
        _job(kb, "llama-3.1-8b", job)


def test_a_gpu_family_named_for_a_job_is_the_board_that_runs_it_cheapest(kb: KnowledgeBase) -> None:
    data = _job(kb, "qwen2.5-72b", BatchJob(2_000_000, None), gpu="a100", gpus=4)
    options = data["options"]  # type: ignore[index]
    asked = options[0]
    assert asked["label"] == "requested" and asked["gpu"].startswith("a100")
    same_precision = [
        o for o in options if o["gpu"].startswith("a100") and o["precision"] == asked["precision"]
    ]
    assert all(asked["job"]["cost"]["usd"] <= o["job"]["cost"]["usd"] * 1.0001 for o in same_precision)
