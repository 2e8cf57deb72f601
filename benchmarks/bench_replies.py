"""Reply latency over HTTP against a bare Bolt app, and throughput of two instances on one Redis.

Both drive real processes through signed `app_mention` deliveries on loopback and time the replies
where Slack would see them: the fake Web API stamps each call on arrival.
- first post: delivery sent -> the thread's first chat.postMessage;
- final answer: delivery sent -> the thread's last chat.postMessage/chat.update (equal to the first
  post when the app does not edit its message; the chart upload is timed separately).
"""

from __future__ import annotations

import statistics
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from slack_load import (
    Counter,
    Process,
    TimedSlack,
    app_env,
    deliver,
    mention,
    start_advisor,
    start_bare_bolt,
    start_redis,
)

# Own wording: a pre-training request, a QLoRA request with a budget, a comparison, a FAQ.
MENTIONS = (
    "我们想预训练一个30亿参数的模型，数据500GB，BF16，两周内完成",
    "QLoRA fine-tune a 70B model on 5 GB of support tickets, budget $3000",
    "H100和A100训练13B模型哪个更划算",
    "how much GPU memory does LoRA on a 7B model need?",
)
REPLY_TIMEOUT_S = 30.0
SETTLE_S = 1.0  # after the last delivery, for edits and chart uploads still in flight


def p50_p95(xs: list[float]) -> tuple[float, float]:
    if len(xs) < 2:
        return (xs[0], xs[0]) if xs else (float("nan"), float("nan"))
    return statistics.median(xs), statistics.quantiles(xs, n=100, method="inclusive")[94]


@dataclass(frozen=True)
class Latency:
    first_s: list[float]
    final_s: list[float]
    chart_s: list[float]


def _wait_first_post(slack: TimedSlack, ts: str) -> float:
    return _wait(slack.first_post, ts)


def _wait_answer(slack: TimedSlack, ts: str) -> float:
    return _wait(slack.answered, ts)


def _wait(probe: Callable[[str], float | None], ts: str) -> float:
    deadline = time.perf_counter() + REPLY_TIMEOUT_S
    while (t := probe(ts)) is None:
        if time.perf_counter() > deadline:
            raise RuntimeError(f"no reply in thread {ts} within {REPLY_TIMEOUT_S:.0f} s")
        time.sleep(0.0005)
    return t


def sequential_latency(port: int, slack: TimedSlack, n: int, tag: int, warmup: int = 4) -> Latency:
    sent: list[tuple[str, float]] = []
    for i in range(warmup + n):
        ts = f"17{tag:02d}{i:06d}.000100"
        body = mention(f"Ev{tag}-{i}", f"U{i % 50}", MENTIONS[i % len(MENTIONS)], ts)
        t0 = time.perf_counter()
        deliver(port, body)
        _wait_first_post(slack, ts)
        if i >= warmup:
            sent.append((ts, t0))
    time.sleep(SETTLE_S)
    first = [slack.thread_times(ts, ("chat.postMessage",))[0] - t0 for ts, t0 in sent]
    final = [max(slack.thread_times(ts)) - t0 for ts, t0 in sent]
    chart = [
        max(c) - t0 for ts, t0 in sent if (c := slack.thread_times(ts, ("files.completeUploadExternal",)))
    ]
    return Latency(first, final, chart)


def reply_latency(n: int, tmp: Path) -> dict[str, Latency]:
    """The same mentions, one at a time, to a bare Bolt app and to `gpu-advisor serve --http`."""
    slack = TimedSlack()
    results: dict[str, Latency] = {}
    try:
        env = app_env(slack, tmp)
        starters: tuple[tuple[str, Callable[[], Process]], ...] = (
            ("bare Bolt", lambda: start_bare_bolt(env, tmp)),
            ("gpu-advisor", lambda: start_advisor("ours", env, tmp)),
        )
        for tag, (name, start) in enumerate(starters):
            proc: Process = start()
            try:
                results[name] = sequential_latency(proc.port, slack, n, tag + 10)
            finally:
                proc.stop()
    finally:
        slack.close()
    return results


@dataclass(frozen=True)
class Throughput:
    instances: int
    completed: int
    seconds: float
    latency_s: list[float]

    @property
    def replies_per_s(self) -> float:
        return self.completed / self.seconds if self.seconds else 0.0


def concurrent_load(
    ports: list[int], slack: TimedSlack, n: int, concurrency: int, limit_s: float, tag: int
) -> Throughput:
    """n mentions, each a new thread from its own user, spread round-robin over the instances; a
    mention counts once its answer is in (the placeholder edited), not at the placeholder."""
    counter, lock = Counter(), threading.Lock()
    latencies: list[float] = []
    stop_at = time.perf_counter() + limit_s

    def worker() -> None:
        while time.perf_counter() < stop_at and (i := counter.next()) <= n:
            ts = f"18{tag:02d}{i:06d}.000100"
            body = mention(f"Ev{tag}-{i}", f"U{tag}x{i}", MENTIONS[i % len(MENTIONS)], ts)
            t0 = time.perf_counter()
            deliver(ports[i % len(ports)], body)
            t = _wait_answer(slack, ts)
            with lock:
                latencies.append(t - t0)

    start = time.perf_counter()
    with ThreadPoolExecutor(concurrency) as pool:
        for f in [pool.submit(worker) for _ in range(concurrency)]:
            f.result()
    return Throughput(len(ports), len(latencies), time.perf_counter() - start, latencies)


def scale_out(n: int, concurrency: int, limit_s: float, tmp: Path) -> list[Throughput] | str:
    """One instance, then two instances, on the same Redis and the same load."""
    redis = start_redis(tmp)
    if redis is None:
        return "skipped: redis-server is not installed"
    slack = TimedSlack()
    procs: list[Process] = []
    try:
        env = app_env(slack, tmp, redis_url=f"redis://127.0.0.1:{redis.port}/0")
        procs = [start_advisor(f"scale-{k}", env, tmp) for k in "ab"]
        ports = [p.port for p in procs]
        concurrent_load(ports, slack, 2 * concurrency, concurrency, limit_s, tag=20)  # warm both
        slack.quiet_for(SETTLE_S)  # charts and edits of one phase must not run into the next
        one = concurrent_load(ports[:1], slack, n, concurrency, limit_s, tag=21)
        slack.quiet_for(SETTLE_S)
        two = concurrent_load(ports, slack, n, concurrency, limit_s, tag=22)
        return [one, two]
    finally:
        for p in procs:
            p.stop()
        slack.close()
        redis.stop()
