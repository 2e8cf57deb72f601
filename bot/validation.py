"""Predictions against published numbers: pre-training GPU-hours and fine-tuning memory.

Shared by `gpu-advisor validate` and tests/validation. The engine is called exactly like the
contract check ../shared/checks/runs calls the CLI: params, tokens, seq_len, BF16, pretrain, the
run's GPU, and its GPU count when the run states one.

Error is measured on the log scale, so ×2 and ÷2 count alike:
|error| = exp(|ln(predicted / published)|) − 1. "Within ±25%" means 0.75 ≤ predicted / published
≤ 1.25 (and ±50%: 0.5-1.5), the bands the check uses.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from typing import Literal

from knowledge.kb import KnowledgeBase
from knowledge.schema import FinetuneMeasurement, PublishedRun
from sizing import Option, SizingError, SizingRequest, calibration as time_model, compute, plan
from sizing.architecture import derive
from sizing.types import Catalog

# The naive anchor in reference/sizing.md §3.1 and the runs check: 6·N·D FLOPs at 50% of the
# dense BF16 peak, no overheads.
NAIVE_MFU = 0.5


@dataclass(frozen=True, slots=True)
class ErrorStats:
    count: int
    median_abs_error: float  # fraction, log-symmetric (see module doc)
    within_25: float  # share of cases, 0-1
    within_50: float
    range_coverage: float | None  # share whose published value lies in the predicted range

    def to_dict(self) -> dict[str, object]:
        return asdict(self)


def abs_error(ratio: float) -> float:
    """Log-symmetric |error| of predicted / actual: 2.0 and 0.5 are both 100%."""
    return math.exp(abs(math.log(ratio))) - 1.0


def error_stats(ratios: Sequence[float], covered: Sequence[bool] | None = None) -> ErrorStats:
    if not ratios:
        return ErrorStats(0, math.nan, math.nan, math.nan, None)
    if any(r <= 0 or not math.isfinite(r) for r in ratios):
        raise ValueError("ratios must be positive and finite")
    n = len(ratios)
    return ErrorStats(
        count=n,
        median_abs_error=abs_error(math.exp(statistics.median(abs(math.log(r)) for r in ratios))),
        within_25=sum(0.75 <= r <= 1.25 for r in ratios) / n,
        within_50=sum(0.5 <= r <= 1.5 for r in ratios) / n,
        range_coverage=sum(covered) / len(covered) if covered else None,
    )


@dataclass(frozen=True, slots=True)
class RunCheck:
    id: str
    model: str
    gpu: str
    gpus: int | None
    published_gpu_hours: float
    predicted_gpu_hours: float
    predicted_range: tuple[float, float]
    naive_gpu_hours: float
    calibration: bool  # usable_for_calibration: False marks the outliers sizing.md §3.1 names
    source: str
    point: time_model.RunPoint | None = None  # what the time model's fit sees of this run
    loo_ratio: float | None = None  # predicted / published with constants fitted without this run

    @property
    def loo_range(self) -> tuple[float, float] | None:
        """The stated range around the leave-one-out prediction."""
        if self.loo_ratio is None:
            return None
        low, high = self.predicted_range
        scale = self.loo_ratio / self.ratio
        return low * scale, high * scale

    @property
    def loo_in_range(self) -> bool | None:
        rng = self.loo_range
        return None if rng is None else rng[0] <= self.published_gpu_hours <= rng[1]

    @property
    def ratio(self) -> float:
        return self.predicted_gpu_hours / self.published_gpu_hours

    @property
    def naive_ratio(self) -> float:
        return self.naive_gpu_hours / self.published_gpu_hours

    @property
    def in_range(self) -> bool:
        low, high = self.predicted_range
        return low <= self.published_gpu_hours <= high

    def to_dict(self) -> dict[str, object]:
        out = asdict(self) | {
            "ratio": round(self.ratio, 4),
            "error": round(self.ratio - 1, 4),
            "naive_ratio": round(self.naive_ratio, 4),
            "in_range": self.in_range,
            "loo_in_range": self.loo_in_range,
        }
        out.pop("point", None)
        return out


@dataclass(frozen=True, slots=True)
class MemoryCheck:
    id: str
    model: str
    method: str
    gpu: str
    gpus: int
    outcome: Literal["ran", "oom"]
    measured_gb: float | None  # per GPU; None for out-of-memory reports
    predicted_gb: float
    predicted_fits: bool
    source: str
    note: str | None
    # The recipe uses memory savers the engine does not model (CPU offload, paged 8-bit optimizer,
    # optimizer step in backward): shown, not scored.
    memory_savers: bool = False

    @property
    def verdict_right(self) -> bool:
        return self.predicted_fits == (self.outcome == "ran")

    @property
    def ratio(self) -> float | None:
        return self.predicted_gb / self.measured_gb if self.measured_gb else None

    def to_dict(self) -> dict[str, object]:
        ratio = self.ratio
        return asdict(self) | {
            "ratio": round(ratio, 4) if ratio is not None else None,
            "verdict_right": self.verdict_right,
        }


@dataclass(frozen=True, slots=True)
class Skipped:
    id: str
    reason: str


def naive_gpu_hours(run: PublishedRun, catalog: Catalog) -> float:
    peak_tflops = catalog.gpu(run.gpu or "").tflops.bf16
    if not peak_tflops:
        raise ValueError(f"{run.gpu} has no BF16 peak")
    return 6 * run.params * run.tokens / (peak_tflops * 1e12 * NAIVE_MFU) / 3600


def first_option(request: SizingRequest, catalog: Catalog) -> Option | str:
    """The engine's first option for a published setup, or why there is none."""
    try:
        return plan(request, catalog).options[0]
    except (SizingError, IndexError) as exc:
        return f"engine gave no plan: {exc}"


def check_run(run: PublishedRun, catalog: Catalog) -> RunCheck | Skipped:
    if run.gpu is None or run.gpu_hours is None:
        return Skipped(run.id, f"{run.accelerator}: not a catalogue GPU or no GPU-hours")
    request = SizingRequest(
        params=run.params,
        tokens=run.tokens,
        seq_len=run.seq_len,
        precision="bf16",
        method="pretrain",
        gpu=run.gpu,
        gpus=run.gpus,
    )
    option = first_option(request, catalog)
    if isinstance(option, str):
        return Skipped(run.id, option)
    gpu = catalog.gpu(run.gpu)
    tp = option.throughput
    point = time_model.RunPoint(
        mamf=compute.mamf(gpu),
        ridge=compute.ridge_point(gpu, tp.precision),
        hidden=derive(run.params).hidden,
        needed=tp.base_mfu * option.gpu_hours / run.gpu_hours,
    )
    return RunCheck(
        id=run.id,
        model=run.model,
        gpu=run.gpu,
        gpus=run.gpus,
        published_gpu_hours=run.gpu_hours,
        predicted_gpu_hours=option.gpu_hours,
        predicted_range=option.gpu_hours_range,
        naive_gpu_hours=naive_gpu_hours(run, catalog),
        calibration=run.usable_for_calibration,
        source=run.source.ref,
        point=point,
    )


def check_memory(m: FinetuneMeasurement, catalog: Catalog) -> MemoryCheck | Skipped:
    outcome = m.outcome
    if m.gpu is None:
        return Skipped(m.id, "no catalogue GPU named (only a memory size)")
    if not m.measured:
        return Skipped(m.id, "analytical, not a measurement")
    if outcome == "ran" and m.peak_memory_gb_per_gpu is None:
        return Skipped(m.id, "no peak memory reported")
    request = SizingRequest(
        params=m.params,
        precision=m.precision,
        method=m.method,
        gpu=m.gpu,
        gpus=m.gpus,
        seq_len=m.seq_len,
        micro_batch=m.micro_batch,
        stack=m.stack,
        recompute=m.recompute,
        offload=m.offload,
        low_memory=m.low_memory,
        lora_rank=m.lora_rank,
    )
    option = first_option(request, catalog)
    if isinstance(option, str):
        return Skipped(m.id, option)
    return MemoryCheck(
        id=m.id,
        model=m.model,
        method=m.method,
        gpu=m.gpu,
        gpus=m.gpus,
        outcome=outcome,
        measured_gb=m.peak_memory_gb_per_gpu if outcome == "ran" else None,
        predicted_gb=option.fitted.memory.total_gb,
        predicted_fits=option.fits,
        source=m.source.ref,
        note=m.note,
        memory_savers=m.memory_savers,
    )


@dataclass(frozen=True, slots=True)
class Report:
    runs: tuple[RunCheck, ...]
    memory: tuple[MemoryCheck, ...]
    skipped: tuple[Skipped, ...]

    def run_stats(self, *, calibration_only: bool = True) -> dict[str, ErrorStats]:
        runs = [r for r in self.runs if r.calibration or not calibration_only]
        loo = [r for r in runs if r.loo_ratio is not None]
        return {
            "engine": error_stats([r.ratio for r in runs], [r.in_range for r in runs]),
            "engine_loo": error_stats(
                [r.loo_ratio for r in loo if r.loo_ratio is not None], [bool(r.loo_in_range) for r in loo]
            ),
            "naive": error_stats([r.naive_ratio for r in runs]),
        }

    def fitted(self) -> tuple[float, float]:
        """The time model's constants fitted on these runs (sizing.calibration.fit)."""
        return time_model.fit([r.point for r in self.runs if r.calibration and r.point is not None])

    def loo_band(self) -> float:
        """The ln half-width holding calibration.BAND_QUANTILE of the leave-one-out errors."""
        errors = [math.log(r.loo_ratio) for r in self.runs if r.calibration and r.loo_ratio is not None]
        return time_model.band_from(errors) if errors else math.nan

    def memory_stats(self) -> dict[str, object]:
        scored = [m for m in self.memory if not m.memory_savers]
        ratios = [r for m in scored if (r := m.ratio) is not None]
        return {
            "memory": error_stats(ratios).to_dict(),
            "verdicts_right": sum(m.verdict_right for m in scored),
            "verdicts": len(scored),
            "not_scored_memory_savers": [m.id for m in self.memory if m.memory_savers],
        }

    def to_dict(self) -> dict[str, object]:
        return {
            "runs": [r.to_dict() for r in self.runs],
            "run_stats": {k: v.to_dict() for k, v in self.run_stats().items()},
            "time_model": {
                "c_ridge": time_model.C_RIDGE,
                "alpha_width": time_model.ALPHA_WIDTH,
                "log_band": time_model.LOG_BAND,
                "refit": list(self.fitted()) if any(r.point for r in self.runs) else None,
                "loo_band": round(self.loo_band(), 4),
            },
            "run_stats_all": {k: v.to_dict() for k, v in self.run_stats(calibration_only=False).items()},
            "memory": [m.to_dict() for m in self.memory],
            "memory_stats": self.memory_stats(),
            "skipped": [asdict(s) for s in self.skipped],
            "naive_mfu": NAIVE_MFU,
        }


def with_leave_one_out(runs: list[RunCheck]) -> list[RunCheck]:
    """Each calibration run's prediction with the time model refitted on all the other runs
    (sizing.calibration.leave_one_out); runs outside the calibration set are out of sample already
    and keep their prediction."""
    used = [(r.id, r.point) for r in runs if r.calibration and r.point is not None]
    if len(used) < 2:
        return runs
    errors = dict(zip((i for i, _ in used), time_model.leave_one_out([p for _, p in used]), strict=True))
    return [replace(r, loo_ratio=math.exp(errors[r.id]) if r.id in errors else r.ratio) for r in runs]


def validate(
    runs: Sequence[PublishedRun], measurements: Sequence[FinetuneMeasurement], catalog: Catalog
) -> Report:
    checked: list[RunCheck] = []
    memory: list[MemoryCheck] = []
    skipped: list[Skipped] = []
    for run in runs:
        r = check_run(run, catalog)
        if isinstance(r, RunCheck):
            checked.append(r)
        else:
            skipped.append(r)
    checked = with_leave_one_out(checked)
    for m in measurements:
        c = check_memory(m, catalog)
        if isinstance(c, MemoryCheck):
            memory.append(c)
        else:
            skipped.append(c)
    return Report(tuple(checked), tuple(memory), tuple(skipped))


# --- Serving: predicted vs published output tokens per second (knowledge/data/serving_runs.yaml) ---


@dataclass(frozen=True, slots=True)
class ServingCheck:
    id: str
    model: str
    engine: str
    gpu: str
    tp: int
    precision: str
    input_tokens: int
    output_tokens: int
    qps: float | None
    published_tokens_per_second: float
    predicted_tokens_per_second: float
    naive_tokens_per_second: float
    published_ttft_ms: float | None
    predicted_ttft_ms: float
    published_tpot_ms: float | None
    predicted_tpot_ms: float
    holdout: bool
    source: str

    @property
    def ratio(self) -> float:
        return self.predicted_tokens_per_second / self.published_tokens_per_second

    @property
    def naive_ratio(self) -> float:
        return self.naive_tokens_per_second / self.published_tokens_per_second

    def to_dict(self) -> dict[str, object]:
        return asdict(self) | {"ratio": round(self.ratio, 4), "naive_ratio": round(self.naive_ratio, 4)}


@dataclass(frozen=True, slots=True)
class ServingReport:
    checks: tuple[ServingCheck, ...]
    skipped: tuple[Skipped, ...]

    def stats(self, holdout: bool) -> dict[str, ErrorStats]:
        rows = [c for c in self.checks if c.holdout == holdout]
        return {
            "engine": error_stats([c.ratio for c in rows]),
            "naive": error_stats([c.naive_ratio for c in rows]),
        }

    def latency_stats(self) -> dict[str, ErrorStats]:
        """Time to first token and per output token, on the runs that publish them (below saturation)."""
        rows = [c for c in self.checks if c.qps is not None]
        return {
            "ttft": error_stats(
                [c.predicted_ttft_ms / c.published_ttft_ms for c in rows if c.published_ttft_ms]
            ),
            "tpot": error_stats(
                [c.predicted_tpot_ms / c.published_tpot_ms for c in rows if c.published_tpot_ms]
            ),
        }

    def to_dict(self) -> dict[str, object]:
        return {
            "runs": [c.to_dict() for c in self.checks],
            "fitted": {k: v.to_dict() for k, v in self.stats(False).items()},
            "holdout": {k: v.to_dict() for k, v in self.stats(True).items()},
            "latency": {k: v.to_dict() for k, v in self.latency_stats().items()},
            "skipped": [asdict(s) for s in self.skipped],
        }


def serving_report(kb: KnowledgeBase) -> ServingReport:
    from sizing.serve_check import predict

    checks: list[ServingCheck] = []
    skipped: list[Skipped] = []
    for run in kb.serving_runs:
        p = predict(
            kb.model_architecture(run.model),
            kb.catalog.gpu(run.gpu),
            run.tp,
            run.precision,
            run.input_tokens,
            run.output_tokens,
            run.concurrency,
            run.qps,
            layout=run.layout,
        )
        if not p.fits:
            skipped.append(Skipped(run.id, "the model predicts it does not fit"))
            continue
        checks.append(
            ServingCheck(
                id=run.id,
                model=run.model,
                engine=run.engine,
                gpu=run.gpu,
                tp=run.tp,
                precision=run.precision,
                input_tokens=run.input_tokens,
                output_tokens=run.output_tokens,
                qps=run.qps,
                published_tokens_per_second=run.output_tokens_per_second,
                predicted_tokens_per_second=p.output_tokens_per_second,
                naive_tokens_per_second=p.naive_tokens_per_second,
                published_ttft_ms=run.ttft_ms,
                predicted_ttft_ms=p.ttft_ms,
                published_tpot_ms=run.tpot_ms,
                predicted_tpot_ms=p.tpot_ms,
                holdout=run.holdout,
                source=kb.serving_sources[run.src].citation,
            )
        )
    return ServingReport(tuple(checks), tuple(skipped))
