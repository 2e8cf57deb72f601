"""Helpers for the scale-out tests: bot processes, signed Slack deliveries, event payloads."""

from __future__ import annotations

import hashlib
import hmac
import json
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

TESTS = Path(__file__).resolve().parent.parent
# tests/ is not a package; the shared fake Slack and the redis-server helper import by path.
sys.path[:0] = [str(TESTS), str(TESTS / "redis")]

from fakes.slack_api import FakeSlackApi  # noqa: E402
from redis_server import RedisServer, free_port, require_redis_server  # noqa: E402

__all__ = [
    "Cluster",
    "FakeSlackApi",
    "Instance",
    "RedisServer",
    "mention",
    "require_redis_server",
    "thread_reply",
]

SIGNING_SECRET = "scale-test-signing-secret"
RATE_LIMIT_PER_MINUTE = 3
START_TIMEOUT_S = 90.0  # loading the knowledge base and Bolt's auth.test, on a slow CI machine


def cli() -> list[str]:
    script = Path(sys.executable).with_name("gpu-advisor")
    return [str(script)] if script.exists() else [sys.executable, "-m", "bot.cli"]


@dataclass
class Answer:
    status: int
    body: str


class Instance:
    """One bot process; requests are signed the way Slack signs them."""

    def __init__(self, name: str, env: dict[str, str], log_path: Path) -> None:
        self.name = name
        self.port = free_port()
        self.log_path = log_path
        self._log = log_path.open("wb")
        self.proc = subprocess.Popen(
            [*cli(), "serve", "--http", "--host", "127.0.0.1", "--port", str(self.port)],
            env=env | {"PORT": str(self.port)},
            stdout=self._log,
            stderr=subprocess.STDOUT,
        )

    def log_tail(self) -> str:
        return self.log_path.read_text(errors="replace")[-2000:]

    def wait_healthy(self) -> None:
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"instance {self.name} exited at start-up:\n{self.log_tail()}")
            try:
                if self.get("/healthz").status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"instance {self.name} not healthy in {START_TIMEOUT_S:.0f} s:\n{self.log_tail()}")

    def get(self, path: str) -> Answer:
        return self._send(urllib.request.Request(f"http://127.0.0.1:{self.port}{path}"))

    def post_event(self, body: dict[str, Any], headers: dict[str, str] | None = None) -> Answer:
        raw = json.dumps(body)
        ts = str(int(time.time()))
        signature = hmac.new(SIGNING_SECRET.encode(), f"v0:{ts}:{raw}".encode(), hashlib.sha256).hexdigest()
        all_headers = {
            "Content-Type": "application/json",
            "X-Slack-Request-Timestamp": ts,
            "X-Slack-Signature": f"v0={signature}",
            **(headers or {}),
        }
        url = f"http://127.0.0.1:{self.port}/slack/events"
        return self._send(urllib.request.Request(url, data=raw.encode(), headers=all_headers))

    @staticmethod
    def _send(request: urllib.request.Request) -> Answer:
        try:
            with urllib.request.urlopen(request, timeout=10) as r:
                return Answer(r.status, r.read().decode())
        except urllib.error.HTTPError as e:
            return Answer(e.code, e.read().decode())

    def metric(self, name: str) -> float:
        for line in self.get("/metrics").body.splitlines():
            if line.startswith(name + " "):
                return float(line.split()[1])
        return 0.0

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._log.close()


@dataclass
class Cluster:
    redis: RedisServer
    slack: FakeSlackApi
    a: Instance
    b: Instance


def mention(
    event_id: str, user: str, channel: str, text: str, ts: str, thread_ts: str | None = None
) -> dict[str, Any]:
    event: dict[str, Any] = {
        "type": "app_mention",
        "user": user,
        "text": f"<@UBOT> {text}",
        "ts": ts,
        "channel": channel,
        "event_ts": ts,
        "team": "T1",
    }
    if thread_ts:
        event["thread_ts"] = thread_ts
    return envelope(event_id, event)


def thread_reply(
    event_id: str, user: str, channel: str, text: str, ts: str, thread_ts: str
) -> dict[str, Any]:
    """A plain message in a thread, no mention: answered only where the thread's session exists."""
    event = {
        "type": "message",
        "channel_type": "channel",
        "user": user,
        "text": text,
        "ts": ts,
        "thread_ts": thread_ts,
        "channel": channel,
        "event_ts": ts,
        "team": "T1",
    }
    return envelope(event_id, event)


def envelope(event_id: str, event: dict[str, Any]) -> dict[str, Any]:
    return {
        "token": "unused",
        "team_id": "T1",
        "api_app_id": "A1",
        "type": "event_callback",
        "event_id": event_id,
        "event_time": int(time.time()),
        "event": event,
        "authorizations": [{"team_id": "T1", "user_id": "UBOT", "is_bot": True}],
    }
