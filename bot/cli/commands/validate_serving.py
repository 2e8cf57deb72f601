"""The serving section of `gpu-advisor validate`: predicted vs published output tokens per second."""

from __future__ import annotations

import math

from bot.validation import ErrorStats, ServingReport


def _pct(x: float | None) -> str:
    return "-" if x is None or not math.isfinite(x) else f"{x:.0%}"


def _table(rows: list[tuple[str, ...]]) -> str:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = ["| " + " | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) + " |" for row in rows]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)


def _stats_row(label: str, s: ErrorStats) -> tuple[str, ...]:
    return (label, str(s.count), _pct(s.median_abs_error), _pct(s.within_25), _pct(s.within_50))


def summary_table(report: ServingReport) -> str:
    fitted, held = report.stats(False), report.stats(True)
    latency = report.latency_stats()
    return _table(
        [
            ("estimate", "runs", "median abs. error", "within ±25%", "within ±50%"),
            _stats_row("engine, runs it was fitted on", fitted["engine"]),
            _stats_row("engine, held-out runs", held["engine"]),
            _stats_row("naive bandwidth-only, fitted runs", fitted["naive"]),
            _stats_row("naive bandwidth-only, held-out runs", held["naive"]),
            _stats_row("time to first token (online runs)", latency["ttft"]),
            _stats_row("time per output token (online runs)", latency["tpot"]),
        ]
    )


def render_serving(report: ServingReport) -> str:
    rows: list[tuple[str, ...]] = [
        ("run", "GPU", "TP", "prec.", "in/out", "published tok/s", "predicted", "error", "naive")
    ]
    for c in report.checks:
        rows.append(
            (
                c.model + (" †" if c.holdout else ""),
                c.gpu,
                str(c.tp),
                c.precision,
                f"{c.input_tokens}/{c.output_tokens}" + (f" @{c.qps:g}qps" if c.qps else ""),
                f"{c.published_tokens_per_second:,.0f}",
                f"{c.predicted_tokens_per_second:,.0f}",
                f"{c.ratio - 1:+.0%}",
                f"{c.naive_ratio - 1:+.0%}",
            )
        )
    parts = [
        "Serving throughput: predicted vs published output tokens/s",
        "(one replica; maximum load unless a request rate is given)",
        _table(rows),
        "",
        "† held out: TensorRT-LLM 0.15, 0.17 and its online-serving table, never used to fit",
        "  sizing/serve_calibration.py",
        "",
        summary_table(report),
        "",
        "naive = the batch's weights and KV cache read at peak HBM bandwidth per step, nothing else",
        "(no compute, prefill, efficiency or overhead). Leave-one-model-out refits:",
        "python benchmarks/fit_serving.py.",
    ]
    if report.skipped:
        parts += ["", "Not compared: " + "; ".join(f"{s.id} ({s.reason})" for s in report.skipped)]
    return "\n".join(parts)
