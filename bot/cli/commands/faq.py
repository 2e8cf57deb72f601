"""`gpu-advisor faq [TEXT] [--json]`: knowledge-base search only.

Without TEXT it reads standard input, one question per line, and prints one result per line in
order, flushed, including for empty lines (DESIGN.md command-line contract). Answers come back in the
question's language and script: traditional Chinese in, traditional Chinese out.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Literal

from bot.nlu import parse
from bot.nlu.script import read_script
from bot.render.text import to_script
from knowledge import KnowledgeBase, load_knowledge
from knowledge.faq import Entry

Script = Literal["zh-Hans", "zh-Hant", "en"]


def add_parser(sub: Any) -> None:
    p = sub.add_parser("faq", help="search the FAQ and pitfalls (zh/en)")
    p.add_argument("text", nargs="?", help="the question; omit to read one question per stdin line")
    p.add_argument("--json", action="store_true", help="print JSON only")
    p.add_argument("--limit", type=int, default=5, help="at most this many results (default 5)")
    p.set_defaults(run=run)


def script_of(text: str) -> Script:
    script = read_script(text).script
    return "zh-Hant" if script == "zh-Hant" else "zh-Hans" if script == "zh-Hans" else "en"


def _localize(text: str, script: Script) -> str:
    """Traditional answers use Taiwan's characters and vocabulary, as chat replies do."""
    return to_script(text, script)


def _body(kb: KnowledgeBase, entry_id: str, script: Script) -> str:
    lang = "en" if script == "en" else "zh"
    items: tuple[Entry, ...] = (*kb.faq, *kb.pitfalls)
    for entry in items:
        if entry.id == entry_id:
            return _localize(f"{entry.title.pick(lang)}\n{entry.body.pick(lang)}", script)
    raise KeyError(entry_id)


def _not_found(script: Script) -> str:
    if script == "en":
        return "No FAQ entry matches that question. Try rephrasing, or ask the sizing question directly."
    return _localize("没有找到匹配的常见问题。可以换个说法，或者直接描述你的训练需求。", script)


def _emit(kb: KnowledgeBase, line: str, as_json: bool, limit: int) -> None:
    script = script_of(line)
    lang = "en" if script == "en" else "zh"
    hits = kb.search(line, limit) if line.strip() else []
    if as_json:
        results = [
            {"id": h.id, "score": h.score, "title": _localize(h.title.pick(lang), script)} for h in hits
        ]
        # `kind` (extra to the DESIGN.md shape): the question kind the consultant reads in the line
        # (bot/nlu Parse.intent: faq, size, gpu_info, ...), so a sizing request shows as one.
        payload = {"results": results, "kind": parse(line).intent if line.strip() else "unknown"}
        print(json.dumps(payload, ensure_ascii=False), flush=True)
        return
    if not hits:
        print(_not_found(script), flush=True)
        return
    print(_body(kb, hits[0].id, script), flush=True)
    others = [f"- {_localize(h.title.pick(lang), script)} ({h.id})" for h in hits[1:]]
    if others:
        print(
            ("See also:" if lang == "en" else _localize("相关问题：", script)), *others, sep="\n", flush=True
        )
    print(flush=True)


def run(args: argparse.Namespace) -> int:
    kb = load_knowledge()
    if args.text is not None:
        _emit(kb, args.text, args.json, args.limit)
        return 0
    for raw in sys.stdin:
        _emit(kb, raw.rstrip("\r\n"), args.json, args.limit)
    return 0
