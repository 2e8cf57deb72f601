"""`gpu-advisor serve --http` as a process: what it leaves behind when killed, and how it stops when
its log pipe breaks. Real processes, the real consultant, the recording fake Slack API."""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from slack_api import FakeSlackApi

pytestmark = pytest.mark.slow

SECRET = "process-test-secret"
START_TIMEOUT_S = 90.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def serve(slack: FakeSlackApi, tmp: Path, **popen: object) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    script = Path(sys.executable).with_name("gpu-advisor")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "bot.cli"]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SLACK_", "REDIS_"))}
    env |= {
        "SLACK_BOT_TOKEN": "xoxb-process-test",
        "SLACK_SIGNING_SECRET": SECRET,
        "SLACK_API_URL": slack.url,
        "GPU_ADVISOR_DB": str(tmp / "state.db"),
    }
    proc = subprocess.Popen(
        [*command, "serve", "--http", "--host", "127.0.0.1", "--port", str(port)],
        env=env,
        start_new_session=True,
        **popen,  # type: ignore[call-overload]
    )
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2):
                return proc, port
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise RuntimeError("serve --http did not start")


def post(port: int, body: str, *, signed: bool = True) -> int:
    ts = str(int(time.time()))
    sig = "v0=" + hmac.new(SECRET.encode(), f"v0:{ts}:{body}".encode(), hashlib.sha256).hexdigest()
    headers = {
        "Content-Type": "application/json",
        "X-Slack-Request-Timestamp": ts,
        "X-Slack-Signature": sig if signed else "v0=" + "0" * 64,
    }
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/slack/events", data=body.encode(), headers=headers
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return int(response.status)
    except urllib.error.HTTPError as err:
        return int(err.code)
    except OSError:
        return 0  # the server went away mid-request


def mention(text: str, ts: str) -> str:
    event = {"type": "app_mention", "user": "U1", "text": text, "ts": ts, "channel": "C1", "team": "T1"}
    return json.dumps({"type": "event_callback", "team_id": "T1", "event_id": f"Ev{ts}", "event": event})


def children_of(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.add(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.fixture
def slack() -> Iterator[FakeSlackApi]:
    fake = FakeSlackApi()
    yield fake
    fake.close()


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process table from /proc")
def test_sigkill_leaves_no_chart_renderer_behind(slack: FakeSlackApi, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")  # renderers exist only with the chart extra
    proc, port = serve(slack, tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        post(port, mention("<@UBOT> 训练一个70亿参数的模型，数据1TB，BF16，一个月", "1700000800.000100"))
        assert slack.wait_for(lambda: bool(slack.calls("files.completeUploadExternal")), timeout_s=60)
        renderers = children_of(proc.pid)
        assert renderers, "no renderer process was started"
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)

    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and any(alive(pid) for pid in renderers):
        time.sleep(0.2)
    assert [pid for pid in renderers if alive(pid)] == []


def test_serve_stops_with_exit_code_1_when_its_log_pipe_breaks(slack: FakeSlackApi, tmp_path: Path) -> None:
    proc, port = serve(slack, tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        assert proc.stderr is not None
        proc.stderr.close()  # whoever read the logs is gone
        for _ in range(3):  # each refused request logs a line, which now hits the broken pipe
            post(port, "{}", signed=False)
        assert proc.wait(30) == 1
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)
