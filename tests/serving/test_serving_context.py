"""A stated context length sizes the KV cache per request; a request longer than the model's window is
refused with the numbers, never planned."""

from __future__ import annotations

import pytest

from knowledge import KnowledgeBase
from sizing import SizingError
from sizing.serve_memory import kv_bytes_per_request
from sizing.serve_plan import plan_serving
from sizing.serve_types import ServeRequest, prompt_for_context


def request(kb: KnowledgeBase, model: str, **kw: object) -> ServeRequest:
    return ServeRequest(model=kb.model_architecture(model), model_id=model, **kw)  # type: ignore[arg-type]


def test_a_32k_context_for_10_users_holds_32k_tokens_of_kv_per_user(kb: KnowledgeBase) -> None:
    req = request(kb, "llama-3.1-70b", context_tokens=32_768, concurrency=10, input_tokens=1000)
    first = plan_serving(req, kb.catalog).options[0]
    per_request_gb = kv_bytes_per_request(req.model, 1, "bf16", 32_768) / 1e9
    assert per_request_gb == pytest.approx(10.7, rel=0.02)  # 320 KiB per token × 32,768
    assert first.memory.kv_per_request_gb * first.replica.tp == pytest.approx(per_request_gb, rel=0.01)


def test_a_context_without_a_prompt_length_is_filled_by_the_prompt() -> None:
    assert prompt_for_context(32_000, None, 500) == 31_500
    assert prompt_for_context(32_000, 2_000, 500) == 2_000
    assert prompt_for_context(None, None, 500) is None


def test_a_request_beyond_the_models_window_is_refused_with_both_numbers(kb: KnowledgeBase) -> None:
    with pytest.raises(SizingError) as caught:
        plan_serving(request(kb, "llama-3-8b", input_tokens=30_000, concurrency=1), kb.catalog)
    assert caught.value.code == "context_exceeds_model"
    assert caught.value.params["max_context"] == 8192
    assert caught.value.params["tokens"] == 30_500


def test_a_context_beyond_the_window_is_refused_even_when_the_prompt_is_short(kb: KnowledgeBase) -> None:
    with pytest.raises(SizingError):
        plan_serving(request(kb, "llama-2-7b", context_tokens=8192, concurrency=1), kb.catalog)
