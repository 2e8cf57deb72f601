"""Where the reply latency of one Slack mention goes, over HTTP mode, step by step.

Starts `gpu-advisor serve --http` with timing probes (benchmarks/traced_serve.py) and a bare Bolt
app on one timed fake Slack, sends mentions one at a time as ../shared/checks/perf does (each from a
new user in a new thread, the four kinds of benchmarks/bench_turn.py), alternating between the two
apps, and prints the client's view of both (the ack read, the placeholder's arrival at Slack, the
answer's: the placeholder edited), our server's CPU per mention, and per step of ours when it starts
after the delivery was sent and how long it takes (medians over the mentions).

Offsets and durations are wall time on one clock (perf_counter is CLOCK_MONOTONIC across processes).
Nested steps overlap their parents (the consultant runs inside the runner's compute step); steps on
other threads overlap each other (the placeholder post and the compute step run side by side).

`.venv/bin/python benchmarks/bench_breakdown.py [--mentions N]`
"""

from __future__ import annotations

import argparse
import json
import os
import pstats
import statistics
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # sibling benchmark modules

from bench_turn import KINDS, _module
from slack_load import Process, TimedSlack, app_env, deliver, free_port, mention, start_bare_bolt

TRACED_SERVE = Path(__file__).with_name("traced_serve.py")
WARMUP = 8
REPLY_TIMEOUT_S = 30.0


@dataclass(frozen=True)
class Sent:
    thread_ts: str
    t0: float  # delivery sent
    acked: float  # HTTP response read
    first_post: float
    answered: float


@dataclass(frozen=True)
class Result:
    bare: list[tuple[str, float]]
    ours: list[tuple[str, float]]
    steps: list[Step]
    cpu_per_mention_s: tuple[float, float] | None  # bare Bolt's, ours


@dataclass(frozen=True)
class Step:
    name: str
    start_ms: float  # median offset of its first call after the delivery
    took_ms: float  # median of its summed time per mention
    calls: float  # calls per mention


def texts() -> list[str]:
    """One message per kind, as the perf check repeats them (the engine's memo answers the sizing)."""
    return [template.format(values[0]) for template, values in KINDS.values()]


def _wait(probe: object, ts: str) -> float:
    deadline = time.perf_counter() + REPLY_TIMEOUT_S
    while (t := probe(ts)) is None:  # type: ignore[operator]
        if time.perf_counter() > deadline:
            raise RuntimeError(f"no reply in thread {ts} within {REPLY_TIMEOUT_S:.0f} s")
        time.sleep(0.0005)
    return float(t)


def send(port: int, slack: TimedSlack, text: str, app: int, i: int) -> Sent:
    """One mention from a new user in a new thread; waits for its answer."""
    ts = f"19{i:06d}.00010{app}"
    body = mention(f"Ev{app}-{i}", f"U{app}x{i}", text, ts)
    t0 = time.perf_counter()
    deliver(port, body)
    acked = time.perf_counter()
    answered = _wait(slack.answered, ts)
    return Sent(ts, t0, acked, _wait(slack.first_post, ts), answered)


def drive(
    bare: Process, ours: Process, slack: TimedSlack, n: int
) -> tuple[list[Sent], list[Sent], tuple[float, float] | None]:
    """Warm-up, then n mentions to each app, alternating; each server's CPU seconds per mention."""
    bare_sent: list[Sent] = []
    our_sent: list[Sent] = []
    messages = texts()
    cpu0: list[float | None] = [None, None]
    for i in range(WARMUP + n):
        if i == WARMUP:
            cpu0 = [cpu_s(bare.proc.pid), cpu_s(ours.proc.pid)]
        text = messages[i % len(messages)]
        b, o = send(bare.port, slack, text, 1, i), send(ours.port, slack, text, 2, i)
        if i >= WARMUP:
            bare_sent.append(b)
            our_sent.append(o)
    cpu1 = [cpu_s(bare.proc.pid), cpu_s(ours.proc.pid)]
    if None in cpu0 or None in cpu1:
        return bare_sent, our_sent, None
    b0, o0, b1, o1 = (float(x) for x in (*cpu0, *cpu1))  # type: ignore[arg-type]
    return bare_sent, our_sent, ((b1 - b0) / n, (o1 - o0) / n)


def steps(spans: list[tuple[str, str, float, float]], sent: list[Sent]) -> list[Step]:
    """Each span is charged to the mention whose delivery it follows (they are sent one at a time)."""
    starts = [s.t0 for s in sent] + [float("inf")]
    per: dict[str, list[tuple[float, float, int]]] = defaultdict(list)
    by_mention: dict[tuple[str, int], list[tuple[float, float]]] = defaultdict(list)
    for name, _thread, t_start, t_end in spans:
        for i, s in enumerate(sent):
            if s.t0 <= t_start < starts[i + 1]:
                by_mention[(name, i)].append((t_start - s.t0, t_end - t_start))
                break
    for (name, _i), calls in by_mention.items():
        per[name].append((min(c[0] for c in calls), sum(c[1] for c in calls), len(calls)))
    out = []
    for name, rows in per.items():
        # Mentions without the step count as zero time (e.g. a gc pause that happened in a few).
        took = [r[1] for r in rows] + [0.0] * (len(sent) - len(rows))
        out.append(
            Step(
                name,
                statistics.median(r[0] for r in rows) * 1000,
                statistics.median(took) * 1000,
                sum(r[2] for r in rows) / len(sent),
            )
        )
    return sorted(out, key=lambda s: s.start_ms)


def client_rows(sent: list[Sent]) -> list[tuple[str, float]]:
    def p50(xs: list[float]) -> float:
        return statistics.median(xs) * 1000

    return [
        ("client: ack read", p50([s.acked - s.t0 for s in sent])),
        ("slack: placeholder arrived", p50([s.first_post - s.t0 for s in sent])),
        ("slack: answer arrived", p50([s.answered - s.t0 for s in sent])),
    ]


def cpu_s(pid: int) -> float | None:
    """User + system CPU seconds of a process so far (Linux /proc), None elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def breakdown(n: int, tmp: Path, profile_out: Path | None = None, chart: bool = False) -> Result:
    """Both apps up side by side, mentions alternating between them (so a busy machine slows both
    alike), then our steps from the probes."""
    slack = TimedSlack()
    spans_file = tmp / "spans.json"
    try:
        env = app_env(slack, tmp) | {"SPANS_OUT": str(spans_file)}
        if not chart:
            env["BENCH_NO_CHART"] = "1"
        if profile_out is not None:
            env |= {"PROFILE_OUT": str(profile_out), "PROFILE_SKIP": str(WARMUP)}
        bare_app = start_bare_bolt(env, tmp)
        port = free_port()
        cmd = [sys.executable, str(TRACED_SERVE), "serve", "--http", "--port", str(port)]
        ours = Process("traced", cmd, env | {"PORT": str(port)}, tmp, port)
        try:
            ours.wait_listening()
            bare_sent, our_sent, cpu = drive(bare_app, ours, slack, n)
            time.sleep(0.2)
        finally:
            bare_app.stop()
            ours.stop()
    finally:
        slack.close()
    spans = [tuple(s) for s in json.loads(spans_file.read_text())]
    return Result(client_rows(bare_sent), client_rows(our_sent), steps(spans, our_sent), cpu)  # type: ignore[arg-type]


def print_breakdown(res: Result, n: int) -> None:
    print(f"reply latency of one mention over HTTP, medians of {n} mentions (ms after the delivery was sent)")
    print(f"  {'':<40} {'bare Bolt':>9} {'ours':>8} {'ratio':>6}")
    for (name, b), (_, ms) in zip(res.bare, res.ours, strict=True):
        print(f"  {name:<40} {b:9.2f} {ms:8.2f} {ms / b:6.2f}")
    if res.cpu_per_mention_s is not None:
        b, o = (x * 1000 for x in res.cpu_per_mention_s)
        print(f"  {'server CPU per mention (all threads)':<40} {b:9.2f} {o:8.2f} {o / b:6.2f}")
    print(f"\n  {'step':<40} {'starts':>8} {'takes':>8} {'calls':>6}")
    for s in res.steps:
        print(f"  {s.name:<40} {s.start_ms:8.2f} {s.took_ms:8.2f} {s.calls:6.1f}")


def print_profile(path: Path) -> None:
    """CPU of the server's probed calls on every thread: self time by module, then by function."""
    stats = pstats.Stats(str(path))
    by_module: Counter[str] = Counter()
    for (file, _line, name), row in stats.stats.items():  # type: ignore[attr-defined]
        by_module[_module(file, name)] += row[2]
    total = sum(by_module.values())
    print(f"\nserver CPU in probed calls, all threads (cProfile): {total * 1000:.0f} ms")
    for module, seconds in by_module.most_common(30):
        print(f"  {seconds / total * 100:5.1f}%  {module}")
    print()
    stats.sort_stats("cumulative").print_stats(r"bot/|knowledge/|sizing/|slack_sdk/web|slack_bolt/app", 45)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--mentions", type=int, default=120, help="mentions measured (after a warm-up)")
    parser.add_argument(
        "--profile", action="store_true", help="also profile the server's turn threads (slows every step)"
    )
    parser.add_argument(
        "--chart",
        action="store_true",
        help="draw and upload charts (the perf check's venv has no matplotlib)",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="gpu-advisor-breakdown-") as tmp:
        profile_out = Path(tmp) / "server.prof" if args.profile else None
        print_breakdown(breakdown(args.mentions, Path(tmp), profile_out, args.chart), args.mentions)
        if profile_out is not None:
            print_profile(profile_out)


if __name__ == "__main__":
    main()
