"""Time to the "working" placeholder and time to the answer, with the real consultant.

Runs `gpu-advisor serve --http` against the recording fake Slack API (tests/fakes) and sends signed
mentions one at a time, waiting for each answer (the chat.update of its placeholder) before the next,
so the answer latency is a turn's own, not a queue's. Not a test (timings belong in benchmarks):

    .venv/bin/python tests/slack/reply_latency.py [N]

Prints p50/p95 of request-to-placeholder and request-to-answer, read from the fake's call timestamps.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent / "fakes"))

from slack_api import FakeSlackApi

SECRET = "latency-secret"
TEXTS = (
    "<@UBOT> 训练一个70亿参数的模型，数据1TB，BF16，一个月",
    "<@UBOT> LoRA fine-tune a 13B model, 10GB, fp16, 3 days",
    "<@UBOT> 千亿级参数，数据10TB，三个月",
    "<@UBOT> 按量付费和包年包月哪个划算",
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(fake: FakeSlackApi, tmp: str) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    env = dict(
        os.environ,
        SLACK_BOT_TOKEN="xoxb-latency",
        SLACK_SIGNING_SECRET=SECRET,
        SLACK_API_URL=fake.url,
        GPU_ADVISOR_DB=os.path.join(tmp, "state.db"),
        GPU_ADVISOR_RATE_LIMIT_PER_MINUTE="100000",
    )
    env.pop("SLACK_APP_TOKEN", None)
    env.pop("REDIS_URL", None)
    exe = shutil.which("gpu-advisor", path=str(Path(sys.executable).parent)) or "gpu-advisor"
    log = open(os.path.join(tmp, "bot.log"), "wb")
    proc = subprocess.Popen([exe, "serve", "--http", "--port", str(port)], env=env, stdout=log, stderr=log)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            return proc, port
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("serve --http did not start")


def mention(port: int, i: int) -> tuple[str, float]:
    ts = f"17100{i:05d}.000100"
    body = json.dumps(
        {
            "token": "x",
            "team_id": "T1",
            "api_app_id": "A1",
            "type": "event_callback",
            "event_id": f"EvLat{i}",
            "event_time": int(time.time()),
            "authorizations": [{"team_id": "T1", "user_id": "UBOT", "is_bot": True}],
            "event": {
                "type": "app_mention",
                "user": f"U{i % 7}",
                "text": TEXTS[i % len(TEXTS)],
                "ts": ts,
                "channel": "C1",
                "event_ts": ts,
                "team": "T1",
            },
        }
    )
    now = str(int(time.time()))
    sig = "v0=" + hmac.new(SECRET.encode(), f"v0:{now}:{body}".encode(), hashlib.sha256).hexdigest()
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/slack/events",
        data=body.encode(),
        headers={
            "Content-Type": "application/json",
            "X-Slack-Request-Timestamp": now,
            "X-Slack-Signature": sig,
        },
    )
    sent_s = time.perf_counter()
    urllib.request.urlopen(request, timeout=10).read()
    return ts, sent_s


def percentiles(values: list[float]) -> str:
    values = sorted(values)
    return f"p50 {values[len(values) // 2] * 1e3:.1f} ms, p95 {values[int(len(values) * 0.95)] * 1e3:.1f} ms"


def main(n: int) -> None:
    fake = FakeSlackApi()
    tmp = tempfile.mkdtemp()
    proc, port = start(fake, tmp)
    first: list[float] = []
    answer: list[float] = []
    try:
        for i in range(n + 10):  # the first 10 warm up
            thread_ts, sent_s = mention(port, i)
            fake.wait_for(lambda t=thread_ts: any(m.thread_ts == t and m.updates for m in fake.shown()), 30)
            posted = [c for c in fake.calls("chat.postMessage") if c.args.get("thread_ts") == thread_ts]
            ts = posted[0].ts
            updated = [c for c in fake.calls("chat.update") if c.args.get("ts") == ts]
            if i >= 10:
                first.append(posted[0].at_s - sent_s)
                answer.append(updated[0].at_s - sent_s)
    finally:
        proc.terminate()
        proc.wait(10)
        fake.close()
    print(f"{n} mentions, real consultant, one at a time")
    print(f"  to the placeholder: {percentiles(first)}")
    print(f"  to the answer:      {percentiles(answer)}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 60)
