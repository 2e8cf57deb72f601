"""All benchmarks, one table: `python benchmarks/run.py [--quick]`.

NLU messages per second and the 100 KB message, engine time per full ranked answer, the CPU time of
one chat turn in process (benchmarks/bench_turn.py), reply latency over HTTP against a bare Bolt
app and where it goes step by step (benchmarks/bench_breakdown.py), and two `serve --http` instances
on one Redis under concurrent load. Loopback only; every process it starts it stops; each part is
bounded in count and time.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # sibling benchmark modules

Row = tuple[str, str, str]


def nlu_rows(quick: bool) -> list[Row]:
    from bench_nlu import TYPICAL, _once_ms, _rate

    from bot.nlu import parse

    parse("warm up")  # the opencc dictionary loads once
    big = ("模型 7B，数据 2TB，两周。padding text " * 3000)[:100_000]
    rate = _rate(TYPICAL, 20 if quick else 200)
    return [
        ("NLU", "typical messages / s", f"{rate:,.0f}"),
        ("NLU", "one 100 KB mixed zh/en message", f"{_once_ms(big):.1f} ms"),
        ("NLU", "one 100 KB message of digits", f"{_once_ms('7' * 100_000):.1f} ms"),
    ]


def engine_rows(quick: bool) -> list[Row]:
    from bench_sizing import CASES

    from knowledge import load_knowledge
    from sizing import plan

    catalog = load_knowledge().catalog
    times_ms: list[float] = []
    for request in CASES.values():
        plan(request, catalog)  # warm
        for _ in range(10 if quick else 60):
            t0 = time.perf_counter()
            plan(request, catalog)
            times_ms.append((time.perf_counter() - t0) * 1000)
    median = statistics.median(times_ms)
    p95 = statistics.quantiles(times_ms, n=100, method="inclusive")[94]
    measure = f"full ranked answer ({len(CASES)} requests x {len(times_ms) // len(CASES)})"
    return [("engine", measure, f"median {median:.1f} ms, p95 {p95:.1f} ms")]


def turn_rows(quick: bool, tmp: Path) -> list[Row]:
    from bench_turn import KINDS, run

    from bot.dialogue.consultant import Consultant
    from bot.store.sqlite import SQLiteStore
    from knowledge import load_knowledge

    store = SQLiteStore(tmp / "turns.db", session_ttl_s=3600)
    consultant = Consultant(load_knowledge(), store)
    rounds = 10 if quick else 60
    run(consultant, 3, repeated=False, tag="warm")
    rows: list[Row] = []
    for label, repeated in (("new requests", False), ("repeated requests", True)):
        results = run(consultant, rounds, repeated, tag=label[:3])
        every = [t.cpu_ms for kind in KINDS for t in results[kind]]
        per_kind = ", ".join(
            f"{kind} {statistics.median(t.cpu_ms for t in results[kind]):.1f}" for kind in KINDS
        )
        rows.append(
            (
                "chat turn",
                f"CPU per turn, {label} ({len(every)} turns)",
                f"median {statistics.median(every):.1f} ms ({per_kind})",
            )
        )
    store.close()
    return rows


def latency_rows(quick: bool, tmp: Path) -> list[Row]:
    from bench_replies import p50_p95, reply_latency

    n = 20 if quick else 100
    res = reply_latency(n, tmp)
    rows: list[Row] = []
    for name, lat in res.items():
        for label, xs in (
            ("first post", lat.first_s),
            ("final answer", lat.final_s),
            ("chart uploaded", lat.chart_s),
        ):
            if xs:
                p50, p95 = p50_p95(xs)
                measure = f"{name}: {label} ({len(xs)} mentions)"
                rows.append(("reply over HTTP", measure, f"p50 {p50 * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms"))
    ours, bare = res["gpu-advisor"], res["bare Bolt"]
    for label, a, b in (
        ("first post", ours.first_s, bare.first_s),
        ("final answer", ours.final_s, bare.final_s),
    ):
        (a50, a95), (b50, b95) = p50_p95(a), p50_p95(b)
        rows.append(
            (
                "reply over HTTP",
                f"ratio gpu-advisor / bare Bolt, {label}",
                f"p50 x{a50 / b50:.2f}, p95 x{a95 / b95:.2f}",
            )
        )
    return rows


def breakdown_rows(quick: bool, tmp: Path) -> list[Row]:
    """Where a mention's reply latency goes (benchmarks/bench_breakdown.py), sent as the perf check sends."""
    from bench_breakdown import breakdown

    n = 20 if quick else 120
    res = breakdown(n, tmp)
    name = "turn latency breakdown"
    rows: list[Row] = [
        (
            name,
            f"{label} ({n} mentions, ms after the delivery)",
            f"bare Bolt {b:.1f}, ours {o:.1f} (x{o / b:.2f})",
        )
        for (label, b), (_, o) in zip(res.bare, res.ours, strict=True)
    ]
    if res.cpu_per_mention_s is not None:
        b, o = (x * 1000 for x in res.cpu_per_mention_s)
        rows.append((name, "server CPU per mention", f"bare Bolt {b:.1f} ms, ours {o:.1f} ms"))
    rows += [
        (name, f"step: {s.name}", f"starts at {s.start_ms:.2f} ms, takes {s.took_ms:.2f} ms")
        for s in res.steps
        if s.calls >= 0.5  # what most mentions do (not the keeper's sweeps or a rare gc pause)
    ]
    return rows


def scale_rows(quick: bool, tmp: Path) -> list[Row]:
    from bench_replies import p50_p95, scale_out

    n, concurrency = (24, 4) if quick else (120, 8)
    res = scale_out(n, concurrency, limit_s=60.0, tmp=tmp)
    if isinstance(res, str):
        return [("2 instances, 1 Redis", "throughput", res)]
    rows: list[Row] = []
    for t in res:
        p50, p95 = p50_p95(t.latency_s)
        measure = f"{t.instances} instance(s), {concurrency} concurrent, {t.completed} mentions"
        result = f"{t.replies_per_s:.1f} answers/s; answer p50 {p50 * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms"
        rows.append(("2 instances, 1 Redis", measure, result))
    rows.append(
        (
            "2 instances, 1 Redis",
            "throughput, 2 vs 1 instance",
            f"x{res[1].replies_per_s / res[0].replies_per_s:.2f}",
        )
    )
    return rows


def print_table(rows: list[Row]) -> None:
    head: Row = ("benchmark", "measure", "result")
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(3)]
    for i, row in enumerate([head, *rows]):
        print("| " + " | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) + " |")
        if i == 0:
            print("|" + "|".join("-" * (w + 2) for w in widths) + "|")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--quick", action="store_true", help="fewer repetitions (a smoke run, noisier numbers)"
    )
    parser.add_argument(
        "--only",
        action="append",
        metavar="PART",
        help="run only this part (repeatable): NLU, engine, 'chat turn', 'reply over HTTP', ...",
    )
    args = parser.parse_args()
    print(f"# {platform.python_implementation()} {platform.python_version()}, {platform.machine()}, "
          f"{os.cpu_count()} CPUs{', --quick' if args.quick else ''}", file=sys.stderr)  # fmt: skip
    rows: list[Row] = []
    failed = False
    with tempfile.TemporaryDirectory(prefix="gpu-advisor-bench-") as tmp:
        parts: list[tuple[str, Callable[[], list[Row]]]] = [
            ("NLU", lambda: nlu_rows(args.quick)),
            ("engine", lambda: engine_rows(args.quick)),
            ("chat turn", lambda: turn_rows(args.quick, Path(tmp))),
            ("reply over HTTP", lambda: latency_rows(args.quick, Path(tmp))),
            ("turn latency breakdown", lambda: breakdown_rows(args.quick, Path(tmp))),
            ("2 instances, 1 Redis", lambda: scale_rows(args.quick, Path(tmp))),
        ]
        if args.only:
            parts = [(name, part) for name, part in parts if name in args.only]
        for name, part in parts:
            print(f"# running {name} ...", file=sys.stderr, flush=True)
            try:
                rows += part()
            except Exception as exc:  # one broken part must not hide the others' numbers
                failed = True
                rows.append((name, "FAILED", f"{type(exc).__name__}: {exc}".splitlines()[0][:200]))
    print_table(rows)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
