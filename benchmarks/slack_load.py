"""Loopback-only plumbing for the reply benchmarks: a fake Slack that time-stamps every call, app
processes (`gpu-advisor serve --http`, a bare Bolt app, redis-server) on free ports, and signed
`app_mention` deliveries. Every process is started and stopped here; nothing leaves 127.0.0.1."""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))  # appended, never shadowing the installed packages

from tests.fakes.slack_api import FakeSlackApi  # noqa: E402

SECRET = "bench-signing-secret"
START_TIMEOUT_S = 90.0  # knowledge load + Bolt's auth.test on a slow machine
BARE_BOLT = Path(__file__).with_name("bare_bolt_app.py")
MESSAGE_METHODS = ("chat.postMessage", "chat.update")


class TimedSlack(FakeSlackApi):
    """The recording fake, plus the arrival time (perf_counter) of each answered Web API call."""

    def __post_init__(self) -> None:
        self.arrivals: list[tuple[float, str, dict[str, Any]]] = []
        self._thread_of: dict[str, str] = {}  # posted message ts -> its thread, so edits count there
        super().__post_init__()

    def _answer(self, method: str, args: dict[str, Any]) -> dict[str, Any]:
        arrived = time.perf_counter()
        answer = super()._answer(method, args)
        with self._lock:
            if method == "chat.postMessage" and answer.get("ts") and args.get("thread_ts"):
                self._thread_of[str(answer["ts"])] = str(args["thread_ts"])
            self.arrivals.append((arrived, method, args))
        return answer

    def _thread_for(self, method: str, args: dict[str, Any]) -> str | None:
        if method == "chat.update":  # an edit names the message it edits, not the thread
            return self._thread_of.get(str(args.get("ts")))
        thread = args.get("thread_ts")
        return str(thread) if thread is not None else None

    def thread_times(self, thread_ts: str, methods: tuple[str, ...] = MESSAGE_METHODS) -> list[float]:
        with self._lock:
            return [t for t, m, a in self.arrivals if m in methods and self._thread_for(m, a) == thread_ts]

    def answered(self, thread_ts: str) -> float | None:
        """When the thread got its answer: an edit of the "working" placeholder, or a post that is not one."""
        with self._lock:
            for t, m, a in self.arrivals:
                if self._thread_for(m, a) != thread_ts:
                    continue
                if m == "chat.update" or (
                    m == "chat.postMessage" and not str(a.get("text", "")).startswith("⏳")
                ):
                    return t
        return None

    def quiet_for(self, seconds: float, limit_s: float = 60.0) -> None:
        """Wait until no Web API call has arrived for `seconds` (edits and charts still in flight)."""
        deadline = time.perf_counter() + limit_s
        while time.perf_counter() < deadline:
            with self._lock:
                last = self.arrivals[-1][0] if self.arrivals else 0.0
            if time.perf_counter() - last >= seconds:
                return
            time.sleep(0.05)

    def first_post(self, thread_ts: str) -> float | None:
        times = self.thread_times(thread_ts, ("chat.postMessage",))
        return times[0] if times else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _gpu_advisor() -> list[str]:
    script = Path(sys.executable).with_name("gpu-advisor")
    return [str(script)] if script.exists() else [sys.executable, "-m", "bot.cli"]


class Process:
    def __init__(self, name: str, cmd: list[str], env: dict[str, str], tmp: Path, port: int) -> None:
        self.name, self.port = name, port
        self.log_path = tmp / f"{name}.log"
        self._log = self.log_path.open("wb")
        self.proc = subprocess.Popen(cmd, env=env, stdout=self._log, stderr=subprocess.STDOUT)

    def wait_listening(self) -> None:
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                break
            try:
                socket.create_connection(("127.0.0.1", self.port), 0.2).close()
                return
            except OSError:
                time.sleep(0.1)
        self.stop()
        tail = self.log_path.read_text(errors="replace")[-400:]
        raise RuntimeError(f"{self.name} did not start listening: {tail}")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._log.close()


def app_env(slack: FakeSlackApi, tmp: Path, redis_url: str | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("SLACK_APP_TOKEN", "REDIS_URL", "GPU_ADVISOR_DB")}
    env |= {
        "SLACK_BOT_TOKEN": "xoxb-bench",
        "SLACK_SIGNING_SECRET": SECRET,
        "SLACK_API_URL": slack.url,
        "GPU_ADVISOR_RATE_LIMIT_PER_MINUTE": "1000000",  # measuring the reply path, not the limiter
        "GPU_ADVISOR_LOG_LEVEL": os.environ.get("GPU_ADVISOR_LOG_LEVEL", "WARNING"),
        "HOME": str(tmp),
    }
    if redis_url:
        env["REDIS_URL"] = redis_url
    else:
        env["GPU_ADVISOR_DB"] = str(tmp / "bench.db")
    return env


def start_advisor(name: str, env: dict[str, str], tmp: Path) -> Process:
    port = free_port()
    cmd = [*_gpu_advisor(), "serve", "--http", "--port", str(port)]
    p = Process(name, cmd, env | {"PORT": str(port)}, tmp, port)
    p.wait_listening()
    return p


def start_bare_bolt(env: dict[str, str], tmp: Path) -> Process:
    port = free_port()
    p = Process("bare-bolt", [sys.executable, str(BARE_BOLT)], env | {"PORT": str(port)}, tmp, port)
    p.wait_listening()
    return p


def start_redis(tmp: Path) -> Process | None:
    binary = shutil.which("redis-server")
    if binary is None:
        return None
    port = free_port()
    cmd = [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
    p = Process("redis", [*cmd, "--dir", str(tmp)], dict(os.environ), tmp, port)
    p.wait_listening()
    return p


def mention(event_id: str, user: str, text: str, ts: str) -> str:
    event = {"type": "app_mention", "user": user, "text": f"<@UBOT> {text}", "ts": ts, "channel": "CBENCH"}
    event |= {"event_ts": ts, "team": "T1"}
    return json.dumps(
        {
            "token": "unused",
            "team_id": "T1",
            "api_app_id": "A1",
            "type": "event_callback",
            "event_id": event_id,
            "event_time": int(time.time()),
            "event": event,
            "authorizations": [{"team_id": "T1", "user_id": "UBOT", "is_bot": True}],
        }
    )


def deliver(port: int, body: str) -> int:
    """POST one signed delivery the way Slack signs it (v0 HMAC-SHA256 over timestamp and body)."""
    stamp = str(int(time.time()))
    signature = hmac.new(SECRET.encode(), f"v0:{stamp}:{body}".encode(), hashlib.sha256).hexdigest()
    headers = {
        "Content-Type": "application/json",
        "X-Slack-Request-Timestamp": stamp,
        "X-Slack-Signature": f"v0={signature}",
    }
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/slack/events", data=body.encode(), headers=headers
    )
    with urllib.request.urlopen(request, timeout=30) as r:
        status: int = r.status
        return status


class Counter:
    def __init__(self) -> None:
        self._n = 0
        self._lock = threading.Lock()

    def next(self) -> int:
        with self._lock:
            self._n += 1
            return self._n
