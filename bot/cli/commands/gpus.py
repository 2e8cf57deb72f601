"""`gpu-advisor gpus`: the GPU catalog with dense TFLOPS, interconnect, clouds and sources."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from bot.bootstrap import build_knowledge
from bot.config import Settings
from knowledge import KnowledgeBase, KnowledgeError
from knowledge.schema import DTYPES, GpuRecord


def add_parser(sub: Any) -> None:
    p = sub.add_parser("gpus", help="list the GPU catalogue (dense TFLOPS, memory, interconnect, sources)")
    p.add_argument("--json", action="store_true", help="print JSON only")
    p.set_defaults(run=run)


def gpu_json(kb: KnowledgeBase, g: GpuRecord) -> dict[str, Any]:
    keys = sorted(g.figure_sources())
    return {
        "id": g.id,
        "name": g.name,
        "memory_gb": g.memory_gb.value,
        "memory_bandwidth_tbs": g.memory_bandwidth_tbs.value,
        "tflops": {d: getattr(g.tflops, d).value for d in DTYPES},
        "tflops_sparse": {d: getattr(g.tflops, d).sparse for d in DTYPES},
        # Double precision (extra field): the plain rate and the FP64 Tensor Core rate, null where the
        # part has none or no source gives one (`fp64_notes` says which).
        "fp64": {"vector": g.fp64.vector.value, "tensor": g.fp64.tensor.value},
        "fp64_notes": {"vector": g.fp64.vector.note, "tensor": g.fp64.tensor.note},
        "sources": [
            {
                "key": k,
                "ref": kb.gpu_sources[k].ref,
                "cite": kb.gpu_sources[k].citation,
                "as_of": kb.gpu_sources[k].as_of.isoformat(),
            }
            for k in keys
            if k in kb.gpu_sources
        ],
        "confidence": {d: getattr(g.tflops, d).conf for d in DTYPES}
        | {
            "memory_gb": g.memory_gb.conf,
            "memory_bandwidth_tbs": g.memory_bandwidth_tbs.conf,
            "scale_up": g.scale_up.conf,
            "fp64_vector": g.fp64.vector.conf,
            "fp64_tensor": g.fp64.tensor.conf,
        },
        "vendor": g.vendor,
        "architecture": g.architecture,
        "family": g.family,
        "form_factor": g.form_factor,
        "segment": g.segment,
        "tier": g.tier,
        "scale_up": {"kind": g.scale_up.kind, "gbs": g.scale_up.gbs, "domain": g.scale_up.domain},
        "tdp_w": g.tdp_w.value,
        "launch_year": int(g.launch_year.value),
        "matmul_efficiency": g.matmul_efficiency.value if g.matmul_efficiency else None,
        "aliases": list(g.aliases),
        "clouds": list(g.clouds.value),
    }


# hardware.md §0 confidence: V read in a source, K known datasheet value, U uncertain (secondary
# source or no vendor datasheet). Uncertain figures carry this marker in the table.
UNCERTAIN = "?"


def _cell(value: float | None, conf: str = "V") -> str:
    text = "-" if value is None else f"{value:g}"
    return f"{text}{UNCERTAIN}" if conf == "U" and value is not None else text


def _uncertain(g: GpuRecord) -> bool:
    figures = [g.memory_gb, g.memory_bandwidth_tbs, *(getattr(g.tflops, d) for d in DTYPES)]
    return any(f.conf == "U" for f in figures) or g.scale_up.conf == "U"


def table(kb: KnowledgeBase) -> str:
    header = ("id", "name", "mem GB", "TB/s", "BF16", "FP16", "FP8", "FP64", "interconnect", "clouds")
    rows = [header]
    for g in kb.gpu_records:
        link = "PCIe" if g.scale_up.kind == "none" else f"{g.scale_up.kind} {g.scale_up.gbs:g} GB/s"
        if g.scale_up.conf == "U":
            link += UNCERTAIN
        t = g.tflops
        rows.append(
            (
                g.id,
                g.name + (f" ({UNCERTAIN})" if _uncertain(g) else ""),
                _cell(g.memory_gb.value, g.memory_gb.conf),
                _cell(g.memory_bandwidth_tbs.value, g.memory_bandwidth_tbs.conf),
                _cell(t.bf16.value, t.bf16.conf),
                _cell(t.fp16.value, t.fp16.conf),
                _cell(t.fp8.value, t.fp8.conf),
                _cell(g.fp64.vector.value, g.fp64.vector.conf),
                link,
                ",".join(g.clouds.value) or "-",
            )
        )
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(r, widths, strict=True)).rstrip() for r in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    lines.append("")
    lines.append("TFLOPS are dense peak rates (2:4-sparse headlines are twice these); '-' = unsupported.")
    lines.append("FP64 is the plain (vector) rate; the FP64 Tensor Core rate is in --json.")
    lines.append(f"'{UNCERTAIN}' = uncertain figure: secondary source or no vendor datasheet (confidence U).")
    lines.append("Sources and confidence per figure: gpu-advisor gpus --json")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    settings = Settings.from_env()
    try:
        kb = build_knowledge(settings)
    except KnowledgeError as exc:
        print(f"gpu-advisor gpus: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps({"gpus": [gpu_json(kb, g) for g in kb.gpu_records]}, ensure_ascii=False))
    else:
        print(table(kb))
    return 0
