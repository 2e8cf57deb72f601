"""The production HTTP server for `serve --http`: Slack at POST /slack/events, probes and metrics.

A small WSGI router in front of Bolt's WSGI adapter, served by waitress (pure-Python, multi-threaded,
production grade; Bolt's own App.start() is http.server and "not recommended for production").
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from slack_bolt import App
from slack_bolt.adapter.wsgi import SlackRequestHandler

from bot.metrics import Metrics
from bot.slack.ports import StoreLike

if TYPE_CHECKING:
    from wsgiref.types import StartResponse, WSGIEnvironment

log = logging.getLogger(__name__)

SLACK_PATH = "/slack/events"
# waitress worker threads: each holds one request only until Bolt acks (listeners run on their own pool).
HTTP_THREADS = 8
# Seconds an in-flight request may take to finish on shutdown (Kubernetes' default grace period is 30 s).
SHUTDOWN_GRACE_S = 5


class Router:
    """WSGI app: /slack/events to Bolt, /healthz (process up), /readyz (store reachable), /metrics."""

    def __init__(self, app: App, store: StoreLike, metrics: Metrics) -> None:
        self.slack = SlackRequestHandler(app, path=SLACK_PATH)
        self.store = store
        self.metrics = metrics

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        path = environ.get("PATH_INFO") or "/"
        method = environ.get("REQUEST_METHOD", "GET")
        if path == SLACK_PATH:
            if method != "POST":
                return self._plain(start_response, "405 Method Not Allowed", b"POST only\n")
            return self.slack(environ, start_response)
        if method not in ("GET", "HEAD"):
            return self._plain(start_response, "405 Method Not Allowed", b"GET only\n")
        if path == "/healthz":
            return self._plain(start_response, "200 OK", b"ok\n")
        if path == "/readyz":
            if self._store_ok():
                return self._plain(start_response, "200 OK", b"ready\n")
            return self._plain(start_response, "503 Service Unavailable", b"state store unavailable\n")
        if path == "/metrics":
            body, content_type = self.metrics.exposition()
            start_response("200 OK", [("Content-Type", content_type), ("Content-Length", str(len(body)))])
            return [body]
        return self._plain(start_response, "404 Not Found", b"not found\n")

    def _store_ok(self) -> bool:
        try:
            return bool(self.store.ping())
        except Exception:  # a probe answers, it never raises
            log.warning("store ping raised", exc_info=True)
            return False

    @staticmethod
    def _plain(start_response: StartResponse, status: str, body: bytes) -> list[bytes]:
        start_response(
            status, [("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", str(len(body)))]
        )
        return [body]


class HttpServer:
    """waitress on host:port (port 0 = any free port; see .port) with a clean close()."""

    def __init__(
        self, wsgi_app: Callable[..., Any], *, host: str, port: int, threads: int = HTTP_THREADS
    ) -> None:
        from waitress.server import create_server

        self._server = create_server(wsgi_app, host=host, port=port, threads=threads, ident="gpu-advisor")
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
        wasyncore.close_all(self._server._map)
