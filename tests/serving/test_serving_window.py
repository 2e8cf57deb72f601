"""A context window the deployment must support is not every request's length: requests in flight hold
their own prompt and answer (paged KV cache), each replica still takes one request of the whole window,
and the answer says what it would take if every request filled it."""

from __future__ import annotations

import pytest

from knowledge import KnowledgeBase
from sizing import SizingError
from sizing.serve_plan import plan_serving
from sizing.serve_types import ServeRequest


def request(kb: KnowledgeBase, model: str, **kw: object) -> ServeRequest:
    return ServeRequest(model=kb.model_architecture(model), model_id=model, **kw)  # type: ignore[arg-type]


def test_a_window_is_planned_for_the_typical_request_and_says_what_filling_it_takes(
    kb: KnowledgeBase,
) -> None:
    typical = request(
        kb, "llama-3.1-70b", input_tokens=1000, window_tokens=131_072, concurrency=50, gpu="h100"
    )
    full = request(kb, "llama-3.1-70b", input_tokens=130_572, concurrency=50, gpu="h100")
    planned, filled = plan_serving(typical, kb.catalog), plan_serving(full, kb.catalog)
    assert planned.options[0].gpus < filled.options[0].gpus
    (line,) = [w for w in planned.warnings if w.code == "serve_window_full"]
    params = dict(line.params)
    assert params["window_tokens"] == 131_072
    assert params["gpus"] == filled.options[0].gpus and params["first_gpus"] == planned.options[0].gpus
    assert "whole 131,072-token window" in line.message


def test_a_replica_whose_kv_cache_cannot_hold_one_whole_window_request_does_not_fit(
    kb: KnowledgeBase,
) -> None:
    # Llama 3.1 70B in BF16 on two H100s: 141 GB of weights leave ~10 GB of KV cache, about 32k tokens.
    short = request(kb, "llama-3.1-70b", input_tokens=1000, gpu="h100-sxm", gpus=2)
    windowed = request(kb, "llama-3.1-70b", input_tokens=1000, window_tokens=131_072, gpu="h100-sxm", gpus=2)
    assert plan_serving(short, kb.catalog).options[0].fits
    assert not plan_serving(windowed, kb.catalog).options[0].fits


def test_without_a_window_longer_than_the_requests_nothing_is_added(kb: KnowledgeBase) -> None:
    req = request(kb, "llama-3.1-8b", input_tokens=1000, concurrency=20)
    assert all(w.code != "serve_window_full" for w in plan_serving(req, kb.catalog).warnings)


def test_a_window_beyond_the_models_own_is_refused(kb: KnowledgeBase) -> None:
    with pytest.raises(SizingError) as caught:
        plan_serving(request(kb, "llama-3-8b", input_tokens=1000, window_tokens=32_768), kb.catalog)
    assert caught.value.code == "context_exceeds_model"


def test_a_time_to_first_token_alone_keeps_the_default_per_token_target(kb: KnowledgeBase) -> None:
    req = request(kb, "llama-3.3-70b", input_tokens=1000, concurrency=300, ttft_ms=3000.0)
    result = plan_serving(req, kb.catalog)
    first = result.options[0]
    assert first.speed is not None and first.speed.tpot_s * 1000 <= 50.0 * 1.0001
    assert dict(result.workload)["tpot_default"] is True
