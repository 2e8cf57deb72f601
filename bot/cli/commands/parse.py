"""`gpu-advisor parse [TEXT] [--json]`: slot extraction only.

Without TEXT it reads standard input, one request per line, and prints one result per line in
order, flushed, including for empty or garbage lines (DESIGN.md command-line contract).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
from typing import Any

from bot.nlu import Parse, parse


def add_parser(sub: Any) -> None:
    p = sub.add_parser("parse", help="extract intent and sizing slots from free text (zh/en)")
    p.add_argument("text", nargs="?", help="the message; omit to read one message per stdin line")
    p.add_argument("--json", action="store_true", help="print JSON only")
    p.add_argument(
        "--today",
        type=_date,
        default=None,
        metavar="YYYY-MM-DD",
        help="the date deadlines such as 'by March 15' are counted from (default: today)",
    )
    p.set_defaults(run=run)


def _date(text: str) -> dt.date:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a date (YYYY-MM-DD): {text!r}") from None


def _summary(result: Parse) -> str:
    slots = {k: v for k, v in result.slots.to_json().items() if v is not None and k != "data_language"}
    parts = [f"intent={result.intent}", f"lang={result.lang}", f"script={result.script}"]
    parts += [f"{k}={v:g}" if isinstance(v, float) else f"{k}={v}" for k, v in slots.items()]
    parts += [f"ask:{a.slot}({a.reason}: {a.text})" for a in result.asks]
    return "  ".join(parts)


def _emit(line: str, as_json: bool, today: dt.date) -> None:
    try:
        result = parse(line, today=today)
    except Exception as exc:  # a parser bug must not cost the other lines their answers
        print(f"gpu-advisor parse: {type(exc).__name__}: {exc}", file=sys.stderr)
        result = Parse(intent="unknown", lang="en", script="en")
    if as_json:
        print(json.dumps(result.to_json(), ensure_ascii=False, allow_nan=False), flush=True)
    else:
        print(_summary(result), flush=True)


def run(args: argparse.Namespace) -> int:
    # The shell reads the clock once; the parser itself never does.
    today = args.today or dt.date.today()
    if args.text is not None:
        _emit(args.text, args.json, today)
        return 0
    for raw in sys.stdin:
        _emit(raw.rstrip("\r\n"), args.json, today)
    return 0
