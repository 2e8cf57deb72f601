"""The time model's constants are what the fit gives on the published runs, and its stated range
holds the runs it never saw (leave-one-out)."""

from __future__ import annotations

import math

import pytest

from bot.validation import Report, validate
from knowledge import load_knowledge
from sizing import calibration
from sizing.calibration import RunPoint, band_from, fit, leave_one_out


@pytest.fixture(scope="module")
def report() -> Report:
    kb = load_knowledge()
    return validate(kb.published_runs, kb.finetune_measurements, kb.catalog)


def test_the_stored_constants_are_the_fit_on_the_published_runs(report: Report) -> None:
    c_ridge, alpha = report.fitted()
    assert c_ridge == pytest.approx(calibration.C_RIDGE, abs=1e-9)
    assert alpha == pytest.approx(calibration.ALPHA_WIDTH, abs=1e-9)


def test_the_stated_range_is_the_leave_one_out_error_quantile(report: Report) -> None:
    assert report.loo_band() == pytest.approx(calibration.LOG_BAND, abs=0.01)


def test_the_range_holds_at_least_four_in_five_runs_the_fit_never_saw(report: Report) -> None:
    loo = report.run_stats()["engine_loo"]
    assert loo.count >= 30
    assert loo.range_coverage is not None and loo.range_coverage >= 0.8
    assert loo.within_50 >= 0.9


def test_a_run_left_out_is_predicted_with_constants_fitted_without_it() -> None:
    # Two runs that want very different efficiencies: each one, left out, is predicted from the
    # other alone, so neither is predicted exactly.
    a = RunPoint(mamf=0.8, ridge=200.0, hidden=4096, needed=0.30)
    b = RunPoint(mamf=0.8, ridge=200.0, hidden=4096, needed=0.60)
    errors = leave_one_out([a, b])
    assert errors[0] == pytest.approx(math.log(0.30 / 0.60), abs=0.05)
    assert errors[1] == pytest.approx(math.log(0.60 / 0.30), abs=0.05)


def test_the_fit_recovers_constants_that_generated_the_runs() -> None:
    truth = (0.006, 0.25)
    points = [
        RunPoint(m, r, h, calibration.base_efficiency(m, r, h, *truth))
        for m, r, h in [
            (0.87, 153, 4096),
            (0.87, 200, 2048),
            (0.8, 295, 8192),
            (0.8, 295, 3072),
            (0.6, 245, 5120),
        ]
    ]
    assert fit(points) == pytest.approx(truth, abs=1e-6)
    assert band_from(leave_one_out(points)) < 0.01
