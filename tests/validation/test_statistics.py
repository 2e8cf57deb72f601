"""validate's statistics on a small hand-made set (numbers invented for the test)."""

from __future__ import annotations

import math

import pytest

from bot.validation import MemoryCheck, Report, RunCheck, abs_error, error_stats


def _run(
    published: float, predicted: float, band: tuple[float, float], *, calibration: bool = True
) -> RunCheck:
    return RunCheck(
        id=f"run.test-{published:g}",
        model="Test",
        gpu="a100-80gb",
        gpus=None,
        published_gpu_hours=published,
        predicted_gpu_hours=predicted,
        predicted_range=band,
        naive_gpu_hours=published / 4,
        calibration=calibration,
        source="hand-made",
    )


def test_double_and_half_count_as_the_same_error() -> None:
    assert abs_error(2.0) == pytest.approx(1.0)
    assert abs_error(0.5) == pytest.approx(1.0)
    assert abs_error(1.0) == 0.0


def test_median_error_of_an_odd_set_is_the_middle_case() -> None:
    stats = error_stats([1.1, 0.8, 1.6])  # |errors| 10%, 25%, 60%
    assert stats.median_abs_error == pytest.approx(0.25)


def test_median_error_of_an_even_set_averages_the_two_middle_cases_on_the_log_scale() -> None:
    stats = error_stats([1.0, 1.2, 1.5, 3.0])
    assert stats.median_abs_error == pytest.approx(math.sqrt(1.2 * 1.5) - 1)


def test_within_band_shares_include_the_band_edges() -> None:
    stats = error_stats([0.75, 1.25, 1.3, 0.5, 1.6])
    assert stats.within_25 == pytest.approx(2 / 5)
    assert stats.within_50 == pytest.approx(4 / 5)


def test_range_coverage_counts_runs_whose_published_hours_fall_inside_the_band() -> None:
    report = Report(
        runs=(
            _run(1000, 1100, (800, 1500)),
            _run(1000, 1400, (1050, 2000)),  # published below the band
            _run(2000, 1900, (1500, 2000)),  # on the upper edge: covered
            _run(500, 300, (200, 400), calibration=False),
        ),
        memory=(),
        skipped=(),
    )
    main = report.run_stats()["engine"]
    assert main.count == 3
    assert main.range_coverage == pytest.approx(2 / 3)
    assert report.run_stats(calibration_only=False)["engine"].range_coverage == pytest.approx(2 / 4)


def test_naive_estimate_is_scored_on_the_same_runs() -> None:
    report = Report(runs=(_run(1000, 1000, (900, 1100)),), memory=(), skipped=())
    naive = report.run_stats()["naive"]
    assert naive.median_abs_error == pytest.approx(3.0)
    assert naive.within_50 == 0.0
    assert naive.range_coverage is None


def test_an_empty_set_has_no_statistics_rather_than_zero_error() -> None:
    stats = error_stats([])
    assert stats.count == 0
    assert math.isnan(stats.median_abs_error)


def test_nonpositive_ratios_are_rejected() -> None:
    with pytest.raises(ValueError):
        error_stats([1.0, 0.0])


def test_an_out_of_memory_report_is_right_only_when_the_engine_says_it_does_not_fit() -> None:
    def check(outcome: str, fits: bool) -> MemoryCheck:
        return MemoryCheck(
            id="ft.test",
            model="Test",
            method="full_finetune",
            gpu="a100-80gb",
            gpus=1,
            outcome=outcome,  # type: ignore[arg-type]
            measured_gb=None if outcome == "oom" else 40.0,
            predicted_gb=90.0 if not fits else 44.0,
            predicted_fits=fits,
            source="hand-made",
            note=None,
        )

    assert check("oom", fits=False).verdict_right
    assert not check("oom", fits=True).verdict_right
    assert check("ran", fits=True).verdict_right
    assert check("ran", fits=True).ratio == pytest.approx(1.1)
    assert check("oom", fits=False).ratio is None


def test_measurements_with_unmodelled_memory_savers_are_shown_but_left_out_of_the_memory_score() -> None:
    def measured(gb: float, predicted: float, *, memory_savers: bool) -> MemoryCheck:
        return MemoryCheck(
            id=f"ft.test-{gb:g}",
            model="Test",
            method="full_finetune",
            gpu="rtx4090",
            gpus=1,
            outcome="ran",
            measured_gb=gb,
            predicted_gb=predicted,
            predicted_fits=predicted <= 24,
            source="hand-made",
            note=None,
            memory_savers=memory_savers,
        )

    report = Report(
        runs=(),
        memory=(measured(20, 22, memory_savers=False), measured(19, 140, memory_savers=True)),
        skipped=(),
    )
    stats = report.memory_stats()
    assert stats["verdicts"] == 1 and stats["verdicts_right"] == 1
    assert stats["memory"]["median_abs_error"] == pytest.approx(0.1)  # type: ignore[index]
    assert stats["not_scored_memory_savers"] == ["ft.test-19"]
