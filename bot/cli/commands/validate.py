"""`gpu-advisor validate`: the engine's predictions against published runs and measurements."""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence
from typing import Any

from bot.cli.commands.validate_serving import render_serving
from bot.cli.jsonout import dumps
from bot.validation import ErrorStats, Report, serving_report, validate
from sizing import calibration as time_model


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "validate", help="compare predicted GPU-hours and memory with published runs and measurements"
    )
    p.add_argument("--json", action="store_true", help="print JSON only")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        from knowledge import load_knowledge

        kb = load_knowledge()
        report = validate(kb.published_runs, kb.finetune_measurements, kb.catalog)
        serving = serving_report(kb)
    except Exception as exc:  # knowledge data problems: one line, no traceback
        print(f"gpu-advisor validate: {type(exc).__name__}: {exc}".splitlines()[0], file=sys.stderr)
        return 1
    if args.json:
        print(dumps(report.to_dict() | {"serving": serving.to_dict()}))
    else:
        print(render_text(report) + "\n\n" + render_serving(serving))
    return 0


def _table(rows: Sequence[Sequence[str]]) -> str:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = ["| " + " | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) + " |" for row in rows]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)


def _hours(x: float) -> str:
    return f"{x / 1e6:.2f}M" if x >= 1e6 else f"{x / 1e3:.1f}K"


def _pct(x: float | None) -> str:
    return "-" if x is None or not math.isfinite(x) else f"{x:.0%}"


def _signed(ratio: float) -> str:
    return f"{ratio - 1:+.0%}"


def _stats_rows(label: str, s: ErrorStats) -> list[str]:
    return [label, str(s.count), _pct(s.median_abs_error), _pct(s.within_25), _pct(s.within_50)] + [
        _pct(s.range_coverage)
    ]


def render_text(report: Report) -> str:
    runs = [
        (
            "model",
            "GPU",
            "#GPUs",
            "published GPU-h",
            "predicted",
            "error",
            "left out",
            "range",
            "in range",
            "naive",
        )
    ]
    for r in report.runs:
        low, high = r.predicted_range
        runs.append(
            (
                r.model.split(" (")[0] + ("" if r.calibration else " *"),
                r.gpu,
                str(r.gpus or "-"),
                _hours(r.published_gpu_hours),
                _hours(r.predicted_gpu_hours),
                _signed(r.ratio),
                _signed(r.loo_ratio) if r.loo_ratio is not None and r.calibration else "-",
                f"{_hours(low)}-{_hours(high)}",
                "yes" if r.in_range else "no",
                _signed(r.naive_ratio),
            )
        )
    head = ("estimate", "runs", "median abs. error", "within ±25%", "within ±50%", "range covers")
    main, every = report.run_stats(), report.run_stats(calibration_only=False)
    stats = [
        head,
        _stats_rows("engine, runs the fit never saw (leave-one-out)", main["engine_loo"]),
        _stats_rows("engine, in-sample", main["engine"]),
        _stats_rows("naive 6·N·D at 50% MFU", main["naive"]),
        _stats_rows("engine in-sample, incl. * outliers", every["engine"]),
        _stats_rows("naive, incl. * outliers", every["naive"]),
    ]
    c_ridge, alpha = report.fitted()
    mem = [("model", "method", "hardware", "measured GB/GPU", "predicted", "error", "fits?", "verdict")]
    for m in report.memory:
        ratio = m.ratio
        mem.append(
            (
                m.model + (" †" if m.memory_savers else ""),
                m.method,
                f"{m.gpus}x {m.gpu}",
                "OOM" if m.outcome == "oom" else f"{m.measured_gb:g}",
                f"{m.predicted_gb:.1f}",
                _signed(ratio) if ratio is not None else "-",
                "fits" if m.predicted_fits else "does not fit",
                "right" if m.verdict_right else "WRONG",
            )
        )
    ms = report.memory_stats()
    mem_stats: dict[str, Any] = dict(ms["memory"])  # type: ignore[call-overload]
    parts = [
        "Pre-training GPU-hours: predicted vs published (sizing.plan with the run's GPU, BF16, pretrain)",
        _table(runs),
        "",
        "* outlier or non-comparable run (usable_for_calibration: false in published_runs.yaml)",
        "",
        _table(stats),
        "",
        "abs. error = exp(abs(ln(predicted/published))) - 1; naive = 6·N·D ÷ (dense BF16 peak × 50%).",
        "The time model's two constants are fitted on these runs (sizing/calibration.py; refitted now:",
        f"C_RIDGE {c_ridge:g}, ALPHA_WIDTH {alpha:g}), so the in-sample rows flatter it. The leave-one-out",
        "row refits them without each run in turn and predicts that run ('left out'); the stated range",
        f"is ÷/× {math.exp(time_model.LOG_BAND):.2f}, the {time_model.BAND_QUANTILE * 100:.0f}th percentile"
        " of those out-of-sample errors.",
        "",
        "Fine-tuning memory per GPU: predicted vs measured",
        _table(mem),
        "",
        f"median abs. error {_pct(mem_stats['median_abs_error'])}, "
        f"within ±25% {_pct(mem_stats['within_25'])}, "
        f"within ±50% {_pct(mem_stats['within_50'])} over {mem_stats['count']} measurements; "
        f"fits verdict right {ms['verdicts_right']}/{ms['verdicts']}"
        + (
            "; † recipe with CPU offload / paged 8-bit optimizer, outside the memory model, not scored"
            if ms["not_scored_memory_savers"]
            else ""
        ),
    ]
    if report.skipped:
        parts += ["", "Not compared: " + "; ".join(f"{s.id} ({s.reason})" for s in report.skipped)]
    return "\n".join(parts)
