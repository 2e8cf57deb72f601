"""The cost-versus-time chart: a small, valid PNG for whatever options a sizing result holds."""

from __future__ import annotations

import struct
import subprocess
import sys
from typing import Any

from bot.render.chart import cost_time_png, points

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def option(gpu: str, gpus: int, days: float, amount: float, **extra: Any) -> dict[str, Any]:
    cost: dict[str, Any] = {"amount": amount, "currency": "USD"}
    cost.update(extra.pop("cost_extra", {}))
    return {"gpu": gpu, "gpus": gpus, "nodes": 1, "days": days, "cost": cost, "fits": True, **extra}


def png_size(png: bytes) -> tuple[int, int]:
    width, height = struct.unpack(">II", png[16:24])  # IHDR comes first
    return width, height


THREE_OPTIONS = {
    "workload": {"params": 7e9, "days": 30},
    "options": [
        option("h100-sxm", 8, 12.5, 38_000, cost_extra={"spot_amount": 15_000}),
        option("a100-80gb", 8, 27.0, 41_000),
        option("l40s", 16, 33.0, 35_000, fits=False),
    ],
    "warnings": [],
    "explain": [],
}


def test_a_three_option_result_draws_a_small_valid_png() -> None:
    png = cost_time_png(THREE_OPTIONS, "en")
    assert png.startswith(PNG_SIGNATURE)
    assert 5_000 < len(png) < 100_000
    assert png_size(png) == (640, 440)


def test_the_same_result_gives_the_same_bytes() -> None:
    assert cost_time_png(THREE_OPTIONS, "zh") == cost_time_png(THREE_OPTIONS, "zh")


def test_a_single_option_without_spot_or_deadline_still_draws() -> None:
    result = {"workload": {"params": 7e9}, "options": [option("a10g", 1, 0.4, 12)]}
    png = cost_time_png(result, "en")
    assert png.startswith(PNG_SIGNATURE)
    assert len(png) < 100_000


def test_a_result_with_no_options_draws_an_empty_chart_instead_of_failing() -> None:
    assert cost_time_png({"workload": {}, "options": []}, "en").startswith(PNG_SIGNATURE)


def test_spot_prices_are_read_where_the_sizing_result_puts_them() -> None:
    result = {
        "options": [
            option("h100-sxm", 8, 10, 30_000, cost_extra={"spot_amount": 12_000}),
            option("a100-80gb", 8, 20, 28_000, cost_extra={"spot": {"amount": 11_000}}),
            option("l40s", 8, 25, 20_000, spot_cost={"amount": 9_000, "currency": "USD"}),
            option("l4", 8, 60, 9_000),
        ]
    }
    pts, currency = points(result)
    assert currency == "USD"
    assert [p.spot_cost for p in pts] == [12_000, 11_000, 9_000, None]
    assert [p.label for p in pts] == ["8x h100-sxm", "8x a100-80gb", "8x l40s", "8x l4"]


def test_a_usd_spot_price_is_shown_in_the_options_currency() -> None:
    cny_option = option(
        "h100-sxm", 8, 10, 70_000, cost_extra={"currency": "CNY", "on_demand_usd": 10_000, "spot_usd": 4_000}
    )
    pts, currency = points({"options": [cny_option]})
    assert currency == "CNY"
    assert pts[0].spot_cost == 28_000


def test_options_without_finite_days_or_cost_are_left_out() -> None:
    result = {
        "options": [
            option("h100-sxm", 8, float("inf"), 30_000),
            option("a100-80gb", 8, 20, float("nan")),
            {"gpu": "l4", "gpus": 1, "days": 3, "cost": None},
            option("l40s", 8, 25, 20_000),
        ]
    }
    pts, _ = points(result)
    assert [p.label for p in pts] == ["8x l40s"]
    assert cost_time_png(result, "en").startswith(PNG_SIGNATURE)


def test_importing_the_chart_module_does_not_import_matplotlib() -> None:
    code = "import sys, bot.render.chart; print('matplotlib' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
