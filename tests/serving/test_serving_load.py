"""Daily active users become a stated peak request rate; a stated concurrency or QPS wins over them."""

from __future__ import annotations

import pytest

from knowledge import KnowledgeBase
from sizing.serve_load import BUSY_HOURS_PER_DAY, PEAK_TO_AVERAGE, REQUESTS_PER_USER_PER_DAY, peak_qps
from sizing.serve_plan import plan_serving
from sizing.serve_types import ServeRequest


def test_ten_thousand_daily_users_are_a_few_requests_per_second_at_the_peak() -> None:
    expected = 10_000 * REQUESTS_PER_USER_PER_DAY / (BUSY_HOURS_PER_DAY * 3600) * PEAK_TO_AVERAGE
    assert peak_qps(10_000) == pytest.approx(expected)
    assert 1 < peak_qps(10_000) < 10


def test_daily_users_size_the_plan_and_the_answer_states_the_rule(kb: KnowledgeBase) -> None:
    arch = kb.model_architecture("qwen2.5-7b")
    result = plan_serving(ServeRequest(model=arch, model_id="qwen2.5-7b", daily_users=10_000), kb.catalog)
    assert dict(result.workload)["qps"] == pytest.approx(peak_qps(10_000))
    assert any(i.code == "serve_daily_users" for i in result.explain)
    more = plan_serving(ServeRequest(model=arch, model_id="qwen2.5-7b", daily_users=1_000_000), kb.catalog)
    assert more.options[0].gpus > result.options[0].gpus


def test_a_stated_concurrency_wins_over_daily_users(kb: KnowledgeBase) -> None:
    arch = kb.model_architecture("qwen2.5-7b")
    req = ServeRequest(model=arch, model_id="qwen2.5-7b", daily_users=10_000, concurrency=3)
    result = plan_serving(req, kb.catalog)
    assert dict(result.workload)["qps"] is None
    assert not any(i.code == "serve_daily_users" for i in result.explain)
