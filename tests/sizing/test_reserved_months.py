"""Reserving the plan's instances by the month: whole months at the on-demand hourly price less the stated
discount (the catalogue has no reserved prices)."""

from __future__ import annotations

import pytest

from sizing.assumptions import HOURS_PER_MONTH, RESERVED_DISCOUNT
from sizing.cost import billing_for, reserved_usd


def test_a_run_shorter_than_a_month_pays_for_a_whole_month() -> None:
    usd, months = reserved_usd(10.0, 3.0)
    assert months == 1 and usd == pytest.approx(10.0 * HOURS_PER_MONTH * (1 - RESERVED_DISCOUNT))


def test_a_run_just_over_a_month_pays_for_two() -> None:
    assert reserved_usd(10.0, 31.0)[1] == 2 and reserved_usd(10.0, 30.4)[1] == 1


@pytest.mark.parametrize(
    ("days", "billing"),
    [(3.0, "pay_as_you_go"), (20.0, "pay_as_you_go"), (25.0, "monthly_or_reserved"), (36.0, "pay_as_you_go"),
     (57.0, "monthly_or_reserved"), (62.0, "pay_as_you_go")],
)  # fmt: skip
def test_reserving_is_advised_only_when_its_whole_months_cost_less_than_the_run_on_demand(
    days: float, billing: str
) -> None:
    assert billing_for(days) == billing
    usd, _ = reserved_usd(10.0, days)
    assert (usd < 10.0 * 24 * days) == (billing == "monthly_or_reserved")
