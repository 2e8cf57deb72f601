"""One chat turn in process: `Consultant.handle` on a first message from a new user, the kinds
`../shared/checks/perf` sends (a Chinese pre-training request, an English LoRA request, a very large
Chinese request, a billing FAQ question), with the SQLite store `serve` uses.

Two scenarios per kind:
- new requests: every message has other numbers (or is another FAQ question), so every turn parses,
  sizes, retrieves and renders from scratch;
- repeated requests: the same message from a new user each time, as the perf check sends them (the
  engine's per-request memo answers the sizing; everything else runs again).

Times are CPU time of the handling thread (time.thread_time), which other processes on a shared
machine disturb far less than wall time; the wall-clock median is printed beside it.

`.venv/bin/python benchmarks/bench_turn.py [--rounds N] [--profile]`; --profile prints where the
time goes (cProfile, self time by module, over the new-requests scenario).
"""

from __future__ import annotations

import argparse
import cProfile
import itertools
import pstats
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from bot.dialogue.consultant import Consultant
from bot.store.sqlite import SQLiteStore
from knowledge import load_knowledge

MENTION = "<@UBOT> "
# Own wording; {} takes a number from the rotation beside it, so each message is new.
KINDS: dict[str, tuple[str, tuple[object, ...]]] = {
    "zh pre-training": (
        "预训练一个{}亿参数的模型，数据2TB，BF16，六周内完成",
        (30, 40, 60, 80, 90, 120, 150),
    ),
    "en LoRA": ("LoRA fine-tune a {}B model on 8 GB of chat logs, bf16, 4 days", (7, 8, 13, 14, 32, 34, 70)),
    "zh very large": ("{}千亿参数的模型，数据20TB，半年", (2, 3, 4, 5, 6, 8, 9)),
    "zh FAQ": (
        "{}",
        (
            "包月和按小时付费哪种更省钱",
            "租GPU怎样控制成本",
            "单卡训练和多卡集群怎么选",
            "训练数据放在云上安全吗",
            "云服务器跟自己买服务器比有什么好处",
            "竞价实例适合训练吗",
            "只看算力选GPU有什么问题",
        ),
    ),
}


@dataclass(frozen=True)
class Timing:
    cpu_ms: float
    wall_ms: float


def messages(kind: str, repeated: bool) -> Iterator[str]:
    template, values = KINDS[kind]
    for value in itertools.cycle(values[:1] if repeated else values):
        yield MENTION + template.format(value)


def run(consultant: Consultant, rounds: int, repeated: bool, tag: str) -> dict[str, list[Timing]]:
    """`rounds` turns per kind, kinds interleaved, each turn a new session of a new user."""
    sources = {kind: messages(kind, repeated) for kind in KINDS}
    out: dict[str, list[Timing]] = {kind: [] for kind in KINDS}
    for i in range(rounds):
        for kind, source in sources.items():
            text = next(source)
            w0, c0 = time.perf_counter(), time.thread_time()
            consultant.handle(f"{tag}-{kind}-{i}", text, user_id=f"U{tag}{i}")
            c1, w1 = time.thread_time(), time.perf_counter()
            out[kind].append(Timing((c1 - c0) * 1000, (w1 - w0) * 1000))
    return out


def report(title: str, results: dict[str, list[Timing]]) -> None:
    print(f"\n{title}")
    print(f"  {'kind':<16} {'CPU median':>11} {'CPU p90':>9} {'wall median':>12}")
    every: list[Timing] = []
    for kind, timings in results.items():
        every += timings
        _row(kind, timings)
    _row("all", every)


def _row(name: str, timings: list[Timing]) -> None:
    cpu = sorted(t.cpu_ms for t in timings)
    wall = statistics.median(t.wall_ms for t in timings)
    p90 = cpu[min(len(cpu) - 1, int(len(cpu) * 0.9))]
    print(f"  {name:<16} {statistics.median(cpu):8.2f} ms {p90:6.2f} ms {wall:9.2f} ms")


def profile(fn: Callable[[], object]) -> None:
    """Self time by module (cProfile roughly doubles the time; the shares are what matter)."""
    prof = cProfile.Profile()
    prof.enable()
    fn()
    prof.disable()
    stats = pstats.Stats(prof)
    by_module: Counter[str] = Counter()
    for (path, _line, name), row in stats.stats.items():  # type: ignore[attr-defined]
        self_s = row[2]
        by_module[_module(path, name)] += self_s
    total = sum(by_module.values())
    print("\nself time by module (cProfile, new requests)")
    for module, seconds in by_module.most_common(25):
        print(f"  {seconds / total * 100:5.1f}%  {module}")
    print()
    stats.sort_stats("cumulative").print_stats(r"bot/|knowledge/|sizing/", 30)


def _module(path: str, name: str) -> str:
    if path == "~":
        return f"builtin {name}"
    for root in ("/bot/", "/knowledge/", "/sizing/"):
        if root in path:
            return root.strip("/") + "/" + path.split(root, 1)[1]
    if "site-packages/" in path:
        return path.split("site-packages/", 1)[1].split("/", 1)[0]
    return "stdlib " + Path(path).name


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=70, help="turns per kind and scenario")
    parser.add_argument("--profile", action="store_true", help="also show where the time goes")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="gpu-advisor-bench-") as tmp:
        store = SQLiteStore(Path(tmp) / "sessions.db", session_ttl_s=3600)
        consultant = Consultant(load_knowledge(), store)
        run(consultant, 3, repeated=False, tag="warm")  # first use loads OpenCC, indexes, templates
        report("new requests", run(consultant, args.rounds, repeated=False, tag="new"))
        report("repeated requests (as ../shared/checks/perf)", run(consultant, args.rounds, True, "rep"))
        if args.profile:
            profile(lambda: run(consultant, args.rounds, repeated=False, tag="prof"))
        store.close()


if __name__ == "__main__":
    main()
