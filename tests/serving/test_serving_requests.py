"""A request volume (requests a day) becomes a stated peak request rate over the same busy hours and peak
factor as daily users; it wins over daily users said with it (and the answer says so), and a stated
concurrency or QPS wins over it. The CLI takes it as --daily-requests."""

from __future__ import annotations

import json

import pytest

from bot.cli import main
from knowledge import KnowledgeBase
from sizing.errors import SizingError
from sizing.serve_load import BUSY_HOURS_PER_DAY, PEAK_TO_AVERAGE, peak_qps_from_requests
from sizing.serve_plan import plan_serving
from sizing.serve_types import ServeRequest


def test_fifty_thousand_requests_a_day_are_about_three_and_a_half_per_second_at_the_peak() -> None:
    assert peak_qps_from_requests(50_000) == pytest.approx(
        50_000 / (BUSY_HOURS_PER_DAY * 3600) * PEAK_TO_AVERAGE
    )
    assert peak_qps_from_requests(50_000) == pytest.approx(3.47, abs=0.01)


def test_a_request_volume_sizes_the_plan_and_the_explain_line_says_how(kb: KnowledgeBase) -> None:
    arch = kb.model_architecture("qwen2.5-7b")
    result = plan_serving(ServeRequest(model=arch, model_id="qwen2.5-7b", daily_requests=50_000), kb.catalog)
    assert dict(result.workload)["qps"] == pytest.approx(peak_qps_from_requests(50_000))
    line = next(i for i in result.explain if i.code == "serve_daily_requests")
    assert line.text.startswith(
        "50,000 requests a day over 8 busy hours, peak 2× the average ≈ 3.5 requests/s"
    )
    more = plan_serving(ServeRequest(model=arch, model_id="qwen2.5-7b", daily_requests=5_000_000), kb.catalog)
    assert more.options[0].gpus > result.options[0].gpus


def test_requests_win_over_daily_users_and_the_answer_says_the_users_were_not_used(kb: KnowledgeBase) -> None:
    arch = kb.model_architecture("qwen2.5-7b")
    req = ServeRequest(model=arch, model_id="qwen2.5-7b", daily_users=100, daily_requests=50_000)
    result = plan_serving(req, kb.catalog)
    assert dict(result.workload)["qps"] == pytest.approx(peak_qps_from_requests(50_000))
    assert not any(i.code == "serve_daily_users" for i in result.explain)
    line = next(i for i in result.explain if i.code == "serve_daily_requests")
    assert "The 100 daily users are not used" in line.text


def test_a_stated_concurrency_wins_over_a_request_volume(kb: KnowledgeBase) -> None:
    arch = kb.model_architecture("qwen2.5-7b")
    result = plan_serving(
        ServeRequest(model=arch, model_id="qwen2.5-7b", daily_requests=50_000, concurrency=3), kb.catalog
    )
    assert dict(result.workload)["qps"] is None
    assert not any(i.code == "serve_daily_requests" for i in result.explain)


def test_zero_requests_a_day_are_refused(kb: KnowledgeBase) -> None:
    arch = kb.model_architecture("qwen2.5-7b")
    with pytest.raises(SizingError) as err:
        plan_serving(ServeRequest(model=arch, daily_requests=0), kb.catalog)
    assert err.value.code == "bad_daily_requests"


def test_the_cli_sizes_for_daily_requests(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["size", "--task", "serve", "--model", "Qwen2.5-7B", "--daily-requests", "50000", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    assert data["workload"]["daily_requests"] == 50_000
    assert data["workload"]["qps"] == pytest.approx(3.47, abs=0.01)
    assert any(line.startswith("50,000 requests a day over 8 busy hours") for line in data["explain"])


def test_the_cli_takes_one_load_at_a_time(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["size", "--task", "serve", "--params", "7e9", "--daily-requests", "5000", "--qps", "3"])
    assert "not allowed with" in capsys.readouterr().err
