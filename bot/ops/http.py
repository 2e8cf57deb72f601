"""The production HTTP server (waitress) and the operations endpoints: /healthz, /readyz, /metrics.

In HTTP mode bot.slack.endpoint serves POST /slack/events in front of these; in Socket Mode only the
probes and metrics are served (Slack reaches the app over the WebSocket). waitress is pure-Python,
multi-threaded and production grade; Bolt's own App.start() is http.server and "not recommended
for production".
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from bot.ops.metrics import Metrics
from bot.ports import StoreLike

if TYPE_CHECKING:
    from wsgiref.types import StartResponse, WSGIEnvironment

log = logging.getLogger(__name__)

# waitress buffers a body (in memory up to 512 KB, then in a temporary file) before the router sees
# it, and answers bigger ones with 413 itself, closing the connection mid-upload (the client sees a
# reset, not the 413). Between the two limits the router answers 413 after waitress read the body:
# cheap (no parsing, no logging of it), and a client reads a clean answer.
MAX_BUFFERED_BODY_BYTES = 128 * 1024 * 1024
# waitress worker threads: each holds one request only until Bolt acks (listeners run on their own pool).
HTTP_THREADS = 8
# Seconds an in-flight request may take to finish on shutdown (Kubernetes' default grace period is 30 s).
SHUTDOWN_GRACE_S = 5


class Probes:
    """WSGI app: /healthz (process up; in Socket Mode, connected), /readyz (store writes), /metrics.

    `connected` is the Socket Mode connection state (the handler client's is_connected(), as in
    bolt-python's examples/socket_mode_healthcheck.py): a process whose WebSocket has dropped and
    not come back is unhealthy, so the orchestrator restarts it. None in HTTP mode.
    """

    def __init__(
        self, store: StoreLike, metrics: Metrics, *, connected: Callable[[], bool] | None = None
    ) -> None:
        self.store = store
        self.metrics = metrics
        self.connected = connected

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        path = environ.get("PATH_INFO") or "/"
        if environ.get("REQUEST_METHOD", "GET") not in ("GET", "HEAD"):
            return plain(start_response, "405 Method Not Allowed", b"GET only\n")
        if path == "/healthz":
            if self.connected is not None and not _holds(self.connected, "socket state"):
                return plain(start_response, "503 Service Unavailable", b"socket mode disconnected\n")
            return plain(start_response, "200 OK", b"ok\n")
        if path == "/readyz":
            if _holds(self.store.ping, "store ping"):
                return plain(start_response, "200 OK", b"ready\n")
            return plain(start_response, "503 Service Unavailable", b"state store unavailable\n")
        if path == "/metrics":
            body, content_type = self.metrics.exposition()
            start_response("200 OK", [("Content-Type", content_type), ("Content-Length", str(len(body)))])
            return [body]
        return plain(start_response, "404 Not Found", b"not found\n")


def _holds(check: Callable[[], object], what: str) -> bool:
    try:
        return bool(check())
    except Exception:  # a probe answers, it never raises
        log.warning("%s raised", what, exc_info=True)
        return False


def plain(start_response: StartResponse, status: str, body: bytes) -> list[bytes]:
    start_response(
        status, [("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", str(len(body)))]
    )
    return [body]


class HttpServer:
    """waitress on host:port (port 0 = any free port; see .port) with a clean close()."""

    def __init__(
        self,
        wsgi_app: Callable[..., Any],
        *,
        host: str,
        port: int,
        threads: int = HTTP_THREADS,
        max_body_bytes: int = MAX_BUFFERED_BODY_BYTES,
    ) -> None:
        from waitress.server import create_server

        self._server = create_server(
            wsgi_app,
            host=host,
            port=port,
            threads=threads,
            ident="gpu-advisor",
            # waitress refuses larger bodies itself (chunked ones included) before buffering them.
            max_request_body_size=max_body_bytes,
        )
        self.port: int = int(self._server.effective_port)

    def serve_forever(self) -> None:
        try:
            self._server.run()
        except OSError:
            pass  # the listening socket was closed by close() while waiting

    def close(self) -> None:
        """Stop accepting, let in-flight requests finish (bounded), then drop every connection."""
        from waitress import wasyncore

        self._server.close()
        self._server.task_dispatcher.shutdown(cancel_pending=False, timeout=SHUTDOWN_GRACE_S)
        server_map = self._server._map
        try:
            # Closed from inside the event loop, woken by its trigger: the loop sees an empty map and
            # returns at once, instead of after its next one-second poll.
            self._server.trigger.pull_trigger(lambda: wasyncore.close_all(server_map))
        except OSError:
            wasyncore.close_all(server_map)
