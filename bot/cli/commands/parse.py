"""`gpu-advisor parse [TEXT] [--json]`: slot extraction only.

Without TEXT it reads standard input, one request per line, and prints one result per line in
order, flushed, including for empty or garbage lines (DESIGN.md command-line contract).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from bot.nlu import Parse, parse


def add_parser(sub: Any) -> None:
    p = sub.add_parser("parse", help="extract intent and sizing slots from free text (zh/en)")
    p.add_argument("text", nargs="?", help="the message; omit to read one message per stdin line")
    p.add_argument("--json", action="store_true", help="print JSON only")
    p.set_defaults(run=run)


def _summary(result: Parse) -> str:
    slots = {k: v for k, v in result.slots.to_json().items() if v is not None and k != "data_language"}
    parts = [f"intent={result.intent}", f"lang={result.lang}", f"script={result.script}"]
    parts += [f"{k}={v:g}" if isinstance(v, float) else f"{k}={v}" for k, v in slots.items()]
    parts += [f"ask:{a.slot}({a.reason}: {a.text})" for a in result.asks]
    return "  ".join(parts)


def _emit(line: str, as_json: bool) -> None:
    try:
        result = parse(line)
    except Exception as exc:  # a parser bug must not cost the other lines their answers
        print(f"gpu-advisor parse: {type(exc).__name__}: {exc}", file=sys.stderr)
        result = Parse(intent="unknown", lang="en", script="en")
    if as_json:
        print(json.dumps(result.to_json(), ensure_ascii=False, allow_nan=False), flush=True)
    else:
        print(_summary(result), flush=True)


def run(args: argparse.Namespace) -> int:
    if args.text is not None:
        _emit(args.text, args.json)
        return 0
    for raw in sys.stdin:
        _emit(raw.rstrip("\r\n"), args.json)
    return 0
