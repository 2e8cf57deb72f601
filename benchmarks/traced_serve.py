"""`gpu-advisor serve` with timing probes, for benchmarks/bench_breakdown.py (never used in production).

`python benchmarks/traced_serve.py serve --http --port P` with SPANS_OUT=/path/spans.json: wraps the
steps of a Slack turn (the HTTP request up to its ack, the store's writes, the Slack Web API calls,
the runner's steps, the consultant and its parts) and the garbage collector, records each call as
(name, thread, start, end) in time.perf_counter() seconds (CLOCK_MONOTONIC, so comparable with the
driving process's clock), and writes them as JSON when the server exits.
"""

from __future__ import annotations

import atexit
import cProfile
import functools
import gc
import json
import os
import pstats
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))

SPANS: list[tuple[str, str, float, float]] = []
_record = SPANS.append
_now = time.perf_counter
# With PROFILE_OUT set, the outermost probed call on each thread also runs under that thread's cProfile.
PROFILING = bool(os.environ.get("PROFILE_OUT"))
_profiles: list[cProfile.Profile] = []
_local = threading.local()


# Requests let through before profiling starts (the driver's warm-up: first uses compile templates).
PROFILE_SKIP = int(os.environ.get("PROFILE_SKIP", "0"))
_requests = [0]


def _profiled(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    if _requests[0] <= PROFILE_SKIP:
        return fn(*args, **kwargs)
    prof: cProfile.Profile | None = getattr(_local, "prof", None)
    if prof is None:
        prof = _local.prof = cProfile.Profile(time.thread_time)  # CPU, not waits
        _profiles.append(prof)
    if getattr(_local, "active", False):
        return fn(*args, **kwargs)
    _local.active = True
    prof.enable()
    try:
        return fn(*args, **kwargs)
    finally:
        prof.disable()
        _local.active = False


def _wrap(owner: Any, attr: str, name: str | Callable[..., str]) -> None:
    inner = getattr(owner, attr)

    @functools.wraps(inner)
    def timed(*args: Any, **kwargs: Any) -> Any:
        t0 = _now()
        try:
            if PROFILING:
                return _profiled(inner, *args, **kwargs)
            return inner(*args, **kwargs)
        finally:
            label = name if isinstance(name, str) else name(*args, **kwargs)
            _record((label, threading.current_thread().name, t0, _now()))

    setattr(owner, attr, timed)


def _gc_probe() -> None:
    started: dict[int, float] = {}

    def callback(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            started[threading.get_ident()] = _now()
        elif (t0 := started.pop(threading.get_ident(), None)) is not None:
            _record((f"gc gen{info.get('generation')}", threading.current_thread().name, t0, _now()))

    gc.callbacks.append(callback)


def install() -> None:
    import slack_sdk

    from bot.dialogue import consultant, recommend, reply, turn_steps
    from bot.render import text
    from bot.slack import endpoint, runner
    from bot.store import sqlite
    from knowledge import kb

    _wrap(endpoint.Router, "__call__", "http: request to ack")
    inner_call = endpoint.Router.__call__

    def counted(self: Any, *args: Any) -> Any:
        _requests[0] += 1
        return inner_call(self, *args)

    endpoint.Router.__call__ = counted  # type: ignore[method-assign]
    _wrap(endpoint.Router, "signed", "http: signature")
    for method in ("admit", "get", "update", "complete_turn", "finish_turn", "set_placeholder"):
        _wrap(sqlite.SQLiteStore, method, f"store: {method}")
    for method in ("renew_leases", "claim_turns"):
        _wrap(sqlite.SQLiteStore, method, f"keeper: {method}")
    _wrap(
        slack_sdk.WebClient,
        "api_call",
        lambda self, api_method, *a, **k: f"slack api: {api_method}",
    )
    _wrap(runner.TurnRunner, "start", "runner: start (hand-off)")
    _wrap(runner.TurnRunner, "_placeholder", "runner: placeholder step")
    _wrap(runner.TurnRunner, "_compute", "runner: compute step")
    _wrap(runner.TurnRunner, "_deliver", "runner: deliver step")
    _wrap(runner, "answer_of", "runner: answer_of")
    _wrap(consultant.Consultant, "handle", "consultant: handle")
    _wrap(consultant.Consultant, "remember", "consultant: remember (App Home)")
    # The turn's reading and the steps that plan live in turn_steps (the policy table); the consultant
    # itself plans only on undo, lifts and replays.
    _wrap(turn_steps, "understand", "consultant: understand (NLU)")
    _wrap(turn_steps, "recommend", "consultant: recommend")
    _wrap(consultant, "recommend", "consultant: recommend")
    _wrap(recommend, "plan_context", "recommend: plan_context")
    _wrap(recommend, "run_plan", "recommend: run_plan (engine)")
    _wrap(consultant, "answer_search", "consultant: answer_search (FAQ)")
    _wrap(kb.KnowledgeBase, "factcheck", "knowledge: factcheck")
    _wrap(kb.KnowledgeBase, "retrieve", "knowledge: retrieve")
    _wrap(reply.Reply, "finish", "reply: finish (render)")
    _wrap(reply, "render_text", "render: render_text")
    _wrap(reply, "recommendation_blocks", "render: recommendation_blocks")
    _wrap(reply, "message_blocks", "render: message_blocks")
    _wrap(text, "render_json", "render: render_json")
    _gc_probe()


def dump() -> None:
    out = os.environ.get("SPANS_OUT")
    if out:
        Path(out).write_text(json.dumps(SPANS))
    profile_out = os.environ.get("PROFILE_OUT")
    if profile_out and _profiles:
        stats = pstats.Stats(_profiles[0])
        for prof in _profiles[1:]:
            stats.add(prof)
        stats.dump_stats(profile_out)


def main() -> int:
    if os.environ.get("BENCH_NO_CHART"):
        sys.modules["matplotlib"] = None  # type: ignore[assignment]  # find_spec None, import fails
    install()
    atexit.register(dump)
    from bot.cli import main as cli_main

    code = cli_main(sys.argv[1:])
    return int(code or 0)


if __name__ == "__main__":
    sys.exit(main())
