"""Slack's HTTP endpoint: POST /slack/events (events, slash commands, interactivity) in HTTP mode,
in front of the operations probes (bot.ops.http) on the same port.

Hostile traffic is rejected before it costs anything: a body over MAX_BODY_BYTES gets 413 before
it is decoded or logged (bot.ops.http.MAX_BUFFERED_BODY_BYTES says what waitress does first), the
signature is checked on the raw bytes before anything is decoded or parsed (401, logged as one short
line without the body), undecodable or unparsable signed input gets 400, and a signed payload of
the wrong shape is acknowledged quietly (bot.slack.payloads). Only what passes reaches Bolt.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import time
from collections.abc import Callable, Iterable, Sequence
from http import HTTPStatus
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qsl

from slack_bolt import App, BoltRequest, BoltResponse

from bot.ops.http import Probes, plain
from bot.ops.metrics import Metrics
from bot.ports import StoreLike
from bot.slack import payloads

if TYPE_CHECKING:
    from wsgiref.types import StartResponse, WSGIEnvironment

log = logging.getLogger(__name__)

SLACK_PATH = "/slack/events"
# Slack's payloads are small (a message is at most 40,000 characters; a block_actions payload
# carries one message of at most 50 blocks); 1 MiB leaves room and refuses anything bigger unread.
MAX_BODY_BYTES = 1024 * 1024
# Slack signs with the request time; older requests are replays
# (api.slack.com/authentication/verifying-requests-from-slack).
MAX_SIGNATURE_AGE_S = 5 * 60


class Router:
    """WSGI app for HTTP mode: POST /slack/events to Bolt, everything else to the probes."""

    def __init__(
        self,
        app: App,
        store: StoreLike,
        metrics: Metrics,
        *,
        signing_secret: str,
        max_body_bytes: int = MAX_BODY_BYTES,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.app = app
        self.probes = Probes(store, metrics)
        self.metrics = metrics
        self.secret = signing_secret.encode()
        self.max_body_bytes = max_body_bytes
        self.clock = clock

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        if (environ.get("PATH_INFO") or "/") != SLACK_PATH:
            return self.probes(environ, start_response)
        if environ.get("REQUEST_METHOD", "GET") != "POST":
            return plain(start_response, "405 Method Not Allowed", b"POST only\n")
        try:
            length = int(environ.get("CONTENT_LENGTH") or 0)
        except ValueError:
            return self._refuse(start_response, 400, "a bad Content-Length")
        if length > self.max_body_bytes or length < 0:
            return self._refuse(start_response, 413, f"a {length}-byte body")
        raw: bytes = environ["wsgi.input"].read(length) if length else b""
        timestamp = environ.get("HTTP_X_SLACK_REQUEST_TIMESTAMP")
        if not self.signed(timestamp, environ.get("HTTP_X_SLACK_SIGNATURE"), raw):
            return self._refuse(start_response, 401, f"a bad signature on {len(raw)} bytes")
        try:
            text = raw.decode("utf-8")
            body = parse_body(text, environ.get("CONTENT_TYPE") or "")
        except ValueError:
            return self._refuse(start_response, 400, "a signed body that does not parse")
        why = payloads.problem(body)
        if why is not None:
            self.metrics.errors.labels(kind="malformed_payload").inc()
            log.info("acknowledged a malformed signed request: %s", why)
            return plain(start_response, "200 OK", b"")
        response = self.app.dispatch(
            BoltRequest(body=text, query=environ.get("QUERY_STRING") or "", headers=headers_of(environ))
        )
        return respond(start_response, response)

    def signed(self, timestamp: str | None, signature: str | None, raw: bytes) -> bool:
        """Slack's v0 signature over the raw bytes, within MAX_SIGNATURE_AGE_S (nothing decoded first)."""
        if not timestamp or not signature or not timestamp.isascii() or not timestamp.isdigit():
            return False
        if abs(self.clock() - int(timestamp)) > MAX_SIGNATURE_AGE_S:
            return False
        base = b"v0:" + timestamp.encode() + b":" + raw
        expected = "v0=" + hmac.new(self.secret, base, hashlib.sha256).hexdigest()
        return hmac.compare_digest(expected.encode(), signature.encode("utf-8", "replace"))

    def _refuse(self, start_response: StartResponse, status: int, what: str) -> list[bytes]:
        """One short line per refused request: never the body, which may be huge or hold user text."""
        self.metrics.errors.labels(kind=f"http_{status}").inc()
        log.info("refused %s (%d)", what, status)
        phrase = HTTPStatus(status).phrase
        return plain(start_response, f"{status} {phrase}", f"{phrase.lower()}\n".encode())


def parse_body(text: str, content_type: str) -> dict[str, Any]:
    """A Slack body as a dict: JSON events, form-encoded commands, `payload=` JSON interactivity."""
    if "json" in content_type or text.lstrip().startswith("{"):
        body = json.loads(text)
    else:
        form = dict(parse_qsl(text, keep_blank_values=True, strict_parsing=bool(text)))
        body = json.loads(form["payload"]) if "payload" in form else form
    if not isinstance(body, dict):
        raise ValueError("the body is not an object")
    return body


def headers_of(environ: WSGIEnvironment) -> dict[str, str | Sequence[str]]:
    headers: dict[str, str | Sequence[str]] = {
        key[5:].replace("_", "-").lower(): str(value)
        for key, value in environ.items()
        if key.startswith("HTTP_")
    }
    if environ.get("CONTENT_TYPE"):
        headers["content-type"] = str(environ["CONTENT_TYPE"])
    return headers


def respond(start_response: StartResponse, response: BoltResponse) -> list[bytes]:
    status = response.status
    if status == 404:
        status = 200  # signed and nothing handles it: acknowledged, so Slack does not retry
    body = (response.body or "").encode() if isinstance(response.body, str) else bytes(response.body or b"")
    headers = [
        (k, v) for k, values in response.headers.items() for v in values if k.lower() != "content-length"
    ]
    headers.append(("Content-Length", str(len(body))))
    start_response(f"{status} {HTTPStatus(status).phrase}", headers)
    return [body]
