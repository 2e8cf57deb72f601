"""CPU of one Slack mention in the whole server, counted in instructions (valgrind's callgrind), which a
busy machine does not move the way it moves wall-clock time.

Starts `gpu-advisor serve --http` (charts off, as in ../shared/checks/perf's venv) and a bare Bolt app under
callgrind, each against a fake Slack Web API on loopback, sends `--warmup` mentions, zeroes the counters
(callgrind_control -z), sends `--mentions` more, the four kinds bench_breakdown.py sends (each from a new
user in a new thread, one at a time, each followed by a pause in which the server finishes its work after
the answer),
and prints the instructions per mention of every thread of each server (callgrind_control -e). Repeat runs
agree within ~0.5%; the keeper's once-a-second sweep is part of the count.

`.venv/bin/python benchmarks/bench_instructions.py [--mentions 12] [--warmup 8]` (about a minute per app)
"""

from __future__ import annotations

import argparse
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # sibling benchmark modules

from bench_breakdown import texts
from slack_load import BARE_BOLT, TimedSlack, app_env, deliver, free_port, mention

START_TIMEOUT_S = 1200.0  # the knowledge base and the warm-up turns run ~50x slower under valgrind
REPLY_TIMEOUT_S = 120.0
# After an answer the server still records the turn done and the user's latest plan (App Home).
TAIL_S = 0.4
# serve, with matplotlib hidden as the perf check's venv lacks it (no chart renderer processes)
SERVE = "import sys; sys.modules['matplotlib'] = None; from bot.cli import main; sys.exit(main(sys.argv[1:]))"


def counters(pid: int) -> dict[int, int]:
    """Instructions per thread since the last zeroing (callgrind_control -e)."""
    out = subprocess.run(
        ["callgrind_control", "-e", str(pid)], capture_output=True, text=True, timeout=60, check=True
    ).stdout
    return {int(t): int(n.replace(",", "")) for t, n in re.findall(r"Th\s*(\d+)\s+([\d,]+)", out)}


def measure(
    name: str, cmd: list[str], env: dict[str, str], slack: TimedSlack, tmp: Path, n: int, warmup: int
) -> None:
    port = free_port()
    log = (tmp / f"{name}.log").open("wb")
    # Start-up (the knowledge base, the warm-up turns) runs uninstrumented, several times faster; counting
    # is switched on before the warm-up mentions and the counters are zeroed after them, as before.
    valgrind = ["valgrind", "--tool=callgrind", "--instr-atstart=no", "--callgrind-out-file=/dev/null"]
    proc = subprocess.Popen(
        [*valgrind, *cmd, *(["--port", str(port)] if name == "gpu-advisor" else [])],
        env=env | {"PORT": str(port)},
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + START_TIMEOUT_S
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), 0.5).close()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(
                        f"{name} did not start: {(tmp / f'{name}.log').read_text()[-400:]}"
                    ) from None
                time.sleep(0.5)
        subprocess.run(
            ["callgrind_control", "-i", "on", str(proc.pid)], capture_output=True, timeout=60, check=True
        )
        messages = texts()
        for i in range(warmup + n):
            if i == warmup:
                subprocess.run(
                    ["callgrind_control", "-z", str(proc.pid)], capture_output=True, timeout=60, check=True
                )
            ts = f"18{i:06d}.00010{len(name)}"
            deliver(port, mention(f"Ev{name}{i}", f"U{name}{i}", messages[i % len(messages)], ts))
            stop = time.monotonic() + REPLY_TIMEOUT_S
            while slack.answered(ts) is None:
                if time.monotonic() > stop:
                    raise RuntimeError(f"{name}: no answer to mention {i}")
                time.sleep(0.01)
            time.sleep(TAIL_S)
        per_thread = counters(proc.pid)
    finally:
        proc.terminate()
        try:
            proc.wait(60)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()
    total = sum(per_thread.values())
    threads = ", ".join(f"{v / n / 1e6:.2f}" for _, v in sorted(per_thread.items()) if v / n >= 5e3)
    print(f"  {name:<12} {total / n / 1e6:7.3f} M instructions per mention (threads: {threads})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--mentions", type=int, default=12, help="mentions counted (a multiple of 4: each text alike)"
    )
    parser.add_argument("--warmup", type=int, default=8, help="mentions sent before counting")
    args = parser.parse_args()
    if shutil.which("valgrind") is None or shutil.which("callgrind_control") is None:
        sys.exit("needs valgrind (callgrind and callgrind_control)")
    print(f"instructions of one mention: {args.mentions} of bench_breakdown.py's, after {args.warmup}")
    with tempfile.TemporaryDirectory(prefix="gpu-advisor-instructions-") as tmp_name:
        tmp = Path(tmp_name)
        slack = TimedSlack()
        try:
            env = app_env(slack, tmp)
            env.pop("GPU_ADVISOR_LOG_LEVEL", None)  # the default level, as the perf check runs it
            env.pop("GPU_ADVISOR_RATE_LIMIT_PER_MINUTE", None)
            measure(
                "bare Bolt", [sys.executable, str(BARE_BOLT)], env, slack, tmp, args.mentions, args.warmup
            )
            serve = [sys.executable, "-c", SERVE, "serve", "--http"]
            measure(
                "gpu-advisor",
                serve,
                env | {"PYTHONPATH": str(Path(__file__).resolve().parent.parent)},
                slack,
                tmp,
                args.mentions,
                args.warmup,
            )
        finally:
            slack.close()


if __name__ == "__main__":
    main()
