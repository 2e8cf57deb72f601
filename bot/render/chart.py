"""Cost-versus-time chart of a sizing result's options, as a small PNG.

Labels are English plus catalog GPU ids, so no CJK font is needed on the server. matplotlib is
imported inside the function: importing it costs about half a second, which every CLI call and
Slack worker would otherwise pay whether or not it draws a chart.
"""

from __future__ import annotations

import io
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

# Okabe-Ito colours: distinguishable with the common colour-vision deficiencies.
ON_DEMAND_COLOUR = "#0072B2"
SPOT_COLOUR = "#E69F00"
DEADLINE_COLOUR = "#D55E00"
MAX_OPTIONS = 12  # more points than this turns the labels into noise


@dataclass(frozen=True)
class Point:
    label: str
    days: float
    cost: float
    spot_cost: float | None
    fits: bool


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    number = float(value)
    return number if math.isfinite(number) and number >= 0 else None


def _spot_amount(option: Mapping[str, Any]) -> float | None:
    """The spot price of an option, wherever the sizing result puts it."""
    cost = option.get("cost")
    candidates: list[Any] = []
    if isinstance(cost, Mapping):
        candidates += [cost.get("spot_amount"), cost.get("spot")]
        # The engine prices spot in USD only; scale it by the option's own USD -> currency ratio.
        spot_usd, on_demand_usd = _number(cost.get("spot_usd")), _number(cost.get("on_demand_usd"))
        amount = _number(cost.get("amount"))
        if spot_usd is not None and on_demand_usd and amount is not None:
            candidates.append(spot_usd * amount / on_demand_usd)
    spot = option.get("spot_cost") or option.get("spot")
    candidates += [spot.get("amount") if isinstance(spot, Mapping) else spot]
    for candidate in candidates:
        if isinstance(candidate, Mapping):
            candidate = candidate.get("amount")
        if (amount := _number(candidate)) is not None:
            return amount
    return None


def points(recommendation: Mapping[str, Any]) -> tuple[list[Point], str]:
    """The plottable options (finite days and cost) and their currency."""
    options = recommendation.get("options")
    out: list[Point] = []
    currency = ""
    for option in options if isinstance(options, Sequence) else ():
        if not isinstance(option, Mapping):
            continue
        cost = option.get("cost")
        if not isinstance(cost, Mapping):
            continue
        days, amount = _number(option.get("days")), _number(cost.get("amount"))
        if days is None or amount is None:
            continue
        currency = currency or str(cost.get("currency") or "")
        label = f"{option.get('gpus', '?')}x {option.get('gpu', '?')}"
        out.append(Point(label, days, amount, _spot_amount(option), option.get("fits") is not False))
        if len(out) == MAX_OPTIONS:
            break
    return out, currency


def _deadline_days(recommendation: Mapping[str, Any]) -> float | None:
    workload = recommendation.get("workload")
    if not isinstance(workload, Mapping):
        return None
    days = _number(workload.get("days"))
    return days if days else None


def cost_time_png(recommendation: Mapping[str, Any], lang: str = "en") -> bytes:
    """PNG bytes; `lang` is accepted for symmetry with the renderers, labels stay English."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure
    from matplotlib.ticker import FuncFormatter

    pts, currency = points(recommendation)
    deadline = _deadline_days(recommendation)
    fig = Figure(figsize=(6.4, 4.4), dpi=100)
    ax = fig.add_subplot()
    if pts:
        ax.scatter(
            [p.days for p in pts],
            [p.cost for p in pts],
            c=[ON_DEMAND_COLOUR if p.fits else "white" for p in pts],
            edgecolors=ON_DEMAND_COLOUR,
            s=50,
            zorder=3,
            label="on-demand" + ("" if all(p.fits for p in pts) else " (hollow: does not fit)"),
        )
        for p in pts:
            ax.annotate(p.label, (p.days, p.cost), textcoords="offset points", xytext=(6, 4), fontsize=8)
        spot = [(p.days, p.cost, p.spot_cost) for p in pts if p.spot_cost is not None]
        if spot:
            ax.scatter(
                [days for days, _, _ in spot],
                [spot_cost for _, _, spot_cost in spot],
                marker="v",
                color=SPOT_COLOUR,
                s=40,
                zorder=3,
                label="spot (can be interrupted)",
            )
            for days, cost, spot_cost in spot:
                ax.plot([days, days], [cost, spot_cost], color=SPOT_COLOUR, lw=0.8, ls=":")
    else:
        ax.text(0.5, 0.5, "no priced options", ha="center", va="center", transform=ax.transAxes)
    if deadline is not None:
        ax.axvline(deadline, color=DEADLINE_COLOUR, ls="--", lw=1, label=f"deadline: {deadline:g} days")
    ax.set_xlabel("training time (days)")
    ax.set_ylabel(f"total cost ({currency})" if currency else "total cost")
    ax.set_title("Cost vs. time of the options")
    # Room on the right and on top for the point labels.
    x_max = max([p.days for p in pts] + [deadline or 0.0, 1.0])
    y_max = max([p.cost for p in pts] + [1.0])
    ax.set_xlim(0, x_max * 1.25)
    ax.set_ylim(0, y_max * 1.15)
    ax.yaxis.set_major_formatter(FuncFormatter(lambda value, _pos: f"{value:,.0f}"))
    ax.grid(True, alpha=0.3)
    if pts or deadline is not None:
        # Below the plot, where it can never cover a point.
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.16), ncols=3, fontsize=8, frameon=False)
    fig.tight_layout()
    buf = io.BytesIO()
    # No creation date in the metadata, so the same result gives the same bytes.
    fig.savefig(buf, format="png", metadata={"Software": None})
    return buf.getvalue()
