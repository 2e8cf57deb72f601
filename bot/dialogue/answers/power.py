""" "8 卡 H100 整机功耗多少千瓦？", "how much power does an 8x H100 server draw?", "B200 能风冷吗": what the
GPUs draw (their TDP × the count), what a whole server draws with its host (CPUs, memory, NVSwitch, NICs and
fans), from the vendor's reference server where one is published (knowledge/data/servers.yaml), and how
that server is cooled where its cooling is published.

Without a count the answer is per GPU, one line per board of the family ("H100": SXM5, PCIe, NVL), with
the 8-GPU reference server of the board that has one. A GPU with no reference server gets its GPUs' total
and the DGX H100 as a yardstick for the host's share (stated as such)."""

from __future__ import annotations

import math
import re
from typing import Any

from bot.dialogue.answers.base import Question
from bot.dialogue.hardware import main_variant
from bot.dialogue.reply import Reply
from bot.nlu import question_cues as cues
from bot.nlu.lexicon import has_cue
from bot.nlu.text import normalise
from bot.render.views import resolve_gpus
from knowledge.schema import ReferenceServer
from sizing.types import GpuSpec

NEEDS = ("gpu",)
DEFAULTS: dict[str, Any] = {"gpus": 1}
YARDSTICK = "dgx-h100"  # the host's share shown for a GPU with no reference server of its own
# The power a room or rack has ("our rack is capped at 15 kW", "机房只有 20 千瓦"): how many servers it holds.
_BUDGET_KW = re.compile(r"(\d+(?:\.\d+)?)\s*(?:kw|千瓦|kilowatts?)(?![a-z])")


def answer(q: Question, reply: Reply) -> bool:
    specs = resolve_gpus(q.catalog, q.u.gpus)
    if not specs:
        return False
    count = int(q.u.said.get("gpu_count") or 0)
    servers = {b: s for s in q.kb.servers for b in s.boards}
    # A counted family ("8 卡 H100") is the board its servers are built on: the one with a reference server,
    # else the first named.
    main = next((g for g in specs if g.id in servers), specs[0])
    lines = [_board(g) for g in specs]
    server = servers.get(main.id)
    yardstick = next((s for s in q.kb.servers if s.id == YARDSTICK), None) if server is None else None
    machines = math.ceil(count / server.gpus) if server is not None and count > server.gpus else 1
    said = _BUDGET_KW.search(normalise(q.text).lower)
    budget_kw = float(said.group(1)) if said else None
    fits = math.floor(budget_kw / server.max_kw + 1e-9) if budget_kw and server is not None else None
    # "H100 跟 A100 哪张比较省电": the draw of each, and the work per watt (dense BF16 TFLOPS per W) that
    # decides the energy of the same job
    named = [main_variant(q.catalog, g) for g in dict.fromkeys(q.u.gpus)]
    pair = [_board(g) for g in named if g is not None and g.tdp_w and g.tflops.bf16]
    if len(pair) == 2:
        for b, g in zip(pair, [g for g in named if g is not None and g.tdp_w and g.tflops.bf16], strict=True):
            b["tflops_per_w"] = (g.tflops.bf16 or 0.0) / (g.tdp_w or 1.0)
    reply.add(
        "power",
        pair=pair if len(pair) == 2 else None,
        main=_board(main),
        others=[line for g, line in zip(specs, lines, strict=True) if g.id != main.id],
        count=count,
        gpus_kw=(main.tdp_w or 0.0) * max(count, 1) / 1000,
        server=_server(server),
        machines=machines,
        budget_kw=budget_kw,
        fits=fits,
        yardstick=_server(yardstick) if yardstick is not None else None,
        yardstick_gpus_kw=_gpus_kw(q, yardstick),
        cooling=has_cue(normalise(q.text).lower, cues.COOLING_ASKS),
    )
    return True


def _board(g: GpuSpec) -> dict[str, Any]:
    return {"name": g.name, "tdp_w": g.tdp_w}


def _server(s: ReferenceServer | None) -> dict[str, Any] | None:
    if s is None:
        return None
    return {
        "name": s.name,
        "gpus": s.gpus,
        "max_kw": s.max_kw,
        "source": s.source.citation,
        "cooling": s.cooling,
        "cooling_source": s.cooling_source.citation if s.cooling_source else None,
    }


def _gpus_kw(q: Question, s: ReferenceServer | None) -> float | None:
    if s is None:
        return None
    spec = q.catalog.gpu_or_none(s.boards[0])
    return spec.tdp_w * s.gpus / 1000 if spec is not None and spec.tdp_w else None
