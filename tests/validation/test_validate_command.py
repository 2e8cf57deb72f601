"""`gpu-advisor validate` on the real knowledge base: JSON shape, table, and sources."""

from __future__ import annotations

import json

import pytest

from bot.cli import main
from knowledge import load_knowledge


def _json(capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    assert main(["validate", "--json"]) == 0
    out = capsys.readouterr().out
    data: dict[str, object] = json.loads(out)
    return data


def test_json_lists_every_gpu_run_with_prediction_error_range_and_naive_estimate(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = _json(capsys)
    runs = data["runs"]
    assert isinstance(runs, list)
    gpu_runs = [r for r in load_knowledge().published_runs if r.gpu and r.gpu_hours]
    assert {r["id"] for r in runs} == {r.id for r in gpu_runs}
    for r in runs:
        assert r["predicted_gpu_hours"] > 0
        low, high = r["predicted_range"]
        assert low <= r["predicted_gpu_hours"] <= high
        assert r["ratio"] == pytest.approx(r["predicted_gpu_hours"] / r["published_gpu_hours"], rel=1e-3)
        assert r["in_range"] == (low <= r["published_gpu_hours"] <= high)
        assert r["naive_gpu_hours"] > 0


def test_json_reports_engine_and_naive_statistics_side_by_side(capsys: pytest.CaptureFixture[str]) -> None:
    stats = _json(capsys)["run_stats"]
    assert isinstance(stats, dict)
    for name in ("engine", "naive"):
        s = stats[name]
        assert set(s) >= {"count", "median_abs_error", "within_25", "within_50", "range_coverage"}
        assert 0 <= s["within_25"] <= s["within_50"] <= 1
    assert stats["engine"]["count"] == stats["naive"]["count"] > 0


def test_json_compares_memory_with_measurements_and_gives_the_fits_verdict(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = _json(capsys)
    memory = data["memory"]
    assert isinstance(memory, list) and memory
    for m in memory:
        assert m["predicted_gb"] > 0
        assert isinstance(m["predicted_fits"], bool)
        assert m["verdict_right"] == (m["predicted_fits"] == (m["outcome"] == "ran"))
    stats = data["memory_stats"]
    assert isinstance(stats, dict)
    assert stats["verdicts"] == sum(1 for m in memory if not m["memory_savers"])


def test_table_output_names_the_runs_and_the_naive_anchor(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate"]) == 0
    out = capsys.readouterr().out
    assert "LLaMA-65B" in out
    assert "naive 6·N·D at 50% MFU" in out
    assert "within ±25%" in out


def test_every_published_run_and_measurement_has_a_dated_source() -> None:
    kb = load_knowledge()
    records = (*kb.published_runs, *kb.finetune_measurements)
    assert records
    for r in records:
        assert r.source.ref.strip(), r.id
        assert r.source.as_of.year >= 2017, r.id
