"""`gpu-advisor size`: run the sizing engine on flags; a table, or DESIGN.md JSON with --json."""

from __future__ import annotations

import argparse
import datetime as dt
import sys
from pathlib import Path
from typing import Any

from bot.cli.commands import size_args, size_serve
from bot.cli.jsonout import dumps
from bot.render.sizing_words import worded
from sizing import SizingError, SizingRequest, plan
from sizing.serve_types import SERVE_PRECISIONS
from sizing.types import METHODS, PRECISIONS, RECOMPUTES, STACKS


def add_parser(sub: Any) -> None:
    p = sub.add_parser("size", help="size GPUs, time and cost to train, fine-tune or serve a model")
    p.add_argument(
        "--task", choices=("train", "serve"), default="train", help="train (default) or serve (inference)"
    )
    p.add_argument("--model", help="a model's name: Llama-3.1-8B, Qwen2.5-72B, DeepSeek-V3, 通义千问2.5-72B")
    p.add_argument("--params", type=size_args.count, help="parameters: 7e9, 7B, 70亿 (or name --model)")
    data = p.add_mutually_exclusive_group()
    data.add_argument("--tokens", type=size_args.count, help="training tokens: 1T, 2e12")
    data.add_argument("--data", type=size_args.data_size, help="dataset size: 2TB, 800GB, 2e12")
    p.add_argument(
        "--epochs", type=size_args.epochs, default=1.0, help="passes over the data (default 1): 3, 1.5"
    )
    p.add_argument("--lang", choices=("en", "zh", "code", "mixed"), default="en", help="dataset language")
    p.add_argument("--bytes-per-token", type=float, help="override the language's bytes per token")
    p.add_argument(
        "--precision",
        choices=tuple(dict.fromkeys((*PRECISIONS, *SERVE_PRECISIONS))),
        help="training: fp32|fp16|bf16|fp8 (default bf16); serving: fp16|bf16|fp8|int8|int4 "
        "(default: the model's published precision, else bf16)",
    )
    p.add_argument("--method", choices=METHODS, default="pretrain")
    p.add_argument("--days", type=float, help="deadline in days")
    p.add_argument("--budget", type=size_args.budget, help='"$5000", "5万元", "5000 USD/month"')
    p.add_argument("--gpu", help="catalogue id or family (a100 = both A100s)")
    p.add_argument("--gpus", type=int, help="GPU count")
    p.add_argument("--seq-len", type=int)
    p.add_argument("--micro-batch", type=int)
    p.add_argument(
        "--global-batch",
        type=size_args.count,
        help="tokens per optimizer step: 4M, 2097152 "
        "(default: the method's recipe, 4M pre-training, 128K fine-tuning)",
    )
    p.add_argument(
        "--network-gbps",
        type=float,
        help="your cluster's inter-node network, Gb/s per node (e.g. 100 for 100 GbE): "
        "the time charges what it cannot hide",
    )
    p.add_argument(
        "--active-params", type=size_args.count, help="MoE: parameters active per token (37B of 671B)"
    )
    p.add_argument(
        "--stack",
        choices=STACKS,
        help="training software (default: megatron for pre-training, fsdp for fine-tuning)",
    )
    p.add_argument(
        "--recompute",
        choices=RECOMPUTES,
        help="activation recomputation (default: only where memory needs it)",
    )
    p.add_argument(
        "--offload", action="store_true", help="optimizer states, master weights and gradients in CPU memory"
    )
    p.add_argument(
        "--low-memory",
        action="store_true",
        help="full fine-tuning with the low-memory recipe: bf16 weights, paged 8-bit AdamW, "
        "optimizer step in backward (~1.25x slower per step; default: plain AdamW)",
    )
    p.add_argument("--continued", action="store_true", help="continued pre-training from an existing model")
    p.add_argument("--lora-rank", type=int, help="LoRA/QLoRA adapter rank (default 16)")
    size_serve.add_arguments(p)
    p.add_argument("--json", action="store_true", help="print JSON only")
    p.add_argument("--plot", type=Path, help="write the cost-vs-time chart (PNG) here")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.task == "serve":
        return size_serve.run(args)
    try:
        model = size_serve.named_model(args.model)
    except LookupError as exc:
        print(f"gpu-advisor size: {exc}", file=sys.stderr)
        return 2
    if args.params is None and model is None:
        print("gpu-advisor size: give --params (7B, 7e9) or --model (Llama-3.1-8B)", file=sys.stderr)
        return 2
    if args.precision in ("int8", "int4"):
        print(
            f"gpu-advisor size: {args.precision} is a serving precision (--task serve); "
            "for 4-bit fine-tuning use --method qlora",
            file=sys.stderr,
        )
        return 2
    arch = model.architecture if model is not None else None
    params = args.params if args.params is not None else (arch.params_total if arch else 0.0)
    active = args.active_params if args.active_params is not None else (arch.params_active if arch else None)
    request = SizingRequest(
        model=arch,
        params=params,
        tokens=args.tokens,
        data_bytes=args.data,
        epochs=args.epochs,
        data_language=args.lang,
        bytes_per_token=args.bytes_per_token,
        precision=args.precision or "bf16",
        method=args.method,
        days=args.days,
        budget=args.budget,
        gpu=args.gpu,
        gpus=args.gpus,
        seq_len=args.seq_len,
        micro_batch=args.micro_batch,
        global_batch_tokens=args.global_batch,
        network_gbps=args.network_gbps,
        active_params=active,
        stack=args.stack,
        recompute=args.recompute,
        offload=args.offload,
        low_memory=args.low_memory,
        continued=args.continued,
        lora_rank=args.lora_rank,
        today=dt.date.today(),
    )
    try:
        from bot.bootstrap import build_knowledge
        from bot.config import Settings

        catalog = build_knowledge(Settings.from_env()).catalog
        result = worded(plan(request, catalog).to_dict(), "en")
    except SizingError as exc:
        print(f"gpu-advisor size: {exc.message}", file=sys.stderr)
        return 1
    except Exception as exc:  # knowledge data problems: one line, no traceback
        print(f"gpu-advisor size: {type(exc).__name__}: {exc}".splitlines()[0], file=sys.stderr)
        return 1
    if args.plot is not None and _plot(result, args.plot) != 0:
        return 1
    if args.json:
        print(dumps(result))
    else:
        print(render_text(result))
    return 0


def _plot(result: dict[str, Any], path: Path) -> int:
    try:
        from bot.render.chart import cost_time_png
    except ImportError:
        print("gpu-advisor size: --plot needs bot.render.chart, which is not available", file=sys.stderr)
        return 1
    try:
        path.write_bytes(cost_time_png(result, "en"))
    except OSError as exc:
        print(f"gpu-advisor size: cannot write {path}: {exc.strerror}", file=sys.stderr)
        return 1
    return 0


def render_text(result: dict[str, Any]) -> str:
    """The plan as a terminal table. On hardware the user fixed, the verdict comes first: a plan
    that does not fit is never the headline."""
    verdict = result.get("feasibility") or {}
    rows: list[str] = []
    if verdict.get("verdict_text"):
        rows += [verdict["verdict_text"], ""]
    rows += _table(result)
    rows += [""] + [f"! {w['code']}: {w['message']}" for w in result["warnings"]]
    rows += [f"- excluded {e['gpu']}: {e['message']}" for e in result.get("excluded", [])]
    rows += [""] + [f"  {line}" for line in result["explain"]]
    return "\n".join(rows)


def _table(result: dict[str, Any]) -> list[str]:
    width = max([12] + [len(str(o["label"])) + 2 for o in result["options"]])
    gpu_width = max([12] + [len(str(o["gpu"])) + 1 for o in result["options"]])  # "a100-40gb-pcie"
    head = f"{'option':<{width}}{'gpu':<{gpu_width}}{'gpus':>6}{'days':>9}{'GPU-h':>12}"
    head += f"{'mem GB':>9}{'fits':>6}{'cost':>16}"
    rows = [head, "-" * len(head)]
    for o in result["options"]:
        c = o["cost"]
        amount = "n/a" if c["amount"] is None else f"{c['amount']:,.0f} {c['currency']}"
        rows.append(
            f"{o['label']:<{width}}{o['gpu']:<{gpu_width}}{o['gpus']:>6}{o['days']:>9.2f}{o['gpu_hours']:>12,.0f}"
            f"{o['memory_per_gpu_gb']:>9.1f}{'yes' if o['fits'] else 'NO':>6}{amount:>16}"
        )
    if not result["options"]:
        rows.append("(no plan fits)")
    return rows
