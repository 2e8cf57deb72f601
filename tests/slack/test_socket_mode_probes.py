"""In Socket Mode the app still answers /healthz and /readyz on PORT, and /healthz follows the WebSocket."""

from __future__ import annotations

import argparse
import threading
import urllib.error
import urllib.request
from typing import Any
from wsgiref.util import setup_testing_defaults

from bot.cli.commands.serve import probe_port_for
from bot.config import Settings
from bot.ops.http import HttpServer, Probes
from bot.ops.metrics import Metrics
from bot.store.memory import MemoryStore

SOCKET_ENV = {"SLACK_BOT_TOKEN": "xoxb-test", "SLACK_APP_TOKEN": "xapp-test"}


class Socket:
    """Stands in for the Socket Mode client: only its connection state matters to the probe."""

    def __init__(self, connected: bool) -> None:
        self.connected = connected

    def is_connected(self) -> bool:
        return self.connected


def get(app: Probes, path: str, method: str = "GET") -> tuple[str, str]:
    environ: dict[str, Any] = {"PATH_INFO": path, "REQUEST_METHOD": method}
    setup_testing_defaults(environ)
    status: list[str] = []
    body = b"".join(app(environ, lambda s, headers: status.append(s)))  # type: ignore[arg-type,func-returns-value]
    return status[0], body.decode()


def probes(socket: Socket, store: MemoryStore | None = None) -> Probes:
    return Probes(store or MemoryStore(session_ttl_s=60), Metrics(), connected=socket.is_connected)


def test_healthz_is_ok_while_the_socket_is_connected() -> None:
    assert get(probes(Socket(connected=True)), "/healthz") == ("200 OK", "ok\n")


def test_healthz_fails_while_the_socket_is_disconnected_so_the_orchestrator_restarts_the_bot() -> None:
    status, body = get(probes(Socket(connected=False)), "/healthz")

    assert status == "503 Service Unavailable"
    assert "socket mode disconnected" in body


def test_healthz_recovers_when_the_socket_reconnects() -> None:
    socket = Socket(connected=False)
    app = probes(socket)
    assert get(app, "/healthz")[0].startswith("503")

    socket.connected = True

    assert get(app, "/healthz")[0] == "200 OK"


def test_a_socket_state_check_that_raises_reads_as_unhealthy() -> None:
    def broken() -> bool:
        raise OSError("connection state unknown")

    app = Probes(MemoryStore(session_ttl_s=60), Metrics(), connected=broken)

    assert get(app, "/healthz")[0].startswith("503")


def test_readyz_reports_the_state_store_and_slack_events_are_not_served_in_socket_mode() -> None:
    store = MemoryStore(session_ttl_s=60)
    app = probes(Socket(connected=True), store)
    assert get(app, "/readyz") == ("200 OK", "ready\n")
    assert get(app, "/slack/events", method="POST")[0] == "405 Method Not Allowed"
    assert get(app, "/slack/events")[0] == "404 Not Found"

    store.close()

    assert get(app, "/readyz")[0] == "503 Service Unavailable"


def test_the_probes_answer_over_real_http() -> None:
    server = HttpServer(probes(Socket(connected=False)), host="127.0.0.1", port=0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{server.port}/readyz", timeout=10) as answer:
            assert answer.status == 200
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{server.port}/healthz", timeout=10)
            raise AssertionError("healthz answered 2xx with the socket down")
        except urllib.error.HTTPError as refused:
            assert refused.code == 503
    finally:
        server.close()
        thread.join(10)


def test_socket_mode_serves_probes_on_port_only_when_port_is_set() -> None:
    no_flag = argparse.Namespace(port=None)

    assert probe_port_for(Settings.from_env(SOCKET_ENV), no_flag) is None
    assert probe_port_for(Settings.from_env(SOCKET_ENV | {"PORT": "8080"}), no_flag) == 8080
    assert probe_port_for(Settings.from_env(SOCKET_ENV), argparse.Namespace(port=9090)) == 9090
