"""../shared/checks/perf's measurement, with several checkouts side by side: an A/B that a shared machine's
load moves alike for every tree.

One fake Slack (the check's own, ../shared/checks/fakeslack.py), the check's bare Bolt app, and one
`gpu-advisor serve --http` per TREE (run with this interpreter, PYTHONPATH=TREE, charts off as in the
check's venv). Each app gets its mentions in blocks of --block in a row, as the check sends them (so an
answer's tail work meets the next mention), the blocks taking turns in a rotating order. Every mention is
timed as the check times it: the delivery sent, then fake.posts() polled every 0.5 ms for the first post
and the answer (a post or edit of at least 80 characters). Prints each tree's p50s and their ratios to the
bare app's first post, the check's bars (first post <= x2, answer <= x4).

`.venv/bin/python benchmarks/perf_ab.py --mentions 240 TREE [TREE ...]` from a checkout with ../shared;
a TREE is a directory with the project (`git worktree add` or `git archive | tar -x`).
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
import urllib.request
from pathlib import Path
from typing import Any

CHECKS = Path(__file__).resolve().parent.parent.parent / "shared" / "checks"
SECRET = "perf-secret"
TEXTS = [
    "<@UBOT> 训练一个70亿参数的模型，数据1TB，BF16，一个月",
    "<@UBOT> LoRA fine-tune a 13B model, 10GB, fp16, 3 days",
    "<@UBOT> 千亿级参数，数据10TB，三个月",
    "<@UBOT> 按量付费和包年包月哪个划算",
]  # the check's four texts, in its order
SERVE = "import sys; sys.modules['matplotlib'] = None; from bot.cli import main; sys.exit(main(sys.argv[1:]))"
WARMUP = 24


def echo_app() -> str:
    """The check's bare Bolt app, read from the check itself."""
    source = (CHECKS / "perf").read_text()
    return textwrap.dedent(source.split("ECHO = textwrap.dedent('''")[1].split("''')")[0])


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(
    cmd: list[str], tag: str, fake: Any, tmp: Path, extra: dict[str, str]
) -> tuple[int, subprocess.Popen[bytes]]:
    port = free_port()
    env = dict(os.environ, SLACK_BOT_TOKEN="xoxb-perf", SLACK_SIGNING_SECRET=SECRET, SLACK_API_URL=fake.url)
    env |= {"PORT": str(port), "GPU_ADVISOR_DB": str(tmp / f"{tag}.db"), **extra}
    env.pop("SLACK_APP_TOKEN", None)
    env.pop("REDIS_URL", None)
    log = (tmp / f"{tag}.log").open("wb")
    proc = subprocess.Popen(
        [*cmd, "--port", str(port)] if tag != "echo" else cmd, env=env, stdout=log, stderr=log
    )
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            return port, proc
        except OSError:
            if proc.poll() is not None:
                break
            time.sleep(0.1)
    proc.kill()
    raise SystemExit(f"{tag} did not start: {(tmp / f'{tag}.log').read_text()[-300:]}")


def one(fake: Any, port: int, tag: str, i: int, text: str, *, echo: bool) -> tuple[float, float]:
    """One mention, timed exactly as the check times it: (first post, answer) in seconds."""
    ts = f"17000{i:05d}.000100"
    event = {"type": "app_mention", "user": f"U{tag}{i}", "text": text, "ts": ts, "channel": "C1"}
    body = json.dumps(
        {
            "token": "x",
            "team_id": "T1",
            "api_app_id": "A1",
            "type": "event_callback",
            "event_id": f"Ev{tag}{i}",
            "event_time": int(time.time()),
            "authorizations": [{"team_id": "T1", "user_id": "UBOT", "is_bot": True}],
            "event": event | {"event_ts": ts, "team": "T1"},
        }
    )
    now = str(int(time.time()))
    sig = "v0=" + hmac.new(SECRET.encode(), f"v0:{now}:{body}".encode(), hashlib.sha256).hexdigest()
    headers = {"Content-Type": "application/json", "X-Slack-Request-Timestamp": now, "X-Slack-Signature": sig}
    before = len(fake.posts())
    t0 = time.perf_counter()
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/slack/events", data=body.encode(), headers=headers
    )
    urllib.request.urlopen(request, timeout=10).read()
    first = None
    while True:
        posts = fake.posts()[before:]
        now_t = time.perf_counter() - t0
        if posts and first is None:
            first = now_t
        long_post = any(
            len(str(a.get("text") or "")) >= 80 or a.get("blocks") and len(str(a.get("blocks"))) >= 80
            for a in posts
        )
        if long_post or (echo and posts):
            return first or now_t, now_t
        if now_t > 10:
            raise SystemExit(f"{tag}: no answer within 10 s")
        time.sleep(0.0005)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("trees", nargs="+", type=Path)
    parser.add_argument("--mentions", type=int, default=240, help="mentions per app (a multiple of --block)")
    parser.add_argument("--block", type=int, default=8, help="mentions an app gets in a row")
    args = parser.parse_args()
    sys.path.insert(0, str(CHECKS))
    from fakeslack import FakeSlack  # the check's own fake Slack

    fake = FakeSlack()
    apps: list[tuple[str, int, subprocess.Popen[bytes]]] = []
    times: dict[str, tuple[list[float], list[float]]] = {}
    with tempfile.TemporaryDirectory(prefix="gpu-advisor-perf-ab-") as tmp_name:
        tmp = Path(tmp_name)
        (tmp / "echo.py").write_text(echo_app())
        try:
            apps.append(("echo", *start([sys.executable, str(tmp / "echo.py")], "echo", fake, tmp, {})))
            for k, tree in enumerate(args.trees):
                cmd = [sys.executable, "-c", SERVE, "serve", "--http"]
                apps.append((f"t{k}", *start(cmd, f"t{k}", fake, tmp, {"PYTHONPATH": str(tree.resolve())})))
            n = 0
            for tag, port, _ in apps:
                times[tag] = ([], [])
                for i in range(WARMUP):
                    n += 1
                    one(fake, port, f"{tag}w", n, TEXTS[i % len(TEXTS)], echo=tag == "echo")
            for r in range(args.mentions // args.block):
                for tag, port, _ in apps[r % len(apps) :] + apps[: r % len(apps)]:
                    for j in range(args.block):
                        n += 1
                        first, answer = one(fake, port, tag, n, TEXTS[j % len(TEXTS)], echo=tag == "echo")
                        times[tag][0].append(first)
                        times[tag][1].append(answer)
        finally:
            for _, _, proc in apps:
                proc.terminate()
            for _, _, proc in apps:
                proc.wait(15)
            fake.close()
    echo = statistics.median(times["echo"][0]) * 1000
    load = Path("/proc/loadavg").read_text().split()[0] if Path("/proc/loadavg").exists() else "?"
    print(f"{args.mentions} mentions per app in blocks of {args.block}; load average {load}")
    print(f"  {'bare Bolt':<40} first post p50 {echo:5.2f} ms")
    for k, tree in enumerate(args.trees):
        first_ms = statistics.median(times[f"t{k}"][0]) * 1000
        answer_ms = statistics.median(times[f"t{k}"][1]) * 1000
        print(
            f"  {str(tree):<40} first post p50 {first_ms:5.2f} ms (x{first_ms / echo:.2f}), "
            f"answer p50 {answer_ms:5.2f} ms (x{answer_ms / echo:.2f})"
        )


if __name__ == "__main__":
    main()
