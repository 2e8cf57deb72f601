"""Reserving the plan's instances by the month: whole months at the on-demand hourly price less the stated
discount (the catalogue has no reserved prices)."""

from __future__ import annotations

import pytest

from sizing.assumptions import HOURS_PER_MONTH, RESERVED_DISCOUNT
from sizing.cost import reserved_usd


def test_a_run_shorter_than_a_month_pays_for_a_whole_month() -> None:
    usd, months = reserved_usd(10.0, 3.0)
    assert months == 1 and usd == pytest.approx(10.0 * HOURS_PER_MONTH * (1 - RESERVED_DISCOUNT))


def test_a_run_just_over_a_month_pays_for_two() -> None:
    assert reserved_usd(10.0, 31.0)[1] == 2 and reserved_usd(10.0, 30.4)[1] == 1
