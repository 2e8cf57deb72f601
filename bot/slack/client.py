"""The one Slack WebClient of the process, with retries and back-off that are counted in metrics.

Retried: 429 after its Retry-After when that is at most MAX_RETRY_AFTER_S (a longer wait is not
slept on a worker thread: the call fails, and the turn is shown again once its lease runs out);
500/503 for every method; 502/504 and read timeouts only for idempotent methods, where a repeat
cannot post a message twice (an edit, a view publish, a lookup); connection failures before the
request was sent.

Calls go over one kept-alive HTTP connection per thread (KeepAliveWebClient), instead of slack_sdk's
new connection (TCP and TLS handshakes, one to two extra round trips to Slack) for every call; each
answer is read by `exchange`, not by http.client (whose header parsing through the email package was
over a third of a call's CPU).
"""

from __future__ import annotations

import codecs
import http.client
import io
import logging
import select
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any
from urllib.error import HTTPError, URLError
from urllib.parse import urlsplit
from urllib.request import Request, getproxies

from slack_sdk import WebClient
from slack_sdk.http_retry.builtin_handlers import (
    ConnectionErrorRetryHandler,
    RateLimitErrorRetryHandler,
)
from slack_sdk.http_retry.handler import RetryHandler
from slack_sdk.http_retry.request import HttpRequest
from slack_sdk.http_retry.response import HttpResponse
from slack_sdk.http_retry.state import RetryState

from bot.config import Settings
from bot.ops.metrics import Metrics

# Attempts after the first: 429s honour Retry-After; 5xx and connection errors back off exponentially
# (slack_sdk BackoffRetryIntervalCalculator: 0.5 s, 1 s, 2 s ... with jitter).
RATE_LIMIT_RETRIES = 3
SERVER_ERROR_RETRIES = 2
CONNECTION_RETRIES = 2
TIMEOUT_RETRIES = 1
# Seconds per Web API call; Slack usually answers in well under a second.
API_TIMEOUT_S = 15
# The longest Retry-After slept on; Slack's per-method limits usually ask for 1-30 s.
MAX_RETRY_AFTER_S = 5
# Methods whose repeat changes nothing (docs.slack.dev/reference/methods): safe to retry after a
# 502/504 or a read timeout, when Slack may already have done the first attempt.
IDEMPOTENT_METHODS = frozenset(
    {"chat.update", "chat.delete", "views.publish", "views.update", "users.info", "auth.test", "files.info"}
)
# A kept-alive connection idle longer than this is closed and a new one opened: a NAT or load balancer
# may drop an idle connection without telling either end (AWS NAT gateways after 350 s), and a request
# sent into one would wait out API_TIMEOUT_S for nothing.
MAX_IDLE_S = 30.0
# An answer's status and header lines are refused beyond these (http.client's own limits).
MAX_LINE_BYTES = 65536
MAX_HEADERS = 100
# URLs whose parts KeepAliveWebClient remembers (the Web API's URLs are one per method).
MAX_TARGETS = 256
# The slack_sdk (3.x) method that sends one request and reads its answer, under its retry loop.
SEND_HOOK = "_perform_urllib_http_request_internal"
# Called once a request has been written to the connection, before its answer is read (the runner
# starts computing the answer as soon as the placeholder's post is out, not when Slack's reply to it
# is back). Only the kept-alive path calls it; a caller must not rely on it being called.
REQUEST_SENT: ContextVar[Callable[[], None] | None] = ContextVar("request_sent", default=None)


@contextmanager
def when_sent(callback: Callable[[], None] | None) -> Iterator[None]:
    """Calls made inside call `callback` once their request is written (REQUEST_SENT)."""
    token = REQUEST_SENT.set(callback)
    try:
        yield
    finally:
        REQUEST_SENT.reset(token)


def method_of(request: HttpRequest) -> str:
    return request.url.split("?")[0].rstrip("/").rsplit("/", 1)[-1]


def retry_after_s(response: HttpResponse) -> float | None:
    for name, values in response.headers.items():
        if name.lower() == "retry-after" and values:
            try:
                return float(values[0])
            except ValueError:
                return None
    return None


class CappedRateLimitRetryHandler(RateLimitErrorRetryHandler):
    """429: wait Retry-After and retry, unless Slack asks for more than MAX_RETRY_AFTER_S."""

    def _can_retry(
        self,
        *,
        state: RetryState,
        request: HttpRequest,
        response: HttpResponse | None = None,
        error: Exception | None = None,
    ) -> bool:
        if response is None or response.status_code != 429:
            return False
        wait_s = retry_after_s(response)
        return wait_s is None or wait_s <= MAX_RETRY_AFTER_S


class ServerErrorRetryHandler(RetryHandler):
    """5xx: 500/503 for every method (Slack did not do the call); 502/504, where a proxy gave up
    and Slack may have done it, only for IDEMPOTENT_METHODS. Backs off between attempts."""

    def _can_retry(
        self,
        *,
        state: RetryState,
        request: HttpRequest,
        response: HttpResponse | None = None,
        error: Exception | None = None,
    ) -> bool:
        if response is None:
            return False
        if response.status_code in (500, 503):
            return True
        return response.status_code in (502, 504) and method_of(request) in IDEMPOTENT_METHODS


class ReadTimeoutRetryHandler(RetryHandler):
    """A read timeout (the request went out, the answer did not come): retried for idempotent methods."""

    def _can_retry(
        self,
        *,
        state: RetryState,
        request: HttpRequest,
        response: HttpResponse | None = None,
        error: Exception | None = None,
    ) -> bool:
        timed_out = isinstance(error, TimeoutError) or (
            isinstance(error, URLError) and isinstance(error.reason, TimeoutError)
        )
        return timed_out and response is None and method_of(request) in IDEMPOTENT_METHODS


class CountingRetryHandler(RetryHandler):
    """Wraps a slack_sdk retry handler and counts each retry it decides to make."""

    def __init__(self, inner: RetryHandler, reason: str, metrics: Metrics) -> None:
        super().__init__(max_retry_count=inner.max_retry_count, interval_calculator=inner.interval_calculator)
        self.inner = inner
        self.reason = reason
        self.metrics = metrics

    def _can_retry(
        self,
        *,
        state: RetryState,
        request: HttpRequest,
        response: HttpResponse | None = None,
        error: Exception | None = None,
    ) -> bool:
        return self.inner._can_retry(state=state, request=request, response=response, error=error)

    def prepare_for_next_attempt(
        self,
        *,
        state: RetryState,
        request: HttpRequest,
        response: HttpResponse | None = None,
        error: Exception | None = None,
    ) -> None:
        self.metrics.slack_api_retries.labels(reason=self.reason).inc()
        self.inner.prepare_for_next_attempt(state=state, request=request, response=response, error=error)


class KeepAliveWebClient(WebClient):
    """slack_sdk's WebClient whose requests reuse one kept-alive connection per thread and server.

    Only the sending of one request is replaced (slack_sdk's SEND_HOOK, under its retry loop): the request
    slack_sdk built goes out as urllib would send it (same method, path and headers, less urllib's
    "Connection: close"; see `exchange`), and the answer comes back in slack_sdk's form (its headers as
    the plain dict slack_sdk makes of them), a non-2xx status as urllib's HTTPError, so the retry handlers
    above see what they see on the stock path: a failure to connect or send as URLError, a failure to read
    the answer (a read timeout, a dropped connection) as it is (a redirect, which the Web API does not
    send, is an HTTPError too: urllib would follow it as a GET without the body). A proxy (given, or one
    urllib would use: the environment's, the system's), a URL that is not plain http(s)://host, or a
    slack_sdk without the hook (build_client) takes the stock path.

    A kept connection is reused only while the server has not closed it (no EOF waiting on it) and it
    has been idle under MAX_IDLE_S. If a reused connection still turns out closed (the server closed it
    as the request went out: a reset or no answer at all), the request is sent once more at once on a
    new connection, as slack_sdk's ConnectionErrorRetryHandler would after its back-off. A server that
    closes every connection (HTTP/1.0) simply gets a new one each time.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._local = threading.local()
        self._urllib_proxies = bool({"http", "https"} & set(getproxies()))
        # URL -> ((scheme, host:port), path), or None for the stock path; one per Web API method.
        self._targets: dict[str, tuple[tuple[str, str], str] | None] = {}

    def _perform_urllib_http_request_internal(self, url: str, req: Request) -> dict[str, Any]:
        target = self._targets.get(url) or self._target(url)
        data = req.data
        if target is None or self.proxy is not None or not isinstance(data, bytes | None):
            return super()._perform_urllib_http_request_internal(url, req)
        key, path = target
        body = data or b""
        # As urllib sends them (AbstractHTTPHandler.do_open), less its "Connection: close".
        headers = {name.title(): value for name, value in req.header_items()}
        conn, reused = self._connection(key)
        try:
            answer = exchange(conn, req.get_method(), path, body, headers)
        except (ConnectionResetError, BrokenPipeError, URLError) as err:
            reason = err.reason if isinstance(err, URLError) else err
            if not reused or not isinstance(reason, (ConnectionResetError, BrokenPipeError)):
                raise
            conn, _ = self._connection(key)  # the closed one was dropped: a new one
            answer = exchange(conn, req.get_method(), path, body, headers)
        self._local.used_s[key] = time.monotonic()
        if not 200 <= answer.status < 300:
            # urllib raises these (HTTPErrorProcessor); slack_sdk reads the status, headers and body.
            raise HTTPError(
                req.full_url, answer.status, answer.reason, answer.message(), io.BytesIO(answer.body)
            )
        # A plain dict of the headers: what slack_sdk makes of urllib's (dict(...), .items()) anyway.
        fields = answer.fields()
        content_type, charset = content_type_of(fields)
        if content_type == "application/gzip":
            return {"status": answer.status, "headers": fields, "body": answer.body}
        return {"status": answer.status, "headers": fields, "body": answer.body.decode(charset or "utf-8")}

    def _target(self, url: str) -> tuple[tuple[str, str], str] | None:
        parts = urlsplit(url)
        scheme = parts.scheme.lower()
        target = None
        if (
            not self._urllib_proxies
            and scheme in ("http", "https")
            and parts.hostname
            and "@" not in parts.netloc
        ):
            path = parts.path or "/"
            if parts.query:
                path += "?" + parts.query
            target = ((scheme, parts.netloc), path)
        if len(self._targets) < MAX_TARGETS:
            self._targets[url] = target
        return target

    def _connection(self, key: tuple[str, str]) -> tuple[http.client.HTTPConnection, bool]:
        """This thread's connection for (scheme, netloc), and whether it is open from an earlier call."""
        local = self._local
        if not hasattr(local, "conns"):
            local.conns, local.used_s = {}, {}
        conn: http.client.HTTPConnection | None = local.conns.get(key)
        if conn is None:
            scheme, netloc = key
            if scheme == "https":
                conn = http.client.HTTPSConnection(netloc, timeout=self.timeout, context=self.ssl)
            else:
                conn = http.client.HTTPConnection(netloc, timeout=self.timeout)
            local.conns[key] = conn
        sock = conn.sock
        if sock is not None and (
            time.monotonic() - local.used_s.get(key, 0.0) > MAX_IDLE_S
            or readable(sock)  # EOF (or stray bytes) waiting: closed by the server
        ):
            conn.close()  # the request opens a new one
        return conn, conn.sock is not None


@dataclass
class Answer:
    """One HTTP response as read by `exchange`: status line, header fields in order, the whole body."""

    status: int
    reason: str
    raw_fields: list[tuple[str, str]]
    body: bytes

    def fields(self) -> dict[str, str]:
        """Name -> value as sent (the first of a repeated name, as dict() of urllib's headers keeps)."""
        out: dict[str, str] = {}
        for name, value in self.raw_fields:
            out.setdefault(name, value)
        return out

    def message(self) -> http.client.HTTPMessage:
        """The headers as urllib's HTTPError carries them (read by slack_sdk on the error path only)."""
        message = http.client.HTTPMessage()
        for name, value in self.raw_fields:
            message[name] = value
        return message


def exchange(
    conn: http.client.HTTPConnection, method: str, path: str, body: bytes, headers: dict[str, str]
) -> Answer:
    """One request and its answer over `conn` (HTTP/1.1, kept alive unless the server closes it).

    http.client opens the connection (TCP, TLS with the server's name); the request goes as http.client
    would write it (Host, Accept-Encoding: identity, Content-Length, then the given headers, and the body
    in the same write), and the answer is read here: status line, header fields, a body by Content-Length,
    chunked, or up to the end of the connection. What http.client does beyond that (parsing the header
    fields through the email package) is not needed for the Web API's JSON answers (callgrind, a whole
    chat.postMessage api_call on loopback over a new connection: 788 k instructions with http.client's
    answer, 452 k with this one). Failures read as they read on http.client: a failure to connect or send
    as URLError, a connection closed before the answer as RemoteDisconnected (a ConnectionResetError), a
    short body as IncompleteRead, a timeout as TimeoutError."""
    try:
        try:
            if conn.sock is None:
                conn.connect()
            conn.sock.sendall(request_bytes(conn, method, path, body, headers))
        except OSError as err:  # could not connect or send: as urllib reports it
            raise URLError(err) from err
        sent = REQUEST_SENT.get()
        if sent is not None:
            sent()
        reader = conn.sock.makefile("rb")
        try:
            answer, keep = read_answer(reader, method)
        finally:
            reader.close()
        if not keep:
            conn.close()
        return answer
    except BaseException:
        conn.close()  # the next request starts on a new connection
        raise


def request_bytes(
    conn: http.client.HTTPConnection, method: str, path: str, body: bytes, headers: dict[str, str]
) -> bytes:
    """The request as http.client writes it for `conn.request(method, path, body, headers)`."""
    host = conn.host if conn.host.isascii() else conn.host.encode("idna").decode("ascii")
    if ":" in host:
        host = f"[{host}]"  # an IPv6 address
    if conn.port != conn.default_port:
        host = f"{host}:{conn.port}"
    given = {name.lower() for name in headers}
    lines = [f"{method} {path} HTTP/1.1"]
    if "host" not in given:
        lines.append(f"Host: {host}")
    if "accept-encoding" not in given:
        lines.append("Accept-Encoding: identity")
    if "content-length" not in given and "transfer-encoding" not in given:
        lines.append(f"Content-Length: {len(body)}")
    for name, value in headers.items():
        value = str(value)
        if "\r" in value or "\n" in value or not name.isascii() or ":" in name:
            raise ValueError(f"Invalid header {name!r}")  # as http.client refuses it
        lines.append(f"{name}: {value}")
    lines.append("\r\n")
    return "\r\n".join(lines).encode("latin-1") + body


def read_answer(reader: Any, method: str) -> tuple[Answer, bool]:
    """An HTTP/1.x answer from `reader`, and whether the connection may carry another request."""
    while True:
        version, status, reason = _status_line(reader)
        fields = _fields(reader)
        if not 100 <= status < 200:
            break  # an interim answer (100 Continue) is followed by the real one
    named: dict[str, str] = {}
    for name, value in fields:
        named.setdefault(name.lower(), value.lower())
    tokens = {token.strip() for token in named.get("connection", "").split(",")}
    keep = "close" not in tokens and (version != "HTTP/1.0" or "keep-alive" in tokens)
    if status in (204, 304) or method == "HEAD":
        body = b""
    elif "chunked" in named.get("transfer-encoding", ""):
        body = _chunked(reader)
    elif "content-length" in named:
        try:
            length = int(named["content-length"])
        except ValueError:
            raise http.client.HTTPException(f"bad Content-Length {named['content-length']!r}") from None
        body = reader.read(length)
        if len(body) < length:
            raise http.client.IncompleteRead(body, length - len(body))
    else:
        body, keep = reader.read(), False  # up to the end of the connection
    return Answer(status, reason, fields, body), keep


def _line(reader: Any, what: str) -> bytes:
    line: bytes = reader.readline(MAX_LINE_BYTES + 1)
    if len(line) > MAX_LINE_BYTES:
        raise http.client.LineTooLong(what)
    return line


def _status_line(reader: Any) -> tuple[str, int, str]:
    line = _line(reader, "status line")
    if not line:
        raise http.client.RemoteDisconnected("Remote end closed connection without response")
    version, _, rest = line.decode("iso-8859-1").rstrip("\r\n").partition(" ")
    code, _, reason = rest.partition(" ")
    if not version.startswith("HTTP/") or len(code) != 3 or not code.isdigit():
        raise http.client.BadStatusLine(repr(line))
    return version, int(code), reason.strip()


def _fields(reader: Any) -> list[tuple[str, str]]:
    fields: list[tuple[str, str]] = []
    while True:
        line = _line(reader, "header line")
        if line in (b"\r\n", b"\n", b""):
            return fields
        if len(fields) >= MAX_HEADERS:
            raise http.client.HTTPException(f"got more than {MAX_HEADERS} headers")
        text = line.decode("iso-8859-1")
        if text[:1] in (" ", "\t") and fields:  # a folded line continues the field before it
            name, value = fields[-1]
            fields[-1] = (name, f"{value} {text.strip()}")
            continue
        name, _, value = text.partition(":")
        fields.append((name.strip(), value.strip()))


def _chunked(reader: Any) -> bytes:
    parts: list[bytes] = []
    while True:
        line = _line(reader, "chunk size")
        try:
            size = int(line.split(b";", 1)[0], 16)
        except ValueError:
            raise http.client.IncompleteRead(b"".join(parts)) from None
        if size == 0:
            while _line(reader, "trailer line") not in (b"\r\n", b"\n", b""):
                pass
            return b"".join(parts)
        chunk = reader.read(size)
        if len(chunk) < size or reader.read(2) != b"\r\n":
            raise http.client.IncompleteRead(b"".join(parts) + chunk)
        parts.append(chunk)


def content_type_of(fields: dict[str, str]) -> tuple[str, str | None]:
    """The media type and charset of a Content-Type field, as email's get_content_type() and
    get_content_charset() read them for a simple value (text/plain and None when absent)."""
    value = next((v for name, v in fields.items() if name.lower() == "content-type"), "")
    kind, *params = value.split(";")
    kind = kind.strip().lower()
    charset = None
    for param in params:
        name, _, given = param.partition("=")
        if name.strip().lower() == "charset":
            charset = given.strip().strip('"').lower() or None
    if charset is not None:
        try:
            codecs.lookup(charset)
        except LookupError:
            charset = None
    return (kind if kind.count("/") == 1 else "text/plain"), charset


def readable(sock: Any) -> bool:
    """Whether something (an EOF too) waits to be read on an idle socket, without waiting. poll, not
    select: a busy server's descriptors pass select's limit of 1024."""
    if hasattr(select, "poll"):
        poller = select.poll()
        poller.register(sock, select.POLLIN)
        return bool(poller.poll(0))
    return bool(select.select([sock], [], [], 0)[0])


def sdk_logger() -> logging.Logger:
    """The WebClient's logger at the level configured for the process (bot.ops.logs), as Bolt sets its own.

    slack_sdk formats its debug lines (every request and response, bodies included) whenever its
    logger's *own* level is NOTSET, the default, however the handlers would filter them: ~0.2 ms of
    CPU per call. With the configured level set on it, they are built only when they are kept."""
    logger = logging.getLogger("slack_sdk.web.base_client")
    logger.setLevel(logging.getLogger().getEffectiveLevel())
    return logger


def build_client(settings: Settings, metrics: Metrics, *, timeout_s: float = API_TIMEOUT_S) -> WebClient:
    token = settings.slack_bot_token.get_secret_value() if settings.slack_bot_token else None
    handlers: list[RetryHandler] = [
        CountingRetryHandler(
            CappedRateLimitRetryHandler(max_retry_count=RATE_LIMIT_RETRIES), "rate_limited", metrics
        ),
        CountingRetryHandler(
            ServerErrorRetryHandler(max_retry_count=SERVER_ERROR_RETRIES), "server_error", metrics
        ),
        CountingRetryHandler(ReadTimeoutRetryHandler(max_retry_count=TIMEOUT_RETRIES), "timeout", metrics),
        CountingRetryHandler(
            ConnectionErrorRetryHandler(max_retry_count=CONNECTION_RETRIES), "connection_error", metrics
        ),
    ]
    if settings.slack_api_url:
        # slack_sdk joins base_url + method name, so the URL must end with a slash.
        base_url = settings.slack_api_url.rstrip("/") + "/"
    else:
        base_url = WebClient.BASE_URL
    # The stock client if a future slack_sdk drops the hook KeepAliveWebClient replaces.
    kind = KeepAliveWebClient if callable(getattr(WebClient, SEND_HOOK, None)) else WebClient
    return kind(
        token=token, base_url=base_url, timeout=int(timeout_s), retry_handlers=handlers, logger=sdk_logger()
    )
