"""A recording fake of the Slack Web API on 127.0.0.1:0, for driving the app without Slack.

Answers the methods the app uses with realistic canned JSON, records every call (method + arguments),
serves an upload URL for files_upload_v2 and a response_url endpoint, and can be told to fail a
method first (429 with Retry-After, or a 5xx) to exercise the client's retries. HTTP/1.0 (a new
connection for every call) unless made with keep_alive=True, as Slack's own HTTP/1.1 servers keep them.
"""

from __future__ import annotations

import json
import socket
import threading
import time
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

# Methods whose calls are messages a user would see.
MESSAGE_METHODS = ("chat.postMessage", "chat.postEphemeral", "chat.update", "response")


@dataclass(frozen=True)
class Call:
    method: str
    args: dict[str, Any]
    size_bytes: int = 0
    ts: str | None = None  # the ts the fake answered with (chat.postMessage, chat.update)
    at_s: float = field(default_factory=time.perf_counter)  # when the call reached the fake
    headers: dict[str, str] = field(default_factory=dict)  # the request's headers, as sent

    def dump(self) -> str:
        """Everything the call carried, as one string (for 'is X anywhere in it' assertions)."""
        return json.dumps(self.args, ensure_ascii=False)


@dataclass(frozen=True)
class Shown:
    """A posted message as the user sees it now: its post with the latest chat.update applied."""

    channel: str
    ts: str
    thread_ts: str | None
    text: str
    blocks: list[dict[str, Any]]
    posted_text: str  # what it said when first posted (e.g. the "working" placeholder)
    updates: int

    def dump(self) -> str:
        return json.dumps({"text": self.text, "blocks": self.blocks}, ensure_ascii=False)


@dataclass
class _Failure:
    status: int
    retry_after_s: int | None


@dataclass
class FakeSlackApi:
    bot_user_id: str = "UBOT"
    team_id: str = "T1"
    user_locale: str = "en-US"
    keep_alive: bool = False
    _calls: list[Call] = field(default_factory=list)
    _failures: dict[str, list[_Failure]] = field(default_factory=dict)
    _hung: dict[str, int] = field(default_factory=dict)  # method -> calls still to hang
    _released: threading.Event = field(default_factory=threading.Event)
    _waiting: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _ts_counter: int = 0
    _unanswered: dict[str, int] = field(default_factory=dict)  # method -> calls to drop unanswered
    _open: set[socket.socket] = field(default_factory=set)  # connections open now
    connections: int = 0  # connections accepted so far

    def __post_init__(self) -> None:
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._server.daemon_threads = True
        self.port = int(self._server.server_address[1])
        # A short poll interval: close() (shutdown) waits for one, in every test's teardown.
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, name="fake-slack", daemon=True
        )
        self._thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/"

    @property
    def response_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/response"

    def close(self) -> None:
        self._released.set()
        self._server.shutdown()
        self._server.server_close()

    # ---- scripting and inspection ----

    def fail_first(
        self, method: str, status: int, *, times: int = 1, retry_after_s: int | None = None
    ) -> None:
        with self._lock:
            self._failures.setdefault(method, []).extend(
                _Failure(status, retry_after_s) for _ in range(times)
            )

    def hang(self, method: str, *, times: int) -> None:
        """The next `times` calls of `method` hang (Slack not answering) until release()."""
        with self._lock:
            self._hung[method] = self._hung.get(method, 0) + times
        self._released.clear()

    def drop_unanswered(self, method: str, *, times: int = 1) -> None:
        """The next `times` calls of `method` are read and not recorded, and their connection is closed
        without an answer (a server closing a kept-alive connection as a request comes in)."""
        with self._lock:
            self._unanswered[method] = self._unanswered.get(method, 0) + times

    def close_connections(self) -> None:
        """Close every open connection from this end (a server ending idle kept-alive connections)."""
        with self._lock:
            open_now = list(self._open)
        for sock in open_now:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def release(self) -> None:
        self._released.set()

    def hanging(self) -> int:
        """Calls that arrived and are being held by hang()."""
        with self._lock:
            return self._waiting

    def calls(self, method: str | None = None) -> list[Call]:
        with self._lock:
            return [c for c in self._calls if method is None or c.method == method]

    def messages(self) -> list[Call]:
        return [c for c in self.calls() if c.method in MESSAGE_METHODS]

    def shown(self) -> list[Shown]:
        """Every chat.postMessage that landed, in order, as it reads after the updates made to it."""
        out: dict[tuple[str, str], Shown] = {}
        for call in self.calls():
            key = (str(call.args.get("channel")), str(call.ts))
            if call.method == "chat.postMessage" and call.ts:
                out[key] = Shown(
                    channel=key[0],
                    ts=key[1],
                    thread_ts=call.args.get("thread_ts"),
                    text=str(call.args.get("text") or ""),
                    blocks=list(call.args.get("blocks") or []),
                    posted_text=str(call.args.get("text") or ""),
                    updates=0,
                )
            elif call.method == "chat.update" and key in out:
                before = out[key]
                out[key] = Shown(
                    channel=before.channel,
                    ts=before.ts,
                    thread_ts=before.thread_ts,
                    text=str(call.args.get("text") or ""),
                    blocks=list(call.args.get("blocks") or []),
                    posted_text=before.posted_text,
                    updates=before.updates + 1,
                )
        return list(out.values())

    def wait_for_updated(self, count: int = 1, timeout_s: float = 15.0) -> list[Shown]:
        """Wait until `count` posted messages have been edited at least once; all shown messages."""
        self.wait_for(lambda: sum(1 for m in self.shown() if m.updates) >= count, timeout_s)
        return self.shown()

    def wait_for(self, predicate: Callable[[], bool], timeout_s: float = 15.0) -> bool:
        """Poll until predicate() holds or the (generous) deadline passes."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if predicate():
                return True
            time.sleep(0.02)
        return predicate()

    def wait_for_calls(self, method: str, count: int = 1, timeout_s: float = 15.0) -> list[Call]:
        self.wait_for(lambda: len(self.calls(method)) >= count, timeout_s)
        return self.calls(method)

    # ---- serving ----

    def _next_ts(self) -> str:
        with self._lock:
            self._ts_counter += 1
            return f"1800000000.{self._ts_counter:06d}"

    def _answer(self, method: str, args: dict[str, Any]) -> dict[str, Any]:
        ok: dict[str, Any] = {"ok": True}
        if method == "auth.test":
            return ok | {
                "url": "https://fake.slack.test/",
                "team": "Fake Team",
                "user": "gpu-advisor",
                "team_id": self.team_id,
                "user_id": self.bot_user_id,
                "bot_id": "BBOT",
            }
        if method in ("chat.postMessage", "chat.postEphemeral", "chat.update"):
            ts = args.get("ts") or self._next_ts()
            key = "message_ts" if method == "chat.postEphemeral" else "ts"
            return ok | {"channel": args.get("channel"), key: ts, "message": {"text": args.get("text", "")}}
        if method in ("views.open", "views.publish", "views.update"):
            view = args.get("view")
            view = json.loads(view) if isinstance(view, str) else (view or {})
            return ok | {"view": view | {"id": "V1"}}
        if method == "files.getUploadURLExternal":
            return ok | {"upload_url": f"http://127.0.0.1:{self.port}/upload/F1", "file_id": "F1"}
        if method == "files.completeUploadExternal":
            return ok | {"files": [{"id": "F1", "title": "chart"}]}
        if method == "files.info":
            return ok | {"file": {"id": "F1"}}
        if method == "users.info":
            user = args.get("user", "U1")
            return ok | {"user": {"id": user, "locale": self.user_locale, "is_bot": False}}
        return ok

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1" if fake.keep_alive else "HTTP/1.0"
            # The status and headers, then the body, are two writes: without TCP_NODELAY a kept-alive
            # connection holds the body back until the client's delayed ACK (~40 ms), as Slack's does not.
            disable_nagle_algorithm = True

            def log_message(self, format: str, *args: Any) -> None:
                pass

            def setup(self) -> None:
                super().setup()
                with fake._lock:
                    fake.connections += 1
                    fake._open.add(self.connection)

            def finish(self) -> None:
                with fake._lock:
                    fake._open.discard(self.connection)
                super().finish()

            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                path = self.path.split("?")[0].rstrip("/")
                if path.startswith("/upload"):
                    method, args = "upload", {}
                else:
                    method = "response" if path == "/response" else path.rsplit("/", 1)[-1]
                    args = _parse_args(raw, self.headers.get("Content-Type") or "")
                headers = dict(self.headers.items())
                with fake._lock:
                    unanswered = fake._unanswered.get(method, 0) > 0
                    if unanswered:
                        fake._unanswered[method] -= 1
                if unanswered:
                    self.close_connection = True
                    return
                with fake._lock:
                    hangs = fake._hung.get(method, 0) > 0
                    if hangs:
                        fake._hung[method] -= 1
                        fake._waiting += 1
                if hangs:
                    fake._released.wait(30)
                    with fake._lock:
                        fake._waiting -= 1
                with fake._lock:
                    queue = fake._failures.get(method)
                    failure = queue.pop(0) if queue else None
                    if failure is not None:
                        fake._calls.append(Call(method, args, len(raw), headers=headers))
                answer = None if failure or method in ("upload", "response") else fake._answer(method, args)
                if failure is None:
                    with fake._lock:
                        fake._calls.append(
                            Call(method, args, len(raw), (answer or {}).get("ts"), headers=headers)
                        )
                if failure is not None:
                    self.send_response(failure.status)
                    if failure.retry_after_s is not None:
                        self.send_header("Retry-After", str(failure.retry_after_s))
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                body = b"ok" if answer is None else json.dumps(answer).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            do_PUT = do_POST

        return Handler


def _parse_args(raw: bytes, content_type: str) -> dict[str, Any]:
    text = raw.decode("utf-8", "replace")
    if "json" in content_type:
        try:
            parsed = json.loads(text or "{}")
        except ValueError:
            return {"_unparsed": text}
        return parsed if isinstance(parsed, dict) else {"_unparsed": text}
    args: dict[str, Any] = {k: v[0] for k, v in urllib.parse.parse_qs(text).items()}
    for key in ("blocks", "view"):
        if isinstance(args.get(key), str) and args[key][:1] in "[{":
            args[key] = json.loads(args[key])
    return args
