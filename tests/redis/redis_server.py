"""A throwaway redis-server on a free loopback port, for tests (never the system one on 6379).

Shared by tests/redis and tests/scale. Locally a missing binary skips the test with the reason;
under CI=true it fails, because .ci/run installs redis-server and a skip there would hide a gap.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest
import redis

START_TIMEOUT_S = 10.0


def require_redis_server() -> str:
    binary = shutil.which("redis-server")
    if binary:
        return binary
    reason = "redis-server is not installed (apt-get install redis-server); .ci/run installs it"
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"CI is set but {reason}", pytrace=False)
    pytest.skip(reason)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class RedisServer:
    """One redis-server process; stop() and start() again reuse the same port and data dir."""

    def __init__(self, binary: str, data_dir: Path) -> None:
        self.binary = binary
        self.data_dir = data_dir
        self.port = free_port()
        self._proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self._proc = subprocess.Popen(
            [
                self.binary,
                "--port", str(self.port),
                "--bind", "127.0.0.1",
                "--dir", str(self.data_dir),
                "--save", "",
                "--appendonly", "no",
                "--daemonize", "no",
                "--logfile", str(self.data_dir / "redis.log"),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        client = redis.Redis(host="127.0.0.1", port=self.port, socket_connect_timeout=0.5)
        deadline = time.monotonic() + START_TIMEOUT_S
        try:
            while True:
                try:
                    if client.ping():
                        return
                except redis.RedisError:
                    if self._proc.poll() is not None or time.monotonic() > deadline:
                        log = (self.data_dir / "redis.log").read_text(errors="replace")[-500:]
                        self.stop()
                        raise RuntimeError(f"redis-server did not start on port {self.port}: {log}") from None
                    time.sleep(0.05)
        finally:
            client.close()

    def stop(self) -> None:
        if self._proc is not None and self._proc.poll() is None:
            self._proc.terminate()
            try:
                self._proc.wait(10)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
        self._proc = None

    def client(self) -> redis.Redis:
        return redis.Redis.from_url(self.url, decode_responses=True)
