"""`gpu-advisor size --task serve`: what it takes to serve a model (DESIGN.md contract), and the
`--model NAME` lookup both tasks share."""

from __future__ import annotations

import argparse
import datetime as dt
import math
import sys
from dataclasses import dataclass
from typing import Any

from bot.cli.commands import size_args
from bot.cli.jsonout import dumps
from knowledge.schema import ModelCardRecord
from sizing import SizingError
from sizing.model_arch import ModelArchitecture
from sizing.serve_plan import plan_serving
from sizing.serve_types import (
    DEFAULT_INPUT_TOKENS,
    DEFAULT_OUTPUT_TOKENS,
    SERVE_PRECISIONS,
    BatchJob,
    ServeEngine,
    ServePrecision,
    ServeRequest,
    prompt_for_context,
)

# `--engine` as people write it, to the engine ids of sizing.serve_types.
ENGINE_NAMES: dict[str, ServeEngine] = {
    "vllm": "vllm",
    "sglang": "sglang",
    "trtllm": "tensorrt-llm",
    "tensorrt-llm": "tensorrt-llm",
}


def positive_int(what: str) -> Any:
    """A whole count of at least 1, written as people write numbers (2048, 2k, 1,000, 1e3)."""

    def parse(text: str) -> int:
        try:
            value = size_args.count(text.replace(",", ""))
        except argparse.ArgumentTypeError:
            value = math.nan
        if not (math.isfinite(value) and value >= 1 and value == int(value)):
            raise argparse.ArgumentTypeError(f"{what} must be a whole number of at least 1, not {text!r}")
        return int(value)

    return parse


def positive_float(what: str) -> Any:
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} must be a positive number, not {text!r}") from None
        if not math.isfinite(value) or value <= 0:
            raise argparse.ArgumentTypeError(f"{what} must be a positive number, not {text!r}")
        return value

    return parse


def add_arguments(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("serving (--task serve)")
    g.add_argument("--input-tokens", type=positive_int("--input-tokens"), help="prompt length (default 1000)")
    g.add_argument(
        "--output-tokens", type=positive_int("--output-tokens"), help="answer length (default 500)"
    )
    g.add_argument(
        "--context",
        type=positive_int("--context"),
        help="context each request may fill, tokens (KV cache sized for it; e.g. 32k)",
    )
    g.add_argument(
        "--window",
        type=positive_int("--window"),
        help="longest request the deployment accepts (max_model_len), tokens; requests are planned at"
        " --input-tokens, each replica must take one request of the window, and a warning says what it"
        " would take if every request filled it",
    )
    load = g.add_mutually_exclusive_group()
    load.add_argument("--concurrency", type=positive_int("--concurrency"), help="requests in flight (users)")
    load.add_argument("--qps", type=positive_float("--qps"), help="requests per second")
    load.add_argument(
        "--daily-users",
        type=positive_int("--daily-users"),
        help="daily active users (peak concurrency derived)",
    )
    load.add_argument(
        "--daily-requests",
        type=positive_int("--daily-requests"),
        help="requests a day (a month's count / 30.4; peak rate derived over 8 busy hours at 2x the average)",
    )
    load.add_argument(
        "--requests",
        type=positive_int("--requests"),
        help="an offline (batch) job of this many requests (documents, prompts, samples): replicas run full,"
        " no latency target; the answer gives the job's hours, GPU-hours and total cost",
    )
    g.add_argument(
        "--window-hours",
        type=positive_float("--window-hours"),
        help="with --requests: hours the batch job must finish in (replicas added to meet it); without"
        " it, the cheapest plan and how long it takes",
    )
    g.add_argument(
        "--layout",
        choices=("tp", "ep"),
        help="MoE replica layout: tp (tensor parallel) or ep (experts spread, attention data parallel); "
        "default: the better of the two",
    )
    g.add_argument(
        "--engine",
        choices=("vllm", "sglang", "trtllm", "tensorrt-llm"),
        help="serving engine whose defaults the plan follows (vllm and sglang keep a 16-bit KV cache "
        "beside FP8 weights); default: TensorRT-LLM's, as the calibration runs ran",
    )
    g.add_argument("--ttft-ms", type=positive_float("--ttft-ms"), help="target time to first token, ms")
    g.add_argument("--tpot-ms", type=positive_float("--tpot-ms"), help="target time per output token, ms")


@dataclass(frozen=True, slots=True)
class NamedModel:
    card: ModelCardRecord
    architecture: ModelArchitecture


def _knowledge() -> Any:
    from bot.bootstrap import build_knowledge
    from bot.config import Settings

    return build_knowledge(Settings.from_env())


def named_model(name: str | None) -> NamedModel | None:
    """The card a --model name means; LookupError (knowledge.models.UnknownModelError) listing the
    close names when there is none."""
    if name is None:
        return None
    from knowledge.models import architecture

    kb = _knowledge()
    card = kb.require_model(name)
    return NamedModel(card, architecture(card))


def _precision(args: argparse.Namespace, model: NamedModel | None) -> ServePrecision | None:
    wanted = args.precision
    if wanted is None:
        return model.card.native_precision if model is not None else "bf16"
    return next((p for p in SERVE_PRECISIONS if p == wanted), None)


def run(args: argparse.Namespace) -> int:
    try:
        model = named_model(args.model)
    except LookupError as exc:
        print(f"gpu-advisor size: {exc}", file=sys.stderr)
        return 2
    if model is None and args.params is None:
        print("gpu-advisor size: --task serve needs --model NAME or --params N", file=sys.stderr)
        return 2
    if args.window_hours is not None and args.requests is None:
        print("gpu-advisor size: --window-hours needs --requests (the batch job's size)", file=sys.stderr)
        return 2
    precision = _precision(args, model)
    if precision is None:
        print(
            f"gpu-advisor size: {args.precision} is not a serving precision (fp16, bf16, fp8, int8, int4)",
            file=sys.stderr,
        )
        return 2
    arch = (
        model.architecture
        if model is not None
        else ModelArchitecture.standard(args.params, args.active_params)
    )
    output_tokens = args.output_tokens or DEFAULT_OUTPUT_TOKENS
    input_tokens = prompt_for_context(args.context, args.input_tokens, output_tokens)
    request = ServeRequest(
        model=arch,
        model_id=model.card.id if model is not None else None,
        precision=precision,
        input_tokens=input_tokens or DEFAULT_INPUT_TOKENS,
        output_tokens=output_tokens,
        input_tokens_default=input_tokens is None,
        output_tokens_default=args.output_tokens is None,
        context_tokens=args.context,
        window_tokens=args.window,
        concurrency=args.concurrency,
        qps=args.qps,
        daily_users=args.daily_users,
        daily_requests=args.daily_requests,
        ttft_ms=args.ttft_ms,
        tpot_ms=args.tpot_ms,
        gpu=args.gpu,
        gpus=args.gpus,
        budget=args.budget,
        today=dt.date.today(),
        layout=args.layout,
        engine=ENGINE_NAMES.get(args.engine) if args.engine else None,
        batch=BatchJob(args.requests, args.window_hours) if args.requests is not None else None,
    )
    try:
        result = plan_serving(request, _knowledge().catalog).to_dict()
    except SizingError as exc:
        print(f"gpu-advisor size: {exc.message}", file=sys.stderr)
        return 2
    except Exception as exc:  # knowledge data problems: one line, no traceback
        print(f"gpu-advisor size: {type(exc).__name__}: {exc}".splitlines()[0], file=sys.stderr)
        return 1
    print(dumps(result) if args.json else render_text(result))
    return 0


def render_text(result: dict[str, Any]) -> str:
    gpu_width = max([11] + [len(str(o["gpu"])) + 1 for o in result["options"]])  # "a100-40gb-pcie"
    head = (
        f"{'option':<17}{'gpu':<{gpu_width}}{'prec':<6}{'gpus':>7}{'fits':>6}{'mem GB':>8}"
        f"{'max req':>9}{'tok/s':>10}{'TTFT ms':>9}{'TPOT ms':>9}{'$/hour':>9}{'$/M tok':>9}"
    )
    rows = [head, "-" * len(head)]
    for o in result["options"]:
        c = o["cost"]
        per_hour = "n/a" if c["per_hour"] is None else f"{c['per_hour']:,.2f}"
        per_m = "n/a" if c["per_million_output_tokens"] is None else f"{c['per_million_output_tokens']:,.3f}"
        gpus = f"{o['gpus_per_replica']}x{o['replicas']}" if o["replicas"] > 1 else str(o["gpus"])
        rows.append(
            f"{o['label']:<17}{o['gpu']:<{gpu_width}}{o['precision']:<6}{gpus:>7}"
            f"{'yes' if o['fits'] else 'NO':>6}"
            f"{o['memory_per_gpu_gb']:>8.1f}{o['max_concurrency']:>9,}{o['output_tokens_per_second']:>10,.0f}"
            f"{o['ttft_ms'] or 0:>9,.0f}{o['tpot_ms'] or 0:>9.1f}{per_hour:>9}{per_m:>9}"
        )
    if not result["options"]:
        rows.append("(nothing in the catalogue fits)")
    jobs = [(o["label"], o["job"]) for o in result["options"] if o.get("job", {}).get("hours") is not None]
    if jobs:
        rows += ["", f"{'batch job':<17}{'hours':>10}{'GPU-hours':>12}{'cost':>14}  within window"]
        for label, job in jobs:
            cost = "n/a" if job["cost"] is None else f"{job['cost']['amount']:,.0f} {job['cost']['currency']}"
            window = "-" if job["window_hours"] is None else ("yes" if job["meets_window"] else "NO")
            rows.append(f"{label:<17}{job['hours']:>10,.1f}{job['gpu_hours']:>12,.0f}{cost:>14}  {window}")
    rows += [""] + [f"! {w['code']}: {w['message']}" for w in result["warnings"]]
    rows += [f"- excluded {e['gpu']}: {e['message']}" for e in result.get("excluded", [])]
    rows += [""] + [f"  {line}" for line in result["explain"]]
    return "\n".join(rows)
